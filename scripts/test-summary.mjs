// Prints one closing line for the whole test command from the unit and e2e reports:
// "tests: N passed, N failed" (plus skipped), so CI reads one total.
import { existsSync, readFileSync } from 'node:fs';

const read = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : null);
const unit = read('.reports/unit.json');
const e2e = read('.reports/e2e.json');
let passed = 0;
let failed = 0;
let skipped = 0;
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  skipped += unit.numPendingTests + unit.numTodoTests;
} else failed += 1;
// Errors outside any test (a web server that could not start, a broken config) fail the run too.
const e2eErrors = e2e?.errors?.length ?? 0;
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected + e2eErrors;
  skipped += e2e.stats.skipped;
} else failed += 1;
console.log(`\nunit: ${unit ? `${unit.numPassedTests} passed, ${unit.numFailedTests} failed` : 'no report'}`);
console.log(
  `e2e: ${e2e ? `${e2e.stats.expected + e2e.stats.flaky} passed, ${e2e.stats.unexpected} failed` : 'no report'}`,
);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
