"""A map's regions and labels drawn straight through cairo, the rest through cairosvg.

Most of the time cairosvg spends on one of our maps goes to reading the coastlines: every
region's outline (thousands of points) is parsed in Python and fed to cairo a point at a time,
for every picture again; and to its labels, each drawn letter by letter through Python. Here
the picture's simple groups (the regions ``<g id="regions">``, the labels, the centers, and
their copies in an inset, made by :mod:`gm_tools.publish.render`) are drawn by this module:
each outline is read once per process (kept by its path text, the same from phase to phase)
and handed to cairo whole, and a text is drawn with the same cairo calls cairosvg makes (its
outline, its glyphs in the fill colour, the outline stroked for the halo). The rest (units,
orders, the legend) is drawn by cairosvg on the same surface, in the order of the document:
each piece between two groups drawn here is a small SVG document of its own.

Only what this module knows is drawn this way (:func:`split`): a ``<g>`` with no group inside
whose children are all paths of lines and quadratic curves (filled with a colour, ``none``
or a pattern of the kind the renderer defines), one-line texts in px, lines or circles,
under groups that only translate and nested ``<svg>`` viewports. A group of any other kind
stays with cairosvg; a picture with none is drawn by cairosvg alone, so a new kind of element
can cost speed, never a wrong picture. ``tests/test_png.py`` holds both ways equal, pixel for
pixel within anti-aliasing, on every shipped variant's map.
"""

from __future__ import annotations

import math
import re
import struct
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache

_TAG = re.compile(r"<(/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+\s*=\s*\"[^\"]*\")*)\s*(/?)>")
_ATTR = re.compile(r"([\w:-]+)\s*=\s*\"([^\"]*)\"")
_TRANSLATE = re.compile(r"^\s*translate\(\s*([-+\d.eE]+)(?:[\s,]+([-+\d.eE]+))?\s*\)\s*$")
_TOKEN = re.compile(r"[A-DF-Za-df-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|\S")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_URL = re.compile(r"^url\(#([\w-]+)\)$")

GROUP_ATTRS = {"id", "stroke-linejoin", "fill-rule"}
PATH_ATTRS = {"id", "class", "d", "fill", "stroke", "stroke-width", "stroke-dasharray"}
ANCESTOR_ATTRS = {"id", "class", "transform"}


@dataclass(frozen=True)
class Regions:
    """One regions group of the picture, with where it is drawn."""

    element: ET.Element
    """The ``<g>`` element: plain paths only (:func:`_known`)."""
    steps: tuple[tuple, ...]
    """From the picture's user units to the group's, in the order cairosvg takes them:
    ``("translate", x, y)``, ``("scale", s)``, ``("clip", x, y, width, height)``."""


@dataclass(frozen=True)
class Layers:
    """A picture cut for drawing (see the module's docstring): ``pieces[0]``, ``regions[0]``,
    ``pieces[1]``, ``regions[1]``, ... ``pieces[-1]``."""

    pieces: tuple[str, ...]
    """SVG documents drawn by cairosvg, one before each regions group and one after the last."""
    regions: tuple[Regions, ...]
    """The regions groups drawn here: the map's, and the inset's copy of them."""
    size: tuple[float, float]
    """The picture's width and height in user units (its viewBox)."""
    patterns: dict[str, ET.Element]
    """Pattern id -> its ``<pattern>`` element, for the regions filled with one."""


def split(svg: str) -> Layers | None:
    """The picture cut around its regions groups, or None when it is not of the shape this
    module draws. A regions group is a ``<g>`` of plain paths with a ``fill-rule`` (the map's
    ``<g id="regions">``, and its copy in an inset) under groups and nested ``<svg>`` elements
    that only move, scale and clip; a group that is not drawn here stays in a piece."""
    if "<!" in svg or "<?" in svg[1:]:
        return None  # comments and declarations: not our renderer's pictures
    root = _TAG.search(svg)
    if root is None or root.group(2) != "svg" or root.group(1) or root.group(4) or svg[:root.start()].strip(" \n"):
        return None
    size = _size(dict(_ATTR.findall(root.group(3))))
    if size is None:
        return None
    defs_text = "".join(re.findall(r"<defs>.*?</defs>", svg, re.S))
    try:
        patterns = {p.get("id"): p for d in re.findall(r"<defs>.*?</defs>", svg, re.S)
                    for p in ET.fromstring(d).iter("pattern")}
    except ET.ParseError:
        return None
    stack: list[tuple[str, dict, str]] = []  # open elements: name, attributes, opening tag
    found: list[tuple[int, int, list, Regions]] = []
    pos = root.end()
    while True:
        tag = _TAG.search(svg, pos)
        if tag is None:
            break
        pos = tag.end()
        closing, name, attr_text, empty = tag.groups()
        if closing:
            if not stack and name == "svg":
                break  # the root's end
            if not stack or stack[-1][0] != name:
                return None
            stack.pop()
            continue
        if empty:
            continue
        attrs = dict(_ATTR.findall(attr_text))
        if name == "g" and not set(attrs) - GROUP_ATTRS:
            group = _regions(svg, tag, attrs, stack, patterns)
            if group is not None:
                found.append((tag.start(), group[0], list(stack), group[1]))
                pos = group[0]
                continue
        stack.append((name, attrs, tag.group(0)))
    if not found:
        return None
    head = root.group(0)
    pieces = []
    after = root.end()
    opened: list = []
    for start, end, ancestors, _ in found:
        pieces.append(head + (defs_text if pieces else "") + "".join(t for _, _, t in opened)
                      + svg[after:start] + "".join(f"</{n}>" for n, _, _ in reversed(ancestors)) + "</svg>")
        after, opened = end, ancestors
    pieces.append(head + defs_text + "".join(t for _, _, t in opened) + svg[after:])
    return Layers(pieces=tuple(pieces), regions=tuple(r for *_, r in found), size=size, patterns=patterns)


def _regions(svg: str, tag, attrs: dict, ancestors: list, patterns: dict) -> tuple[int, Regions] | None:
    """The regions group opened by ``tag`` and the end of its text, if this module draws it."""
    end = svg.find("</g>", tag.end())
    if end < 0 or svg.find("<g", tag.end(), end) >= 0:
        return None
    end += len("</g>")
    steps = _steps(ancestors)
    if steps is None:
        return None
    try:
        element = ET.fromstring(svg[tag.start():end])
    except ET.ParseError:
        return None
    if not _known(element, patterns):
        return None
    return end, Regions(element=element, steps=steps)


def _steps(ancestors: list) -> tuple[tuple, ...] | None:
    """How cairosvg places what is inside ``ancestors``: groups that translate, nested
    ``<svg>`` viewports (moved, clipped, scaled to their viewBox, centred: xMidYMid meet)."""
    steps: list[tuple] = []
    for name, attrs, _ in ancestors:
        if name == "g":
            if set(attrs) - ANCESTOR_ATTRS:
                return None
            if "transform" in attrs:
                moved = _TRANSLATE.match(attrs["transform"])
                if moved is None:
                    return None
                steps.append(("translate", float(moved.group(1)), float(moved.group(2) or 0.0)))
        elif name == "svg":
            if set(attrs) - {"id", "x", "y", "width", "height", "viewBox"}:
                return None
            try:
                x, y = float(attrs.get("x", 0)), float(attrs.get("y", 0))
                width, height = float(attrs["width"]), float(attrs["height"])
                vx, vy, vw, vh = (float(v) for v in attrs["viewBox"].replace(",", " ").split())
            except (KeyError, ValueError):
                return None
            if min(width, height, vw, vh) <= 0:
                return None
            scale = min(width / vw, height / vh)
            steps += [("translate", x, y), ("translate", -vx * scale, -vy * scale),
                      ("clip", vx * scale, vy * scale, width, height), ("scale", scale),
                      ("translate", (width / scale - vw) / 2, (height / scale - vh) / 2)]
        else:
            return None
    return tuple(steps)


def _size(attrs: dict) -> tuple[float, float] | None:
    try:
        box = [float(v) for v in attrs.get("viewBox", "").replace(",", " ").split()]
        width, height = float(attrs["width"]), float(attrs["height"])
    except (KeyError, ValueError):
        return None
    if len(box) != 4 or box[:2] != [0.0, 0.0] or box[2:] != [width, height] or width <= 0 or height <= 0:
        return None
    return width, height


def _known(group: ET.Element, patterns: dict[str, ET.Element]) -> bool:
    """Is every part of the group something this module draws as cairosvg would: outlines
    (paths of lines), labels (plain one-line texts), leader lines and dots?"""
    if set(group.attrib) - GROUP_ATTRS or group.get("fill-rule", "nonzero") not in ("evenodd", "nonzero"):
        return False
    return len(group) > 0 and all(_KNOWN.get(child.tag, _unknown)(child, patterns) for child in group)


def _unknown(element: ET.Element, patterns) -> bool:
    return False


def _colour_or_none(value: str | None) -> bool:
    return value is not None and (value == "none" or _COLOUR.match(value) is not None)


def _known_path(path: ET.Element, patterns) -> bool:
    if set(path.attrib) - PATH_ATTRS or "d" not in path.attrib or "fill" not in path.attrib:
        return False
    if any(child.tag != "title" for child in path):
        return False
    pattern = _URL.match(path.get("fill"))
    if pattern is not None:
        if not _plain_pattern(patterns.get(pattern.group(1))):
            return False
    elif not _colour_or_none(path.get("fill")):
        return False
    if not _colour_or_none(path.get("stroke", "none")):
        return False
    try:
        _path_data(path.get("d"))
    except ValueError:
        return False
    return True


def _known_text(text: ET.Element, patterns) -> bool:
    words = text.text or ""
    return (not set(text.attrib) - TEXT_ATTRS and len(text) == 0 and {"x", "y", "font-size"} <= set(text.attrib)
            and text.get("font-size", "").endswith("px") and _number(text.get("font-size")[:-2])
            and _number(text.get("x")) and _number(text.get("y")) and _number(text.get("stroke-width", "1"))
            and text.get("text-anchor", "start") in ("start", "middle", "end")
            and text.get("font-weight", "normal") in ("normal", "bold")
            and _COLOUR.match(text.get("fill", "")) is not None and _colour_or_none(text.get("stroke", "none"))
            and text.get("stroke-linejoin", "round") == "round"
            and words == words.strip() and "  " not in words and not any(c in words for c in "\n\r\t"))


def _known_line(line: ET.Element, patterns) -> bool:
    return (not set(line.attrib) - {"class", "x1", "y1", "x2", "y2", "stroke", "stroke-width"} and len(line) == 0
            and all(_number(line.get(k, "0")) for k in ("x1", "y1", "x2", "y2", "stroke-width"))
            and _colour_or_none(line.get("stroke", "none")))


def _known_circle(circle: ET.Element, patterns) -> bool:
    return (not set(circle.attrib) - {"cx", "cy", "r", "fill", "stroke", "stroke-width"} and len(circle) == 0
            and all(_number(circle.get(k, "0")) for k in ("cx", "cy", "r", "stroke-width"))
            and float(circle.get("r", "0")) > 0 and _colour_or_none(circle.get("fill"))
            and _colour_or_none(circle.get("stroke", "none")))


def _number(text: str | None) -> bool:
    try:
        float(text or "")
    except ValueError:
        return False
    return True


_KNOWN = {"path": _known_path, "text": _known_text, "line": _known_line, "circle": _known_circle}
TEXT_ATTRS = {"x", "y", "font-family", "font-size", "text-anchor", "font-weight", "fill", "stroke", "stroke-width",
              "stroke-linejoin"}


def _plain_pattern(pattern: ET.Element | None) -> bool:
    """A tile in user units of rectangles and stroked paths: the renderer's hatchings."""
    if pattern is None or pattern.get("patternUnits") != "userSpaceOnUse":
        return False
    if set(pattern.attrib) - {"id", "patternUnits", "width", "height"}:
        return False
    for child in pattern:
        if child.tag == "rect":
            if set(child.attrib) - {"width", "height", "fill"} or not _COLOUR.match(child.get("fill", "")):
                return False
        elif child.tag == "path":
            if set(child.attrib) - {"d", "stroke", "stroke-width"} or not _COLOUR.match(child.get("stroke", "")):
                return False
        else:
            return False
    return True


@lru_cache(maxsize=8192)
def _path_data(d: str) -> bytes:
    """Path text (M, L, H, V, Q, Z, absolute or relative) as cairo's ``cairo_path_data_t``
    array, read once per process: a map's outlines are the same in every picture. A quadratic
    curve becomes the cubic cairosvg makes of it (control points two thirds of the way)."""
    tokens = [t for t in _TOKEN.findall(d) if t != ","]  # anything else unknown fails float()
    out = bytearray()
    pack_header, pack_point = struct.Struct("@ii8x").pack, struct.Struct("@dd").pack
    x = y = sx = sy = 0.0
    command = None
    i, n = 0, len(tokens)
    while i < n:
        token = tokens[i]
        if token.isalpha():
            if token not in "MmLlHhVvQqZz":
                raise ValueError(f"path command {token!r} is not drawn here")
            command = token
            i += 1
            if command in "Zz":
                out += pack_header(3, 1)  # CAIRO_PATH_CLOSE_PATH
                x, y = sx, sy
                command = None
            continue
        if command is None:
            raise ValueError(f"path data starts with a number: {d[:40]!r}")
        if command in "HhVv":
            value = float(token)
            i += 1
            if command == "H":
                x = value
            elif command == "h":
                x += value
            elif command == "V":
                y = value
            else:
                y += value
            out += pack_header(1, 2) + pack_point(x, y)
            continue
        if command in "Qq":
            if i + 3 >= n or any(t.isalpha() for t in tokens[i:i + 4]):
                raise ValueError(f"a curve without its points in path data: {d[:40]!r}")
            cx, cy, px, py = (float(t) for t in tokens[i:i + 4])
            i += 4
            if command == "q":
                cx, cy, px, py = cx + x, cy + y, px + x, py + y
            out += (pack_header(2, 4) + pack_point(cx * 2 / 3 + x / 3, cy * 2 / 3 + y / 3)  # CAIRO_PATH_CURVE_TO
                    + pack_point(cx * 2 / 3 + px / 3, cy * 2 / 3 + py / 3) + pack_point(px, py))
            x, y = px, py
            continue
        if i + 1 >= n or tokens[i + 1].isalpha():
            raise ValueError(f"a point without its y in path data: {d[:40]!r}")
        px, py = float(token), float(tokens[i + 1])
        i += 2
        if command in ("m", "l"):
            px, py = px + x, py + y
        elif command not in ("M", "L"):
            raise ValueError(f"path command {command!r} is not drawn here")
        x, y = px, py
        if command in "Mm":
            sx, sy = x, y
            out += pack_header(0, 2) + pack_point(x, y)  # CAIRO_PATH_MOVE_TO
            command = "l" if command == "m" else "L"  # further pairs are lines
        else:
            out += pack_header(1, 2) + pack_point(x, y)  # CAIRO_PATH_LINE_TO
    return bytes(out)


def _rgb(colour: str) -> tuple[float, float, float]:
    return int(colour[1:3], 16) / 255, int(colour[3:5], 16) / 255, int(colour[5:7], 16) / 255


def draw_regions(context, regions: Regions, patterns: dict[str, ET.Element]) -> None:
    """Draw one group on a cairo context set to the picture's user units, each element as
    cairosvg draws it (its fill, then its stroke; a text's glyphs, then its outline)."""
    import cairocffi as cairo

    context.save()
    for step in regions.steps:
        if step[0] == "translate":
            context.translate(step[1], step[2])
        elif step[0] == "scale":
            context.scale(step[1], step[1])
        else:
            context.rectangle(*step[1:])
            context.clip()
    group = regions.element
    if group.get("fill-rule") == "evenodd":
        context.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
    if group.get("stroke-linejoin") == "round":
        context.set_line_join(cairo.LINE_JOIN_ROUND)
    context.set_miter_limit(4)
    tiles: dict[str, object] = {}
    for element in group:
        context.save()
        context.new_path()
        if element.tag == "text":
            _draw_text(context, element)
        else:
            if element.tag == "path":
                _append(context, _path_data(element.get("d")))
            elif element.tag == "line":
                context.move_to(float(element.get("x1", "0")), float(element.get("y1", "0")))
                context.line_to(float(element.get("x2", "0")), float(element.get("y2", "0")))
            else:  # a circle, as cairosvg makes it
                context.new_sub_path()
                context.arc(float(element.get("cx", "0")), float(element.get("cy", "0")), float(element.get("r")),
                            0, 2 * math.pi)
                context.close_path()
            fill = element.get("fill", "none" if element.tag == "line" else "#000000")
            if fill != "none":
                pattern = _URL.match(fill)
                if pattern is not None:
                    name = pattern.group(1)
                    if name not in tiles:
                        tiles[name] = _tile(patterns[name])
                    context.set_source(tiles[name])
                else:
                    context.set_source_rgb(*_rgb(fill))
                context.fill_preserve()
            _stroke(context, element)
        context.restore()
    context.restore()


def _stroke(context, element: ET.Element) -> None:
    stroke = element.get("stroke", "none")
    if stroke == "none":
        context.new_path()
        return
    context.set_source_rgb(*_rgb(stroke))
    context.set_line_width(float(element.get("stroke-width", "1")))
    dashes = element.get("stroke-dasharray")
    if dashes:
        context.set_dash([float(v) for v in dashes.replace(",", " ").split()])
    context.stroke()


def _draw_text(context, text: ET.Element) -> None:
    """A one-line label as cairosvg draws it: its outline built letter by letter, its glyphs
    shown letter by letter in the fill colour, then the outline stroked (the white halo)."""
    import cairocffi as cairo

    words = text.text or ""
    family = (text.get("font-family") or "sans-serif").split(",")[0].strip("\"' ")
    weight = cairo.FONT_WEIGHT_BOLD if text.get("font-weight") == "bold" else cairo.FONT_WEIGHT_NORMAL
    size = float(text.get("font-size")[:-2])
    x, y = float(text.get("x")), float(text.get("y"))
    if text.get("stroke-linejoin") == "round":
        context.set_line_join(cairo.LINE_JOIN_ROUND)

    def letters(show: bool) -> None:
        context.select_font_face(family, cairo.FONT_SLANT_NORMAL, weight)
        context.set_font_size(size)
        x_bearing, _, width, _, _, _ = context.text_extents(words)
        anchor = text.get("text-anchor")
        align = -(width / 2 + x_bearing) if anchor == "middle" else -(width + x_bearing) if anchor == "end" else 0
        cursor = x
        for letter in words:
            advance = context.text_extents(letter)[4]
            context.save()
            context.move_to(cursor, y)
            context.rel_move_to(align, 0)
            if not letter.isspace():
                if show:
                    context.show_text(letter)
                else:
                    context.text_path(letter)
            context.restore()
            cursor += advance

    context.move_to(x, y)
    letters(show=False)
    context.save()
    context.set_source_rgb(*_rgb(text.get("fill")))
    letters(show=True)
    context.restore()
    _stroke(context, text)


def _append(context, data: bytes) -> None:
    """Hand cairo a whole outline at once (cairocffi's ``append_path`` would copy it point by point)."""
    from cairocffi import cairo as lib
    from cairocffi import ffi

    buffer = ffi.from_buffer("cairo_path_data_t[]", data)
    path = ffi.new("cairo_path_t *", {"status": 0, "data": buffer, "num_data": len(data) // 16})
    lib.cairo_append_path(context._pointer, path)
    context._check_status()


def _tile(pattern: ET.Element):
    """A repeating pattern in user units, drawn as the renderer's ``<pattern>`` says. Its tile
    is rasterised at one pixel a user unit, then scaled with the picture, as cairosvg does
    (drawn at the picture's own resolution, the hatching would be sharper than cairosvg's)."""

    import cairocffi as cairo

    width, height = float(pattern.get("width")), float(pattern.get("height"))
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, math.ceil(width), math.ceil(height))
    tile = cairo.Context(surface)
    for child in pattern:
        if child.tag == "rect":
            tile.rectangle(0, 0, float(child.get("width", width)), float(child.get("height", height)))
            tile.set_source_rgb(*_rgb(child.get("fill")))
            tile.fill()
        else:
            tile.new_path()
            _append(tile, _path_data(child.get("d")))
            tile.set_source_rgb(*_rgb(child.get("stroke")))
            tile.set_line_width(float(child.get("stroke-width", "1")))
            tile.stroke()
    source = cairo.SurfacePattern(surface)
    source.set_extend(cairo.EXTEND_REPEAT)
    return source
