import { describe, expect, it } from 'vitest';
import { LEVELS, formatPoint, play } from '../src/core';
import { Engine } from '../src/ai/engine';
import { WIN, isWinScore } from '../src/ai/search';
import { fromDiagram, fromPentAi, pentAiPoint } from './ai-helpers';

const engine = new Engine(16);
const name = (size: number, p: number) => formatPoint(size, p);

// 13x13 diagrams: X is player 1, O player 2.
const E = '. . . . . . . . . . . . .';

/** Player 1 makes five at F7 (C7 D7 E7 and G7 are theirs). */
const winInOne = [
  E,
  E,
  E,
  E,
  E,
  E,
  '. . X X X . X . . . . . .',
  E,
  E,
  '. . . . . . . . . O O . .',
  '. . . . . . . . . . . O .',
  E,
  E,
];
/** Player 2 threatens five at F7 (C7 D7 E7 G7); player 1 to move must stop it. */
const stopFive = [
  E,
  E,
  E,
  E,
  E,
  E,
  '. . O O O . O . . . . . .',
  E,
  '. . . . . . . . X . . . .',
  '. . . . . . . . . X . . .',
  E,
  E,
  E,
];
/** Player 1 has 8 captured stones and captures J9–J8 at J7 (J10 flanks) while player 2 threatens five. */
const captureWin = [
  E,
  E,
  E,
  '. . . . . . . . X . . . .',
  '. . . . . . . . O . . . .',
  '. . . . . . . . O . . . .',
  E,
  '. . O O O O . . . . . . .',
  E,
  E,
  E,
  E,
  E,
];
/** Player 2 has 8 captured stones and threatens to capture the pair F8–G8 at H8; player 1 must stop it. */
const stopCapture = [E, E, E, E, E, '. . . . O X X . . . . . .', E, E, E, '. . . . . . . . . . O . .', E, E, E];
/** An open three for player 1 (F7 G7 H7) with room on both sides: a forced win in 3 (open four, then five). */
const openThree = [
  E,
  E,
  E,
  E,
  E,
  E,
  '. . . . . X X X . . . . .',
  E,
  E,
  '. O . . . . . . . . . O .',
  E,
  '. . . O . . . . . . O . .',
  E,
];
/**
 * A four-three for player 1: G5 makes the four D5–G5 (C5 is blocked, so H5 must be answered) and the open
 * three G5–G7 at once; after H5, G4 or G8 is an open four. Nothing else wins by force as fast.
 */
const fourThree = [
  E,
  '. O . . . . . . . O . . .',
  E,
  '. . . . . . . . . . . O .',
  E,
  E,
  '. . . . . . X . . . . . .',
  '. . . . . . X . . . . . .',
  '. . O X X X . . . . . . .',
  E,
  E,
  '. . . . . . . . . . O . .',
  E,
];
/** Capture race: player 2 has 8 captured stones and threatens J8–K8 at L8; player 1 has a four to finish. */
const fiveBeforeCapture = [
  E,
  E,
  E,
  E,
  E,
  '. . . . . . . O X X . . .',
  '. . X X X X . . . . . . .',
  E,
  '. . . . . . . . . . . O .',
  E,
  E,
  E,
  E,
];

describe('tactics', () => {
  it('PentAI: player 2 must block the four at (6,7)', () => {
    const s = fromPentAi(13, [
      [6, 6],
      [7, 7],
      [8, 6],
      [9, 6],
      [6, 4],
      [9, 7],
      [9, 8],
      [9, 5],
      [6, 5],
      [6, 7],
      [8, 7],
      [9, 4],
      [9, 3],
      [7, 6],
      [6, 3],
      [6, 2],
      [5, 7],
    ]);
    expect(engine.think(s, { depth: 6, timeMs: 60_000 }).move).toBe(pentAiPoint(13, 6, 7));
  });

  it('PentAI: player 2 must block the open four at (5,6) or (10,6)', () => {
    const s = fromPentAi(13, [
      [6, 6],
      [5, 5],
      [7, 6],
      [7, 4],
      [8, 6],
      [9, 3],
      [9, 6],
    ]);
    const move = engine.think(s, { depth: 6, timeMs: 60_000 }).move;
    expect([pentAiPoint(13, 5, 6), pentAiPoint(13, 10, 6)]).toContain(move);
  });

  it('PentAI: player 2 must capture at (8,6)', () => {
    const s = fromPentAi(13, [
      [6, 6],
      [6, 7],
      [4, 6],
      [5, 8],
      [7, 6],
      [5, 6],
      [4, 9],
    ]);
    expect(engine.think(s, { depth: 6, timeMs: 60_000 }).move).toBe(pentAiPoint(13, 8, 6));
  });

  it('wins at once with a five, and scores it as the fastest win', () => {
    const s = fromDiagram(winInOne, 1);
    const r = engine.think(s, { depth: 4, timeMs: 60_000 });
    expect(name(13, r.move)).toBe('F7');
    expect(r.score).toBe(WIN - 1);
  });

  it('wins at once by captures before answering a four', () => {
    const s = fromDiagram(captureWin, 1, { captures: [8, 0] });
    const r = engine.think(s, { depth: 4, timeMs: 60_000 });
    expect(name(13, r.move)).toBe('J7');
    const after = play(s, r.move);
    expect(after.ok && after.value.result).toEqual({ winner: 1, reason: 'captures' });
  });

  it('stops a five', () => {
    const r = engine.think(fromDiagram(stopFive, 1), { depth: 4, timeMs: 60_000 });
    expect(name(13, r.move)).toBe('F7');
  });

  it('stops the capture that would win', () => {
    const r = engine.think(fromDiagram(stopCapture, 1, { captures: [0, 8] }), { depth: 4, timeMs: 60_000 });
    expect(name(13, r.move)).toBe('H8');
  });

  it('finds a forced win in 3 from an open three', () => {
    const r = engine.think(fromDiagram(openThree, 1), { depth: 4, timeMs: 60_000 });
    expect(['E7', 'J7']).toContain(name(13, r.move));
    expect(isWinScore(r.score) && r.score > 0).toBe(true);
  });

  it('wins the capture race with a five rather than saving the pair the opponent would win with', () => {
    const r = engine.think(fromDiagram(fiveBeforeCapture, 1, { captures: [0, 8] }), { depth: 4, timeMs: 60_000 });
    expect(['B7', 'G7']).toContain(name(13, r.move));
    expect(r.score).toBe(WIN - 1);
  });

  it('finds a four-three: a forced win in 3 that no single line makes', () => {
    const r = engine.think(fromDiagram(fourThree, 1), { depth: 6, timeMs: 60_000 });
    expect(name(13, r.move)).toBe('G5');
    expect(r.score).toBe(WIN - 5);
    // And the side facing it, to move first, takes the point (or otherwise stops it: no forced loss).
    const defence = engine.think(fromDiagram(fourThree, 2), { depth: 6, timeMs: 60_000 });
    expect(isWinScore(defence.score)).toBe(false);
  });

  it('every level wins in one and stops a win in one, whatever the seed', () => {
    for (const level of LEVELS) {
      for (const seed of [1, 2, 3]) {
        const opts = { level, seed, timeMs: 100 };
        expect(name(13, engine.think(fromDiagram(winInOne, 1), opts).move), level.id).toBe('F7');
        expect(name(13, engine.think(fromDiagram(captureWin, 1, { captures: [8, 0] }), opts).move), level.id).toBe(
          'J7',
        );
        expect(['B7', 'G7'], level.id).toContain(
          name(13, engine.think(fromDiagram(fiveBeforeCapture, 1, { captures: [0, 8] }), opts).move),
        );
        // A level of depth 1 may overlook a threat to win (src/ai/overlook.ts, tests/overlook.test.ts).
        if (level.depth <= 1) continue;
        expect(name(13, engine.think(fromDiagram(stopFive, 1), opts).move), level.id).toBe('F7');
        expect(name(13, engine.think(fromDiagram(stopCapture, 1, { captures: [0, 8] }), opts).move), level.id).toBe(
          'H8',
        );
      }
    }
  });
});
