import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, getBook, getSettings, openDatabase, putBook, saveSettings } from '../../src/storage';
import { errorOf, freshFactory, openFresh, rawOpen, rawPut, unwrap } from './helpers';

describe('settings', () => {
  it('read as the defaults before anything is saved', async () => {
    const { db } = await openFresh();
    expect(unwrap(await getSettings(db))).toEqual({ settings: DEFAULT_SETTINGS, skipped: [] });
    db.close();
  });

  it('persist what is saved, merged over the defaults', async () => {
    const factory = freshFactory();
    const db = unwrap(await openDatabase({ factory }));
    const saved = unwrap(await saveSettings(db, { theme: 'dark', soundVolume: 0.25, inputMode: 'drag' }));
    expect(saved).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', soundVolume: 0.25, inputMode: 'drag' });
    db.close();

    const reopened = unwrap(await openDatabase({ factory }));
    expect(unwrap(await getSettings(reopened)).settings).toEqual(saved);
    reopened.close();
  });

  it('keep the new-game defaults the player chose last, changed in part', async () => {
    const { db } = await openFresh();
    unwrap(await saveSettings(db, { newGame: { variant: 'keryo', size: 13 } }));
    const timeControl = { initialMs: 300_000, incrementMs: 5_000 };
    unwrap(await saveSettings(db, { newGame: { players: ['player-1', 'expert'], timeControl } }));
    expect(unwrap(await getSettings(db)).settings.newGame).toEqual({
      players: ['player-1', 'expert'],
      variant: 'keryo',
      size: 13,
      tournamentRule: true,
      timeControl,
    });
    db.close();
  });

  it('keep the tutorial lessons done, and refuse a list that is not of lesson ids', async () => {
    const { db } = await openFresh();
    expect(unwrap(await getSettings(db)).settings.lessonsDone).toEqual([]);
    unwrap(await saveSettings(db, { lessonsDone: ['place', 'five'] }));
    expect(unwrap(await getSettings(db)).settings.lessonsDone).toEqual(['place', 'five']);
    expect(errorOf(await saveSettings(db, { lessonsDone: [3] as unknown as string[] })).kind).toBe('invalid');
    expect(errorOf(await saveSettings(db, { lessonsDone: 'place' as unknown as string[] })).kind).toBe('invalid');
    expect(unwrap(await getSettings(db)).settings.lessonsDone).toEqual(['place', 'five']);
    db.close();
  });

  it('refuse invalid values and change nothing', async () => {
    const { db } = await openFresh();
    expect(errorOf(await saveSettings(db, { soundVolume: 2 })).message).toMatch(/soundVolume/);
    expect(errorOf(await saveSettings(db, { theme: 'neon' as 'dark' })).kind).toBe('invalid');
    expect(errorOf(await saveSettings(db, { colour: 'red' } as object)).message).toMatch(/no setting called "colour"/);
    expect(errorOf(await saveSettings(db, { haptics: false, newGame: { size: 11 as 13 } })).kind).toBe('invalid');
    expect(unwrap(await getSettings(db)).settings).toEqual(DEFAULT_SETTINGS);
    db.close();
  });

  it('fall back to the default for a corrupted value, keeping the others', async () => {
    const { db, factory } = await openFresh();
    unwrap(await saveSettings(db, { theme: 'light' }));
    const raw = await rawOpen(factory);
    await rawPut(raw, 'settings', 'loud', 'soundVolume');
    await rawPut(raw, 'settings', 42, 'aSettingFromTheFuture');
    raw.close();
    const { settings, skipped } = unwrap(await getSettings(db));
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, theme: 'light' });
    expect(skipped).toEqual([{ id: 'soundVolume', reason: 'the stored value "loud" is not valid' }]);
    db.close();
  });
});

describe('the openings book', () => {
  it('is not found until stored, then comes back byte for byte', async () => {
    const { db } = await openFresh();
    expect(errorOf(await getBook(db)).kind).toBe('not-found');
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => (i * 37) % 256);
    unwrap(await putBook(db, '2024.1', bytes));
    const book = unwrap(await getBook(db));
    expect(book.version).toBe('2024.1');
    expect(new Uint8Array(book.bytes)).toEqual(bytes);
    db.close();
  });

  it('is replaced by a newer one, stored from a view into a larger buffer', async () => {
    const { db } = await openFresh();
    unwrap(await putBook(db, 'v1', new Uint8Array([1, 2, 3]).buffer));
    const larger = new Uint8Array([9, 9, 4, 5, 6, 9]);
    unwrap(await putBook(db, 'v2', larger.subarray(2, 5)));
    const book = unwrap(await getBook(db));
    expect(book.version).toBe('v2');
    expect([...new Uint8Array(book.bytes)]).toEqual([4, 5, 6]);
    db.close();
  });
});
