"""The Peace of Westphalia's Peace Treaties as the pages and the judge text say them: the
province taken (or the one a principality is vassalized by) by its code and name, "ESL
(Esslingen)", as the Princes and Principalities tables name provinces; the record keeps the
code the GM typed on the Peace Treaties sheet ("takes ESL from Hesse"), and so does the
turn's printed report, made of the record's lines in the GM's codes.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Peace Treaties': 'Conquer 1 province with a town, or up
to 2 provinces without one from the unaligned Principality or the Player and his allies'; 'You
may choose to immediately vassalize a Principality (or former Player-owned capital) instead of
taking it'. Through the demo's real workbooks, turns and site.
"""

from __future__ import annotations

import json

from gm_tools.edges.variants import load_variant
from gm_tools.systems.westphalia.report import in_words

from demos import built_site

GAME = "westphalia-demo"


def test_a_treatys_provinces_are_named_on_the_pages_and_in_the_judge_text(tmp_path):
    """The demo's Red Phoenix takes ESL from Hesse in round 2 and vassalizes Goslar by EMD in
    round 3: the step's page and judge text said 'takes ESL from Hesse' and 'vassalizes Goslar
    (EMD)', codes a reader must look up on the province list, where every other province on
    the pages is named."""
    site = built_site(tmp_path, ["westphalia"])
    folder = site / "games" / GAME
    taken = (folder / "R1535T.html").read_text(encoding="utf-8")
    assert "takes ESL (Esslingen) from Hesse" in taken and "takes ESL from" not in taken
    text = " ".join((folder / "R1535T.txt").read_text(encoding="utf-8-sig").split())
    assert "Red Phoenix: takes ESL (Esslingen) from Hesse." in text
    vassal = (folder / "R1560T.html").read_text(encoding="utf-8")
    assert "vassalizes Goslar (EMD, Emden): its ally with 2 Diplomatic Influence" in vassal
    text = " ".join((folder / "R1560T.txt").read_text(encoding="utf-8-sig").split())
    assert "Red Phoenix: vassalizes Goslar (EMD, Emden): its ally with 2 Diplomatic Influence." in text
    # the record keeps the GM's codes: a recorded game replays byte for byte
    record = json.loads((tmp_path / "sheets" / GAME / "history" / "R1535T.json").read_text(encoding="utf-8"))
    assert "takes ESL from Hesse" in [r["order"] for r in record["results"]]


def test_a_treaty_taken_by_a_principality_and_with_a_town_names_the_province():
    """'If you lose to an unaligned Principality, it conquers two ... non-town provinces of
    your choice from you and/or your allies' ('Peace Treaties'): Ulm's taking reads as a
    player's, the loser named; a town taken keeps its words; a code the map does not know
    stays as written."""
    variant = load_variant("westphalia")
    assert in_words(variant, "takes BER from GREEN") == "takes BER (Bernburg) from Green Serpent"
    assert in_words(variant, "takes GOR from YELLOW with its town") == \
        "takes GOR (Görlitz) from Yellow Elephant with its town"
    assert in_words(variant, "takes XYZ from Ulm") == "takes XYZ from Ulm"
