// @ts-check
/**
 * The layers' import rule (docs/ARCHITECTURE.md): every import of a file in src/ is resolved against the
 * importing file before it is judged, so no spelling of a path walks around the table
 * (`./../ui/app-state`, `../core/../ai/engine`, `../../src/ai`), and every third-party package must be on
 * the importing layer's allow-list.
 *
 * What is checked: `import … from`, `import '…'`, `export … from`, `export * from`, dynamic `import()`
 * (a string or a template without expressions; any other argument cannot be checked and is reported),
 * TypeScript's `import x = require('…')` and `typeof import('…')` types, the file a `new URL('…',
 * import.meta.url)` names (Vite bundles it: as a worker inside `new Worker(…)`/`new SharedWorker(…)`, else as
 * an asset) and the folder an `import.meta.glob('…')` pattern reaches (before its first wildcard).
 *
 * Options: `{ layers, exceptions }`.
 * - `layers`: by name, `{ files, imports, packages }`: `files` is 'folder' (src/<name>/**) or 'root'
 *   (the files directly in src/); `imports`, the other layers it may import; `packages`, the third-party
 *   packages it may use (a name, or a prefix ending in '*': '@preact/*', 'workbox-*').
 * - `exceptions`: `{ file, typesFrom, modules, workers, packages, valuesOnlyFrom }` for one file: the layers
 *   it may import types from (and nothing else of them, but for `modules`: files of theirs it may import
 *   whole), the files of other layers it may start as workers (`new Worker(new URL(…))`: a worker is its
 *   own bundle), and packages beyond its layer's. `valuesOnlyFrom` narrows instead of widening: the file
 *   may import values only from these folders or files (`'src/core'`, `'src/ai/timeman.ts'`), types from
 *   anywhere its layer may, and nothing for its side effects alone (`import '…'`).
 * A file in a folder of src/ that is no layer is reported: a new folder gets its row in the table first.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root: the folder above this rule's own. Paths are judged relative to it, never to the
 * folder ESLint was started from, so `cd src/ui && npx eslint .` judges exactly as `npx eslint .` does.
 */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The package a bare specifier names: 'preact/hooks' → 'preact', '@preact/signals/x' → '@preact/signals'. */
export function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const allowsPackage = (allowed, name) =>
  allowed.some((p) => (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : name === p));

/**
 * Where `file` sits in src/ (project-relative, '/'-separated): `{ layer }` for a layer's folder or the
 * root, `{ outside: true }` outside src/, `{ unknown }` for a folder of src/ that is no layer.
 */
export function placeOf(relative, layers) {
  const parts = relative.split('/');
  if (parts[0] !== 'src') return { outside: true };
  if (parts.length === 2 && !(layers[parts[1]] && layers[parts[1]].files === 'folder')) {
    // A file directly in src/ (a layer's folder itself, `../core`, is its index: that layer).
    const root = Object.keys(layers).find((name) => layers[name].files === 'root');
    return root ? { layer: root } : { unknown: '' };
  }
  const folder = parts[1];
  return layers[folder] && layers[folder].files !== 'root' ? { layer: folder } : { unknown: folder };
}

/** Whether an import declaration or export imports only types. */
function typeOnly(node) {
  if (node.type === 'TSImportType') return true;
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  if (node.type === 'ImportDeclaration' && node.specifiers.length > 0) {
    return node.specifiers.every((s) => s.type === 'ImportSpecifier' && s.importKind === 'type');
  }
  if (node.type === 'ExportNamedDeclaration' && node.specifiers.length > 0) {
    return node.specifiers.every((s) => s.exportKind === 'type');
  }
  return false;
}

/** @type {import('eslint').Rule.RuleModule} */
export const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layer table of docs/ARCHITECTURE.md, however the path is spelt.' },
    schema: [
      {
        type: 'object',
        properties: { layers: { type: 'object' }, exceptions: { type: 'array' } },
        additionalProperties: false,
      },
    ],
    messages: {
      layer: '{{from}} may not import {{to}} ({{target}}): {{from}} imports only {{allowed}} (docs/ARCHITECTURE.md).',
      typesOnly: '{{file}} may import only types from {{to}} ({{target}}) (docs/ARCHITECTURE.md).',
      package: '{{from}} may not use the package {{name}}: its packages are {{allowed}} (docs/ARCHITECTURE.md).',
      outside: '{{from}} may not import {{target}}, which is outside src/ (docs/ARCHITECTURE.md).',
      noLayer: '{{folder}} is in no layer: give it a row in docs/ARCHITECTURE.md and eslint.config.js.',
      dynamic: 'An import() of a computed path cannot be checked against the layers: import a string.',
      url: 'A `new URL(…, import.meta.url)` of a computed path cannot be checked against the layers: use a string.',
      glob: 'An import.meta.glob pattern must be a string inside one layer ({{pattern}}): it cannot be checked.',
      values:
        '{{file}} may import values only from {{allowed}}, not {{target}}: anything else may carry side effects or the engine into the page (types are fine).',
      sideEffect: '{{file}} may import nothing for its side effects alone ({{target}}).',
    },
  },
  create(context) {
    const { layers = {}, exceptions = [] } = context.options[0] ?? {};
    const cwd = PROJECT_ROOT;
    const relativeOf = (absolute) => path.relative(cwd, absolute).split(path.sep).join('/');
    const file = relativeOf(context.filename);
    const here = placeOf(file, layers);
    if (here.outside) return {};
    const program = (node) => {
      if (here.unknown !== undefined) {
        context.report({ node, messageId: 'noLayer', data: { folder: `src/${here.unknown}` } });
      }
    };
    if (here.unknown !== undefined) return { Program: program };
    const from = here.layer;
    const rules = layers[from];
    const exception = exceptions.find((e) => e.file === file);
    /** Where a relative or '/'-rooted specifier lands, as an absolute path (query and hash dropped). */
    const resolve = (specifier) => {
      const withoutQuery = specifier.replace(/[?#].*$/, '');
      return specifier.startsWith('/')
        ? path.join(cwd, withoutQuery)
        : path.resolve(path.dirname(context.filename), withoutQuery);
    };
    const name = (layer) => (layers[layer].files === 'root' ? 'the files in src/' : `src/${layer}`);
    const list = (items) => (items.length ? items.join(', ') : 'none');

    /** Whether `target` (project-relative) is one of `places`: a folder (and all below it) or a file. */
    const within = (target, places) =>
      places.some((p) => target === p || target.startsWith(`${p}/`) || `${target}.ts` === p);

    /**
     * Judges one import of `specifier` made by `node`: `kind` is 'type' (erased), 'value', 'side' (an
     * import for its side effects alone) or 'worker' (the script a new Worker starts).
     */
    const check = (node, specifier, kind) => {
      const isType = kind === 'type';
      const bare = !specifier.startsWith('.') && !specifier.startsWith('/');
      if (exception?.valuesOnlyFrom && !isType) {
        const target = bare ? specifier : relativeOf(resolve(specifier));
        if (kind === 'side') {
          context.report({ node, messageId: 'sideEffect', data: { file, target } });
          return;
        }
        if (!within(target, exception.valuesOnlyFrom)) {
          const allowed = list(exception.valuesOnlyFrom);
          context.report({ node, messageId: 'values', data: { file, target, allowed } });
          return;
        }
      }
      if (bare) {
        const pkg = packageOf(specifier);
        if (allowsPackage([...rules.packages, ...(exception?.packages ?? [])], pkg)) return;
        const allowed = list(rules.packages);
        context.report({ node, messageId: 'package', data: { from: name(from), name: pkg, allowed } });
        return;
      }
      const target = relativeOf(resolve(specifier));
      const there = placeOf(target, layers);
      if (there.outside) {
        context.report({ node, messageId: 'outside', data: { from: name(from), target } });
        return;
      }
      if (there.unknown !== undefined) {
        context.report({ node, messageId: 'noLayer', data: { folder: `src/${there.unknown}` } });
        return;
      }
      const to = there.layer;
      if (to === from || rules.imports.includes(to)) return;
      const module = /\.[cm]?[jt]sx?$/.test(target) ? target : `${target}.ts`;
      if (exception?.modules?.includes(module)) return;
      if (kind === 'worker' && exception?.workers?.includes(module)) return;
      if (exception?.typesFrom?.includes(to)) {
        if (!isType) context.report({ node, messageId: 'typesOnly', data: { file, to: name(to), target } });
        return;
      }
      const allowed = list(rules.imports.map(name));
      context.report({ node, messageId: 'layer', data: { from: name(from), to: name(to), target, allowed } });
    };

    const declaration = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const sideEffectOnly = node.type === 'ImportDeclaration' && node.specifiers.length === 0 && !typeOnly(node);
      check(node, node.source.value, typeOnly(node) ? 'type' : sideEffectOnly ? 'side' : 'value');
    };
    /** Whether `node` is `import.meta.url`. */
    const isImportMetaUrl = (node) =>
      node?.type === 'MemberExpression' &&
      node.object.type === 'MetaProperty' &&
      node.object.meta.name === 'import' &&
      node.object.property.name === 'meta' &&
      node.property.type === 'Identifier' &&
      node.property.name === 'url';
    /** A string literal's or expression-free template's text, else undefined. */
    const stringOf = (node) => {
      if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
      if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
      return undefined;
    };
    /** Judges one import.meta.glob pattern by the folder it reaches before its first wildcard. */
    const checkGlob = (node, pattern) => {
      if (pattern.startsWith('!')) return; // an exclusion narrows what is imported
      const wild = pattern.search(/[*?{}[\]()!+@]/);
      const stem = wild < 0 ? pattern : pattern.slice(0, pattern.lastIndexOf('/', wild) + 1);
      const folder = relativeOf(resolve(stem || './'));
      // A pattern that reaches src/ itself (or above) may match files of any layer.
      const inSrc = folder === 'src' || folder.startsWith('src/');
      if (wild >= 0 && (folder === 'src' || !inSrc)) {
        if (!inSrc) {
          context.report({ node, messageId: 'outside', data: { from: name(from), target: pattern } });
        } else context.report({ node, messageId: 'glob', data: { pattern } });
        return;
      }
      check(node, wild < 0 ? pattern : `${stem}x`, 'value');
    };
    return {
      Program: program,
      ImportDeclaration: declaration,
      ExportNamedDeclaration: declaration,
      ExportAllDeclaration: declaration,
      ImportExpression(node) {
        const source = node.source;
        const specifier = stringOf(source);
        if (specifier !== undefined) check(node, specifier, 'value');
        else context.report({ node, messageId: 'dynamic' });
      },
      TSImportEqualsDeclaration(node) {
        const ref = node.moduleReference;
        if (ref.type === 'TSExternalModuleReference' && ref.expression.type === 'Literal') {
          check(node, String(ref.expression.value), node.importKind === 'type' ? 'type' : 'value');
        }
      },
      NewExpression(node) {
        // `new URL('…', import.meta.url)`: Vite bundles the file it names (a worker's script, an asset).
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'URL') return;
        if (!isImportMetaUrl(node.arguments[1])) return;
        const specifier = stringOf(node.arguments[0]);
        if (specifier === undefined) {
          context.report({ node, messageId: 'url' });
          return;
        }
        const parent = node.parent;
        const startsWorker =
          parent?.type === 'NewExpression' &&
          parent.arguments[0] === node &&
          parent.callee.type === 'Identifier' &&
          (parent.callee.name === 'Worker' || parent.callee.name === 'SharedWorker');
        check(node, specifier, startsWorker ? 'worker' : 'value');
      },
      CallExpression(node) {
        // import.meta.glob('…') / import.meta.glob(['…', '…']): each pattern is judged as an import.
        const callee = node.callee;
        if (
          callee.type !== 'MemberExpression' ||
          callee.object.type !== 'MetaProperty' ||
          callee.object.meta.name !== 'import' ||
          callee.property.type !== 'Identifier' ||
          !/^glob/.test(callee.property.name)
        ) {
          return;
        }
        const arg = node.arguments[0];
        const patterns = arg?.type === 'ArrayExpression' ? arg.elements : [arg];
        for (const p of patterns) {
          const pattern = stringOf(p);
          if (pattern === undefined) context.report({ node, messageId: 'glob', data: { pattern: 'computed' } });
          else checkGlob(node, pattern);
        }
      },
      TSImportType(node) {
        // typescript-eslint 8: `source` (formerly `argument`) is a literal type holding the string.
        const arg = node.source ?? node.argument;
        const literal = arg?.type === 'TSLiteralType' ? arg.literal : arg;
        if (literal?.type === 'Literal' && typeof literal.value === 'string') check(node, literal.value, 'type');
      },
    };
  },
};

/**
 * An inline comment that would switch the layers off is itself an error: `eslint-disable` (file, line or
 * next line) naming a `layers/` rule, a blanket one naming no rule, and `/* eslint layers/…: off *\/`.
 * eslint.config.js also sets `noInlineConfig` for src/, so such a comment has no effect either: this rule
 * says why the comment must go (a directive cannot silence this rule's own report, since none is obeyed).
 */
/** @type {import('eslint').Rule.RuleModule} */
export const noDisableRule = {
  meta: {
    type: 'problem',
    docs: { description: 'No inline comment may switch the layers rule off.' },
    schema: [],
    messages: {
      disable:
        'This comment would switch the layers rule off ({{text}}): change the import, or the table in eslint.config.js and docs/ARCHITECTURE.md.',
    },
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const text = comment.value.trim();
          const directive = /^eslint-disable(?:-next-line|-line)?(?:\s+([^]*?))?(?:\s+--[^]*)?$/.exec(text);
          const config = /^eslint\s+([^]*)$/.exec(text);
          const rules = directive ? (directive[1] ?? '').trim() : config ? config[1] : null;
          if (rules === null) continue;
          if ((directive && rules === '') || /(^|[\s,])layers\//.test(rules)) {
            context.report({ loc: comment.loc, messageId: 'disable', data: { text: text.slice(0, 60) } });
          }
        }
      },
    };
  },
};

export default { meta: { name: 'pente-layers' }, rules: { imports: importsRule, 'no-disable': noDisableRule } };
