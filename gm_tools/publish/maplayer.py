"""A phase's map as a small layer over its variant's base map, which every page shares.

A phase's picture repeats its variant's coastlines, borders and names, most of its bytes
(0.3 MB of a standard map's 0.31, issue 19 item 3). The site writes them once per variant,
as ``static/maps/VARIANT-HASH.js`` (the *base*: the map drawn with no unit, no order and
the start's centers), and each phase as its *layer*: what makes its picture differ from
the base, line by line (``PHASE.map.js``, a few KB). ``templates/static/map.js`` puts the
two together in the page: the same text, byte for byte, as :func:`render_svg` gives, which
the page shows and offers as a standalone SVG. Both are scripts, not data fetched, because
a page opened from ``file://`` may load scripts but not read files.

A layer is a list of steps, each giving lines of the picture in order:

- ``[i, n]``: base lines ``i`` to ``i + n - 1``, as they are;
- ``[i, tag, tag, ...]``: base line ``i`` with its tags' attributes changed, one entry per
  opening tag of the line: ``null``, the tag as it is, or ``[[name], [name, value], ...]``, its
  attributes in this order (``[name]``: the base line's value); everything between the
  tags as it is (a province filled with its owner's colour keeps its outline, a center's
  ring takes its new owner's colour);
- ``"text"``: a line of its own.

:func:`layer_steps` checks every layer by putting it together again (:func:`compose`)
before it is written: a picture the steps would not give back exactly is written as its
own lines, so a page never shows anything but the picture the renderer drew.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
from functools import cached_property

from gm_tools.engine.model import Position
from gm_tools.engine.variant import Variant
from gm_tools.publish.render import RenderOptions, render_svg

BASE_FOLDER = "static/maps"
"""Where the base maps go in the site."""
LAYER_SUFFIX = ".map.js"
"""A phase's layer: ``S1901M.map.js`` beside ``S1901M.html``."""

_TAG = re.compile(r'<([A-Za-z][\w:-]*)((?: [\w:-]+="[^"]*")*)(/?>)')
"""An opening tag as the renderer writes it: name, attributes (each ``name="value"`` after one
space), and ``>`` or ``/>``."""
_ATTR = re.compile(r' ([\w:-]+)="([^"]*)"')


def base_picture(variant: Variant, look: RenderOptions) -> str:
    """The variant's map with nothing of a game on it: no unit, no order, the centers as they
    start (most phases' owners, so their provinces need no change), no title."""
    empty = Position(phase=variant.calendar.first_phase, centers=dict(variant.start_centers))
    return render_svg(variant, empty, options=look)


def base_name(variant: Variant, base: str) -> str:
    """The base map's file name: the variant and a hash of its text, so a page's script is
    never a stale copy in a browser's cache, and two looks of one variant never collide."""
    return f"{variant.name}-{hashlib.sha256(base.encode('utf-8')).hexdigest()[:16]}"


def base_script(name: str, base: str) -> str:
    """The base map as the script a page loads (``gmBase(name, lines)``)."""
    return f"gmBase({json.dumps(name)},{_json(base.split(chr(10)))});\n"


def layer_script(name: str, steps: list) -> str:
    """A phase's layer as the script a page loads after its base (``gmLayer(base, steps)``)."""
    return f"gmLayer({json.dumps(name)},{_json(steps)});\n"


class BasePicture:
    """A variant's base map in one look, drawn the first time it is asked for (a game whose
    phases are all kept as they were draws none), and the layers over it."""

    def __init__(self, variant: Variant, look: RenderOptions):
        self.variant, self.look = variant, look

    @cached_property
    def text(self) -> str:
        """The base map's SVG (:func:`base_picture`)."""
        return base_picture(self.variant, self.look)

    @cached_property
    def name(self) -> str:
        """Its name (:func:`base_name`), which layers give to say what they are drawn over."""
        return base_name(self.variant, self.text)

    @property
    def path(self) -> str:
        """Its script's path in the site."""
        return f"{BASE_FOLDER}/{self.name}.js"

    def script(self) -> str:
        return base_script(self.name, self.text)

    def layer(self, picture: str) -> str:
        """The layer script that gives ``picture`` over this base."""
        return layer_script(self.name, layer_steps(self.text, picture))


def _json(value) -> str:
    # ensure_ascii: the scripts are pure ASCII, whatever the names on the map
    return json.dumps(value, separators=(",", ":"))


def _pieces(line: str) -> tuple[list, list[str]]:
    """A line's opening tags, and the text around them (one more piece than tags)."""
    tags = list(_TAG.finditer(line))
    ends = [0] + [m.end() for m in tags]
    starts = [m.start() for m in tags] + [len(line)]
    return tags, [line[a:b] for a, b in zip(ends, starts)]


def _patch(old: str, new: str) -> list | None:
    """One entry per opening tag that turns line ``old`` into ``new`` when only the tags'
    attributes differ; None otherwise."""
    (a_tags, a_text), (b_tags, b_text) = _pieces(old), _pieces(new)
    if len(a_tags) != len(b_tags) or not a_tags or a_text != b_text:
        return None
    patch: list = []
    for a, b in zip(a_tags, b_tags):
        if a.group(1) != b.group(1) or a.group(3) != b.group(3):
            return None
        if a.group(2) == b.group(2):
            patch.append(None)
            continue
        was = dict(_ATTR.findall(a.group(2)))
        patch.append([[k] if was.get(k) == v else [k, v] for k, v in _ATTR.findall(b.group(2))])
    return patch


def layer_steps(base: str, picture: str) -> list:
    """The steps that give ``picture`` from ``base`` (see the module's docstring)."""
    old, new = base.split("\n"), picture.split("\n")
    steps: list = []
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            steps.append([i1, i2 - i1])
        elif op == "replace" and i2 - i1 == j2 - j1:
            for i, j in zip(range(i1, i2), range(j1, j2)):
                patch = _patch(old[i], new[j])
                steps.append([i, *patch] if patch is not None else new[j])
        elif op != "delete":
            steps.extend(new[j1:j2])
    if compose(base, steps) != picture:  # never expected; a picture is never shown wrong
        steps = list(new)
    return steps


def compose(base: str, steps: list) -> str:
    """The picture the steps give from ``base``: what ``templates/static/map.js`` does in
    the page, in Python (the tests and :func:`layer_steps` check one against the other)."""
    old, lines = base.split("\n"), []
    for step in steps:
        if isinstance(step, str):
            lines.append(step)
        elif isinstance(step[1], int):
            lines.extend(old[step[0]:step[0] + step[1]])
        else:
            tags, text = _pieces(old[step[0]])
            line = text[0]
            for tag, attrs, after in zip(tags, step[1:], text[1:]):
                if attrs is None:
                    line += tag.group(0) + after
                    continue
                was = dict(_ATTR.findall(tag.group(2)))
                written = "".join(f' {a[0]}="{was[a[0]] if len(a) == 1 else a[1]}"' for a in attrs)
                line += f"<{tag.group(1)}{written}{tag.group(3)}{after}"
            lines.append(line)
    return "\n".join(lines)


def _unscript(text: str) -> tuple[str, list]:
    """(name, JSON value) of a base or layer script this module wrote."""
    start, comma = text.index("("), text.index(",")
    return json.loads(text[start + 1:comma]), json.loads(text[comma + 1:text.rindex(")")])


def picture_from_files(base_text: str, layer_text: str) -> str:
    """A phase's whole picture from its base and layer scripts as written in the site (a
    program reading an archive, and the tests, get the SVG the page shows)."""
    _, lines = _unscript(base_text)
    _, steps = _unscript(layer_text)
    return compose("\n".join(lines), steps)
