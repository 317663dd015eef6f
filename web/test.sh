#!/usr/bin/env bash
# Checks the web build in headless Chromium (web/test.mjs says what): the
# menu is drawn, and how fast; scripted games play in the page, are saved
# to local storage and exported, and replay natively with `vt replay` to
# the page's digest; an exported save imports through the file picker.
#
#   web/test.sh [--out DIR] [--plain]    (run web/build.sh first)
#
# Needs Debian's chromium, node and npm (playwright-core comes from npm, see
# web/package.json; it drives the installed chromium and downloads no
# browser), python3 (web/serve.py), and target/release/vt (built here if
# missing; VT_BIN names another). .ci/web installs what is missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

for t in chromium node npm python3; do
  command -v $t >/dev/null || { echo "needs $t (apt-get install -y chromium nodejs npm)"; exit 1; }
done
[ -d web/node_modules/playwright-core ] || (cd web && npm ci --no-audit --no-fund --loglevel=error)
if [ -z "${VT_BIN:-}" ] && [ ! -x target/release/vt ]; then
  cargo build --release -p vt-cli
fi
exec node web/test.mjs "$@"
