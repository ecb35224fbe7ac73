import { type GameState, type Player, pointOf } from '../../src/core';
import { fromDiagram } from '../ai/helpers';

/**
 * 9x9 positions where a five and the capture target meet, shared by the core's tests and the engine's
 * (which must agree with the core on them). Player 1 (X) is to move; `MOVE`, (4, 4), is the move under
 * test. A row X X X X _ O O X means playing (4, 4) makes five on x = 0…4 and captures the pair at x = 5, 6.
 */
const empty = '. . . . . . . . .';
const fiveAndPair = 'X X X X . O O X .';
const fiveAndTriple = 'X X X X . O O O X';
const row4 = (row: string, below: readonly string[] = []) => [
  empty,
  empty,
  empty,
  empty,
  row,
  ...below,
  ...Array<string>(4 - below.length).fill(empty),
];

export const MOVE = pointOf(9, 4, 4);
export const FIVE_LINE = [0, 1, 2, 3, 4].map((x) => pointOf(9, x, 4));

/** Pente, 8 stones captured: the move makes five and takes the ninth and tenth. */
export const penteFiveAndTen = (): GameState => fromDiagram(row4(fiveAndPair), 1, { captures: [8, 0] });

/** Keryo-Pente, 12 captured: the move makes five and takes a triple, to fifteen. */
export const keryoFiveAndFifteen = (): GameState =>
  fromDiagram(row4(fiveAndTriple), 1, { variant: 'keryo', captures: [12, 0] });

/** Poof-Pente, 8 to 4: the move makes five and takes the tenth stone with a lead. */
export const poofFiveAndTen = (): GameState => fromDiagram(row4(fiveAndPair), 1, { variant: 'poof', captures: [8, 4] });

/** Boat-Pente, 8 captured: the same move, and no stone of the five can be captured. */
export const boatUnbreakableFiveAndTen = (): GameState =>
  fromDiagram(row4(fiveAndPair), 1, { variant: 'boat', captures: [8, 0] });

/** Boat-Pente, 8 captured: the same move, but O (at (1, 6)) could capture (1, 4)–(1, 5) from (1, 3). */
export const boatBreakableFiveAndTen = (): GameState =>
  fromDiagram(row4(fiveAndPair, ['. X . . . . . . .', '. O . . . . . . .']), 1, { variant: 'boat', captures: [8, 0] });

/**
 * Boat-Pente: X's move makes a breakable five (the pair (1, 4)–(1, 5) again); O, on eight, can then take
 * its ninth and tenth stones at `LEAVES_FIVE`, (3, 1), or, breaking the five, at `BREAKS_FIVE`, (1, 3).
 */
export const boatReplyReachesTen = (): GameState =>
  fromDiagram(
    [
      empty,
      'O X X . . . . . .',
      empty,
      empty,
      'X X X X . . . . .',
      '. X . . . . . . .',
      '. O . . . . . . .',
      empty,
      empty,
    ],
    1,
    { variant: 'boat', captures: [0, 8] },
  );
export const LEAVES_FIVE = pointOf(9, 3, 1);
export const BREAKS_FIVE = pointOf(9, 1, 3);

/** O-Pente, 13 to 0: the move makes a breakable five (the pair (1, 4)–(1, 5)) and takes its fifteenth stone. */
export const oPenteBreakableFiveAndFifteen = (): GameState =>
  fromDiagram(row4(fiveAndPair, ['. X . . . . . . .', '. O . . . . . . .']), 1, {
    variant: 'o-pente',
    captures: [13, 0],
  });

/**
 * O-Pente, 15 to 15: X at (3, 0) takes the pair below it (17) and completes its own triple between O stones
 * (poofed: O has 18); the one with more wins.
 */
export const oPenteBothPastFifteen = (): GameState =>
  fromDiagram(
    [
      'O X X . O . . . .',
      '. . . O . . . . .',
      '. . . O . . . . .',
      '. . . X . . . . .',
      ...Array<string>(5).fill(empty),
    ],
    1,
    {
      variant: 'o-pente',
      captures: [15, 15],
    },
  );
export const BOTH_PAST_FIFTEEN = pointOf(9, 3, 0);

/** Every case as a start and a line of moves, with the winner the core gives (for the engine's test). */
export const OUTCOME_CASES: readonly {
  readonly name: string;
  readonly start: () => GameState;
  readonly moves: readonly number[];
  readonly winner: Player;
}[] = [
  { name: 'Pente five and ten', start: penteFiveAndTen, moves: [MOVE], winner: 1 },
  { name: 'Keryo five and fifteen', start: keryoFiveAndFifteen, moves: [MOVE], winner: 1 },
  { name: 'Poof five and ten', start: poofFiveAndTen, moves: [MOVE], winner: 1 },
  { name: 'Boat unbreakable five and ten', start: boatUnbreakableFiveAndTen, moves: [MOVE], winner: 1 },
  { name: 'Boat breakable five and ten', start: boatBreakableFiveAndTen, moves: [MOVE], winner: 1 },
  { name: 'Boat reply to ten, five stands', start: boatReplyReachesTen, moves: [MOVE, LEAVES_FIVE], winner: 1 },
  { name: 'Boat reply to ten, five broken', start: boatReplyReachesTen, moves: [MOVE, BREAKS_FIVE], winner: 2 },
  { name: 'O-Pente breakable five and fifteen', start: oPenteBreakableFiveAndFifteen, moves: [MOVE], winner: 1 },
  { name: 'O-Pente both past fifteen', start: oPenteBothPastFifteen, moves: [BOTH_PAST_FIFTEEN], winner: 2 },
];
