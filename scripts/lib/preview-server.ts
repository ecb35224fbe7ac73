/**
 * For the measurement scripts: `vite preview` serving dist/ on a local port, and Debian's Chromium with the
 * tests' flags (e2e/chromium.ts).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium';

/** Starts the preview server and resolves once it answers; the returned function stops it. */
export async function startPreview(port: number): Promise<() => void> {
  // Vite's own script under this Node, not through npx: killing npx would leave the server running.
  const vite = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));
  const server = spawn(
    process.execPath,
    [vite, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    {
      stdio: process.env.PREVIEW_LOG ? 'inherit' : 'ignore',
    },
  );
  const stop = () => void server.kill();
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return stop;
    // Up to a minute: on a loaded 2-core machine loading vite.config.ts alone took over 20 s.
    if (i > 300) {
      stop();
      throw new Error('vite preview did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
