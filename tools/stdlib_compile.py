"""Run inside Pyodide by tools/snapshot.mjs: the trimmed standard library (tools/stdlib_uses.py)
with each module compiled for this very Python, its source left out.

A first visit's Python otherwise compiles every module it imports, its own start's and the
engine's: in Node on the build machine, Pyodide started in 2.1 to 2.4 s on the library as
source and in 0.6 s compiled. Compiled with optimize=2 (no docstrings, no asserts, as ``-OO``
runs the library), it packs to 0.84 MB where the source packs to 0.51. Each file is an
unchecked hash-based .pyc, which zipimport finds before a .py and takes as it is.
"""

import importlib.util
import marshal
import sys
import zipfile

UNCHECKED_HASH = (1).to_bytes(4, "little")  # PEP 552: hash-based, the source not checked


def compiled(source: bytes, name: str) -> bytes:
    code = compile(source, name, "exec", dont_inherit=True, optimize=2)
    return importlib.util.MAGIC_NUMBER + UNCHECKED_HASH + bytes(8) + marshal.dumps(code)


def main(into: str, out: str) -> None:
    with zipfile.ZipFile(into) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename.endswith(".py"):
                member = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
                dst.writestr(member, compiled(data, info.filename))
            else:
                dst.writestr(info, data)


main(*sys.argv[1:3])
