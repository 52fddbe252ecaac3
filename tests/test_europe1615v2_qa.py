"""Europe 1615 (version 2) as a GM and its players meet it: what the pages, the sheets' errors
and the mail reader say about the Payola bribes (rulebook ``001_6f4a9c76b6e5774a.txt``,
'4 SUBMISSIONS OF REFERENCE LISTS', '6 MOVEMENT PHASE'; the Payola rules it points to,
``shared/reference/payola-classic.md``). Each test names the QA finding it keeps fixed."""

from __future__ import annotations

import json
import re
from html import unescape

from gm_tools.publish.site import build_site

from demos import played

GAME = "europe1615v2-demo"


def test_the_page_says_no_unit_of_the_auction_had_no_order(tmp_path):
    """rulebook 001, '6 MOVEMENT PHASE': 'Players submit their offer sheet as describe at ...
    payolaclassic', where 'A unit its owner does not bid on gets an implicit 0 : unit HOLD from
    its owner' and every unit's order is the highest bid. QA finding: the phase page's Defaults
    listed every unit of every power as 'had no order and holds' (the Orders sheet those notes
    count from is empty in an auction), A PAR among them, which moved to CHA on France's offer.
    The record keeps the notes as written (records replay byte for byte); the page and the
    public JSON leave them out."""
    game = played(tmp_path / "games", "europe1615v2")
    spring = next(r for r in game.history if r["phase"] == "S1615M")
    assert "A PAR - CHA" in {r["order"] for r in spring["results"]}
    assert any(n["text"] == "A PAR had no order and holds" for n in spring["notes"])   # recorded as before
    build_site(tmp_path / "games", tmp_path / "site")
    folder = tmp_path / "site" / "games" / GAME
    page = unescape((folder / "S1615M.html").read_text(encoding="utf-8"))
    assert "Army Paris -\u2060> Champagne" in page or "A PAR - CHA" in page
    assert "had no order" not in page
    published = json.loads((folder / "S1615M.json").read_text(encoding="utf-8"))
    assert not re.search(r"had no order", json.dumps(published))
