import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    // Some tests replay thousands of games or play random ones: generous on a busy 2-core CI machine.
    testTimeout: 60_000,
  },
});
