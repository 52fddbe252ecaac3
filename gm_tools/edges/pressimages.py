"""Pictures in the GM's press: kept with the game, never fetched from another host.

A picture's file is kept with the game's own files, in its ``pictures`` folder beside
``game.json`` (``sheets/NAME/pictures/breda.png``), and the press names it by the same
relative address the site shows it at: ``![the siege](pictures/breda.png)``. The site build
copies each picture a record's press names into the game's folder of the site
(``site/games/NAME/pictures/breda.png``), beside the phase pages, so the address works from
any static host and from ``file://``, and a site rebuilt from nothing has its pictures.

A picture from another address would make every reader's browser ask that host for it: the
host learns who reads the game and when, and the press loses its picture the day the host
goes. The Press sheet is checked when the turn reads it (:func:`press_problems`: a remote
picture, an address outside the game's pictures, a missing file or one that is not a
picture by its bytes, each named by its cell, nothing written); the site shows a remote one
that reaches it another way (a record from before the check, an imported game) as its words
(``gm_tools.publish.safemarkdown``), and a record from before the game kept its pictures
(``../../pictures/breda.png``, a folder of the site the GM filled by hand) as it always did.

An SVG picture is shown only through ``<img>``, where a browser runs none of its scripts
and loads nothing it names; a link to one would open it as a page of its own, scripts and
all, so a link to an SVG is refused on the Press sheet and loses its address on the site.
"""

from __future__ import annotations

import difflib
import html
import os
import re
from pathlib import Path

PICTURES = "pictures"
"""The game's pictures folder, beside ``game.json``; the same name in the game's folder of the
site, and the start of the address the press names a picture by."""

KINDS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".gif": "GIF", ".webp": "WebP", ".svg": "SVG"}
"""A picture's kind by how its name ends; its bytes must be that kind."""

HEAD = 16384
"""The bytes of a file read to tell its kind (an SVG's root element may come after an
editor's comments and document type)."""
_KINDS_TEXT = "a PNG, JPEG, GIF, WebP or SVG file: .png, .jpg, .jpeg, .gif, .webp, .svg"
_FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]*")
_SCHEME = re.compile(r"^([a-z][a-z0-9+.\-]*):", re.IGNORECASE)
# Browsers drop ASCII whitespace and control characters from an address and read a backslash
# as a slash, so "ht\ttps:" and "\\\\host" are checked as "https:" and "//host".
_IGNORED_IN_URL = re.compile(r"[\x00-\x20\x7f]+")
# Schemes a browser fetches from a host even with no "//" ("https:host/pic.png" on a page
# served by http names the host).
_HOST_SCHEMES = frozenset({"http", "https", "ftp", "ws", "wss"})
# An SVG document: an optional byte order mark, XML declaration, comments, processing
# instructions and document type, then the root <svg> element.
_SVG_START = re.compile(rb"^(?:\xef\xbb\xbf)?(?:\s+|<\?.*?\?>|<!--.*?-->|<!DOCTYPE[^>\[]*(?:\[.*?\])?\s*>)*<svg[\s>/]",
                        re.DOTALL)
_SVG_NAMESPACE = re.compile(rb"<svg[^>]*\sxmlns\s*=\s*[\"']http://www\.w3\.org/2000/svg[\"']")


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


def opens_svg(url: str) -> bool:
    """Would a link to this address open an SVG on the site as a page of its own (where its
    scripts run)? A relative address whose path ends in ``.svg``."""
    path = re.split(r"[?#]", _cleaned(url), maxsplit=1)[0]
    return local_address(url) and path.lower().endswith(".svg")


def picture_name(url: str) -> str | None:
    """The file name of the game's picture this address names (``pictures/breda.png`` ->
    ``breda.png``), or None when it names none: the address exactly ``pictures/`` and a
    file name of letters, digits, ``-``, ``_`` and ``.`` ending as a picture kind (no folder
    above or below, no query, nothing a browser would read otherwise than the file system)."""
    folder, _, name = url.partition("/")
    if folder != PICTURES or not _FILE_NAME.fullmatch(name):
        return None
    return name if os.path.splitext(name)[1].lower() in KINDS else None


def kind_of(data: bytes) -> str | None:
    """The picture kind ``data`` is by its bytes (``"PNG"``...), or None for none."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "PNG"
    if data.startswith(b"\xff\xd8\xff"):
        return "JPEG"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "GIF"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WebP"
    if _SVG_START.match(data[:HEAD]):
        return "SVG"
    return None


def picture_fault(folder: Path, name: str) -> tuple[str, str] | None:
    """What is wrong with the picture file ``name`` in the game's pictures ``folder``, as
    (found, expected); None when it is a picture of the kind its name gives. The name must be
    the file's exactly, letter case included: a web host's file system tells them apart."""
    address = f"{PICTURES}/{name}"
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        names = []
    path = Path(folder) / name
    if name not in names or not path.is_file():
        close = difflib.get_close_matches(name, [n for n in names if (Path(folder) / n).is_file()], 1, 0.6)
        hint = f"; did you mean {PICTURES}/{close[0]}?" if close else ""
        return f"a picture with no file, {address!r}", f"the file {path}, the picture kept with the game{hint}"
    stem, ending = os.path.splitext(name)
    wanted = KINDS[ending.lower()]
    try:
        with open(path, "rb") as f:
            head = f.read(HEAD)
    except OSError as e:
        return f"{address!r}, a file that cannot be read ({e.strerror})", f"a {wanted} picture that can be read"
    kind = kind_of(head)
    if kind is None:
        return (f"{address!r}, a file that is not a picture (it starts {head[:16]!r})",
                f"a {wanted} picture, as its name says ({_KINDS_TEXT})")
    if kind != wanted:
        other = next(e for e, k in KINDS.items() if k == kind)
        return (f"{address!r}, a {kind} picture named {ending}",
                f"a {wanted} picture, as its name says, or the name {PICTURES}/{stem}{other}")
    if kind == "SVG" and not _SVG_NAMESPACE.search(head):
        return (f"{address!r}, an SVG file without the SVG namespace",
                "an <svg> element with xmlns=\"http://www.w3.org/2000/svg\" (without it a browser shows no picture)")
    return None


def _addresses(text: str) -> list[tuple[str, str]]:
    """("img", address) of every picture and ("a", address) of every link in ``text`` as
    markdown reads it, in order."""
    import markdown  # only for press that may hold a picture or link: most phases' press has none

    found: list[tuple[str, str]] = []

    class Sources(markdown.treeprocessors.Treeprocessor):
        def run(self, root):
            for e in root.iter():
                if e.tag in ("img", "a"):
                    found.append((e.tag, e.get("src" if e.tag == "img" else "href", "")))

    class Collect(markdown.extensions.Extension):
        def extendMarkdown(self, md):
            # as the site reads press: raw HTML is text there, so an <img> typed is no picture
            md.preprocessors.deregister("html_block")
            md.inlinePatterns.deregister("html")
            md.treeprocessors.register(Sources(md), "gm_tools_sources", -100)

    markdown.Markdown(extensions=[Collect(), "tables"], output_format="html").convert(text)
    return found


def _may_name_one(text: str) -> bool:
    return "!" in text or f"{PICTURES}/" in text or ".svg" in text.lower()


def press_pictures(text: str) -> list[str]:
    """The file names of the game's pictures ``text`` (a record's press) shows or links to,
    each once, in order: what the site copies beside its pages."""
    if f"{PICTURES}/" not in text:  # parsed only when it may name one: most phases' press names none
        return []
    names = (picture_name(address) for _, address in _addresses(text))
    return list(dict.fromkeys(name for name in names if name))


def pictures_of_records(folder: Path, records: list[tuple[object, dict]]) -> tuple[dict[str, Path], dict[str, str]]:
    """The pictures the press of ``records`` ((where each is kept, record), in play order) shows,
    as (kept, lost), each by name: kept -> its file in the game's pictures ``folder``; lost (no
    longer there as it was: deleted, renamed, replaced by another kind) -> what is wrong, naming
    the first record that shows it."""
    kept: dict[str, Path] = {}
    lost: dict[str, str] = {}
    for source, record in records:
        for picture in press_pictures(str(record.get("press") or "")):
            if picture in kept or picture in lost:
                continue
            fault = picture_fault(folder, picture)
            if fault:
                lost[picture] = f"{source}: press: found {fault[0]}, expected {fault[1]}"
            else:
                kept[picture] = Path(folder) / picture
    return dict(sorted(kept.items())), dict(sorted(lost.items()))


def kept_with_the_game(folder: Path | None) -> str:
    """What a picture on the Press sheet is expected to be."""
    where = folder if folder is not None else "the game's pictures folder, beside game.json,"
    return (f"a picture kept with the game, its file in {where}, its name in the press "
            f"{PICTURES}/breda.png (the site copies it beside its pages)")


def press_problems(lines: list[str], folder: Path | None) -> list[tuple[int | None, str, str]]:
    """(index in ``lines``, found, expected) for each picture or link of the Press sheet's
    ``lines`` that the site could not show as the GM meant, read as the site reads markdown (a
    reference-style picture is named where its address is written; the index is None for an
    address no single line holds): a picture from another host, or from another path than the
    game's pictures (one at a ``javascript:`` or ``data:`` address is shown as its words, as
    ever), a link to an SVG, and, with the game's pictures ``folder`` given, a picture whose
    file is missing there or is not the picture its name says."""
    if not any(_may_name_one(line) for line in lines):
        return []
    found = []
    kept = kept_with_the_game(folder)
    for tag, src in dict.fromkeys(_addresses("\n".join(lines))):
        name = picture_name(src)
        if tag == "a" and opens_svg(src):
            problem = (f"a link to an SVG picture, {src!r}",
                       f"the picture shown, ![its words]({src}): an SVG opened as a page of its own runs "
                       "any script it carries, shown as a picture it runs none")
        elif tag == "img" and remote_address(src):
            problem = (f"a picture from another host, {src!r}",
                       f"{kept}: one from another host tells that host who reads the page")
        elif name is None and (local_address(src) if tag == "img" else src.startswith(f"{PICTURES}/")):
            problem = f"a {'picture' if tag == 'img' else 'link'} at {src!r}", kept
        elif name is not None and folder is not None:
            problem = picture_fault(folder, name)
        else:
            problem = None
        if problem:
            found.append((_line_of(lines, src), *problem))
    return found


def _line_of(lines: list[str], src: str) -> int | None:
    """The line an address is written on: as markdown writes one (after ``(``, ``<`` or a
    reference's ``]:``) before anywhere it is a part of a longer one."""
    for address in dict.fromkeys((src, html.unescape(src))):
        written = re.compile(r"(?:\(|<|\]:)\s*" + re.escape(address) + r"(?=[\s)>\"']|$)")
        at = next((i for i, line in enumerate(lines) if written.search(line)), None)
        at = at if at is not None else next((i for i, line in enumerate(lines) if address in line), None)
        if at is not None:
            return at
    return None
