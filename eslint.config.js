// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './eslint-rules/layers.js';

/**
 * The layer table (docs/ARCHITECTURE.md) as the local rule `layers/imports` (eslint-rules/layers.js) reads
 * it: for each layer, the layers it may import and the third-party packages it may use (an allow-list:
 * anything else is an error). Every import path is resolved against the importing file first, so however it
 * is spelt (`./../ui`, `../core/../ai`) it is judged by where it lands.
 */
export const LAYERS = {
  core: { files: 'folder', imports: [], packages: [] },
  ai: { files: 'folder', imports: ['core'], packages: [] },
  workers: { files: 'folder', imports: ['ai', 'core'], packages: ['comlink'] },
  storage: { files: 'folder', imports: ['core'], packages: ['idb'] },
  ui: {
    files: 'folder',
    imports: ['core', 'storage'],
    packages: ['preact', '@preact/*', 'workbox-window', 'gifenc', 'qrcode-generator'],
  },
  // The files directly in src/: the service worker (sw.ts) and the ambient declarations (env.d.ts).
  root: { files: 'root', imports: [], packages: ['workbox-*'] },
};

/**
 * One file's own terms: the bridge alone reaches the worker, and only through its wire protocol
 * (src/workers/protocol.ts: types and pure helpers, importing nothing with side effects); any other module
 * of src/workers would pull the engine's code into the page (the worker itself it starts by URL). It alone
 * talks Comlink.
 */
export const LAYER_EXCEPTIONS = [
  {
    file: 'src/ui/engine/bridge.ts',
    typesFrom: [],
    modules: ['src/workers/protocol.ts'],
    packages: ['comlink'],
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'dev-dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.reports/', '.scratch/', 'src/ui/words/paraglide/', 'project.inlang/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  ...layerRules(),
);

function layerRules() {
  return [
    {
      files: ['src/**/*.{ts,tsx,js,mjs}'],
      plugins: { layers },
      rules: { 'layers/imports': ['error', { layers: LAYERS, exceptions: LAYER_EXCEPTIONS }] },
    },
  ];
}
