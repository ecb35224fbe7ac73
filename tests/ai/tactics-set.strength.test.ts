import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatPoint } from '../../src/core';
import { Engine } from '../../src/ai/engine';
import { type TacticsPosition, MASTER_NODES, solves, stateOf } from '../../scripts/lib/tactics';

/**
 * A representative part of the prover-checked tactics set (data/tactics.json, issue #24): every SAMPLE-th
 * position, searched at the Master level's think as a node count and judged by the exhaustive prover. The
 * whole set runs in `npm run test:tactics` (docs/ENGINE-MEASUREMENTS.md has its figures).
 */
const SET = JSON.parse(readFileSync(new URL('../../data/tactics.json', import.meta.url), 'utf8')) as TacticsPosition[];
const SAMPLE = 4;

/** The sample's positions of one kind searched and judged (a move the prover cannot judge is left out). */
function judge(goal: TacticsPosition['goal']): { judged: number; captures: number; missed: string[] } {
  const sample = SET.filter((p) => p.goal === goal).filter((_, i) => i % SAMPLE === 0);
  const missed: string[] = [];
  let judged = 0;
  for (const position of sample) {
    const state = stateOf(position.link);
    const r = new Engine(18).think(state, { nodes: MASTER_NODES, timeMs: 3_600_000, book: false });
    const solved = solves(position, r.move);
    if (solved === null) continue;
    judged++;
    if (!solved) missed.push(`${position.id}: ${formatPoint(state.rules.size, r.move)} (${r.score})`);
  }
  return { judged, captures: sample.filter((p) => p.capture).length, missed };
}

describe('the tactics set (a sample)', () => {
  it('holds wins and defences from real games, a third of each through captures', () => {
    for (const goal of ['win', 'defend'] as const) {
      const kind = SET.filter((p) => p.goal === goal);
      expect(kind.length).toBeGreaterThan(20);
      expect(kind.filter((p) => p.capture).length * 3).toBeGreaterThanOrEqual(kind.length);
    }
  });

  it('finds the forced wins of up to four moves (at least 99%)', { timeout: 300_000 }, () => {
    const { judged, captures, missed } = judge('win');
    expect(judged).toBeGreaterThan(40);
    expect(captures).toBeGreaterThan(12);
    // One miss is allowed (the whole set misses 1 of 200): self-play 172 at ply 24, where the engine's move
    // N8 wins in 11 plies by its own search, beyond the 9 plies the prover can confirm.
    expect(missed.length, missed.join(', ')).toBeLessThanOrEqual(Math.max(1, Math.floor(judged * 0.01)));
  });

  // The whole set measures 96 of 98 (docs/ENGINE-MEASUREMENTS.md); the target is 95%.
  it('avoids the moves that allow one (at least 95%)', { timeout: 300_000 }, () => {
    const { judged, missed } = judge('defend');
    expect(judged).toBeGreaterThan(20);
    expect(missed.length, missed.join(', ')).toBeLessThanOrEqual(Math.floor(judged * 0.05));
  });
});
