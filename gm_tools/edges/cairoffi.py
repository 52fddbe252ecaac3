"""cairocffi without parsing cairo's C declarations in every process.

Importing cairocffi (which cairosvg and :mod:`gm_tools.edges.pngregions` draw through) hands
cairo's header text to cffi, which parses it with pycparser: about 0.35 s, in every command
that draws a PNG (a turn, one new phase on the site), for the same text every time. cffi can
write what it parsed as a small Python module instead (its "out-of-line ABI mode": no C
compiler involved), which imports in about 10 ms. :func:`prepare` makes that module once, in
the user's cache folder, keyed by the header text and the versions of cffi and cairocffi, and
puts it where cairocffi looks for its declarations (``cairocffi.ffi``) before cairocffi is
imported. cairocffi's own code then runs unchanged on the same cairo library.

Anything unexpected (cairocffi or cffi missing or changed, xcffib installed, a cache folder
that cannot be written) leaves cairocffi to import as it always does: this only ever costs or
saves time. The one thing the stand-in lacks is ``ffi_pixbuf`` (cairocffi's GDK-PixBuf
loader), which neither cairosvg nor this package uses.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import io
import os
import sys
import tempfile
import types

from gm_tools.edges.cachefolder import cache_folder

MODULE = "cairocffi.ffi"
"""Where cairocffi imports its declarations from (``from .ffi import ffi``)."""


def prepare() -> bool:
    """Import cairocffi, its declarations read from the cache when it can be done. True when
    it was imported with them (now or before); False when it parsed them itself."""
    if "cairocffi" in sys.modules:
        return bool(getattr(sys.modules.get(MODULE), "__gm_tools__", False))
    try:
        installed = _install()
    except Exception:  # noqa: BLE001 - any surprise: cairocffi imports as it always does
        installed = False
    if installed:
        try:
            importlib.import_module("cairocffi")  # on the stand-in
            return True
        except Exception:  # noqa: BLE001 - it did not take the stand-in: forget both
            for name in [n for n in sys.modules if n == "cairocffi" or n.startswith("cairocffi.")]:
                del sys.modules[name]
    importlib.import_module("cairocffi")  # its own way
    return False


def _install() -> bool:
    spec = importlib.util.find_spec("cairocffi")
    if spec is None or not spec.submodule_search_locations or importlib.util.find_spec("xcffib") is not None:
        return False  # with xcffib, cairocffi adds XCB declarations this stand-in does not have
    import cffi

    folder = spec.submodule_search_locations[0]
    with open(os.path.join(folder, "ffi.py"), "rb") as f:
        loader_text = f.read()
    # the stand-in declares what cairocffi's ffi.py declares for ``ffi`` outside the XCB
    # branch: exactly the headers; a cairocffi that declares more is left to itself
    top_level = [line for line in loader_text.decode("utf-8").splitlines() if line.startswith("ffi.cdef(")]
    if top_level != ["ffi.cdef(constants._CAIRO_HEADERS)"]:
        return False
    headers = _headers(os.path.join(folder, "constants.py"))
    key = hashlib.sha256(b"\0".join([headers.encode("utf-8"), loader_text, cffi.__version__.encode("ascii"),
                                     sys.version.encode("utf-8")])).hexdigest()[:24]
    name = f"gm_tools_cairo_ffi_{key}"
    path = cache_folder() / f"{name}.py"
    if not path.is_file():
        _write(headers, name, path)
    module_spec = importlib.util.spec_from_file_location(name, path)
    made = importlib.util.module_from_spec(module_spec)
    try:
        module_spec.loader.exec_module(made)
    except Exception:
        path.unlink()  # damaged: made again by the next command
        raise
    stand_in = types.ModuleType(MODULE, "cairo's declarations, read once (gm_tools.edges.cairoffi)")
    stand_in.ffi = made.ffi
    stand_in.__gm_tools__ = True
    sys.modules[MODULE] = stand_in
    return True


def _headers(constants_py: str) -> str:
    """cairocffi's header text, read from its ``constants.py`` without importing the package
    (importing anything of it runs its ``__init__``, which parses)."""
    spec = importlib.util.spec_from_file_location("gm_tools_cairocffi_constants", constants_py)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module._CAIRO_HEADERS


def _write(headers: str, name: str, path) -> None:
    """Parse the declarations once and keep what cffi makes of them (written whole or not at all)."""
    from cffi import FFI

    builder = FFI()
    builder.cdef(headers)
    builder.set_source(name, None)  # None: ABI mode, a Python module, no compiler
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # cffi says "generating ..." on stdout
            builder.emit_python_code(tmp)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
