#!/usr/bin/env bash
# Builds the web version of Vietnam Tactics into web/dist (a static site).
#
#   web/build.sh                 size-optimised build (profile web-release), then
#                                wasm-opt -Oz if binaryen 116+ is there (WASM_OPT=command)
#   NO_WASM_OPT=1 web/build.sh   skip wasm-opt
#
# Needs: rustup target wasm32-unknown-unknown; wasm-bindgen-cli at the version
# Cargo.lock pins (installed here with `cargo install` if missing or different);
# optionally binaryen's wasm-opt, version 116 or newer.
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

# wasm-opt must be binaryen 116 or newer: older ones (Debian 12 ships 108)
# break wasm-bindgen's externref table ("WebAssembly.Table.set(): Argument 1
# is invalid" in the browser). WASM_OPT may name another command, e.g.
# "node node_modules/binaryen/bin/wasm-opt" after `npm install binaryen`
# (slow: about 13 minutes here, against 3 for a native build).
wasm_opt=${WASM_OPT:-wasm-opt}
if [ -z "${NO_WASM_OPT:-}" ]; then
  ver=$($wasm_opt --version 2>/dev/null | grep -o 'version [0-9]*' | awk '{print $2}' || true)
  if [ -n "$ver" ] && [ "$ver" -ge 116 ]; then
    $wasm_opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int \
      --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
      "$dist/vietnam-tactics_bg.wasm" -o "$dist/vietnam-tactics_bg.opt.wasm"
    mv "$dist/vietnam-tactics_bg.opt.wasm" "$dist/vietnam-tactics_bg.wasm"
  else
    echo "note: no wasm-opt 116 or newer (found: ${ver:-none}); the .wasm is left unoptimised"
  fi
fi

cp web/index.html "$dist/"
if [ -d assets ]; then
  cp -r assets "$dist/assets"
fi

raw=$(stat -c %s "$dist/vietnam-tactics_bg.wasm")
gz=$(gzip -9 -c "$dist/vietnam-tactics_bg.wasm" | wc -c)
echo "web/dist ready: vietnam-tactics_bg.wasm $raw bytes raw, $gz bytes gzip -9"
echo "serve it with: python3 -m http.server 8000 --directory web/dist"
