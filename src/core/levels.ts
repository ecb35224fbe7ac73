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
 * what deeper levels see.
 *
 * `elo` as measured by `npm run ladder -- --pairs 20` (seed 1; 840 games: each level against its next two,
 * 40 games a pairing; 11.4 min on 2 threads, load average ~20), 2026-11-23. Their 95% intervals (±100
 * next to Beginner to ±220 for Master) are in docs/ENGINE-MEASUREMENTS.md. The scripted blocker
 * (scripts/lib/blocker.ts) rated −710, 230 below First steps, which it beat in 9 of 40 games.
 */
export const LEVELS: readonly RatedLevel[] = [
  { id: 'first-steps', name: 'First steps', depth: 1, timeMs: 300, vision: 10, judgement: 0, book: false, elo: -480 },
  { id: 'novice', name: 'Novice', depth: 1, timeMs: 300, vision: 27, judgement: 0, book: false, elo: -225 },
  { id: 'beginner', name: 'Beginner', depth: 1, timeMs: 300, vision: 45, judgement: 10, book: false, elo: 0 },
  { id: 'learner', name: 'Learner', depth: 1, timeMs: 300, vision: 75, judgement: 30, book: false, elo: 200 },
  { id: 'casual', name: 'Casual', depth: 2, timeMs: 300, vision: 40, judgement: 20, book: false, elo: 370 },
  { id: 'improver', name: 'Improver', depth: 2, timeMs: 300, vision: 60, judgement: 40, book: false, elo: 589 },
  { id: 'club', name: 'Club player', depth: 2, timeMs: 300, vision: 80, judgement: 50, book: false, elo: 734 },
  { id: 'intermediate', name: 'Intermediate', depth: 3, timeMs: 500, vision: 90, judgement: 80, book: false, elo: 948 },
  { id: 'advanced', name: 'Advanced', depth: 5, timeMs: 600, vision: 88, judgement: 85, book: true, elo: 1200 },
  { id: 'expert', name: 'Expert', depth: 7, timeMs: 800, vision: 92, judgement: 90, book: true, elo: 1382 },
  { id: 'master', name: 'Master', depth: 64, timeMs: 3000, vision: 100, judgement: 100, book: true, elo: 1597 },
];

/**
 * The rating shown to people: the measured Elo on a scale where Beginner is 1000, rounded to 10 (the
 * ladder's intervals are wider than that). It compares the levels with each other, not with any
 * federation's ratings.
 */
export const levelRating = (level: RatedLevel): number => Math.round((1000 + level.elo) / 10) * 10;

export const levelById = (id: string): RatedLevel | undefined => LEVELS.find((l) => l.id === id);
