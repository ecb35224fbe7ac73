/**
 * Measures a first visit with Lighthouse (npm run measure:first-visit, after a build): serves dist/ with
 * `vite preview`, starts Debian's Chromium through chrome-launcher (CHROME_PATH, else /usr/bin/chromium;
 * the tests' flags plus --headless=new) and runs Lighthouse's performance audit with its default mobile
 * settings (a mid-range phone's screen, 4× CPU slowdown and slow 4G, simulated). Lighthouse clears the
 * origin's storage and service worker first, so every run is a first visit.
 *
 * Prints each run's performance score, cumulative layout shift, largest contentful paint, total blocking
 * time, total bytes and unused script, then the median of the runs (a loaded machine varies from run to
 * run). Targets: CLS < 0.1, performance ≥ 90. `--runs N` (default 3); MEASURE_PORT (default 4183).
 *
 * Lighthouse and chrome-launcher are not in package.json (they were nearly half of node_modules, for this
 * one script): the first run installs the pinned versions below into .cache/measure-tools (npm install
 * --prefix, not saved anywhere else), and later runs reuse them.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { startPreview } from './lib/preview-server';

/** The measuring tools, pinned: what this script was written against. */
const TOOLS = { lighthouse: '12.8.2', 'chrome-launcher': '1.2.1' } as const;
const TOOLS_DIR = join(import.meta.dirname, '..', '.cache', 'measure-tools');

/** What the script uses of the tools (they are installed on demand, so their own types are not at hand). */
interface Tools {
  readonly lighthouse: (url: string, flags: Record<string, unknown>) => Promise<{ lhr: LighthouseResult } | undefined>;
  readonly chromeLauncher: {
    launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
  };
}
interface LighthouseResult {
  readonly audits: Record<string, { numericValue?: number; details?: Record<string, unknown> } | undefined>;
  readonly categories: Record<string, { score: number | null } | undefined>;
}

const installedVersion = (name: string): string | null => {
  try {
    const manifest = readFileSync(join(TOOLS_DIR, 'node_modules', name, 'package.json'), 'utf8');
    return (JSON.parse(manifest) as { version: string }).version;
  } catch {
    return null;
  }
};

/** Installs the pinned tools into TOOLS_DIR unless they are there already, then loads them from there. */
async function loadTools(): Promise<Tools> {
  const missing = Object.entries(TOOLS).filter(([name, version]) => installedVersion(name) !== version);
  if (missing.length > 0) {
    const specs = missing.map(([name, version]) => `${name}@${version}`);
    console.log(`Installing ${specs.join(', ')} into .cache/measure-tools (once; not part of npm ci)…`);
    mkdirSync(TOOLS_DIR, { recursive: true });
    writeFileSync(join(TOOLS_DIR, 'package.json'), '{ "private": true }\n');
    execFileSync('npm', ['install', '--prefix', TOOLS_DIR, '--no-audit', '--no-fund', ...specs], {
      stdio: 'inherit',
    });
  }
  // A module inside the folder, so the tools' names resolve against its node_modules.
  const loader = join(TOOLS_DIR, 'load.mjs');
  writeFileSync(
    loader,
    "export { default as lighthouse } from 'lighthouse';\nexport * as chromeLauncher from 'chrome-launcher';\n",
  );
  return (await import(pathToFileURL(loader).href)) as Tools;
}

const { lighthouse, chromeLauncher } = await loadTools();

const PORT = Number(process.env.MEASURE_PORT ?? 4183);
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;

interface Figures {
  readonly performance: number;
  readonly cls: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly fcpMs: number;
  readonly totalKiB: number;
  readonly unusedScriptKiB: number;
}

const KIB = 1024;
const round = (x: number, digits = 0) => Math.round(x * 10 ** digits) / 10 ** digits;

async function measureOnce(url: string): Promise<{ figures: Figures; shifts: string[] }> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error('Lighthouse gave no result');
    const { audits, categories } = result.lhr;
    const value = (id: string) => audits[id]?.numericValue ?? NaN;
    const unused = audits['unused-javascript']?.details;
    const shiftItems = audits['layout-shifts']?.details;
    const shifts =
      shiftItems && 'items' in shiftItems
        ? (shiftItems.items as { score?: unknown; node?: unknown }[]).map((item) => {
            const node = item.node as { snippet?: string; selector?: string } | undefined;
            return `${round(Number(item.score), 3)} ${node?.selector ?? ''} ${node?.snippet ?? ''}`.trim();
          })
        : [];
    return {
      figures: {
        performance: round((categories.performance?.score ?? NaN) * 100),
        cls: round(value('cumulative-layout-shift'), 3),
        lcpMs: round(value('largest-contentful-paint')),
        tbtMs: round(value('total-blocking-time')),
        fcpMs: round(value('first-contentful-paint')),
        totalKiB: round(value('total-byte-weight') / KIB, 1),
        unusedScriptKiB:
          unused && 'overallSavingsBytes' in unused ? round(Number(unused.overallSavingsBytes) / KIB, 1) : 0,
      },
      shifts,
    };
  } finally {
    chrome.kill();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const stopServer = await startPreview(PORT);
try {
  const runs: Figures[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { figures, shifts } = await measureOnce(`http://127.0.0.1:${PORT}/`);
    runs.push(figures);
    console.log(`run ${i + 1}:`, JSON.stringify(figures));
    for (const s of shifts) console.log(`  layout shift ${s}`);
  }
  const keys = Object.keys(runs[0]!) as (keyof Figures)[];
  const med = Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as Figures;
  console.log(`median of ${RUNS}:`, JSON.stringify(med));
  console.log(
    `CLS ${med.cls} (target < 0.1) ${med.cls < 0.1 ? 'ok' : 'MISSED'}; performance ${med.performance} (target ≥ 90) ${med.performance >= 90 ? 'ok' : 'MISSED'}`,
  );
} finally {
  stopServer();
}
