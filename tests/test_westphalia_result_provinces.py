"""The Peace of Westphalia's results as the pages and the judge text say them: every province by
its code and name, "BER (Bernburg)", as the Princes and Principalities tables name provinces and
as the Peace Treaties already did ("takes ESL (Esslingen) from Hesse":
tests/test_westphalia_treaty_words.py). The record keeps the codes the GM typed ("holds BER,
DIL, GER, GIE, capital GIE"), and so does the turn's printed report, made of the record's lines:
a recorded game replays byte for byte.

Rulebook: ``003_b5b9eb4920d39694.txt``, each result kind's section cited at its case. Through the
demo's real workbooks, turns and site, and through :func:`in_words` for the kinds the demo does
not reach.
"""

from __future__ import annotations

import json

import pytest

from gm_tools.edges.variants import load_variant
from gm_tools.systems.westphalia.report import in_words

from demos import built_site

GAME = "westphalia-demo"
VARIANT = load_variant("westphalia")


@pytest.mark.parametrize("recorded, said", [
    # 'Pick Provinces': 'The First Player picks 4 provinces ... He then places a town on his chosen
    # capital province'
    ("holds BER, DIL, GER, GIE, capital GIE",
     "holds BER (Bernburg), DIL (Dillingen), GER (Gera), GIE (Giessen), capital GIE (Giessen)"),
    # 'Place Electors': 'places an Elector of his choice anywhere on the map, and placing a town on
    # the Elector's capital province'
    ("places The Palatinate on ASC, BAM, capital ASC",
     "places the Palatinate on ASC (Aschaffenburg), BAM (Bamberg), capital ASC (Aschaffenburg)"),
    ("places Trier on ALT, capital ALT", "places Trier on ALT (Altenburg), capital ALT (Altenburg)"),
    # 'Place other Principalities': 'each Player rolls a D6 ... place the Principality's town; this
    # is its capital'
    ("rolls 2: places Dithmarschen on DON, DOR, capital DON",
     "rolls 2: places Dithmarschen on DON (Donauwörth), DOR (Dortmund), capital DON (Donauwörth)"),
    # 'Place other Principalities': 'fill in the remaining provinces with 1 province Principalities'
    ("Konstanz fills DAR ('fill in the remaining provinces with 1 province Principalities')",
     "Konstanz fills DAR (Darmstadt) ('fill in the remaining provinces with 1 province Principalities')"),
    # 'Religious Upheaval': 'On a 1-3, one of the Player's provinces of his choice converts to
    # Protestantism'
    ("rolls 3: DES converts to Protestantism", "rolls 3: DES (Dessau) converts to Protestantism"),
    # 'Spread the Faith': 'convert the province they're on, and an additional heretical province
    # of your choice that you control'; 'In a neighboring Player-controlled province'
    ("BER converts, and DIL with it", "BER (Bernburg) converts, and DIL (Dillingen) with it"),
    ("FUL converts", "FUL (Fulda) converts"),
    # 'Spread the Faith': 'Whenever a Player places a dice on a province with a dice of the
    # opposing Faith, both dice are removed'
    ("dice on EIC cancelled by the opposing faith's", "dice on EIC (Eichstätt) cancelled by the opposing faith's"),
    ("dice on EIC remove the opposing faith's; EIC keeps its faith",
     "dice on EIC (Eichstätt) remove the opposing faith's; EIC (Eichstätt) keeps its faith"),
    # 'Foreign Powers': 'If you had any provinces inside the Empire, these form one new Principality'
    ("leaves the Empire: DUI, DUR, GRA, HAL form the new principality Magdeburg",
     "leaves the Empire: DUI (Duisburg), DUR (Düren), GRA (Graz), HAL (Halberstadt) form the new "
     "principality Magdeburg"),
    ("leaves the Empire: HAL form the new principality Magdeburg",
     "leaves the Empire: HAL (Halberstadt) forms the new principality Magdeburg"),
    # a code of two letters, Hall's, is one province left behind too
    ("leaves the Empire: HA form the new principality Magdeburg",
     "leaves the Empire: HA (Hall) forms the new principality Magdeburg"),
])
def test_each_result_names_its_provinces(recorded, said):
    assert in_words(VARIANT, recorded) == said


def test_only_a_results_provinces_are_named():
    """A principality is named by its name, which no code doubles ('Dice placed on Principalities
    convert the entire Principality', 'Spread the Faith'); a GM's own reason on the Influence
    Changes sheet is his words, as typed; a code the map does not know stays as written."""
    assert in_words(VARIANT, "dice on FUL cancelled by the opposing faith's") == \
        "dice on FUL (Fulda) cancelled by the opposing faith's"
    assert in_words(VARIANT, "dice on The Palatinate cancelled by the opposing faith's") == \
        "dice on the Palatinate cancelled by the opposing faith's"
    assert in_words(VARIANT, "Magdeburg converts (1 dice for 1 provinces)") == "Magdeburg converts (1 die for 1 province)"
    assert in_words(VARIANT, "-1 Diplomatic Influence (saved): ESL was not adjacent") == \
        "-1 Diplomatic Influence (saved): ESL was not adjacent"
    assert in_words(VARIANT, "rolls 3: XYZ converts to Protestantism") == "rolls 3: XYZ converts to Protestantism"


def test_the_demos_results_name_their_provinces_on_the_pages_and_in_the_judge_text(tmp_path):
    """The demo's setup, upheavals, faith dice and Foreign Power said 'holds BER, DIL, GER, GIE,
    capital GIE', 'places Trier on ALT', 'rolls 3: DES converts to Protestantism', 'BER converts,
    and DIL with it', 'leaves the Empire: DUI, DUR, ... form the new principality', codes a reader
    must look up on the province list, where the tables below them name every province."""
    site = built_site(tmp_path, ["westphalia"])
    folder = site / "games" / GAME

    def said(phase: str) -> tuple[str, str]:
        return ((folder / f"{phase}.html").read_text(encoding="utf-8"),
                " ".join((folder / f"{phase}.txt").read_text(encoding="utf-8-sig").split()))

    page, text = said("P1510L")
    assert "holds BER (Bernburg), DIL (Dillingen), GER (Gera), GIE (Giessen), capital GIE (Giessen)" in page
    assert "Green Serpent: holds BER (Bernburg), DIL (Dillingen), GER (Gera), GIE (Giessen), capital GIE " \
           "(Giessen)." in text
    page, text = said("P1510K")
    assert "places Trier on ALT (Altenburg), capital ALT (Altenburg)" in page and "on ALT," not in page
    assert "Red Phoenix: places Trier on ALT (Altenburg), capital ALT (Altenburg)." in text
    page, text = said("P1510C")
    assert "Konstanz fills DAR (Darmstadt)" in page and "rolls 3: places Hesse on ESL (Esslingen), ESS (Essen), " \
           "capital ESS (Essen)" in page
    assert "Empire: Konstanz fills DAR (Darmstadt) ('fill in" in text
    page, text = said("R1535T")
    assert "BER (Bernburg) converts, and DIL (Dillingen) with it" in page and "DES (Dessau) converts" in page
    assert "Green Serpent: BER (Bernburg) converts, and DIL (Dillingen) with it." in text
    page, text = said("R1535U")
    assert "rolls 1: DES (Dessau) converts to Protestantism" in page
    assert "Orange Stag: rolls 1: DES (Dessau) converts to Protestantism." in text
    page, text = said("R1560F")
    left = "leaves the Empire: DUI (Duisburg), DUR (Düren), GRA (Graz), HAL (Halberstadt) form the new principality " \
           "Magdeburg"
    assert left in page and f"Blue Kraken: {left}." in text
    # the record keeps the GM's codes: a recorded game replays byte for byte
    history = tmp_path / "sheets" / GAME / "history"
    record = json.loads((history / "P1510L.json").read_text(encoding="utf-8"))
    assert "holds BER, DIL, GER, GIE, capital GIE" in [r["order"] for r in record["results"]]
    record = json.loads((history / "R1560F.json").read_text(encoding="utf-8"))
    assert "leaves the Empire: DUI, DUR, GRA, HAL form the new principality Magdeburg" in \
        [r["order"] for r in record["results"]]
