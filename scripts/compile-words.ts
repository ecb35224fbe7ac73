/**
 * Compiles the word catalogues (src/ui/words/catalogue) into message functions (src/ui/words/paraglide)
 * when a catalogue or the project settings changed since the last compile, so typecheck and the unit tests
 * see the same messages the build does. `npm run words` runs it; `--force` compiles regardless.
 */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '@inlang/paraglide-js';
import { CATALOGUE_DIR, WORDS_OPTIONS, WORDS_OUTDIR, WORDS_PROJECT } from './lib/words';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(ROOT, WORDS_OUTDIR, '.compiled');

function newestSource(): number {
  const files = [join(ROOT, WORDS_PROJECT, 'settings.json')];
  const catalogues = join(ROOT, CATALOGUE_DIR);
  for (const feature of readdirSync(catalogues, { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    for (const f of readdirSync(join(catalogues, feature.name))) files.push(join(catalogues, feature.name, f));
  }
  return Math.max(...files.map((f) => statSync(f).mtimeMs));
}

/** Compiles when the output is missing or older than a catalogue; returns whether it compiled. */
export async function compileWords(force = false): Promise<boolean> {
  const typed = existsSync(join(ROOT, WORDS_OUTDIR, 'messages.d.ts'));
  if (!force && typed && existsSync(STAMP) && statSync(STAMP).mtimeMs >= newestSource()) return false;
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    await compile({ ...WORDS_OPTIONS });
  } finally {
    process.chdir(cwd);
  }
  // The messages' formatting functions are ours (src/ui/words/message-registry.ts: Intl objects made once,
  // small whole numbers without Intl), in place of paraglide's, which made a new Intl object at every call.
  writeFileSync(join(ROOT, WORDS_OUTDIR, 'registry.js'), REGISTRY);
  writeFileSync(STAMP, '');
  return true;
}

const REGISTRY = `/* eslint-disable */
// Written by scripts/compile-words.ts in place of paraglide's registry.
export { datetime, number, plural, relativetime } from '../message-registry';
`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const compiled = await compileWords(process.argv.includes('--force'));
  if (compiled) console.log(`› Words compiled into ${WORDS_OUTDIR}`);
}
