#!/usr/bin/env python3
"""Orders the .wasm's functions so that gzip and brotli find more repeats.

    wasm_order.py NAMED.wasm OUT.wasm -- WASM_OPT_COMMAND...

NAMED.wasm is the optimised module with its name section (web/build.sh's
target/web/vietnam-tactics.named.wasm). OUT.wasm is the same module, the
same functions with the same bodies, in another order and without names.
WASM_OPT_COMMAND is the binaryen wasm-opt web/build.sh found (a wasm-opt
program of 116 or newer, `python3 web/wasm_opt.py`, or binaryen from npm):
this script only chooses the order; binaryen's `reorder-functions-by-name`
pass moves the functions and renumbers every call, table entry and export.

Why (issue 15): deflate, which gzip is, finds a repeat only within the last
32 KB, and a Rust program is thousands of copies of a few generic functions
(serde's visitors for ~340 types, Bevy's systems, drop glue) that LTO and
wasm-opt leave scattered across 10 MB of code. Put side by side, each copy
is mostly a repeat of the one before. Measured on the session-24 build
(11,464,623 bytes raw): gzip -9 4,489,460 -> 4,085,169 bytes, brotli -q 11
3,257,166 -> 3,168,418, raw +8,414 (the calls' function indices are no
longer sorted by how often they are called).

The order:
1. By the function's name with its generic arguments taken out
   (`drop_in_place<A>` and `drop_in_place<B>` are neighbours whatever A and
   B are), then the full name, then the body's size (names are
   rustc's demangled ones; the `::h0123...` hash is ignored).
2. Then a greedy pass: each next function is, of the next 16 in that order,
   the one whose body shares most 8-byte pieces with the last 32 KB placed
   (a sample of one piece in four, by hash). This took another 6 KB off.
Both are deterministic: the same module gives the same order on every
machine (Python's sort is stable; zlib.crc32 is fixed).

Tried and measured worse: bodies in byte order (4,322,074 gzip -9),
minhash order, the method's name first (`drop_in_place` / `fmt` across
types: 4,163,664), grouping by crate first.

Only python3's standard library.
"""

import collections
import os
import re
import subprocess
import sys
import tempfile
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wasm_size  # noqa: E402  (the module reader)

HASH = re.compile(r"::h[0-9a-f]{16}$")
# binaryen's merge-similar-functions names the function it shares this way.
MERGED = "byn$mgfn-shared$"
LOOKAHEAD = 16
WINDOW = 32768  # deflate's window
SAMPLE = 4      # one 8-byte piece in SAMPLE, by its hash
# What the reordering runs in binaryen: the move itself, then binaryen's
# stack IR optimisation as the -Oz pipeline ends with it (without it the
# code is written straight from binaryen's IR: 25 KB larger).
PASSES = ["--reorder-functions-by-name", "--generate-stack-ir", "--optimize-stack-ir",
          "--optimize-level", "2", "--shrink-level", "2"]
FEATURES = ["--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext",
            "--enable-mutable-globals", "--enable-reference-types", "--enable-multivalue"]


def leb_bytes(v):
    out = bytearray()
    while True:
        x = v & 0x7F
        v >>= 7
        if v:
            out.append(x | 0x80)
        else:
            out.append(x)
            return bytes(out)


def read(path):
    """(bytes, number of imported functions, names by index, bodies)."""
    b = open(path, "rb").read()
    imports, names, code = 0, {}, None
    for sid, name, _hdr, start, end in wasm_size.sections(b):
        if sid == 2:
            imports = wasm_size.imported_functions(b, start, end)
        elif sid == 0 and name == "name":
            names = wasm_size.function_names(b, start, end)
        elif sid == 10:
            code = start
    if code is None:
        sys.exit(f"wasm_order.py: {path} has no code section")
    if not names:
        sys.exit(f"wasm_order.py: {path} has no function names (wasm-opt -g keeps them)")
    count, i = wasm_size.leb(b, code)
    bodies = []
    for _ in range(count):
        size, j = wasm_size.leb(b, i)
        bodies.append(b[j:j + size])
        i = j + size
    return b, imports, names, bodies


def without_generics(name):
    """`a::f<X<Y>>::g` -> `a::f<>::g`; `<A<B> as T<C>>::m` -> `<>::m`."""
    out, depth = [], 0
    for ch in name:
        if ch == "<":
            depth += 1
            if depth == 1:
                out.append(ch)
        elif ch == ">":
            depth -= 1
            if depth == 0:
                out.append(ch)
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def pieces(body):
    """A sample of the body's 8-byte pieces (their hashes)."""
    out = set()
    for i in range(max(1, len(body) - 7)):
        h = zlib.crc32(body[i:i + 8])
        if h % SAMPLE == 0:
            out.add(h)
    return out


def order(names, imports, bodies):
    """The defined functions' positions (0 = the first body) in the new order."""
    def name(p):
        return HASH.sub("", names.get(imports + p, "")).replace(MERGED, "")
    by_name = sorted(range(len(bodies)),
                     key=lambda p: (without_generics(name(p)), name(p), len(bodies[p])))
    sample = [pieces(x) for x in bodies]
    placed, alive, head = [], [True] * len(bodies), 0
    window, window_bytes, seen = collections.deque(), 0, collections.Counter()
    while len(placed) < len(bodies):
        while not alive[by_name[head]]:
            head += 1
        best, best_score, i, looked = None, -1.0, head, 0
        while looked < LOOKAHEAD and i < len(by_name):
            p = by_name[i]
            i += 1
            if not alive[p]:
                continue
            looked += 1
            s = sample[p]
            score = sum(1 for h in s if h in seen) / len(s) if s else 0.0
            if score > best_score:
                best, best_score = p, score
        alive[best] = False
        placed.append(best)
        window.append(best)
        window_bytes += len(bodies[best])
        for h in sample[best]:
            seen[h] += 1
        while window_bytes > WINDOW and len(window) > 1:
            old = window.popleft()
            window_bytes -= len(bodies[old])
            for h in sample[old]:
                seen[h] -= 1
                if not seen[h]:
                    del seen[h]
    return placed


def with_names(b, names):
    """The module with a name section of only these function names."""
    sub = bytearray(leb_bytes(len(names)))
    for idx in sorted(names):
        n = names[idx].encode()
        sub += leb_bytes(idx) + leb_bytes(len(n)) + n
    content = leb_bytes(4) + b"name" + bytes([1]) + leb_bytes(len(sub)) + sub
    out = bytearray(b[:8])
    for sid, name, hdr, _start, end in wasm_size.sections(b):
        if sid == 0 and name == "name":
            continue
        out += b[hdr:end]
    out += bytes([0]) + leb_bytes(len(content)) + content
    return bytes(out)


def main(argv):
    if "--" not in argv or argv.index("--") != 2 or len(argv) < 4:
        print(__doc__)
        return 2
    src, dst, command = argv[0], argv[1], argv[3:]
    b, imports, names, bodies = read(src)
    rank = {p: r for r, p in enumerate(order(names, imports, bodies))}
    # Names that sort in the chosen order; imports keep theirs (binaryen
    # never moves an import).
    ranked = {imports + p: f"f{rank[p]:07d}" for p in range(len(bodies))}
    for k in range(imports):
        ranked[k] = names.get(k, f"import{k}")
    with tempfile.TemporaryDirectory() as tmp:
        renamed = os.path.join(tmp, "renamed.wasm")
        with open(renamed, "wb") as f:
            f.write(with_names(b, ranked))
        r = subprocess.run(command + PASSES + FEATURES + [renamed, "-o", dst])
        if r.returncode != 0:
            print(f"wasm_order.py: {' '.join(command)} failed ({r.returncode})", file=sys.stderr)
            return 1
    print(f"wasm_order.py: {len(bodies):,} functions ordered for compression: {dst}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
