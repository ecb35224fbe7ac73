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
step "Typecheck (UI, worker and Node projects)"
npm run --silent typecheck
step "Lint"
npm run --silent lint
step "Format check"
npm run --silent format:check
step "Unit tests (the fast tier and the strength tier)"
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=.reports/unit.json || status=$?
step "Production build"
npx vite build
step "End-to-end tests (Playwright, Debian Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME=.reports/e2e.json npx playwright test --reporter=list,json || status=$?
node scripts/test-summary.mjs
exit "$status"
