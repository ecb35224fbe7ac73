/**
 * The play screen's action bar: always four boxes of the same size, whatever the state (the player's turn,
 * the computer thinking, a preview, review, a demo, the game over, a friend game), so a finger that found
 * a button finds it again in the same place.
 */
import type { StoredGame } from '../../storage';
import type { AnalysisController } from '../review/analysis/controller';
import { playFromPly, verdicts } from '../review/analysis/game-analysis';
import { confirmDialog } from '../shell/dialog';
import { navigate } from '../shell/router';
import { type FriendWording, maySend, sendIsMain } from '../friends/friend-status';
import { friendStatusOf, friendWordingOf } from './play-words';
import { playFromHere, rematch } from './live-session';
import type { PlayController } from './session/controller';
import { canUndo, isHumanTurn } from './session/match';
import * as words from '../words/paraglide/messages.js';

export type FriendMarks = NonNullable<StoredGame['friend']>;

export interface ActionBarProps {
  readonly game: PlayController;
  readonly analysis: AnalysisController;
  /** A move is previewed, waiting for Confirm. */
  readonly previewing: boolean;
  readonly confirm: () => void;
  /** A friend game's marks (none: not a friend game). */
  readonly friendMarks: FriendMarks | undefined;
  /** Opens the friend game's send sheet. */
  readonly onSend: () => void;
}

/** An empty slot of the action bar. */
const Empty = () => <span class="slot" aria-hidden="true" />;

/** Brings the analysis panel into view (after Analyse in the action bar). */
const showAnalysisPanel = () =>
  document.querySelector('.analysis')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });

export function ActionBar(props: ActionBarProps) {
  const { game, friendMarks } = props;
  const m = game.match.value;
  const reviewing = m.reviewPly !== null;
  const over = m.game.result !== null;
  let actions;
  if (friendMarks && !over) actions = <FriendPlayActions {...props} friendMarks={friendMarks} />;
  else if (friendMarks && over && !reviewing) actions = <FriendOverActions {...props} friendMarks={friendMarks} />;
  else if (m.demo) actions = <DemoActions game={game} />;
  else if (reviewing) actions = <ReviewActions {...props} />;
  else if (over) actions = <OverActions {...props} />;
  else actions = <TurnActions {...props} />;
  return <div class="actions">{actions}</div>;
}

/**
 * A friend game's Send button: the invite, the player's move, or the result, as a link. The main action
 * while links carry the game; over relays only the fallback (the move goes by itself).
 */
/**
 * Over relays and over on both devices: the end has reached the friend, and there is nothing to send (the
 * header's Share still shares the game).
 */
const endReachedByRelay = (wording: FriendWording | null): boolean =>
  wording?.by === 'relay' && wording.step === 'over';

function SendButton({ game, onSend }: ActionBarProps) {
  const status = friendStatusOf(game);
  const wording = friendWordingOf(game);
  if (!status || !wording || endReachedByRelay(wording)) return <Empty />;
  const over = game.match.value.game.result !== null;
  return (
    <button
      type="button"
      class={sendIsMain(wording) ? 'primary long-label' : 'long-label'}
      onClick={onSend}
      disabled={!maySend(status)}
    >
      {over
        ? words.play_send_result()
        : status.kind === 'send-invite'
          ? words.play_send_invite()
          : words.play_send_move()}
    </button>
  );
}

function AnalyseButton({ analysis }: { readonly analysis: AnalysisController }) {
  const whole = analysis.gameAnalysis.value;
  const complete = whole !== null && whole.evals.every((e) => e !== null);
  return (
    <button
      type="button"
      onClick={() => {
        analysis.analyseGame();
        showAnalysisPanel();
      }}
      disabled={analysis.gameRunning.value || complete}
    >
      {words.play_analyse()}
    </button>
  );
}

/** A friend game by links, not over: no undo, no play-from-here, and no engine help until it ends. */
function FriendPlayActions(props: ActionBarProps & { readonly friendMarks: FriendMarks }) {
  const { game, previewing, confirm } = props;
  const reviewing = game.match.value.reviewPly !== null;
  const friendName = game.match.value.sides.find((side) => side.remote)?.name ?? '';
  // Over relays the resignation goes by itself; by links it is sent afterwards.
  const resignBody = props.friendMarks.peer ? words.play_resign_friend_body_relay : words.play_resign_friend_body;
  return (
    <>
      {reviewing ? (
        <button type="button" onClick={() => game.review(null)}>
          {words.play_back_to_game()}
        </button>
      ) : (
        <button type="button" class={previewing ? 'primary' : ''} onClick={confirm} disabled={!previewing}>
          {words.play_confirm()}
        </button>
      )}
      <SendButton {...props} />
      <span class="slot slot-note" role="note">
        {words.play_no_hints_friend()}
      </span>
      <button
        type="button"
        onClick={async () =>
          (await confirmDialog({
            title: words.play_resign_title(),
            body: resignBody({ name: friendName }),
            confirm: words.play_resign(),
            cancel: words.play_keep_playing(),
            destructive: true,
          })) && game.resign()
        }
      >
        {words.play_resign()}
      </button>
    </>
  );
}

function FriendOverActions(props: ActionBarProps & { readonly friendMarks: FriendMarks }) {
  const newFriendGame = (
    <button type="button" class="long-label" onClick={() => navigate({ screen: 'friend' })}>
      {words.play_new_friend_game()}
    </button>
  );
  // Nothing to send: the row starts with what there is to do, not with a gap.
  if (endReachedByRelay(friendWordingOf(props.game)))
    return (
      <>
        {newFriendGame}
        <AnalyseButton analysis={props.analysis} />
        <Empty />
        <Empty />
      </>
    );
  return (
    <>
      <SendButton {...props} />
      {newFriendGame}
      <AnalyseButton analysis={props.analysis} />
      <Empty />
    </>
  );
}

function DemoActions({ game }: { readonly game: PlayController }) {
  const over = game.match.value.game.result !== null;
  return (
    <>
      {over ? (
        <button type="button" class="primary" onClick={() => void rematch(game)}>
          {words.play_rematch()}
        </button>
      ) : (
        <button type="button" class="primary" onClick={() => game.setPaused(!game.paused.value)}>
          {game.paused.value ? words.play_resume() : words.play_pause()}
        </button>
      )}
      <button type="button" onClick={() => game.step()} disabled={!game.paused.value || over}>
        {words.play_step()}
      </button>
      <label class="slot-select">
        <span class="sr-only">{words.play_speed()}</span>
        <select
          aria-label={words.play_speed()}
          value={game.demoDelayMs.value}
          onChange={(e) => (game.demoDelayMs.value = Number(e.currentTarget.value))}
        >
          <option value="1500">{words.play_speed_slow()}</option>
          <option value="700">{words.play_speed_normal()}</option>
          <option value="150">{words.play_speed_fast()}</option>
        </select>
      </label>
      {game.saving.value === 'demo' ? (
        <button type="button" onClick={() => game.keep()}>
          {words.play_keep()}
        </button>
      ) : (
        <Empty />
      )}
    </>
  );
}

function ReviewActions({ game, analysis }: ActionBarProps) {
  // On a marked move of a player's own, "Play from here" plays it again: from the position before it.
  const m = game.match.value;
  const shownPly = m.reviewPly ?? m.game.moves.length;
  const whole = analysis.gameAnalysis.value;
  const from = whole
    ? playFromPly(verdicts(whole, m.game), shownPly, (p) => m.sides[p - 1]?.computer !== undefined)
    : shownPly;
  return (
    <>
      <button type="button" class="primary long-label" onClick={() => void playFromHere(game, from)}>
        {from < shownPly ? words.play_retry_move() : words.play_from_here()}
      </button>
      <button type="button" onClick={() => game.review(null)}>
        {words.play_back_to_game()}
      </button>
      <AnalyseButton analysis={analysis} />
      <button type="button" onClick={() => void analysis.requestHint()} disabled={game.shown.value.result !== null}>
        {words.play_hint()}
      </button>
    </>
  );
}

function OverActions({ game, analysis }: ActionBarProps) {
  return (
    <>
      <button type="button" class="primary" onClick={() => void rematch(game)}>
        {words.play_rematch()}
      </button>
      <button type="button" onClick={() => navigate({ screen: 'new' }, { replace: true })}>
        {words.play_new_game()}
      </button>
      <AnalyseButton analysis={analysis} />
      <Empty />
    </>
  );
}

function TurnActions({ game, previewing, confirm }: ActionBarProps) {
  const m = game.match.value;
  return (
    <>
      <button type="button" class="primary" onClick={confirm} disabled={!previewing}>
        {words.play_confirm()}
      </button>
      <button type="button" onClick={() => game.undo()} disabled={!canUndo(m)}>
        {words.play_undo()}
      </button>
      <button type="button" onClick={() => void game.requestHint()} disabled={!isHumanTurn(m)}>
        {words.play_hint()}
      </button>
      <button
        type="button"
        onClick={async () =>
          (await confirmDialog({
            title: words.play_resign_title(),
            body: words.play_resign_body(),
            confirm: words.play_resign(),
            cancel: words.play_keep_playing(),
            destructive: true,
          })) && game.resign()
        }
      >
        {words.play_resign()}
      </button>
    </>
  );
}
