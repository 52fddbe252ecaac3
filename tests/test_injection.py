"""Injection (issue 20 item 5): hostile text in every free-text field a GM or a player
controls never runs in a reader's browser and never becomes a live formula in the GM's
workbook.

A corpus of payloads (script tags, event handlers, ``javascript:`` and ``data:`` links, SVG
payloads, attribute and element breakouts, template braces, spreadsheet formulas) goes into
the player names, every unit's order (as the GM would paste a player's mail, a leading '='
typed as text) and the GM's press of a real game. `gm-tools turn --lenient` processes it,
the site is built, and every page is opened in headless Chromium with listeners for dialogs,
page errors and console output: nothing executes. The workbook written back holds the texts
as text, never as formulas. A game name, which names files, refuses such text outright.
"""

from __future__ import annotations

import io

import openpyxl
import pytest

from gm_tools.app.cli import main
from gm_tools.app.turn import load_state, new_game
from gm_tools.edges.game import game_paths
from gm_tools.edges.workbook import ORDERS, PRESS

from browser import chromium_page, needs_chromium, served

PAYLOADS = [
    "<script>window.__pwned=1;alert(1)</script>",
    '<img src=x onerror="window.__pwned=1;alert(1)">',
    '<svg onload="window.__pwned=1;alert(1)">',
    "<svg><script>alert(1)</script></svg>",
    '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
    '"><script>alert(1)</script>',
    "'><img src=x onerror=alert(1)>",
    '" onmouseover="alert(1)" x="',
    "' autofocus onfocus='alert(1)",
    "javascript:alert(1)",
    "[click](javascript:alert(1))",
    "[x](JaVaScRiPt:alert(1))",
    "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "![x](javascript:alert(1))",
    '<a href="javascript:alert(1)">x</a>',
    '<iframe src="javascript:alert(1)"></iframe>',
    "<body onload=alert(1)>",
    "<details open ontoggle=alert(1)>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "<input onfocus=alert(1) autofocus>",
    '<video><source onerror="alert(1)">',
    '<object data="javascript:alert(1)">',
    '<embed src="javascript:alert(1)">',
    '<form action="javascript:alert(1)"><button>x</button></form>',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<base href="javascript:alert(1)//">',
    "<style>body{display:none}</style>",
    "</textarea><script>alert(1)</script>",
    "</title><script>alert(1)</script>",
    "<!--<script>alert(1)</script>-->",
    "\u202e<script>alert(1)</script>",
    "{{ 7*7 }}",
    "{% for x in range(3) %}x{% endfor %}",
    "${7*7} #{7*7}",
    "=1+1",
    '=HYPERLINK("http://evil.example","click")',
    "=cmd|' /C calc'!A0",
    "+SUM(1,2)",
    "@SUM(1,2)",
]

FORMULA_NAMES = ["=1+1", '=HYPERLINK("http://evil.example","click")']
"""Two payloads also given as player names, which the workbook shows on its Game sheet."""


def _text_cell(ws, ref: str, value: str) -> None:
    """Type ``value`` as text, the way a spreadsheet program stores a leading '=' typed after
    an apostrophe: a string cell, never a formula."""
    ws[ref].value = value
    ws[ref].data_type = "s"


@pytest.fixture(scope="module")
def hostile_game(tmp_path_factory):
    base = tmp_path_factory.mktemp("injection")
    root, site = base / "games", base / "site"
    players = dict(zip(["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"],
                       PAYLOADS[:5] + [FORMULA_NAMES[0], FORMULA_NAMES[1]]))
    new_game("standard", "hostile", root=root, seed=3, players=players, created="2000-01-01T00:00:00Z")
    paths = game_paths("hostile", root)
    wb = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))
    ws = wb[ORDERS]
    unit_rows = [r for r in range(2, ws.max_row + 1)
                 if ws.cell(row=r, column=2).value and not ws.cell(row=r, column=3).protection.locked]
    assert len(unit_rows) >= 20
    for i, row in enumerate(unit_rows):
        _text_cell(ws, f"C{row}", PAYLOADS[(i + 7) % len(PAYLOADS)])
    press = wb[PRESS]
    for i, payload in enumerate(PAYLOADS):
        _text_cell(press, f"A{i + 2}", payload)
    out = io.BytesIO()
    wb.save(out)
    paths.workbook.write_bytes(out.getvalue())
    assert main(["turn", "hostile", "--lenient", "--root", str(root), "--site", str(site)]) == 0
    return root, site


def test_the_corpus_is_large_and_varied():
    assert len(PAYLOADS) >= 30
    assert len(set(PAYLOADS)) == len(PAYLOADS)


def test_every_payload_reached_the_record(hostile_game):
    root, _ = hostile_game
    record = load_state("hostile", root).history[-1]
    written = {item["written"] for items in record["orders"].values() for item in items}
    everything = str(record)
    for payload in PAYLOADS:
        assert payload in written or payload in record.get("press", "") or payload in everything, payload


def test_the_workbook_written_back_holds_text_never_formulas(hostile_game):
    root, _ = hostile_game
    data = game_paths("hostile", root).workbook.read_bytes()
    wb = openpyxl.load_workbook(io.BytesIO(data))
    formulas = [f"{ws.title}!{c.coordinate}" for ws in wb.worksheets for row in ws.iter_rows()
                for c in row if c.data_type == "f"]
    assert formulas == []
    texts = {c.value for ws in wb.worksheets for row in ws.iter_rows() for c in row if isinstance(c.value, str)}
    # The player names come back as they were given, '=' and all, as text.
    for name in FORMULA_NAMES + PAYLOADS[:1]:
        assert name in texts, name


def test_a_payload_as_game_name_is_refused(tmp_path, capsys):
    for name in ("<script>alert(1)</script>", "../evil", "=1+1", "a b"):
        assert main(["new-game", "standard", name, "--root", str(tmp_path)]) != 0
        err = capsys.readouterr().err
        assert "game name" in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


@needs_chromium
def test_nothing_executes_on_any_page(hostile_game):
    _, site = hostile_game
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    assert len(pages) >= 3
    dialogs, errors, console = [], [], []
    seen_press = 0
    with served(site) as base, chromium_page(errors, console=console, dialogs=dialogs) as page:
        for rel in pages:
            page.goto(f"{base}{rel}")
            page.mouse.move(200, 200)
            page.keyboard.press("Tab")
            assert page.evaluate("window.__pwned === undefined"), rel
            assert page.evaluate(
                "document.querySelectorAll('a[href^=\"javascript\" i], [src^=\"javascript\" i], "
                "iframe, object, embed, base, meta[http-equiv]').length") == 0, rel
            assert page.evaluate(
                "[...document.querySelectorAll('*')].filter(e => [...e.attributes]"
                ".some(a => a.name.startsWith('on'))).length") == 0, rel
            body = page.locator("body").inner_text()
            if "<script>window.__pwned=1;alert(1)</script>" in body:
                seen_press += 1
            if "endfor" in body:  # template braces are shown, never evaluated
                assert "{% for x in range(3) %}x{% endfor %}" in body, rel
    assert dialogs == []
    assert errors == []
    assert console == []
    assert seen_press >= 1  # the payloads are shown, as text, somewhere
