"""The press pictures as the site serves them (docs/site.md, "Press and other user text";
gm_tools/edges/webpicture.py): a phone's photo scaled to the column and without the camera's
metadata (where it was taken), the GM's own file untouched; every other picture the same
bytes. Real pictures made with Pillow, real workbooks, real site builds, and in headless
Chromium the picture fits a phone's screen."""

from __future__ import annotations

import io

from PIL import Image

from gm_tools.app.turn import run_turn
from gm_tools.edges.webpicture import MAX_WIDTH, web_picture
from browser import chromium_page, needs_chromium, served
from test_press_pictures import SCRIPTED_SVG, keep_pictures, pictures_of, png
from workflow_helpers import create, type_cells

GPS_NORTH = (52.0, 13.0, 7.5)


def photo(kind: str = "JPEG", size=(4000, 3000), orientation: int = 1, metadata: bool = True) -> bytes:
    """A camera's photo: a picture with its left column blue (to tell its turn), and with
    ``metadata`` the EXIF a phone writes (maker, orientation, where it was taken), XMP and a
    comment."""
    picture = Image.new("RGB", size, (200, 40, 40))
    picture.paste((20, 40, 200), (0, 0, 10, size[1]))
    options: dict = {}
    if metadata:
        exif = Image.Exif()
        exif[0x010F] = "PhoneMaker"
        exif[0x0112] = orientation
        gps = exif.get_ifd(0x8825)
        gps[1], gps[2] = "N", GPS_NORTH
        options.update(exif=exif.tobytes(), xmp=b"<x:xmpmeta>GPSLatitude 52,13N</x:xmpmeta>")
        if kind == "JPEG":
            options["comment"] = b"taken at home"
    out = io.BytesIO()
    picture.save(out, kind, **options)
    return out.getvalue()


def opened(data: bytes) -> Image.Image:
    picture = Image.open(io.BytesIO(data))
    picture.load()
    return picture


def test_a_phone_photo_is_served_upright_at_the_column_s_width_without_where_it_was_taken(tmp_path):
    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    original = photo(orientation=6)  # held sideways: the camera says to turn it a quarter
    keep_pictures(paths, {"siege.jpg": original})
    type_cells(paths, {"Press!A2": "![the siege](pictures/siege.jpg)"})
    assert run_turn(paths.name, root=root, site_dir=site).processed
    served_bytes = (site / "games" / "g" / "pictures" / "siege.jpg").read_bytes()
    picture = opened(served_bytes)
    assert picture.format == "JPEG"
    assert picture.size == (MAX_WIDTH, round(4000 * MAX_WIDTH / 3000))  # upright, then scaled
    assert picture.getpixel((MAX_WIDTH // 2, 2))[2] > 150 > picture.getpixel((MAX_WIDTH // 2, 200))[2]  # blue on top
    assert not picture.getexif() and "comment" not in picture.info and "xmp" not in picture.info
    for secret in (b"PhoneMaker", b"GPSLatitude", b"taken at home", b"Exif"):
        assert secret not in served_bytes
    assert len(served_bytes) < len(original)
    # the page's tag gives the size served (upright and scaled), not the camera's
    page = (site / "games" / "g" / "S1901M.html").read_text(encoding="utf-8")
    assert f'height="{round(4000 * MAX_WIDTH / 3000)}" src="pictures/siege.jpg" width="{MAX_WIDTH}"' in page
    # the GM's file is the archive's: never changed
    assert (pictures_of(paths) / "siege.jpg").read_bytes() == original


def test_metadata_goes_from_a_small_picture_of_any_kind_that_carries_it():
    for kind in ("JPEG", "PNG", "WEBP"):
        original = photo(kind, size=(300, 200))
        served_bytes = web_picture(original)
        picture = opened(served_bytes)
        assert (picture.format, picture.size) == (kind, (300, 200))
        assert not picture.getexif() and b"PhoneMaker" not in served_bytes and b"GPSLatitude" not in served_bytes


def test_a_wide_picture_is_scaled_in_its_own_kind_and_a_fitting_one_is_served_as_it_is():
    wide = photo("PNG", size=(2400, 600), metadata=False)
    picture = opened(web_picture(wide))
    assert (picture.format, picture.size) == ("PNG", (MAX_WIDTH, 400))
    for same in (photo("PNG", size=(MAX_WIDTH, 900), metadata=False), photo("JPEG", size=(800, 600), metadata=False),
                 png(30, 20), SCRIPTED_SVG, b"GIF89a" + bytes(20), b"\xff\xd8\xff broken jpeg"):
        assert web_picture(same) is same


def test_the_same_picture_gives_the_same_bytes_made_or_from_the_cache(tmp_path, monkeypatch):
    original = photo(orientation=3)
    monkeypatch.setenv("GM_TOOLS_CACHE", str(tmp_path / "cache"))
    made = web_picture(original)
    assert len(list((tmp_path / "cache" / "pictures").iterdir())) == 1
    assert web_picture(original) == made
    monkeypatch.setenv("GM_TOOLS_CACHE", str(tmp_path / "other"))
    assert web_picture(original) == made  # made again, from nothing: the same bytes
    # a cache that cannot be written to only costs the work again
    (tmp_path / "blocked").write_text("a file where the folder would be")
    monkeypatch.setenv("GM_TOOLS_CACHE", str(tmp_path / "blocked"))
    assert web_picture(original) == made


@needs_chromium
def test_a_large_press_picture_fits_a_phone_s_screen(tmp_path):
    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    keep_pictures(paths, {"wide.png": photo("PNG", size=(3000, 500), metadata=False)})
    type_cells(paths, {"Press!A2": "![the lines](pictures/wide.png)"})
    run_turn(paths.name, root=root, site_dir=site)
    errors: list[str] = []
    measure = ("(() => { const i = document.querySelector('section.press img'); "
               "return [i.naturalWidth, i.getBoundingClientRect().width, "
               "document.querySelector('section.press').clientWidth, document.documentElement.scrollWidth]; })()")
    with served(site) as base, chromium_page(errors) as page:
        page.set_viewport_size({"width": 390, "height": 800})
        page.goto(base + "games/g/S1901M.html")
        page.wait_for_load_state("networkidle")
        natural, shown, column, page_width = page.evaluate(measure)
        assert natural == MAX_WIDTH
        assert 0 < shown <= column and page_width <= 390  # no sideways scrolling of the page
        assert errors == []


@needs_chromium
def test_a_press_picture_keeps_its_room_on_the_page_while_it_loads(tmp_path):
    """The words under a picture do not jump when it arrives: its tag's width and height let the
    browser lay out its box, at the column's width and the picture's proportions, before a byte
    of it has come (here it never comes: its request is held). An SVG sized by its viewBox alone
    gets no size (the browser's own sizing of it would change)."""
    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    viewbox_only = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30"><rect width="40" height="30"/></svg>'
    keep_pictures(paths, {"wide.png": photo("PNG", size=(2400, 600), metadata=False), "plan.svg": viewbox_only})
    type_cells(paths, {"Press!A2": "![the lines](pictures/wide.png)", "Press!A4": "![the plan](pictures/plan.svg)"})
    run_turn(paths.name, root=root, site_dir=site)
    page_text = (site / "games" / "g" / "S1901M.html").read_text(encoding="utf-8")
    assert '<img alt="the plan" src="pictures/plan.svg">' in page_text
    held = []
    measure = ("(() => { const i = document.querySelector('section.press img'); const r = i.getBoundingClientRect(); "
               "return [i.complete && i.naturalWidth, r.width, r.height, "
               "i.parentElement.getBoundingClientRect().width]; })()")
    with served(site) as base, chromium_page([]) as page:
        page.set_viewport_size({"width": 390, "height": 800})
        page.route("**/pictures/wide.png", lambda route: held.append(route))  # never answered
        page.goto(base + "games/g/S1901M.html", wait_until="domcontentloaded")
        natural, width, height, column = page.evaluate(measure)
        assert held and natural == 0  # asked for, not arrived
        assert width == column > 200 and abs(height - width * 600 / 2400) <= 1


def test_a_wide_picture_of_another_colour_mode_keeps_its_look():
    """Scaled in the colours a screen shows: a palette PNG keeps its transparency, a 16-bit grey
    its level (a plain conversion would clip it to white), a CMYK JPEG its colour."""
    def saved(picture: Image.Image, kind: str, **options) -> bytes:
        out = io.BytesIO()
        picture.save(out, kind, **options)
        return out.getvalue()

    palette = Image.new("P", (2000, 100), 3)
    palette.putpalette([0, 0, 0] * 3 + [200, 30, 30] + [0, 0, 0] * 252)
    served = opened(web_picture(saved(palette, "PNG", transparency=3)))
    assert served.mode == "RGBA" and served.getpixel((5, 5))[3] == 0
    grey = opened(web_picture(saved(Image.new("I;16", (2000, 100), 30000), "PNG")))
    assert grey.size == (MAX_WIDTH, 80) and abs(grey.getpixel((5, 5)) - 30000 // 256) <= 1
    cmyk = opened(web_picture(saved(Image.new("CMYK", (2000, 100), (0, 255, 255, 0)), "JPEG")))
    red, green, blue = cmyk.getpixel((5, 5))
    assert cmyk.mode == "RGB" and red > 200 and green < 60 and blue < 60
