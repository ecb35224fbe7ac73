/**
 * Database version 4: the built-in computer players re-tuned on the ladder (`npm run ladder`). A computer
 * player is stored with its settings, so a stored built-in player keeps the settings it was seeded with until
 * this step moves it:
 *   - a built-in player whose settings are still exactly its level's old ones gets the new ones (its name is
 *     kept: the person may have renamed it); one the person edited keeps its settings;
 *   - a level new in this version is added, unless a computer player already has its name;
 *   - a built-in player the person deleted stays deleted.
 * Both tables are frozen copies, not src/core/levels.ts: a schema step never changes once shipped, and the
 * next re-tune is the next step. tests/storage-levels.test.ts checks that the new table is the levels' current
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

const SETTING_KEYS = ['depth', 'timeMs', 'vision', 'judgement', 'book'] as const;

const settingsOf = (level: ComputerSettings): ComputerSettings => ({
  depth: level.depth,
  timeMs: level.timeMs,
  vision: level.vision,
  judgement: level.judgement,
  book: level.book,
});

/** Runs in the upgrade's versionchange transaction, with the raw API (see db.ts's UpgradeStep). */
export function retuneBuiltInLevels(tx: IDBTransaction, before: LevelTable, after: LevelTable): void {
  const players = tx.objectStore('players');
  for (const [id, level] of Object.entries(after)) {
    const request = players.get(id);
    request.onsuccess = () => {
      const stored: unknown = request.result;
      const old = before[id];
      if (stored === undefined) {
        if (old) return; // deleted by the person
        const sameName = players.index('byKindName').getKey(['computer', level.name]);
        sameName.onsuccess = () => {
          if (sameName.result === undefined) players.put({ id, kind: 'computer', ...level });
        };
        return;
      }
      if (!old || typeof stored !== 'object' || stored === null) return;
      const player = stored as Record<string, unknown>;
      if (player.kind === 'computer' && SETTING_KEYS.every((key) => player[key] === old[key]))
        players.put({ ...player, ...settingsOf(level) });
    };
  }
}
