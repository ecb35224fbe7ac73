/**
 * The play screen's words: the status line, a friend game's line, a previewed move, the engine's progress,
 * what a screen reader hears after a move, the result card's second line. Pure functions of the game.
 */
import { type GameState, type MovePreview, formatPoint } from '../../core';
import type { EngineScore } from '../engine/client';
import { settings } from '../shell/app-state';
import { count } from '../words/plural';
import type { PlayController } from './session/controller';
import { isFriendMatch } from './session/match';

const COLOURS = ['', 'Black', 'White'] as const;
const REASONS = { five: 'five in a row', captures: 'captures', resignation: 'resignation', time: 'time' } as const;

/** What a previewed move would do, in words. */
export function previewText(p: MovePreview, size: number): string {
  const parts = [` Preview at ${formatPoint(size, p.point)}`];
  if (p.captured.length) parts.push(`captures ${p.captured.length}`);
  if (p.poofed.length) parts.push(`loses ${p.poofed.length}`);
  if (p.result?.winner === p.player) parts.push('wins');
  return `${parts.join(', ')}.`;
}

export function statusText(game: PlayController, s: GameState): string {
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
export function friendDetail(game: PlayController): string {
  const m = game.match.value;
  const mine = m.sides.findIndex((side) => !side.remote);
  const them = m.sides[1 - mine]!.name;
  const base = `You play ${COLOURS[mine + 1]} against ${them}.`;
  if (m.game.result) return `${base} Send the link so ${them} sees the end too.`;
  if (m.game.toMove === mine + 1) return `${base} Make your move, then send it.`;
  return `${base} Send your move; theirs comes back as a link.`;
}

export const clockText = (ms: number) => {
  const total = Math.ceil(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
};

/** A score as the engine line shows it: "winning", "losing", or the evaluation in stones ("0.35"). */
function scoreText(score: EngineScore): string {
  if (score.kind === 'win') return 'winning';
  if (score.kind === 'loss') return 'losing';
  return (score.centiStones / 100).toFixed(2);
}

/** The engine's progress, in words, for the one line that shows what is going on. */
export function thinkingText(game: PlayController): string | null {
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
export function moveAnnouncement(game: PlayController, s: GameState): string {
  const last = s.lastMove;
  if (!last) return '';
  const { sides } = game.match.value;
  const parts = [`${sides[last.player - 1]!.name} played ${formatPoint(s.rules.size, last.point)}`];
  if (last.captured.length) parts.push(`capturing ${last.captured.length}`);
  if (last.poofed.length) parts.push(`losing ${last.poofed.length}`);
  return `${parts.join(', ')}. ${s.result ? statusText(game, s) : ''}`.trim();
}

/** The result card's second line: how long the game was. */
export function resultDetail(s: GameState): string {
  const n = s.moves.length;
  return `After ${count(n, 'move')}.`;
}
