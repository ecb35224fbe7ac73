import { useEffect, useMemo, useState } from 'preact/hooks';
import {
  type GameState,
  type MovePreview,
  type Result,
  err,
  forbiddenPoints,
  formatPoint,
  previewMove,
  winningLine,
} from '../../core';
import { AnalysisPanel } from '../review/AnalysisPanel';
import { Board, type BoardGhost, type BoardMark } from '../board/Board';
import { BookPanel } from '../review/BookPanel';
import { AnalysisController } from '../review/analysis/controller';
import { browserAnalysisPorts } from '../review/analysis/browser-ports';
import { verdicts } from '../review/analysis/game-analysis';
import type { BookMove, EngineScore } from '../engine/client';
import { MoveList } from './MoveList';
import { notices, settings } from '../shell/app-state';
import { confirmDialog } from '../shell/dialog';
import { playFromHere, rematch, session } from './live-session';
import type { PlayController } from './session/controller';
import { canUndo, isFriendMatch, isHumanTurn } from './session/match';
import { addLeaveGuard, navigate, navigateHome } from '../shell/router';
import { hapticTap, playEffect } from '../shell/sound';
import { ShareButton } from '../share/ShareSheet';
import { count } from '../words/plural';
import { SendSheet } from '../friends/SendSheet';
import { friendLinkUrl, maySendFriendLink, sendSheetFor } from '../friends/links';
import { usePlacement } from '../board/use-placement';
import { SideStrip } from './SideStrip';

const COLOURS = ['', 'Black', 'White'] as const;
const REASONS = { five: 'five in a row', captures: 'captures', resignation: 'resignation', time: 'time' } as const;

/** What a previewed move would do, in words. */
function previewText(p: MovePreview, size: number): string {
  const parts = [` Preview at ${formatPoint(size, p.point)}`];
  if (p.captured.length) parts.push(`captures ${p.captured.length}`);
  if (p.poofed.length) parts.push(`loses ${p.poofed.length}`);
  if (p.result?.winner === p.player) parts.push('wins');
  return `${parts.join(', ')}.`;
}

function statusText(game: PlayController, s: GameState): string {
  const r = s.result;
  if (r) {
    if (r.winner === null) return 'Draw: the board is full.';
    return `${game.match.value.sides[r.winner - 1]!.name} (${COLOURS[r.winner]}) wins by ${REASONS[r.reason]}.`;
  }
  const side = game.match.value.sides[s.toMove - 1]!;
  if (isFriendMatch(game.match.value)) {
    return side.remote ? `Waiting for ${side.name} (${COLOURS[s.toMove]}).` : `Your move (${COLOURS[s.toMove]}).`;
  }
  return `${side.name} (${COLOURS[s.toMove]}) to move.`;
}

/** A friend game's line under the status: who plays what, and what to do now. */
function friendDetail(game: PlayController): string {
  const m = game.match.value;
  const mine = m.sides.findIndex((side) => !side.remote);
  const them = m.sides[1 - mine]!.name;
  const base = `You play ${COLOURS[mine + 1]} against ${them}.`;
  if (m.game.result) return `${base} Send the link so ${them} sees the end too.`;
  if (m.game.toMove === mine + 1) return `${base} Make your move, then send it.`;
  return `${base} Send your move; theirs comes back as a link.`;
}

const clockText = (ms: number) => {
  const total = Math.ceil(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
};

function PlayerPanel({ game, player }: { game: PlayController; player: 1 | 2 }) {
  const s = game.shown.value;
  const clocks = game.clocks.value;
  const active = !s.result && s.toMove === player;
  return (
    <SideStrip state={s} player={player} name={game.match.value.sides[player - 1]!.name}>
      {clocks && <span class={`clock${active ? ' running' : ''}`}>{clockText(clocks[player - 1]!)}</span>}
    </SideStrip>
  );
}

/** A score as the engine line shows it: "winning", "losing", or the evaluation in stones ("0.35"). */
function scoreText(score: EngineScore): string {
  if (score.kind === 'win') return 'winning';
  if (score.kind === 'loss') return 'losing';
  return (score.centiStones / 100).toFixed(2);
}

/** The engine's progress, in words, for the one line that shows what is going on. */
function thinkingText(game: PlayController): string | null {
  const t = game.thinking.value;
  if (!t) return null;
  if (t === 'starting' || !settings.value.showEngineLine) return 'Thinking…';
  const size = game.match.value.game.rules.size;
  const score = scoreText(t.score);
  const line = t.pv
    .slice(0, 6)
    .map((p) => formatPoint(size, p))
    .join(' ');
  return `Thinking… depth ${t.depth}, ${score}: ${line}`;
}

/** What a screen reader hears after a move: who played where, what it captured, and how the game ended. */
function moveAnnouncement(game: PlayController, s: GameState): string {
  const last = s.lastMove;
  if (!last) return '';
  const { sides } = game.match.value;
  const parts = [`${sides[last.player - 1]!.name} played ${formatPoint(s.rules.size, last.point)}`];
  if (last.captured.length) parts.push(`capturing ${last.captured.length}`);
  if (last.poofed.length) parts.push(`losing ${last.poofed.length}`);
  return `${parts.join(', ')}. ${s.result ? statusText(game, s) : ''}`.trim();
}

/** The result card's second line: how long the game was. */
function resultDetail(s: GameState): string {
  const n = s.moves.length;
  return `After ${count(n, 'move')}.`;
}

/** How many moves of the engine's line the board draws as numbered ghost stones. */
const GHOST_MOVES = 6;

/** The play screen's analysis, made for each game shown and disposed of when it goes. */
function useAnalysis(game: PlayController | null): AnalysisController | null {
  const analysis = useMemo(() => (game ? new AnalysisController(game, browserAnalysisPorts()) : null), [game]);
  useEffect(() => () => analysis?.dispose(), [analysis]);
  return analysis;
}

/** Brings the analysis panel into view (after Analyse in the action bar). */
const showAnalysisPanel = () =>
  document.querySelector('.analysis')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });

/** Keys that mean something where focus is, so the review keys leave them alone. */
const OWN_KEYS = 'input, select, textarea, [contenteditable="true"], [role="grid"], dialog';

/**
 * A button slot of the action bar: the bar always has four boxes of the same size, whatever the state
 * (the player's turn, the computer thinking, a preview, review, a demo, the game over), so a finger that
 * found a button finds it again in the same place.
 */
const Empty = () => <span class="slot" aria-hidden="true" />;

export function Play() {
  const game = session.value;
  const [notice, setNotice] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const [bookMoves, setBookMoves] = useState<readonly BookMove[] | null>(null);
  const analysis = useAnalysis(game);
  const [sending, setSending] = useState(false);
  const m = game?.match.value;
  const live = m?.game;
  const moves = live?.moves.length ?? 0;
  const reviewing = m?.reviewPly !== null && m?.reviewPly !== undefined;

  /** The core's preview of a point the player may play now, or why not. */
  const previewAt = (point: number): Result<MovePreview, { readonly message: string }> => {
    const why = game?.turnRefusal() ?? null;
    if (why || !live) return err(why ?? { message: '' });
    return previewMove(live, point);
  };
  const place = (chosen: MovePreview) => {
    if (!game) return;
    const why = game.move(chosen.point, chosen.next);
    if (why) setNotice(why.message);
    else hapticTap();
  };
  // Tap to preview, tap again or Confirm to place (use-placement.ts). A preview belongs to the position it
  // was made in: once the game moves on, it is gone. (Review shows another position: no preview there.)
  const placement = usePlacement({
    mode: settings.value.inputMode,
    at: reviewing ? null : (live ?? null),
    judge: previewAt,
    onPlace: (chosen) => {
      setNotice('');
      place(chosen);
    },
    onRefuse: (why) => setNotice(why.message),
    onPreview: () => setNotice(''),
  });

  // Every new move, whoever made it: a sound, the preview and notice cleared, words for a screen reader.
  useEffect(() => {
    placement.clear();
    setNotice('');
    const last = live?.lastMove;
    if (!game || !live || !last) return;
    if (live.result && live.result.reason !== 'resignation' && live.result.reason !== 'time') playEffect('win');
    else playEffect(last.captured.length ? 'capture' : 'place');
    setAnnouncement(moveAnnouncement(game, live));
  }, [moves, live?.result]);

  const hint = game?.hint.value ?? null;
  useEffect(() => {
    if (game && hint !== null) setAnnouncement(`Hint: ${formatPoint(game.match.value.game.rules.size, hint)}.`);
  }, [hint]);

  // The review keys: ← and → step through the game, Home and End go to its start and its end. They work
  // wherever focus is on the play screen except where those keys already do something: a text field or a
  // select, the scrubber (a range moves itself), the board's grid (arrows move between points) and an
  // open dialog. Read from the signals at the key press, so the listener is added once per game.
  useEffect(() => {
    if (!game) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (e.target instanceof Element && e.target.closest(OWN_KEYS)) return;
      if (document.querySelector('dialog[open]')) return;
      const total = game.match.value.game.moves.length;
      const ply = game.shown.value.moves.length;
      const reviewing = game.match.value.reviewPly !== null;
      let to: number | null | undefined;
      if (e.key === 'ArrowLeft' && ply > 0) to = ply - 1;
      else if (e.key === 'Home' && ply > 0) to = 0;
      else if (e.key === 'ArrowRight' && reviewing) to = ply + 1;
      else if (e.key === 'End' && reviewing) to = null;
      else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === 'Home' || e.key === 'End') {
        // At either end: nothing to do, and no page scroll for a key that means "review" here.
        if (total > 0) e.preventDefault();
        return;
      } else return;
      e.preventDefault();
      game.review(to);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [game]);

  // Moves held by this page alone (their save failed and nothing could keep them): leaving asks first.
  const atRisk = game?.unsavedAtRisk.value ?? false;
  useEffect(() => {
    if (!game || !atRisk) return;
    return addLeaveGuard(async () => {
      const leave = await confirmDialog({
        title: 'Your last moves are not saved',
        body: 'There is no room to save them on this device. If you leave now, they are lost.',
        confirm: 'Leave anyway',
        cancel: 'Retry',
        destructive: true,
      });
      if (!leave) game.retrySave();
      return leave;
    });
  }, [game, atRisk]);

  // "Invite" opens the new friend game with its send sheet.
  useEffect(() => {
    if (game && sendSheetFor.value === game.id) {
      sendSheetFor.value = null;
      setSending(true);
    }
  }, [game]);

  // Between games (a rematch closes one session before the next is live): the router decides where to go.
  if (!game || !m || !live || !analysis) return <p class="loading">Loading…</p>;
  const s = game.shown.value;
  const size = s.rules.size;
  const demo = game.saving.value === 'demo';
  const shownPly = s.moves.length;
  const over = live.result !== null;
  // The result card: the game is over and its final position is on the board (not in review).
  const resultCard = over && !reviewing;
  // A friend game by links: no undo, no play-from-here, and no engine help until it ends.
  const friendMarks = isFriendMatch(m) ? game.storedRecord().friend : undefined;
  const friendLive = friendMarks !== undefined && !over;
  const friendName = m.sides.find((side) => side.remote)?.name ?? '';
  const mayFriendSend = friendMarks !== undefined && maySendFriendLink(live, friendMarks.mySide);
  const sendButton = friendMarks && (
    <button
      type="button"
      class={mayFriendSend && !over ? 'primary long-label' : 'long-label'}
      onClick={() => setSending(true)}
      disabled={!mayFriendSend}
    >
      {over ? 'Send the result' : live.moves.length === 0 && mayFriendSend ? 'Send invite' : 'Send your move'}
    </button>
  );
  const noHelp = (
    <span class="slot slot-note" role="note">
      No hints in friend games
    </span>
  );

  const shownPreview = placement.preview;

  const marked = shownPreview ? [...shownPreview.captured, ...shownPreview.poofed] : [];
  const forbidden = reviewing ? null : forbiddenPoints(s);
  // The tournament rule's zone is shaded; the first move's centre rule is said in words when broken.
  const shaded = forbidden?.reason === 'tournament-rule' ? forbidden.points : [];
  let numbers: Map<number, number> | null = null;
  if (settings.value.showMoveNumbers) {
    numbers = new Map();
    s.moves.forEach((p, i) => numbers!.set(p, i + 1));
    for (const p of [...numbers.keys()]) if (!s.cells[p]) numbers.delete(p);
  }

  const wholeAnalysis = analysis.gameAnalysis.value;
  const analysisComplete = wholeAnalysis !== null && wholeAnalysis.evals.every((e) => e !== null);
  const analyseButton = (
    <button
      type="button"
      onClick={() => {
        analysis.analyseGame();
        showAnalysisPanel();
      }}
      disabled={analysis.gameRunning.value || analysisComplete}
    >
      Analyse
    </button>
  );
  const moveVerdicts = wholeAnalysis ? verdicts(wholeAnalysis, live) : undefined;

  // The engine's chosen line as numbered ghost stones, and the book's moves as tags (when their panels are open).
  const key = analysis.keyOf(s);
  const line = analysis.lineFor(s);
  const ghosts: BoardGhost[] = (line?.pv ?? []).slice(0, GHOST_MOVES).map((point, i) => ({
    point,
    player: (i % 2 === 0 ? s.toMove : 3 - s.toMove) as 1 | 2,
    label: String(i + 1),
  }));
  const marks: BoardMark[] = (bookMoves ?? []).map((b) => ({
    point: b.point,
    label: String(Math.round(b.winRate * 100)),
  }));
  const reviewHint = analysis.hint.value?.key === key ? analysis.hint.value.point : null;

  // The second line under the board: one place for what is going on now, most urgent first.
  const problem = game.engineProblem.value ?? game.savingProblem.value;
  // The app's notices (app-state's notify) show in this line too: a toast here would cover the board.
  const shownNotice = notice || (notices.value[0]?.text ?? '');
  const detail =
    shownNotice ||
    (shownPreview && previewText(shownPreview, size).trim()) ||
    thinkingText(game) ||
    (hint !== null && !reviewing ? `Hint: ${formatPoint(size, hint)}` : '') ||
    (reviewHint !== null && reviewing ? `Hint: ${formatPoint(size, reviewHint)}` : '') ||
    (friendMarks ? friendDetail(game) : '');

  let actions;
  if (friendLive) {
    actions = (
      <>
        {reviewing ? (
          <button type="button" onClick={() => game.review(null)}>
            Back to game
          </button>
        ) : (
          <button
            type="button"
            class={shownPreview ? 'primary' : ''}
            onClick={placement.confirm}
            disabled={!shownPreview}
          >
            Confirm
          </button>
        )}
        {sendButton}
        {noHelp}
        <button
          type="button"
          onClick={async () =>
            (await confirmDialog({
              title: 'Resign this game?',
              body: `The game ends as a loss. Send the link afterwards so ${friendName} sees it.`,
              confirm: 'Resign',
              cancel: 'Keep playing',
              destructive: true,
            })) && game.resign()
          }
        >
          Resign
        </button>
      </>
    );
  } else if (friendMarks && over && !reviewing) {
    actions = (
      <>
        {sendButton}
        <button type="button" class="long-label" onClick={() => navigate({ screen: 'friend' })}>
          New friend game
        </button>
        {analyseButton}
        <Empty />
      </>
    );
  } else if (m.demo) {
    actions = (
      <>
        {over ? (
          <button type="button" class="primary" onClick={() => void rematch(game)}>
            Rematch
          </button>
        ) : (
          <button type="button" class="primary" onClick={() => game.setPaused(!game.paused.value)}>
            {game.paused.value ? 'Resume' : 'Pause'}
          </button>
        )}
        <button type="button" onClick={() => game.step()} disabled={!game.paused.value || over}>
          Step
        </button>
        <label class="slot-select">
          <span class="sr-only">Speed</span>
          <select
            aria-label="Speed"
            value={game.demoDelayMs.value}
            onChange={(e) => (game.demoDelayMs.value = Number(e.currentTarget.value))}
          >
            <option value="1500">Slow</option>
            <option value="700">Normal</option>
            <option value="150">Fast</option>
          </select>
        </label>
        {demo ? (
          <button type="button" onClick={() => game.keep()}>
            Keep
          </button>
        ) : (
          <Empty />
        )}
      </>
    );
  } else if (reviewing) {
    actions = (
      <>
        <button type="button" class="primary long-label" onClick={() => void playFromHere(game)}>
          Play from here
        </button>
        <button type="button" onClick={() => game.review(null)}>
          Back to game
        </button>
        {analyseButton}
        <button type="button" onClick={() => void analysis.requestHint()} disabled={s.result !== null}>
          Hint
        </button>
      </>
    );
  } else if (over) {
    actions = (
      <>
        <button type="button" class="primary" onClick={() => void rematch(game)}>
          Rematch
        </button>
        <button type="button" onClick={() => navigate({ screen: 'new' }, { replace: true })}>
          New game
        </button>
        {analyseButton}
        <Empty />
      </>
    );
  } else {
    actions = (
      <>
        <button type="button" class="primary" onClick={placement.confirm} disabled={!shownPreview}>
          Confirm
        </button>
        <button type="button" onClick={() => game.undo()} disabled={!canUndo(m)}>
          Undo
        </button>
        <button type="button" onClick={() => void game.requestHint()} disabled={!isHumanTurn(m)}>
          Hint
        </button>
        <button
          type="button"
          onClick={async () =>
            (await confirmDialog({
              title: 'Resign this game?',
              body: 'The game ends as a loss, and stays saved.',
              confirm: 'Resign',
              cancel: 'Keep playing',
              destructive: true,
            })) && game.resign()
          }
        >
          Resign
        </button>
      </>
    );
  }

  return (
    <main class="play" data-ply={moves}>
      <header class="screen-header">
        <button type="button" class="back" aria-label="Back to the menu" onClick={navigateHome}>
          ‹
        </button>
        <h1>
          {demo ? 'Demo: ' : ''}
          {s.rules.variant.name} {size}×{size}
        </h1>
        <ShareButton game={game} />
      </header>
      <div class="players">
        <PlayerPanel game={game} player={1} />
        <PlayerPanel game={game} player={2} />
      </div>
      <Board
        size={size}
        cells={s.cells}
        lastMove={s.lastMove?.point ?? null}
        preview={shownPreview && { point: shownPreview.point, player: shownPreview.player }}
        marked={marked}
        highlighted={shownPreview && !reviewing ? [...shownPreview.winningLine] : winningLine(s)}
        shaded={[...shaded]}
        numbers={numbers}
        hint={reviewing ? reviewHint : hint}
        ghosts={shownPreview ? [] : ghosts}
        marks={shownPreview ? [] : marks}
        showCoordinates={settings.value.showCoordinates}
        {...placement.board}
      />
      <div class={`info${resultCard ? ` result-card won-p${live.result?.winner ?? 0}` : ''}`}>
        <p class="status" role="status">
          {reviewing ? `Reviewing move ${shownPly} of ${moves}. ` : ''}
          {statusText(game, s)}
        </p>
        {problem && shownNotice && <p class="detail notice">{shownNotice}</p>}
        {problem ? (
          <p class="detail warn" role="alert">
            <span>{problem}</span>
            {game.engineProblem.value ? (
              <button type="button" onClick={() => game.retryComputer()}>
                Retry
              </button>
            ) : game.saving.value === 'stopped' ? (
              <button type="button" onClick={() => game.saveAsNew()}>
                Save as new
              </button>
            ) : (
              game.saving.value === 'failed' && (
                <button type="button" onClick={() => game.retrySave()} disabled={game.busy.value}>
                  Retry
                </button>
              )
            )}
          </p>
        ) : resultCard && !shownNotice ? (
          <p class="detail">{resultDetail(live)}</p>
        ) : (
          <p class={`detail${shownNotice ? ' notice' : ''}`}>{detail}</p>
        )}
      </div>
      <p class="sr-only" aria-live="polite">
        {announcement}
      </p>
      <div class="actions">{actions}</div>
      <nav class="review" aria-label="Review">
        <button type="button" aria-label="First move" onClick={() => game.review(0)} disabled={shownPly === 0}>
          «
        </button>
        <button
          type="button"
          aria-label="Previous move"
          onClick={() => game.review(shownPly - 1)}
          disabled={shownPly === 0}
        >
          ‹
        </button>
        <button type="button" aria-label="Next move" onClick={() => game.review(shownPly + 1)} disabled={!reviewing}>
          ›
        </button>
        <button type="button" aria-label="Last move" onClick={() => game.review(null)} disabled={!reviewing}>
          »
        </button>
      </nav>
      {/* The moves and the analysis: a box of their own that scrolls on a tablet held upright. */}
      <div class="play-extras">
        <MoveList
          game={live}
          shownPly={shownPly}
          onGo={(ply) => game.review(ply >= moves ? null : ply)}
          {...(moveVerdicts ? { verdicts: moveVerdicts } : {})}
        />
        {friendLive ? (
          <p class="friend-note" role="note">
            Hints, the engine's lines and the openings book are off until this friend game ends, as in rated games on
            pente.org. After it, the review and the analysis are all yours.
          </p>
        ) : (
          <>
            <AnalysisPanel
              analysis={analysis}
              game={live}
              shown={s}
              names={[m.sides[0].name, m.sides[1].name]}
              onGo={(ply) => game.review(ply >= moves ? null : ply)}
            />
            <BookPanel state={s} onMoves={setBookMoves} />
          </>
        )}
      </div>
      {sending && friendMarks && (
        <SendSheet
          title={
            over
              ? `Send the result to ${friendName}`
              : live.moves.length === 0 || friendName === 'Friend'
                ? 'Invite a friend'
                : `Send your move to ${friendName}`
          }
          link={friendLinkUrl(game.storedRecord().players, friendMarks, live)}
          friendName={friendName === 'Friend' ? '' : friendName}
          onClose={() => setSending(false)}
        />
      )}
    </main>
  );
}
