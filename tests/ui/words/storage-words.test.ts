/**
 * Storage and the record reader return problems as kinds with data; src/ui/words/storage-words.ts words
 * them. Every kind has a sentence in every language: the tables below must name each kind (the compiler
 * checks), and each sentence must be the locale's own (not English left in), carry its data, and be whole.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { VARIANT_IDS, loadRecord, moveNumberOf } from '../../../src/core';
import type { RecordParseProblem } from '../../../src/core';
import type { RecordProblemWhy, StorageProblem } from '../../../src/storage';
import { importRecords, parseGameRecord } from '../../../src/storage';
import { variantName } from '../../../src/ui/words/game-words';
import { type Locale, languageChoice } from '../../../src/ui/words/locale';
import {
  recordParseProblemText,
  recordProblemWhyText,
  storageErrorText,
  storageProblemText,
} from '../../../src/ui/words/storage-words';
import { errorOf, openFresh } from '../../storage/helpers';

type Samples<P extends { kind: string }> = { readonly [K in P['kind']]: readonly Extract<P, { kind: K }>[] };

/** One or more of every storage problem, each with data a sentence must show. */
const STORAGE: Samples<StorageProblem> = {
  'no-space': [{ kind: 'no-space' }],
  'no-storage': [{ kind: 'no-storage' }],
  'storage-refused': [{ kind: 'storage-refused', detail: 'SecurityError-7' }],
  'database-closed': [{ kind: 'database-closed' }],
  'database-newer': [{ kind: 'database-newer' }],
  'upgrade-blocked': [{ kind: 'upgrade-blocked' }],
  'upgrade-failed': [{ kind: 'upgrade-failed', version: 97, detail: 'step-crash' }],
  'already-stored': [{ kind: 'already-stored' }],
  'changed-elsewhere': [{ kind: 'changed-elsewhere' }],
  missing: (['game', 'record', 'player', 'unsaved-copy', 'book', 'settings'] as const).map((thing) => ({
    kind: 'missing' as const,
    thing,
  })),
  unreadable: (['game', 'player', 'book', 'record', 'online-keys'] as const).map((thing) => ({
    kind: 'unreadable' as const,
    thing,
    detail: 'moves-not-a-list',
  })),
  'unreadable-listed': [{ kind: 'unreadable-listed', detail: 'moves-not-a-list' }],
  'not-savable': (['game', 'player', 'settings', 'book'] as const).map((thing) => ({
    kind: 'not-savable' as const,
    thing,
    detail: 'size-is-7',
  })),
  'no-such-setting': [{ kind: 'no-such-setting', name: 'zoomLevel' }],
  'bad-setting': [{ kind: 'bad-setting', name: 'theme' }],
  'name-empty': [{ kind: 'name-empty' }],
  'name-too-long': [{ kind: 'name-too-long', max: 60 }],
  'name-taken': [
    { kind: 'name-taken', name: 'Ada', computer: false },
    { kind: 'name-taken', name: 'Ada', computer: true },
  ],
  'name-held-by-damaged': [{ kind: 'name-held-by-damaged', name: 'Ada' }],
  'file-empty': [{ kind: 'file-empty' }],
  'file-not-text': [{ kind: 'file-not-text' }],
  'file-too-big': [
    { kind: 'file-too-big', gzip: false, mb: 128 },
    { kind: 'file-too-big', gzip: true, mb: 128 },
  ],
  'gzip-damaged': [{ kind: 'gzip-damaged' }],
  'file-unreadable': [{ kind: 'file-unreadable', detail: 'Worker-script-failed' }],
  'not-json': [{ kind: 'not-json', detail: 'Unexpected-token' }],
  'not-export-file': [{ kind: 'not-export-file' }],
  'export-part-bad': (['version', 'games', 'players', 'settings', 'progress'] as const).map((part) => ({
    kind: 'export-part-bad' as const,
    part,
  })),
  'export-newer': [{ kind: 'export-newer', version: 97 }],
  'record-unreadable': [{ kind: 'record-unreadable', line: 41, why: { kind: 'unknown-game', game: 'Xiangqi' } }],
  'record-no-moves': [{ kind: 'record-no-moves' }],
  'no-records': [{ kind: 'no-records' }],
  'move-off-board': [{ kind: 'move-off-board', ply: 37, move: 'Z99', size: 19 }],
  'move-illegal': [{ kind: 'move-illegal', ply: 37, move: 'M13', reason: 'occupied', centre: 'K10' }],
  'result-mismatch': [{ kind: 'result-mismatch', winner: 2 }],
  failed: [{ kind: 'failed', detail: 'DataError-3' }],
};

const RECORD: Samples<RecordParseProblem> = {
  'unknown-game': [{ kind: 'unknown-game', game: 'Xiangqi' }],
  'bad-board-size': [{ kind: 'bad-board-size', size: '21' }],
  'bad-tournament-rule': [{ kind: 'bad-tournament-rule', value: 'Maybe' }],
  'malformed-header': [{ kind: 'malformed-header', text: '[Event "x' }],
  'after-result': [{ kind: 'after-result', token: 'K10', result: '1-0' }],
  'misplaced-move-number': [
    { kind: 'misplaced-move-number', number: '7', expected: null },
    { kind: 'misplaced-move-number', number: '7', expected: 5 },
  ],
  'malformed-move': [{ kind: 'malformed-move', token: 'Z99', ply: 37, size: 19 }],
  'illegal-move': (['game-over', 'off-board', 'occupied', 'centre-first', 'tournament-rule'] as const).map(
    (reason) => ({ kind: 'illegal-move' as const, move: 'M13', ply: 37, reason, centre: 'K10' }),
  ),
  'result-contradicted': [{ kind: 'result-contradicted', result: '1-0', winner: 2 }],
};

/** The data a sentence must show: every text and number the problem carries (not kinds, flags or codes). */
function shownData(problem: object): string[] {
  const values: string[] = [];
  for (const [key, value] of Object.entries(problem)) {
    if (key === 'kind' || key === 'thing' || key === 'reason' || key === 'centre' || typeof value === 'boolean')
      continue;
    if (key === 'winner') continue; // a colour name, checked by the words below
    if (value === null) continue;
    // A stone's place in the game is named as the move list numbers it: stone 37 is Black's move 19.
    if (key === 'ply' && typeof value === 'number') values.push(String(moveNumberOf(value)));
    else if (typeof value === 'object') values.push(...shownData(value));
    else values.push(String(value));
  }
  return values;
}

const LOCALES: readonly Locale[] = ['en', 'de', 'zh'];

function inEvery<P extends object>(problem: P, text: (p: P) => string): Record<Locale, string> {
  const out = {} as Record<Locale, string>;
  for (const l of LOCALES) {
    languageChoice.value = l;
    out[l] = text(problem);
  }
  return out;
}

afterEach(() => {
  languageChoice.value = 'auto';
});

describe('storage problems in words', () => {
  const storageCases = Object.values(STORAGE).flat() as StorageProblem[];
  it.each(storageCases.map((p) => [JSON.stringify(p), p] as const))(
    '%s has its own sentence in en, de and zh, with its data',
    (_, problem) => {
      const words = inEvery(problem, storageProblemText);
      for (const l of LOCALES) {
        expect(words[l].length, l).toBeGreaterThan(5);
        for (const d of shownData(problem)) expect(words[l], `${l}: ${d}`).toContain(d);
        expect(words[l], l).not.toMatch(/\{|\}|undefined|\[object/);
      }
      expect(words.de).not.toBe(words.en);
      expect(words.zh).not.toBe(words.en);
      expect(words.zh).toMatch(/[\u4e00-\u9fff]/);
    },
  );

  it('words each distinct problem differently (no two kinds share a sentence)', () => {
    languageChoice.value = 'de';
    const sentences = storageCases.map(storageProblemText);
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  const recordCases = Object.values(RECORD).flat() as RecordParseProblem[];
  it.each(recordCases.map((p) => [JSON.stringify(p), p] as const))(
    'record problem %s has its own sentence in en, de and zh',
    (_, problem) => {
      const words = inEvery(problem, recordParseProblemText);
      for (const l of LOCALES) {
        for (const d of shownData(problem)) expect(words[l], `${l}: ${d}`).toContain(d);
        expect(words[l], l).not.toMatch(/\{|\}|undefined/);
      }
      expect(words.de).not.toBe(words.en);
      expect(words.zh).not.toBe(words.en);
    },
  );

  it("names the winner by colour and words a file record's other faults", () => {
    languageChoice.value = 'de';
    expect(recordParseProblemText({ kind: 'result-contradicted', result: '1-0', winner: 2 })).toContain('Weiß');
    const whys: RecordProblemWhy[] = [
      { kind: 'no-moves' },
      { kind: 'not-savable', detail: 'name-too-long' },
      { kind: 'too-long' },
    ];
    const sentences = whys.map(recordProblemWhyText);
    for (const sentence of sentences) expect(sentence).not.toBe('');
    expect(new Set(sentences).size).toBe(whys.length);
  });

  it('cleans and cuts short what a record quotes', () => {
    languageChoice.value = 'en';
    const text = recordParseProblemText({ kind: 'unknown-game', game: `bad\u0000${'x'.repeat(200)}` });
    expect(text).not.toContain('\u0000');
    expect(text.length).toBeLessThan(80);
  });

  it('has a name for every variant in every language', () => {
    for (const l of LOCALES) {
      languageChoice.value = l;
      for (const id of VARIANT_IDS) expect(variantName(id), `${l} ${id}`).not.toBe('');
    }
    languageChoice.value = 'zh';
    expect(variantName('pente')).toContain('五子棋');
  });
});

describe('what storage and the core return, worded', () => {
  it("a record's illegal move, from the core to German", () => {
    const loaded = loadRecord('[Game "Pente"]\n1. K10 K10');
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.error.problem).toMatchObject({ kind: 'illegal-move', move: 'K10', ply: 2, reason: 'occupied' });
    languageChoice.value = 'de';
    expect(recordParseProblemText(loaded.error.problem)).toBe(
      'Unerlaubter Zug K10 bei Zug 1 (Weiß): K10 ist schon besetzt.',
    );
  });

  it('an empty import, a record with no moves, and a taken name, in Chinese', async () => {
    languageChoice.value = 'zh';
    expect(storageErrorText(errorOf(parseGameRecord('  ')))).toBe('文件是空的。');
    expect(storageErrorText(errorOf(parseGameRecord('[Game "Pente"]\n')))).toBe(
      '该棋谱没有着法，因此没有可导入的对局。',
    );
    const { db } = await openFresh();
    expect(errorOf(await importRecords(db, 'hello')).problem).toEqual({ kind: 'no-records' });
    db.close();
  });
});
