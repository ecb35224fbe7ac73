/**
 * The size of the UI house (npm run measure:ui-sizes): the number of entries at the top of src/ui, the
 * largest src/ui files by lines, and every component function over the limit, largest first. The house
 * rule is no component function over ~150 lines and no src/ui file over ~400 (issue 29); this script
 * measures, it does not judge, so it always exits 0.
 *
 * A component function is a function declaration, function expression or arrow function in a .tsx file
 * whose name starts with a capital letter (`function Play()`, `const Board = () => …`,
 * `const Row = memo(function Row() …)` counts once). The generated Paraglide folder
 * (src/ui/words/paraglide) is left out.
 *
 * Options: `--top N` (how many of the largest files, default 15), `--limit N` (component lines, default 150).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const option = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const TOP = Number(option('--top') ?? 15);
const LIMIT = Number(option('--limit') ?? 150);
const ROOT = process.cwd();
const UI = join(ROOT, 'src/ui');
const GENERATED = join(UI, 'words/paraglide');

/** Lines as `wc -l` counts them: a last line without a newline still counts. */
const lineCount = (text: string): number => {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
};

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== GENERATED) found.push(...sourceFiles(path));
    } else if (entry.isFile()) found.push(path);
  }
  return found;
}

interface Component {
  readonly name: string;
  readonly file: string;
  readonly line: number;
  readonly lines: number;
}

/** `Play`, `GameInfo`: a capital first and some lower case (`HERO_CELLS` is a constant). */
const isComponentName = (name: string): boolean => /^[A-Z]/.test(name) && /[a-z]/.test(name);

/** The name a function goes by: its own, or the variable it (or a call wrapping it) is assigned to. */
function componentName(node: ts.FunctionLikeDeclaration): string | null {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  let child: ts.Node = node;
  let parent: ts.Node = node.parent;
  // `memo(() => …)`, `forwardRef((props, ref) => …)`: the wrapped function takes the variable's name
  // (but a function called at once, `const X = (() => …)()`, is not a component).
  while (
    (ts.isCallExpression(parent) && parent.expression !== child) ||
    ts.isParenthesizedExpression(parent) ||
    ts.isAsExpression(parent)
  ) {
    child = parent;
    parent = parent.parent;
  }
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return null;
}

function componentsIn(path: string, text: string): Component[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Component[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node: ts.Node, insideComponent: string | null): void => {
    let inside = insideComponent;
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node)) {
      const name = componentName(node);
      // A named function expression inside `const Row = memo(function Row…)` is the same component.
      if (name && isComponentName(name) && name !== insideComponent) {
        const start = lineOf(node.getStart(source));
        found.push({ name, file: relative(ROOT, path), line: start, lines: lineOf(node.getEnd()) - start + 1 });
        inside = name;
      }
    }
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  visit(source, null);
  return found;
}

const files = sourceFiles(UI).map((path) => {
  const text = readFileSync(path, 'utf8');
  return { path, text, lines: lineCount(text) };
});
const components = files.filter((f) => f.path.endsWith('.tsx')).flatMap((f) => componentsIn(f.path, f.text));
const top = readdirSync(UI, { withFileTypes: true });
const over = components.filter((c) => c.lines > LIMIT).sort((a, b) => b.lines - a.lines);
const largest = [...components].sort((a, b) => b.lines - a.lines)[0];

console.log(
  `src/ui top level: ${top.length} entries (${top.filter((e) => e.isDirectory()).length} folders, ` +
    `${top.filter((e) => !e.isDirectory()).length} files)`,
);
console.log(`src/ui files: ${files.length} (without src/ui/words/paraglide)`);
console.log(`\nLargest src/ui files by lines (top ${TOP}):`);
for (const f of [...files].sort((a, b) => b.lines - a.lines).slice(0, TOP))
  console.log(`${String(f.lines).padStart(6)}  ${relative(ROOT, f.path)}${f.lines > 400 ? '  (over 400)' : ''}`);
console.log(`\nComponent functions: ${components.length}; over ${LIMIT} lines: ${over.length}`);
for (const c of over) console.log(`${String(c.lines).padStart(6)}  ${c.name}  ${c.file}:${c.line}`);
if (largest) console.log(`Largest component function: ${largest.name} (${largest.lines} lines, ${largest.file})`);
