import { readFileSync, readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Three projects, two tiers (docs/ARCHITECTURE.md, "Tests"): the fast tier run on every change
 * (`npm run test:unit`: the projects `unit` and `unit-own-graph`), and `strength`, the engine's strength
 * and tactics tests that search for seconds per position (`*.strength.test.ts`, `npm run test:strength`).
 * `npm test` and a bare `vitest run` run all three.
 *
 * The fast tier's files share each worker's module graph (`isolate: false`): loading the modules again
 * for every file was most of the tier's time (tests/ui, storage and net: 80 s of CPU with a graph per
 * file, 30 s shared, on this 2-core machine). A file that mocks a module, loads the app's shared state
 * (shell/app-state: signals and stubs read when it loads) or loads a worker module onto `self` gets a graph
 * of its own; it is found here by what it contains, so a new one needs no list kept by hand.
 */
const STRENGTH = 'tests/**/*.strength.test.ts';
const OWN_GRAPH = /\bvi\.(?:do)?[mM]ock\(|shell\/app-state['"]|src\/workers\/\w+\.worker['"]/;

const ownGraphFiles = (readdirSync('tests', { recursive: true }) as string[])
  .map((f) => `tests/${f.replaceAll('\\', '/')}`)
  .filter((f) => f.endsWith('.test.ts') && !f.endsWith('.strength.test.ts'))
  .filter((f) => OWN_GRAPH.test(readFileSync(f, 'utf8')))
  .sort();

export default defineConfig({
  test: {
    environment: 'node',
    // Worker threads, not child processes: the fast tier took 105 s instead of 132 s on this idle 2-core
    // machine (125 files).
    pool: 'threads',
    // The word catalogues compiled (when changed) before any test imports a message.
    globalSetup: ['tests/setup/compile-words.ts'],
    // Some tests replay thousands of games or play random ones: generous on a busy 2-core CI machine.
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: [STRENGTH, ...ownGraphFiles],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'unit-own-graph', include: ownGraphFiles } },
      { extends: true, test: { name: 'strength', include: [STRENGTH] } },
    ],
  },
});
