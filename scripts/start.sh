#!/usr/bin/env bash
# npm start: installs, starts the local Nostr relay (scripts/relay.mjs), builds the production app (service
# worker on) listing that relay beside the public ones, and serves it at a local URL. Ctrl+C stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
RELAY_PORT="${RELAY_PORT:-7447}"
# The build lists the local relay (src/ui/online/relay-config.ts) and its CSP admits it; the server's CSP
# header is made from the same variable (vite.config.ts), so the two agree.
export VITE_LOCAL_RELAY="ws://127.0.0.1:${RELAY_PORT}"
npx vite build
RELAY_PORT="$RELAY_PORT" node scripts/relay.mjs &
relay_pid=$!
trap 'kill "$relay_pid" 2>/dev/null || true; wait "$relay_pid" 2>/dev/null || true' EXIT
HOST="${HOST:-127.0.0.1}"
PORT="${PORT:-4173}"
echo "› Serving the production build at http://${HOST}:${PORT}/ with the local relay ${VITE_LOCAL_RELAY} (Ctrl+C stops both)"
npx vite preview --host "$HOST" --port "$PORT" --strictPort
