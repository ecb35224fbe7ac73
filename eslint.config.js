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

/**
 * Files that still render literal words, waiting for their conversion to the catalogues (issue 29): the
 * words rule skips them. Converting a file means taking it off this list (tests/words-lint.test.ts fails
 * while a listed file has no literal words left, or no longer exists: a moved file is listed by its new
 * path). The list only shrinks; when it is empty, delete it and src/ui/plural.ts.
 */
export const NOT_YET_CONVERTED = [
  'src/ui/AnalysisPanel.tsx',
  'src/ui/App.tsx',
  'src/ui/Board.tsx',
  'src/ui/BookPanel.tsx',
  'src/ui/CapturedCount.tsx',
  'src/ui/DamagedProgressNotice.tsx',
  'src/ui/EvalGraph.tsx',
  'src/ui/HomeCards.tsx',
  'src/ui/KeptGamesNotice.tsx',
  'src/ui/MoveList.tsx',
  'src/ui/RulesFields.tsx',
  'src/ui/ScreenHeader.tsx',
  'src/ui/SideStrip.tsx',
  'src/ui/Toasts.tsx',
  'src/ui/dialog.tsx',
  'src/ui/friend/FriendLink.tsx',
  'src/ui/friend/SendSheet.tsx',
  'src/ui/lazy-screen.tsx',
  'src/ui/players/ComputerEditor.tsx',
  'src/ui/players/player-fields.tsx',
  'src/ui/screens/About.tsx',
  'src/ui/screens/Friend.tsx',
  'src/ui/screens/Games.tsx',
  'src/ui/screens/Home.tsx',
  'src/ui/screens/LinkProblem.tsx',
  'src/ui/screens/NewGame.tsx',
  'src/ui/screens/Play.tsx',
  'src/ui/screens/Players.tsx',
  'src/ui/screens/Puzzles.tsx',
  'src/ui/screens/Rules.tsx',
  'src/ui/screens/Settings.tsx',
  'src/ui/screens/Tutorial.tsx',
  'src/ui/share/ShareSheet.tsx',
  'src/ui/share/SharedGame.tsx',
];

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
      files: ['src/**/*.{ts,tsx,js,mjs}'],
      plugins: { layers },
      rules: { 'layers/imports': ['error', { layers: LAYERS, exceptions: LAYER_EXCEPTIONS }] },
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
