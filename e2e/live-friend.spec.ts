/**
 * A friend game played live over a real relay (issue 30, items 2 and 7): Alice and Bob in two browser
 * contexts (two profiles), the invitation opened once, then every move travels by itself. The relay is
 * scripts/relay.mjs started here as a child process on its own port with its events in a file, so it can
 * be killed and restarted mid-game and its stored events dumped; both profiles are pointed at it (and at
 * nothing else) through the relay edits setting.
 *
 * Until branch signed-links lands (a signed invitation pins the inviter's key on the invitee's copy), the
 * test writes that key into Bob's copy itself, as the signed link will; everything after is the app's own:
 * Bob's acceptance pins his key on Alice's copy, and the moves, the catch-up, the retries are the relay
 * controller's (src/ui/online/live/).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page, expect, test } from '@playwright/test';
import { hexToBytes } from 'nostr-tools/utils';
import { WebSocket as NodeWebSocket } from 'ws';
import { type Point, makeRules, parsePoint } from '../src/core';
import { buildGameEvent, channelKeys, envelopeFor, signEvent } from '../src/net/game-events';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { putValues, readValue, tapTwice } from './helpers';
import { acceptInvitation, inviteLink } from './live-helpers';
import { startRelay } from './relay-process';

const LOCAL_RELAY = process.env.VITE_LOCAL_RELAY ?? 'ws://127.0.0.1:7471';
const GAME_RELAY_PORT = Number(process.env.LIVE_RELAY_PORT ?? 7481);
const GAME_RELAY = `ws://127.0.0.1:${GAME_RELAY_PORT}`;
const TABLET = { width: 820, height: 1180 };
// The invitation's defaults: Pente, 19×19, the tournament rule on.
const rules19 = makeRules({ variant: 'pente', size: 19, tournamentRule: true });

/** Black (Bob, invited) wins with K10–K14; the other stones are spaced so that nothing is captured. */
const BLACK = ['K10', 'S1', 'S3', 'S5', 'S7', 'S9', 'S11', 'S13', 'S15', 'K14', 'K13', 'K12', 'K11'];
const WHITE = ['A1', 'A3', 'A5', 'A7', 'A9', 'A11', 'A13', 'A15', 'A17', 'C1', 'C3', 'C5'];
const GAME_MOVES = BLACK.flatMap((b, i) => (WHITE[i] ? [b, WHITE[i]] : [b]));

let bobContext: BrowserContext | null = null;

interface Player {
  readonly context: BrowserContext;
  page: Page;
  /** Console lines "live: …" with the time they were logged (ms since the epoch, from the page). */
  readonly log: string[];
}

function watchLog(p: Player, page: Page) {
  page.on('console', (message) => {
    if (process.env.LIVE_DEBUG) console.log(`[${p.context === bobContext ? 'bob' : 'alice'}] ${message.text()}`);
    if (message.text().startsWith('live: ')) p.log.push(message.text());
  });
}

async function newPlayer(browser: Browser): Promise<Player> {
  // The build's CSP admits wss: and its one local relay (RELAY_PORT, playwright.config's in-memory relay);
  // this test's own relay, which it kills and restarts, listens on another port: only the test bypasses it.
  const context = await browser.newContext({ viewport: TABLET, hasTouch: true, bypassCSP: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const p: Player = { context, page: await context.newPage(), log: [] };
  watchLog(p, p.page);
  return p;
}

/** Opens the app once (the database made), points it at the game's relay alone, and reloads. */
async function useGameRelay(p: Player) {
  await p.page.goto('/');
  await expect(p.page.getByRole('button', { name: 'Play a friend' })).toBeVisible();
  await putValues(p.page, 'settings', [{ key: 'relayEdits', value: { added: [GAME_RELAY], removed: [LOCAL_RELAY] } }]);
  await p.page.reload();
}

/** Publishes an event straight to the relay from Node, as any client could; resolves with its OK answer. */
function publishRaw(event: object): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const ws = new NodeWebSocket(GAME_RELAY);
    ws.onopen = () => ws.send(JSON.stringify(['EVENT', event]));
    ws.onmessage = (message) => {
      const answer = JSON.parse(String(message.data)) as unknown[];
      if (answer[0] === 'OK') {
        ws.close();
        resolve(answer);
      }
    };
    ws.onerror = () => reject(new Error('could not reach the relay'));
  });
}

const ply = (page: Page) => page.locator('main.play');

/** Waits until the page shows `moves` moves and gives the page's time then (polled every frame). */
async function shownAt(page: Page, moves: number): Promise<number> {
  const handle = await page.waitForFunction(
    (n) => (document.querySelector('main.play')?.getAttribute('data-ply') === String(n) ? Date.now() : 0),
    moves,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** When the page logged that it published its move at `ply` (ms), or null. */
function publishedAt(p: Player, at: number): number | null {
  const line = p.log.find((l) => l.startsWith('live: published ') && l.includes(` move@${at} `));
  return line ? Number(line.split(' ').pop()) : null;
}

async function deviceKey(page: Page): Promise<{ secretKey: string; publicKey: string }> {
  let keys: { device: { secretKey: string; publicKey: string } | null } | undefined;
  await expect
    .poll(async () => {
      keys = (await readValue(page, 'settings', 'onlineKeys')) as typeof keys;
      return keys?.device?.publicKey ?? null;
    })
    .not.toBeNull();
  return keys!.device!;
}

/** The friend game id of the one friend game a profile keeps. */
function friendGameId(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('pente');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('games').objectStore('games').getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve((all.result as { friend?: { gameId: string } }[]).find((g) => g.friend)!.friend!.gameId);
          };
        };
      }),
  );
}

/** Writes the inviter's key into the invitee's copy, as a signed invitation will (branch signed-links). */
async function pinInviter(page: Page, key: string) {
  await page.evaluate(
    (peerKey) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('pente');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('games', 'readwrite');
          const games = tx.objectStore('games');
          const all = games.getAll();
          all.onsuccess = () => {
            for (const g of all.result as { friend?: { peer?: unknown } }[])
              if (g.friend) games.put({ ...g, friend: { ...g.friend, peer: { key: peerKey, relays: [] } } });
          };
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    key,
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;

test('a whole 19×19 game played live over a relay: catch-up, a relay restart, forged events, nothing in clear', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(join(tmpdir(), 'live-relay-'));
  const dbFile = join(dir, 'relay.db');
  let relay = await startRelay(GAME_RELAY_PORT, dbFile);
  const alice = await newPlayer(browser);
  const bob = await newPlayer(browser);
  bobContext = bob.context;
  try {
    await useGameRelay(alice);
    await useGameRelay(bob);

    // Alice invites, playing White; the invitation goes to Bob once, as a link.
    const link = await inviteLink(alice.page, { board: '19' });
    await acceptInvitation(bob.page, link);
    const aliceKey = await deviceKey(alice.page);
    await pinInviter(bob.page, aliceKey.publicKey);
    await bob.page.reload();
    await expect(ply(bob.page)).toBeVisible();
    // Bob's acceptance pins his key on Alice's copy: her screen gets the relay line.
    await expect(alice.page.locator('.live-line')).toBeAttached({ timeout: 20_000 });

    const latencies: number[] = [];
    const players = [bob, alice]; // Black, White
    for (const [i, move] of GAME_MOVES.entries()) {
      const mover = players[i % 2]!;
      const other = players[1 - (i % 2)]!;
      if (i === 8) {
        // Alice closes the app; Bob moves meanwhile; she reopens and catches up.
        const url = alice.page.url();
        await alice.page.close();
        await tapTwice(bob.page, move);
        await expect(bob.page.locator('[data-send="sent"]')).toBeVisible();
        alice.page = await alice.context.newPage();
        watchLog(alice, alice.page);
        await alice.page.goto(url);
        await shownAt(alice.page, i + 1);
        continue;
      }
      if (i === 14) {
        // The relay is killed mid-game and restarted on the same file; nothing is lost.
        relay.kill('SIGKILL');
        await new Promise((r) => relay.once('exit', r));
        await tapTwice(mover.page, move);
        await expect(mover.page.locator('[data-send="not-sent"]')).toBeVisible();
        relay = await startRelay(GAME_RELAY_PORT, dbFile);
        await shownAt(other.page, i + 1);
        await expect(mover.page.locator('[data-send="sent"]')).toBeVisible({ timeout: 30_000 });
        continue;
      }
      await tapTwice(mover.page, move);
      const shown = await shownAt(other.page, i + 1);
      await expect.poll(() => publishedAt(mover, i)).not.toBeNull();
      latencies.push(shown - publishedAt(mover, i)!);
      if (i === 6) {
        // The relay line: Bob's move sent. (Presence, "Bob is here", has its own spec: live-presence.spec.ts.)
        await expect(bob.page.locator('[data-send="sent"]')).toHaveText('Sent');
        await alice.page.screenshot({ path: test.info().outputPath('alice-live.png') });
        await bob.page.screenshot({ path: test.info().outputPath('bob-live.png') });
      }
      if (i === 10) {
        // Events from Node straight to the relay, addressed to Bob while White (Alice) is to move: a forged
        // move (another key), a replay from another game and an illegal move (both signed with Alice's
        // own key, read from her profile): Bob's copy does not change.
        const moves = GAME_MOVES.slice(0, i + 1).map((m) => parsePoint(19, m)!) as Point[];
        const mallory = generateSecretKey();
        const aliceSecret = hexToBytes(aliceKey.secretKey);
        const bobKey = await deviceKey(bob.page);
        const gameId = await friendGameId(bob.page);
        const toBob = (secret: Uint8Array, id: string, point: Point) => {
          const keys = channelKeys({ mySecretKey: secret, gameId: id }, bobKey.publicKey);
          const envelope = envelopeFor(id, rules19, moves, { type: 'move', point });
          return signEvent(buildGameEvent(keys, bobKey.publicKey, envelope, Math.floor(Date.now() / 1000)), secret);
        };
        const refusedBefore = bob.log.filter((l) => l.startsWith('live: event refused')).length;
        const forged = toBob(mallory, gameId, parsePoint(19, 'M12')!);
        expect(getPublicKey(mallory)).not.toBe(aliceKey.publicKey);
        const replayed = toBob(aliceSecret, 'AnotherGameAAAAA', parsePoint(19, 'M12')!);
        const illegal = toBob(aliceSecret, gameId, parsePoint(19, 'A1')!); // her own stone
        for (const event of [forged, replayed, illegal]) expect((await publishRaw(event))[2]).toBe(true);
        await expect
          .poll(() => bob.log.filter((l) => l.startsWith('live: event refused')).length)
          .toBe(refusedBefore + 3);
        expect(
          bob.log
            .filter((l) => l.startsWith('live: event refused'))
            .slice(-3)
            .join(' '),
        ).toContain('illegal-move');
        await expect(ply(bob.page)).toHaveAttribute('data-ply', String(i + 1));
        await expect(bob.page.getByRole('gridcell', { name: /^M12, empty/ })).toBeVisible();
      }
    }
    // The game is over on both devices, with the same record.
    for (const p of players)
      await expect(p.page.locator('.info .status')).toHaveText('Bob (Black) wins by five in a row.');
    const aliceMoves = await alice.page.locator('main.play').getAttribute('data-ply');
    expect(aliceMoves).toBe(String(GAME_MOVES.length));

    latencies.sort((a, b) => a - b);
    console.log(
      `live latency over ${latencies.length} moves (published → shown): median ${median(latencies)} ms, p95 ${p95(latencies)} ms, max ${latencies.at(-1)} ms`,
    );

    // What the relay stored: ciphertext, keys and tags; no move, no name, no game id in clear.
    const dump = execFileSync('sqlite3', [dbFile, '.dump']).toString();
    const stored = execFileSync('sqlite3', [dbFile, 'select count(*) from events']).toString().trim();
    console.log(
      `relay stored ${stored} events; a row: ${dump
        .split('\n')
        .find((l) => l.includes('INSERT INTO events'))
        ?.slice(0, 400)}`,
    );
    expect(Number(stored)).toBeGreaterThanOrEqual(GAME_MOVES.length);
    // Every event's content is a NIP-44 v2 payload (base64 of version byte 2, nonce, ciphertext, MAC). Base64
    // text can hold "K10" or "Bob" by chance (about one run in six over ~60 events), so the words are looked
    // for in everything else the relay keeps: tags, keys, ids, indexes and the full-text copies.
    const contents = (
      JSON.parse(execFileSync('sqlite3', ['-json', dbFile, 'select content from events']).toString() || '[]') as {
        content: string;
      }[]
    ).map((r) => r.content);
    expect(contents.length).toBe(Number(stored));
    for (const content of contents) {
      expect(content, 'content is base64').toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      const bytes = Buffer.from(content, 'base64');
      expect(bytes[0], 'NIP-44 version byte').toBe(2);
      expect(bytes.length).toBeGreaterThanOrEqual(99);
    }
    const rest = contents.reduce((text, content) => text.split(content).join('<ciphertext>'), dump);
    for (const secret of ['Alice', 'Bob', 'K10', 'K11', 'S15', 'A17', '"point"', '"move"'])
      expect(rest, `"${secret}" in the relay's store`).not.toContain(secret);
  } finally {
    relay.kill('SIGTERM');
    await Promise.all([alice.context.close(), bob.context.close()]);
    rmSync(dir, { recursive: true, force: true });
  }
});
