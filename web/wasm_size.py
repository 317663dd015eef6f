#!/usr/bin/env python3
"""What the bytes of the web build are, and whether they fit the budget.

    wasm_size.py profile NAMED.wasm [--top N] [--json OUT]
        code bytes by crate (from the wasm's name section), and by section
    wasm_size.py strip IN.wasm OUT.wasm
        drops the custom sections a browser does not need (names, producers)
    wasm_size.py check NAMED.wasm SHIPPED.wasm BUDGET.json [--report OUT.json] [--profile NAME]
        fails when the shipped .wasm is over the budget's limits (raw, and
        compressed: its .gz and .br beside it, as web/build.sh makes them,
        or gzip -9 / brotli -q 11 here without them); says which crates grew against
        the budget's baseline either way, and how far the goal is (the
        budget's "goal" sizes, reported, not enforced). --profile NAME
        takes the limits and baseline of the budget's "profiles" NAME (a
        build of another cargo profile, e.g. CI's web-ci without LTO or
        wasm-opt, is held to its own sizes)

NAMED.wasm is the same build as SHIPPED.wasm before its name section was
stripped (web/build.sh keeps one in target/web/). Crates are read from the
demangled function names: the first path that is not the standard
library's (`<bevy_ecs::World as core::fmt::Debug>::fmt` is bevy_ecs,
`core::ptr::drop_in_place<egui::Context>` is egui); functions of the
standard library alone count as `std`, and a function LTO merged into
another counts where it ended up. Only python3's standard library; the
`brotli` command for brotli sizes (left out, with a note, without it).
"""

import gzip
import json
import os
import re
import shutil
import subprocess
import sys

STD = {"core", "alloc", "std", "compiler_builtins", "hashbrown", "dlmalloc", "panic_abort"}


def leb(b, i):
    """An unsigned LEB128 at b[i]: (value, next index)."""
    v = shift = 0
    while True:
        x = b[i]
        i += 1
        v |= (x & 0x7F) << shift
        if x < 0x80:
            return v, i
        shift += 7


def sections(b):
    """(id, name or None, start of content, end) of each section."""
    if b[:4] != b"\0asm":
        sys.exit("not a WebAssembly file")
    i, out = 8, []
    while i < len(b):
        sid = b[i]
        size, j = leb(b, i + 1)
        end = j + size
        name = None
        if sid == 0:
            n, k = leb(b, j)
            name = b[k:k + n].decode("utf-8", "replace")
        out.append((sid, name, i, j, end))
        i = end
    return out


SECTION_NAMES = {1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global",
                 7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "datacount"}


def imported_functions(b, start, end):
    count, i = leb(b, start)
    funcs = 0
    for _ in range(count):
        for _ in range(2):  # module, field
            n, i = leb(b, i)
            i += n
        kind = b[i]
        i += 1
        if kind == 0:
            _, i = leb(b, i)
            funcs += 1
        elif kind == 1:  # table: reftype, limits
            i += 1
            flags, i = leb(b, i)
            _, i = leb(b, i)
            if flags & 1:
                _, i = leb(b, i)
        elif kind == 2:  # memory: limits
            flags, i = leb(b, i)
            _, i = leb(b, i)
            if flags & 1:
                _, i = leb(b, i)
        elif kind == 3:  # global: valtype, mut
            i += 2
        elif kind == 4:  # tag
            i += 1
            _, i = leb(b, i)
    return funcs


def function_names(b, start, end):
    """Function index -> name, from the name section's subsection 1."""
    n, i = leb(b, start)
    i += n  # the section's own name, "name"
    names = {}
    while i < end:
        sub = b[i]
        size, j = leb(b, i + 1)
        if sub == 1:
            count, k = leb(b, j)
            for _ in range(count):
                idx, k = leb(b, k)
                ln, k = leb(b, k)
                names[idx] = b[k:k + ln].decode("utf-8", "replace")
                k += ln
        i = j + size
    return names


def body_sizes(b, start):
    count, i = leb(b, start)
    sizes = []
    for _ in range(count):
        size, j = leb(b, i)
        sizes.append(j - i + size)
        i = j + size
    return sizes


# The first segment of each path: at the start, or after `<`, a space, `(`,
# `,`, `&`, `*` or `[` (not the modules inside a path: `core::ops::...` is core).
PATH = re.compile(r"(?:^|(?<=[<\s(,&*\[]))([A-Za-z_][A-Za-z0-9_]*)::")
HASH = re.compile(r"::h[0-9a-f]{16}$")


def crate_of(name):
    name = HASH.sub("", name)
    for m in PATH.finditer(name):
        c = m.group(1)
        if c not in STD and not c[0].isupper() and c not in ("impl", "dyn", "as", "mut", "const"):
            return c
    if name.startswith(("__wbg", "__wbindgen", "__externref")):
        return "wasm_bindgen"
    return "std" if "::" in name or name.startswith("<") else "(unnamed)"


def profile(path):
    b = open(path, "rb").read()
    secs = sections(b)
    imports = 0
    names = {}
    code = None
    by_section = {}
    for sid, name, hdr, start, end in secs:
        key = f"custom {name}" if sid == 0 else SECTION_NAMES.get(sid, str(sid))
        by_section[key] = by_section.get(key, 0) + (end - hdr)
        if sid == 2:
            imports = imported_functions(b, start, end)
        elif sid == 0 and name == "name":
            names = function_names(b, start, end)
        elif sid == 10:
            code = (start, end)
    crates = {}
    functions = []
    if code:
        for k, size in enumerate(body_sizes(b, code[0])):
            fname = names.get(imports + k, f"func[{imports + k}]")
            c = crate_of(fname) if names else "(no names)"
            crates[c] = crates.get(c, 0) + size
            functions.append((size, fname))
    crates["(data)"] = by_section.get("data", 0)
    functions.sort(reverse=True)
    return {"file": path, "raw": len(b), "sections": by_section, "crates": crates,
            "named": bool(names), "largest": functions[:40]}


def strip(src, dst):
    b = open(src, "rb").read()
    out = bytearray(b[:8])
    for sid, name, hdr, start, end in sections(b):
        if sid == 0 and name in ("name", "producers", "target_features"):
            continue
        out += b[hdr:end]
    open(dst, "wb").write(out)
    return len(b), len(out)


def compressed(path):
    raw = open(path, "rb").read()
    # The .gz web/build.sh leaves beside the file (Zopfli, web/bindgen's
    # vt-gzip) is what a server sends: measure that one when it is no older
    # than the file; otherwise gzip -9 here (a little larger).
    gz = path + ".gz"
    if os.path.exists(gz) and int(os.path.getmtime(gz)) >= int(os.path.getmtime(path)):
        sizes = {"raw": len(raw), "gzip": os.path.getsize(gz)}
    else:
        sizes = {"raw": len(raw), "gzip": len(gzip.compress(raw, 9))}
    # web/build.sh leaves PATH.br beside the file, made by the same
    # `brotli -q 11` from these bytes: reuse it rather than spend another
    # two to three minutes of CI compressing 45 MB again. Only when it is
    # no older than the file (a stale copy from another build is redone).
    br = path + ".br"
    # In whole seconds: brotli copies the file's mtime without its
    # fraction (20:32:25.000 for a .wasm of 20:32:25.097).
    if os.path.exists(br) and int(os.path.getmtime(br)) >= int(os.path.getmtime(path)):
        sizes["brotli"] = os.path.getsize(br)
    elif shutil.which("brotli"):
        out = subprocess.run(["brotli", "-q", "11", "-c", path], capture_output=True, check=True).stdout
        sizes["brotli"] = len(out)
    return sizes


def mb(n):
    return f"{n / 1e6:.2f} MB"


def print_crates(crates, total, top):
    rows = sorted(crates.items(), key=lambda kv: -kv[1])
    for c, n in rows[:top]:
        print(f"  {n:>10,}  {100 * n / total:5.1f} %  {c}")
    rest = sum(n for _, n in rows[top:])
    if rest:
        print(f"  {rest:>10,}  {100 * rest / total:5.1f} %  ({len(rows) - top} more)")


def main(argv):
    if len(argv) >= 2 and argv[0] == "profile":
        top = int(argv[argv.index("--top") + 1]) if "--top" in argv else 40
        p = profile(argv[1])
        if not p["named"]:
            print("note: no name section: every function counts as (no names)")
        print(f"{p['file']}: {p['raw']:,} bytes")
        print("by section:")
        for k, n in sorted(p["sections"].items(), key=lambda kv: -kv[1]):
            print(f"  {n:>10,}  {k}")
        print("by crate (code bytes; (data) is the data section):")
        print_crates(p["crates"], sum(p["crates"].values()), top)
        if "--functions" in argv:
            print("largest functions:")
            for n, f in p["largest"]:
                print(f"  {n:>8,}  {f[:150]}")
        if "--json" in argv:
            json.dump(p, open(argv[argv.index("--json") + 1], "w"), indent=1)
        return 0
    if len(argv) == 3 and argv[0] == "strip":
        before, after = strip(argv[1], argv[2])
        print(f"stripped {argv[2]}: {before:,} -> {after:,} bytes")
        return 0
    if len(argv) >= 4 and argv[0] == "check":
        named, shipped, budget_path = argv[1:4]
        budget = json.load(open(budget_path))
        if "--profile" in argv:
            name = argv[argv.index("--profile") + 1]
            if name not in budget.get("profiles", {}):
                print(f"FAIL: {budget_path} has no limits for the profile {name}")
                return 1
            # Its own baseline only: another profile's crates differ.
            budget = {**budget, "baseline": {}, **budget["profiles"][name]}
            print(f"limits of the profile {name}")
        limits, base = budget["limits"], budget.get("baseline", {})
        # The goal is the shipped build's (web-release): another profile's
        # sizes are not judged by it.
        goal = {} if "--profile" in argv else budget.get("goal", {})
        sizes = compressed(shipped)
        p = profile(named)
        report = {"sizes": sizes, "crates": p["crates"]}
        if "--report" in argv:
            json.dump(report, open(argv[argv.index("--report") + 1], "w"), indent=1, sort_keys=True)
        over = []
        for k in ("raw", "gzip", "brotli"):
            if k not in sizes:
                print(f"  {k:>6}: (no brotli command; not measured)")
                continue
            lim = limits.get(k)
            was = base.get("sizes", {}).get(k)
            line = f"  {k:>6}: {sizes[k]:>11,} bytes ({mb(sizes[k])})"
            if lim:
                line += f", budget {mb(lim)} ({100 * sizes[k] / lim:.0f} % used)"
                if sizes[k] > lim:
                    over.append(k)
            if was:
                line += f", baseline {mb(was)} ({sizes[k] - was:+,})"
            if goal.get(k):
                line += f", goal {mb(goal[k])}" + ("" if sizes[k] <= goal[k] else " (not yet)")
            print(line)
        grown = []
        for c, n in p["crates"].items():
            was = base.get("crates", {}).get(c, 0)
            if n - was > 0:
                grown.append((n - was, c, was, n))
        gone = [(c, n) for c, n in base.get("crates", {}).items() if c not in p["crates"]]
        grown.sort(reverse=True)
        head = "growth by crate against the baseline (code bytes, raw):"
        print(head if grown else "no crate grew against the baseline")
        for d, c, was, n in grown[:25]:
            print(f"  {d:>+10,}  {c} ({was:,} -> {n:,}){'  new' if not was else ''}")
        if gone:
            print("  gone since the baseline: " + ", ".join(c for c, _ in gone))
        if over:
            print(f"FAIL: over the budget in {', '.join(over)}: the growth above says where the bytes came from")
            return 1
        print("within the budget")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
