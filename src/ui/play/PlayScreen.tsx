import { useEffect, useState } from 'preact/hooks';
import { type MovePreview, type Result, err, formatPoint, previewMove } from '../../core';
import { UNKNOWN_FRIEND } from '../../storage';
import { usePlacement } from '../board/use-placement';
import type { BookMove } from '../engine/client';
import { SendSheet } from '../friends/SendSheet';
import { friendLinkUrl, sendSheetFor } from '../friends/links';
import { AnalysisPanel } from '../review/AnalysisPanel';
import { BookPanel } from '../review/BookPanel';
import { verdicts } from '../review/analysis/game-analysis';
import { ShareButton } from '../share/ShareSheet';
import { settings } from '../shell/app-state';
import { navigateHome } from '../shell/router';
import { hapticTap, playEffect } from '../shell/sound';
import { ActionBar, type FriendMarks } from './ActionBar';
import { GameInfo } from './GameInfo';
import { MoveList } from './MoveList';
import { PlayBoard } from './PlayBoard';
import { ReviewBar } from './ReviewBar';
import { SideStrip } from './SideStrip';
import { useAnalysis, useReviewKeys, useUnsavedLeaveGuard } from './play-hooks';
import { clockText, moveAnnouncement } from './play-words';
import { session } from './live-session';
import type { PlayController } from './session/controller';
import { isFriendMatch } from './session/match';
import * as words from '../words/paraglide/messages.js';
import { variantName } from '../words/game-words';

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

/**
 * The play screen: the header, both sides' strips, the board (PlayBoard.tsx), the lines under it
 * (GameInfo.tsx), the action bar (ActionBar.tsx), the review bar, and the moves with the analysis and the
 * book; a friend game's send sheet. The live game is the session's (live-session.ts).
 */
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
    if (game && hint !== null)
      setAnnouncement(words.play_hint_announce({ point: formatPoint(game.match.value.game.rules.size, hint) }));
  }, [hint]);

  useReviewKeys(game);
  useUnsavedLeaveGuard(game);

  // "Invite" opens the new friend game with its send sheet.
  useEffect(() => {
    if (game && sendSheetFor.value === game.id) {
      sendSheetFor.value = null;
      setSending(true);
    }
  }, [game]);

  // Between games (a rematch closes one session before the next is live): the router decides where to go.
  if (!game || !m || !live || !analysis) return <p class="loading">{words.play_loading()}</p>;
  const s = game.shown.value;
  const size = s.rules.size;
  const demo = game.saving.value === 'demo';
  // A friend game by links: no undo, no play-from-here, and no engine help until it ends.
  const friendMarks = isFriendMatch(m) ? game.storedRecord().friend : undefined;
  const friendLive = friendMarks !== undefined && live.result === null;
  const wholeAnalysis = analysis.gameAnalysis.value;
  const moveVerdicts = wholeAnalysis ? verdicts(wholeAnalysis, live) : undefined;
  const reviewHint = analysis.hint.value?.key === analysis.keyOf(s) ? analysis.hint.value.point : null;
  const goTo = (ply: number) => game.review(ply >= moves ? null : ply);

  return (
    <main class="play" data-ply={moves}>
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
      <p class="sr-only" aria-live="polite">
        {announcement}
      </p>
      <ActionBar
        game={game}
        analysis={analysis}
        previewing={placement.preview !== null}
        confirm={placement.confirm}
        friendMarks={friendMarks}
        onSend={() => setSending(true)}
      />
      <ReviewBar game={game} />
      {/* The moves and the analysis: a box of their own that scrolls on a tablet held upright. */}
      <div class="play-extras">
        <MoveList
          game={live}
          shownPly={s.moves.length}
          onGo={goTo}
          {...(moveVerdicts ? { verdicts: moveVerdicts } : {})}
        />
        {friendLive ? (
          <p class="friend-note" role="note">
            {words.play_friend_note()}
          </p>
        ) : (
          <>
            <AnalysisPanel
              analysis={analysis}
              game={live}
              shown={s}
              names={[m.sides[0].name, m.sides[1].name]}
              onGo={goTo}
            />
            <BookPanel state={s} onMoves={setBookMoves} />
          </>
        )}
      </div>
      {sending && friendMarks && <FriendSend game={game} friendMarks={friendMarks} onClose={() => setSending(false)} />}
    </main>
  );
}

/** A friend game's send sheet: the invite, the player's move, or the result, as a link. */
function FriendSend(props: {
  readonly game: PlayController;
  readonly friendMarks: FriendMarks;
  readonly onClose: () => void;
}) {
  const { game, friendMarks } = props;
  const live = game.match.value.game;
  const friendName = game.match.value.sides.find((side) => side.remote)?.name ?? '';
  return (
    <SendSheet
      title={
        live.result !== null
          ? words.play_send_result_to({ name: friendName })
          : live.moves.length === 0 || friendName === UNKNOWN_FRIEND
            ? words.play_invite_friend()
            : words.play_send_move_to({ name: friendName })
      }
      link={friendLinkUrl(game.storedRecord().players, friendMarks, live)}
      friendName={friendName === UNKNOWN_FRIEND ? '' : friendName}
      onClose={props.onClose}
    />
  );
}
