#!/usr/bin/env bash
# npm test: installs what the tests need, then typecheck, lint, format check, unit tests, build, e2e.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
bash scripts/ensure-chromium.sh
mkdir -p .reports
rm -f .reports/unit.json .reports/e2e.json
# The e2e build talks to the local relay only (scripts/relay.mjs, which playwright.config.ts starts on
# RELAY_PORT): the public relays are off in it, so no test ever reaches the internet.
export RELAY_PORT="${RELAY_PORT:-7447}"
export VITE_LOCAL_RELAY="ws://127.0.0.1:${RELAY_PORT}"
export VITE_PUBLIC_RELAYS=off

step() { echo; echo "› $1"; }
# Typecheck, lint and the format check read the same files and each keeps one core busy: they run at once
# (the typecheck on one side, lint then the format check on the other), each one's output printed whole
# in turn, and the first that failed stops the command as before.
step "Typecheck (UI, worker and Node projects), lint and format check, at once"
npm run --silent words
checks=$(mktemp -d)
(npx tsc -p tsconfig.json && npx tsc -p tsconfig.worker.json && npx tsc -p tsconfig.node.json) >"$checks/typecheck" 2>&1 &
typecheck=$!
(npm run --silent lint >"$checks/lint" 2>&1; echo $? >"$checks/lint.rc"
 npm run --silent format:check >"$checks/format" 2>&1; echo $? >"$checks/format.rc") &
wait $! || true
typecheck_rc=0
wait "$typecheck" || typecheck_rc=$?
for check in typecheck lint format; do
  step "$(case $check in typecheck) echo "Typecheck (UI, worker and Node projects)";; lint) echo Lint;; format) echo "Format check";; esac)"
  cat "$checks/$check"
  rc=$(if [ "$check" = typecheck ]; then echo "$typecheck_rc"; else cat "$checks/$check.rc"; fi)
  if [ "$rc" != 0 ]; then rm -rf "$checks"; exit "$rc"; fi
done
rm -rf "$checks"
step "Unit tests (the fast tier and the strength tier)"
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=.reports/unit.json || status=$?
step "Production build"
npx vite build
step "End-to-end tests (Playwright, Debian Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME=.reports/e2e.json npx playwright test --reporter=list,json || status=$?
node scripts/test-summary.mjs
exit "$status"
