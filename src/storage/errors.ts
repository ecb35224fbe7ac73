/**
 * Storage failures as values. Every storage function returns a `Result` whose error names what went wrong
 * in terms the UI can act on (ask for space, ask to close another tab, show a validation message) and
 * carries a sentence it can show as it is.
 */
import { type Result, err } from '../core';

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

export interface StorageError {
  readonly kind: StorageErrorKind;
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

export const storageError = (kind: StorageErrorKind, message: string, cause?: unknown): StorageError =>
  cause === undefined ? { kind, message } : { kind, message, cause };

export const fail = (kind: StorageErrorKind, message: string, cause?: unknown) =>
  err(storageError(kind, message, cause));

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

/** Turns an exception from IndexedDB into an error value; `doing` says what was being done, for the message. */
export function toStorageError(e: unknown, doing: string): StorageError {
  if (isQuotaError(e)) {
    return storageError('quota', `Could not ${doing}: the browser has no more storage space for Pente.`, e);
  }
  switch (errorName(e)) {
    case 'ConstraintError':
      return storageError('duplicate', `Could not ${doing}: an entry with the same key or name already exists.`, e);
    case 'InvalidStateError':
      // A closed connection: another tab upgraded the database and this one let go of it.
      return storageError(
        'unavailable',
        `Could not ${doing}: the saved-games database was closed (Pente was updated in another tab). Reload the page.`,
        e,
      );
    case 'VersionError':
      return storageError(
        'unavailable',
        `Could not ${doing}: the saved games were written by a newer version of Pente. Reload the page to update.`,
        e,
      );
    case 'SecurityError':
    case 'UnknownError':
    case 'NotFoundError':
      return storageError(
        'unavailable',
        `Could not ${doing}: this browser will not store data here (${errorText(e)}).`,
        e,
      );
    case 'DataError':
    case 'DataCloneError':
      return storageError('invalid', `Could not ${doing}: ${errorText(e)}`, e);
    default:
      return storageError('unknown', `Could not ${doing}: ${errorText(e)}`, e);
  }
}
