/** The form that publishes an open challenge: game, board, clock, one game or a set of two, colour. */
import { useState } from 'preact/hooks';
import {
  CORRESPONDENCE_DAYS,
  LIVE_INCREMENTS,
  LIVE_MINUTES,
  type ChallengeClock,
  type ChallengeTerms,
  type Seat,
} from '../../net/challenge-terms';
import { GameAndBoardFields, RELAY_GAME_VARIANTS } from '../play/RulesFields';
import { colourName } from '../words/game-words';
import * as m from '../words/paraglide/messages.js';
import { DEFAULT_TERMS } from './people-model';

const SEAT_WORDS: readonly [Seat, () => string][] = [
  ['black', () => colourName(1)],
  ['white', () => colourName(2)],
  ['random', m.people_colour_random],
];

function Choices<T extends string | number>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly (readonly [T, () => string])[];
  onChange: (v: T) => void;
}) {
  return (
    <fieldset class="people-choices">
      <legend>{legend}</legend>
      <div class="choices">
        {options.map(([option, label]) => (
          <label key={option}>
            <input type="radio" name={name} checked={value === option} onChange={() => onChange(option)} />
            {label()}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function NumberSelect<T extends number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (v: T) => void;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(Number(e.currentTarget.value) as T)}>
        {options.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ChallengeForm({ onPublish }: { onPublish: (terms: ChallengeTerms) => void }) {
  const [terms, setTerms] = useState<ChallengeTerms>(DEFAULT_TERMS);
  const set = (patch: Partial<ChallengeTerms>) => setTerms((t) => ({ ...t, ...patch }));
  const setClock = (clock: ChallengeClock) => set({ clock });
  const { clock } = terms;
  return (
    <form
      class="challenge-form"
      onSubmit={(e) => {
        e.preventDefault();
        onPublish(terms);
      }}
    >
      <div class="people-fields">
        <GameAndBoardFields
          variant={terms.variant}
          size={terms.size}
          setVariant={(variant) => set({ variant })}
          setSize={(size) => set({ size })}
          variants={RELAY_GAME_VARIANTS}
        />
      </div>
      <Choices
        legend={m.people_clock_legend()}
        name="clock"
        value={clock.kind}
        options={[
          ['live', m.people_clock_live],
          ['correspondence', m.people_clock_correspondence],
        ]}
        onChange={(kind) =>
          setClock(kind === 'live' ? DEFAULT_TERMS.clock : { kind: 'correspondence', daysPerMove: 3 })
        }
      />
      <div class="people-fields">
        {clock.kind === 'live' ? (
          <>
            <NumberSelect
              label={m.people_minutes()}
              value={clock.minutes}
              options={LIVE_MINUTES}
              onChange={(minutes) => setClock({ ...clock, minutes })}
            />
            <NumberSelect
              label={m.people_increment()}
              value={clock.incrementSeconds}
              options={LIVE_INCREMENTS}
              onChange={(incrementSeconds) => setClock({ ...clock, incrementSeconds })}
            />
          </>
        ) : (
          <NumberSelect
            label={m.people_days()}
            value={clock.daysPerMove}
            options={CORRESPONDENCE_DAYS}
            onChange={(daysPerMove) => setClock({ kind: 'correspondence', daysPerMove })}
          />
        )}
      </div>
      <Choices
        legend={m.people_games_legend()}
        name="games"
        value={terms.games}
        options={[
          [1, m.people_games_one],
          [2, m.people_games_two],
        ]}
        onChange={(games) => set({ games, seat: games === 2 ? 'random' : terms.seat })}
      />
      {terms.games === 1 && (
        <Choices
          legend={m.people_colour_legend()}
          name="seat"
          value={terms.seat}
          options={SEAT_WORDS}
          onChange={(seat) => set({ seat })}
        />
      )}
      <button type="submit" class="primary">
        {m.people_publish()}
      </button>
    </form>
  );
}
