#!/usr/bin/env bash
# npm start: installs, builds the production app (service worker on) and serves it at a local URL.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
npx vite build
HOST="${HOST:-127.0.0.1}"
PORT="${PORT:-4173}"
echo "› Serving the production build at http://${HOST}:${PORT}/ (Ctrl+C stops it)"
exec npx vite preview --host "$HOST" --port "$PORT" --strictPort
