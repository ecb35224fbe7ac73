/**
 * Relay URLs, in one place: the default public relays, parsing and checking a URL the player types, and
 * the list the app uses (the defaults with the player's edits). Pure: no I/O.
 *
 * The player's edits are kept as edits (added, removed) rather than as a whole list, so when a later
 * version changes its defaults (a relay closes, a better one opens), a player who added one relay still
 * gets the new defaults; "Restore the defaults" is simply no edits.
 */
import { type Result, err, ok } from '../core';

/**
 * Well-known public relays that accept events from anyone and have run for years (wss:// only). Several,
 * because any one may be down or drop events: a game's events go to all of them.
 */
export const PUBLIC_RELAYS: readonly string[] = [
  'wss://relay.damus.io',
  'wss://nos.lol',
  'wss://relay.primal.net',
  'wss://relay.nostr.band',
  'wss://offchain.pub',
];

/** The longest relay URL accepted: real ones are short; this bounds what a pasted text can make us store. */
export const MAX_RELAY_URL_LENGTH = 200;
/** At most this many relays in the list: each one is a socket, and every event goes to all of them. */
export const MAX_RELAYS = 12;

export type RelayUrlProblem =
  | { readonly kind: 'empty' }
  | { readonly kind: 'too-long'; readonly max: number }
  | { readonly kind: 'not-a-url' }
  | { readonly kind: 'not-websocket'; readonly scheme: string }
  | { readonly kind: 'insecure' }
  | { readonly kind: 'has-credentials' }
  | { readonly kind: 'has-fragment' };

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A relay URL as typed (spaces around it, a missing scheme, upper case host, a trailing slash) in its one
 * normal form, or why it is not one: wss:// with a host, and an optional port and path; no credentials,
 * no fragment. Plain ws:// only for this machine (the local relay of `npm start`): anywhere else it would
 * send the events in clear and the page's CSP refuses it anyway. A query is kept (some relays use one).
 */
export function parseRelayUrl(text: string): Result<string, RelayUrlProblem> {
  const trimmed = text.trim();
  if (trimmed === '') return err({ kind: 'empty' });
  if (trimmed.length > MAX_RELAY_URL_LENGTH) return err({ kind: 'too-long', max: MAX_RELAY_URL_LENGTH });
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `wss://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return err({ kind: 'not-a-url' });
  }
  const scheme = url.protocol.slice(0, -1);
  if (scheme !== 'wss' && scheme !== 'ws') return err({ kind: 'not-websocket', scheme });
  if (url.hostname === '' || /\s/.test(trimmed)) return err({ kind: 'not-a-url' });
  if (scheme === 'ws' && !LOOPBACK_HOSTS.has(url.hostname)) return err({ kind: 'insecure' });
  if (url.username !== '' || url.password !== '') return err({ kind: 'has-credentials' });
  if (url.hash !== '' || withScheme.includes('#')) return err({ kind: 'has-fragment' });
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/+$/, '');
  return ok(`${scheme}://${url.host}${path}${url.search}`);
}

/** The player's changes to the default list (settings: `relayEdits`). */
export interface RelayEdits {
  /** Relays the player added, in the order added (normal form). */
  readonly added: readonly string[];
  /** Default relays the player took out (normal form). */
  readonly removed: readonly string[];
}

export const NO_RELAY_EDITS: RelayEdits = { added: [], removed: [] };

/** What this build lists before any edit: its public relays (none in the e2e build) and its local relay. */
export interface RelayDefaults {
  readonly publicRelays: readonly string[];
  /** The local relay of `npm start` and the e2e build (VITE_LOCAL_RELAY), or null. */
  readonly localRelay: string | null;
}

export function defaultRelays(defaults: RelayDefaults): string[] {
  return unique([...(defaults.localRelay ? [defaults.localRelay] : []), ...defaults.publicRelays]);
}

function unique(urls: readonly string[]): string[] {
  return [...new Set(urls)];
}

/** The relays in use: the defaults less those removed, then those added; no URL twice; at most MAX_RELAYS. */
export function relayList(defaults: RelayDefaults, edits: RelayEdits): string[] {
  const removed = new Set(edits.removed);
  return unique([...defaultRelays(defaults).filter((url) => !removed.has(url)), ...edits.added]).slice(0, MAX_RELAYS);
}

export type AddRelayProblem =
  RelayUrlProblem | { readonly kind: 'already-listed' } | { readonly kind: 'full'; readonly max: number };

/** The edits with one more relay (typed by the player), or why not. A removed default is simply put back. */
export function addRelay(
  defaults: RelayDefaults,
  edits: RelayEdits,
  text: string,
): Result<RelayEdits, AddRelayProblem> {
  const parsed = parseRelayUrl(text);
  if (!parsed.ok) return parsed;
  const url = parsed.value;
  const listed = relayList(defaults, edits);
  if (listed.includes(url)) return err({ kind: 'already-listed' });
  if (listed.length >= MAX_RELAYS) return err({ kind: 'full', max: MAX_RELAYS });
  if (edits.removed.includes(url)) return ok({ ...edits, removed: edits.removed.filter((r) => r !== url) });
  return ok({ ...edits, added: [...edits.added, url] });
}

/** The edits without `url`: an added relay is forgotten, a default one is marked removed. */
export function removeRelay(defaults: RelayDefaults, edits: RelayEdits, url: string): RelayEdits {
  const added = edits.added.filter((a) => a !== url);
  const isDefault = defaultRelays(defaults).includes(url);
  const removed = isDefault && !edits.removed.includes(url) ? [...edits.removed, url] : edits.removed;
  return { added, removed };
}

/** True when the list is the defaults as they are (nothing to restore). */
export function isDefaultList(defaults: RelayDefaults, edits: RelayEdits): boolean {
  const listed = relayList(defaults, edits);
  const plain = defaultRelays(defaults).slice(0, MAX_RELAYS);
  return listed.length === plain.length && listed.every((url, i) => url === plain[i]);
}

/**
 * Stored edits as this version reads them: anything that is not a list of relay URLs is dropped entry by
 * entry (a hand-edited or damaged setting loses only its bad entries), and each URL is put in normal form.
 */
export function readRelayEdits(value: unknown): RelayEdits {
  if (typeof value !== 'object' || value === null) return NO_RELAY_EDITS;
  const list = (entries: unknown): string[] =>
    Array.isArray(entries)
      ? unique(
          entries.flatMap((entry) => {
            if (typeof entry !== 'string') return [];
            const parsed = parseRelayUrl(entry);
            return parsed.ok ? [parsed.value] : [];
          }),
        ).slice(0, MAX_RELAYS)
      : [];
  const record = value as Record<string, unknown>;
  return { added: list(record.added), removed: list(record.removed) };
}

/**
 * Which relays a build lists, from its environment (vite: VITE_PUBLIC_RELAYS, VITE_LOCAL_RELAY). The
 * public ones unless VITE_PUBLIC_RELAYS is "off" (the e2e build, so no test reaches the internet); the
 * local relay when VITE_LOCAL_RELAY is a loopback ws:// URL (npm start, the e2e build).
 */
export function relayDefaultsFromEnv(env: {
  readonly VITE_PUBLIC_RELAYS?: string;
  readonly VITE_LOCAL_RELAY?: string;
}): RelayDefaults {
  const local = env.VITE_LOCAL_RELAY ? parseRelayUrl(env.VITE_LOCAL_RELAY) : null;
  return {
    publicRelays: env.VITE_PUBLIC_RELAYS === 'off' ? [] : PUBLIC_RELAYS,
    localRelay: local?.ok && local.value.startsWith('ws://') ? local.value : null,
  };
}
