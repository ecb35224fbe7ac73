import { describe, expect, it } from 'vitest';
import { parsePoint } from '../../src/core';
import { Engine } from '../../src/ai/engine';
import { overlookedThreatMove } from '../../src/ai/skill';
import { DEFAULT_WEIGHTS } from '../../src/ai/weights';
import { game } from '../helpers';

const free = { variant: 'pente', tournamentRule: false } as const;
// Player 2 to move faces player 1's four K10–N10 (J10 or O10 blocks it).
const facingFour = game(free, 'K10 A1 L10 A3 M10 A5 N10');
const blocks = ['J10', 'O10'].map((n) => parsePoint(19, n));

describe('a depth-1 level overlooking a threat to win', () => {
  it('overlooks it about as often as its vision leaves out, never blocking when it does', () => {
    let overlooked = 0;
    for (let seed = 0; seed < 400; seed++) {
      const move = overlookedThreatMove(facingFour, { vision: 25, noise: 0 }, seed, DEFAULT_WEIGHTS);
      if (move === null) continue;
      overlooked++;
      expect(blocks).not.toContain(move);
      expect(facingFour.cells[move]).toBe(0);
    }
    expect(overlooked / 400).toBeGreaterThan(0.65);
    expect(overlooked / 400).toBeLessThan(0.85);
  });

  it('always sees it with full vision, and has nothing to overlook without a threat', () => {
    for (let seed = 0; seed < 50; seed++) {
      expect(overlookedThreatMove(facingFour, { vision: 100, noise: 0 }, seed, DEFAULT_WEIGHTS)).toBeNull();
      const quiet = game(free, 'K10 A1 L10');
      expect(overlookedThreatMove(quiet, { vision: 10, noise: 400 }, seed, DEFAULT_WEIGHTS)).toBeNull();
    }
  });

  it('plays the same move for the same seed', () => {
    for (let seed = 0; seed < 20; seed++) {
      const a = overlookedThreatMove(facingFour, { vision: 10, noise: 400 }, seed, DEFAULT_WEIGHTS);
      expect(overlookedThreatMove(facingFour, { vision: 10, noise: 400 }, seed, DEFAULT_WEIGHTS)).toBe(a);
    }
  });

  it('is what a level of depth 1 does in the engine, and deeper levels never do', () => {
    const engine = new Engine(16);
    const first = { id: 'first', name: 'First', depth: 1, timeMs: 300, vision: 10, judgement: 0, book: false };
    const deeper = { ...first, depth: 2 };
    let missed = 0;
    for (let seed = 0; seed < 40; seed++) {
      if (!blocks.includes(engine.think(facingFour, { level: first, seed }).move)) missed++;
      expect(blocks).toContain(engine.think(facingFour, { level: deeper, seed }).move);
    }
    expect(missed).toBeGreaterThan(20);
  });
});

describe('a level that sees none of the candidates', () => {
  it('plays one it happens upon, the same for the same seed, not always the sharpest', () => {
    const engine = new Engine(16);
    const blind = { id: 'blind', name: 'Blind', depth: 1, timeMs: 300, vision: 0, judgement: 0, book: false };
    const quiet = game(free, 'K10 L11 K11 L10');
    const moves = new Set<number>();
    for (let seed = 0; seed < 20; seed++) {
      const move = engine.think(quiet, { level: blind, seed }).move;
      expect(engine.think(quiet, { level: blind, seed }).move).toBe(move);
      moves.add(move);
    }
    expect(moves.size).toBeGreaterThan(4);
  });
});
