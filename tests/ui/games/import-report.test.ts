import { describe, expect, it } from 'vitest';
import type { ImportReport, RecordImportReport } from '../../../src/storage';
import { backupImportOutcome, recordImportOutcome } from '../../../src/ui/games/import-report';

const records = (overrides: Partial<RecordImportReport>): RecordImportReport => ({
  records: 0,
  added: [],
  duplicates: 0,
  repeated: 0,
  problems: [],
  undecodable: [],
  ...overrides,
});

describe("an import's report", () => {
  it('counts the games of a pente.org file, with the right words for one and for many', () => {
    expect(recordImportOutcome(records({ records: 1, added: ['a'] }))).toEqual({
      summary: 'Imported 1 game.',
      problems: [],
      added: true,
      shelf: 'imported',
    });
    expect(recordImportOutcome(records({ records: 4, added: ['a', 'b', 'c'], duplicates: 1 })).summary).toBe(
      'Imported 3 games; 1 was already in your games.',
    );
    const none = recordImportOutcome(records({ records: 2, duplicates: 2 }));
    expect(none).toMatchObject({ summary: 'No game imported; 2 were already in your games.', shelf: null });
  });

  it('names each record that could not be read by its number and line', () => {
    const outcome = recordImportOutcome(
      records({
        records: 4,
        added: ['a', 'b', 'c'],
        problems: [
          {
            game: 3,
            line: 41,
            why: { kind: 'illegal-move', move: 'K10', ply: 3, reason: 'occupied', centre: 'K10' },
            message: 'Illegal move K10 at ply 3: K10 is already occupied.',
          },
        ],
      }),
    );
    expect(outcome.summary).toBe('Imported 3 games; 1 record could not be read.');
    expect(outcome.problems).toEqual([
      'Game 3 (line 41): Illegal move K10 at move 2 (Black): K10 is already occupied.',
    ]);
  });

  it('counts a backup’s games and players, and goes to the tab that holds most of its games', () => {
    const report: ImportReport = {
      gamesAdded: ['a', 'b'],
      gamesRenamed: [{ from: 'c', to: 'd' }],
      gamesDuplicate: ['e'],
      gamesRepeated: [],
      gamesUpdated: [],
      gamesKept: [],
      undecodable: [],
      gamesByShelf: { 'in-progress': 1, finished: 2, imported: 0 },
      playersAdded: ['p'],
      playersSkipped: [],
      settingsReplaced: false,
      rejected: [{ what: 'game', id: '#4', reason: 'the moves are not a list' }],
      damagedInFile: 2,
      lessonsAdded: 0,
      puzzleAnswersAdded: 0,
      ratingGamesAdded: 0,
      onlineKeys: { becameDevice: false, keptBeside: 0 },
    };
    expect(backupImportOutcome(report)).toEqual({
      summary:
        'Imported 3 games and 1 player; 1 game was already in your games; 1 entry could not be read; ' +
        '2 damaged records in the file were left out.',
      problems: ['Game #4: the moves are not a list'],
      added: true,
      shelf: 'finished',
    });
    expect(
      backupImportOutcome({ ...report, lessonsAdded: 1, puzzleAnswersAdded: 3, ratingGamesAdded: 2 }).summary,
    ).toBe(
      'Imported 3 games, 1 player, 1 finished lesson, 3 puzzle answers and 2 rated games against the computer; ' +
        '1 game was already in your games; ' +
        '1 entry could not be read; 2 damaged records in the file were left out.',
    );
  });
});
