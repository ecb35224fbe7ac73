/**
 * The play screen's words: the status line, a friend game's line, a previewed move, the engine's progress,
 * what a screen reader hears after a move, the result card's second line. Pure functions of the game.
 */
import {
  type GameState,
  type MovePreview,
  actingSeat,
  forbiddenKind,
  formatPoint,
  movesCountOf,
  playedOverRelays,
  renjuDue,
  seatChoiceDue,
  swap2PassAllowed,
  turnStone,
} from '../../core';
import type { EngineScore } from '../engine/client';
import { UNKNOWN_FRIEND } from '../../storage';
import { type FriendStatus, type FriendWording, friendStatus, friendWording } from '../friends/friend-status';
import { liveLines, relaysDown } from '../online/live/live-hooks';
import { settings } from '../shell/app-state';
import { colourName } from '../words/game-words';
import { formatNumber } from '../words/locale';
import * as m from '../words/paraglide/messages.js';
import type { PlayController } from './session/controller';
import { isFriendMatch } from './session/match';

/** Clauses as one sentence: "Preview at K10, captures 2, wins." (the separator and full stop by language). */
const sentence = (clauses: readonly string[]): string => m.play_sentence({ clauses: clauses.join(m.play_separator()) });

/** What a previewed move would do, in words. */
export function previewText(p: MovePreview, size: number): string {
  const parts = [m.play_preview_at({ point: formatPoint(size, p.point) })];
  if (p.captured.length) parts.push(m.play_preview_captures({ count: p.captured.length }));
  if (p.poofed.length) parts.push(m.play_preview_loses({ count: p.poofed.length }));
  if (p.result?.winner === p.player) parts.push(m.play_preview_wins());
  return sentence(parts);
}

const WIN_STATUS = {
  five: m.play_status_win_five,
  six: m.play_status_win_six,
  forbidden: m.play_status_win_forbidden,
  captures: m.play_status_win_captures,
  resignation: m.play_status_win_resignation,
} as const;

/** Where this friend game stands (friend-status.ts), or null when it is not a friend game. */
export function friendStatusOf(game: PlayController): FriendStatus | null {
  const match = game.match.value;
  const friend = game.friend.value;
  if (!friend || !isFriendMatch(match)) return null;
  const live = match.game;
  return friendStatus({
    variant: live.rules.variant.id,
    moves: live.moves.length,
    seatChoice: live.seatChoice,
    swap2Pass: live.swap2Pass,
    ended: live.result !== null,
    mySide: friend.mySide,
    synced: friend.synced,
  });
}

/**
 * How this friend game's words go (friend-status.ts friendWording): over relays where the friend's key is
 * pinned (the other side's presence from the relay controller's line), else by links. null: not a friend game.
 */
export function friendWordingOf(game: PlayController): FriendWording | null {
  const status = friendStatusOf(game);
  const friend = game.friend.value;
  if (!status || !friend) return null;
  const present = liveLines.value.get(friend.gameId)?.present ?? false;
  // Every game with people but Renju goes over relays once the key is pinned (core's playedOverRelays).
  const pinned = friend.peer !== undefined && playedOverRelays(game.match.value.game.rules.variant);
  return friendWording(status, { pinned, present, relaysDown: relaysDown.value });
}

/** The friend's name, or null while their link has not said it. */
const friendName = (game: PlayController): string | null => {
  const name = game.match.value.sides.find((side) => side.remote)?.name ?? UNKNOWN_FRIEND;
  return name === UNKNOWN_FRIEND ? null : name;
};

/** The status line of a friend game going on, at its live position: what this device is to do. */
function friendStatusLine(game: PlayController, status: FriendStatus): string {
  const { toMove } = game.match.value.game;
  const colour = colourName(toMove);
  const name = friendName(game);
  if (friendWordingOf(game)?.by === 'relay' && status.kind === 'send-move') {
    // Over relays the move goes by itself: it is on its way, not a thing for the player to do.
    return name === null ? m.play_status_sending_move_friend() : m.play_status_sending_move({ name });
  }
  switch (status.kind) {
    case 'send-invite':
      return m.play_status_send_invite();
    case 'send-move':
      return name === null ? m.play_status_send_invite() : m.play_status_send_move({ name });
    case 'waiting':
      return name === null ? m.play_status_waiting_friend({ colour }) : m.play_status_waiting_for({ name, colour });
    default:
      return m.play_status_your_move({ colour });
  }
}

const FORBIDDEN_KIND = {
  overline: m.play_forbidden_overline,
  'double-four': m.play_forbidden_double_four,
  'double-three': m.play_forbidden_double_three,
} as const;

/** Renju: which forbidden point ended the game and where ("Black’s stone at H5 made an overline"), as the core judges it. */
function forbiddenStatus(s: GameState, winner: { name: string; colour: string }): string | null {
  const last = s.lastMove;
  const before = s.parent;
  if (!last || !before) return null;
  const kind = forbiddenKind(before.cells, s.rules.size, last.point);
  if (!kind) return null;
  return m.play_status_win_forbidden_kind({
    ...winner,
    point: formatPoint(s.rules.size, last.point),
    kind: FORBIDDEN_KIND[kind](),
  });
}

export function statusText(game: PlayController, s: GameState): string {
  const r = s.result;
  if (r) {
    if (r.winner === null) return m.play_status_draw_full();
    if (r.reason === 'time') {
      // Said of the side whose flag fell: "Bob (White) lost on time."
      const loser = r.winner === 1 ? 2 : 1;
      return m.play_status_lost_time({ name: game.match.value.sides[loser - 1]!.name, colour: colourName(loser) });
    }
    const winner = { name: game.match.value.sides[r.winner - 1]!.name, colour: colourName(r.winner) };
    if (r.reason === 'forbidden') return forbiddenStatus(s, winner) ?? WIN_STATUS.forbidden(winner);
    return WIN_STATUS[r.reason](winner);
  }
  const side = game.match.value.sides[actingSeat(s) - 1]!;
  const colour = colourName(s.toMove);
  // D-Pente's and Swap2's openings: player 1 places stones of both colours, then player 2 chooses a seat
  // (in Swap2 also to place two more stones, after which player 1 chooses).
  if (s.renju) {
    const due = renjuDue(s);
    if (due === 'swap') return m.play_status_renju_window({ name: side.name, colour: colourName(s.toMove) });
    if (due === 'branch') return m.play_status_renju_branch({ name: side.name });
    if (due === 'pick') return m.play_status_renju_pick({ name: side.name });
  }
  if (seatChoiceDue(s)) {
    // In a friend game the person on this device is "you", not a name said of them.
    if (isFriendMatch(game.match.value) && !side.remote) {
      if (!s.rules.variant.swap2) return m.play_status_seat_choice_yours();
      return swap2PassAllowed(s) ? m.play_status_swap2_choice_yours() : m.play_status_swap2_back_choice_yours();
    }
    // Over relays the other person's choice comes by itself: this device waits for it.
    if (isFriendMatch(game.match.value) && friendWordingOf(game)?.by === 'relay')
      return m.play_status_waiting_choice({ name: side.name });
    if (!s.rules.variant.swap2) return m.play_status_seat_choice({ name: side.name });
    return swap2PassAllowed(s)
      ? m.play_status_swap2_choice({ name: side.name })
      : m.play_status_swap2_back_choice({ name: side.name });
  }
  if (actingSeat(s) !== s.toMove) return m.play_status_opening_stone({ name: side.name, colour });
  const friend = friendStatusOf(game);
  if (friend && s.moves.length === game.match.value.game.moves.length) return friendStatusLine(game, friend);
  if (isFriendMatch(game.match.value)) {
    return side.remote ? m.play_status_waiting_for({ name: side.name, colour }) : m.play_status_your_move({ colour });
  }
  // Connect6: two stones a turn after the first; say which of them is due.
  const stone = turnStone(s.rules, s.moves.length);
  if (stone.of === 2) return m.play_status_to_move_stone({ name: side.name, colour, nth: formatNumber(stone.nth) });
  return m.play_status_to_move({ name: side.name, colour });
}

/** A friend game's line under the status: who plays what, and what to do now. */
export function friendDetail(game: PlayController): string {
  const match = game.match.value;
  const mine = match.sides.findIndex((side) => !side.remote);
  const them = match.sides[1 - mine]!.name;
  const base = m.play_friend_you_play({ colour: colourName(mine === 0 ? 1 : 2), name: them });
  const wording = friendWordingOf(game);
  if (wording?.by === 'relay') return base + relayDetail(wording, them);
  switch (wording?.status.kind) {
    case 'first-move':
      return base + m.play_friend_first_move();
    case 'your-move':
      return base + m.play_friend_make_move();
    case 'send-invite':
      return base + m.play_friend_send_invite();
    case 'send-move':
      return base + m.play_friend_send_move();
    case 'waiting':
      return base + m.play_friend_waiting();
    case 'send-result':
      return base + m.play_friend_send_end({ name: them });
    default:
      return base;
  }
}

/** A friend game over relays: the move goes by itself, the link is the fallback while no relay took it. */
function relayDetail(wording: FriendWording & { readonly by: 'relay' }, them: string): string {
  switch (wording.step) {
    case 'your-move':
      return m.play_friend_relay_your_move({ name: them });
    case 'sending':
      return m.play_friend_relay_sending();
    case 'sending-result':
      return m.play_friend_relay_sending_end();
    case 'sent':
      return wording.present ? m.play_friend_relay_sent_live() : m.play_friend_relay_sent();
    default:
      return '';
  }
}

export const clockText = (ms: number) => {
  const total = Math.ceil(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
};

/** A score as the engine line shows it: "winning", "losing", or the evaluation in stones ("0.35"). */
function scoreText(score: EngineScore): string {
  if (score.kind === 'win') return m.play_score_winning();
  if (score.kind === 'loss') return m.play_score_losing();
  return formatNumber(score.centiStones / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** The engine's progress, in words, for the one line that shows what is going on. */
export function thinkingText(game: PlayController): string | null {
  const t = game.thinking.value;
  if (!t) return null;
  if (t === 'starting' || !settings.value.showEngineLine) return m.play_thinking();
  const size = game.match.value.game.rules.size;
  const score = scoreText(t.score);
  const line = t.pv
    .slice(0, 6)
    .map((p) => formatPoint(size, p))
    .join(' ');
  return m.play_thinking_line({ depth: t.depth, score, line });
}

/** What a screen reader hears after a move: who played where, what it captured, and how the game ended. */
export function moveAnnouncement(game: PlayController, s: GameState): string {
  const last = s.lastMove;
  if (!last) return '';
  const { sides } = game.match.value;
  const parts = [
    m.play_announce_played({ name: sides[last.player - 1]!.name, point: formatPoint(s.rules.size, last.point) }),
  ];
  if (last.captured.length) parts.push(m.play_announce_capturing({ count: last.captured.length }));
  if (last.poofed.length) parts.push(m.play_announce_losing({ count: last.poofed.length }));
  return `${sentence(parts)} ${s.result ? statusText(game, s) : ''}`.trim();
}

/** The result card's second line: how long the game was. */
export function resultDetail(s: GameState): string {
  return m.play_result_after({ count: movesCountOf(s.rules.variant, s.moves.length) });
}
