/**
 * What a chosen file holds, made off the page (src/storage/import-content.ts, run by the worker that reads
 * the file, import-file.worker.ts; here on the test's thread, as readImportFile does without a Worker).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { exportAll, exportText, importChosenFile, importRecordFile, readImportFile } from '../../src/storage';
import { MAX_RECORD_CHARS, RECORD_TOO_LONG, importContent } from '../../src/storage/import-content';
import { errorOf, openFresh, unwrap } from './helpers';

const FIVE_GAMES = readFileSync(new URL('../../e2e/fixtures/pente-org-games.pgn', import.meta.url), 'utf8');

describe("a file's content, made from its text", () => {
  it('parses a backup whole, members named __proto__ kept as members', () => {
    const content = unwrap(importContent(' {"format":"pente-export","__proto__":[1],"games":[{"id":"a"}]}'));
    expect(content.kind).toBe('backup');
    if (content.kind !== 'backup') return;
    const data = content.data as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(data, '__proto__')?.value).toEqual([1]);
    expect(data.games).toEqual([{ id: 'a' }]);
  });

  it('says a backup that is not JSON is not, quoting it cleaned', () => {
    const error = errorOf(importContent('{"games": [\u0001'));
    expect(error.message).toMatch(/^The file is not valid JSON: /);
    expect(error.problem).toMatchObject({ kind: 'not-json' });
    if (error.problem.kind === 'not-json') expect(error.problem.detail).not.toContain('\u0001');
  });

  it('splits records, drops stray text, and keeps only the place of a record longer than any game', () => {
    const long = `[Event "x"]\n1. K10 ${'L9 '.repeat(MAX_RECORD_CHARS / 3 + 1)}\n`;
    const content = unwrap(importContent(`stray words\n\n${FIVE_GAMES}\n${long}`));
    if (content.kind !== 'records') throw new Error('records expected');
    expect(content.records).toHaveLength(6);
    expect(content.records[5]).toMatchObject({ text: '', tooLong: true });
    expect(content.records.slice(0, 5).every((r) => r.text.startsWith('[') && !r.tooLong)).toBe(true);
  });

  it('refuses an empty text and one that is not text', () => {
    expect(errorOf(importContent(' \n\n ')).problem).toEqual({ kind: 'file-empty' });
    expect(errorOf(importContent('ab\u0000cd')).problem).toEqual({ kind: 'file-not-text' });
    expect(errorOf(importContent('ab\u0000cd')).message).toMatch(/not a text file/);
  });
});

describe('importing a file as readImportFile reads it', () => {
  it('imports the records of a .gz, naming a record too long as a problem, nothing of it stored', async () => {
    const { db } = await openFresh();
    const long = `[Event "x"]\n1. K10 ${'L9 '.repeat(MAX_RECORD_CHARS / 3 + 1)}\n`;
    const content = unwrap(await readImportFile(new Blob([gzipSync(`${FIVE_GAMES}\n${long}`)])));
    if (content.kind !== 'records') throw new Error('records expected');
    const report = unwrap(await importRecordFile(db, content.records, content.length));
    expect(report.added).toHaveLength(5);
    expect(report.problems).toEqual([
      { game: 6, line: expect.any(Number), why: { kind: 'too-long' }, message: RECORD_TOO_LONG },
    ]);
  });

  it('says a text of stray lines holds no record', async () => {
    const { db } = await openFresh();
    const content = unwrap(await readImportFile(new Blob(['not a record\n'.repeat(1000)])));
    if (content.kind !== 'records') throw new Error('records expected');
    expect(errorOf(await importRecordFile(db, content.records, content.length)).problem).toEqual({
      kind: 'no-records',
    });
  });

  it('stops at the size limit and says so', async () => {
    const MB = 1024 * 1024;
    const bomb = gzipSync(Buffer.alloc(2 * MB, 0x20));
    const error = errorOf(await readImportFile(new Blob([new Uint8Array(bomb)]), MB));
    expect(error.message).toMatch(/expands to more than 1 MB/);
    expect(error.problem).toEqual({ kind: 'file-too-big', gzip: true, mb: 1 });
  });
});

describe('importChosenFile (the Games screen’s Import; here on the test’s thread, where no Worker is)', () => {
  it('imports a .gz of records and a backup, with progress, and reports each', async () => {
    const { db } = await openFresh();
    const phases = new Set<string>();
    const records = unwrap(
      await importChosenFile(db, new Blob([gzipSync(FIVE_GAMES)]), { onProgress: (phase) => phases.add(phase) }),
    );
    expect(records.kind).toBe('records');
    if (records.kind === 'records') expect(records.report.added).toHaveLength(5);
    expect(phases).toContain('saving');

    const backup = unwrap(await exportAll(db));
    const { db: other } = await openFresh();
    const restored = unwrap(await importChosenFile(other, new Blob([exportText(backup.file)])));
    expect(restored.kind).toBe('backup');
    if (restored.kind === 'backup') expect(restored.report.gamesAdded).toHaveLength(5);
  });

  it('refuses a file past the limit, storing nothing', async () => {
    const { db } = await openFresh();
    const error = errorOf(await importChosenFile(db, new Blob([FIVE_GAMES]), { limit: 100 }));
    expect(error.problem).toMatchObject({ kind: 'file-too-big' });
    expect(unwrap(await exportAll(db)).file.games).toEqual([]);
  });
});
