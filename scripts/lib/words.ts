/**
 * The words' compiler settings (Paraglide JS), shared by the Vite plugin (vite.config.ts) and
 * scripts/compile-words.ts (typecheck and the unit tests), so both generate the same code: one module per
 * message (bundlers keep only the messages a chunk calls), the locale read from the app's own signal
 * (src/ui/words/locale.ts overwrites getLocale; the runtime's cookie, URL and navigator strategies stay
 * unused).
 */
import type { CompilerOptions } from '@inlang/paraglide-js';

export const WORDS_PROJECT = './project.inlang';
/** Generated, git-ignored: never edit it, never commit it. */
export const WORDS_OUTDIR = './src/ui/words/paraglide';
/** The catalogues: one folder per feature, one JSON file per locale (src/ui/words/README.md). */
export const CATALOGUE_DIR = './src/ui/words/catalogue';

export const WORDS_OPTIONS = {
  project: WORDS_PROJECT,
  outdir: WORDS_OUTDIR,
  strategy: ['globalVariable', 'baseLocale'],
  outputStructure: 'message-modules',
  emitGitIgnore: false,
  emitPrettierIgnore: false,
  emitReadme: false,
  includeEslintDisableComment: true,
  // .d.ts beside the generated JavaScript, so TypeScript checks message calls without allowJs.
  emitTsDeclarations: true,
} satisfies CompilerOptions;
