/**
 * The touch-counting script's own Playwright config (npm run measure:touches, after a build): the e2e
 * config (its server, relay and phone) with this folder as the tests. A measurement, not a test of the
 * suite: it prints figures and checks the targets only with MEASURE_TARGETS=1.
 */
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/** The servers run from the repository's root, as they do for the e2e config (dist/, scripts/relay.mjs). */
const root = join(import.meta.dirname, '..', '..');
const servers = [base.webServer ?? []].flat().map((server) => ({ ...server, cwd: root }));

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'measure-touches.spec.ts',
  workers: 1,
  fullyParallel: false,
  timeout: 600_000,
  webServer: servers,
});
