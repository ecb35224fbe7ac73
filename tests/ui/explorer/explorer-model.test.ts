import { describe, expect, it } from 'vitest';
import { type GameResult, formatPoint, makeRules, parsePoint } from '../../../src/core';
import {
  explorerRows,
  positionOf,
  startPath,
  stepInto,
  stepOut,
  stepOutTo,
} from '../../../src/ui/explorer/explorer-model';
import { type OpeningGame, ownOpenings } from '../../../src/ui/explorer/own-openings';

/** The player's games added, then built (run to its end, as the screen runs it in slices). */
function built(games: readonly OpeningGame[]) {
  const own = ownOpenings();
  for (const game of games) own.add(game);
  for (const step of own.build()) void step;
  return own;
}
import { game } from '../../helpers';

const RULES = makeRules({ variant: 'pente', size: 19 });
const at = (name: string) => parsePoint(19, name)!;
const names = (points: readonly number[]) => points.map((p) => formatPoint(19, p));
const won = (winner: 1 | 2): GameResult => ({ winner, reason: 'five' });
const DRAW: GameResult = { winner: null, reason: 'draw' };
const pente = (opening: string, result: GameResult): OpeningGame => ({ variant: 'pente', size: 19, opening, result });

describe('stepping', () => {
  it('steps into legal moves, out one at a time and out to a depth, never above the start', () => {
    let path = startPath(RULES);
    const start = positionOf(path)!;
    expect(start.moves).toEqual([]);
    path = stepInto(path, start, at('K10'))!;
    path = stepInto(path, positionOf(path)!, at('L9'))!;
    expect(names(positionOf(path)!.moves)).toEqual(['K10', 'L9']);
    expect(positionOf(path)!.toMove).toBe(1);
    expect(names(positionOf(stepOut(path))!.moves)).toEqual(['K10']);
    expect(positionOf(stepOutTo(path, 0))!.moves).toEqual([]);
    expect(stepOut(stepOut(stepOut(path))).steps).toEqual([]);
    expect(stepOutTo(path, 5).steps).toEqual(path.steps);
  });

  it('refuses a taken point and one the tournament rule forbids', () => {
    const path = stepInto(startPath(RULES), positionOf(startPath(RULES))!, at('K10'))!;
    const afterTwo = stepInto(path, positionOf(path)!, at('L9'))!;
    expect(stepInto(path, positionOf(path)!, at('K10'))).toBeNull();
    // Player 1's second stone must be three or more points from the centre.
    expect(stepInto(afterTwo, positionOf(afterTwo)!, at('K12'))).toBeNull();
    expect(stepInto(afterTwo, positionOf(afterTwo)!, at('K13'))).not.toBeNull();
  });

  it('starts from a game in review and never steps out above it', () => {
    const path = startPath(RULES, [at('K10'), at('L9')]);
    const state = positionOf(path)!;
    expect(names(state.moves)).toEqual(['K10', 'L9']);
    expect(stepOut(path)).toEqual(path);
    const deeper = stepInto(path, state, at('N10'))!;
    expect(names(positionOf(stepOut(deeper))!.moves)).toEqual(['K10', 'L9']);
  });

  it('says a start whose moves do not replay is none', () => {
    expect(positionOf(startPath(RULES, [at('K10'), at('K10')]))).toBeNull();
  });
});

describe('the player\u2019s own openings', () => {
  it('counts mirrored and rotated games as one move, with the mover\u2019s score', () => {
    const own = built([
      pente('K10 L9 N10', won(1)), // L9: down-right of the centre
      pente('K10 J9 G10', won(2)), // its mirror image
      pente('K10 J11', DRAW), // a rotation of both
      pente('K10 K11', won(1)), // another move
    ]);
    expect(own.games).toBe(4);
    const first = own.movesAt(game({}, ''));
    expect(first).toEqual([{ point: at('K10'), games: 4, winRate: (2 + 0 + 1 + 2) / 2 / 4 }]);
    const afterCentre = own.movesAt(game({}, 'K10'));
    expect(afterCentre).toHaveLength(2);
    // Player 2 moves: won one of three diagonal games, drew one.
    expect(afterCentre[0]!.games).toBe(3);
    expect(afterCentre[0]!.winRate).toBeCloseTo((0 + 2 + 1) / 2 / 3);
    expect(afterCentre[1]).toEqual({ point: at('K11'), games: 1, winRate: 0 });
    // Asked in the mirrored game's frame, the diagonal move is shown on that side of the board.
    const mirrored = own.movesAt(game({}, 'K10 J9'));
    expect(names(mirrored.map((m) => m.point))).toEqual(['G10']);
    expect(own.movesAt(game({}, 'K10 L9')).map((m) => m.games)).toEqual([2]);
  });

  it('counts positions reached by another move order as the same position', () => {
    const own = built([pente('K10 L9 N10 L11 K13', won(1)), pente('K10 L11 N10 L9 K13', won(1))]);
    expect(own.movesAt(game({}, 'K10 L9 N10 L11'))).toEqual([{ point: at('K13'), games: 2, winRate: 1 }]);
  });

  it('replays each distinct opening prefix once, however many games share it', () => {
    const own = ownOpenings();
    for (let i = 0; i < 50; i++) own.add(pente(i % 2 ? 'K10 L9 N10' : 'K10 L9 K14', won(1)));
    own.add(pente('K10 J11', won(2)));
    // The empty board, K10 and K10 L9 have moves after them; the longer prefixes have none to replay for.
    expect([...own.build()]).toHaveLength(3);
    expect(own.games).toBe(51);
    expect(own.movesAt(game({}, 'K10 L9')).map((m) => [formatPoint(19, m.point), m.games])).toEqual([
      ['K14', 25],
      ['N10', 25],
    ]);
  });

  it('keeps apart variants and sizes, leaves out seat-choice variants and stops at a move that does not replay', () => {
    const own = built([
      { variant: 'keryo', size: 19, opening: 'K10 L9', result: won(1) },
      { variant: 'pente', size: 13, opening: 'G7 H6', result: won(1) },
      { variant: 'd-pente', size: 19, opening: 'K10 L9 K13 M9', result: won(1) },
      pente('K10 K10 L9', won(1)),
      pente('', won(1)),
    ]);
    expect(own.games).toBe(3);
    expect(own.movesAt(game({}, '')).map((m) => m.games)).toEqual([1]);
    expect(own.movesAt(game({}, 'K10'))).toEqual([]);
    expect(own.movesAt(game({ variant: 'keryo' }, 'K10')).map((m) => m.games)).toEqual([1]);
    expect(own.movesAt(game({ size: 13 }, ''))).toHaveLength(1);
  });
});

describe('rows', () => {
  it('merges the book\u2019s move with the player\u2019s symmetric one into one row at the book\u2019s point', () => {
    const state = game({}, 'K10');
    const own = built([pente('K10 J11', won(2)), pente('K10 K9', won(1))]);
    const rows = explorerRows(
      state,
      [
        { point: at('L9'), games: 120, winRate: 0.45 },
        { point: at('L10'), games: 30, winRate: 0.4 },
      ],
      own.movesAt(state),
    );
    expect(rows).toEqual([
      { point: at('L9'), name: 'L9', book: { games: 120, winRate: 0.45 }, own: { games: 1, winRate: 1 } },
      { point: at('L10'), name: 'L10', book: { games: 30, winRate: 0.4 }, own: { games: 1, winRate: 0 } },
    ]);
  });

  it('lists the player\u2019s moves the book lacks after the book\u2019s, and copes with no book', () => {
    const state = game({}, 'K10');
    const own = built([pente('K10 A1', won(1)), pente('K10 A1', won(2)), pente('K10 K12', won(2))]);
    const rows = explorerRows(state, [{ point: at('L9'), games: 3, winRate: 0.5 }], own.movesAt(state));
    expect(rows.map((r) => [r.name, r.book?.games ?? 0, r.own?.games ?? 0])).toEqual([
      ['L9', 3, 0],
      // After the centre stone the four corners are one move: it is shown at the canonical one.
      ['A19', 0, 2],
      ['K12', 0, 1],
    ]);
    expect(explorerRows(state, null, []).length).toBe(0);
  });
});
