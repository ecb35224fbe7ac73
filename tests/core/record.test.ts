import { describe, expect, it } from 'vitest';
import {
  formatRecord,
  loadRecord,
  parseRecord,
  recordOf,
  recordTexts,
  splitRecords,
  stateToJson,
} from '../../src/core';
import { game } from '../helpers';

const SAMPLE = `[Game "Pente"]
[Site "Pente.org"]
[Event "Turn-based Game"]
[Date "05/31/2006"]
[Rated "Y"]
[Player 1 Name "aaru"]
[Player 2 Name "valleyboy"]
[Player 1 Rating "1800"]
[Player 2 Rating "1600"]
[Result "1-0"]

1. K10 J11 2. N10 J13 3. L10 M10 4. J10 G10 5. L12 L13 6. K11 M13 7. K13 M11 8.
K12 J14 9. K13 M12 10. K14 1-0
`;

describe('pente.org records', () => {
  it('replay a real game, captures and all', () => {
    const loaded = loadRecord(SAMPLE);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    const { record, state } = loaded.value;
    expect(record.moves).toHaveLength(19);
    expect(state.result).toEqual({ winner: 1, reason: 'five' });
    // K13 is played twice: player 2 captured it (and K12) with M11 in between.
    expect(state.captures).toEqual([0, 2]);
    // Row 10, top first: G10 and M10 are player 2's, J10 K10 L10 N10 player 1's.
    expect(stateToJson(state).board[9]).toBe('......2.11121......');
  });

  it('format back to the same text: the round trip is lossless', () => {
    const parsed = parseRecord(SAMPLE);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(formatRecord(parsed.value)).toBe(SAMPLE);
  });

  it('write a record of a game that reads back to the same game, rules included', () => {
    const s = game({ variant: 'keryo', size: 13, tournamentRule: false }, 'G7 H8 H7 A1');
    const text = formatRecord(recordOf(s, [['Player 1 Name', 'Ann "the Axe"']]));
    expect(text).toContain('[Game "Keryo-Pente"]');
    expect(text).toContain('[Board Size "13"]');
    expect(text).toContain('[Tournament Rule "Off"]');
    expect(text).toContain('[Result "*"]');
    const loaded = loadRecord(text);
    expect(loaded.ok && loaded.value.state.cells).toEqual(s.cells);
    expect(loaded.ok && loaded.value.record.rules).toEqual(s.rules);
    expect(loaded.ok && loaded.value.record.headers[1]).toEqual(['Player 1 Name', 'Ann "the Axe"']);
  });

  it('accept pente.org’s Speed games as the same rules', () => {
    const loaded = loadRecord('[Game "Speed Pente"]\n\n1. K10 L9 *');
    expect(loaded.ok && loaded.value.record.rules.variant.id).toBe('pente');
  });

  it('name the line and ply of an illegal move', () => {
    const loaded = loadRecord('[Game "Pente"]\n\n1. K10 L9 2. K11 A1 *\n');
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.error).toMatchObject({ line: 3, ply: 2 });
    expect(loaded.error.message).toContain('Illegal move K11 at ply 3');
    expect(loaded.error.message).toContain('Tournament rule');
  });

  it('name the line and ply of a malformed or off-board move', () => {
    for (const [move, ply] of [
      ['I10', 2],
      ['Z9', 2],
      ['K25', 2],
      ['10', 2],
    ] as const) {
      const r = parseRecord(`[Game "Pente"]\n\n1. K10 L9\n2. ${move} *`);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error, move).toMatchObject({ line: 4, ply });
    }
    const small = parseRecord('[Game "Pente"]\n[Board Size "9"]\n\n1. E5 K10');
    expect(!small.ok && small.error.message).toContain('9x9');
  });

  it('reject an unknown game, a bad header, a wrong move number and text after the result', () => {
    const unknown = parseRecord('[Game "Chess"]\n\n1. e4 *');
    expect(!unknown.ok && unknown.error.message).toBe('Unknown game "Chess".');
    expect(parseRecord('[Game Pente]\n\n1. K10 *').ok).toBe(false);
    expect(parseRecord('[Game "Pente"]\n[Board Size "17"]\n\n1. K10 *').ok).toBe(false);
    const numbering = parseRecord('[Game "Pente"]\n\n1. K10 L9 3. N10 *');
    expect(!numbering.ok && numbering.error).toMatchObject({ line: 3, ply: 2 });
    expect(parseRecord('[Game "Pente"]\n\n1. K10 L9 * N10').ok).toBe(false);
  });

  it('reject a result that contradicts the moves, and moves after the end', () => {
    const wrong = loadRecord(
      '[Game "Pente"]\n[Tournament Rule "Off"]\n\n1. K10 A1 2. K11 A3 3. K12 A5 4. K13 A7 5. K14 0-1',
    );
    expect(!wrong.ok && wrong.error.message).toContain('win for player 1');
    const after = loadRecord(
      '[Game "Pente"]\n[Tournament Rule "Off"]\n\n1. K10 A1 2. K11 A3 3. K12 A5 4. K13 A7 5. K14 A9 1-0',
    );
    expect(!after.ok && after.error).toMatchObject({ ply: 9 });
  });

  it('read an unrated game that ignores the tournament rule as played without it, but not a rated one', () => {
    const moves = '\n\n1. K10 K9 2. K12 M9 *';
    expect(loadRecord(`[Game "Pente"]\n[Rated "N"]${moves}`).ok).toBe(true);
    expect(loadRecord(`[Game "Pente"]\n[Rated "Y"]${moves}`).ok).toBe(false);
    expect(loadRecord(`[Game "Pente"]\n[Rated "N"]\n[Tournament Rule "On"]${moves}`).ok).toBe(false);
  });

  it('split a file of games, keeping each game’s first line', () => {
    const file = `${SAMPLE}\n${SAMPLE}`;
    const games = splitRecords(file);
    expect(games.map((g) => g.firstLine)).toEqual([1, 15]);
    const bad = loadRecord(games[1]!.text.replace('K14 1-0', 'K14 K14 1-0'), games[1]!.firstLine);
    expect(!bad.ok && bad.error).toMatchObject({ line: 27, ply: 19 });
  });
});

describe('files of several records', () => {
  /** Each record of a file loaded: its first line, and the line and message of its error if it has one. */
  const loadAll = (file: string) =>
    splitRecords(file).map(({ text, firstLine }) => {
      const loaded = loadRecord(text, firstLine);
      return loaded.ok ? { firstLine, moves: loaded.value.record.moves.length } : { firstLine, error: loaded.error };
    });
  const SHORT = '[Game "Pente"]\n[Player 1 Name "Ann"]\n\n1. K10 L9 2. K13 *\n';

  it('read every record, whatever lies between them: blank lines, stray text, a separator', () => {
    const file = [
      'Games of aaru, downloaded from pente.org',
      '',
      SAMPLE,
      '---------',
      'next one:',
      SAMPLE,
      '1. K10 L9 2. K13 1-0',
      'thanks!',
    ].join('\n');
    expect(loadAll(file)).toEqual([
      { firstLine: 3, moves: 19 },
      { firstLine: 19, moves: 19 },
      // A record with no headers, straight after the one before.
      { firstLine: 33, moves: 3 },
    ]);
  });

  it('read \\r\\n and \\r line endings and byte-order marks, one per file joined', () => {
    const crlf = `\ufeff${SAMPLE}\n\ufeff${SHORT}`.replace(/\n/g, '\r\n');
    expect(loadAll(crlf)).toEqual([
      { firstLine: 1, moves: 19 },
      { firstLine: 15, moves: 3 },
    ]);
    expect(loadAll(`${SHORT}\n${SHORT}`.replace(/\n/g, '\r'))).toEqual([
      { firstLine: 1, moves: 3 },
      { firstLine: 6, moves: 3 },
    ]);
  });

  it('keep a bad record in the middle to itself, with its own line, and read the ones after it', () => {
    const bad = SHORT.replace('K13', 'K10');
    const badHeader = '[Game "Pente"]\n[Player 1 Name "Ann]\n\n1. K10 *\n';
    const file = [SHORT, bad, badHeader, SAMPLE].join('\n');
    expect(loadAll(file)).toEqual([
      { firstLine: 1, moves: 3 },
      {
        firstLine: 6,
        error: {
          line: 9,
          ply: 2,
          problem: { kind: 'illegal-move', move: 'K10', ply: 3, reason: 'occupied', centre: 'K10' },
          message: expect.stringMatching(/^Illegal move K10 at ply 3/),
        },
      },
      {
        firstLine: 11,
        error: {
          line: 12,
          problem: { kind: 'malformed-header', text: '[Player 1 Name "Ann]' },
          message: 'Malformed header: [Player 1 Name "Ann]',
        },
      },
      { firstLine: 16, moves: 19 },
    ]);
  });

  it('read moves that run on after a finished record as a record, and text after headers as its moves', () => {
    // No headers and no result: one record of moves.
    expect(loadAll('1. K10 L9\n2. K13 M9')).toEqual([{ firstLine: 1, moves: 4 }]);
    // Words after a record's headers are its moves, so the error says what is wrong rather than skipping them.
    const [words] = loadAll('[Game "Pente"]\n\nhello there\n');
    expect(words).toMatchObject({ error: { line: 3, message: expect.stringMatching(/Malformed move "hello"/) } });
  });

  it('tell how far into the file each record ends, for a progress bar', () => {
    const file = `${SAMPLE}\n${SAMPLE}`;
    expect([...recordTexts(file)].map((r) => r.end)).toEqual([SAMPLE.length, file.length]);
    expect(splitRecords('')).toEqual([]);
    expect(splitRecords('just some words\n')).toEqual([]);
  });
});
