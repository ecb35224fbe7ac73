import { describe, expect, it } from 'vitest';
import { formatPoint, parsePoint } from '../../src/core';
import { Engine } from '../../src/ai/engine';
import { MoveGen } from '../../src/ai/movegen';
import { Position } from '../../src/ai/position';
import { Searcher, WIN, fromTable, toTable } from '../../src/ai/search';
import { DEFAULT_SETTINGS } from '../../src/ai/search-settings';
import { TranspositionTable } from '../../src/ai/tt';
import { MASTER_NODES } from '../../scripts/lib/tactics';
import { fromRecord } from './helpers';

/**
 * Issue #24: a game lost to pente.org's MMAI. Black to move wins by force: N8 (a four: O7 N8 M9 _ K11) is
 * answered by L10 only, and M11 then captures L10–K9 (J8 flanks), which opens two fours at once (the
 * diagonal again at L10, the K column at K9): five next move. The engine used to rank M11 15th at the
 * third ply (a capture, 4,409) and the filter kept 14, so it never saw it.
 */
const BEFORE_WHITE = 'K10 J10 O9 H8 O7 G8 O8 O10 O6 O5 J8 F8 K11 H9 K12 K9 M9';
const BLACK_WINS = `${BEFORE_WHITE} H11 K13 K14`;
const AFTER_THREAT = `${BLACK_WINS} N8 L10`;

const at = (text: string) => parsePoint(19, text)!;
const names = (points: readonly number[]) => points.map((p) => formatPoint(19, p));

describe('a forced win through a capture (issue #24)', () => {
  it('Black finds N8 L10 M11 within the Master think, and scores it as the win in 5 it is', () => {
    const r = new Engine(18).think(fromRecord(BLACK_WINS), { nodes: MASTER_NODES, timeMs: 600_000, book: false });
    expect(formatPoint(19, r.move)).toBe('N8');
    expect(r.score).toBe(WIN - 5);
  });

  it('after N8 L10, plays the capture M11 that leaves two fours', () => {
    const r = new Engine(18).think(fromRecord(AFTER_THREAT), { nodes: MASTER_NODES, timeMs: 600_000, book: false });
    expect(formatPoint(19, r.move)).toBe('M11');
    expect(r.score).toBe(WIN - 3);
  });

  it('sees it at every depth: already a one-ply search finds it through the victory search', () => {
    for (const depth of [1, 2, 3, 5, 9]) {
      const searcher = new Searcher(
        Position.fromState(fromRecord(BLACK_WINS)),
        DEFAULT_SETTINGS,
        new TranspositionTable(16),
      );
      const r = searcher.run({ depth, hardMs: 600_000, softMs: 600_000, fixedTime: true });
      expect(formatPoint(19, r.move)).toBe('N8');
      expect(r.score).toBe(WIN - 5);
    }
  });

  it('the move filter ranks a capture that opens two fours above every plain four', () => {
    const pos = Position.fromState(fromRecord(AFTER_THREAT));
    const gen = new MoveGen(pos);
    const moves = new Int16Array(pos.points);
    const scores = new Int32Array(pos.points);
    const count = gen.generate(moves, scores, 0, { forced: false, best: 0 });
    MoveGen.sort(moves, scores, 0, count);
    expect(formatPoint(19, moves[0]!)).toBe('M11');
    expect(gen.captureThreats(at('M11'))).toBe(2);
    // P6 and Q5 make a plain four each; a quiet capture opens none.
    expect(names(Array.from(moves.subarray(1, 3)))).toEqual(['P6', 'Q5']);
  });
});

describe("the table's win scores", () => {
  it('are kept relative to the node, so a win found at one ply reads right at another', () => {
    // A win 3 plies below a node at ply 5 (WIN - 8 from the root) is stored as a win in 3 from the node…
    expect(toTable(WIN - 8, 5)).toBe(WIN - 3);
    expect(toTable(-(WIN - 8), 5)).toBe(-(WIN - 3));
    // …and read back at ply 2 (the same position two moves later in the game) as WIN - 5.
    expect(fromTable(toTable(WIN - 8, 5), 2)).toBe(WIN - 5);
    expect(fromTable(toTable(-(WIN - 8), 5), 2)).toBe(-(WIN - 5));
    // Other scores are stored as they are.
    expect(toTable(1234, 7)).toBe(1234);
    expect(fromTable(-1234, 7)).toBe(-1234);
  });
});
