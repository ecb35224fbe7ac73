import { describe, expect, it } from 'vitest';
import {
  MAX_OTHER_KEYS,
  NO_ONLINE_KEYS,
  ONLINE_KEYS_KEY,
  type OnlineKeys,
  type StoredKeyPair,
  ensureDeviceKey,
  exportAll,
  exportText,
  getOnlineKeys,
  getSettings,
  importAll,
  mergeOnlineKeys,
  readOnlineKeys,
  saveSettings,
} from '../../src/storage';
import { errorOf, openFresh, rawOpen, rawPut, unwrap } from './helpers';

const hex = (digit: string) => digit.repeat(64);
const pair = (digit: string, createdAt = 1): StoredKeyPair => ({
  secretKey: hex(digit),
  publicKey: hex(String.fromCharCode(digit.charCodeAt(0) + 1)),
  createdAt,
});
const A = pair('a');
const B = pair('1');
const C = pair('3');
const made = (p: StoredKeyPair) => () => ({ secretKey: p.secretKey, publicKey: p.publicKey });

describe('the device key', () => {
  it('is made once, the first time it is asked for, and then always the same', async () => {
    const { db } = await openFresh();
    expect(unwrap(await getOnlineKeys(db))).toEqual(NO_ONLINE_KEYS);
    expect(unwrap(await ensureDeviceKey(db, made(A), 5))).toEqual({ ...A, createdAt: 5 });
    let calls = 0;
    const again = unwrap(
      await ensureDeviceKey(
        db,
        () => {
          calls++;
          return made(B)();
        },
        9,
      ),
    );
    expect(again).toEqual({ ...A, createdAt: 5 });
    expect(calls).toBe(0);
    expect(unwrap(await getOnlineKeys(db))).toEqual({ device: { ...A, createdAt: 5 }, others: [] });
  });

  it('two tabs asking at once end up with one key', async () => {
    const { db } = await openFresh();
    const [first, second] = await Promise.all([ensureDeviceKey(db, made(A)), ensureDeviceKey(db, made(B))]);
    expect(unwrap(first).publicKey).toBe(unwrap(second).publicKey);
  });

  it('is not a setting: settings neither read it nor lose it', async () => {
    const { db } = await openFresh();
    unwrap(await ensureDeviceKey(db, made(A)));
    unwrap(await saveSettings(db, { theme: 'dark' }));
    const { settings, skipped } = unwrap(await getSettings(db));
    expect(skipped).toEqual([]);
    expect(ONLINE_KEYS_KEY in settings).toBe(false);
    expect(unwrap(await getOnlineKeys(db)).device?.publicKey).toBe(A.publicKey);
  });

  it('a damaged entry is never replaced by a new key', async () => {
    const { db, factory } = await openFresh();
    const raw = await rawOpen(factory);
    await rawPut(raw, 'settings', { device: { secretKey: 'oops' }, others: [] }, ONLINE_KEYS_KEY);
    raw.close();
    expect(errorOf(await ensureDeviceKey(db, made(A))).kind).toBe('invalid');
    expect(errorOf(await getOnlineKeys(db)).message).toMatch(/secret key/);
    // Still there, as it was, for the player to export.
    const { file, skipped } = unwrap(await exportAll(db, 1));
    expect(file.onlineKeys).toEqual({ device: { secretKey: 'oops' }, others: [] });
    expect(skipped.map((s) => s.id)).toEqual([ONLINE_KEYS_KEY]);
  });
});

describe('reading and merging stored keys', () => {
  it('reads what it wrote and says what is wrong with anything else', () => {
    expect(readOnlineKeys(undefined)).toEqual({ keys: NO_ONLINE_KEYS });
    expect(readOnlineKeys({ device: A, others: [B] })).toEqual({ keys: { device: A, others: [B] } });
    expect(readOnlineKeys({ device: { ...A, extra: 1 }, others: [] })).toEqual({ keys: { device: A, others: [] } });
    expect(readOnlineKeys('x')).toEqual({ problem: 'the online keys are not an object' });
    expect(readOnlineKeys({ device: { ...A, secretKey: hex('A') }, others: [] })).toMatchObject({
      problem: expect.stringMatching(/secret key/),
    });
    expect(readOnlineKeys({ device: { ...A, publicKey: 'ab' }, others: [] })).toMatchObject({
      problem: expect.stringMatching(/public key/),
    });
    expect(readOnlineKeys({ device: { ...A, createdAt: 'now' }, others: [] })).toMatchObject({
      problem: expect.stringMatching(/date/),
    });
    expect(readOnlineKeys({ device: null })).toMatchObject({ problem: expect.stringMatching(/list/) });
    expect(readOnlineKeys({ device: null, others: [A, 7] })).toMatchObject({
      problem: expect.stringMatching(/other key 2/),
    });
    const many = Array.from({ length: MAX_OTHER_KEYS + 1 }, () => A);
    expect(readOnlineKeys({ device: null, others: many })).toMatchObject({ problem: expect.stringMatching(/list/) });
  });

  it("takes a file's key as the device's when there is none, keeps a different one beside, never over", () => {
    expect(mergeOnlineKeys(NO_ONLINE_KEYS, { device: A, others: [B] })).toEqual({
      keys: { device: A, others: [B] },
      added: 1,
      becameDevice: true,
    });
    const here: OnlineKeys = { device: A, others: [] };
    expect(mergeOnlineKeys(here, { device: A, others: [] })).toEqual({ keys: here, added: 0, becameDevice: false });
    expect(mergeOnlineKeys(here, { device: B, others: [A, C] })).toEqual({
      keys: { device: A, others: [B, C] },
      added: 2,
      becameDevice: false,
    });
    expect(mergeOnlineKeys({ device: A, others: [B] }, { device: B, others: [] }).added).toBe(0);
    expect(mergeOnlineKeys(NO_ONLINE_KEYS, { device: null, others: [B] })).toEqual({
      keys: { device: null, others: [B] },
      added: 1,
      becameDevice: false,
    });
  });
});

describe('Export everything carries the keys', () => {
  it('exports them, and an import into a new device makes the key its own', async () => {
    const source = await openFresh();
    unwrap(await ensureDeviceKey(source.db, made(A), 5));
    const { file } = unwrap(await exportAll(source.db, 7));
    expect(file.onlineKeys).toEqual({ device: { ...A, createdAt: 5 }, others: [] });
    const target = await openFresh();
    const report = unwrap(await importAll(target.db, exportText(file)));
    expect(report.onlineKeys).toEqual({ becameDevice: true, keptBeside: 0 });
    expect(unwrap(await getOnlineKeys(target.db)).device).toEqual({ ...A, createdAt: 5 });
  });

  it("an import never overwrites this device's key: the file's is kept beside it, once", async () => {
    const source = await openFresh();
    unwrap(await ensureDeviceKey(source.db, made(B), 5));
    const { file } = unwrap(await exportAll(source.db, 7));
    const target = await openFresh();
    unwrap(await ensureDeviceKey(target.db, made(A), 3));
    const report = unwrap(await importAll(target.db, exportText(file)));
    expect(report.onlineKeys).toEqual({ becameDevice: false, keptBeside: 1 });
    unwrap(await importAll(target.db, exportText(file)));
    expect(unwrap(await getOnlineKeys(target.db))).toEqual({
      device: { ...A, createdAt: 3 },
      others: [{ ...B, createdAt: 5 }],
    });
  });

  it('a file with no keys or bad keys changes nothing and says so', async () => {
    const source = await openFresh();
    const { file } = unwrap(await exportAll(source.db, 7));
    expect('onlineKeys' in file).toBe(false);
    const target = await openFresh();
    unwrap(await ensureDeviceKey(target.db, made(A), 3));
    expect(unwrap(await importAll(target.db, exportText(file))).onlineKeys).toEqual({
      becameDevice: false,
      keptBeside: 0,
    });
    const bad = unwrap(await importAll(target.db, { ...file, onlineKeys: { device: 'x', others: [] } }));
    expect(bad.rejected).toEqual([{ what: 'setting', id: ONLINE_KEYS_KEY, reason: expect.stringMatching(/device/) }]);
    expect(unwrap(await getOnlineKeys(target.db))).toEqual({ device: { ...A, createdAt: 3 }, others: [] });
  });
});

describe('the relay list setting', () => {
  it('keeps the edits and refuses what is not a list of URLs', async () => {
    const { db } = await openFresh();
    expect(unwrap(await getSettings(db)).settings.relayEdits).toEqual({ added: [], removed: [] });
    const edits = { added: ['wss://mine.example'], removed: ['wss://relay.damus.io'] };
    unwrap(await saveSettings(db, { relayEdits: edits }));
    expect(unwrap(await getSettings(db)).settings.relayEdits).toEqual(edits);
    expect(errorOf(await saveSettings(db, { relayEdits: { added: [7], removed: [] } as never })).kind).toBe('invalid');
    expect(errorOf(await saveSettings(db, { relayEdits: { added: [] } as never })).kind).toBe('invalid');
  });
});
