import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { type BoardSize, LEVELS, LEVEL_BANDS, type VariantId, bandOf } from '../../core';
import { type StoredPlayer, type TimeControl, strengthOf } from '../../storage';
import { RulesFields } from './RulesFields';
import { ScreenHeader } from '../shell/ScreenHeader';
import { players, settings } from '../shell/app-state';
import { startGame } from './live-session';
import { BAND_NAMES, levelPlace, levelPlays, ratingInWords } from '../players/level-words';
import { colourName } from '../words/game-words';
import { locale } from '../words/locale';
import * as m from '../words/paraglide/messages.js';
import './play.css';

/**
 * A second person for pass-and-play, always offered even if only one human is stored; named in the
 * current language (the name a game started now keeps).
 */
const guest = (): StoredPlayer => ({ id: 'guest', kind: 'human', name: m.play_guest() });

const TIME_CONTROLS: readonly { label: () => string; value: TimeControl | null }[] = [
  { label: m.play_clock_none, value: null },
  { label: m.play_clock_5, value: { initialMs: 5 * 60_000, incrementMs: 0 } },
  { label: m.play_clock_10_5, value: { initialMs: 10 * 60_000, incrementMs: 5_000 } },
  { label: m.play_clock_20_10, value: { initialMs: 20 * 60_000, incrementMs: 10_000 } },
];

/** A band's name in a computer's optgroup: lower case in English ("Computer: just learning"), as written elsewhere. */
const bandLabel = (name: string): string => (locale.value === 'en' ? name.toLowerCase() : name);

/**
 * A computer player in words, under its select: where it sits on the scale and what its rating means,
 * then how it plays. Custom settings are placed by the nearest level and not rated. Nothing for a person.
 */
function levelNote(p: StoredPlayer): readonly [string, string] | null {
  if (p.kind !== 'computer') return null;
  const { index, exact } = strengthOf(p);
  const level = LEVELS[index]!;
  const plays = levelPlays(level);
  if (!exact) return [m.play_level_custom({ level: level.name }), plays];
  return [m.play_level_note({ place: levelPlace(level), rating: ratingInWords(level) }), plays];
}

/** A player's select with the computer's level in words under it (a description, not part of the label). */
function PlayerSelect(props: {
  label: string;
  id: string;
  player: StoredPlayer;
  onChange: (e: Event) => void;
  options: ComponentChildren;
}) {
  const note = levelNote(props.player);
  return (
    <label class="player-select">
      {props.label}
      <select
        value={props.player.id}
        onChange={props.onChange}
        aria-describedby={note ? `${props.id}-rating` : undefined}
      >
        {props.options}
      </select>
      {note && (
        <small id={`${props.id}-rating`} class="rating-note" aria-hidden="true">
          <span>{note[0]}</span> <span>{note[1]}</span>
        </small>
      )}
    </label>
  );
}

/** The computer players by band of the scale, weakest first (custom ones by their nearest level). */
function computersByBand(everyone: readonly StoredPlayer[]) {
  const computers = everyone
    .filter((p) => p.kind === 'computer')
    .map((p) => ({ p, index: strengthOf(p).index }))
    .sort((a, b) => a.index - b.index);
  return LEVEL_BANDS.map((band) => ({
    band,
    players: computers.filter((c) => bandOf(LEVELS[c.index]!) === band).map((c) => c.p),
  })).filter((b) => b.players.length > 0);
}

/**
 * The new-game screen; with `demo`, the computer-against-computer demo: only computer players, no clock,
 * and the game is not kept unless the player asks.
 */
export function NewGame({ demo = false }: { demo?: boolean }) {
  const defaults = settings.value.newGame;
  const guestPlayer = guest();
  const everyone = demo ? players.value.filter((p) => p.kind === 'computer') : [...players.value, guestPlayer];
  const byId = (id: string | null, fallback: StoredPlayer) => everyone.find((p) => p.id === id) ?? fallback;
  const [p1, setP1] = useState(() =>
    demo ? byId('advanced', everyone[0] ?? guestPlayer) : byId(defaults.players[0], everyone[0]!),
  );
  const [p2, setP2] = useState(() =>
    demo ? byId('intermediate', everyone.at(-1) ?? guestPlayer) : byId(defaults.players[1], guestPlayer),
  );
  const [variant, setVariant] = useState<VariantId>(defaults.variant);
  const [size, setSize] = useState<BoardSize>(defaults.size);
  const [tournamentRule, setTournamentRule] = useState(defaults.tournamentRule);
  const [clock, setClock] = useState(() =>
    Math.max(
      0,
      TIME_CONTROLS.findIndex((t) => JSON.stringify(t.value) === JSON.stringify(defaults.timeControl)),
    ),
  );

  const choose = (set: (p: StoredPlayer) => void) => (e: Event) =>
    set(byId((e.currentTarget as HTMLSelectElement).value, guestPlayer));
  const playerOptions = (
    <>
      {!demo && (
        <optgroup label={m.play_people()}>
          {everyone
            .filter((p) => p.kind === 'human')
            .map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
        </optgroup>
      )}
      {computersByBand(everyone).map(({ band, players: inBand }) => (
        <optgroup key={band} label={m.play_computer_band({ band: bandLabel(BAND_NAMES[band]()) })}>
          {inBand.map((p) => (
            <option key={p.id} value={p.id}>
              {m.play_computer_option({ name: p.name })}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );

  const start = (e: Event) => {
    e.preventDefault();
    const timeControl = demo ? null : TIME_CONTROLS[clock]!.value;
    startGame({ player1: p1, player2: p2, variant, size, tournamentRule, timeControl, demo });
  };

  return (
    <main class="form-screen">
      <ScreenHeader title={demo ? m.play_demo_title() : m.play_new_game()} />
      {/* One screen at 360×640, Start included: the swap beside the two players, Game and Board side by side. */}
      <form class="new-game-form" onSubmit={start}>
        <PlayerSelect
          label={m.play_black_first()}
          id="black"
          player={p1}
          onChange={choose(setP1)}
          options={playerOptions}
        />
        <PlayerSelect label={colourName(2)} id="white" player={p2} onChange={choose(setP2)} options={playerOptions} />
        <button
          type="button"
          class="swap-colours"
          aria-label={m.play_swap_colours()}
          title={m.play_swap_colours()}
          onClick={() => {
            setP1(p2);
            setP2(p1);
          }}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M8 4v15M4 8l4-4 4 4M16 20V5M12 16l4 4 4-4" />
          </svg>
        </button>
        <RulesFields
          variant={variant}
          size={size}
          tournamentRule={tournamentRule}
          setVariant={setVariant}
          setSize={setSize}
          setTournamentRule={setTournamentRule}
        />
        {!demo && (
          <label>
            {m.play_clock()}
            <select value={clock} onChange={(e) => setClock(Number(e.currentTarget.value))}>
              {TIME_CONTROLS.map((t, i) => (
                <option key={i} value={i}>
                  {t.label()}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="submit" class="primary">
          {demo ? m.play_watch() : m.play_start()}
        </button>
      </form>
    </main>
  );
}
