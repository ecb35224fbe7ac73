// @ts-check
/**
 * The layers' import rule (docs/ARCHITECTURE.md): every import of a file in src/ is resolved against the
 * importing file before it is judged, so no spelling of a path walks around the table
 * (`./../ui/app-state`, `../core/../ai/engine`, `../../src/ai`), and every third-party package must be on
 * the importing layer's allow-list.
 *
 * What is checked: `import … from`, `import '…'`, `export … from`, `export * from`, dynamic `import()`
 * (a string or a template without expressions; any other argument cannot be checked and is reported),
 * TypeScript's `import x = require('…')` and `typeof import('…')` types.
 *
 * Options: `{ layers, exceptions }`.
 * - `layers`: by name, `{ files, imports, packages }`: `files` is 'folder' (src/<name>/**) or 'root'
 *   (the files directly in src/); `imports`, the other layers it may import; `packages`, the third-party
 *   packages it may use (a name, or a prefix ending in '*': '@preact/*', 'workbox-*').
 * - `exceptions`: `{ file, typesFrom, modules, packages }` for one file: the layers it may import types
 *   from (and nothing else of them, but for `modules`: files of theirs it may import whole), and packages
 *   beyond its layer's.
 * A file in a folder of src/ that is no layer is reported: a new folder gets its row in the table first.
 */
import path from 'node:path';

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
    },
  },
  create(context) {
    const { layers = {}, exceptions = [] } = context.options[0] ?? {};
    const cwd = context.cwd;
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
    const name = (layer) => (layers[layer].files === 'root' ? 'the files in src/' : `src/${layer}`);
    const list = (items) => (items.length ? items.join(', ') : 'none');

    /** Judges one import of `specifier` made by `node`. */
    const check = (node, specifier, isType) => {
      const bare = !specifier.startsWith('.') && !specifier.startsWith('/');
      if (bare) {
        const pkg = packageOf(specifier);
        if (allowsPackage([...rules.packages, ...(exception?.packages ?? [])], pkg)) return;
        const allowed = list(rules.packages);
        context.report({ node, messageId: 'package', data: { from: name(from), name: pkg, allowed } });
        return;
      }
      const withoutQuery = specifier.replace(/[?#].*$/, '');
      const absolute = specifier.startsWith('/')
        ? path.join(cwd, withoutQuery)
        : path.resolve(path.dirname(context.filename), withoutQuery);
      const target = relativeOf(absolute);
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
      if (exception?.typesFrom?.includes(to)) {
        if (!isType) context.report({ node, messageId: 'typesOnly', data: { file, to: name(to), target } });
        return;
      }
      const allowed = list(rules.imports.map(name));
      context.report({ node, messageId: 'layer', data: { from: name(from), to: name(to), target, allowed } });
    };

    const declaration = (node) => {
      if (node.source && typeof node.source.value === 'string') check(node, node.source.value, typeOnly(node));
    };
    return {
      Program: program,
      ImportDeclaration: declaration,
      ExportNamedDeclaration: declaration,
      ExportAllDeclaration: declaration,
      ImportExpression(node) {
        const source = node.source;
        if (source.type === 'Literal' && typeof source.value === 'string') check(node, source.value, false);
        else if (source.type === 'TemplateLiteral' && source.expressions.length === 0) {
          check(node, source.quasis[0].value.cooked, false);
        } else context.report({ node, messageId: 'dynamic' });
      },
      TSImportEqualsDeclaration(node) {
        const ref = node.moduleReference;
        if (ref.type === 'TSExternalModuleReference' && ref.expression.type === 'Literal') {
          check(node, String(ref.expression.value), node.importKind === 'type');
        }
      },
      TSImportType(node) {
        // typescript-eslint 8: `argument` is a literal type holding the string.
        const arg = node.argument;
        const literal = arg?.type === 'TSLiteralType' ? arg.literal : arg;
        if (literal?.type === 'Literal' && typeof literal.value === 'string') check(node, literal.value, true);
      },
    };
  },
};

export default { meta: { name: 'pente-layers' }, rules: { imports: importsRule } };
