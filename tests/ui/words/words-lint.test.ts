/**
 * The words rule (eslint-rules/words.js): literal words in JSX text, as string children and in the
 * attributes people see or hear are errors in src/ui; punctuation, numbers, symbols and coordinates pass.
 * And eslint.config.js's NOT_YET_CONVERTED list only shrinks: each file on it exists and still has words
 * to convert (a converted file leaves the list, and then the rule holds it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const project = new ESLint({ overrideConfigFile: 'eslint.config.js' });
// The config is plain JavaScript (no declarations): read the list through a URL import.
const { NOT_YET_CONVERTED } = (await import(new URL('../../../eslint.config.js', import.meta.url).href)) as {
  NOT_YET_CONVERTED: readonly string[];
};

async function wordErrors(eslint: ESLint, code: string, filePath = 'src/ui/home/Example.tsx'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'words/no-literal-words' || m.fatal).map((m) => m.message);
}

describe('the words rule', () => {
  it('reports literal words in text, string children and visible attributes', async () => {
    const cases = [
      'export const A = () => <p>Your games</p>;',
      'export const A = () => <p>你的对局</p>;',
      'export const A = (p: { ok: boolean }) => <p>{p.ok ? "Right!" : "Not quite."}</p>;',
      'export const A = () => <button aria-label="Close">×</button>;',
      'export const A = () => <input placeholder={`Your name`} />;',
      'export const A = () => <img alt="Board" src="x.png" />;',
      'export const A = (p: { n: number }) => <span title={`${p.n} games`} />;',
      'export const A = () => <optgroup label="Computer" />;',
    ];
    for (const code of cases) expect((await wordErrors(project, code)).length, code).toBeGreaterThan(0);
  });

  it('lets punctuation, numbers, symbols, coordinates and messages through', async () => {
    const cases = [
      'export const A = () => <p>· × ≈ – 1/2 (3) 12,000</p>;',
      'export const A = () => <p>E5 K10 T19</p>;',
      'import * as m from "../../words/paraglide/messages.js";\nexport const A = () => <p title={m.home_title()}>{m.home_title()}</p>;',
      'export const A = () => <div class="board-view" data-x="Hello" />;',
      'export const A = (p: { n: number }) => <p>{p.n}</p>;',
    ];
    for (const code of cases) expect(await wordErrors(project, code), code).toEqual([]);
  });

  it('holds src/ui only', async () => {
    expect(await wordErrors(project, 'export const A = () => <p>Hi</p>;', 'e2e/x.tsx')).toEqual([]);
  });
});

describe('the files not yet converted', () => {
  it('are skipped by the rule', async () => {
    const file = NOT_YET_CONVERTED[0];
    if (!file) return;
    expect(await wordErrors(project, readFileSync(file, 'utf8'), file)).toEqual([]);
  });

  it('each exist and still hold literal words: a converted or moved file leaves the list', async () => {
    for (const file of NOT_YET_CONVERTED) {
      expect(existsSync(file), `${file} is on NOT_YET_CONVERTED but does not exist`).toBe(true);
      // Linted as if it were a file off the list, so the rule judges it.
      const left = await wordErrors(project, readFileSync(file, 'utf8'), `src/ui/unlisted/${basename(file)}`);
      expect(left.length, `${file} has no literal words left: take it off NOT_YET_CONVERTED`).toBeGreaterThan(0);
    }
  });
});
