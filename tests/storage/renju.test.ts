/**
 * Renju games kept (issue 32): a stored game keeps the Taraguchi-10 opening's steps (the windows' swaps and
 * keeps, branch B's offers, the passes) and reopens with them; each swap exchanges the players; the backup
 * file and pente.org's record format carry them.
 */
import { describe, expect, it } from 'vitest';
import { type GameState, actingSeat, renjuDue } from '../../src/core';
import {
  type StoredGame,
  exportAll,
  exportGameRecord,
  exportText,
  gameProblem,
  getGame,
  importAll,
  newStoredGame,
  parseGameRecord,
  saveGame,
  toGameState,
  withPlayedState,
} from '../../src/storage';
import { game as playGame } from '../helpers';
import { COMPUTER, HUMAN, errorOf, openFresh, unwrap } from './helpers';

const RENJU = { variant: 'renju' } as const;
const OFFERS = 'offer:A1,A3,A5,A7,A9,A11,A13,A15,C1,E1';
/** Branch B: a swap after stone 2, the offers, white's pick, a sixth stone and a pass. */
const BRANCH_B = `H8 keep H9 swap J9 keep G7 keep ${OFFERS} A5 B2 pass`;
/** Ten offers for the symmetric position H8 G8 J9 H7 (none alike); K9 → K8 makes two alike. */
const SYMMETRIC = 'A1,A2,A3,A4,A5,A6,A7,A8,H10,K9';
/** Branch A, black then builds a row and makes six on row 5: a forbidden overline. */
const OVERLINE = 'H8 keep H9 keep J9 keep G7 keep K10 keep L3 F5 A15 G5 A13 J5 A11 K5 A9 L5 A7 H5';

/** The record of a game played here, step by step (withPlayedState after each action). */
function played(items: string): { record: StoredGame; state: GameState } {
  let record = newStoredGame({ variant: 'renju', size: 15, players: [HUMAN, COMPUTER] });
  let state = playGame(RENJU, '');
  for (const item of items.split(' ')) {
    state = playGame(RENJU, item, state);
    record = withPlayedState(record, state, null);
  }
  return { record, state };
}

describe('Renju games kept', () => {
  it("keeps the opening's steps and reopens with them; each swap exchanges the players", async () => {
    const { db } = await openFresh();
    const { record, state } = played(BRANCH_B);
    expect(record.renju).toEqual({
      swaps: ['keep', 'swap', 'keep', 'keep'],
      offers: ['A1', 'A3', 'A5', 'A7', 'A9', 'A11', 'A13', 'A15', 'C1', 'E1'],
      passes: [6],
    });
    // One swap (after stone 2): the players changed seats once.
    expect(record.players).toEqual([COMPUTER, HUMAN]);
    const saved = unwrap(await saveGame(db, record));
    const replayed = unwrap(toGameState(unwrap(await getGame(db, saved.id))));
    expect(replayed.renju).toEqual(state.renju);
    expect(replayed.moves).toEqual(state.moves);
    // Six stones, then black passed: white (seat 2) is to move.
    expect(replayed.toMove).toBe(2);
    db.close();
  });

  it('reopens a game stopped at a window or at the offers with that step still due', async () => {
    const { db } = await openFresh();
    const atWindow = unwrap(await saveGame(db, played('H8 keep H9').record));
    const window = unwrap(toGameState(atWindow));
    expect(renjuDue(window)).toBe('swap');
    const atPick = unwrap(await saveGame(db, played(`H8 keep H9 keep J9 keep G7 keep ${OFFERS}`).record));
    const pick = unwrap(toGameState(atPick));
    expect(renjuDue(pick)).toBe('pick');
    expect(actingSeat(pick)).toBe(2);
    db.close();
  });

  it("keeps a forbidden-point loss as black's loss, reason forbidden", async () => {
    const { db } = await openFresh();
    const { record } = played(OVERLINE);
    expect(record.result).toEqual({ winner: 2, reason: 'forbidden' });
    expect(record.status).toBe('finished');
    const saved = unwrap(await saveGame(db, record));
    expect(unwrap(toGameState(saved)).result).toEqual({ winner: 2, reason: 'forbidden' });
    db.close();
  });

  it('refuses bad opening steps, a Renju game off 15×15, and the steps in another game', async () => {
    const { record } = played(BRANCH_B);
    expect(gameProblem(record)).toBeNull();
    expect(gameProblem({ ...record, size: 19 })).toMatch(/Renju is played on 15x15/);
    expect(gameProblem({ ...record, renju: { ...record.renju!, swaps: ['maybe'] } })).toMatch(/swap choices/);
    expect(gameProblem({ ...record, renju: { ...record.renju!, offers: ['Z99'] } })).toMatch(/offers/);
    expect(gameProblem({ ...record, renju: { ...record.renju!, passes: [9] } })).toMatch(/passes/);
    const pente = newStoredGame({ players: [HUMAN, COMPUTER] });
    expect(gameProblem({ ...pente, renju: record.renju })).toMatch(/only a Renju game/);
    // Offers that are not ten different empty points do not replay: the game cannot be opened, with the reason.
    const twice = ['A1', 'A1', 'A5', 'A7', 'A9', 'A11', 'A13', 'A15', 'C1', 'E1'];
    expect(errorOf(toGameState({ ...record, renju: { ...record.renju!, offers: twice } })).message).toMatch(
      /offers are not ten different empty points/,
    );
  });

  it("refuses an imported game whose offers are alike under the position's symmetry, and adds the rest", async () => {
    const source = await openFresh();
    const good = unwrap(await saveGame(source.db, played(BRANCH_B).record));
    // Black H8 J9, white G8 H7: symmetric about the diagonal through H8 and J9, so H10 and K8 are one offer.
    // Saving checks the shape only; importing replays and checks the offers as offering them does.
    const sym = played(`H8 keep G8 keep J9 keep H7 keep offer:${SYMMETRIC} A1 B2`).record;
    const alike = SYMMETRIC.replace('K9', 'K8').split(',');
    const bad = unwrap(await saveGame(source.db, { ...sym, renju: { ...sym.renju!, offers: alike } }));
    const { file } = unwrap(await exportAll(source.db));
    const target = await openFresh();
    const report = unwrap(await importAll(target.db, exportText(file)));
    expect(report.gamesAdded).toEqual([good.id]);
    expect(JSON.stringify(report)).toMatch(/the same as/);
    expect(JSON.stringify(report)).toContain(bad.id);
    source.db.close();
    target.db.close();
  });

  it('round-trips through the backup file', async () => {
    const source = await openFresh();
    const saved = unwrap(await saveGame(source.db, played(BRANCH_B).record));
    const { file } = unwrap(await exportAll(source.db));
    const target = await openFresh();
    const report = unwrap(await importAll(target.db, exportText(file)));
    expect(report.gamesAdded).toEqual([saved.id]);
    const back = unwrap(await getGame(target.db, saved.id));
    expect(back.renju).toEqual(saved.renju);
    expect(unwrap(toGameState(back)).renju).toEqual(unwrap(toGameState(saved)).renju);
    source.db.close();
    target.db.close();
  });

  it("round-trips through pente.org's record format, with its game name and our opening header", () => {
    for (const items of [BRANCH_B, OVERLINE]) {
      const { record } = played(items);
      const text = unwrap(exportGameRecord(record));
      expect(text).toMatch(/\[Game "Renju"\]/);
      expect(text).toMatch(/\[Renju Opening "/);
      const back = unwrap(parseGameRecord(text, 5_000));
      expect(back.variant).toBe('renju');
      expect(back.renju).toEqual(record.renju);
      expect(back.moves).toEqual(record.moves);
      expect(back.result).toEqual(record.result);
      expect(back.players.map((p) => p.name)).toEqual(record.players.map((p) => p.name));
    }
  });
});
