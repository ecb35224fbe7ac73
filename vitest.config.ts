import { defineConfig } from 'vitest/config';

/**
 * Two tiers (docs/ARCHITECTURE.md, "Tests"): `unit`, the fast tier run on every change
 * (`npm run test:unit`), and `strength`, the engine's strength and tactics tests that search for
 * seconds per position (`*.strength.test.ts`, `npm run test:strength`). `npm test` and a bare
 * `vitest run` run both.
 */
const STRENGTH = 'tests/**/*.strength.test.ts';

export default defineConfig({
  test: {
    environment: 'node',
    // Worker threads, not child processes: the fast tier took 105 s instead of 132 s on this idle 2-core
    // machine (125 files; each file still has a fresh module graph).
    pool: 'threads',
    // The word catalogues compiled (when changed) before any test imports a message.
    globalSetup: ['tests/setup/compile-words.ts'],
    // Some tests replay thousands of games or play random ones: generous on a busy 2-core CI machine.
    testTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/**/*.test.ts'], exclude: [STRENGTH] } },
      { extends: true, test: { name: 'strength', include: [STRENGTH] } },
    ],
  },
});
