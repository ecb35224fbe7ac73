/**
 * What the player's progress (puzzles.ts, lessons.ts) shares: the parts of a stored progress value that
 * could not be read. A progress value is read part by part, so one unreadable history entry or lesson id
 * is skipped and the rest is kept; the unreadable part is never thrown away in silence: the next write
 * keeps it, raw, in the value's list of damaged entries, where the player can export it or delete it.
 */
import { jsonSafe } from './game-record';
import { isObject } from './validate';

export type DamagedEntryKind = 'puzzle-progress' | 'puzzle-field' | 'puzzle-history' | 'puzzle-rating' | 'lesson';

/** Each kind in words, one and many: "1 puzzle history entry", "2 puzzle history entries". */
export const DAMAGED_ENTRY_NAMES: { readonly [K in DamagedEntryKind]: readonly [string, string] } = {
  'puzzle-progress': ['puzzle progress record', 'puzzle progress records'],
  'puzzle-field': ['puzzle progress field', 'puzzle progress fields'],
  'puzzle-history': ['puzzle history entry', 'puzzle history entries'],
  'puzzle-rating': ["puzzle's rating", "puzzles' ratings"],
  lesson: ['lesson progress entry', 'lesson progress entries'],
};

/** A part of a stored progress value that could not be read, kept as it was stored. */
export interface DamagedEntry {
  readonly kind: DamagedEntryKind;
  /** Where it was: "history 3", "rating", a puzzle's id, "lessonsDone 2". */
  readonly key: string;
  readonly reason: string;
  readonly value: unknown;
}

export const damagedEntry = (kind: DamagedEntryKind, key: string, reason: string, value: unknown): DamagedEntry => ({
  kind,
  key,
  reason,
  value,
});

/** What a progress module needs of the settings store inside a transaction (idb's store has both). */
export interface SettingsTxStore {
  get(key: string): Promise<unknown>;
  put(value: unknown, key: string): Promise<unknown>;
}

const isKind = (v: unknown): v is DamagedEntryKind => typeof v === 'string' && Object.hasOwn(DAMAGED_ENTRY_NAMES, v);

/**
 * A stored list of damaged entries as it reads: entries of the right shape as they are, anything else
 * (the list itself, or an element) wrapped as a damaged entry of `kind`, so it is kept too.
 */
export function readDamagedList(v: unknown, kind: DamagedEntryKind, where: string): DamagedEntry[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) return [damagedEntry(kind, where, 'the list of damaged entries is not a list', v)];
  return v.map((e, i) =>
    isObject(e) && isKind(e.kind) && typeof e.key === 'string' && typeof e.reason === 'string' && 'value' in e
      ? damagedEntry(e.kind, e.key, e.reason, e.value)
      : damagedEntry(kind, `${where} ${i + 1}`, 'not a damaged entry this version wrote', e),
  );
}

/** "1 puzzle history entry and 2 lesson progress entries" (null for none). */
export function describeDamagedEntries(entries: readonly DamagedEntry[]): string | null {
  if (entries.length === 0) return null;
  const counts = new Map<DamagedEntryKind, number>();
  for (const e of entries) counts.set(e.kind, (counts.get(e.kind) ?? 0) + 1);
  const parts = [...counts].map(([kind, n]) => `${n} ${DAMAGED_ENTRY_NAMES[kind][n === 1 ? 0 : 1]}`);
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}

/** Damaged entries as a file of their own ("Export raw"): each with where it was, why, and its value. */
export const damagedEntriesText = (entries: readonly DamagedEntry[]): string =>
  JSON.stringify({ damaged: jsonSafe(entries) }, null, 1);
