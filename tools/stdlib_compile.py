"""Run inside Pyodide by tools/snapshot.mjs: the trimmed standard library (tools/stdlib_uses.py)
with each module compiled for this very Python, its source left out.

A first visit's Python otherwise compiles every module it imports, its own start's and the
engine's: in Node on the build machine, Pyodide started in 2.1 to 2.4 s on the library as
source and in 0.6 s compiled. Compiled with optimize=2 (no docstrings, no asserts, as ``-OO``
runs the library), it packed to 0.84 MB where the source packs to 0.51. Most of that difference
was each code object's table of lines and columns (PEP 657): here every instruction is given its
function's first line instead, which packs to a few bytes, and the library packs to about 0.5 MB.
A traceback through the library then names the function and the line of its ``def``; the game's
own modules (the gin wheel) keep their lines. Each file is an unchecked hash-based .pyc, which
zipimport finds before a .py and takes as it is.
"""

import importlib.util
import marshal
import sys
import types
import zipfile

UNCHECKED_HASH = (1).to_bytes(4, "little")  # PEP 552: hash-based, the source not checked
# An entry of the location table (CPython's Objects/locations.md): a header byte, 1 in its top
# bit, the kind in the next four (13: a line, no columns) and the code units it covers less one in
# the low three (at most 8), then the line's change as a signed varint (0: the same line).
SAME_LINE = 0x80 | 13 << 3
MOST_UNITS = 8


def first_line_only(code: types.CodeType) -> types.CodeType:
    """``code`` (and each function in it) with every instruction on its first line."""
    units = len(code.co_code) // 2  # instructions and their inline caches, 2 bytes each
    table = bytearray()
    while units:
        n = min(MOST_UNITS, units)
        table += bytes((SAME_LINE | (n - 1), 0))
        units -= n
    consts = tuple(
        first_line_only(c) if isinstance(c, types.CodeType) else c for c in code.co_consts
    )
    lean = code.replace(co_linetable=bytes(table), co_consts=consts)
    # A table this Python read otherwise would break every traceback through the library.
    if {line for _, _, line in lean.co_lines()} - {None, code.co_firstlineno}:
        raise SystemExit(f"{code.co_filename}: the location table was not read as written")
    return lean


def compiled(source: bytes, name: str) -> bytes:
    code = compile(source, name, "exec", dont_inherit=True, optimize=2)
    return (
        importlib.util.MAGIC_NUMBER
        + UNCHECKED_HASH
        + bytes(8)
        + marshal.dumps(first_line_only(code))
    )


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
