"""Europe 1615 (version 2)'s bribe chart as a player reads it on the phase page, on a phone
too (rulebook ``001_6f4a9c76b6e5774a.txt``, '6 MOVEMENT PHASE': 'Players submit their offer
sheet as describe at ... payolaclassic'; whose judges 'publish a bribe chart (each unit's
winning order, who paid what, treasuries before and after)', ``shared/reference/payola-classic.md``)."""

from __future__ import annotations

import re
from html import unescape

from gm_tools.publish.site import build_site


def _game_with_one_bribe(tmp_path):
    """A new game (seed 5) played with nothing entered up to Spring 1615 Movement, where Spain
    pays 3 for its army in Madrid to hold; the game's state after that phase."""
    from gm_tools.app.turn import load_state, new_game, run_turn
    from gm_tools.edges.game import game_paths
    from gm_tools.edges.workbook_fill import set_cells

    new_game("europe1615v2", "g", root=tmp_path, seed=5, created="2000-01-01T00:00:00Z")
    while load_state("g", tmp_path).position.phase != "S1615M":
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    paths = game_paths("g", tmp_path)
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {
        "Offers!A2": "SPAIN", "Offers!B2": 3, "Offers!C2": "A MAD H"}))
    run_turn("g", root=tmp_path, site_dir=None)
    return load_state("g", tmp_path)


def test_the_bribes_paid_lead_the_chart_and_the_units_nobody_paid_for_are_one_paragraph(tmp_path):
    """'who paid what': QA finding (a player on a phone) the chart was a preformatted block of
    every unit on the board, 65 lines of which Spring 1615 had one bribe (Spain's 3 for A MAD H)
    among 64 'nothing paid'; a tie's note ran to 85 characters, scrolled sideways on a phone.
    The units paid for are a table (a note wraps in its cell); every other unit's winning order is
    still said, in one paragraph; the treasuries stay a block of short lines."""
    from gm_tools.systems.europe1615v2.report import sections

    state = _game_with_one_bribe(tmp_path)
    chart = dict(sections(state.variant, state.history[-1]))["Bribe chart"]
    assert "| A MAD H | Spain 3 |" in chart
    assert "nothing paid" not in chart
    other = re.search(r"Nothing paid for the other (\d+) units' orders: (.*)", chart)
    assert other and int(other.group(1)) == len(other.group(2).split(", ")) > 50
    unpaid = other.group(2).replace("\u00a0", " ").split(", ")
    assert "A PAR H" in unpaid and "A MAD H" not in unpaid
    build_site(tmp_path, tmp_path / "site")
    page = unescape((tmp_path / "site" / "games" / "g" / "S1615M.html").read_text(encoding="utf-8"))
    section = page[page.index(">Bribe chart</h2>"):]
    section = section[:section.index("</section>")]
    assert re.search(r"<t[hd]>A MAD H</t[hd]>\s*<td>Spain 3</td>", section)
    block = section[section.index("<pre"):section.index("</pre>")]
    # the block a phone shows at its width: each line fits 40 characters
    assert block.count("\n") < 10 and max(len(line) for line in re.sub(r"<[^>]+>", "", block).splitlines()) <= 40


def test_an_order_in_the_paragraph_of_units_nobody_paid_for_is_never_broken_across_lines(tmp_path):
    """'each unit's winning order': QA finding (the chart read at 375 px) the paragraph broke
    orders where a line ended, 'A' at the end of one line and 'ALG H' on the next. Each order's
    spaces there do not break; the judge text, which a player may copy orders from, keeps
    plain spaces."""
    state = _game_with_one_bribe(tmp_path)
    build_site(tmp_path, tmp_path / "site")
    folder = tmp_path / "site" / "games" / "g"
    page = unescape((folder / "S1615M.html").read_text(encoding="utf-8"))
    paragraph = re.search(r"<p>Nothing paid for the other \d+ units' orders: (.*?)</p>", page).group(1)
    orders = paragraph.split(", ")
    assert "A\u00a0PAR\u00a0H" in orders and all(" " not in order for order in orders)
    text = (folder / "S1615M.txt").read_text(encoding="utf-8")
    assert "\u00a0" not in text and "A PAR H" in text and state.history[-1]["phase"] == "S1615M"
