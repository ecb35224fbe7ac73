/**
 * A second build of the same app whose every chunk has another name (as a real change would give them):
 * e2e/update-tabs.spec.ts serves it as "the new build deployed" after the one in dist/.
 */
import { mergeConfig } from 'vite';
import base from '../vite.config';

export default mergeConfig(base, {
  build: {
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-next-[hash].js',
        chunkFileNames: 'assets/[name]-next-[hash].js',
        assetFileNames: 'assets/[name]-next-[hash][extname]',
      },
    },
  },
});
