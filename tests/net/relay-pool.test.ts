/**
 * The relay pool against the real local relay (scripts/relay.mjs, @nostr-relay/core), started on a free
 * port for this file, and against a server that accepts connections and never answers (a hung relay).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { finalizeEvent, generateSecretKey, getEventHash, getPublicKey } from 'nostr-tools/pure';
import { type Event, type RelayPort, type RelayStatus, createRelayPool } from '../../src/net/relay-pool';

let relayProcess: ChildProcess;
let relayUrl: string;
let hung: Server;
let hungUrl: string;
const pools: RelayPort[] = [];

const newPool = (options: Parameters<typeof createRelayPool>[0] = {}) => {
  const pool = createRelayPool({
    WebSocket: NodeWebSocket,
    connectTimeoutMs: 1500,
    publishTimeoutMs: 1500,
    ...options,
  });
  pools.push(pool);
  return pool;
};

const secret = generateSecretKey();
let serial = 0;
/** Kind 1 (a regular event, which the relay stores; 20000-29999 are ephemeral and only passed on). */
const note = (content: string, kind = 1): Event =>
  finalizeEvent(
    { kind, created_at: Math.floor(Date.now() / 1000), tags: [['t', 'pente-test']], content: `${content} ${serial++}` },
    secret,
  );

/** Starts scripts/relay.mjs on `port` (0: any free one) with its events in `db`; resolves with it and its URL. */
async function startRelayProcess(port: number, db: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['scripts/relay.mjs'], {
    env: { ...process.env, RELAY_PORT: String(port), RELAY_DB: db },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /relay ready (ws:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the relay exited (${code})`)));
  });
  return { child, url };
}

const stopRelayProcess = async (child: ChildProcess) => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};

beforeAll(async () => {
  relayProcess = spawn(process.execPath, ['scripts/relay.mjs'], {
    env: { ...process.env, RELAY_PORT: '0', RELAY_DB: ':memory:' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  relayUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    relayProcess.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /relay ready (ws:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    relayProcess.on('exit', (code) => reject(new Error(`the relay exited (${code})`)));
  });
  hung = createServer(() => {}); // accepts, never speaks: no WebSocket handshake ever completes
  await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
  const address = hung.address();
  hungUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  for (const pool of pools) pool.close();
  hung?.close();
  if (relayProcess && relayProcess.exitCode === null) {
    const exited = new Promise((resolve) => relayProcess.once('exit', resolve));
    relayProcess.kill('SIGTERM');
    await exited;
  }
});

describe('relay pool on the local relay', () => {
  it('publishes an event that a second pool receives, once, and reports the relay connected', async () => {
    const publisher = newPool();
    const reader = newPool();
    const event = note('hello');
    const received: Event[] = [];
    const caughtUp = new Promise<void>((resolve) =>
      reader.subscribe([relayUrl, relayUrl], [{ kinds: [1], ids: [event.id] }], {
        onEvent: (e) => received.push(e),
        onCaughtUp: resolve,
      }),
    );
    await caughtUp;
    const arrived = new Promise<void>((resolve) => {
      const check = setInterval(() => received.length > 0 && (clearInterval(check), resolve()), 10);
    });
    expect(await publisher.publish([relayUrl], event)).toEqual([{ url: relayUrl, accepted: true }]);
    await arrived;
    expect(received.map((e) => e.id)).toEqual([event.id]);
    expect(await publisher.publish([relayUrl], event)).toEqual([{ url: relayUrl, accepted: true }]); // a retry is fine
    expect(publisher.statuses()).toEqual([{ url: relayUrl, state: 'connected' }]);
  });

  it('after a relay drops and comes back, an event signed before the newest one seen still arrives', async () => {
    // A move made offline is signed then and published at the next start: its created_at is older than
    // what the subscriber saw last. nostr-tools resubscribes from the newest created_at seen (`since`).
    const dir = mkdtempSync(join(tmpdir(), 'pool-reconnect-'));
    let relay = await startRelayProcess(0, join(dir, 'relay.db'));
    const port = Number(new URL(relay.url).port);
    try {
      const reader = newPool({ reconnectBackoffMs: [100] });
      const received: string[] = [];
      const topic = [{ kinds: [1], '#t': ['pente-test'], authors: [getPublicKey(secret)] }];
      await new Promise<void>((resolve) =>
        reader.subscribe([relay.url], topic, { onEvent: (e) => received.push(e.id), onCaughtUp: resolve }),
      );
      const newer = note('seen live');
      expect(await newPool().publish([relay.url], newer)).toEqual([{ url: relay.url, accepted: true }]);
      await expect.poll(() => received).toContain(newer.id);
      await stopRelayProcess(relay.child);
      const older = finalizeEvent(
        { kind: 1, created_at: newer.created_at - 3600, tags: [['t', 'pente-test']], content: 'made offline' },
        secret,
      );
      relay = await startRelayProcess(port, join(dir, 'relay.db'));
      expect(await newPool().publish([relay.url], older)).toEqual([{ url: relay.url, accepted: true }]);
      await expect.poll(() => received, { timeout: 15_000 }).toContain(older.id);
      // The one already had was not handed on again.
      expect(received.filter((id) => id === newer.id)).toHaveLength(1);
    } finally {
      await stopRelayProcess(relay.child);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gets a refusal for a forged event, and the subscriber never sees it', async () => {
    const pool = newPool();
    const real = note('real');
    const forged = { ...real, content: 'forged' };
    forged.id = getEventHash(forged);
    const [outcome] = await pool.publish([relayUrl], forged);
    expect(outcome).toMatchObject({ url: relayUrl, accepted: false });
    expect(outcome!.accepted ? '' : outcome!.reason).toMatch(/signature/);
  });

  it('cuts off a relay that sends more than the cap, keeping what came before', async () => {
    const pool = newPool();
    const kind = 1;
    const events = Array.from({ length: 12 }, (_, i) => note(`flood ${i}`, kind));
    const outcomes = await Promise.all(events.map((e) => pool.publish([relayUrl], e)));
    expect(outcomes.flat().every((o) => o.accepted)).toBe(true);
    const received: string[] = [];
    const flooded = await new Promise<string>((resolve) =>
      newPool().subscribe(
        [relayUrl],
        [{ kinds: [kind], authors: [events[0]!.pubkey] }],
        { onEvent: (e) => received.push(e.id), onFlood: resolve },
        { maxEvents: 5 },
      ),
    );
    expect(flooded).toBe(relayUrl);
    expect(received.length).toBe(5);
  });

  it('gives up on a relay that is not there or never answers, with every state said', async () => {
    const pool = newPool({ connectTimeoutMs: 500 });
    const seen: RelayStatus[][] = [];
    const stop = pool.onStatus((statuses) => seen.push([...statuses]));
    const closed = 'ws://127.0.0.1:1';
    const outcomes = await pool.publish([relayUrl, closed, hungUrl], note('to all'));
    stop();
    expect(outcomes).toEqual([
      { url: relayUrl, accepted: true },
      { url: closed, accepted: false, reason: 'could not connect' },
      { url: hungUrl, accepted: false, reason: 'could not connect' },
    ]);
    expect(pool.statuses()).toEqual([
      { url: relayUrl, state: 'connected' },
      { url: closed, state: 'failed' },
      { url: hungUrl, state: 'failed' },
    ]);
    expect(seen.flat().some((s) => s.url === hungUrl && s.state === 'connecting')).toBe(true);
  });
});
