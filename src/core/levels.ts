/**
 * The named computer players: plain data shared by the app (what a player can choose and edit), storage
 * (a computer player is a level with a name) and the engine (how hard it plays). How the engine applies
 * vision and judgement stays in src/ai; here a level is only its settings.
 *
 * Each is plain data a player can edit (think time or depth, vision, judgement, book), and the same
 * settings give the same moves for the same seed.
 */
export interface EngineLevel {
  readonly id: string;
  readonly name: string;
  /** Deepest nominal search depth. */
  readonly depth: number;
  /** Think time per move, in milliseconds. */
  readonly timeMs: number;
  /** Percentage of candidate moves it notices (100: all). Forced moves are always noticed. */
  readonly vision: number;
  /** Percentage of exact judgement (100: exact evaluation; lower adds noise to every evaluation). */
  readonly judgement: number;
  /** Whether it plays from the openings book. */
  readonly book: boolean;
}

/** A built-in level: its settings and its strength as measured on the ladder. */
export interface RatedLevel extends EngineLevel {
  /**
   * Elo relative to Beginner, measured by self-play (`npm run ladder`, scripts/ladder.ts): the run is named
   * above LEVELS.
   */
  readonly elo: number;
}

/**
 * From a child's first games to full strength, weakest first, about 200 Elo apart. Depth 1 looks at its own
 * move only and may overlook a threat to win (src/ai/overlook.ts); vision and judgement thin out and blur
 * what deeper levels see. The first level loses to a player who only blocks fours (scripts/lib/blocker.ts).
 *
 * `elo` as measured by `npm run ladder -- --pairs 40` (seed 1; 2,160 games, each level against its next
 * two, 80 games a pairing; 14 min on 2 threads on a quiet machine), 2026-11-23, the last of three runs that
 * added First game, Starter and Candidate master and re-spaced the middle and the top. Their 95% intervals
 * (±70 next to Beginner to ±170 for Master) are in docs/ENGINE-MEASUREMENTS.md. The scripted blocker rated
 * -851 and won 45 of its 80 games against First game.
 */
export const LEVELS: readonly RatedLevel[] = [
  { id: 'first-game', name: 'First game', depth: 1, timeMs: 300, vision: 2, judgement: 0, book: false, elo: -929 },
  { id: 'starter', name: 'Starter', depth: 1, timeMs: 300, vision: 5, judgement: 0, book: false, elo: -708 },
  { id: 'first-steps', name: 'First steps', depth: 1, timeMs: 300, vision: 10, judgement: 0, book: false, elo: -462 },
  { id: 'novice', name: 'Novice', depth: 1, timeMs: 300, vision: 24, judgement: 0, book: false, elo: -215 },
  { id: 'beginner', name: 'Beginner', depth: 1, timeMs: 300, vision: 35, judgement: 5, book: false, elo: 0 },
  { id: 'learner', name: 'Learner', depth: 1, timeMs: 300, vision: 57, judgement: 20, book: false, elo: 196 },
  { id: 'casual', name: 'Casual', depth: 2, timeMs: 300, vision: 37, judgement: 13, book: false, elo: 417 },
  { id: 'improver', name: 'Improver', depth: 2, timeMs: 300, vision: 55, judgement: 35, book: false, elo: 632 },
  { id: 'club', name: 'Club player', depth: 2, timeMs: 300, vision: 75, judgement: 50, book: false, elo: 822 },
  {
    id: 'intermediate',
    name: 'Intermediate',
    depth: 3,
    timeMs: 500,
    vision: 82,
    judgement: 72,
    book: false,
    elo: 1070,
  },
  { id: 'advanced', name: 'Advanced', depth: 4, timeMs: 600, vision: 90, judgement: 88, book: true, elo: 1236 },
  { id: 'expert', name: 'Expert', depth: 6, timeMs: 800, vision: 92, judgement: 88, book: true, elo: 1477 },
  {
    id: 'candidate-master',
    name: 'Candidate master',
    depth: 8,
    timeMs: 1000,
    vision: 95,
    judgement: 93,
    book: true,
    elo: 1642,
  },
  { id: 'master', name: 'Master', depth: 64, timeMs: 3000, vision: 100, judgement: 100, book: true, elo: 1801 },
];

/**
 * The rating shown to people: the measured Elo on a scale where Beginner is 1000, rounded to 10 (the
 * ladder's intervals are wider than that). It compares the levels with each other, not with any
 * federation's ratings.
 */
export const levelRating = (level: RatedLevel): number => Math.round((1000 + level.elo) / 10) * 10;

export const levelById = (id: string): RatedLevel | undefined => LEVELS.find((l) => l.id === id);
