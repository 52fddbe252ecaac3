"""The Peace of Westphalia: a war won on a Foreign Power with nothing in the Empire, said as it is.

Rulebook ``003_b5b9eb4920d39694.txt``, 'Peace Treaties': "If you win: Conquer 1 province with a
town, or up to 2 provinces without one from the unaligned Principality or the Player and his
allies"; 'Foreign Powers': "Your Foreign Power Home Province cannot be conquered". In the demo's
round 5 Blue is a Foreign Power (Netherlands) with no province in the Empire and no allied
principality: Red, Waging War, declares on him and wins, and there is nothing he could take. The
record keeps the step's words, "wins the war with BLUE but takes nothing: no Peace Treaty
entered" (a recorded game replays byte for byte), which read as a treaty the GM forgot to type;
the page and the judge text say there was nothing to take.
"""

from __future__ import annotations

import html
from pathlib import Path

from gm_tools.app.turn import load_state, run_turn
from gm_tools.edges.variants import load_variant
from gm_tools.publish.judgetext import judge_text
from gm_tools.publish.site import build_site
from gm_tools.systems.westphalia.sheets import WARS

from westphalia_mails import ROUND_FIVE
from demos import copy_with_cells, played_until_fixture

GAME = "westphalia-demo"
RECORDED = "wins the war with BLUE but takes nothing: no Peace Treaty entered"
SAID = ("wins the war with Blue Kraken, a Foreign Power with no province and no allied principality in the Empire: "
        "there is nothing to take ('Your Foreign Power Home Province cannot be conquered')")

round_five = played_until_fixture("westphalia", "R1610T")


def test_a_war_won_on_a_foreign_power_with_nothing_to_take_says_so(round_five, tmp_path: Path):
    rows = [(r[0], "no", "yes", "yes", "no") if r[0] == "RED" else r for r in ROUND_FIVE]
    typed = {f"Player Turns!{col}{r}": v for r, row in enumerate(rows, start=2) for col, v in zip("ABCDE", row)}
    root = copy_with_cells(round_five, tmp_path / "games", GAME,
                           {**typed, f"{WARS}!A2": "RED", f"{WARS}!B2": "BLUE", f"{WARS}!C2": "RED"})
    run_turn(GAME, root=root, site_dir=None)
    record = next(r for r in load_state(GAME, root).history if r["phase"] == "R1610T")
    assert {"power": "RED", "order": RECORDED} == {k: v for k, v in record["results"][
        [r["order"] for r in record["results"]].index(RECORDED)].items() if k in ("power", "order")}
    judged = " ".join(judge_text(load_variant("westphalia"), record).split())
    assert SAID in judged and "no Peace Treaty entered" not in judged
    build_site(root, tmp_path / "site")
    page = (tmp_path / "site" / "games" / GAME / "R1610T.html").read_text(encoding="utf-8")
    assert SAID in html.unescape(page)
    assert "no Peace Treaty entered" not in page
