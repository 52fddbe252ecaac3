"""A file's new bytes landed whole: the one way ``write_atomic`` (:mod:`gm_tools.edges.game`)
and the site's writer (:mod:`gm_tools.publish.sitefiles`) put a file in place."""

from __future__ import annotations

import os


def land_file(fd: int, tmp: str, path, data: bytes, mode: int | None = None) -> None:
    """Write ``data`` through ``fd`` into the temporary file ``tmp`` (given ``mode`` first, when
    set), flush it to disk, then move it to ``path``: a crash leaves the old file or the new one,
    never half of one. On any failure ``tmp`` is removed."""
    try:
        if mode is not None:
            os.chmod(tmp, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            # on disk before its name is: after a power cut the rename may have reached the
            # disk and the data not, an empty file where the old one was
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
