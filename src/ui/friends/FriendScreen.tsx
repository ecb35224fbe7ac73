/**
 * "Play a friend": a correspondence game by links. Choose the rules, your name (remembered) and your
 * colour, then Invite: the game is stored on this device and its first link goes out through the send
 * sheet — at once when the friend moves first, else with the player's first move. The friend's device stores its own copy when the link is opened.
 */
import { useState } from 'preact/hooks';
import { type BoardSize, type VariantId } from '../../core';
import {
  type InviteColour,
  NAME_FIELD_LENGTH,
  newFriendGame,
  newFriendGameId,
  nameProblem,
  saveGame,
} from '../../storage';
import './friends.css';
import { LINKED_GAME_VARIANTS, RulesFields } from '../play/RulesFields';
import { FriendClockFields, friendClockOf } from './FriendClockFields';
import { ScreenHeader } from '../shell/ScreenHeader';
import { db, refreshResumable, settings, updateSettings } from '../shell/app-state';
import { sendSheetFor } from './links';
import { prepareLinkSecurity } from './link-signer';
import { openGame } from '../play/live-session';
import { gameSaved } from '../online/live/live-hooks';
import { colourName } from '../words/game-words';
import * as m from '../words/paraglide/messages.js';
import { storageErrorText } from '../words/storage-words';

const COLOURS: readonly [InviteColour, () => string][] = [
  ['black', m.friends_colour_black],
  ['white', () => colourName(2)],
  ['random', m.friends_colour_random],
];

export function Friend() {
  const defaults = settings.value.friendInvite;
  const [name, setName] = useState(defaults.name);
  const [variant, setVariant] = useState<VariantId>(
    LINKED_GAME_VARIANTS.includes(defaults.variant) ? defaults.variant : 'pente',
  );
  const [size, setSize] = useState<BoardSize>(defaults.size);
  const [tournamentRule, setTournamentRule] = useState(defaults.tournamentRule);
  const [colour, setColour] = useState<InviteColour>(defaults.colour);
  // Untimed by default: a chess clock is chosen for each invitation, not remembered.
  const [clockMinutes, setClockMinutes] = useState<Parameters<typeof friendClockOf>[0]>(0);
  const [clockIncrement, setClockIncrement] = useState<Parameters<typeof friendClockOf>[1]>(0);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const invite = async (e: Event) => {
    e.preventDefault();
    const myName = name.trim();
    const why = nameProblem(myName);
    if (why) return setProblem(m.friends_name_problem({ problem: why }));
    const d = db.value;
    if (!d) return setProblem(m.friends_no_storage());
    setBusy(true);
    setProblem('');
    const mySide =
      colour === 'black' ? 1 : colour === 'white' ? 2 : crypto.getRandomValues(new Uint8Array(1))[0]! < 128 ? 1 : 2;
    const clock = friendClockOf(clockMinutes, clockIncrement);
    const gameId = newFriendGameId();
    const record = newFriendGame({ variant, size, tournamentRule, gameId, mySide, myName, clock });
    // The invitation is signed by this device's key (made now, the first time), carried with it.
    const [saved] = await Promise.all([saveGame(d, record, 0), prepareLinkSecurity()]);
    setBusy(false);
    if (!saved.ok) return setProblem(m.friends_not_saved({ reason: storageErrorText(saved.error) }));
    void updateSettings({ friendInvite: { name: myName, variant, size, tournamentRule, colour } });
    void refreshResumable();
    // The relay controller listens for the friend's acceptance from now (started now if it was not yet).
    gameSaved(saved.value);
    // Playing White, the invitation goes now; playing Black, the first move goes with it (one link, not two).
    if (mySide === 2) sendSheetFor.value = saved.value.id;
    await openGame(saved.value);
  };

  return (
    <main class="form-screen">
      <ScreenHeader title={m.friends_title()} />
      <form onSubmit={(e) => void invite(e)}>
        <p class="friend-note">{m.friends_intro()}</p>
        <label>
          {m.friends_your_name()}
          <input
            type="text"
            value={name}
            maxLength={NAME_FIELD_LENGTH}
            autocomplete="nickname"
            required
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </label>
        <fieldset class="friend-colour">
          <legend>{m.friends_your_colour()}</legend>
          <div class="choices">
            {COLOURS.map(([value, label]) => (
              <label key={value}>
                <input
                  type="radio"
                  name="colour"
                  value={value}
                  checked={colour === value}
                  onChange={() => setColour(value)}
                />
                {label()}
              </label>
            ))}
          </div>
        </fieldset>
        <RulesFields
          variant={variant}
          size={size}
          tournamentRule={tournamentRule}
          setVariant={setVariant}
          setSize={setSize}
          setTournamentRule={setTournamentRule}
          variants={LINKED_GAME_VARIANTS}
        />
        <FriendClockFields
          minutes={clockMinutes}
          incrementSeconds={clockIncrement}
          setMinutes={setClockMinutes}
          setIncrement={setClockIncrement}
        />
        {problem && (
          <p class="notice" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {m.friends_invite()}
        </button>
      </form>
    </main>
  );
}
