import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

/** 4174 unless E2E_PORT says otherwise (another run may hold it on a shared machine). */
const PORT = Number(process.env.E2E_PORT ?? 4174);
/**
 * The local Nostr relay the e2e build lists (scripts/test.sh builds with VITE_LOCAL_RELAY and the public
 * relays off): RELAY_PORT, else the port in VITE_LOCAL_RELAY, else E2E_PORT + 3000 when E2E_PORT is given
 * (so two runs on one machine, each with its own E2E_PORT, do not both claim one relay port), else 7447.
 * The tests reach no other relay.
 */
const RELAY_PORT = Number(
  process.env.RELAY_PORT ??
    /:(\d+)$/.exec(process.env.VITE_LOCAL_RELAY ?? '')?.[1] ??
    (process.env.E2E_PORT ? PORT + 3000 : 7447),
);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    ...devices['Pixel 7'],
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
    // A trace is still recorded for every test (kept for a failure: its snapshots of each action), but
    // without its screencast, whose frames all through every test cost ~15% of the e2e time (share: 38-41 s
    // with them, 30-35 s without, workers=1 at load 10-15). No trace at all was a third less again (24-28 s),
    // but the trace's pace hides races in some tests that then fail (taps inside the board's jump guard, a
    // reload before a setting is saved, a tap before a take-back showed: fixed), and board-still.spec still
    // fails without a trace under load (3 of 6 runs, workers=2 beside another spec): that one first.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  // The tests drive the production build (service worker on); scripts/test.sh builds it first.
  // The server's CSP header comes from VITE_LOCAL_RELAY as the build's did (vite.config.ts): the same env.
  webServer: [
    {
      command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // A real relay (scripts/relay.mjs), its events in memory: every run starts from an empty relay.
      command: 'node scripts/relay.mjs',
      env: { RELAY_PORT: String(RELAY_PORT), RELAY_DB: ':memory:' },
      port: RELAY_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
