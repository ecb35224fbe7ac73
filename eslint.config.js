// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './eslint-rules/layers.js';
import words from './eslint-rules/words.js';

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
  // People over Nostr relays (issue 30): keys, signed and encrypted game events, the relay pool. Pure
  // protocol modules and the one relay port; it keeps nothing itself (the UI's controller stores through
  // storage), so it needs only the rules.
  net: { files: 'folder', imports: ['core'], packages: ['nostr-tools', '@noble/*'] },
  ui: {
    files: 'folder',
    imports: ['core', 'storage', 'net'],
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
    // The worker is its own bundle: starting it by URL brings none of its code into the page.
    workers: ['src/workers/engine.worker.ts'],
    packages: ['comlink'],
  },
  {
    // The page imports the protocol for values, so every value it imports is on the first screen: values
    // only from the core (pure by the table) and the engine's pure clock arithmetic; types from anywhere
    // the workers may; nothing for its side effects alone. Adding an engine module here is a decision.
    file: 'src/workers/protocol.ts',
    valuesOnlyFrom: ['src/core', 'src/ai/timeman.ts'],
  },
];

/**
 * Files that still render literal words, waiting for their conversion to the catalogues (issue 29): the
 * words rule skips them. Converting a file means taking it off this list (tests/ui/words/words-lint.test.ts fails
 * while a listed file has no literal words left, or no longer exists: a moved file is listed by its new
 * path). Empty since every screen was converted: it stays as the one place a file being converted would
 * be listed, so the rule never needs switching off for it.
 */
export const NOT_YET_CONVERTED = [];

/** The files the layers rule judges: every script of src/, whatever its extension. */
const SOURCE_FILES = ['src/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dev-dist/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '.reports/',
      '.scratch/',
      'src/ui/words/paraglide/',
      'project.inlang/',
      '.cache/',
    ],
  },
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
  ...wordRules(),
);

function layerRules() {
  return [
    {
      files: SOURCE_FILES,
      plugins: { layers },
      // No inline comment may switch a rule off in src/ (a disable comment for the layers rule would walk
      // around the table); the few exceptions live here, where a review sees them.
      linterOptions: { noInlineConfig: true },
      rules: {
        'layers/imports': ['error', { layers: LAYERS, exceptions: LAYER_EXCEPTIONS }],
        'layers/no-disable': 'error',
      },
    },
    {
      // Tells binary from text by the control characters it holds: they are the point of its pattern.
      files: ['src/storage/text-checks.ts'],
      rules: { 'no-control-regex': 'off' },
    },
  ];
}

function wordRules() {
  return [
    {
      files: ['src/ui/**/*.tsx'],
      ignores: NOT_YET_CONVERTED,
      plugins: { words },
      rules: { 'words/no-literal-words': 'error' },
    },
  ];
}
