"""Pictures in the GM's press come from the site itself, never from another host.

A page that shows a picture from another address makes every reader's browser ask that host
for it: the host learns who reads the game and when, and the press loses its picture the day
the host goes. The Press sheet is checked when the turn reads it (a remote picture named by
its cell, nothing written); the site shows any that reach it another way (a record from
before the check, an imported game) as its words (``gm_tools.publish.safemarkdown``).
"""

from __future__ import annotations

import html
import re

REMOTE_EXPECTED = ("a picture kept with the site, at a relative address (../../pictures/map.png, "
                   "its file in the site's folder): a picture from another host tells that host "
                   "who reads the page, and is lost when the host goes")

_SCHEME = re.compile(r"^([a-z][a-z0-9+.\-]*):", re.IGNORECASE)
# Browsers drop ASCII whitespace and control characters from an address and read a backslash
# as a slash, so "ht\ttps:" and "\\\\host" are checked as "https:" and "//host".
_IGNORED_IN_URL = re.compile(r"[\x00-\x20\x7f]+")
# Schemes a browser fetches from a host even with no "//" ("https:host/pic.png" on a page
# served by http names the host).
_HOST_SCHEMES = frozenset({"http", "https", "ftp", "ws", "wss"})


def _cleaned(url: str) -> str:
    return _IGNORED_IN_URL.sub("", html.unescape(url)).replace("\\", "/")


def remote_address(url: str) -> bool:
    """Does this address name another host: a web scheme, any ``scheme://``, or ``//host``?"""
    cleaned = _cleaned(url)
    m = _SCHEME.match(cleaned)
    if m:
        return m.group(1).lower() in _HOST_SCHEMES or cleaned[m.end():].startswith("//")
    return cleaned.startswith("//")


def local_address(url: str) -> bool:
    """May a picture be shown from this address: a relative path, no scheme and no host?"""
    cleaned = _cleaned(url)
    return not _SCHEME.match(cleaned) and not cleaned.startswith("//")


def _sources(text: str) -> list[str]:
    """The address of every picture in ``text`` as markdown reads it."""
    import markdown  # only for press with a '!' in it: most phases' press has none

    found: list[str] = []

    class Sources(markdown.treeprocessors.Treeprocessor):
        def run(self, root):
            found.extend(e.get("src", "") for e in root.iter("img"))

    class Collect(markdown.extensions.Extension):
        def extendMarkdown(self, md):
            # as the site reads press: raw HTML is text there, so an <img> typed is no picture
            md.preprocessors.deregister("html_block")
            md.inlinePatterns.deregister("html")
            md.treeprocessors.register(Sources(md), "gm_tools_sources", -100)

    markdown.Markdown(extensions=[Collect(), "tables"], output_format="html").convert(text)
    return found


def remote_pictures(lines: list[str]) -> list[tuple[int | None, str]]:
    """(index in ``lines``, address) of each picture the press would fetch from another host,
    read as the site reads markdown (a reference-style picture is named where its address is
    written). The index is None for an address no single line holds."""
    if not any("!" in line for line in lines):
        return []
    found = []
    for src in dict.fromkeys(_sources("\n".join(lines))):
        if remote_address(src):
            at = next((i for i, line in enumerate(lines) if src in line or html.unescape(src) in line), None)
            found.append((at, src))
    return found
