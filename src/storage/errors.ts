/**
 * Storage failures as values. Every storage function returns a `Result` whose error names what went wrong
 * in terms the UI can act on (`kind`: ask for space, ask to close another tab, show a validation message),
 * and what exactly (`problem`: a kind with its data, which the UI turns into words in the player's
 * language, src/ui/words/storage-words.ts). `message` says the same in English, for logs and tests: it is
 * never shown. Storage holds no words for the screen.
 */
import { type IllegalReason, type RecordParseProblem, type Result, err } from '../core';

export type StorageErrorKind =
  /** The browser refused to store more (QuotaExceededError). */
  | 'quota'
  /** A database upgrade is waiting for another tab that still has the old version open. */
  | 'blocked'
  /** There is no usable IndexedDB here (private mode, a sandboxed frame) or the connection was closed. */
  | 'unavailable'
  /** A value failed validation: a record read back, an import file, a setting. */
  | 'invalid'
  | 'not-found'
  /** A player name that is already taken, or an import entry that is already stored. */
  | 'duplicate'
  /** Another tab saved this game since it was loaded here; saving would have overwritten its moves. */
  | 'conflict'
  | 'unknown';

/** What the player owns that a problem is about. */
export type StoredThing =
  | 'game'
  | 'record'
  | 'player'
  | 'unsaved-copy'
  | 'book'
  | 'settings'
  | 'analysis'
  /** This device's and other devices' keys for online play (online-keys.ts). */
  | 'online-keys';

/** Which name field held bytes that are not UTF-8 (a game's players', or a player's own). */
export type NameField = 'player-1-name' | 'player-2-name' | 'name';

/** Which part of an export file is missing or malformed. */
export type ExportFilePart = 'version' | 'games' | 'players' | 'settings' | 'progress';

/**
 * What went wrong, as a kind and its data: everything a sentence about it needs, in any language.
 * `detail` is a technical text (a browser's exception, a validation path, a parser's note, already cut
 * short and cleaned): the UI shows it after its own words, as a quotation, not as a sentence.
 */
export type StorageProblem =
  /** The browser has no more storage space for Pente. */
  | { readonly kind: 'no-space' }
  /** No IndexedDB here (private browsing, a sandboxed frame). */
  | { readonly kind: 'no-storage' }
  /** The browser refused to store anything here (SecurityError and the like). */
  | { readonly kind: 'storage-refused'; readonly detail: string }
  /** Another tab updated Pente and this tab's connection was closed: reload. */
  | { readonly kind: 'database-closed' }
  /** The saved games were written by a newer Pente: reload to update. */
  | { readonly kind: 'database-newer' }
  /** Another tab still has the old version open, so the upgrade waits. */
  | { readonly kind: 'upgrade-blocked' }
  | { readonly kind: 'upgrade-failed'; readonly version: number; readonly detail: string }
  /** An entry with the same key or name is already stored. */
  | { readonly kind: 'already-stored' }
  /** Another tab saved this game since it was opened here. */
  | { readonly kind: 'changed-elsewhere' }
  | { readonly kind: 'missing'; readonly thing: StoredThing }
  /** A stored value that does not read back (`detail`: the validation's finding). */
  | { readonly kind: 'unreadable'; readonly thing: StoredThing; readonly detail: string }
  /** A game that does not read back, now listed with the damaged records. */
  | { readonly kind: 'unreadable-listed'; readonly detail: string }
  /** A value to save that fails validation. */
  | { readonly kind: 'not-savable'; readonly thing: StoredThing; readonly detail: string }
  | { readonly kind: 'no-such-setting'; readonly name: string }
  | { readonly kind: 'bad-setting'; readonly name: string }
  | { readonly kind: 'name-empty' }
  | { readonly kind: 'name-too-long'; readonly max: number }
  | { readonly kind: 'name-taken'; readonly name: string; readonly computer: boolean }
  /** The name is held by a damaged player record. */
  | { readonly kind: 'name-held-by-damaged'; readonly name: string }
  | { readonly kind: 'file-empty' }
  | { readonly kind: 'file-not-text' }
  | { readonly kind: 'file-too-big'; readonly gzip: boolean; readonly mb: number }
  | { readonly kind: 'gzip-damaged' }
  /** The worker that reads a chosen file failed (`detail`: the browser's error). */
  | { readonly kind: 'file-unreadable'; readonly detail: string }
  | { readonly kind: 'not-json'; readonly detail: string }
  | { readonly kind: 'not-export-file' }
  | { readonly kind: 'export-part-bad'; readonly part: ExportFilePart }
  | { readonly kind: 'export-newer'; readonly version: number }
  /** A pente.org record that could not be read: where, and why (the core's finding). */
  | { readonly kind: 'record-unreadable'; readonly line: number; readonly why: RecordParseProblem }
  | { readonly kind: 'record-no-moves' }
  | { readonly kind: 'no-records' }
  /** A stored game's move that is no point of its board. */
  | { readonly kind: 'move-off-board'; readonly ply: number; readonly move: string; readonly size: number }
  | {
      readonly kind: 'move-illegal';
      readonly ply: number;
      readonly move: string;
      readonly reason: IllegalReason;
      /** The board's centre point (the centre-first rule names it). */
      readonly centre: string;
    }
  /** A stored game whose result names a winner its moves do not make. */
  | { readonly kind: 'result-mismatch'; readonly winner: 1 | 2 }
  /** Any other failure of the browser's storage (`detail`: its exception). */
  | { readonly kind: 'failed'; readonly detail: string };

export type StorageProblemKind = StorageProblem['kind'];

export interface StorageError {
  readonly kind: StorageErrorKind;
  readonly problem: StorageProblem;
  /** The same in English, for logs and tests; the UI shows `problem` in the player's language. */
  readonly message: string;
  /** The exception behind the error, when there was one (for logs, not for display). */
  readonly cause?: unknown;
}

export type StorageResult<T> = Result<T, StorageError>;

/** A record that could not be read back: skipped so the others still load, and reported. */
export interface SkippedRecord {
  readonly id: string;
  readonly reason: string;
}

export const storageError = (
  kind: StorageErrorKind,
  problem: StorageProblem,
  message: string,
  cause?: unknown,
): StorageError => (cause === undefined ? { kind, problem, message } : { kind, problem, message, cause });

export const fail = (kind: StorageErrorKind, problem: StorageProblem, message: string, cause?: unknown) =>
  err(storageError(kind, problem, message, cause));

export const errorName = (e: unknown): string | undefined =>
  typeof e === 'object' && e !== null && 'name' in e && typeof e.name === 'string' ? e.name : undefined;

const errorText = (e: unknown): string =>
  typeof e === 'object' && e !== null && 'message' in e && typeof e.message === 'string' && e.message
    ? e.message
    : String(e);

/** Whether an exception is the browser refusing to store more. */
export function isQuotaError(e: unknown): boolean {
  const name = errorName(e);
  // Old Firefox names it differently; code 22 is the legacy DOMException code for both.
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED') return true;
  return typeof e === 'object' && e !== null && 'code' in e && e.code === 22;
}

/** Turns an exception from IndexedDB into an error value; `doing` says what was being done, for the log. */
export function toStorageError(e: unknown, doing: string): StorageError {
  if (isQuotaError(e)) {
    return storageError(
      'quota',
      { kind: 'no-space' },
      `Could not ${doing}: the browser has no more storage space for Pente.`,
      e,
    );
  }
  const detail = errorText(e);
  switch (errorName(e)) {
    case 'ConstraintError':
      return storageError(
        'duplicate',
        { kind: 'already-stored' },
        `Could not ${doing}: an entry with the same key or name already exists.`,
        e,
      );
    case 'InvalidStateError':
      // A closed connection: another tab upgraded the database and this one let go of it.
      return storageError(
        'unavailable',
        { kind: 'database-closed' },
        `Could not ${doing}: the saved-games database was closed (Pente was updated in another tab). Reload the page.`,
        e,
      );
    case 'VersionError':
      return storageError(
        'unavailable',
        { kind: 'database-newer' },
        `Could not ${doing}: the saved games were written by a newer version of Pente. Reload the page to update.`,
        e,
      );
    case 'SecurityError':
    case 'UnknownError':
    case 'NotFoundError':
      return storageError(
        'unavailable',
        { kind: 'storage-refused', detail },
        `Could not ${doing}: this browser will not store data here (${detail}).`,
        e,
      );
    case 'DataError':
    case 'DataCloneError':
      return storageError('invalid', { kind: 'failed', detail }, `Could not ${doing}: ${detail}`, e);
    default:
      return storageError('unknown', { kind: 'failed', detail }, `Could not ${doing}: ${detail}`, e);
  }
}
