import { describe, expect, it } from 'vitest';
import { LEVELS, levelById } from '../../src/core';
import {
  COMPUTER_LIMITS,
  type ComputerPlayer,
  type ComputerSettings,
  clampComputerSettings,
  getPlayer,
  playerProblem,
  savePlayer,
  strengthOf,
  withLevel,
} from '../../src/storage';
import { openFresh, unwrap } from './helpers';

const casual = levelById('casual')!;
const settingsOf = ({ depth, timeMs, vision, judgement, book }: ComputerSettings): ComputerSettings => ({
  depth,
  timeMs,
  vision,
  judgement,
  book,
});

describe('clampComputerSettings', () => {
  it('keeps settings that are in range, and only the settings', () => {
    for (const level of LEVELS) expect(clampComputerSettings(level)).toEqual(settingsOf(level));
  });

  it('holds every number to its limits', () => {
    const tooBig = clampComputerSettings({ depth: 999, timeMs: 999_999, vision: 1000, judgement: 101, book: true });
    expect(tooBig).toEqual({ depth: 64, timeMs: 10_000, vision: 100, judgement: 100, book: true });
    const tooSmall = clampComputerSettings({ depth: 0, timeMs: 1, vision: -5, judgement: -1, book: false });
    expect(tooSmall).toEqual({ depth: 1, timeMs: 300, vision: 0, judgement: 0, book: false });
    expect(clampComputerSettings({ timeMs: Infinity, depth: -Infinity }, casual)).toMatchObject({
      timeMs: COMPUTER_LIMITS.timeMs.max,
      depth: COMPUTER_LIMITS.depth.min,
    });
  });

  it('rounds to each setting’s step', () => {
    expect(clampComputerSettings({ timeMs: 1234, depth: 2.6, vision: 50.4, judgement: 49.5 }, casual)).toMatchObject({
      timeMs: 1200,
      depth: 3,
      vision: 50,
      judgement: 50,
    });
  });

  it('gives the fallback level’s value for anything that is not a number', () => {
    const notNumbers = [Number.NaN, '', '  ', 'abc', null, undefined, {}, [], 'yes'];
    for (const value of notNumbers) {
      const clamped = clampComputerSettings(
        { depth: value, timeMs: value, vision: value, judgement: value, book: value },
        casual,
      );
      expect(clamped, JSON.stringify(value)).toEqual(settingsOf(casual));
    }
    // A flag is not a number either.
    expect(clampComputerSettings({ depth: true, timeMs: false }, casual)).toMatchObject({
      depth: casual.depth,
      timeMs: casual.timeMs,
    });
  });

  it('falls back to the middle level when no fallback is given', () => {
    expect(clampComputerSettings({})).toEqual(settingsOf(LEVELS[Math.floor(LEVELS.length / 2)]!));
  });

  it('reads numbers written as text, as a form field gives them', () => {
    expect(
      clampComputerSettings({ depth: '7', timeMs: ' 2500 ', vision: '80', judgement: '90.2', book: 'false' }, casual),
    ).toEqual({ depth: 7, timeMs: 2500, vision: 80, judgement: 90, book: false });
    expect(clampComputerSettings({ timeMs: '999999', book: 'true' }, casual)).toMatchObject({
      timeMs: 10_000,
      book: true,
    });
  });

  it('gives settings that storage accepts, whatever it is given', () => {
    const wild = [Number.NaN, -1e9, 1e9, 0.5, '12', 'x', null];
    for (const value of wild) {
      const player = {
        id: 'p',
        kind: 'computer',
        name: 'Tester',
        ...clampComputerSettings({ depth: value, timeMs: value, vision: value, judgement: value }),
      };
      expect(playerProblem(player), JSON.stringify(value)).toBeNull();
    }
  });
});

describe('storage clamps what it saves', () => {
  it('stores an out-of-range think time as the maximum', async () => {
    const { db } = await openFresh();
    const stored = unwrap(await getPlayer(db, 'casual')) as ComputerPlayer;
    const saved = unwrap(await savePlayer(db, { ...stored, timeMs: 999_999, depth: 64, vision: 0 }));
    expect(saved).toMatchObject({ timeMs: 10_000, depth: 64, vision: 0 });
    expect(unwrap(await getPlayer(db, 'casual'))).toMatchObject({ timeMs: 10_000, vision: 0 });
    db.close();
  });
});

describe('the strength scale', () => {
  it('puts each built-in level at its own position, exactly', () => {
    LEVELS.forEach((level, i) => expect(strengthOf(level)).toEqual({ index: i, exact: true }));
  });

  it('puts changed settings at the nearest level, not exactly', () => {
    const advanced = LEVELS.findIndex((l) => l.id === 'advanced');
    expect(strengthOf({ ...levelById('advanced')!, timeMs: 700 })).toEqual({ index: advanced, exact: false });
    // Master with a shorter think time is still nearest Master.
    const master = LEVELS.findIndex((l) => l.id === 'master');
    expect(strengthOf({ ...levelById('master')!, timeMs: 2500 })).toEqual({ index: master, exact: false });
    expect(strengthOf({ ...levelById('candidate-master')!, book: false }).index).toBe(master - 1);
    // Far below the weakest level is still the weakest level.
    expect(strengthOf({ depth: 1, timeMs: 300, vision: 0, judgement: 0, book: false }).index).toBe(0);
  });

  it('copies a level’s settings and keeps the player’s id and name', () => {
    const player: ComputerPlayer = {
      ...settingsOf(levelById('beginner')!),
      id: 'mine',
      name: 'My bot',
      kind: 'computer',
    };
    LEVELS.forEach((level, i) => {
      const moved = withLevel(player, i);
      expect(moved).toEqual({ ...settingsOf(level), id: 'mine', name: 'My bot', kind: 'computer' });
      expect(strengthOf(moved)).toEqual({ index: i, exact: true });
    });
  });

  it('holds a slider position to the scale', () => {
    const player = settingsOf(casual);
    expect(withLevel(player, -3)).toEqual(settingsOf(LEVELS[0]!));
    expect(withLevel(player, 99)).toEqual(settingsOf(LEVELS.at(-1)!));
    expect(withLevel(player, 1.6)).toEqual(settingsOf(LEVELS[2]!));
    expect(withLevel(player, Number.NaN)).toEqual(settingsOf(LEVELS[0]!));
  });
});
