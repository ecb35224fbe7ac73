import { useEffect, useRef, useState } from 'preact/hooks';
import { type GameState, type MovePreview, type Result, err, formatPoint, previewMove } from '../../core';
import { usePlacement } from '../board/use-placement';
import { type BookMove, enginePositionKey } from '../engine/client';
import { LiveClock } from '../online/live/LiveClock';
import { HeardPhrase } from '../online/live/LivePhrase';
import { LiveStatus } from '../online/live/LiveStatus';
import { ShareButton } from '../share/ShareSheet';
import { clearPositionNotices, settings } from '../shell/app-state';
import { navigateHome } from '../shell/router';
import { hapticTap, playEffect } from '../shell/sound';
import { ActionBar } from './ActionBar';
import { FriendSend, friendNameOf, useFriendSending } from './FriendSend';
import { GameInfo } from './GameInfo';
import { PlayBoard } from './PlayBoard';
import { PlayExtras } from './PlayExtras';
import { ReviewBar } from './ReviewBar';
import { RenjuSteps } from './RenjuSteps';
import { SeatChoice } from './SeatChoice';
import { SideStrip } from './SideStrip';
import { useAnalysis, useReviewKeys, useUnsavedLeaveGuard } from './play-hooks';
import { clockText, moveAnnouncement } from './play-words';
import { session } from './live-session';
import type { PlayController } from './session/controller';
import { isFriendMatch } from './session/match';
import * as words from '../words/paraglide/messages.js';
import './play.css';
import { variantName } from '../words/game-words';

function PlayerPanel({ game, player }: { game: PlayController; player: 1 | 2 }) {
  const s = game.shown.value;
  const clocks = game.clocks.value;
  const active = !s.result && s.toMove === player;
  // A timed friend game's clocks are kept by both devices' signed readings (the relay controller).
  const relayClock = isFriendMatch(game.match.value) ? game.friend.value?.clock && game.friend.value : undefined;
  // Over relays the other side's preset phrases show by their strip.
  const friend = game.friend.value;
  const heardHere = friend?.peer && friend.mySide !== player ? friend.gameId : null;
  return (
    <SideStrip state={s} player={player} name={game.match.value.sides[player - 1]!.name}>
      {clocks && <span class={`clock${active ? ' running' : ''}`}>{clockText(clocks[player - 1]!)}</span>}
      {!clocks && relayClock && <LiveClock gameId={relayClock.gameId} player={player} />}
      {heardHere && <HeardPhrase gameId={heardHere} />}
    </SideStrip>
  );
}

/**
 * What a preview belongs to: the position by value, not the state object. A friend game over relays folds
 * its copy again as its own events come back, a new state with the same stones and steps; the preview the
 * player was about to confirm stayed on screen but was dropped, and the confirming tap made a new preview
 * (seen once in 4 runs of play-someone's D-Pente test).
 */
const samePositionKey = (g: GameState): string =>
  `${enginePositionKey(g)}|${g.toMove}|${g.seatChoice ?? ''}|${g.swap2Pass}|${g.result ? 'over' : ''}`;

/**
 * The play screen: the header, both sides' strips, the board (PlayBoard.tsx), the lines under it
 * (GameInfo.tsx), the action bar (ActionBar.tsx), the review bar, and the moves with the analysis and the
 * book (PlayExtras.tsx); a friend game's send sheet (FriendSend.tsx). The live game is the session's
 * (live-session.ts).
 */
export function Play() {
  const game = session.value;
  const [notice, setNotice] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const [bookMoves, setBookMoves] = useState<readonly BookMove[] | null>(null);
  const analysis = useAnalysis(game);
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
    oneTapWhenZoomed: true,
    at: reviewing || !live ? null : samePositionKey(live),
    judge: previewAt,
    onPlace: (chosen) => {
      setNotice('');
      place(chosen);
    },
    onRefuse: (why) => setNotice(why.message),
    onPreview: () => setNotice(''),
  });

  // Every new move, whoever made it: a sound, the preview and notices cleared (a notice such as "Bob
  // played L9: your turn" belongs to the position it came with), words for a screen reader.
  const shownMoves = useRef(moves);
  useEffect(() => {
    placement.clear();
    setNotice('');
    if (shownMoves.current !== moves) clearPositionNotices();
    shownMoves.current = moves;
    const last = live?.lastMove;
    if (!game || !live || !last) return;
    if (live.result && live.result.reason !== 'resignation' && live.result.reason !== 'time') playEffect('win');
    else playEffect(last.captured.length ? 'capture' : 'place');
    setAnnouncement(moveAnnouncement(game, live));
  }, [moves, live?.result]);

  const hint = game?.hint.value ?? null;
  useEffect(() => {
    if (game && hint !== null)
      setAnnouncement(words.play_hint_announce({ point: formatPoint(game.match.value.game.rules.size, hint) }));
  }, [hint]);

  useReviewKeys(game);
  useUnsavedLeaveGuard(game);

  const friendSending = useFriendSending(game);

  // Between games (a rematch closes one session before the next is live): the router decides where to go.
  if (!game || !m || !live || !analysis) return <p class="loading">{words.play_loading()}</p>;
  const s = game.shown.value;
  const size = s.rules.size;
  const demo = game.saving.value === 'demo';
  // A friend game by links: no undo, no play-from-here, and no engine help until it ends.
  const friendMarks = isFriendMatch(m) ? game.friend.value : undefined;
  const friendLive = friendMarks !== undefined && live.result === null;
  const reviewHint = analysis.hint.value?.key === analysis.keyOf(s) ? analysis.hint.value.point : null;
  const goTo = (ply: number) => game.review(ply >= moves ? null : ply);

  // Review (an earlier position, or the game over): on a phone held upright the board is pinned above
  // the moves and the analysis as they scroll (play.css).
  const review = reviewing || live.result !== null;
  return (
    <main class="play" data-ply={moves} data-review={review ? '' : undefined}>
      <header class="screen-header">
        <button type="button" class="back" aria-label={words.play_back_to_menu()} onClick={navigateHome}>
          ‹
        </button>
        <h1>
          {demo
            ? words.play_demo_heading({ variant: variantName(s.rules.variant.id), size })
            : words.play_title({ variant: variantName(s.rules.variant.id), size })}
        </h1>
        <ShareButton game={game} />
      </header>
      <div class="players">
        <PlayerPanel game={game} player={1} />
        <PlayerPanel game={game} player={2} />
      </div>
      <PlayBoard game={game} analysis={analysis} placement={placement} bookMoves={bookMoves} reviewHint={reviewHint} />
      <GameInfo
        game={game}
        notice={notice}
        preview={placement.preview}
        reviewHint={reviewHint}
        friendGame={friendMarks !== undefined}
      />
      {!reviewing && <SeatChoice game={game} />}
      {!reviewing && <RenjuSteps game={game} />}
      {friendMarks?.peer && <LiveStatus gameId={friendMarks.gameId} friendName={friendNameOf(game)} />}
      <p class="sr-only" aria-live="polite">
        {announcement}
      </p>
      <ActionBar
        game={game}
        analysis={analysis}
        previewing={placement.preview !== null}
        confirm={placement.confirm}
        friendMarks={friendMarks}
        onSend={() => void friendSending.sendNow()}
      />
      <ReviewBar game={game} />
      <PlayExtras
        match={m}
        shown={s}
        analysis={analysis}
        friendLive={friendLive}
        onGo={goTo}
        onBookMoves={setBookMoves}
      />
      {friendSending.sending && friendMarks && (
        <FriendSend game={game} friendMarks={friendMarks} onClose={friendSending.close} />
      )}
    </main>
  );
}
