/**
 * The layers' import rule (eslint.config.js's table, eslint-rules/layers.js, docs/ARCHITECTURE.md) checked
 * against small snippets: every forbidden import is an error, by index or by nested path, static, dynamic,
 * re-exported or as a type, however its path is spelt; third-party packages are an allow-list; the allowed
 * imports pass.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ overrideConfigFile: 'eslint.config.js' });

/** The layer-rule errors ESLint reports for `code` as if it were the file at `filePath`. */
async function layerErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'layers/imports' || m.fatal)
    .map((m) => `${m.ruleId}: ${m.message}`);
}

/** A file in each layer, one folder deeper than the layer itself, and its way up to src/. */
const FILES = {
  core: { file: 'src/core/x.ts', up: '../' },
  ai: { file: 'src/ai/book/x.ts', up: '../../' },
  workers: { file: 'src/workers/x.ts', up: '../' },
  storage: { file: 'src/storage/x.ts', up: '../' },
  ui: { file: 'src/ui/screens/x.tsx', up: '../../' },
  root: { file: 'src/x.ts', up: './' },
} as const;
type Layer = keyof typeof FILES;

/** The table: which of our layers each layer may import. */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  core: [],
  ai: ['core'],
  workers: ['ai', 'core'],
  storage: ['core'],
  ui: ['core', 'storage'], // and src/workers, types only, from the bridge alone (below)
  root: [],
};

/** Third-party packages (and Node's modules) that do not belong in a layer: anything off its allow-list. */
const FORBIDDEN_PACKAGES: Record<Layer, readonly string[]> = {
  core: ['preact', 'preact/hooks', '@preact/signals', 'idb', 'comlink', 'workbox-window', 'lodash', 'node:fs'],
  ai: ['preact', '@preact/signals', 'idb', 'comlink', 'workbox-window', 'node:worker_threads', 'fs'],
  workers: ['preact', 'preact/hooks', '@preact/signals', 'idb', 'workbox-window', 'gifenc'],
  storage: ['preact', '@preact/signals', 'comlink', 'workbox-window', 'idb-keyval', 'qrcode-generator'],
  ui: ['idb', 'comlink', 'workbox-precaching', 'left-pad', '@preactx/signals', 'preact-router'],
  root: ['preact', 'idb', 'comlink', 'workbox'],
};
const ALLOWED_PACKAGES: Record<Layer, readonly string[]> = {
  core: [],
  ai: [],
  workers: ['comlink'],
  storage: ['idb', 'idb/with-async-ittr'],
  ui: ['preact', 'preact/hooks', '@preact/signals', 'workbox-window', 'gifenc', 'qrcode-generator'],
  root: ['workbox-precaching', 'workbox-routing', 'workbox-core'],
};

const LAYERS = Object.keys(FILES) as Layer[];
/** An index import and a nested one into a layer, written from `from`. */
const pathsInto = (from: Layer, to: Layer) =>
  to === 'root'
    ? [`${FILES[from].up}sw`, `${FILES[from].up}main`] // a file directly in src/
    : [`${FILES[from].up}${to}`, `${FILES[from].up}${to}/deep/module`];

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
          const reexport = await layerErrors(`export * from '${path}';\n`, FILES[from].file);
          if (allowed) expect([...statics, ...types, ...dynamic, ...reexport]).toEqual([]);
          else {
            expect(statics).toEqual([
              expect.stringMatching(/^layers\/imports: .* may not import .*docs\/ARCHITECTURE/),
            ]);
            expect(types).toHaveLength(1);
            expect(dynamic).toHaveLength(1);
            expect(reexport).toHaveLength(1);
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

  describe('a path is judged by where it lands, however it is spelt', () => {
    const evasions: [string, string, string][] = [
      // [importing file, path, the layer it reaches]
      ['src/core/x.ts', './../ui/app-state', 'src/ui'],
      ['src/core/x.ts', '.././ui/app-state', 'src/ui'],
      ['src/core/x.ts', '../core/../ui', 'src/ui'],
      ['src/storage/x.ts', '../core/../ai/engine', 'src/ai'],
      ['src/storage/x.ts', '../storage/../ai', 'src/ai'],
      ['src/storage/x.ts', './../../src/workers/engine.worker', 'src/workers'],
      ['src/ai/book/x.ts', '.././../ui/app-state', 'src/ui'],
      ['src/ai/x.ts', '..//storage/games', 'src/storage'],
      ['src/ai/x.ts', '../storage/games?raw', 'src/storage'],
      ['src/ui/x.tsx', './engine/../../ai/engine', 'src/ai'],
      ['src/ui/x.tsx', '../workers/engine.worker', 'src/workers'],
      ['src/workers/x.ts', '../ui/engine/../app-state', 'src/ui'],
    ];
    for (const [file, path, reaches] of evasions) {
      it(`${file} may not import '${path}' (${reaches})`, async () => {
        for (const code of [
          `import { x } from '${path}';\nexport const y = x;\n`,
          `import type { X } from '${path}';\nexport type Y = X;\n`,
          `export const m = import('${path}');\n`,
          `export const m = import(\`${path}\`);\n`,
          `export { x } from '${path}';\n`,
          `export * from '${path}';\n`,
          `export type M = typeof import('${path}');\n`,
          `import '${path}';\n`,
        ]) {
          expect(await layerErrors(code, file), code).toEqual([expect.stringContaining(reaches)]);
        }
      });
    }

    it('and a path that only looks foreign is fine when it lands at home', async () => {
      expect(
        await layerErrors(`import { x } from '../ai/../core/game';\nexport const y = x;\n`, 'src/core/x.ts'),
      ).toEqual([]);
      expect(
        await layerErrors(`import { x } from './../storage/games';\nexport const y = x;\n`, 'src/storage/x.ts'),
      ).toEqual([]);
    });
  });

  it('reports an import() whose path cannot be checked, and a path outside src/', async () => {
    expect(await layerErrors(`export const m = (p: string) => import(p);\n`, 'src/ui/x.tsx')).toEqual([
      expect.stringMatching(/computed path/),
    ]);
    expect(
      await layerErrors(`import { x } from '../../scripts/ladder';\nexport const y = x;\n`, 'src/ui/x.tsx'),
    ).toEqual([expect.stringMatching(/outside src/)]);
    expect(await layerErrors(`import { x } from '/src/ai/engine';\nexport const y = x;\n`, 'src/core/x.ts')).toEqual([
      expect.stringContaining('src/ai'),
    ]);
  });

  it('puts every file in a layer: a new folder of src/ must get a row first', async () => {
    expect(await layerErrors(`export const y = 1;\n`, 'src/plugins/x.ts')).toEqual([
      expect.stringMatching(/src\/plugins is in no layer/),
    ]);
    expect(await layerErrors(`import { x } from '../plugins/x';\nexport const y = x;\n`, 'src/core/x.ts')).toEqual([
      expect.stringMatching(/src\/plugins is in no layer/),
    ]);
    // The files directly in src/ (the service worker) are a layer of their own: reached by no other.
    expect(await layerErrors(`import { x } from '../sw';\nexport const y = x;\n`, 'src/ui/x.tsx')).toEqual([
      expect.stringMatching(/may not import the files in src\//),
    ]);
    expect(await layerErrors(`import { x } from './env';\nexport const y = x;\n`, 'src/sw.ts')).toEqual([]);
  });

  it('allows imports within a layer', async () => {
    expect(await layerErrors(`import { x } from '../levels';\nexport const y = x;\n`, 'src/ai/book/x.ts')).toEqual([]);
    expect(await layerErrors(`import { x } from './screens/Home';\nexport const y = x;\n`, 'src/ui/x.tsx')).toEqual([]);
  });
});
