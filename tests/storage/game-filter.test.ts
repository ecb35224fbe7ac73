/**
 * The Games list's search and filters: the name query, the result from the player's side or by colour, the
 * date presets and fields, the variant, the opening, and the most common openings; and a listing with a
 * filter (every summary read, the best kept), combined with the shelves and the sort.
 */
import { describe, expect, it } from 'vitest';
import {
  type GameFilter,
  type GameSummary,
  type StoredGame,
  OPENING_PLIES,
  OPENING_PLIES_KEPT,
  dayBound,
  filterPredicate,
  foldText,
  formatOpening,
  isEmptyFilter,
  listGameSummaries,
  listOpenings,
  mySideOf,
  nameTerms,
  openingCounter,
  openingMatches,
  parseOpening,
  presetStart,
  summarize,
} from '../../src/storage';
import { COMPUTER, HUMAN, openFresh, sampleGame, unwrap } from './helpers';

const summaryOf = (overrides: Partial<StoredGame>): GameSummary =>
  summarize('x', sampleGame({ id: 'x', ...overrides })) as GameSummary;

const two = (black: string, white: string): StoredGame['players'] => [
  { name: black, kind: 'human' },
  { name: white, kind: 'human' },
];
const won = (winner: 1 | 2) => ({ status: 'finished' as const, result: { winner, reason: 'resignation' as const } });
const drawn = { status: 'finished' as const, result: { winner: null, reason: 'draw' as const } };
const matches = (filter: GameFilter, overrides: Partial<StoredGame>) => filterPredicate(filter)(summaryOf(overrides));

describe('the name query', () => {
  it('folds case, accents and spaces', () => {
    expect(foldText('  Ämélie   DU  Pré ')).toBe('amelie du pre');
    expect(foldText('王 小明')).toBe('王 小明');
  });

  it('splits "Ann vs Bob" into two terms, and keeps one name whole', () => {
    expect(nameTerms('Ann')).toEqual(['ann']);
    expect(nameTerms('Ann vs Bob')).toEqual(['ann', 'bob']);
    expect(nameTerms('ann VS. bob')).toEqual(['ann', 'bob']);
    expect(nameTerms('Ann v Bob')).toEqual(['ann', 'bob']);
    expect(nameTerms('Anna gegen Bob')).toEqual(['anna', 'bob']);
    expect(nameTerms('小明 对阵 小红')).toEqual(['小明', '小红']);
    expect(nameTerms('小明 对 小红')).toEqual(['小明', '小红']);
    expect(nameTerms('Gegenbauer')).toEqual(['gegenbauer']);
    expect(nameTerms('Vsevolod')).toEqual(['vsevolod']);
    expect(nameTerms('Jo van Dam')).toEqual(['jo van dam']);
    expect(nameTerms('  ')).toEqual([]);
    expect(nameTerms(' vs Bob')).toEqual(['vs bob']);
    expect(nameTerms('a vs b vs c')).toEqual(['a', 'b']);
  });

  it('finds a name on either side, part of it, whatever the case or accents', () => {
    expect(matches({ names: 'ann' }, { players: two('Joanne', 'Bob') })).toBe(true);
    expect(matches({ names: 'ANN' }, { players: two('Bob', 'Ann') })).toBe(true);
    expect(matches({ names: 'zoe' }, { players: two('Zoë', 'Bob') })).toBe(true);
    expect(matches({ names: 'carl' }, { players: two('Ann', 'Bob') })).toBe(false);
  });

  it('finds "Ann vs Bob" with either colour, and not two names on one side', () => {
    expect(matches({ names: 'ann vs bob' }, { players: two('Ann', 'Bob') })).toBe(true);
    expect(matches({ names: 'ann vs bob' }, { players: two('Bob', 'Ann') })).toBe(true);
    expect(matches({ names: 'ann vs bob' }, { players: two('Ann Bob', 'Carl') })).toBe(false);
    expect(matches({ names: 'ann vs bob' }, { players: two('Ann', 'Carl') })).toBe(false);
  });
});

describe('the result', () => {
  const vsComputer = (humanSide: 1 | 2) =>
    (humanSide === 1 ? [HUMAN, COMPUTER] : [COMPUTER, HUMAN]) as unknown as StoredGame['players'];

  it('knows this device’s side: a friend game’s, else the human’s against the computer', () => {
    expect(mySideOf({ players: vsComputer(1) })).toBe(1);
    expect(mySideOf({ players: vsComputer(2) })).toBe(2);
    expect(mySideOf({ players: two('Ann', 'Bob') })).toBe(null);
    expect(mySideOf({ players: [COMPUTER, COMPUTER] })).toBe(null);
    const friend = { gameId: 'f', mySide: 2 as const };
    expect(mySideOf({ players: two('Ann', 'Bob'), friend })).toBe(2);
  });

  it('is won or lost from this device’s side when the search names nobody', () => {
    expect(matches({ result: 'won' }, { players: vsComputer(2), ...won(2) })).toBe(true);
    expect(matches({ result: 'lost' }, { players: vsComputer(2), ...won(2) })).toBe(false);
    expect(matches({ result: 'lost' }, { players: vsComputer(1), ...won(2) })).toBe(true);
    // Two people at one device: no side is "me", so neither won nor lost.
    expect(matches({ result: 'won' }, { players: two('Ann', 'Bob'), ...won(1) })).toBe(false);
    expect(matches({ result: 'lost' }, { players: two('Ann', 'Bob'), ...won(1) })).toBe(false);
  });

  it('is won or lost from the named player’s side when the search names one', () => {
    const game = { players: two('Ann', 'Bob'), ...won(2) };
    expect(matches({ names: 'bob', result: 'won' }, game)).toBe(true);
    expect(matches({ names: 'bob', result: 'lost' }, game)).toBe(false);
    expect(matches({ names: 'ann', result: 'lost' }, game)).toBe(true);
    expect(matches({ names: 'ann vs bob', result: 'lost' }, game)).toBe(true);
    expect(matches({ names: 'bob vs ann', result: 'won' }, game)).toBe(true);
    expect(matches({ names: 'bob vs ann', result: 'lost' }, game)).toBe(false);
    // The name outranks the device's side: Alice lost this one to the computer.
    expect(matches({ names: 'casual', result: 'won' }, { players: vsComputer(1), ...won(2) })).toBe(true);
  });

  it('is by colour for black and white, and a draw is a draw', () => {
    expect(matches({ result: 'black' }, { players: two('Ann', 'Bob'), ...won(1) })).toBe(true);
    expect(matches({ result: 'white' }, { players: two('Ann', 'Bob'), ...won(1) })).toBe(false);
    expect(matches({ result: 'white' }, { players: two('Ann', 'Bob'), ...won(2) })).toBe(true);
    expect(matches({ result: 'draw' }, { players: two('Ann', 'Bob'), ...drawn })).toBe(true);
    expect(matches({ result: 'draw' }, { players: two('Ann', 'Bob'), ...won(1) })).toBe(false);
    for (const result of ['won', 'lost', 'black', 'white'] as const)
      expect(matches({ result }, { players: vsComputer(1), ...drawn })).toBe(false);
  });

  it('leaves out unfinished games whatever the result asked', () => {
    for (const result of ['won', 'lost', 'draw', 'black', 'white'] as const)
      expect(matches({ result }, { players: vsComputer(1), status: 'in-progress', result: null })).toBe(false);
  });
});

describe('dates', () => {
  // Wednesday 11 March 2026, 15:20 local time.
  const now = new Date(2026, 2, 11, 15, 20);

  it('starts this week on Monday, this month on the 1st and this year on 1 January', () => {
    expect(presetStart('week', now)).toBe(new Date(2026, 2, 9).getTime());
    expect(presetStart('week', new Date(2026, 2, 15, 23))).toBe(new Date(2026, 2, 9).getTime());
    expect(presetStart('week', new Date(2026, 2, 1, 1))).toBe(new Date(2026, 1, 23).getTime());
    expect(presetStart('month', now)).toBe(new Date(2026, 2, 1).getTime());
    expect(presetStart('year', now)).toBe(new Date(2026, 0, 1).getTime());
  });

  it('reads a date field’s day as its first moment, or the next day’s for the end', () => {
    expect(dayBound('2026-03-11', 'from')).toBe(new Date(2026, 2, 11).getTime());
    expect(dayBound('2026-03-11', 'to')).toBe(new Date(2026, 2, 12).getTime());
    expect(dayBound('2026-12-31', 'to')).toBe(new Date(2027, 0, 1).getTime());
    for (const bad of ['', '2026-02-30', '2026-13-01', '11/03/2026', 'soon'])
      expect(dayBound(bad, 'from')).toBeUndefined();
  });

  it('keeps the games listed within the range, its start in and its end out', () => {
    const from = new Date(2026, 2, 9).getTime();
    const to = new Date(2026, 2, 12).getTime();
    const at = (t: number) => ({ createdAt: t, updatedAt: t });
    expect(matches({ from, to }, at(from))).toBe(true);
    expect(matches({ from, to }, at(to - 1))).toBe(true);
    expect(matches({ from, to }, at(to))).toBe(false);
    expect(matches({ from, to }, at(from - 1))).toBe(false);
    expect(matches({ from }, at(to + 1e9))).toBe(true);
  });
});

describe('the opening', () => {
  it('is read as far as a summary keeps it (the filter module keeps its own copy of the number)', () => {
    expect(OPENING_PLIES_KEPT).toBe(OPENING_PLIES);
    expect(parseOpening('A1 B2 C3 D4 E5 F6 G7 H8 J9 K10')).toEqual({
      ok: true,
      moves: ['A1', 'B2', 'C3', 'D4', 'E5', 'F6', 'G7', 'H8'].slice(0, OPENING_PLIES),
    });
  });

  it('reads moves typed any way, and names the first word that is not one', () => {
    expect(parseOpening('k10 l9, K14-m11')).toEqual({ ok: true, moves: ['K10', 'L9', 'K14', 'M11'] });
    expect(parseOpening('1.K10 2.L9')).toEqual({ ok: true, moves: ['K10', 'L9'] });
    expect(parseOpening('')).toEqual({ ok: true, moves: [] });
    expect(parseOpening('K10 I9')).toEqual({ ok: false, bad: 'I9' });
    expect(parseOpening('K10 L20')).toEqual({ ok: false, bad: 'L20' });
    expect(parseOpening('K10 U3')).toEqual({ ok: false, bad: 'U3' });
    expect(parseOpening('K0')).toEqual({ ok: false, bad: 'K0' });
    const long = Array.from({ length: 12 }, () => 'K10').join(' ');
    expect(parseOpening(long)).toEqual({ ok: true, moves: Array(OPENING_PLIES).fill('K10') });
    expect(formatOpening(['K10', 'L9'])).toBe('K10 L9');
  });

  it('keeps the first moves in the summary, and matches games that begin with them', () => {
    const moves = ['K10', 'L9', 'K14', 'M11', 'K15', 'K11', 'J10', 'H9', 'G8', 'F7'];
    const s = summaryOf({ moves: moves.slice(0, 3) });
    expect(s.opening).toBe('K10 L9 K14');
    expect(openingMatches('K10 L9 K14', ['K10', 'L9'])).toBe(true);
    expect(openingMatches('K10 L9 K14', ['K10', 'L9', 'K14'])).toBe(true);
    expect(openingMatches('K10 L9 K14', ['K10', 'L9', 'K1'])).toBe(false);
    expect(openingMatches('K10 L9', ['K10', 'L9', 'K14'])).toBe(false);
    expect(openingMatches('K10 L19', ['K10', 'L1'])).toBe(false);
    expect(openingMatches('', [])).toBe(true);
    expect(matches({ opening: ['K10', 'L9'] }, { moves: moves.slice(0, 4) })).toBe(true);
    expect(matches({ opening: ['K10', 'M9'] }, { moves: moves.slice(0, 4) })).toBe(false);
  });

  it('counts the most common openings, most games first, ties in move order', () => {
    const counter = openingCounter(2);
    for (const opening of ['K10 L9 K14', 'K10 L9', 'K10 J9 K8', 'K10 J9', 'K10 M9', 'K10', ''])
      counter.add({ opening });
    expect(counter.top(2)).toEqual([
      { moves: ['K10', 'J9'], games: 2 },
      { moves: ['K10', 'L9'], games: 2 },
    ]);
    expect(counter.top(5)).toHaveLength(3);
  });
});

describe('the filters together', () => {
  it('is empty only when nothing filters', () => {
    expect(isEmptyFilter({})).toBe(true);
    expect(isEmptyFilter({ names: '  ', opening: [] })).toBe(true);
    expect(isEmptyFilter({ names: 'a' })).toBe(false);
    expect(isEmptyFilter({ result: 'draw' })).toBe(false);
    expect(isEmptyFilter({ from: 0 })).toBe(false);
    expect(isEmptyFilter({ to: 0 })).toBe(false);
    expect(isEmptyFilter({ variant: 'gomoku' })).toBe(false);
    expect(isEmptyFilter({ opening: ['K10'] })).toBe(false);
  });

  it('asks every filter of a game', () => {
    const game = { players: two('Ann', 'Bob'), variant: 'keryo' as const, moves: ['K10', 'L9'], ...won(1) };
    const all: GameFilter = { names: 'ann', result: 'won', variant: 'keryo', opening: ['K10', 'L9'] };
    expect(matches(all, game)).toBe(true);
    expect(matches({ ...all, names: 'bob' }, game)).toBe(false);
    expect(matches({ ...all, result: 'lost' }, game)).toBe(false);
    expect(matches({ ...all, variant: 'pente' }, game)).toBe(false);
    expect(matches({ ...all, opening: ['K10', 'M9'] }, game)).toBe(false);
    expect(matches({ ...all, from: 2_000 }, game)).toBe(false);
    expect(matches({ ...all, to: 1_000 }, game)).toBe(false);
  });
});

describe('a listing with a filter', () => {
  /** 300 games: names, variants, results and openings spread so each filter keeps some and leaves some. */
  const game = (i: number): StoredGame =>
    sampleGame({
      id: `g${String(i).padStart(4, '0')}`,
      players: two(['Ann', 'Bob', 'Carl'][i % 3]!, ['Dee', 'Eve'][i % 2]!),
      variant: i % 5 === 0 ? 'keryo' : 'pente',
      moves: i % 4 === 0 ? ['K10', 'L9', 'K14'] : ['K10', 'J9', 'K6'],
      ...(i % 7 === 0 ? { status: 'in-progress' as const, result: null } : won(i % 2 === 0 ? 1 : 2)),
      createdAt: 1_000,
      updatedAt: 10_000 + i * 1_000,
      revision: 1,
    });
  const games = Array.from({ length: 300 }, (_, i) => game(i));

  async function library() {
    const { db } = await openFresh();
    const tx = db.transaction(['games', 'summaries'], 'readwrite');
    for (const g of games) {
      void tx.objectStore('games').put(g);
      void tx.objectStore('summaries').put(summarize(g.id, g));
    }
    await tx.done;
    return db;
  }

  it('lists the newest games that match, with more when there are more, within the shelf', async () => {
    const db = await library();
    const filter: GameFilter = { names: 'ann vs dee', result: 'won', variant: 'pente', opening: ['K10', 'L9'] };
    const expected = games
      .filter((g, i) => i % 3 === 0 && i % 2 === 0 && i % 5 !== 0 && i % 4 === 0 && i % 7 !== 0)
      .map((g) => g.id)
      .reverse();
    expect(expected.length).toBeGreaterThan(6);
    const listed = unwrap(await listGameSummaries(db, { shelf: 'finished', filter, limit: 5 }));
    expect(listed.games.map((g) => g.id)).toEqual(expected.slice(0, 5));
    expect(listed.more).toBe(true);
    const all = unwrap(await listGameSummaries(db, { shelf: 'finished', filter, limit: 500 }));
    expect(all.games.map((g) => g.id)).toEqual(expected);
    expect(all.more).toBe(false);
    // The sort holds with a filter: by Black's name, then newest first among equals.
    const byName = unwrap(
      await listGameSummaries(db, { shelf: 'finished', filter: { names: 'eve' }, sortBy: 'player1' }),
    );
    expect(byName.games.map((g) => g.players[0])).toEqual([...byName.games.map((g) => g.players[0])].sort());
    expect(byName.games.every((g) => g.players[1] === 'Eve' && g.status === 'finished')).toBe(true);
    db.close();
  });

  it('lists a date range and an empty result', async () => {
    const db = await library();
    const range = unwrap(await listGameSummaries(db, { filter: { from: 20_000, to: 25_000 } }));
    expect(range.games.map((g) => g.id)).toEqual(['g0014', 'g0013', 'g0012', 'g0011', 'g0010']);
    const none = unwrap(await listGameSummaries(db, { filter: { names: 'nobody' }, limit: 50 }));
    expect(none).toEqual({ games: [], more: false, damaged: [] });
    db.close();
  });

  it('stops a listing whose signal is aborted', async () => {
    const db = await library();
    const stop = new AbortController();
    stop.abort();
    const listed = unwrap(await listGameSummaries(db, { filter: { names: 'ann' }, signal: stop.signal }));
    expect(listed.games).toEqual([]);
    db.close();
  });

  it('counts the most common openings among the games the tab and filter list', async () => {
    const db = await library();
    const top = unwrap(await listOpenings(db, { shelf: 'finished', filter: { names: 'ann' } }, 2, 5));
    const finishedAnn = games.filter((g, i) => i % 3 === 0 && i % 7 !== 0);
    const withL9 = finishedAnn.filter((g) => g.moves[1] === 'L9').length;
    expect(top).toEqual([
      { moves: ['K10', 'J9'], games: finishedAnn.length - withL9 },
      { moves: ['K10', 'L9'], games: withL9 },
    ]);
    db.close();
  });
});
