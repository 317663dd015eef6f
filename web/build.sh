#!/usr/bin/env bash
# Builds the web version of Vietnam Tactics into web/dist (a static site).
#
#   web/build.sh                  the size-optimised build (profile web-release),
#                                 shrunk with binaryen's wasm-opt -Oz, precompressed
#   NO_WASM_OPT=1 web/build.sh    without wasm-opt (larger; for a quick look)
#   WEB_PROFILE=NAME web/build.sh another cargo profile of the workspace
#   WASM_OPT="cmd" web/build.sh   another wasm-opt (binaryen 116 or newer)
#   WASM_OPT_LEVEL=-Os web/build.sh  another wasm-opt level (-Oz by default)
#   NO_WASM_ORDER=1 web/build.sh  without web/wasm_order.py's function order
#
# Needs: rustup's wasm32-unknown-unknown target, binaryen's wasm-opt (116 or
# newer), python3; gzip and brotli for the precompressed copies. Builds
# web/bindgen (wasm-bindgen's library at the version Cargo.lock pins) for
# the wasm-bindgen step. Installs what is missing: the target with rustup,
# and for wasm-opt
# binaryen 116's library (web/wasm_opt.py fetches it with pip into
# ~/.cache/vietnam-tactics/binaryen), or if that fails binaryen from npm
# (web/package.json, into web/node_modules; needs node and npm; binaryen
# compiled to WebAssembly, many times slower than the native one).
#
# Leaves in web/dist: index.html (the loader), vietnam-tactics.js (the glue),
# vietnam-tactics_bg.wasm (the program and its data, its functions in
# web/wasm_order.py's order) and .gz (Zopfli: web/bindgen's vt-gzip) / .br
# copies of the last two for servers that send precompressed files; in target/web/
# (\$CARGO_TARGET_DIR/web/ if set):
# the same .wasm with its function names (for web/wasm_size.py profile) and
# size.txt (what the bytes are, by crate).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
dist=web/dist
tdir=${CARGO_TARGET_DIR:-target}
work=$tdir/web
profile=${WEB_PROFILE:-web-release}
t0=$(date +%s)
step() { echo "== $1 ($(($(date +%s) - t0))s)"; }

rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown \
  || rustup target add wasm32-unknown-unknown

# wasm-bindgen: our own small program over wasm-bindgen's library
# (web/bindgen, built once into $tdir/bindgen, a minute or two), not `cargo
# install wasm-bindgen-cli` (18 minutes on a busy 2-core machine: it builds
# the test runner and a TLS stack). Its pin must be the version Cargo.lock
# gives the wasm-bindgen crate: glue and .wasm must come from one version.
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
pin=$(sed -n 's/^wasm-bindgen-cli-support = "=\(.*\)"$/\1/p' web/bindgen/Cargo.toml)
if [ "$pin" != "$want" ]; then
  echo "error: web/bindgen/Cargo.toml pins wasm-bindgen-cli-support $pin, but Cargo.lock has wasm-bindgen $want:"
  echo "       set the pin to =$want (and run cargo update in web/bindgen)"
  exit 1
fi
step "building web/bindgen (wasm-bindgen $want's library, and vt-gzip)"
cargo build --release --locked --quiet --manifest-path web/bindgen/Cargo.toml --target-dir "$tdir/bindgen"
bindgen=$tdir/bindgen/release/vt-wasm-bindgen
# and its vt-gzip: the .gz copies by Zopfli (web/bindgen/src/bin/vt-gzip.rs)
gzip_zopfli=$tdir/bindgen/release/vt-gzip

# binaryen's wasm-opt, 116 or newer (Debian 12's binaryen 108 breaks
# wasm-bindgen's externref table: "WebAssembly.Table.set(): Argument 1 is
# invalid" in the browser): WASM_OPT if given, else a wasm-opt of 116+ on
# the PATH or in ~/.cargo/bin (`cargo install wasm-opt`), else binaryen 116's
# library run natively by web/wasm_opt.py (fetched once with pip, seconds),
# else binaryen from npm (web/package.json: compiled to WebAssembly, many
# times slower).
wasm_opt_version() { "$@" --version 2>/dev/null | grep -o 'version [0-9]*' | awk '{print $2}' || true; }
wasm_opt=()
if [ -z "${NO_WASM_OPT:-}" ]; then
  if [ -n "${WASM_OPT:-}" ]; then
    read -r -a wasm_opt <<< "$WASM_OPT"
  else
    cargo_bin=${CARGO_HOME:-$HOME/.cargo}/bin
    for cand in wasm-opt "$cargo_bin/wasm-opt"; do
      ver=$(wasm_opt_version "$cand")
      if [ -n "$ver" ] && [ "$ver" -ge 116 ]; then
        wasm_opt=("$cand")
        break
      fi
    done
    if [ ${#wasm_opt[@]} -eq 0 ]; then
      if python3 web/wasm_opt.py --install >/dev/null; then
        wasm_opt=(python3 web/wasm_opt.py)
      else
        echo "note: binaryen's library could not be fetched (web/wasm_opt.py); trying binaryen from npm"
      fi
    fi
    if [ ${#wasm_opt[@]} -eq 0 ]; then
      if [ ! -x web/node_modules/binaryen/bin/wasm-opt ]; then
        command -v npm >/dev/null || {
          echo "error: no wasm-opt: install binaryen 116+ (cargo install wasm-opt), or node and npm"
          echo "       (binaryen comes from npm), or build without it: NO_WASM_OPT=1 web/build.sh"
          exit 1
        }
        step "installing binaryen from npm (web/package.json)"
        (cd web && npm ci --no-audit --no-fund --loglevel=error)
      fi
      wasm_opt=(node web/node_modules/binaryen/bin/wasm-opt)
    fi
  fi
fi
opt_level=${WASM_OPT_LEVEL:--Oz}

# Panic locations name their source files: without this machine's own
# prefixes (cargo's registry, this checkout) the paths in the .wasm are
# shorter (issue 15: about 60 KB of them) and the same on every machine.
# (RUSTFLAGS, if set, replaces these: cargo's rule.)
remap="--remap-path-prefix=$root=/vt"
for src in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/; do
  [ -d "$src" ] && remap="$remap --remap-path-prefix=${src%/}=/crates"
done
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="${CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS:-} $remap"

step "cargo build --target wasm32-unknown-unknown --profile $profile"
cargo build -p vietnam-tactics --target wasm32-unknown-unknown --profile "$profile"
wasm=$tdir/wasm32-unknown-unknown/$profile/vietnam-tactics.wasm

step "wasm-bindgen"
rm -rf "$dist"
mkdir -p "$dist" "$work"
"$bindgen" "$wasm" "$work/bindgen" vietnam-tactics
cp "$work/bindgen/vietnam-tactics.js" "$dist/"
named=$work/vietnam-tactics.named.wasm
if [ ${#wasm_opt[@]} -gt 0 ]; then
  step "wasm-opt $opt_level (${wasm_opt[*]})"
  # The features rustc's wasm32 target uses; -g keeps the function names
  # for the size profile (they are stripped from the shipped copy below).
  "${wasm_opt[@]}" "$opt_level" -g --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$work/bindgen/vietnam-tactics_bg.wasm" -o "$named"
else
  echo "note: NO_WASM_OPT set: the .wasm is not shrunk"
  cp "$work/bindgen/vietnam-tactics_bg.wasm" "$named"
fi
# The functions in an order gzip and brotli pack better (web/wasm_order.py:
# about 0.4 MB off gzip), moved by binaryen; the shipped copy has no names.
if [ ${#wasm_opt[@]} -gt 0 ] && [ -z "${NO_WASM_ORDER:-}" ]; then
  step "ordering the functions for compression (web/wasm_order.py)"
  python3 web/wasm_order.py "$named" "$work/ordered.wasm" -- "${wasm_opt[@]}"
  python3 web/wasm_size.py strip "$work/ordered.wasm" "$dist/vietnam-tactics_bg.wasm"
else
  python3 web/wasm_size.py strip "$named" "$dist/vietnam-tactics_bg.wasm"
fi

raw=$(stat -c %s "$dist/vietnam-tactics_bg.wasm")
sed "s/__WASM_BYTES__/$raw/" web/index.html > "$dist/index.html"

step "precompressing"
for f in "$dist/vietnam-tactics_bg.wasm" "$dist/vietnam-tactics.js"; do
  "$gzip_zopfli" "$f"
  if command -v brotli >/dev/null; then
    brotli -q 11 -k -f "$f"
  else
    echo "note: no brotli command (apt-get install brotli): no $f.br"
  fi
done

python3 web/wasm_size.py profile "$named" --top 30 > "$work/size.txt"
size() { if [ -f "$1" ]; then stat -c %s "$1"; else echo "-"; fi; }
w=$dist/vietnam-tactics_bg.wasm
step "done"
echo "web/dist ready: vietnam-tactics_bg.wasm $raw bytes raw, $(size "$w.gz") gzip (Zopfli), $(size "$w.br") brotli -q 11"
echo "by crate: $work/size.txt; serve it with: python3 web/serve.py (see web/README.md)"
