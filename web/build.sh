#!/usr/bin/env bash
# Builds the web version of Vietnam Tactics into web/dist (a static site).
#
#   web/build.sh            size-optimised build (profile web-release), wasm-opt if present
#   NO_WASM_OPT=1 web/build.sh   skip wasm-opt
#
# Needs: rustup target wasm32-unknown-unknown; wasm-bindgen-cli at the version
# Cargo.lock pins (installed here with `cargo install` if missing or different);
# optionally binaryen's wasm-opt.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
dist=web/dist

rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown \
  || rustup target add wasm32-unknown-unknown

want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  echo "installing wasm-bindgen-cli $want (found: ${have:-none})"
  # --locked first; its lock file may name a crate version the registry no
  # longer offers, then let cargo pick compatible ones.
  cargo install wasm-bindgen-cli --version "$want" --locked \
    || cargo install wasm-bindgen-cli --version "$want"
fi

cargo build -p vietnam-tactics --target wasm32-unknown-unknown --profile web-release
wasm=target/wasm32-unknown-unknown/web-release/vietnam-tactics.wasm

rm -rf "$dist"
mkdir -p "$dist"
wasm-bindgen --target web --no-typescript --out-dir "$dist" --out-name vietnam-tactics "$wasm"

if [ -z "${NO_WASM_OPT:-}" ] && command -v wasm-opt >/dev/null; then
  # Debian's binaryen is older than rustc's output: name the features it must accept.
  wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types \
    "$dist/vietnam-tactics_bg.wasm" -o "$dist/vietnam-tactics_bg.opt.wasm"
  mv "$dist/vietnam-tactics_bg.opt.wasm" "$dist/vietnam-tactics_bg.wasm"
fi

cp web/index.html "$dist/"
if [ -d assets ]; then
  cp -r assets "$dist/assets"
fi

raw=$(stat -c %s "$dist/vietnam-tactics_bg.wasm")
gz=$(gzip -9 -c "$dist/vietnam-tactics_bg.wasm" | wc -c)
echo "web/dist ready: vietnam-tactics_bg.wasm $raw bytes raw, $gz bytes gzip -9"
echo "serve it with: python3 -m http.server 8000 --directory web/dist"
