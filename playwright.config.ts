import { defineConfig, devices } from '@playwright/test';

/** 4174 unless E2E_PORT says otherwise (another run may hold it on a shared machine). */
const PORT = Number(process.env.E2E_PORT ?? 4174);

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
    // Debian's Chromium: Playwright cannot download a browser here. As root it needs --no-sandbox, and
    // the background-networking flags keep it from dialling out of this closed network.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
  },
  // The tests drive the production build (service worker on); scripts/test.sh builds it first.
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
