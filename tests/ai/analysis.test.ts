import { describe, expect, it } from 'vitest';
import { formatPoint, parsePoint, play, replay } from '../../src/core';
import { Engine } from '../../src/ai/engine';
import { WIN, isWinScore } from '../../src/ai/search';
import { fromDiagram } from './helpers';

/** 13×13, X player 1 and O player 2, given by column: each string is a column from the top. */
const byColumns = (columns: Record<number, string>): string[] => {
  const rows = Array.from({ length: 13 }, () => Array<string>(13).fill('.'));
  for (const [x, column] of Object.entries(columns)) [...column].forEach((c, y) => (rows[y]![Number(x)] = c));
  return rows.map((r) => r.join(' '));
};
/** Player 1 makes five at E8 (E10 E9 E7 E6 are theirs); player 2 has a pair elsewhere. */
const winInOne = byColumns({ 4: '...XX.XX', 9: '..........O', 10: '..........O' });
/** Player 2 threatens five at E8 the same way; player 1 has one sensible move. */
const stopFive = byColumns({ 4: '...OO.OO', 8: '.........X', 9: '..........X' });

const opening = (text: string) => {
  const game = replay(
    {},
    text.split(' ').map((m) => parsePoint(19, m)!),
  );
  if (!game.ok) throw new Error(game.error.illegal.message);
  return game.value;
};

describe('Engine.analyse', () => {
  it('finds a win now as the best line, scored as the fastest win', () => {
    const state = fromDiagram(winInOne, 1);
    const { lines } = new Engine(16).analyse(state, { timeMs: 600_000, depth: 4, lines: 3 });
    expect(formatPoint(13, lines[0]!.move)).toBe('E8');
    expect(lines[0]!.score).toBe(WIN - 1);
  });

  it('gives distinct moves, best first, each with a line that starts with it', () => {
    const state = opening('K10 L11 G10 J10 J8 L8 J12 K9');
    const progress: number[] = [];
    // Depth-limited with time to spare, so every line completes however busy the machine is.
    const { lines } = new Engine(16).analyse(state, {
      timeMs: 600_000,
      depth: 4,
      lines: 3,
      onProgress: (known) => progress.push(known.length),
    });
    expect(lines).toHaveLength(3);
    expect(new Set(lines.map((l) => l.move)).size).toBe(3);
    for (const line of lines) expect(line.pv[0]).toBe(line.move);
    for (let i = 1; i < lines.length; i++) expect(lines[i - 1]!.score).toBeGreaterThanOrEqual(lines[i]!.score);
    // Progress reports the first line as it deepens, then the others as they come.
    expect(progress[0]).toBe(1);
    expect(progress.at(-1)).toBe(3);
  });

  it('searches the only defence instead of scoring it statically', () => {
    const state = fromDiagram(stopFive, 1);
    const { lines } = new Engine(16).analyse(state, { timeMs: 600_000, depth: 4, lines: 2 });
    expect(formatPoint(13, lines[0]!.move)).toBe('E8');
    expect(lines[0]!.depth).toBeGreaterThan(1);
    expect(lines[0]!.pv.length).toBeGreaterThan(1);
    expect(isWinScore(lines[0]!.score)).toBe(false);
  });

  it('stops when asked, with what it has', () => {
    const state = opening('K10 L11 G10 J10 J8 L8');
    let polls = 0;
    const { lines } = new Engine(16).analyse(state, { timeMs: 60_000, lines: 3, shouldStop: () => ++polls > 20 });
    expect(lines.length).toBeLessThanOrEqual(1);
  });

  it('refuses a finished game', () => {
    const state = fromDiagram(winInOne, 1);
    const won = play(state, parsePoint(13, 'E8')!);
    if (!won.ok) throw new Error(won.error.message);
    expect(won.value.result?.winner).toBe(1);
    expect(() => new Engine(16).analyse(won.value, { timeMs: 100 })).toThrow(/over/);
  });
});
