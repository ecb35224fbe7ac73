import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    // The word catalogues compiled (when changed) before any test imports a message.
    globalSetup: ['tests/setup/compile-words.ts'],
    // Some tests replay thousands of games or play random ones: generous on a busy 2-core CI machine.
    testTimeout: 60_000,
  },
});
