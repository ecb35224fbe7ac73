/** Static evaluation from the line counter and the capture counts, for the side to move. */
import type { Position } from './position';
import type { Weights } from './weights';

/** Tenths of the way from no captures to the capture win (0…9). */
export function captureStage(captured: number, target: number): number {
  const t = Math.floor((captured * 10) / target);
  return t > 9 ? 9 : t;
}

export function evaluate(pos: Position, w: Weights): number {
  const me = pos.toMove;
  const them = 3 - me;
  const lc = pos.lineCount;
  const line = w.line;
  let mine = 0;
  let theirs = 0;
  for (let k = 1; k <= 4; k++) {
    mine += line[k]! * lc[me * 6 + k]!;
    theirs += line[k]! * lc[them * 6 + k]!;
  }
  let score = mine * (1 + w.tempo) - theirs;
  const target = pos.rules.variant.captureWin;
  if (target !== null) {
    const myStage = captureStage(pos.captures[me - 1]!, target);
    const theirStage = captureStage(pos.captures[them - 1]!, target);
    score += w.captured[myStage]! - w.captured[theirStage]!;
    score += pos.takes[me]! * w.take[myStage]! * (1 + w.tempo) - pos.takes[them]! * w.take[theirStage]!;
  }
  return Math.round(score);
}
