// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dev-dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.reports/', '.scratch/'] },
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

/**
 * The layers' import rules (docs/ARCHITECTURE.md): what each folder of src/ may not import, of ours and of
 * the third-party packages. Our layers are matched by a regex on the relative path, so `'../ai'`,
 * `'../ai/levels'` and `'../../ai/book/book'` are all caught (no folder inside a layer may take a layer's
 * name). Dynamic `import()` is checked too (no-restricted-imports does not see it).
 */
function layerRules() {
  /** A relative import reaching into one of our layers, at any depth. */
  const ours = (layer) => `^(\\.\\./)+${layer}(/|$)`;
  const layer = (name, allowedText) => ({
    regex: ours(name),
    message: `${allowedText} may not import src/${name} (docs/ARCHITECTURE.md).`,
  });
  const pkg = (regex, what, allowedText) => ({ regex, message: `${allowedText} may not use ${what}.` });
  const PREACT = '^@?preact(/|$)';
  const IDB = '^idb(/|$)';
  const COMLINK = '^comlink(/|$)';
  const WORKBOX = '^workbox-';
  const forbidding = (patterns) => {
    const dynamic = patterns.map(({ regex, message }) => ({
      selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/]`,
      message,
    }));
    return {
      'no-restricted-imports': ['error', { patterns }],
      'no-restricted-syntax': ['error', ...dynamic],
    };
  };
  const core = 'src/core (the rules) imports nothing of ours and';
  const ai = 'src/ai (the engine) imports only src/core and';
  const workers = 'src/workers imports only src/ai and src/core and';
  const storage = 'src/storage imports only src/core and';
  const ui =
    'src/ui imports only src/core, src/storage and (from src/ui/engine/bridge.ts, its protocol only) src/workers, and';
  const uiForbidden = [layer('ai', ui), pkg(IDB, 'idb (storage owns it)', ui)];
  return [
    {
      files: ['src/core/**/*.{ts,tsx}'],
      rules: forbidding([
        ...['ai', 'workers', 'storage', 'ui'].map((l) => layer(l, core)),
        pkg(PREACT, 'Preact', core),
        pkg(IDB, 'idb', core),
        pkg(COMLINK, 'Comlink', core),
        pkg(WORKBOX, 'Workbox', core),
      ]),
    },
    {
      files: ['src/ai/**/*.{ts,tsx}'],
      rules: forbidding([
        ...['workers', 'storage', 'ui'].map((l) => layer(l, ai)),
        pkg(PREACT, 'Preact', ai),
        pkg(IDB, 'idb', ai),
        pkg(COMLINK, 'Comlink (the worker owns it)', ai),
        pkg(WORKBOX, 'Workbox', ai),
      ]),
    },
    {
      files: ['src/workers/**/*.{ts,tsx}'],
      rules: forbidding([
        ...['storage', 'ui'].map((l) => layer(l, workers)),
        pkg(PREACT, 'Preact', workers),
        pkg(IDB, 'idb', workers),
        pkg(WORKBOX, 'Workbox', workers),
      ]),
    },
    {
      files: ['src/storage/**/*.{ts,tsx}'],
      rules: forbidding([
        ...['ai', 'workers', 'ui'].map((l) => layer(l, storage)),
        pkg(PREACT, 'Preact', storage),
        pkg(COMLINK, 'Comlink', storage),
        pkg(WORKBOX, 'Workbox', storage),
      ]),
    },
    {
      files: ['src/ui/**/*.{ts,tsx}'],
      ignores: ['src/ui/engine/bridge.ts'],
      rules: forbidding([
        ...uiForbidden,
        layer('workers', `${ui} only src/ui/engine/bridge.ts`),
        pkg(COMLINK, 'Comlink outside src/ui/engine/bridge.ts', ui),
      ]),
    },
    {
      // The bridge alone reaches the worker, and only through its wire protocol (src/workers/protocol.ts:
      // types and pure helpers, importing nothing with side effects). Any other module of src/workers would
      // pull the engine's code into the page.
      files: ['src/ui/engine/bridge.ts'],
      rules: forbidding([
        ...uiForbidden,
        {
          regex: '^(\\.\\./)+workers(/(?!protocol$)|$)',
          message: 'src/ui/engine/bridge.ts may import only src/workers/protocol.ts of src/workers.',
        },
      ]),
    },
  ];
}
