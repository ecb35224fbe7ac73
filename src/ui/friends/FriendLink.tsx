/**
 * Opening a friend game's link. With no copy here: an invitation is joined (the player says their name
 * and accepts), a game already under way between two others is shown view-only with "Save a copy". With a
 * copy: the core's merge rule decides (storage applies it in one transaction) — the other side's move
 * updates the game and opens it; the same or an older link says "Already up to date" and opens it; a link
 * that rewrites a move already played, or plays for this side, is refused, saying where, and the game is
 * left as it was.
 */
import { useEffect, useState } from 'preact/hooks';
import { type LinkArrival, type OpenedLink, formatPoint, opponent } from '../../core';
import {
  NAME_FIELD_LENGTH,
  type StoredGame,
  friendLinkMeaning,
  nameProblem,
  receiveFriendLink,
  toGameState,
} from '../../storage';
import { ScreenHeader } from '../shell/ScreenHeader';
import { db, notify, refreshResumable, settings, updateSettings } from '../shell/app-state';
import { openGame } from '../play/live-session';
import { resultSentence } from '../words/game-words';
import { LinkProblem } from '../shell/LinkProblem';
import { LinkedGame } from '../share/LinkedGame';
import { COLOUR_NAMES } from './links';

type Phase =
  | { readonly kind: 'checking' }
  | { readonly kind: 'join'; readonly mySide: 1 | 2 }
  | { readonly kind: 'view-only'; readonly note: string }
  | { readonly kind: 'refused'; readonly message: string; readonly game: StoredGame | null }
  | { readonly kind: 'failed'; readonly message: string };

const theirNameIn = (game: StoredGame) => game.players[2 - (game.friend?.mySide ?? 1)]!.name;

/** Why a link was refused, in words, for a copy `game`. */
function refusal(arrival: LinkArrival, game: StoredGame): string | null {
  const them = theirNameIn(game);
  const unchanged = 'Your game is unchanged.';
  switch (arrival.kind) {
    case 'conflict':
      return arrival.firstDifference <= game.moves.length
        ? `This link does not match your game with ${them}: move ${arrival.firstDifference} is not the move played in your game. ${unchanged}`
        : `This link does not match your game with ${them}: it does not end as your game does. ${unchanged}`;
    case 'not-theirs':
      return arrival.ply === null
        ? `This link ends your game with ${them} in a way only you could. ${unchanged}`
        : `This link plays move ${arrival.ply} for you, out of turn: only you can play your moves. ${unchanged}`;
    case 'different-rules':
      return `This link names your game with ${them}, but with other rules. ${unchanged}`;
    default:
      return null;
  }
}

/** What to say when a link brought the other side's move. */
function arrivalNotice(game: StoredGame): string {
  const state = toGameState(game);
  const them = theirNameIn(game);
  if (!state.ok) return `${them}'s move arrived.`;
  const { result, lastMove, rules } = state.value;
  if (result) return `${resultSentence(game.players, result)}.`;
  return lastMove ? `${them} played ${formatPoint(rules.size, lastMove.point)}: your turn.` : 'Your turn.';
}

export function FriendLink({ opened }: { opened: OpenedLink }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const friend = opened.link.friend!;
  const senderName = opened.link.names?.[friend.sender - 1] || 'Your friend';

  /** Applies the link through storage, then opens the game or says why not. */
  const receive = async (myName: string) => {
    const d = db.value;
    if (!d) return;
    const received = await receiveFriendLink(d, opened, { myName });
    if (!received.ok) return setPhase({ kind: 'failed', message: received.error.message });
    const { arrival, game } = received.value;
    if (arrival.kind === 'foreign' || arrival.kind === 'view') {
      return setPhase({ kind: 'view-only', note: foreignNote(opened) });
    }
    if (!game) return setPhase({ kind: 'failed', message: 'The game could not be found after saving it.' });
    const why = refusal(arrival, game);
    if (why) return setPhase({ kind: 'refused', message: why, game });
    // Storage told the other tabs of a join or the other side's moves.
    if (arrival.kind === 'join' || arrival.kind === 'extend') void refreshResumable();
    await openGame(game);
    if (arrival.kind === 'join') {
      notify(`You play ${COLOUR_NAMES[arrival.mySide]} against ${theirNameIn(game)}.`);
    } else if (arrival.kind === 'extend') notify(arrivalNotice(game));
    else notify('Already up to date.');
  };

  useEffect(() => {
    const d = db.value;
    if (!d) {
      setPhase({
        kind: 'view-only',
        note: 'Friend games need the saved games on this device, which are not available here: this one can only be looked at.',
      });
      return;
    }
    let current = true;
    void (async () => {
      // Storage decides what the link means here (core's rule against this device's copy); this renders it.
      const meaning = await friendLinkMeaning(d, opened);
      if (!current) return;
      if (!meaning.ok) return setPhase({ kind: 'failed', message: meaning.error.message });
      const { arrival } = meaning.value;
      // An invitation waits for the player to accept it (and say their name); anything else is applied now.
      if (arrival.kind === 'join') setPhase({ kind: 'join', mySide: arrival.mySide });
      else await receive(settings.value.friendInvite.name || 'Me');
    })();
    return () => {
      current = false;
    };
  }, []);

  switch (phase.kind) {
    case 'checking':
      return <p class="loading">Opening the game…</p>;
    case 'join':
      return <JoinForm opened={opened} mySide={phase.mySide} senderName={senderName} onAccept={receive} />;
    case 'view-only':
      return <LinkedGame opened={opened} saveLabel="Save a copy" note={phase.note} />;
    case 'refused':
      return (
        <LinkProblem title="This link was not used" message={phase.message}>
          {phase.game && (
            <button type="button" class="primary" onClick={() => void openGame(phase.game!)}>
              Open your game
            </button>
          )}
        </LinkProblem>
      );
    case 'failed':
      return <LinkProblem title="This link could not be opened" message={phase.message} />;
  }
}

/** The note over a friend game this device is not part of. */
function foreignNote(opened: OpenedLink): string {
  const [a, b] = opened.link.names ?? ['', ''];
  const who = a && b ? `${a} and ${b}` : 'two other players';
  return `This is a game between ${who}, already under way: this device is not part of it. You can look at it, or save a copy as a game of your own.`;
}

/** An invitation: who invites, to what, which side this device plays; the player's name, then Accept. */
function JoinForm({
  opened,
  mySide,
  senderName,
  onAccept,
}: {
  opened: OpenedLink;
  mySide: 1 | 2;
  senderName: string;
  onAccept: (myName: string) => Promise<void>;
}) {
  const [name, setName] = useState(settings.value.friendInvite.name);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const { rules, moves } = opened.state;
  const accept = async (e: Event) => {
    e.preventDefault();
    const myName = name.trim();
    const why = nameProblem(myName);
    if (why) return setProblem(`Your name: ${why}.`);
    setBusy(true);
    void updateSettings({ friendInvite: { ...settings.value.friendInvite, name: myName } });
    await onAccept(myName);
    setBusy(false);
  };
  const theirColour = COLOUR_NAMES[opponent(mySide)];
  return (
    <main class="form-screen">
      <ScreenHeader title="A game with a friend" />
      <form onSubmit={(e) => void accept(e)}>
        <p class="invitation">
          {senderName} ({theirColour}) invites you to a game of {rules.variant.name} on {rules.size}×{rules.size}. You
          play {COLOUR_NAMES[mySide]}
          {moves.length > 0 ? `, and ${senderName} has made the first move.` : '.'}
        </p>
        <label>
          Your name
          <input
            type="text"
            value={name}
            maxLength={NAME_FIELD_LENGTH}
            autocomplete="nickname"
            required
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </label>
        {problem && (
          <p class="notice" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          Accept and play
        </button>
        <p class="friend-note">
          The game is kept on this device. Every move you make goes back to {senderName} as a link.
        </p>
      </form>
    </main>
  );
}
