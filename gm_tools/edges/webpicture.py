"""A press picture as the site serves it: the GM's file, made fit for a web page.

The file kept with the game (``sheets/NAME/pictures/``) is never changed: it is the archive's.
The copy the site serves is the same bytes, except for a PNG, JPEG or WebP picture that

- is wider than :data:`MAX_WIDTH` pixels: a phone's photo (4,000 pixels, 3 to 5 MB) would
  make every reader of the phase fetch megabytes for a picture shown at a column's width. It
  is scaled down to that width (its proportions kept);
- carries metadata: a camera's EXIF block holds where the photo was taken (GPS), when, and
  with what; XMP and comments may say more. Publishing them would tell every reader where
  the GM lives. They are left out, the picture turned upright first as its EXIF orientation
  said (a browser would have turned it by that), its colour profile kept.

An animated picture, a GIF and an SVG are served as they are. A file the picture library
cannot read is served as it is too: the Press sheet's check (its first bytes) let it
through, and the reader's browser may still show it.

Pillow does the reading, scaling and writing (the library cairosvg itself uses for pictures):
it is imported only when a game has pictures. What it makes is kept in the user's cache
folder by the source's hash, so a long game's pictures are made once, not at every turn.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import tempfile
from pathlib import Path

from gm_tools.edges.cachefolder import cache_folder
from gm_tools.edges.pressimages import HEAD, kind_of

MAX_WIDTH = 1600
"""The widest picture the site serves, in pixels: the page's column (70rem, 1,120 CSS pixels)
at about one and a half times, sharp on most screens."""

VERSION = 1
"""Part of the cache's key: raise it when what :func:`web_picture` makes changes."""

_FORMATS = {"PNG": "PNG", "JPEG": "JPEG", "WEBP": "WEBP"}
_METADATA = ("exif", "xmp", "XML:com.adobe.xmp", "comment", "photoshop", "iptc")


def web_picture(data: bytes) -> bytes:
    """``data`` as the site serves it (the module's text says what changes and why); the same
    bytes for a picture with nothing to change. A changed one is made once per picture and
    Pillow version, then read from the cache folder."""
    if kind_of(data[:16]) not in ("PNG", "JPEG", "WebP"):
        return data
    import PIL

    key = hashlib.sha256(data).hexdigest()
    cached = cache_folder() / "pictures" / f"{key}-{MAX_WIDTH}-{VERSION}-{PIL.__version__}"
    try:
        return cached.read_bytes()
    except OSError:
        pass
    made = _made_for_the_web(data)
    if made is data:
        return data  # nothing to change: nothing to keep (reading the header is quick)
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=cached.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(made)
        os.replace(temporary, cached)
    except OSError:
        pass  # a read-only home: made again next time
    return made


def _made_for_the_web(data: bytes) -> bytes:
    from PIL import Image, ImageOps

    try:
        with Image.open(io.BytesIO(data)) as picture:
            kind = _FORMATS.get(picture.format or "")
            if kind is None or getattr(picture, "is_animated", False):
                return data
            metadata = bool(picture.getexif()) or any(k in picture.info for k in _METADATA)
            if picture.width <= MAX_WIDTH and not metadata:
                return data
            profile = picture.info.get("icc_profile")
            picture.load()
            upright = ImageOps.exif_transpose(picture)
            if upright.mode.startswith("I") or upright.mode == "F":
                # 16-bit or wider grey: scaled into 8 bits first (a plain conversion clips it to white)
                upright = upright.convert("I").point(lambda v: v / 256).convert("L")
            if upright.mode not in ("RGB", "RGBA", "L", "LA"):
                # a palette or CMYK picture: scaled in the colours a screen shows
                has_alpha = upright.mode in ("P", "PA") and "transparency" in upright.info or "A" in upright.mode
                upright = upright.convert("RGBA" if has_alpha and kind != "JPEG" else "RGB")
            if upright.width > MAX_WIDTH:
                height = max(1, round(upright.height * MAX_WIDTH / upright.width))
                upright = upright.resize((MAX_WIDTH, height), Image.LANCZOS)
            out = io.BytesIO()
            options: dict = {"icc_profile": profile} if profile else {}
            if kind == "JPEG":
                options.update(quality=88, comment=b"")
            elif kind == "WEBP":
                options.update(quality=88)
            upright.save(out, kind, **options)
            return out.getvalue()
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError):
        return data


_SVG_ROOT = re.compile(rb"<svg\b[^>]*>", re.IGNORECASE)
_LENGTH = re.compile(r"\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*")


def served_sizes(pictures: dict[str, Path]) -> dict[str, tuple[int, int]]:
    """:func:`shown_size` of each picture (name -> its file) as the site serves it."""
    sizes = {}
    for name, path in pictures.items():
        try:
            size = shown_size(web_picture(path.read_bytes()))
        except OSError:
            continue  # gone since it was checked: the copy warns of it
        if size is not None:
            sizes[name] = size
    return sizes


def shown_size(data: bytes) -> tuple[int, int] | None:
    """The picture's size in pixels, ``data`` being what the site serves (:func:`web_picture`'s
    bytes): the ``<img>`` tag's width and height, so that the browser keeps the picture's room
    while it loads and the words below do not jump. None when the bytes do not say: an SVG
    sized in ems or per cent or not at all, a file the picture library cannot read."""
    if kind_of(data[:HEAD]) == "SVG":
        return _svg_size(data)
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as picture:
            return picture.size
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError):
        return None


def _svg_size(data: bytes) -> tuple[int, int] | None:
    """An SVG's own width and height, when both are plain numbers or pixels; else None, its
    size left to the browser (one sized by its viewBox alone, or in ems, takes the room the
    browser gives it, which a width and height on the tag would change)."""
    root = _SVG_ROOT.search(data[:HEAD])
    if root is None:
        return None
    attributes = dict((k.lower(), v) for k, v in re.findall(r"""([\w:-]+)\s*=\s*["']([^"']*)["']""",
                                                             root.group().decode("utf-8", "replace")))
    width, height = (_LENGTH.fullmatch(attributes.get(k, "")) for k in ("width", "height"))
    if not (width and height):
        return None
    size = round(float(width.group(1))), round(float(height.group(1)))
    return size if size[0] > 0 and size[1] > 0 else None
