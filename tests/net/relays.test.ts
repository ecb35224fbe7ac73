import { describe, expect, it } from 'vitest';
import {
  MAX_RELAYS,
  MAX_RELAY_URL_LENGTH,
  NO_RELAY_EDITS,
  PUBLIC_RELAYS,
  type RelayDefaults,
  addRelay,
  defaultRelays,
  isDefaultList,
  parseRelayUrl,
  readRelayEdits,
  relayDefaultsFromEnv,
  relayList,
  removeRelay,
} from '../../src/net/relays';

const parsed = (text: string) => parseRelayUrl(text);
const value = (text: string) => {
  const result = parseRelayUrl(text);
  if (!result.ok) throw new Error(`${text}: ${result.error.kind}`);
  return result.value;
};
const problem = (text: string) => {
  const result = parseRelayUrl(text);
  if (result.ok) throw new Error(`${text} parsed as ${result.value}`);
  return result.error.kind;
};

describe('parseRelayUrl', () => {
  it('puts a relay URL in its one normal form', () => {
    expect(value('wss://relay.damus.io')).toBe('wss://relay.damus.io');
    expect(value('  wss://relay.damus.io/  ')).toBe('wss://relay.damus.io');
    expect(value('WSS://Relay.Damus.IO')).toBe('wss://relay.damus.io');
    expect(value('relay.damus.io')).toBe('wss://relay.damus.io');
    expect(value('wss://relay.damus.io:443')).toBe('wss://relay.damus.io');
    expect(value('wss://relay.example.com:7000')).toBe('wss://relay.example.com:7000');
    expect(value('wss://example.com/nostr/')).toBe('wss://example.com/nostr');
    expect(value('wss://example.com/a//')).toBe('wss://example.com/a');
    expect(value('wss://example.com/?key=1')).toBe('wss://example.com?key=1');
    expect(value('wss://xn--bcher-kva.example')).toBe('wss://xn--bcher-kva.example');
    expect(value('wss://bücher.example')).toBe('wss://xn--bcher-kva.example');
    expect(value('wss://[2001:db8::1]')).toBe('wss://[2001:db8::1]');
  });

  it('takes plain ws:// only on this machine (the local relay)', () => {
    expect(value('ws://127.0.0.1:7447')).toBe('ws://127.0.0.1:7447');
    expect(value('ws://localhost:7447/')).toBe('ws://localhost:7447');
    expect(value('ws://[::1]:7447')).toBe('ws://[::1]:7447');
    expect(problem('ws://relay.damus.io')).toBe('insecure');
    expect(problem('ws://192.168.1.2:7447')).toBe('insecure');
  });

  it('says why anything else is not a relay URL', () => {
    expect(problem('')).toBe('empty');
    expect(problem('   ')).toBe('empty');
    expect(problem(`wss://${'a'.repeat(MAX_RELAY_URL_LENGTH)}.com`)).toBe('too-long');
    expect(parsed(`wss://${'a'.repeat(MAX_RELAY_URL_LENGTH)}`)).toEqual({
      ok: false,
      error: { kind: 'too-long', max: MAX_RELAY_URL_LENGTH },
    });
    expect(problem('https://relay.damus.io')).toBe('not-websocket');
    expect(parsed('http://x.com')).toEqual({ ok: false, error: { kind: 'not-websocket', scheme: 'http' } });
    expect(problem('javascript://alert(1)')).toBe('not-websocket');
    expect(problem('file:///etc/passwd')).toBe('not-websocket');
    expect(problem('wss://')).toBe('not-a-url');
    expect(problem('wss://exa mple.com')).toBe('not-a-url');
    expect(problem('wss://[zz]')).toBe('not-a-url');
    expect(problem('relay damus io')).toBe('not-a-url');
    expect(problem('wss://user:pw@relay.damus.io')).toBe('has-credentials');
    expect(problem('wss://user@relay.damus.io')).toBe('has-credentials');
    expect(problem('wss://relay.damus.io/#x')).toBe('has-fragment');
    expect(problem('wss://relay.damus.io#')).toBe('has-fragment');
  });

  it('every default public relay is in normal form and secure', () => {
    expect(PUBLIC_RELAYS.length).toBeGreaterThanOrEqual(3);
    for (const url of PUBLIC_RELAYS) {
      expect(value(url)).toBe(url);
      expect(url.startsWith('wss://')).toBe(true);
    }
  });
});

const defaults: RelayDefaults = {
  publicRelays: ['wss://a.example', 'wss://b.example'],
  localRelay: 'ws://127.0.0.1:7447',
};

describe("the relay list: defaults and the player's edits", () => {
  it('lists the local relay first, then the public ones', () => {
    expect(defaultRelays(defaults)).toEqual(['ws://127.0.0.1:7447', 'wss://a.example', 'wss://b.example']);
    expect(relayList({ ...defaults, localRelay: null }, NO_RELAY_EDITS)).toEqual([
      'wss://a.example',
      'wss://b.example',
    ]);
    expect(isDefaultList(defaults, NO_RELAY_EDITS)).toBe(true);
  });

  it('adds a relay once, in normal form, and refuses a bad one or a full list', () => {
    const added = addRelay(defaults, NO_RELAY_EDITS, ' C.example/ ');
    expect(added).toEqual({ ok: true, value: { added: ['wss://c.example'], removed: [] } });
    if (!added.ok) return;
    expect(relayList(defaults, added.value)).toEqual([...defaultRelays(defaults), 'wss://c.example']);
    expect(isDefaultList(defaults, added.value)).toBe(false);
    expect(addRelay(defaults, added.value, 'wss://c.example')).toEqual({
      ok: false,
      error: { kind: 'already-listed' },
    });
    expect(addRelay(defaults, added.value, 'wss://a.example')).toEqual({
      ok: false,
      error: { kind: 'already-listed' },
    });
    expect(addRelay(defaults, added.value, 'http://d.example')).toEqual({
      ok: false,
      error: { kind: 'not-websocket', scheme: 'http' },
    });
    let edits = NO_RELAY_EDITS;
    for (let i = 0; relayList(defaults, edits).length < MAX_RELAYS; i++) {
      const next = addRelay(defaults, edits, `wss://r${i}.example`);
      if (!next.ok) throw new Error(next.error.kind);
      edits = next.value;
    }
    expect(addRelay(defaults, edits, 'wss://one-more.example')).toEqual({
      ok: false,
      error: { kind: 'full', max: MAX_RELAYS },
    });
  });

  it('removes an added relay, marks a default one removed, and puts a removed default back when added', () => {
    const added = addRelay(defaults, NO_RELAY_EDITS, 'wss://c.example');
    if (!added.ok) throw new Error('not added');
    expect(removeRelay(defaults, added.value, 'wss://c.example')).toEqual(NO_RELAY_EDITS);
    const removed = removeRelay(defaults, NO_RELAY_EDITS, 'wss://a.example');
    expect(removed).toEqual({ added: [], removed: ['wss://a.example'] });
    expect(removeRelay(defaults, removed, 'wss://a.example')).toEqual(removed);
    expect(relayList(defaults, removed)).toEqual(['ws://127.0.0.1:7447', 'wss://b.example']);
    expect(addRelay(defaults, removed, 'a.example')).toEqual({ ok: true, value: NO_RELAY_EDITS });
    expect(removeRelay(defaults, NO_RELAY_EDITS, 'wss://not-listed.example')).toEqual(NO_RELAY_EDITS);
  });

  it('follows new defaults in a later version, keeping the edits', () => {
    const edits = { added: ['wss://mine.example'], removed: ['wss://a.example'] };
    const later: RelayDefaults = { publicRelays: ['wss://a.example', 'wss://new.example'], localRelay: null };
    expect(relayList(later, edits)).toEqual(['wss://new.example', 'wss://mine.example']);
  });

  it('reads stored edits entry by entry, dropping what is not a relay URL', () => {
    expect(readRelayEdits(undefined)).toEqual(NO_RELAY_EDITS);
    expect(readRelayEdits('wss://a.example')).toEqual(NO_RELAY_EDITS);
    expect(readRelayEdits({ added: 'x' })).toEqual(NO_RELAY_EDITS);
    expect(
      readRelayEdits({ added: ['wss://c.example/', 7, 'http://x', 'wss://c.example'], removed: ['A.example', null] }),
    ).toEqual({ added: ['wss://c.example'], removed: ['wss://a.example'] });
  });

  it("reads the build's relays from its environment", () => {
    expect(relayDefaultsFromEnv({})).toEqual({ publicRelays: PUBLIC_RELAYS, localRelay: null });
    expect(relayDefaultsFromEnv({ VITE_PUBLIC_RELAYS: 'off', VITE_LOCAL_RELAY: 'ws://127.0.0.1:7704' })).toEqual({
      publicRelays: [],
      localRelay: 'ws://127.0.0.1:7704',
    });
    expect(relayDefaultsFromEnv({ VITE_LOCAL_RELAY: 'wss://far.example' }).localRelay).toBeNull();
    expect(relayDefaultsFromEnv({ VITE_LOCAL_RELAY: 'nonsense url' }).localRelay).toBeNull();
  });
});
