/**
 * The tutorial's lessons as data, checked by the rules themselves. A lesson is a position (built through
 * legal play, so it is a position the real game can reach), a prompt, and a goal that the core judges:
 * whatever point the player picks, `tryLessonMove` plays it with `previewMove` and asks whether it did what
 * the lesson asked (made five, captured, stopped every winning reply…). Each lesson also lists the answers
 * it expects and the mistakes it explains; tests/core/lessons.test.ts holds every one of them to the core.
 */
import { type Player, type Point, EMPTY, opponent } from './board';
import { formatPoint, parsePoint } from './coords';
import { type GameState, type IllegalMove, newGame, play, replay } from './game';
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
 * - `five`: win by five in a row (Gomoku's exactly five included);
 * - `capture`: take at least `stones` of the opponent's stones;
 * - `capture-win`: win by captured stones;
 * - `stop-win`: leave the opponent no reply that wins (block a four, or capture out of it).
 */
export type LessonGoal =
  | { readonly kind: 'legal' }
  | { readonly kind: 'five' }
  | { readonly kind: 'capture'; readonly stones: number }
  | { readonly kind: 'capture-win' }
  | { readonly kind: 'stop-win' };

/**
 * How the lesson's position comes about: a diagram of the stones (rows from the top, `X` Black, `O` White,
 * `.` empty; Black moves next when the counts are equal, else White) for which `positionFromDiagram` finds
 * a legal order of play, or a game's moves in pente.org coordinates when the position needs a history
 * (stones already captured).
 */
export type LessonSetup = { readonly diagram: readonly string[] } | { readonly moves: readonly string[] };

export interface Lesson {
  /** Stable: saved progress names lessons by id. */
  readonly id: string;
  readonly title: string;
  readonly variant: VariantId;
  /** The board, when not LESSON_BOARD_SIZE. */
  readonly size?: BoardSize;
  readonly setup: LessonSetup;
  /** What to do, in a sentence or two. */
  readonly prompt: string;
  readonly goal: LessonGoal;
  /** Said after a move that meets the goal. */
  readonly right: string;
  /** Said after a move that does not, unless it is one of the `mistakes`. */
  readonly wrong: string;
  /** Points that meet the goal (pente.org names); the tests check each with the core. */
  readonly solutions: readonly string[];
  /** Tempting points that do not, with what to say about each; the tests check the core rejects each. */
  readonly mistakes: readonly { readonly point: string; readonly why: string }[];
}

export const LESSONS: readonly Lesson[] = [
  {
    id: 'place',
    title: 'Place a stone',
    variant: 'pente',
    setup: { diagram: empty() },
    prompt:
      'Black moves first, and the first stone of the game goes on the centre point. Tap the centre to place your first stone there.',
    goal: { kind: 'legal' },
    right: 'That is the centre. From now on the players take turns, one stone at a time, anywhere on the board.',
    wrong: 'The first stone must go on the centre point, E5, the dot in the middle.',
    solutions: ['E5'],
    mistakes: [
      { point: 'A1', why: 'A corner is no place to start: the first stone must go on the centre point, E5.' },
      { point: 'D4', why: 'Close, but the first stone must go exactly on the centre point, E5.' },
    ],
  },
  {
    id: 'five',
    title: 'Make five in a row',
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
    prompt: 'Five of your stones in a row wins: across, down or diagonally. Find the move that makes five.',
    goal: { kind: 'five' },
    right: 'B5 to F5: five in a row, and the game is won.',
    wrong: 'That does not make five. Look along the row of black stones for the gap.',
    solutions: ['D5'],
    mistakes: [
      {
        point: 'A5',
        why: 'That makes a row of three, A5 to C5, then the gap: the stones must be next to each other. Fill the gap at D5.',
      },
      { point: 'G6', why: 'That starts a new line instead of finishing the one you have. Fill the gap at D5.' },
    ],
  },
  {
    id: 'block',
    title: 'Block a four',
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
    prompt: 'White has four in a row and will make five next move. Stop it.',
    goal: { kind: 'stop-win' },
    right: 'Blocked: with your stones at both ends, that four can never become five.',
    wrong: 'White still makes five next move. Block the open end of the four.',
    solutions: ['G7'],
    mistakes: [
      { point: 'E6', why: 'That is next to the four, not at its end: White plays G7 and makes five.' },
      { point: 'H7', why: 'One point too far: White plays G7, between, and makes five.' },
    ],
  },
  {
    id: 'capture',
    title: 'Capture a pair',
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
    prompt:
      'When exactly two of your opponent’s stones lie between two of yours in a line, they are captured and taken off the board. Capture the white pair.',
    goal: { kind: 'capture', stones: 2 },
    right: 'Captured: E5 and H5 close the pair in, so both white stones come off the board.',
    wrong: 'No capture. The pair must be closed in at both ends: you have E5, the other end is free.',
    solutions: ['H5'],
    mistakes: [
      { point: 'D5', why: 'That makes your own line longer; the pair is still open at its right end, H5.' },
      { point: 'G6', why: 'Next to the pair, but not in line with it and E5. Close it in at H5.' },
    ],
  },
  {
    id: 'safe-pair',
    title: 'Walk into a pair safely',
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
    prompt:
      'White threatens five down the G column. The block makes a black pair between two white stones: is that a capture? Block the four.',
    goal: { kind: 'stop-win' },
    right:
      'Safe: a capture happens only when the capturing stone is placed. A pair you make between two enemy stones yourself stays on the board.',
    wrong: 'White still makes five next move, at G8. Block there: a pair you make yourself cannot be captured.',
    solutions: ['G8'],
    mistakes: [
      { point: 'G9', why: 'One point too far: White plays G8, between, and makes five.' },
      { point: 'D8', why: 'That leaves the four open: White plays G8 and makes five.' },
    ],
  },
  {
    id: 'capture-win',
    title: 'Win by captures',
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
    prompt:
      'Capturing ten stones (five pairs) also wins. You have taken eight: take one more pair and the game is yours.',
    goal: { kind: 'capture-win' },
    right: 'Ten stones captured: you win, with no five on the board.',
    wrong: 'That captures nothing. Find the white pair you can close in with E5.',
    solutions: ['B5'],
    mistakes: [{ point: 'F5', why: 'Next to E5, but on the wrong side: the pair is D5 and C5, so close it at B5.' }],
  },
  {
    id: 'break-five',
    title: 'Capture to break a five',
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
    prompt:
      'White has four in a row, open at both ends: blocking one end is not enough. But stones that can be captured can be taken out of a line. Break it.',
    goal: { kind: 'stop-win' },
    right: 'E8 captures E7 and E6, and the gap it leaves breaks the four: White cannot make five next move.',
    wrong: 'White still makes five next move. Look for a pair that includes one of the four.',
    solutions: ['E8'],
    mistakes: [
      { point: 'B7', why: 'That blocks one end, but White makes five at the other, G7.' },
      { point: 'G7', why: 'That blocks one end, but White makes five at the other, B7.' },
    ],
  },
  {
    id: 'tournament-rule',
    title: 'The tournament rule',
    variant: 'pente',
    setup: { moves: ['E5', 'F6'] },
    prompt:
      'Black moves first, which is an advantage. To even it out, the tournament rule says Black’s second stone must be at least three points away from the centre. Place it.',
    goal: { kind: 'legal' },
    right:
      'Allowed: three points or more from the centre. Black cannot build a line around the centre straight away, so the game starts evenly.',
    wrong:
      'Too close: the second black stone must be at least three points from the centre, across or down. The shaded points are out of bounds.',
    solutions: ['E8', 'B2', 'H5'],
    mistakes: [
      { point: 'D5', why: 'Right next to the centre: the second black stone must be three points away or more.' },
      { point: 'G7', why: 'Two points from the centre each way, still too close: it must be three away or more.' },
    ],
  },
  {
    id: 'big-board',
    title: 'The big board',
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
    prompt:
      'Real games are played on the big board, 19 by 19. On a phone its points are small, so your first tap zooms in around your finger, and the next tap chooses the point; the view then follows the game, and Whole board shows it all. Black has four on row 10: make five.',
    goal: { kind: 'five' },
    right:
      'Five in a row on the big board. On a phone, tap once to zoom in where you want to play, then play as on the small board.',
    wrong: 'That is not five. Black’s four are K10 to N10 on row 10: add a stone at one end, J10 or O10.',
    solutions: ['J10', 'O10'],
    mistakes: [
      { point: 'K11', why: 'Next to the four, not in line with it: add a stone at one end of row 10, J10 or O10.' },
      { point: 'P10', why: 'One point too far: O10 is empty between. Add the stone right at the end, O10 or J10.' },
    ],
  },
  {
    id: 'keryo',
    title: 'Keryo-Pente: capture three',
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
    prompt:
      'In Keryo-Pente a line of exactly three stones can be captured too, and fifteen captured stones win. Capture three stones at once.',
    goal: { kind: 'capture', stones: 3 },
    right: 'Three stones captured: in Keryo-Pente a line of three between two of yours is taken, just like a pair.',
    wrong: 'That does not capture three. The three white stones on row 5 are closed in on the left by E5.',
    solutions: ['J5'],
    mistakes: [
      { point: 'B2', why: 'That captures the pair D4 C3: only two stones. Close in the three at J5.' },
      { point: 'H6', why: 'Beside the three, not at its end: close them in at J5.' },
    ],
  },
  {
    id: 'gomoku',
    title: 'Gomoku: exactly five',
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
    prompt: 'Gomoku has no captures, and only exactly five in a row wins: six or more does not. Make exactly five.',
    goal: { kind: 'five' },
    right: 'A5 to E5: exactly five, a win.',
    wrong: 'That does not make exactly five.',
    solutions: ['A5'],
    mistakes: [
      {
        point: 'F5',
        why: 'That joins the row to G5: six in a row, B5 to G5, which does not win in Gomoku. Extend at the other end, A5.',
      },
    ],
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

const COLOURS = ['', 'Black', 'White'] as const;

/** What a move in a lesson did, judged by the core. */
export interface LessonAttempt {
  readonly point: Point;
  readonly correct: boolean;
  /** The move as played (what the board shows after it), or null when the rules refused it. */
  readonly preview: MovePreview | null;
  /** Why the rules refused it, when they did. */
  readonly illegal: IllegalMove | null;
  /** For a move that leaves the opponent a win: the winning reply, to show. */
  readonly refutation: Point | null;
  /** What to tell the player. */
  readonly explanation: string;
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
      return { met: result?.winner === player && result.reason === 'five', refutation: null };
    case 'capture':
      return { met: move.captured.length >= goal.stones, refutation: null };
    case 'capture-win':
      return { met: result?.winner === player && result.reason === 'captures', refutation: null };
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
  const listed = lesson.mistakes.find((m) => m.point === name)?.why;
  const previewed = previewMove(start, point);
  if (!previewed.ok) {
    return {
      point,
      correct: false,
      preview: null,
      illegal: previewed.error,
      refutation: null,
      // An occupied point says so; a broken opening rule is what the lesson explains.
      explanation: previewed.error.reason === 'occupied' ? previewed.error.message : (listed ?? lesson.wrong),
    };
  }
  const { met, refutation } = judge(lesson.goal, previewed.value);
  const reply =
    refutation === null
      ? ''
      : ` ${COLOURS[opponent(start.toMove)]} would answer ${formatPoint(start.rules.size, refutation)}, shown on the board.`;
  return {
    point,
    correct: met,
    preview: previewed.value,
    illegal: null,
    refutation,
    explanation: met ? lesson.right : `${listed ?? lesson.wrong}${listed ? '' : reply}`,
  };
}
