/**
 * The layers' import rule (eslint.config.js's table, eslint-rules/layers.js, docs/ARCHITECTURE.md) checked
 * against small snippets: every forbidden import is an error, by index or by nested path, static, dynamic,
 * re-exported or as a type, however its path is spelt; third-party packages are an allow-list; the allowed
 * imports pass.
 */
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
/**
 * The project's own configuration, running only the layers' rules (the others are the slow part of a lint
 * and judge nothing here; parse errors are still reported).
 */
const onlyLayers = { ruleFilter: ({ ruleId }: { ruleId: string }) => ruleId.startsWith('layers/') };
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: resolve(ROOT, 'eslint.config.js'), ...onlyLayers });

/** The layer-rule errors ESLint reports for `code` as if it were the file at `filePath` (from the root). */
async function layerErrors(code: string, filePath: string, linter = eslint): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath: resolve(ROOT, filePath) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.startsWith('layers/') || m.fatal)
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

  it('judges the same from any folder: the config is found and paths are read from the project root', async () => {
    // As `cd src/ui && npx eslint .` runs: ESLint started in a subfolder, finding the config by walking up.
    for (const folder of ['src/ui', 'src', 'src/ai/book', 'tests']) {
      const there = new ESLint({ cwd: resolve(ROOT, folder), ...onlyLayers });
      expect(
        await layerErrors(`import { x } from '../ai/engine';\nexport const y = x;\n`, 'src/ui/x.tsx', there),
        folder,
      ).toEqual([expect.stringMatching(/src\/ui may not import src\/ai/)]);
      expect(
        await layerErrors(`import { x } from '../storage/games';\nexport const y = x;\n`, 'src/ui/x.tsx', there),
      ).toEqual([]);
      expect(await layerErrors(`export const y = 1;\n`, 'src/plugins/x.ts', there)).toEqual([
        expect.stringMatching(/src\/plugins is in no layer/),
      ]);
    }
  });

  describe('src/workers/protocol.ts, which the page imports, imports no engine module and nothing for its effects', () => {
    const protocol = 'src/workers/protocol.ts';
    const forbidden = [
      `import { search } from '../ai/search';\nexport const y = search;\n`,
      `import { x } from '../ai';\nexport const y = x;\n`,
      `import { x, type X } from '../ai/book/book';\nexport const y: X = x;\n`,
      `export { x } from '../ai/engine';\n`,
      `export * from '../ai/timeman-helpers';\n`,
      `export const m = import('../ai/engine');\n`,
      `import '../core/game';\n`,
      `import '../ai/timeman';\n`,
      `import * as Comlink from 'comlink';\nexport { Comlink };\n`,
      `import { x } from './engine.worker';\nexport const y = x;\n`,
    ];
    for (const code of forbidden) {
      it(`may not: ${code.split('\n')[0]}`, async () => {
        expect(await layerErrors(code, protocol)).toEqual([expect.stringMatching(/protocol\.ts may import/)]);
      });
    }
    const allowed = [
      `import { type BoardSize, levelById } from '../core';\nexport const y: BoardSize | typeof levelById = levelById;\n`,
      `import { replay } from '../core/game';\nexport const y = replay;\n`,
      `import { type MoveTime, moveTime } from '../ai/timeman';\nexport const y: MoveTime | typeof moveTime = moveTime;\n`,
      `import type { SearchResult } from '../ai/search';\nexport type Y = SearchResult;\n`,
      `export type { Engine } from '../ai/engine';\n`,
      `export type M = typeof import('../ai/engine');\n`,
    ];
    for (const code of allowed) {
      it(`may: ${code.split('\n')[0]}`, async () => {
        expect(await layerErrors(code, protocol)).toEqual([]);
      });
    }
    it('while any other worker file may import the engine', async () => {
      expect(
        await layerErrors(`import { search } from '../ai/search';\nexport const y = search;\n`, 'src/workers/x.ts'),
      ).toEqual([]);
    });
  });

  it('judges .mts, .cts, .mjs, .cjs and .jsx files like .ts', async () => {
    for (const file of ['src/core/x.mts', 'src/core/x.cts', 'src/core/x.mjs', 'src/core/x.cjs', 'src/core/x.jsx']) {
      expect(await layerErrors(`import { x } from '../ui/app-state';\nexport const y = x;\n`, file), file).toEqual([
        expect.stringMatching(/src\/core may not import src\/ui/),
      ]);
    }
    expect(await layerErrors(`import { x } from '../ai/engine';\nexport const y = x;\n`, 'src/ui/x.mts')).toHaveLength(
      1,
    );
  });

  describe('a worker started by URL and a new URL(…, import.meta.url) are judged as imports', () => {
    const bridge = 'src/ui/engine/bridge.ts';
    it('the bridge alone may start the engine worker, and nothing else of another layer', async () => {
      const start = (target: string, ctor = 'Worker') =>
        `export const w = new ${ctor}(new URL('${target}', import.meta.url), { type: 'module' });\n`;
      expect(await layerErrors(start('../../workers/engine.worker.ts'), bridge)).toEqual([]);
      expect(await layerErrors(start('../../workers/helper.worker.ts'), bridge)).toHaveLength(1);
      expect(await layerErrors(start('../../ai/search.ts'), bridge)).toHaveLength(1);
      expect(await layerErrors(start('../../workers/engine.worker.ts', 'SharedWorker'), bridge)).toEqual([]);
      // Any other UI file starting the worker is reported, as a worker or a shared worker.
      expect(await layerErrors(start('../workers/engine.worker.ts'), 'src/ui/x.tsx')).toEqual([
        expect.stringMatching(/src\/ui may not import src\/workers/),
      ]);
      expect(await layerErrors(start('../workers/engine.worker.ts', 'SharedWorker'), 'src/ui/x.tsx')).toHaveLength(1);
      expect(await layerErrors(start('../ui/app.ts'), 'src/core/x.ts')).toHaveLength(1);
      // Within a layer it is fine (the engine worker starts its helpers).
      expect(await layerErrors(start('./helper.worker.ts'), 'src/workers/engine.worker.ts')).toEqual([]);
    });
    it('a URL that is no worker is an import too, and a computed one is reported', async () => {
      const url = (target: string) => `export const u = new URL('${target}', import.meta.url);\n`;
      expect(await layerErrors(url('../../workers/engine.worker.ts'), bridge)).toHaveLength(1);
      expect(await layerErrors(url('../ai/data.bin'), 'src/ui/x.tsx')).toHaveLength(1);
      expect(await layerErrors(url('./icon.svg'), 'src/ui/x.tsx')).toEqual([]);
      expect(
        await layerErrors(`export const w = (p: string) => new Worker(new URL(p, import.meta.url));\n`, bridge),
      ).toEqual([expect.stringMatching(/computed path/)]);
      // A URL against something else than the module is no import.
      expect(await layerErrors(`export const u = new URL('../ai/x', location.href);\n`, 'src/ui/x.tsx')).toEqual([]);
    });
  });

  it('judges import.meta.glob patterns by the folder they reach', async () => {
    const glob = (pattern: string) => `export const m = import.meta.glob('${pattern}');\n`;
    expect(await layerErrors(glob('../ai/**/*.ts'), 'src/ui/x.tsx')).toEqual([
      expect.stringMatching(/src\/ui may not import src\/ai/),
    ]);
    expect(await layerErrors(glob('../../ai/book/*.ts'), 'src/ui/screens/x.tsx')).toHaveLength(1);
    expect(
      await layerErrors(`export const m = import.meta.glob('../ai/*.ts', { eager: true });\n`, 'src/ui/x.tsx'),
    ).toHaveLength(1);
    expect(
      await layerErrors(`export const m = import.meta.glob(['./*.ts', '../ai/*.ts']);\n`, 'src/ui/x.tsx'),
    ).toHaveLength(1);
    // A pattern reaching src/ itself could match any layer; one reaching outside src/ is outside.
    expect(await layerErrors(glob('../*/x.ts'), 'src/ui/x.tsx')).toEqual([expect.stringMatching(/one layer/)]);
    expect(await layerErrors(glob('../../scripts/*.ts'), 'src/ui/x.tsx')).toEqual([
      expect.stringMatching(/outside src/),
    ]);
    expect(await layerErrors(`export const m = (p: string) => import.meta.glob(p);\n`, 'src/ui/x.tsx')).toHaveLength(1);
    // Within the layer is fine, and so are the layers it may import.
    expect(await layerErrors(glob('./lessons/*.ts'), 'src/ui/x.tsx')).toEqual([]);
    expect(await layerErrors(glob('../core/**/*.ts'), 'src/ui/x.tsx')).toEqual([]);
  });

  describe('an inline comment that would switch the layers rule off is itself an error, and has no effect', () => {
    const bad = `import { x } from '../ai/engine';\nexport const y = x;\n`;
    const comments = [
      `/* eslint-disable layers/imports */\n`,
      `/* eslint-disable layers/imports, layers/no-disable */\n`,
      `/* eslint-disable */\n`,
      `// eslint-disable-next-line layers/imports -- the bridge is too slow\n`,
      `// eslint-disable-next-line\n`,
      `/* eslint layers/imports: off */\n`,
      `/* eslint layers/imports: off, layers/no-disable: off */\n`,
    ];
    for (const comment of comments) {
      it(comment.trim(), async () => {
        const errors = await layerErrors(`${comment}${bad}`, 'src/ui/x.tsx');
        expect(errors).toContainEqual(expect.stringMatching(/^layers\/no-disable: .*switch the layers rule off/));
        expect(errors).toContainEqual(expect.stringMatching(/^layers\/imports: src\/ui may not import src\/ai/));
      });
    }
    it('on a line of its own as well', async () => {
      const errors = await layerErrors(
        `import { x } from '../ai/engine'; // eslint-disable-line layers/imports\nexport const y = x;\n`,
        'src/ui/x.tsx',
      );
      expect(errors).toHaveLength(2);
    });
    it('while a comment that merely mentions eslint is fine', async () => {
      expect(await layerErrors(`// eslint checks this file.\nexport const y = 1;\n`, 'src/ui/x.tsx')).toEqual([]);
    });
  });
});
