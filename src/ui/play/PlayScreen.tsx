import { useEffect, useRef, useState } from 'preact/hooks';
import { type MovePreview, type Result, err, formatPoint, previewMove } from '../../core';
import { UNKNOWN_FRIEND } from '../../storage';
import { usePlacement } from '../board/use-placement';
import type { BookMove } from '../engine/client';
import { SendSheet, sendInOneGo } from '../friends/SendSheet';
import { friendLinkUrl } from '../friends/friend-link-url';
import { sendSheetFor } from '../friends/links';
import { prepareLinkSecurity } from '../friends/link-signer';
import { LiveClock } from '../online/live/LiveClock';
import { LiveStatus } from '../online/live/LiveStatus';
import { AnalysisPanel } from '../review/AnalysisPanel';
import { BookPanel } from '../review/BookPanel';
import { verdicts } from '../review/analysis/game-analysis';
import { ShareButton } from '../share/ShareSheet';
import { clearPositionNotices, notify, settings } from '../shell/app-state';
import { navigateHome } from '../shell/router';
import { hapticTap, playEffect } from '../shell/sound';
import { ActionBar, type FriendMarks } from './ActionBar';
import { GameInfo } from './GameInfo';
import { MoveList } from './MoveList';
import { PlayBoard } from './PlayBoard';
import { ReviewBar } from './ReviewBar';
import { SideStrip } from './SideStrip';
import { useAnalysis, useReviewKeys, useUnsavedLeaveGuard } from './play-hooks';
import { clockText, friendStatusOf, moveAnnouncement } from './play-words';
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
  return (
    <SideStrip state={s} player={player} name={game.match.value.sides[player - 1]!.name}>
      {clocks && <span class={`clock${active ? ' running' : ''}`}>{clockText(clocks[player - 1]!)}</span>}
      {!clocks && relayClock && <LiveClock gameId={relayClock.gameId} player={player} />}
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

  // Send in one tap (share sheet or clipboard); the send sheet only when neither took the link.
  const sendNow = async () => {
    if (!game) return;
    const marks = game.friend.value;
    if (!marks) return;
    await prepareLinkSecurity(); // at once after the first time: the key is loaded when the game opens
    const link = friendLinkUrl(game.storedRecord().players, marks, game.match.value.game);
    const outcome = await sendInOneGo(link, sendTitle(game));
    if (outcome === 'failed') return setSending(true);
    if (outcome === 'cancelled') return;
    game.friendLinkSent();
    const name = friendNameOf(game);
    notify(
      outcome === 'shared'
        ? words.friends_shared()
        : words.friends_copied({ friend: name || words.friends_your_friend() }),
    );
  };

  useReviewKeys(game);
  useUnsavedLeaveGuard(game);

  // A friend game's links are signed: the key is loaded as soon as one is on screen.
  const isFriendGame = game?.friend.value !== undefined;
  useEffect(() => {
    if (isFriendGame) void prepareLinkSecurity();
  }, [isFriendGame]);

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
  const friendMarks = isFriendMatch(m) ? game.friend.value : undefined;
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
        onSend={() => void sendNow()}
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

/** The friend's name ('' while their link has not said it). */
const friendNameOf = (game: PlayController): string => {
  const name = game.match.value.sides.find((side) => side.remote)?.name ?? '';
  return name === UNKNOWN_FRIEND ? '' : name;
};

/** What a friend game's link is, in words: the invitation, the player's move, or the result. */
function sendTitle(game: PlayController): string {
  const name = friendNameOf(game);
  if (game.match.value.game.result !== null) return words.play_send_result_to({ name });
  return friendStatusOf(game)?.kind === 'send-invite' || !name
    ? words.play_invite_friend()
    : words.play_send_move_to({ name });
}

/** A friend game's send sheet: the invite, the player's move, or the result, as a link. */
function FriendSend(props: {
  readonly game: PlayController;
  readonly friendMarks: FriendMarks;
  readonly onClose: () => void;
}) {
  const { game, friendMarks } = props;
  return (
    <SendSheet
      title={sendTitle(game)}
      link={friendLinkUrl(game.storedRecord().players, friendMarks, game.match.value.game)}
      friendName={friendNameOf(game)}
      onSent={() => game.friendLinkSent()}
      onClose={props.onClose}
    />
  );
}
