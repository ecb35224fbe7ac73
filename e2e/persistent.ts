/**
 * Debian's Chromium started by the test itself with a persistent profile, so that it can be killed with
 * SIGKILL (no shutdown, no flush) and started again on the same profile: what survives is what was on disk.
 * Playwright drives it over the DevTools protocol.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { type Browser, type Page, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export interface PersistentBrowser {
  readonly process: ChildProcess;
  readonly browser: Browser;
  /** The window's first page (about:blank until the test navigates). */
  readonly page: Page;
}

/** Starts Chromium on `profile` (a directory) with a window of the given size. */
export async function launchPersistent(
  profile: string,
  window: { readonly width: number; readonly height: number } = { width: 412, height: 915 },
): Promise<PersistentBrowser> {
  const child = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      '--headless=new',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      `--window-size=${window.width},${window.height}`,
      'about:blank',
    ],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before it listened: ${text}`)));
  });
  const browser = await chromium.connectOverCDP(endpoint);
  const context = browser.contexts()[0]!;
  const page = context.pages()[0] ?? (await context.newPage());
  return { process: child, browser, page };
}

/** Kills the browser and its children at once (SIGKILL to the process group) and waits for it to be gone. */
export async function killHard(launched: { readonly process: ChildProcess }): Promise<void> {
  const exited = new Promise((resolve) => launched.process.once('exit', resolve));
  process.kill(-launched.process.pid!, 'SIGKILL');
  await exited;
}
