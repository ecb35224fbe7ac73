/**
 * Hard kills, for the durability tests: Chromium started by the test itself on a persistent profile (so
 * IndexedDB is on disk), driven over CDP, and killed with SIGKILL as a crash or the system would kill it,
 * then started again on the same profile to see what was kept.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { type Browser, type Page, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export interface Launched {
  readonly process: ChildProcess;
  readonly browser: Browser;
  readonly page: Page;
}

export interface LaunchOptions {
  /** A script every page of the browser runs first (addInitScript): it may report what the page shows. */
  readonly init?: () => void;
  /** Told every console message of the page, from before its first navigation. */
  readonly onConsole?: (text: string) => void;
  /** The window's size (default: a phone's, 412×915). */
  readonly window?: { readonly width: number; readonly height: number };
}

/** Starts Chromium on `profile` with one blank page, ready for the caller to navigate. */
export async function launchPersistent(profile: string, options: LaunchOptions = {}): Promise<Launched> {
  const child = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      '--headless=new',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      `--window-size=${options.window?.width ?? 412},${options.window?.height ?? 915}`,
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
  const { onConsole, init } = options;
  if (onConsole) page.on('console', (message) => onConsole(message.text()));
  if (init) await page.addInitScript(init);
  return { process: child, browser, page };
}

/** Kills the browser and every process of it with SIGKILL, and waits until it is gone. */
export async function hardKill(launched: Launched): Promise<void> {
  const exited = new Promise((resolve) => launched.process.once('exit', resolve));
  process.kill(-launched.process.pid!, 'SIGKILL');
  await exited;
}
