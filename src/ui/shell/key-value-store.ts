/**
 * The browser's small synchronous key-value store (localStorage), where storage's journal, the running
 * clock's heartbeat and the language mirror live. Its own module, so the first screen (app-state) reads it
 * without pulling in the play session's ports and, through them, the engine's bridge.
 */
import type { KeyValueStore } from '../../storage';

/** The browser's localStorage, or null where it cannot be used (switched off, a sandboxed frame). */
export function browserKeyValueStore(): KeyValueStore | null {
  try {
    const store = globalThis.localStorage;
    void store.length;
    return store;
  } catch {
    return null;
  }
}
