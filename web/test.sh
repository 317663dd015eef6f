#!/usr/bin/env bash
# Loads web/dist in headless Chromium and checks that the main menu renders:
# the app logs "menu drawn" once the menu has been drawn twice, and the
# screenshot is a real picture (many colours), not a blank or error page.
#
#   web/test.sh [OUT.png]      (run web/build.sh first; needs Debian's chromium,
#                               python3 and ImageMagick's convert)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
site="$root/web/dist"
out=${1:-$root/web/dist-menu.png}
log="${out%.png}.log"
[ -f "$site/vietnam-tactics_bg.wasm" ] || { echo "no web build: run web/build.sh first"; exit 1; }
command -v chromium >/dev/null || { echo "needs chromium (apt-get install -y chromium)"; exit 1; }

port=$((8700 + RANDOM % 200))
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
sleep 1

timeout 180 chromium --headless --no-sandbox --use-angle=swiftshader --enable-unsafe-swiftshader \
  --disable-gpu-sandbox --disable-background-networking --disable-component-update --disable-sync \
  --disable-quic --no-first-run --user-data-dir="$(mktemp -d)" --window-size=1280,800 \
  --virtual-time-budget="${BUDGET_MS:-120000}" --enable-logging=stderr --v=0 \
  --screenshot="$out" "http://127.0.0.1:$port/" 2> "$log" >/dev/null || true

fail=0
if grep -q "menu drawn" "$log"; then
  echo "ok: $(grep -o 'menu drawn [0-9]* ms after start' "$log" | head -1)"
else
  echo "FAIL: the page never logged 'menu drawn'"; fail=1
  grep -i "console\|error" "$log" | tail -20 || true
fi
if [ -f "$out" ]; then
  colours=$(convert "$out" -format %k info:)
  if [ "$colours" -gt 200 ]; then
    echo "ok: screenshot $out has $colours colours"
  else
    echo "FAIL: screenshot $out has only $colours colours"; fail=1
  fi
else
  echo "FAIL: no screenshot"; fail=1
fi
if [ $fail -eq 0 ]; then echo "1 passed, 0 failed"; else echo "0 passed, 1 failed"; fi
exit $fail
