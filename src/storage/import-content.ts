/**
 * What a chosen file holds, made from its whole text where that is cheap to be slow: in the worker that
 * reads the file (import-file.worker.ts), so the page never holds the text of a file (up to MAX_TEXT_MB)
 * and never runs a step that grows with it. A backup (a JSON object) is parsed whole there; a file of
 * pente.org records is split into its records' texts, stray text between them dropped, and a "record"
 * longer than any game (a line of a gzip bomb) kept only as a mark, so the page reads nothing unbounded.
 * The page then checks and stores the content in slices (transfer.ts's importAll, pente-org.ts's
 * importRecordFile), as before.
 *
 * Pure: no I/O (the unit tests, which have no Worker, run it on their own thread).
 */
import { type RecordText, err, ok, recordTexts } from '../core';
import { type StorageResult, fail } from './errors';
import { fileTextProblem, forMessage } from './text-checks';

/**
 * One record of a file: its text, or only where it was when it was longer than MAX_RECORD_CHARS (a real
 * record, headers and 361 moves, is a few kilobytes).
 */
export type FileRecord = RecordText & { readonly tooLong?: true };

/** The longest record text passed on: 64 KiB, more than ten times the longest real record. */
export const MAX_RECORD_CHARS = 64 * 1024;

export const RECORD_TOO_LONG = 'The record is longer than any game, so it was not read.';

export type ImportContent =
  /** A backup, parsed: what JSON.parse gives for it (transfer.ts checks its shape). */
  | { readonly kind: 'backup'; readonly data: unknown; readonly length: number }
  /** A text of pente.org records, split. */
  | { readonly kind: 'records'; readonly records: readonly FileRecord[]; readonly length: number };

/** Whether a text is a backup (an export file, a JSON object) rather than records. */
export const looksLikeBackup = (text: string): boolean => text.trimStart().startsWith('{');

/**
 * The content of a file's text: a backup parsed, or records split; 'invalid' for a text that is empty or
 * not text, and for a backup that is not valid JSON (the parser's message, cleaned).
 */
export function importContent(text: string): StorageResult<ImportContent> {
  const problem = fileTextProblem(text);
  if (problem) return err(problem);
  if (looksLikeBackup(text)) {
    try {
      return ok({ kind: 'backup', data: JSON.parse(text) as unknown, length: text.length });
    } catch (e) {
      // The parser's message quotes the file, so it is cleaned and cut short before it is shown.
      const detail = forMessage(e instanceof Error ? e.message : String(e));
      return fail('invalid', { kind: 'not-json', detail }, `The file is not valid JSON: ${detail}`);
    }
  }
  const records: FileRecord[] = [];
  for (const record of recordTexts(text)) {
    records.push(
      record.text.length > MAX_RECORD_CHARS
        ? { text: '', firstLine: record.firstLine, end: record.end, tooLong: true }
        : record,
    );
  }
  return ok({ kind: 'records', records, length: text.length });
}
