/**
 * What the player's progress (puzzles.ts, lessons.ts) shares: the parts of a stored progress value that
 * could not be read. A progress value is read part by part, so one unreadable history entry or lesson id
 * is skipped and the rest is kept; the unreadable part is never thrown away in silence: the next write
 * keeps it, raw, in the value's list of damaged entries, where the player can export it or delete it.
 */
import { jsonSafe } from './game-record';
import { isObject } from './validate';

export type DamagedEntryKind = 'puzzle-progress' | 'puzzle-field' | 'puzzle-history' | 'puzzle-rating' | 'lesson';

/** Every kind (the UI words them: src/ui/shell/DamagedProgressNotice.tsx). */
export const DAMAGED_ENTRY_KINDS = [
  'puzzle-progress',
  'puzzle-field',
  'puzzle-history',
  'puzzle-rating',
  'lesson',
] as const satisfies readonly DamagedEntryKind[];

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

const isKind = (v: unknown): v is DamagedEntryKind =>
  typeof v === 'string' && (DAMAGED_ENTRY_KINDS as readonly string[]).includes(v);

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

/** Damaged entries as a file of their own ("Export raw"): each with where it was, why, and its value. */
export const damagedEntriesText = (entries: readonly DamagedEntry[]): string =>
  JSON.stringify({ damaged: jsonSafe(entries) }, null, 1);
