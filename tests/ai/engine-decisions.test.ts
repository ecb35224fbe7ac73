import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type BoardSize,
  type VariantId,
  formatPoint,
  makeRules,
  newGame,
  parsePoint,
  play,
  replay,
} from '../../src/core';
import { Engine } from '../../src/ai/engine';
import { rng } from '../helpers';

/**
 * The engine's decisions pinned: on positions of every variant and board size, a search to a fixed depth
 * and node count (no time limit, no book) must give the same move, score, depth and node count as when the fixture was
 * written. A refactoring of the engine (issue #23: the search split by job) changes none of them; a change
 * meant to alter the search rewrites the fixture on purpose, with its measurement:
 *
 *   UPDATE_ENGINE_DECISIONS=1 npx vitest run tests/ai/engine-decisions.test.ts
 */
interface Decision {
  readonly variant: VariantId;
  readonly size: BoardSize;
  readonly moves: string;
  readonly depth: number;
  readonly move: string;
  readonly score: number;
  readonly searched: number;
  readonly nodes: number;
}

const FIXTURE = new URL('../fixtures/engine-decisions.json', import.meta.url);
const VARIANTS: readonly VariantId[] = ['pente', 'keryo', 'gomoku', 'freestyle', 'boat', 'poof'];
const SIZES: readonly BoardSize[] = [19, 13, 9];
const DEPTH = 7;
/** A node limit too (as deterministic as the depth): a few positions would take minutes to depth 7. */
const NODES = 60_000;

/**
 * Seeded positions: four random opening moves near the centre, then a shallow search's moves (seeded, with
 * its judgement blurred a little, so games differ) to a random length: positions a game could reach, mostly
 * undecided. Each variant on each board size, three times.
 */
function positions(): { variant: VariantId; size: BoardSize; moves: number[] }[] {
  const out: { variant: VariantId; size: BoardSize; moves: number[] }[] = [];
  const random = rng(2311);
  for (const variant of VARIANTS) {
    for (const size of SIZES) {
      for (let k = 0; k < 3; k++) {
        let state = newGame({ variant, size });
        const c = (size - 1) >> 1;
        const plies = 10 + Math.floor(random() * 16);
        while (state.moves.length < 4) {
          const x = c + Math.floor(random() * 9) - 4;
          const y = c + Math.floor(random() * 9) - 4;
          const next = play(state, y * size + x);
          if (next.ok) state = next.value;
        }
        while (state.moves.length < plies && !state.result) {
          const seed = Math.floor(random() * 1000);
          const move = new Engine(14).think(state, {
            depth: 2,
            timeMs: 3_600_000,
            book: false,
            seed,
            settings: { noise: 60, seed },
          }).move;
          const next = play(state, move);
          if (!next.ok) break;
          state = next.value;
        }
        if (!state.result) out.push({ variant, size, moves: [...state.moves] });
      }
    }
  }
  return out;
}

function decide(variant: VariantId, size: BoardSize, moves: readonly number[]) {
  const state = replay(makeRules({ variant, size }), moves);
  if (!state.ok) throw new Error(`illegal move at ply ${state.error.ply}`);
  const r = new Engine(16).think(state.value, { depth: DEPTH, nodes: NODES, timeMs: 3_600_000, book: false });
  return { move: formatPoint(size, r.move), score: r.score, searched: r.depth, nodes: r.nodes };
}

if (process.env.UPDATE_ENGINE_DECISIONS) {
  const decisions: Decision[] = positions().map(({ variant, size, moves }) => ({
    variant,
    size,
    moves: moves.map((m) => formatPoint(size, m)).join(' '),
    depth: DEPTH,
    ...decide(variant, size, moves),
  }));
  writeFileSync(FIXTURE, `${JSON.stringify(decisions, null, 0).replace(/\},\{/g, '},\n{')}\n`);
}

describe('the engine at a fixed depth', () => {
  const decisions = existsSync(FIXTURE) ? (JSON.parse(readFileSync(FIXTURE, 'utf8')) as Decision[]) : [];

  it('has pinned positions of every variant and board size', () => {
    for (const variant of VARIANTS) expect(decisions.some((d) => d.variant === variant)).toBe(true);
    for (const size of SIZES) expect(decisions.some((d) => d.size === size)).toBe(true);
  });

  it('decides each pinned position exactly as before: move, score, depth and nodes', { timeout: 300_000 }, () => {
    const now = decisions.map((d) => {
      const moves = d.moves.split(' ').map((m) => parsePoint(d.size, m)!);
      return { ...d, ...decide(d.variant, d.size, moves) };
    });
    expect(now).toEqual(decisions);
  });
});
