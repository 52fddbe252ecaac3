"""The user's cache folder: what only saves work between runs (compiled templates, the digest
memo of a site's games, cairo's C declarations read once). It may be deleted at any time, and
nothing a command writes depends on it."""

from __future__ import annotations

import os
from pathlib import Path


def cache_folder() -> Path:
    """``$GM_TOOLS_CACHE``, else ``$XDG_CACHE_HOME/gm_tools``, else ``~/.cache/gm_tools``."""
    return Path(os.environ.get("GM_TOOLS_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "gm_tools"))
