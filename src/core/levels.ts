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

/** From a beginner that blunders plausibly to full strength, weakest first. */
export const LEVELS: readonly EngineLevel[] = [
  { id: 'beginner', name: 'Beginner', depth: 2, timeMs: 300, vision: 60, judgement: 40, book: false },
  { id: 'casual', name: 'Casual', depth: 3, timeMs: 400, vision: 75, judgement: 65, book: false },
  { id: 'intermediate', name: 'Intermediate', depth: 5, timeMs: 600, vision: 88, judgement: 85, book: true },
  { id: 'advanced', name: 'Advanced', depth: 8, timeMs: 1000, vision: 96, judgement: 95, book: true },
  { id: 'expert', name: 'Expert', depth: 64, timeMs: 1500, vision: 100, judgement: 100, book: true },
  { id: 'master', name: 'Master', depth: 64, timeMs: 3000, vision: 100, judgement: 100, book: true },
];

export const levelById = (id: string): EngineLevel | undefined => LEVELS.find((l) => l.id === id);
