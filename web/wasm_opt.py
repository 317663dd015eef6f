#!/usr/bin/env python3
"""binaryen's `wasm-opt -Oz` (or -Os, -O2…) run natively through binaryen's C
library, for machines without a wasm-opt program of binaryen 116 or newer.

    wasm_opt.py [-Oz|-Os|-O1..-O4] [-g] IN.wasm -o OUT.wasm
    wasm_opt.py --PASS... [--optimize-level N] [--shrink-level N] [-g] IN.wasm -o OUT.wasm
    wasm_opt.py --install     fetch the library (below) and say where it is

The library is binaryen 116's official `libbinaryen.so` (Linux x86-64),
as the PyPI package icpp-binaryen ships it in its wheel: `pip download`
fetches the wheel, and only the library is taken out of it (into
$VT_BINARYEN_DIR, default ~/.cache/vietnam-tactics/binaryen), so nothing is
installed into Python. `$VT_BINARYEN_LIB` names another libbinaryen.

What it runs is what the wasm-opt program runs for the same level: the
module read with the features rustc's wasm32 target uses, binaryen's
default optimisation pipeline at that optimise and shrink level, written
back with its names (-g) or without. Passes named as the program names
them (`--reorder-functions-by-name`, web/wasm_order.py's) run instead of the
pipeline, as the program runs them, at the levels given (default 0).
Only python3's standard library (ctypes).
"""

import ctypes
import os
import re
import subprocess
import sys
import tempfile
import time
import zipfile

WHEEL = "icpp-binaryen==116.0.1"
DIR = os.environ.get("VT_BINARYEN_DIR") or os.path.join(
    os.path.expanduser("~"), ".cache", "vietnam-tactics", "binaryen")
LIB = os.environ.get("VT_BINARYEN_LIB") or os.path.join(DIR, "libbinaryen.so")
# -O levels as the wasm-opt program sets them: (optimise, shrink).
LEVELS = {"-O0": (0, 0), "-O1": (1, 0), "-O2": (2, 0), "-O3": (3, 0), "-O4": (4, 0), "-O": (2, 0),
          "-Os": (2, 1), "-Oz": (2, 2)}
FEATURES = ("MutableGlobals", "NontrappingFPToInt", "SignExt", "BulkMemory", "ReferenceTypes",
            "Multivalue")


def install():
    """Takes libbinaryen.so out of the icpp-binaryen wheel into DIR."""
    if os.path.isfile(LIB):
        return LIB
    os.makedirs(DIR, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        r = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                            "--only-binary=:all:", "-d", tmp, WHEEL],
                           capture_output=True, text=True)
        wheels = [f for f in os.listdir(tmp) if f.endswith(".whl")]
        if r.returncode != 0 or not wheels:
            sys.exit(f"wasm_opt.py: pip download {WHEEL} failed: {r.stdout}{r.stderr}")
        with zipfile.ZipFile(os.path.join(tmp, wheels[0])) as z:
            data = z.read("icpp_binaryen/lib/libbinaryen.so")
    part = LIB + ".part"
    with open(part, "wb") as f:
        f.write(data)
    os.replace(part, LIB)
    return LIB


class Written(ctypes.Structure):
    _fields_ = [("binary", ctypes.c_void_p), ("binary_bytes", ctypes.c_size_t),
                ("source_map", ctypes.c_char_p)]


def optimise(data, levels, names, passes=()):
    """levels: (optimise, shrink); passes: run instead of the default pipeline."""
    lib = ctypes.CDLL(LIB)
    lib.BinaryenModuleRead.restype = ctypes.c_void_p
    lib.BinaryenModuleRead.argtypes = [ctypes.c_char_p, ctypes.c_size_t]
    lib.BinaryenModuleSetFeatures.argtypes = [ctypes.c_void_p, ctypes.c_uint32]
    lib.BinaryenModuleValidate.argtypes = [ctypes.c_void_p]
    lib.BinaryenModuleOptimize.argtypes = [ctypes.c_void_p]
    lib.BinaryenModuleRunPasses.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_char_p),
                                            ctypes.c_uint32]
    lib.BinaryenModuleAllocateAndWrite.restype = Written
    lib.BinaryenModuleAllocateAndWrite.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    lib.BinaryenModuleDispose.argtypes = [ctypes.c_void_p]
    for f in FEATURES:
        getattr(lib, "BinaryenFeature" + f).restype = ctypes.c_uint32
    buf = ctypes.create_string_buffer(data, len(data))
    module = lib.BinaryenModuleRead(buf, len(data))
    if not module:
        sys.exit("wasm_opt.py: binaryen could not read the module")
    features = 0
    for f in FEATURES:
        features |= getattr(lib, "BinaryenFeature" + f)()
    lib.BinaryenModuleSetFeatures(module, features)
    opt, shrink = levels
    lib.BinaryenSetOptimizeLevel(opt)
    lib.BinaryenSetShrinkLevel(shrink)
    lib.BinaryenSetDebugInfo(1 if names else 0)
    if passes:
        names_c = (ctypes.c_char_p * len(passes))(*[p.encode() for p in passes])
        lib.BinaryenModuleRunPasses(module, names_c, len(passes))
    else:
        lib.BinaryenModuleOptimize(module)
    if not lib.BinaryenModuleValidate(module):
        sys.exit("wasm_opt.py: the optimised module does not validate")
    w = lib.BinaryenModuleAllocateAndWrite(module, None)
    out = ctypes.string_at(w.binary, w.binary_bytes)
    libc = ctypes.CDLL(None)
    libc.free.argtypes = [ctypes.c_void_p]
    libc.free(w.binary)
    lib.BinaryenModuleDispose(module)
    return out


def main(argv):
    if argv == ["--install"]:
        print(install())
        return
    level, names, src, dst = "-Oz", False, None, None
    passes, levels = [], [0, 0]
    it = iter(argv)
    for a in it:
        if a in LEVELS:
            level = a
        elif a in ("--optimize-level", "-ol", "--shrink-level", "-s"):
            v = next(it, "")
            if not v.isdigit():
                sys.exit(f"wasm_opt.py: {a} needs a number")
            levels[0 if a in ("--optimize-level", "-ol") else 1] = int(v)
        elif a == "-g":
            names = True
        elif a == "-o":
            dst = next(it, None)
        elif a in ("-h", "--help"):
            print(__doc__)
            return
        elif a == "--version":
            # As the wasm-opt program answers, for web/build.sh's version check.
            print("wasm-opt version 116 (libbinaryen through web/wasm_opt.py)")
            return
        elif a.startswith("--enable-"):
            pass  # the features are FEATURES, the ones rustc's wasm32 target uses
        elif a.startswith("--") and re.fullmatch(r"--[a-z0-9]+(-[a-z0-9]+)*", a):
            passes.append(a[2:])
        elif a.startswith("-"):
            sys.exit(f"wasm_opt.py: {a}: not an option here (see --help)")
        else:
            src = a
    if not src or not dst:
        sys.exit(__doc__.split("\n\n")[1])
    if not os.path.isfile(LIB):
        install()
    t0 = time.time()
    with open(src, "rb") as f:
        data = f.read()
    # Passes run on their own at the levels given, as the program runs them.
    out = optimise(data, tuple(levels) if passes else LEVELS[level], names, passes)
    with open(dst, "wb") as f:
        f.write(out)
    what = " ".join(passes) if passes else level
    print(f"wasm_opt.py {what}: {len(data)} -> {len(out)} bytes in {time.time() - t0:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
