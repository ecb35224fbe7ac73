import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestPersistence } from '../../src/storage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requestPersistence', () => {
  it('asks once and remembers the answer', async () => {
    const storage = { persist: vi.fn(async () => true), persisted: vi.fn(async () => false) };
    expect(await requestPersistence(storage)).toBe(true);
    expect(await requestPersistence(storage)).toBe(true);
    expect(storage.persist).toHaveBeenCalledOnce();
  });

  it('does not ask when the data is already persistent', async () => {
    const storage = { persist: vi.fn(async () => true), persisted: vi.fn(async () => true) };
    expect(await requestPersistence(storage)).toBe(true);
    expect(storage.persist).not.toHaveBeenCalled();
  });

  it('reports a refusal or a failure as not persisted', async () => {
    expect(await requestPersistence({ persist: async () => false })).toBe(false);
    expect(await requestPersistence({ persist: () => Promise.reject(new Error('no')) })).toBe(false);
  });

  it('resolves false where the API is missing', async () => {
    expect(await requestPersistence({})).toBe(false);
    vi.stubGlobal('navigator', {});
    expect(await requestPersistence()).toBe(false);
    vi.stubGlobal('navigator', undefined);
    expect(await requestPersistence()).toBe(false);
  });

  it('uses navigator.storage by default', async () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { storage: { persist } });
    expect(await requestPersistence()).toBe(true);
    expect(persist).toHaveBeenCalledOnce();
  });
});
