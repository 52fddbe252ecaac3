"""A phase's map as a small layer over its variant's base map, which every page shares.

A phase's picture repeats its variant's coastlines, borders and names, most of its bytes
(0.3 MB of a standard map's 0.31, issue 19 item 3). The site writes them once per variant,
as ``static/maps/VARIANT-HASH.js`` (the *base*: the map drawn with no unit, no order and
the start's centers), and each phase as its *layer*: what makes its picture differ from
the base, line by line (``PHASE.map.js``, a few KB). ``templates/static/map.js`` puts the
two together in the page: the same text, byte for byte, as :func:`gm_tools.publish.render.render_svg` gives, which
the page shows and offers as a standalone SVG. Both are scripts, not data fetched, because
a page opened from ``file://`` may load scripts but not read files.

A layer is a list of steps, each giving lines of the picture in order:

- ``[i, n]``: base lines ``i`` to ``i + n - 1``, as they are;
- ``[i, piece, piece, ...]``: base line ``i`` changed (a province filled with its owner's
  colour keeps its outline, a center's ring takes its new owner's colour);
- ``[-1 - j, piece, ...]``: the picture's own line ``j``, given before, changed (a unit is
  drawn as the unit before it was, at another place in another colour);
- ``"text"``: a line of its own.

A changed line is the line's pieces in order, the text before its first opening tag, the
tag, the text after it, and so on: ``null`` (as in the line changed; trailing ``null`` pieces are
left out), a text in place of a text, and for a tag either ``{name: value}`` (the same
attributes in the same order, these with new values) or ``[[name], [name, value], ...]``
(these attributes in this order; ``[name]`` keeps the line's value).

A change gives its line back exactly by construction: a line is cut at its opening tags
(``_TAG``: a name, then nothing but `` name="value"`` attributes, then ``>`` or ``/>``), so the
pieces and the attributes put together again are the line itself, and a change is taken only
between lines whose tags have the same names and endings. The tests check it on every pair
of like lines of real pictures, and put whole pictures together again (:func:`compose`), so a
page never shows anything but the picture the renderer drew. (Each change was once made
into its line again as it was found: a seventh of a layer's time, for nothing.)
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import cached_property, lru_cache

from gm_tools.engine.model import Position
from gm_tools.engine.variant import Variant
from gm_tools.publish.render import RenderOptions, render_lines

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
    return "\n".join(base_lines(variant, look))


def base_lines(variant: Variant, look: RenderOptions) -> list[str]:
    """:func:`base_picture` as its lines (:func:`gm_tools.publish.render.render_lines`)."""
    empty = Position(phase=variant.calendar.first_phase, centers=dict(variant.start_centers))
    return render_lines(variant, empty, options=look)


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

    def __init__(self, variant: Variant, look: RenderOptions, makers: dict[str, LayerMaker] | None = None):
        self.variant, self.look = variant, look
        self.makers = {} if makers is None else makers
        """Base name -> its :class:`LayerMaker`; a build shares one dict between its games."""

    @cached_property
    def lines(self) -> list[str]:
        """The base map's SVG, line by line (:func:`base_lines`)."""
        return base_lines(self.variant, self.look)

    @cached_property
    def text(self) -> str:
        """The base map's SVG (:func:`base_picture`)."""
        return "\n".join(self.lines)

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

    def layer(self, picture: str | list[str]) -> str:
        """The layer script that gives ``picture`` (its text or its lines) over this base."""
        maker = self.makers.get(self.name)
        if maker is None:
            maker = self.makers[self.name] = LayerMaker(self.lines)
        return f"gmLayer({json.dumps(self.name)},{maker.steps_json(picture)});\n"


_ENCODER = json.JSONEncoder(separators=(",", ":"))
"""Compact JSON, ASCII only: the scripts are pure ASCII, whatever the names on the map. Made
once (``json.dumps`` with options makes an encoder at every call, a layer's changes by the
thousand)."""


def _json(value) -> str:
    return _ENCODER.encode(value)


@lru_cache(maxsize=65536)
def _pieces(line: str) -> tuple[tuple, tuple[str, ...]]:
    """A line's opening tags, each (name, attributes, ending, the whole tag), and the text
    around them (one more piece than tags). Kept for the lines seen last: a build reads the
    same unit, order and province lines again and again, paired with ever other lines."""
    tags = list(_TAG.finditer(line))
    ends = [0] + [m.end() for m in tags]
    starts = [m.start() for m in tags] + [len(line)]
    return (tuple((m.group(1), m.group(2), m.group(3), m.group(0)) for m in tags),
            tuple(line[a:b] for a, b in zip(ends, starts)))


@lru_cache(maxsize=65536)
def _attrs(text: str) -> tuple[tuple[str, str], ...]:
    """A tag's attributes, (name, value) in order."""
    return tuple(_ATTR.findall(text))


@lru_cache(maxsize=65536)
def _names(text: str) -> tuple[str, ...]:
    """A tag's attributes' names, in order."""
    return tuple(name for name, _ in _attrs(text))


def _attributes(old: str, new: str):
    """A tag's change from attributes ``old`` to ``new`` (see the module's docstring)."""
    if old == new:
        return None
    was, now = _attrs(old), _attrs(new)
    if _names(old) == _names(new):
        return {k: v for (k, v), (_, before) in zip(now, was) if v != before}
    before = dict(was)
    return [[k] if before.get(k) == v else [k, v] for k, v in now]


def _patch(old: str, new: str) -> list | None:
    """The pieces that turn line ``old`` into ``new`` when both have the same tags (names and
    endings) in the same order; None otherwise."""
    (a_tags, a_text), (b_tags, b_text) = _pieces(old), _pieces(new)
    if len(a_tags) != len(b_tags) or not a_tags:
        return None
    patch: list = []
    for k, (was, now) in enumerate(zip(a_text, b_text)):
        patch.append(None if was == now else now)
        if k < len(a_tags):
            a, b = a_tags[k], b_tags[k]
            if a[0] != b[0] or a[2] != b[2]:
                return None
            patch.append(_attributes(a[1], b[1]))
    while patch and patch[-1] is None:
        patch.pop()
    return patch


def _changed(line: str, patch: list) -> str:
    """``line`` with ``patch`` applied (:func:`_patch`)."""
    tags, text = _pieces(line)
    piece = iter(patch)
    out = []
    for k, around in enumerate(text):
        change = next(piece, None)
        out.append(around if change is None else change)
        if k < len(tags):
            change, tag = next(piece, None), tags[k]
            if change is None:
                out.append(tag[3])
                continue
            if isinstance(change, dict):
                attrs = "".join(f' {n}="{change.get(n, v)}"' for n, v in _attrs(tag[1]))
            else:
                was = dict(_attrs(tag[1]))
                attrs = "".join(f' {a[0]}="{was[a[0]] if len(a) == 1 else a[1]}"' for a in change)
            out.append(f"<{tag[0]}{attrs}{tag[2]}")
    return "".join(out)


SHORT = 2000
"""Lines longer than this (a province's outline) are never models for later lines: their
changes are found against the base, and reading them for their shape would cost more."""


GROUP = '<g id="'
"""How the lines that open the map's groups (regions, centers, units, orders...) start."""

RUN, LINE, CHANGE = 0, 1, 2
"""The kinds of step :meth:`LayerMaker._walk` gives."""
BLOCK = 32
"""Lines compared at once while a run of base lines lasts."""
LOOKAHEAD = 3
"""How many picture lines on a layer maker looks for the base's next line before it takes a
line for that line changed: a province's marker and note are lines put in, and taking them
for changes would shift every line after them by one."""


OWN_LINES_AFTER = '<g id="orders">'
"""The base's empty group of orders: the lines a picture puts in it (its orders' arrows and
rings) are given as themselves, never as the change of an earlier line. Each is drawn from
its own coordinates, so a pair of them is seldom seen twice, and reading a new line's tags
and finding its change took most of a layer's time (1.1 of 1.8 ms a standard phase, 20
games) to save 3.2 KB of its 14 (beside a PNG of about 360 KB)."""


def _shape(line: str) -> tuple:
    """What a line must share with an earlier one to be given as its change: its tags' names,
    attributes' names and endings."""
    return tuple((name, _names(attrs), end) for name, attrs, end, _ in _pieces(line)[0])


def layer_steps(base: str, picture: str) -> list:
    """The steps that give ``picture`` from ``base`` (see the module's docstring)."""
    return LayerMaker(base).steps(picture)


class LayerMaker:
    """Makes layers over one base map, remembering the line changes it has worked out: the
    phases of a build share most of them (a province filled with one power's colour, a unit
    drawn as the one before it), and finding a change costs far more than looking it up.

    The picture is walked against the base line by line, not diffed (``difflib`` took two
    thirds of a phase's build): a line equal to the base's next line continues a run of base
    lines; a line found once in the base further on, or equal to the line after the next,
    skips the base lines between (a layer never needs them); a line followed closely by the
    base's next line is one put in, a line of its own; any other line is the base's next line
    changed, when that change is shorter than the line, or a line of its own."""

    LIMIT = 20000
    """Changes remembered; past this the memory starts again (a build of many variants)."""
    GROUPS = 2000
    """Groups remembered, likewise."""

    def __init__(self, base: str | list[str]):
        self.old = base.split("\n") if isinstance(base, str) else base
        seen: dict[str, int] = {}
        for i, line in enumerate(self.old):
            seen[line] = -1 if line in seen else i
        self.unique = {line: i for line, i in seen.items() if i >= 0}
        """A line found once in the base -> its index."""
        self.changes: dict[tuple, list | None] = {}
        """(base line or earlier picture line, line) -> the patch giving it, None when none is shorter."""
        self.shapes: dict[str, tuple] = {}
        self.openers = {line: i for line, i in self.unique.items() if line.startswith(GROUP)}
        """The base's lines that open a group of its own (``<g id="units">``...) -> their index."""
        self.groups: dict[tuple, tuple] = {}
        """(base index, a group's lines) -> its steps (:meth:`_group_json`), for groups of base lines alone."""

    def _change(self, was: str, line: str) -> tuple[list, str] | None:
        """The patch giving ``line`` from ``was`` and its JSON text, or None when none is shorter."""
        key = (was, line)
        if key in self.changes:
            return self.changes[key]
        if len(self.changes) > self.LIMIT:
            self.changes.clear()
        patch = _patch(was, line)
        found = None
        if patch is not None:
            text = _json(patch)
            # written as a JSON string the line takes about a character more for each quote
            if len(text) + 8 < len(line) + line.count('"'):
                found = (patch, text)
        self.changes[key] = found
        return found

    def _shape(self, line: str) -> tuple:
        shape = self.shapes.get(line)
        if shape is None:
            if len(self.shapes) > self.LIMIT:
                self.shapes.clear()
            shape = self.shapes[line] = _shape(line)
        return shape

    def steps(self, picture: str | list[str]) -> list:
        """The steps giving ``picture``, its text or its lines (``render_lines``: a line the
        renderer kept is the base's own string, told equal without reading it)."""
        new = picture.split("\n") if isinstance(picture, str) else picture
        out: list = []
        run = None  # the last step, when a run of base lines the next group may continue
        for start, stop, i in self._groups(new):
            for step in self._walk(new, start, stop, i):
                if step[0] == RUN:
                    if run is not None and run[0] + run[1] == step[1]:
                        run[1] += step[2]
                    else:
                        run = [step[1], step[2]]
                        out.append(run)
                    continue
                run = None
                out.append(step[2] if step[0] == LINE else [step[1], *step[2]])
        return out

    def steps_json(self, picture: str | list[str]) -> str:
        """:meth:`steps` as JSON text (as ``_json`` writes it), from the changes' texts kept
        with them: encoding a layer's list anew took longer than finding it. A group of lines
        given by base lines alone (the provinces' colours, the centers) is looked up whole:
        the phases of a year share them."""
        new = picture.split("\n") if isinstance(picture, str) else picture
        out = []
        run = None  # (base index, count): a run not written yet, which the next group may continue
        for start, stop, i in self._groups(new):
            key = (i, tuple(new[start:stop]))
            group = self.groups.get(key)
            if group is None:
                group, own = self._group_json(new, start, stop, i)
                if not own:
                    if len(self.groups) > self.GROUPS:
                        self.groups.clear()
                    self.groups[key] = group
            head, body, tail = group
            if head is not None:
                if run is not None and run[0] + run[1] == head[0]:
                    run = (run[0], run[1] + head[1])
                else:
                    if run is not None:
                        out.append(f"[{run[0]},{run[1]}]")
                    run = head
            if body or tail is not None:
                if run is not None:
                    out.append(f"[{run[0]},{run[1]}]")
                    run = None
                if body:
                    out.append(body)
                run = tail
        if run is not None:
            out.append(f"[{run[0]},{run[1]}]")
        return "[" + ",".join(out) + "]"

    def _group_json(self, new: list[str], start: int, stop: int, i: int) -> tuple[tuple, bool]:
        """The steps of lines ``start`` to ``stop`` as (first run, JSON text of the steps
        between, last run), a run (base index, count) or None when that step is no run; and
        whether any step is the picture's own (a line, or a change of an earlier line: not to
        be kept for other pictures)."""
        steps, own = list(self._walk(new, start, stop, i)), False
        head = (steps[0][1], steps[0][2]) if steps and steps[0][0] == RUN else None
        tail = (steps[-1][1], steps[-1][2]) if len(steps) > 1 and steps[-1][0] == RUN else None
        out = []
        for step in steps[head is not None:len(steps) - (tail is not None)]:
            if step[0] == RUN:
                out.append(f"[{step[1]},{step[2]}]")
            elif step[0] == LINE:
                out.append(_json(step[2]))
                own = True
            else:  # a patch's text is "[...]": the index goes in front of its pieces
                out.append(f"[{step[1]},{step[3][1:]}" if len(step[3]) > 2 else f"[{step[1]}]")
                own = own or step[1] < 0
        return (head, ",".join(out), tail), own

    def _groups(self, new: list[str]):
        """(start, stop, base index) of each group of the picture's lines: cut before each line
        that opens one of the base's groups (``<g id="...">``, found once in the base), the
        walk of each starting at that line's place in the base."""
        cuts = [(j, at) for j, line in enumerate(new) if (at := self.openers.get(line)) is not None]
        if not cuts or cuts[0][0] != 0:
            cuts.insert(0, (0, 0))
        for k, (start, i) in enumerate(cuts):
            yield start, cuts[k + 1][0] if k + 1 < len(cuts) else len(new), i

    def _walk(self, new: list[str], j: int, m: int, i: int):
        """The steps giving lines ``j`` to ``m`` of the picture, the base read from line ``i``,
        as tuples: (RUN, base index, count), (LINE, text), or (CHANGE, index of the line changed,
        patch, the patch's JSON text)."""
        old, unique = self.old, self.unique
        run: list | None = None  # a run of base lines that may grow, not yet given
        models: dict[tuple, int] = {}  # a short line's shape -> the last picture line of that shape
        n = len(old)
        while j < m:
            line = new[j]
            if i < n and old[i] == line:
                # a run of base lines, found a block at a time (most of a picture is the
                # base's own lines, the same objects: comparing blocks costs next to nothing)
                k = 1
                while (j + k + BLOCK <= m and i + k + BLOCK <= n
                       and new[j + k:j + k + BLOCK] == old[i + k:i + k + BLOCK]):
                    k += BLOCK
                while j + k < m and i + k < n and new[j + k] == old[i + k]:
                    k += 1
                if run is not None:
                    run[2] += k
                else:
                    run = [RUN, i, k]
                i, j = i + k, j + k
                continue
            here, j = j, j + 1
            if i and old[i - 1] == OWN_LINES_AFTER:  # an order drawn: its own line, nothing searched
                if run is not None:
                    yield tuple(run)
                    run = None
                yield (LINE, 0, line)
                continue
            at = unique.get(line, -1)
            skip = at + 1 if at > i else i + 2 if i + 1 < n and old[i + 1] == line else 0
            if run is not None:
                yield tuple(run)
                run = None
            if skip:  # the base lines before it are not in the picture
                run = [RUN, skip - 1, 1]
                i = skip
                continue
            # a line put in before the base's next line (a marker, a note) is no change of it
            inserted = i < n and old[i] in new[here + 1:min(here + 1 + LOOKAHEAD, m)]
            if i < n and not inserted and (change := self._change(old[i], line)) is not None:
                yield (CHANGE, i, *change)
                i += 1
                if len(line) <= SHORT:
                    models[self._shape(line)] = here
                continue
            if len(line) > SHORT or "<" not in line:
                yield (LINE, 0, line)
                continue
            shape = self._shape(line)
            model = models.get(shape)
            change = self._change(new[model], line) if model is not None else None
            yield (LINE, 0, line) if change is None else (CHANGE, -1 - model, *change)
            models[shape] = here
        if run is not None:
            yield tuple(run)


def compose(base: str, steps: list) -> str:
    """The picture the steps give from ``base``: what ``templates/static/map.js`` does in
    the page, in Python (the tests check it against :func:`layer_steps`)."""
    old, lines = base.split("\n"), []
    for step in steps:
        if isinstance(step, str):
            lines.append(step)
        elif len(step) == 2 and isinstance(step[1], int):
            lines.extend(old[step[0]:step[0] + step[1]])
        else:
            lines.append(_changed(old[step[0]] if step[0] >= 0 else lines[-1 - step[0]], step[1:]))
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
