"""Markdown from the GM or players, made safe to put in a page.

Two locks, so that one mistake does not open the door:

1. raw HTML is never parsed: the ``html_block`` preprocessor and the ``html`` inline
   pattern are removed, so ``<script>`` in the text comes out as the visible text
   ``&lt;script&gt;`` (the approach Python-Markdown documents in place of ``safe_mode``);
2. the element tree markdown built is checked against an allow-list before it is
   serialised: unknown elements become ``<span>``, unknown attributes are dropped, and a
   link whose address has a scheme other than http, https or mailto (``javascript:``,
   ``data:``, ``vbscript:``) loses the address, and so does an image whose address is not a
   relative path on the site (``gm_tools.edges.pressimages``: a picture from another host
   tells that host who reads the page); the image is then its words. A link to an SVG on the
   site loses its address too: opened as a page of its own, an SVG runs any script it
   carries; shown through ``<img>`` it runs none.

Headings are moved down two levels (``#`` becomes ``<h3>``) so press never competes with the
page's own headings.
"""

from __future__ import annotations

import html
import re

import markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

from gm_tools.edges.pressimages import local_address, opens_svg, picture_name

ALLOWED_TAGS = frozenset({
    "p", "br", "hr", "em", "strong", "a", "code", "pre", "blockquote", "ul", "ol", "li",
    "h3", "h4", "h5", "h6", "img", "span", "table", "thead", "tbody", "tr", "th", "td",
})
ALLOWED_ATTRIBUTES = {
    "a": frozenset({"href", "title"}),
    "img": frozenset({"src", "alt", "title"}),
    "table": frozenset({"class"}),  # set by :func:`_shape` alone: raw HTML never reaches the tree
    "ol": frozenset({"start"}),
}
SAFE_SCHEMES = frozenset({"http", "https", "mailto"})
HEADING_SHIFT = 2

_SCHEME = re.compile(r"^([a-z][a-z0-9+.\-]*):", re.IGNORECASE)
# Browsers ignore ASCII whitespace and control characters inside a URL's scheme
# ("java\tscript:" runs), so the check looks at the address with them taken out.
_IGNORED_IN_URL = re.compile(r"[\x00-\x20\x7f]+")


def safe_url(url: str) -> bool:
    """May this address be a link or image source? Relative addresses and the schemes in
    :data:`SAFE_SCHEMES` may; anything else may not."""
    # The serialiser leaves character references in attributes as they are, and the
    # browser decodes them: "&#106;avascript:" is "javascript:". Check what it will read.
    cleaned = _IGNORED_IN_URL.sub("", html.unescape(url))
    m = _SCHEME.match(cleaned)
    return m is None or m.group(1).lower() in SAFE_SCHEMES


class _AllowList(Treeprocessor):
    """Rewrites the parsed tree to the allow-list, after the inline patterns have run."""

    def run(self, root):
        for element in root.iter():
            if element is root:
                continue
            tag = element.tag if isinstance(element.tag, str) else ""
            heading = re.fullmatch(r"h([1-6])", tag)
            if heading:
                tag = f"h{min(6, int(heading.group(1)) + HEADING_SHIFT)}"
            if tag not in ALLOWED_TAGS:
                tag = "span"
            element.tag = tag
            # a column the table's writer aligned right ('---:'), shown so by the page's own style
            right = tag in ("td", "th") and "right" in element.attrib.get("style", "")
            allowed = ALLOWED_ATTRIBUTES.get(tag, frozenset())
            for name in list(element.attrib):
                if name not in allowed:
                    del element.attrib[name]
            for name in ("href", "src"):
                if name in element.attrib and not safe_url(element.attrib[name]):
                    del element.attrib[name]
            if tag == "img" and ("src" not in element.attrib or not local_address(element.attrib["src"])):
                # a picture from an address refused above, or from another host (which the
                # Press sheet refuses; a record from before that check, or imported, may have
                # one): its words, not an empty frame
                alt = element.attrib.get("alt", "")
                element.tag, element.text = "span", alt
                element.attrib.clear()
            elif tag == "img":
                size = self.pictures.get(picture_name(element.attrib["src"]) or "")
                if size is not None:
                    # the picture's room kept while it loads, so the words below do not jump
                    # (the style scales it down to the column, keeping its proportions)
                    element.set("width", str(size[0]))
                    element.set("height", str(size[1]))
            if right:
                element.set("class", "num")
            if tag in ("tr", "td", "th"):
                # a table row on one line: the line breaks Python-Markdown puts between cells
                # cost a byte a cell, and Europe 1619's Influence Tracker has hundreds of cells
                # (a phase page's bytes are budgeted: tests/test_site_sizes.py)
                if tag == "tr":
                    element.text = None
                else:
                    element.tail = None
            if tag == "a":
                if opens_svg(element.attrib.get("href", "")):
                    del element.attrib["href"]  # an SVG is shown, never opened (its scripts would run)
                element.set("rel", "nofollow noopener")
        for table in root.iter("table"):
            _shape(table, self.row_headers)
        return None

    row_headers = False
    """Whether a table's first column names its rows (a report's tables: a power, a state)."""
    pictures: dict[str, tuple[int, int]] = {}
    """The game's pictures' sizes (``breda.png`` -> width, height), for their ``<img>`` tags."""


NUMBER_COLUMNS = 24
"""The columns a table's class can name right-aligned (``n1`` to ``n24``, ``style.css``)."""
_NUMBER = re.compile(r"[-+\u2212]?\d[\d,.]*\s*%?")


def _shape(table, row_headers: bool) -> None:
    """A column of numbers aligned right, as the page's own tables align theirs (a reader
    compares them by their last digits), and with ``row_headers`` each row's first cell its
    header, read out by a screen reader before each of the row's figures."""
    body = [tr for part in table if part.tag == "tbody" for tr in part]
    numbers = []
    for column in range(min(max((len(tr) for tr in body), default=0), NUMBER_COLUMNS)):
        texts = ["".join(tr[column].itertext()).strip() for tr in body if len(tr) > column]
        if any(texts) and all(_NUMBER.fullmatch(t) for t in texts if t):
            numbers.append(column + 1)
    if numbers:
        # named once on the table, not on each cell: Europe 1619's Influence Tracker has
        # hundreds of figures, and a phase page's bytes are budgeted (tests/test_site_sizes.py)
        table.set("class", " ".join(f"n{c}" for c in numbers))
    if row_headers:
        for tr in body:
            if len(tr) > 1 and tr[0].tag == "td" and 1 not in numbers:
                tr[0].tag = "th"  # a row's header by its place (no scope: a byte budget, as above)


class SafeMarkdown(Extension):
    """Python-Markdown extension: escape raw HTML, then apply the allow-list."""

    def extendMarkdown(self, md):
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        # Priority below every built-in tree processor, so the check sees the final tree.
        md.treeprocessors.register(_AllowList(md), "gm_tools_allow_list", -100)


def render_markdown(text: str, row_headers: bool = False, pictures: dict[str, tuple[int, int]] | None = None) -> str:
    """``text`` (markdown, possibly hostile) as HTML safe to put in a page; ``""`` for none.
    ``row_headers``: a table's first column names its rows (a report's, not a player's press).
    ``pictures``: the game's pictures' sizes in pixels, by name, given to their ``<img>`` tags."""
    if not text or not text.strip():
        return ""
    global _converter
    if _converter is None:
        # "tables": pipe tables (a variant's report sections, such as Europe 1619's Influence
        # Tracker); their alignment styles fall to the allow-list, a class of the page's style
        # taking a right alignment's place.
        _converter = markdown.Markdown(extensions=[SafeMarkdown(), "tables"], output_format="html")
    allow_list = _converter.treeprocessors["gm_tools_allow_list"]
    allow_list.row_headers, allow_list.pictures = row_headers, pictures or {}
    try:
        html = _converter.convert(text)
        # HTML implies an empty cell's end tag (the next cell's start ends it): Europe 1619's
        # Influence Tracker has some 530 empty cells, and a phase page's bytes are budgeted
        # (tests/test_site_sizes.py); a report's tables only, not a player's press
        return html.replace("<td></td>", "<td>") if row_headers else html
    finally:
        # one converter for every text (setting one up took most of a phase's press), its
        # state from the last text cleared as Python-Markdown asks
        _converter.reset()


_converter: markdown.Markdown | None = None
