/**
 * The tutorial's lessons as data, checked by the rules themselves. A lesson is a position (built through
 * legal play, so it is a position the real game can reach), a prompt, and a goal that the core judges:
 * whatever point the player picks, `tryLessonMove` plays it with `previewMove` and asks whether it did what
 * the lesson asked (made five, captured, stopped every winning reply…). Each lesson also lists the answers
 * it expects and the mistakes it explains; tests/core/lessons.test.ts holds every one of them to the core.
 */
import { type Player, type Point, EMPTY } from './board';
import { formatPoint, parsePoint } from './coords';
import { type GameState, type IllegalMove, newGame, play, replay } from './game';
import type { SeatStep } from './game-actions';
import { dueOpeningSteps, takeOpeningStep } from './opening';
import { type MovePreview, previewMove } from './preview';
import { type Result, err, ok } from './result';
import { type BoardSize, type Rules, type VariantId, makeRules } from './variants';

/**
 * Lessons use the small board: every point is a comfortable tap on a phone, and no zoom is needed. One
 * lesson is on the big board, to show how it is played on a phone (see `size`).
 */
export const LESSON_BOARD_SIZE = 9;

/**
 * What the move must do, as the core sees it:
 * - `legal`: be allowed at all (the opening rules: the centre first, the tournament rule);
 * - `five`: win by a line: five in a row (Gomoku's exactly five), Connect6's six;
 * - `capture`: take at least `stones` of the opponent's stones;
 * - `capture-win`: win by captured stones;
 * - `stop-win`: leave the opponent no reply that wins (block a four, or capture out of it);
 * - `seat`: no stone but the opening step that is due (D-Pente's and Swap2's seat choice, Swap2's pass):
 *   `choice` is the better one, as the engine's search of the position finds it (tests/ai/lessons.test.ts).
 */
export type LessonGoal =
  | { readonly kind: 'legal' }
  | { readonly kind: 'five' }
  | { readonly kind: 'capture'; readonly stones: number }
  | { readonly kind: 'capture-win' }
  | { readonly kind: 'stop-win' }
  | { readonly kind: 'seat'; readonly choice: LessonStep };

/**
 * How the lesson's position comes about: a diagram of the stones (rows from the top, `X` Black, `O` White,
 * `.` empty; Black moves next when the counts are equal, else White) for which `positionFromDiagram` finds
 * a legal order of play, or a game's moves in pente.org coordinates when the position needs a history
 * (stones already captured).
 */
export type LessonSetup = { readonly diagram: readonly string[] } | { readonly moves: readonly string[] };

export interface Lesson {
  /**
   * Stable: saved progress names lessons by id. The lesson's words (title, prompt, what is said after a
   * right or wrong move, and about each mistake) are the UI's, found by id (src/ui/lessons/lesson-words.ts).
   */
  readonly id: string;
  readonly variant: VariantId;
  /** The board, when not LESSON_BOARD_SIZE. */
  readonly size?: BoardSize;
  readonly setup: LessonSetup;
  readonly goal: LessonGoal;
  /**
   * Points that meet the goal (pente.org names; a `seat` lesson's: the step, `swap`, `keep` or `pass`); the
   * tests check each with the core.
   */
  readonly solutions: readonly string[];
  /**
   * Tempting points (or steps) that do not, each with its own explanation in the catalogue; the tests check
   * the core rejects each.
   */
  readonly mistakes: readonly string[];
}

export const LESSONS: readonly Lesson[] = [
  {
    id: 'place',
    variant: 'pente',
    setup: { diagram: empty() },
    goal: { kind: 'legal' },
    solutions: ['E5'],
    mistakes: ['A1', 'D4'],
  },
  {
    id: 'five',
    variant: 'pente',
    setup: {
      diagram: [
        '.........',
        '.........',
        '...O..O..',
        '.........',
        '.XX.XXO..',
        '.........',
        '.....O...',
        '.........',
        '.........',
      ],
    },
    goal: { kind: 'five' },
    solutions: ['D5'],
    mistakes: ['A5', 'G6'],
  },
  {
    id: 'block',
    variant: 'pente',
    setup: {
      diagram: [
        '.........',
        '.........',
        '.XOOOO...',
        '.........',
        '....X....',
        '.........',
        '...X.....',
        '.......X.',
        '.........',
      ],
    },
    goal: { kind: 'stop-win' },
    solutions: ['G7'],
    mistakes: ['E6', 'H7'],
  },
  {
    id: 'capture',
    variant: 'pente',
    setup: {
      diagram: [
        '.........',
        '..X......',
        '.........',
        '.........',
        '....XOO..',
        '.........',
        '.........',
        '.........',
        '.........',
      ],
    },
    goal: { kind: 'capture', stones: 2 },
    solutions: ['H5'],
    mistakes: ['D5', 'G6'],
  },
  {
    id: 'safe-pair',
    variant: 'pente',
    setup: {
      diagram: [
        '.........',
        '....OX.O.',
        '......O..',
        '......O..',
        '..X.X.O..',
        '...X..O..',
        '..X...X..',
        '.........',
        '.........',
      ],
    },
    goal: { kind: 'stop-win' },
    solutions: ['G8'],
    mistakes: ['G9', 'D8'],
  },
  {
    id: 'capture-win',
    variant: 'pente',
    // Black captures four pairs (F5 G5, E4 E3, D6 C7, F6 G7) on the way, then White plays into a fifth.
    setup: {
      moves: [
        'E5',
        'F5',
        'C8',
        'G5',
        'H5',
        'E4',
        'D3',
        'E3',
        'E2',
        'D6',
        'G3',
        'C7',
        'B8',
        'F6',
        'C4',
        'G7',
        'H8',
        'D5',
        'F2',
        'C5',
      ],
    },
    goal: { kind: 'capture-win' },
    solutions: ['B5'],
    mistakes: ['F5'],
  },
  {
    id: 'break-five',
    variant: 'pente',
    setup: {
      diagram: [
        '.........',
        '.........',
        '..OOOO...',
        '....O....',
        '....X....',
        '.X.......',
        '.......X.',
        '.X.....X.',
        '.........',
      ],
    },
    goal: { kind: 'stop-win' },
    solutions: ['E8'],
    mistakes: ['B7', 'G7'],
  },
  {
    id: 'tournament-rule',
    variant: 'pente',
    setup: { moves: ['E5', 'F6'] },
    goal: { kind: 'legal' },
    solutions: ['E8', 'B2', 'H5'],
    mistakes: ['D5', 'G7'],
  },
  {
    id: 'big-board',
    variant: 'pente',
    size: 19,
    setup: {
      diagram: [
        '...................',
        '...................',
        '...................',
        '...................',
        '...................',
        '...................',
        '........O.O.O.O....',
        '...................',
        '...................',
        '.........XXXX......',
        '...................',
        '...................',
        '...................',
        '...................',
        '...................',
        '...................',
        '...................',
        '...................',
        '...................',
      ],
    },
    goal: { kind: 'five' },
    solutions: ['J10', 'O10'],
    mistakes: ['K11', 'P10'],
  },
  {
    id: 'keryo',
    variant: 'keryo',
    setup: {
      diagram: [
        '.........',
        '.X.......',
        '.........',
        '.........',
        '....XOOO.',
        '...O.....',
        '..O....X.',
        '.......X.',
        '........X',
      ],
    },
    goal: { kind: 'capture', stones: 3 },
    solutions: ['J5'],
    mistakes: ['B2', 'H6'],
  },
  {
    id: 'gomoku',
    variant: 'gomoku',
    setup: {
      diagram: [
        '.........',
        '.........',
        '...O.O...',
        '.........',
        '.XXXX.XO.',
        '.........',
        '..O.O....',
        '.........',
        '.........',
      ],
    },
    goal: { kind: 'five' },
    solutions: ['A5'],
    mistakes: ['F5'],
  },
  {
    // G-Pente: the tournament rule's square, and on the centre's row and column three and four points out.
    id: 'g-pente',
    variant: 'g-pente',
    setup: { moves: ['E5', 'F6'] },
    goal: { kind: 'legal' },
    solutions: ['B2', 'H8', 'C8'],
    mistakes: ['H5', 'E8', 'D5'],
  },
  {
    // D-Pente: player 1 placed all four stones; Black's two stand together in the middle, White's in the
    // corners, and Black plays next: player 2 takes Black's seat.
    id: 'd-pente',
    variant: 'd-pente',
    setup: { moves: ['E5', 'A1', 'F6', 'J9'] },
    goal: { kind: 'seat', choice: 'swap' },
    solutions: ['swap'],
    mistakes: ['keep'],
  },
  {
    // Swap2: Black's two stones are on the edge, White's in the middle, and White plays next: keep White.
    id: 'swap2',
    variant: 'swap2-pente',
    setup: { moves: ['A1', 'E5', 'J1'] },
    goal: { kind: 'seat', choice: 'keep' },
    solutions: ['keep'],
    mistakes: ['swap', 'pass'],
  },
  {
    // Connect6: Black (six stones, as many as White) plays the second stone of its turn; five is not a win, six is.
    id: 'connect6',
    variant: 'connect6',
    setup: {
      diagram: [
        '.........',
        '.O...O...',
        '.........',
        '.O.......',
        '.XXXX.X..',
        '.........',
        '.O...O...',
        '.......X.',
        '.O.......',
      ],
    },
    goal: { kind: 'five' },
    solutions: ['F5'],
    mistakes: ['A5'],
  },
  {
    // Renju (15×15, the opening played with every window kept, branch A): Black's F5 G5 H5 J5 and L5 on row 5,
    // M10 M11 on column M and K12 L12 on row 12. E5 makes exactly five and wins; K5 makes six (an overline)
    // and M12 two open threes (a double three): forbidden points, on which Black loses at once.
    id: 'renju',
    variant: 'renju',
    size: 15,
    setup: {
      moves: 'H8 H9 J10 G11 F5 A1 G5 A13 H5 A15 J5 C15 L5 C1 M10 O1 M11 O3 K12 O13 L12 O15'.split(' '),
    },
    goal: { kind: 'five' },
    solutions: ['E5'],
    mistakes: ['K5', 'M12'],
  },
];

function empty(): string[] {
  return Array.from({ length: LESSON_BOARD_SIZE }, () => '.'.repeat(LESSON_BOARD_SIZE));
}

export const lessonById = (id: string): Lesson | undefined => LESSONS.find((l) => l.id === id);

export const lessonRules = (lesson: Lesson): Rules =>
  makeRules({ variant: lesson.variant, size: lesson.size ?? LESSON_BOARD_SIZE });

/** The stones of a diagram (rows from the top), or why it is not one for this board. */
export function diagramStones(
  size: number,
  rows: readonly string[],
): Result<{ black: Point[]; white: Point[] }, string> {
  if (rows.length !== size || rows.some((r) => r.length !== size)) return err(`The diagram is not ${size} by ${size}.`);
  const black: Point[] = [];
  const white: Point[] = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const c = rows[y]![x]!;
      if (c === 'X') black.push(y * size + x);
      else if (c === 'O') white.push(y * size + x);
      else if (c !== '.') return err(`"${c}" in the diagram is not X, O or a dot.`);
    }
  }
  return ok({ black, white });
}

/** How many orders of play the search for a diagram's history may try before it gives up. */
const ORDER_SEARCH_LIMIT = 100_000;

/**
 * A game, played by the rules, whose position is the diagram's: every stone placed once, with no capture and
 * no result on the way (so the opening rules and the turn order hold as in a real game). Searches the order
 * of play depth first; the centre and the tournament rule usually fix the first three moves and the rest
 * follow in any order.
 */
export function positionFromDiagram(rules: Rules, rows: readonly string[]): Result<GameState, string> {
  const stones = diagramStones(rules.size, rows);
  if (!stones.ok) return stones;
  const { black, white } = stones.value;
  if (black.length !== white.length && black.length !== white.length + 1) {
    return err(`Black has ${black.length} stones and White ${white.length}: Black must have as many or one more.`);
  }
  let tries = 0;
  const search = (state: GameState, left: readonly [Point[], Point[]]): GameState | null => {
    const mine = left[state.toMove - 1]!;
    if (left[0].length === 0 && left[1].length === 0) return state;
    for (const p of mine) {
      if (++tries > ORDER_SEARCH_LIMIT) return null;
      const next = play(state, p);
      if (!next.ok || next.value.result || next.value.lastMove?.captured.length) continue;
      const rest = mine.filter((q) => q !== p);
      const found = search(next.value, state.toMove === 1 ? [rest, left[1]] : [left[0], rest]);
      if (found) return found;
    }
    return null;
  };
  const found = search(newGame(rules), [black, white]);
  return found ? ok(found) : err('No order of legal moves reaches the diagram.');
}

/** The lesson's starting position. */
export function lessonPosition(lesson: Lesson): Result<GameState, string> {
  const rules = lessonRules(lesson);
  const { setup } = lesson;
  if ('diagram' in setup) return positionFromDiagram(rules, setup.diagram);
  const points: Point[] = [];
  for (const name of setup.moves) {
    const p = parsePoint(rules.size, name);
    if (p === undefined) return err(`${name} is not a point of the board.`);
    points.push(p);
  }
  const played = replay(rules, points);
  return played.ok ? played : err(`Move ${played.error.ply + 1}: ${played.error.illegal.message}`);
}

/**
 * What to tell the player after a move, as the UI finds its words (src/ui/lessons/lesson-words.ts):
 * - `right`: the lesson's words for a move that meets the goal;
 * - `mistake`: the words for one of the lesson's listed mistakes, at `point`;
 * - `wrong`: the lesson's words for any other move, and the opponent's winning reply when there is one;
 * - `occupied`: the point already holds a stone (the rules' plain refusal, not the lesson's).
 */
export type LessonExplanation =
  | { readonly kind: 'right' }
  | { readonly kind: 'mistake'; readonly point: string }
  | { readonly kind: 'wrong'; readonly reply: Point | null }
  | { readonly kind: 'occupied'; readonly point: string };

/** What a move in a lesson did, judged by the core. */
export interface LessonAttempt {
  /** The stone's point; null for an opening step (a `seat` lesson's answer, `step`). */
  readonly point: Point | null;
  readonly step?: LessonStep;
  readonly correct: boolean;
  /** The move as played (what the board shows after it), or null when the rules refused it. */
  readonly preview: MovePreview | null;
  /** Why the rules refused it, when they did. */
  readonly illegal: IllegalMove | null;
  /** For a move that leaves the opponent a win: the winning reply, to show. */
  readonly refutation: Point | null;
  /** What to tell the player. */
  readonly explanation: LessonExplanation;
}

/** A reply of the side to move that wins at once, or null when there is none. */
export function winningReply(state: GameState): Point | null {
  if (state.result) return null;
  const mover: Player = state.toMove;
  for (let p = 0; p < state.cells.length; p++) {
    if (state.cells[p] !== EMPTY) continue;
    const next = play(state, p);
    if (next.ok && next.value.result?.winner === mover) return p;
  }
  return null;
}

/** Whether a legal move meets the goal, and the reply that shows it does not (when there is one). */
function judge(goal: LessonGoal, move: MovePreview): { met: boolean; refutation: Point | null } {
  const { result, player } = move;
  switch (goal.kind) {
    case 'legal':
      return { met: true, refutation: null };
    case 'five':
      // A line that wins: five (Gomoku: exactly five), Connect6's six.
      return {
        met: result?.winner === player && (result.reason === 'five' || result.reason === 'six'),
        refutation: null,
      };
    case 'capture':
      return { met: move.captured.length >= goal.stones, refutation: null };
    case 'capture-win':
      return { met: result?.winner === player && result.reason === 'captures', refutation: null };
    case 'seat':
      return { met: false, refutation: null };
    case 'stop-win': {
      if (result?.winner === player) return { met: true, refutation: null };
      const reply = winningReply(move.next);
      return { met: reply === null, refutation: reply };
    }
  }
}

/** Plays `point` in the lesson's position and says whether it does what the lesson asks, and why. */
export function tryLessonMove(lesson: Lesson, start: GameState, point: Point): LessonAttempt {
  const name = formatPoint(start.rules.size, point);
  const listed = lesson.mistakes.includes(name);
  const previewed = previewMove(start, point);
  if (!previewed.ok) {
    return {
      point,
      correct: false,
      preview: null,
      illegal: previewed.error,
      refutation: null,
      // An occupied point says so; a broken opening rule is what the lesson explains.
      explanation:
        previewed.error.reason === 'occupied'
          ? { kind: 'occupied', point: name }
          : listed
            ? { kind: 'mistake', point: name }
            : { kind: 'wrong', reply: null },
    };
  }
  const { met, refutation } = judge(lesson.goal, previewed.value);
  return {
    point,
    correct: met,
    preview: previewed.value,
    illegal: null,
    refutation,
    explanation: met
      ? { kind: 'right' }
      : listed
        ? { kind: 'mistake', point: name }
        : { kind: 'wrong', reply: refutation },
  };
}

/** The opening steps a lesson asks for: the seat choices and Swap2's pass (no lesson asks for Renju's offers). */
export type LessonStep = SeatStep;

/** The due steps a lesson's buttons offer (Renju's offers, which are not one button, left out). */
export const lessonSteps = (steps: readonly unknown[]): LessonStep[] =>
  steps.filter((s): s is LessonStep => typeof s === 'string');

/** Whether the lesson's answer is an opening step (the seat choice) rather than a stone. */
export const isSeatLesson = (lesson: Lesson): boolean => lesson.goal.kind === 'seat';

/** Takes an opening step in a `seat` lesson's position and says whether it is the lesson's choice, and why. */
export function tryLessonStep(lesson: Lesson, start: GameState, step: LessonStep): LessonAttempt {
  const due = dueOpeningSteps(start).includes(step) && takeOpeningStep(start, step) !== null;
  const correct = due && lesson.goal.kind === 'seat' && lesson.goal.choice === step;
  return {
    point: null,
    step,
    correct,
    preview: null,
    illegal: null,
    refutation: null,
    explanation: correct
      ? { kind: 'right' }
      : lesson.mistakes.includes(step)
        ? { kind: 'mistake', point: step }
        : { kind: 'wrong', reply: null },
  };
}
