/**
 * The word catalogues (src/ui/words/catalogue/<feature>/<locale>.json) stay complete and consistent:
 * every locale has exactly the keys English has, with the same inputs (placeholders), every key is
 * named for its feature folder, keys are sorted (so parallel additions merge cleanly), and every folder
 * is one the compiler reads (project.inlang/settings.json).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url);
const CATALOGUE = new URL('src/ui/words/catalogue/', ROOT);
const settings = JSON.parse(readFileSync(new URL('project.inlang/settings.json', ROOT), 'utf8')) as {
  baseLocale: string;
  locales: string[];
  'plugin.inlang.messageFormat': { pathPattern: string[] };
};
const LOCALES = settings.locales;
const BASE = settings.baseLocale;

type Variant = { declarations?: string[]; selectors?: string[]; match: Record<string, string> };
type Message = string | Variant[];
type Catalogue = Record<string, Message>;

const features = readdirSync(CATALOGUE, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

function read(feature: string, locale: string): Catalogue {
  const text = readFileSync(new URL(`${feature}/${locale}.json`, CATALOGUE), 'utf8');
  const { $schema: _schema, ...messages } = JSON.parse(text) as Catalogue & { $schema?: string };
  return messages;
}

/** The placeholders a pattern uses: "{winner} beat {loser}" → winner, loser. */
const placeholders = (pattern: string): string[] => [...pattern.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!.trim());

/**
 * What a message takes from its caller: the placeholders of a plain string, or a variant message's
 * declared inputs (its locals are its own business: German needs no plural where English does).
 */
function inputsOf(message: Message): string[] {
  if (typeof message === 'string') return [...new Set(placeholders(message))].sort();
  const inputs = new Set<string>();
  for (const v of message) {
    const locals = new Set<string>();
    for (const d of v.declarations ?? []) {
      const input = /^input\s+(\w+)/.exec(d);
      if (input) inputs.add(input[1]!);
      const local = /^local\s+(\w+)/.exec(d);
      if (local) locals.add(local[1]!);
    }
    for (const pattern of Object.values(v.match)) {
      for (const p of placeholders(pattern)) if (!locals.has(p)) inputs.add(p);
    }
  }
  return [...inputs].sort();
}

/** Every catalogue's problems against English; the test below expects none. */
function catalogueProblems(feature: string, byLocale: Record<string, Catalogue>): string[] {
  const problems: string[] = [];
  const base = byLocale[BASE]!;
  for (const locale of LOCALES) {
    const c = byLocale[locale]!;
    for (const key of Object.keys(base)) if (!(key in c)) problems.push(`${locale}: ${key} is missing`);
    for (const key of Object.keys(c)) {
      if (!(key in base)) {
        problems.push(`${locale}: ${key} is not in ${BASE}`);
        continue;
      }
      const want = inputsOf(base[key]!).join(', ');
      const got = inputsOf(c[key]!).join(', ');
      if (want !== got) problems.push(`${locale}: ${key} takes {${got}}, ${BASE} takes {${want}}`);
      const empty = typeof c[key] === 'string' ? c[key] === '' : false;
      if (empty) problems.push(`${locale}: ${key} is empty`);
    }
    const keys = Object.keys(c);
    const prefix = `${feature.replace(/-/g, '_')}_`;
    for (const key of keys)
      if (!key.startsWith(prefix)) problems.push(`${locale}: ${key} does not start with ${prefix}`);
    const sorted = [...keys].sort();
    if (keys.join() !== sorted.join()) problems.push(`${locale}: keys are not sorted`);
  }
  return problems;
}

describe('the word catalogues', () => {
  it('are the folders the compiler reads, each with one file per locale', () => {
    const patterns = settings['plugin.inlang.messageFormat'].pathPattern;
    expect(patterns.map((p) => /catalogue\/([^/]+)\/\{locale\}\.json$/.exec(p)?.[1]).sort()).toEqual(features);
    for (const feature of features) {
      const files = readdirSync(new URL(`${feature}/`, CATALOGUE)).sort();
      expect(files, feature).toEqual(LOCALES.map((l) => `${l}.json`).sort());
    }
    expect(LOCALES).toEqual(['en', 'de', 'zh']);
  });

  for (const feature of features) {
    it(`${feature}: every locale has English's keys and inputs, named for the feature, sorted`, () => {
      const byLocale = Object.fromEntries(LOCALES.map((l) => [l, read(feature, l)]));
      expect(catalogueProblems(feature, byLocale)).toEqual([]);
    });
  }

  it('catch a missing key, an extra key, a placeholder mismatch, a foreign prefix and disorder', () => {
    const en: Catalogue = { demo_a: 'Hello {name}', demo_b: 'Bye' };
    const ok = { en, de: { demo_a: 'Hallo {name}', demo_b: 'Tschüss' }, zh: { demo_a: '你好 {name}', demo_b: '再见' } };
    expect(catalogueProblems('demo', ok)).toEqual([]);
    expect(catalogueProblems('demo', { ...ok, de: { demo_a: 'Hallo {name}' } })).toEqual(['de: demo_b is missing']);
    expect(catalogueProblems('demo', { ...ok, zh: { ...ok.zh, demo_c: '多' } })).toEqual(['zh: demo_c is not in en']);
    expect(catalogueProblems('demo', { ...ok, de: { demo_a: 'Hallo {nme}', demo_b: 'Tschüss' } })).toEqual([
      'de: demo_a takes {nme}, en takes {name}',
    ]);
    expect(catalogueProblems('demo', { ...ok, de: { demo_b: 'Tschüss', demo_a: 'Hallo {name}' } })).toEqual([
      'de: keys are not sorted',
    ]);
    expect(catalogueProblems('other', ok)).toContain('en: demo_a does not start with other_');
  });

  it('read a plural message by its inputs, not its locals', () => {
    const plural: Message = [
      {
        declarations: ['input count', 'local n = count: number', 'local countPlural = count: plural'],
        selectors: ['countPlural'],
        match: { 'countPlural=one': '{n} game', 'countPlural=other': '{n} games' },
      },
    ];
    expect(inputsOf(plural)).toEqual(['count']);
    expect(inputsOf([{ declarations: [], match: { '': '{n} 局' } }])).toEqual(['n']);
  });
});
