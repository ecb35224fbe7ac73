/**
 * The layers' import rules (eslint.config.js, docs/ARCHITECTURE.md) checked against small snippets: every
 * forbidden import is an error, by index or by nested path, static or dynamic, and the allowed ones pass.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ overrideConfigFile: 'eslint.config.js' });

/** The layer-rule errors ESLint reports for `code` as if it were the file at `filePath`. */
async function layerErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => /restricted/.test(m.ruleId ?? ''))
    .map((m) => `${m.ruleId}: ${m.message}`);
}

/** A file in each layer, one folder deeper than the layer itself, and its way up to src/. */
const FILES = {
  core: { file: 'src/core/x.ts', up: '../' },
  ai: { file: 'src/ai/book/x.ts', up: '../../' },
  workers: { file: 'src/workers/x.ts', up: '../' },
  storage: { file: 'src/storage/x.ts', up: '../' },
  ui: { file: 'src/ui/screens/x.tsx', up: '../../' },
} as const;
type Layer = keyof typeof FILES;

/** The table: which of our layers each layer may import. */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  core: [],
  ai: ['core'],
  workers: ['ai', 'core'],
  storage: ['core'],
  ui: ['core', 'storage'], // and src/workers, types only, from the bridge alone (below)
};

/** Third-party packages that do not belong in a layer. */
const FORBIDDEN_PACKAGES: Record<Layer, readonly string[]> = {
  core: ['preact', 'preact/hooks', '@preact/signals', 'idb', 'comlink', 'workbox-window'],
  ai: ['preact', '@preact/signals', 'idb', 'comlink', 'workbox-window'],
  workers: ['preact', 'preact/hooks', '@preact/signals', 'idb', 'workbox-window'],
  storage: ['preact', '@preact/signals', 'comlink', 'workbox-window'],
  ui: ['idb', 'comlink'],
};
const ALLOWED_PACKAGES: Record<Layer, readonly string[]> = {
  core: [],
  ai: [],
  workers: ['comlink'],
  storage: ['idb'],
  ui: ['preact', 'preact/hooks', '@preact/signals', 'workbox-window'],
};

const LAYERS = Object.keys(FILES) as Layer[];
/** An index import and a nested one into a layer, written from `from`. */
const pathsInto = (from: Layer, to: Layer) => [`${FILES[from].up}${to}`, `${FILES[from].up}${to}/deep/module`];

describe('layer rules', () => {
  for (const from of LAYERS) {
    for (const to of LAYERS) {
      if (to === from) continue;
      const allowed = MAY_IMPORT[from].includes(to);
      for (const path of pathsInto(from, to)) {
        it(`${from} ${allowed ? 'may' : 'may not'} import '${path}'`, async () => {
          const statics = await layerErrors(`import { x } from '${path}';\nexport const y = x;\n`, FILES[from].file);
          const types = await layerErrors(`import type { X } from '${path}';\nexport type Y = X;\n`, FILES[from].file);
          const dynamic = await layerErrors(`export const m = import('${path}');\n`, FILES[from].file);
          if (allowed) expect([...statics, ...types, ...dynamic]).toEqual([]);
          else {
            expect(statics).toEqual([expect.stringMatching(/^no-restricted-imports: .*docs\/ARCHITECTURE/)]);
            expect(types).toHaveLength(1);
            expect(dynamic).toEqual([expect.stringMatching(/^no-restricted-syntax: /)]);
          }
        });
      }
    }
    for (const pkg of FORBIDDEN_PACKAGES[from]) {
      it(`${from} may not use ${pkg}`, async () => {
        expect(await layerErrors(`import * as m from '${pkg}';\nexport { m };\n`, FILES[from].file)).toHaveLength(1);
      });
    }
    for (const pkg of ALLOWED_PACKAGES[from]) {
      it(`${from} may use ${pkg}`, async () => {
        expect(await layerErrors(`import * as m from '${pkg}';\nexport { m };\n`, FILES[from].file)).toEqual([]);
      });
    }
  }

  it('lets src/ui/engine/bridge.ts alone import the worker protocol (types and values), and Comlink', async () => {
    const bridge = 'src/ui/engine/bridge.ts';
    const protocol = '../../workers/protocol';
    const worker = '../../workers/engine.worker';
    expect(await layerErrors(`import type { X } from '${protocol}';\nexport type Y = X;\n`, bridge)).toEqual([]);
    expect(await layerErrors(`export type { X } from '${protocol}';\n`, bridge)).toEqual([]);
    // The protocol imports nothing with side effects: its pure helpers may run on the page.
    expect(await layerErrors(`import { x } from '${protocol}';\nexport const y = x;\n`, bridge)).toEqual([]);
    expect(await layerErrors(`import * as Comlink from 'comlink';\nexport { Comlink };\n`, bridge)).toEqual([]);
    // Any other module of the worker would pull the engine into the page, even for its types.
    expect(await layerErrors(`import { x } from '${worker}';\nexport const y = x;\n`, bridge)).toHaveLength(1);
    expect(await layerErrors(`import type { X } from '${worker}';\nexport type Y = X;\n`, bridge)).toHaveLength(1);
    expect(await layerErrors(`import { x } from '../../workers';\nexport const y = x;\n`, bridge)).toHaveLength(1);
    expect(await layerErrors(`const m = import('${worker}');\nexport { m };\n`, bridge)).toHaveLength(1);
    // It is still UI: no engine, no idb.
    expect(await layerErrors(`import { x } from '../../ai/book/book';\nexport const y = x;\n`, bridge)).toHaveLength(1);
    expect(await layerErrors(`import { openDB } from 'idb';\nexport { openDB };\n`, bridge)).toHaveLength(1);
    // Any other UI file may not touch the worker at all, its protocol included.
    const other = 'src/ui/engine/client.ts';
    expect(await layerErrors(`import type { X } from '${protocol}';\nexport type Y = X;\n`, other)).toHaveLength(1);
    expect(await layerErrors(`import type { X } from '${worker}';\nexport type Y = X;\n`, other)).toHaveLength(1);
  });

  it('allows imports within a layer', async () => {
    expect(await layerErrors(`import { x } from '../levels';\nexport const y = x;\n`, 'src/ai/book/x.ts')).toEqual([]);
    expect(await layerErrors(`import { x } from './screens/Home';\nexport const y = x;\n`, 'src/ui/x.tsx')).toEqual([]);
  });
});
