/**
 * Opening a friend game's link. With no copy here: an invitation is joined (the player says their name
 * and accepts), a game already under way between two others is shown view-only with "Save a copy". With a
 * copy: the core's merge rule decides (storage applies it in one transaction) — the other side's move
 * updates the game and opens it; the same or an older link says "Already up to date" and opens it; a link
 * that rewrites a move already played, or plays for this side, is refused, saying where, and the game is
 * left as it was.
 */
import { useEffect, useState } from 'preact/hooks';
import { type LinkArrival, type LinkRefusal, type OpenedLink, formatPoint, opponent } from '../../core';
import {
  type LinkMeaning,
  NAME_FIELD_LENGTH,
  type StoredGame,
  nameProblem,
  receiveFriendLink,
  toGameState,
} from '../../storage';
import { ScreenHeader } from '../shell/ScreenHeader';
import { db, notify, refreshResumable, settings, updateSettings } from '../shell/app-state';
import { openGame } from '../play/live-session';
import { colourName, movePlace, resultSentence, variantName } from '../words/game-words';
import { gameSaved } from '../online/live/live-hooks';
import * as m from '../words/paraglide/messages.js';
import { LinkProblem } from '../shell/LinkProblem';
import { LinkedGame } from '../share/LinkedGame';
import { storageErrorText } from '../words/storage-words';
import { linkTrust, prepareLinkSecurity } from './link-signer';
import { type DivergenceAnswer, DivergenceSheet } from './DivergenceSheet';
import { type DivergenceView, divergenceView } from './divergence-model';
import { bringTogether, routeToSplit } from './divergence-actions';

type Phase =
  | { readonly kind: 'checking' }
  | {
      readonly kind: 'diverged';
      readonly view: DivergenceView;
      readonly game: StoredGame;
      readonly signer: string | null;
      readonly message: string;
    }
  | { readonly kind: 'join'; readonly mySide: 1 | 2 }
  | { readonly kind: 'view-only'; readonly note: string }
  | { readonly kind: 'refused'; readonly message: string; readonly game: StoredGame | null }
  | { readonly kind: 'failed'; readonly message: string };

const theirNameIn = (game: StoredGame) => game.players[2 - (game.friend?.mySide ?? 1)]!.name;

/** Why a link was refused, in words, for a copy `game`. */
function refusal(arrival: LinkArrival, game: StoredGame): string | null {
  const them = theirNameIn(game);
  switch (arrival.kind) {
    case 'conflict':
      return arrival.firstDifference <= game.moves.length
        ? m.friends_refused_conflict_move({ them, ...movePlace(arrival.firstDifference) })
        : m.friends_refused_conflict_end({ them });
    case 'not-theirs':
      return arrival.ply === null
        ? m.friends_refused_not_theirs_end({ them })
        : m.friends_refused_not_theirs_move(movePlace(arrival.ply));
    case 'different-rules':
      return m.friends_refused_rules({ them });
    default:
      return null;
  }
}

/** Why a link's signature refused it, in words. */
export function signatureRefusal(refusal: LinkRefusal): string {
  switch (refusal.kind) {
    case 'unsigned':
      return m.friends_refused_unsigned();
    case 'no-key':
      return m.friends_refused_no_key();
    case 'wrong-key':
      return m.friends_refused_wrong_key();
    case 'bad-signature':
      return m.friends_refused_bad_signature();
  }
}

/** What to say when a link brought the other side's move. */
function arrivalNotice(game: StoredGame): string {
  const state = toGameState(game);
  const them = theirNameIn(game);
  if (!state.ok) return m.friends_move_arrived({ them });
  const { result, lastMove, rules } = state.value;
  if (result) return m.friends_result({ result: resultSentence(game.players, result) });
  return lastMove
    ? m.friends_they_played({ them, point: formatPoint(rules.size, lastMove.point) })
    : m.friends_your_turn_sentence();
}

/** A friend game's link, with what storage said it means here (share/SharedGame.tsx asked). */
export function FriendLink({ opened, meaning }: { opened: OpenedLink; meaning: LinkMeaning }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const [busy, setBusy] = useState(false);
  const friend = opened.link.friend!;
  const senderName = opened.link.names?.[friend.sender - 1] || m.friends_sender_unknown();

  /** Applies the link through storage, then opens the game or says why not. */
  const receive = async (myName: string) => {
    const d = db.value;
    if (!d) return;
    const trust = linkTrust(await prepareLinkSecurity());
    const received = await receiveFriendLink(d, opened, { myName, trust });
    if (!received.ok) return setPhase({ kind: 'failed', message: storageErrorText(received.error) });
    const { arrival, game, refusal: forged, signer } = received.value;
    // A game joined or carried on by a link goes to the relay controller as a game saved here does: an
    // invitation just joined is accepted over relays at once (started now if it was not yet).
    if (game && !forged) gameSaved(game);
    if (forged) return setPhase({ kind: 'refused', message: signatureRefusal(forged), game });
    if (arrival.kind === 'conflict' && game) {
      // A line kept apart earlier (keep both) takes the link; else the two lines are shown, to choose.
      const routed = await routeToSplit(d, opened, game, trust, myName);
      if (routed) {
        void refreshResumable();
        await openGame(routed);
        return notify(arrivalNotice(routed), undefined, true);
      }
      const state = toGameState(game);
      const view = state.ok ? divergenceView(state.value, opened.state, signer, game.friend?.peer?.key ?? null) : null;
      if (view) return setPhase({ kind: 'diverged', view, game, signer, message: refusal(arrival, game) ?? '' });
    }
    if (arrival.kind === 'foreign' || arrival.kind === 'view') {
      return setPhase({ kind: 'view-only', note: foreignNote(opened) });
    }
    if (!game) return setPhase({ kind: 'failed', message: m.friends_not_found() });
    const why = refusal(arrival, game);
    if (why) return setPhase({ kind: 'refused', message: why, game });
    // Storage told the other tabs of a join or the other side's moves.
    if (arrival.kind === 'join' || arrival.kind === 'extend') void refreshResumable();
    await openGame(game);
    if (arrival.kind === 'join') {
      notify(m.friends_you_play({ colour: colourName(arrival.mySide), them: theirNameIn(game) }));
    } else if (arrival.kind === 'extend') notify(arrivalNotice(game), undefined, true);
    else notify(m.friends_up_to_date());
  };

  useEffect(() => {
    // Storage decided what the link means here (core's rule against this device's copy); this renders it.
    const { arrival, refusal: forged } = meaning;
    if (forged) setPhase({ kind: 'refused', message: signatureRefusal(forged), game: meaning.game });
    else if (arrival.kind === 'unstored') setPhase({ kind: 'view-only', note: m.friends_view_only_no_storage() });
    // An invitation waits for the player to accept it (and say their name); anything else is applied now.
    else if (arrival.kind === 'join') setPhase({ kind: 'join', mySide: arrival.mySide });
    else void receive(settings.value.friendInvite.name || m.friends_default_name());
  }, []);

  /** The player's choice for two lines that part. */
  const answer = async (choice: DivergenceAnswer) => {
    if (phase.kind !== 'diverged' || busy) return;
    const { game, signer, message } = phase;
    if (choice === 'keep-mine') return setPhase({ kind: 'refused', message, game });
    setBusy(true);
    const outcome = await bringTogether(db.value!, opened, choice, signer);
    setBusy(false);
    if (!outcome.ok) return setPhase({ kind: 'failed', message: storageErrorText(outcome.error) });
    if (outcome.value.kind === 'gone') return setPhase({ kind: 'refused', message: m.friends_diverged_gone(), game });
    void refreshResumable();
    await openGame(outcome.value.game);
    notify(choice === 'take-theirs' ? m.friends_diverged_took() : m.friends_diverged_kept_both());
  };

  switch (phase.kind) {
    case 'checking':
      return <p class="loading">{m.friends_opening()}</p>;
    case 'diverged':
      return (
        <>
          <LinkProblem title={m.friends_refused_title()} message={phase.message} />
          <DivergenceSheet
            view={phase.view}
            them={theirNameIn(phase.game)}
            players={phase.game.players}
            busy={busy}
            onAnswer={(choice) => void answer(choice)}
          />
        </>
      );
    case 'join':
      return <JoinForm opened={opened} mySide={phase.mySide} senderName={senderName} onAccept={receive} />;
    case 'view-only':
      return <LinkedGame opened={opened} saveLabel={m.friends_save_copy()} note={phase.note} />;
    case 'refused':
      return (
        <LinkProblem title={m.friends_refused_title()} message={phase.message}>
          {phase.game && (
            <button type="button" class="primary" onClick={() => void openGame(phase.game!)}>
              {m.friends_open_your_game()}
            </button>
          )}
        </LinkProblem>
      );
    case 'failed':
      return <LinkProblem title={m.friends_failed_title()} message={phase.message} />;
  }
}

/** The note over a friend game this device is not part of. */
function foreignNote(opened: OpenedLink): string {
  const [a, b] = opened.link.names ?? ['', ''];
  return a && b ? m.friends_foreign_named({ first: a, second: b }) : m.friends_foreign_unnamed();
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
    if (why) return setProblem(m.friends_name_problem({ problem: why }));
    setBusy(true);
    void updateSettings({ friendInvite: { ...settings.value.friendInvite, name: myName } });
    await onAccept(myName);
    setBusy(false);
  };
  const invitation = {
    sender: senderName,
    theirColour: colourName(opponent(mySide)),
    variant: variantName(rules.variant.id),
    size: rules.size,
    myColour: colourName(mySide),
  };
  return (
    <main class="form-screen">
      <ScreenHeader title={m.friends_join_title()} />
      <form onSubmit={(e) => void accept(e)}>
        <p class="invitation">
          {moves.length > 0 ? m.friends_invitation_moved(invitation) : m.friends_invitation(invitation)}
        </p>
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
        {problem && (
          <p class="notice" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {m.friends_accept()}
        </button>
        <p class="friend-note">{m.friends_join_note({ sender: senderName })}</p>
      </form>
    </main>
  );
}
