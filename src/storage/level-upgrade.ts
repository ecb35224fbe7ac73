/**
 * Database versions 4 and 5: the built-in computer players re-tuned on the ladder (`npm run ladder`). A computer
 * player is stored with its settings, so a stored built-in player keeps the settings it was seeded with until
 * this step moves it:
 *   - a built-in player whose settings are still exactly its level's old ones gets the new ones (its name is
 *     kept: the person may have renamed it); one the person edited keeps its settings;
 *   - a level new in this version is added, unless a computer player already has its name;
 *   - a built-in player the person deleted stays deleted.
 * Both tables are frozen copies, not src/core/levels.ts: a schema step never changes once shipped, and the
 * next re-tune is the next step. tests/storage/levels.test.ts checks that the newest table is the levels' current
 * settings, so a re-tune without a step fails there.
 */
import type { ComputerSettings } from './computer-settings';

type LevelTable = Readonly<Record<string, ComputerSettings & { readonly name: string }>>;

/** The built-in levels as versions 1 to 3 seeded them. */
export const LEVELS_BEFORE_LADDER: LevelTable = {
  beginner: { name: 'Beginner', depth: 2, timeMs: 300, vision: 60, judgement: 40, book: false },
  casual: { name: 'Casual', depth: 3, timeMs: 400, vision: 75, judgement: 65, book: false },
  intermediate: { name: 'Intermediate', depth: 5, timeMs: 600, vision: 88, judgement: 85, book: true },
  advanced: { name: 'Advanced', depth: 8, timeMs: 1000, vision: 96, judgement: 95, book: true },
  expert: { name: 'Expert', depth: 64, timeMs: 1500, vision: 100, judgement: 100, book: true },
  master: { name: 'Master', depth: 64, timeMs: 3000, vision: 100, judgement: 100, book: true },
};

/** The built-in levels as the first ladder run tuned them (src/core/levels.ts at version 4). */
export const LEVELS_OF_LADDER_1: LevelTable = {
  'first-steps': { name: 'First steps', depth: 1, timeMs: 300, vision: 10, judgement: 0, book: false },
  novice: { name: 'Novice', depth: 1, timeMs: 300, vision: 20, judgement: 0, book: false },
  beginner: { name: 'Beginner', depth: 1, timeMs: 300, vision: 35, judgement: 5, book: false },
  learner: { name: 'Learner', depth: 1, timeMs: 300, vision: 57, judgement: 20, book: false },
  casual: { name: 'Casual', depth: 2, timeMs: 300, vision: 33, judgement: 12, book: false },
  improver: { name: 'Improver', depth: 2, timeMs: 300, vision: 45, judgement: 30, book: false },
  club: { name: 'Club player', depth: 2, timeMs: 300, vision: 70, judgement: 45, book: false },
  intermediate: { name: 'Intermediate', depth: 3, timeMs: 500, vision: 75, judgement: 65, book: false },
  advanced: { name: 'Advanced', depth: 4, timeMs: 600, vision: 88, judgement: 85, book: true },
  expert: { name: 'Expert', depth: 8, timeMs: 1000, vision: 95, judgement: 92, book: true },
  master: { name: 'Master', depth: 64, timeMs: 3000, vision: 100, judgement: 100, book: true },
};

/**
 * The built-in levels as the second ladder tuning left them (src/core/levels.ts at version 5): two levels
 * below First steps (the lowest loses to a player who only blocks fours), Candidate master between Expert
 * and Master, and the middle re-spaced.
 */
export const LEVELS_OF_LADDER_2: LevelTable = {
  'first-game': { name: 'First game', depth: 1, timeMs: 300, vision: 2, judgement: 0, book: false },
  starter: { name: 'Starter', depth: 1, timeMs: 300, vision: 5, judgement: 0, book: false },
  'first-steps': { name: 'First steps', depth: 1, timeMs: 300, vision: 10, judgement: 0, book: false },
  novice: { name: 'Novice', depth: 1, timeMs: 300, vision: 24, judgement: 0, book: false },
  beginner: { name: 'Beginner', depth: 1, timeMs: 300, vision: 35, judgement: 5, book: false },
  learner: { name: 'Learner', depth: 1, timeMs: 300, vision: 57, judgement: 20, book: false },
  casual: { name: 'Casual', depth: 2, timeMs: 300, vision: 37, judgement: 13, book: false },
  improver: { name: 'Improver', depth: 2, timeMs: 300, vision: 55, judgement: 35, book: false },
  club: { name: 'Club player', depth: 2, timeMs: 300, vision: 75, judgement: 50, book: false },
  intermediate: { name: 'Intermediate', depth: 3, timeMs: 500, vision: 82, judgement: 72, book: false },
  advanced: { name: 'Advanced', depth: 4, timeMs: 600, vision: 90, judgement: 88, book: true },
  expert: { name: 'Expert', depth: 6, timeMs: 800, vision: 92, judgement: 88, book: true },
  'candidate-master': { name: 'Candidate master', depth: 8, timeMs: 1000, vision: 95, judgement: 93, book: true },
  master: { name: 'Master', depth: 64, timeMs: 3000, vision: 100, judgement: 100, book: true },
};

const SETTING_KEYS = ['depth', 'timeMs', 'vision', 'judgement', 'book'] as const;

const settingsOf = (level: ComputerSettings): ComputerSettings => ({
  depth: level.depth,
  timeMs: level.timeMs,
  vision: level.vision,
  judgement: level.judgement,
  book: level.book,
});

/**
 * The retunes waiting in each upgrade transaction. Steps 4 and 5 both run in one transaction when a
 * version-3 database is opened, and step 4 adds a level only once its reads come back; so step 5 waits for
 * step 4's last write, or it would read the players before step 4 has added them.
 */
const queued = new WeakMap<IDBTransaction, (() => void)[]>();

/** Runs in the upgrade's versionchange transaction, with the raw API (see db.ts's UpgradeStep). */
export function retuneBuiltInLevels(tx: IDBTransaction, before: LevelTable, after: LevelTable): void {
  const queue = queued.get(tx);
  if (queue) {
    queue.push(() => retune(tx, before, after));
    return;
  }
  queued.set(tx, []);
  retune(tx, before, after);
}

/** Moves the players from `before` to `after`, then starts the next queued retune. */
function retune(tx: IDBTransaction, before: LevelTable, after: LevelTable): void {
  const players = tx.objectStore('players');
  const entries = Object.entries(after);
  // One more than the levels: the last finish() below, so an empty table finishes too.
  let left = entries.length + 1;
  const finish = (): void => {
    if (--left > 0) return;
    const next = queued.get(tx)?.shift();
    if (next) next();
    else queued.delete(tx);
  };
  const put = (value: object): void => {
    players.put(value).onsuccess = finish;
  };
  for (const [id, level] of entries) {
    const request = players.get(id);
    request.onsuccess = () => {
      const stored: unknown = request.result;
      const old = before[id];
      if (stored === undefined) {
        if (old) return finish(); // deleted by the person
        const sameName = players.index('byKindName').getKey(['computer', level.name]);
        sameName.onsuccess = () => {
          if (sameName.result === undefined) put({ id, kind: 'computer', ...level });
          else finish();
        };
        return;
      }
      if (!old || typeof stored !== 'object' || stored === null) return finish();
      const player = stored as Record<string, unknown>;
      if (player.kind === 'computer' && SETTING_KEYS.every((key) => player[key] === old[key]))
        put({ ...player, ...settingsOf(level) });
      else finish();
    };
  }
  finish();
}
