#!/usr/bin/env bash
# npm start: installs, starts the local Nostr relay (scripts/relay.mjs), builds the production app (service
# worker on) listing that relay beside the public ones, and serves it at a local URL. Ctrl+C stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
RELAY_PORT="${RELAY_PORT:-7447}"
# The build lists the local relay (src/ui/online/online.ts) and its CSP admits it; the server's CSP
# header is made from the same variable (vite.config.ts), so the two agree.
export VITE_LOCAL_RELAY="ws://127.0.0.1:${RELAY_PORT}"
npx vite build
HOST="${HOST:-127.0.0.1}"
PORT="${PORT:-4173}"
RELAY_PORT="$RELAY_PORT" node scripts/relay.mjs &
relay_pid=$!
./node_modules/.bin/vite preview --host "$HOST" --port "$PORT" --strictPort &
preview_pid=$!
echo "› Serving the production build at http://${HOST}:${PORT}/ with the local relay ${VITE_LOCAL_RELAY} (Ctrl+C stops both)"
# Both run in the background so a signal reaches this script at once; whichever ends first (Ctrl+C, or the
# relay failing to start because its port is taken) stops the other.
stop() { kill "$preview_pid" "$relay_pid" 2>/dev/null || true; }
trap stop INT TERM EXIT
status=0
wait -n "$preview_pid" "$relay_pid" || status=$?
stop
wait || true
exit "$status"
