"""Centenary's Fealty claim mailed as players write it when they slip from the form
(``FEALTY: PORTUGAL, build in POR, retreat to EST``): read as the claim it plainly is, or refused
with the claim's form, never read as a unit's order.

Rulebook: ``004_1210a5933393c2d7.txt`` (Centenary), rule 2. The demo's Winter 1618
(``sheets/demo-centenary.toml``, W1618A): Spain took Portugal's center in the Fall.
"""

from __future__ import annotations

import shutil

import pytest

from gm_tools.app.mailorders import enter_mails
from gm_tools.edges.variants import load_variant

from demos import played_until_fixture

GAME = "centenary-demo"
CLAIM = ("Fealty", ["SPAIN", "PORTUGAL", "POR", "EST"])

winter = played_until_fixture("centenary", "W1618A")


@pytest.mark.parametrize("line", [
    "FEALTY PORTUGAL build POR retreat EST",
    "Claim fealty of Portugal, build in POR, retreat to EST",
    "I claim the Fealty of Portugal, build POR, retreat EST",
])
def test_a_claim_without_its_little_words_is_the_claim(line):
    """rulebook 004 (Centenary), rule 2: 'if a player capturing the center it occupied
    specifically orders it, he may claim the "Fealty" of the major or minor neutral in question
    ... the player may build a unit in the occupied center. Any of his or her units in the center
    in question "retreat"'. 'build POR', 'retreat EST' without 'in' and 'to', and 'claim' before
    the Fealty, are the claim: 'FEALTY PORTUGAL build POR retreat EST' was refused as 'PORTUGAL
    BUILD POR RETREAT EST is not a neutral'."""
    variant = load_variant("centenary")
    assert variant.system.mailed_rows(variant, "W1618A", "SPAIN", [line]).rows == [CLAIM]


def test_a_line_speaking_of_fealty_otherwise_is_refused_with_the_claims_form(winter, tmp_path):
    """rulebook 004 (Centenary), rule 2: 'he may claim the "Fealty" of the major or minor neutral
    in question'. A line that speaks of Fealty in no form of the claim ('I want the fealty of
    Portugal') was refused as a unit's order ('Claim ...' is not a province); it is refused with
    the claim's form, and the mail's orders are read."""
    root = tmp_path / "games"
    shutil.copytree(winter, root)
    report = enter_mails(GAME, [("es", b"Spain\nI want the fealty of Portugal\nBuild A CAS\n")], root=root,
                         dry_run=True)
    assert report.refused == [("es line 2", "'I want the fealty of Portugal'",
                               "a claim 'FEALTY: PORTUGAL', or 'FEALTY: PORTUGAL, build in POR, retreat to EST'")]
    assert [w[2] for w in report.written] == ["Build A CAS"]
    report = enter_mails(GAME, [("es", b"Spain\nClaim fealty of Portugal build POR retreat EST\nBuild A POR\n")],
                         root=root, dry_run=True)
    assert report.refused == [] and len(report.written) == 2, report.text()


@pytest.mark.parametrize("line", ["FEALTY2: PORTUGAL, build in POR, retreat to EST", "Fealtyy Portugal"])
def test_fealty_glued_to_a_slip_is_refused_with_the_claims_form(line):
    """rulebook 004 (Centenary), rule 2 ('a player ... specifically orders it'): 'FEALTY' with a
    slip glued to it is a claim mistyped, refused with the claim's form, not read as a unit's
    order in a province 'FEALTY2' (found by the generated mail test of `make soak`)."""
    variant = load_variant("centenary")
    rows = variant.system.mailed_rows(variant, "W1618A", "SPAIN", [line]).rows
    assert rows == ["a claim 'FEALTY: PORTUGAL', or 'FEALTY: PORTUGAL, build in POR, retreat to EST'"]


def test_a_fealty_no_row_claims_is_a_warning_in_status_and_the_dry_run(winter, tmp_path):
    """rulebook 004 (Centenary), rule 2: the player 'must do so in the same turn as they capture
    the center'. Spain took Portugal's center in the Fall: in the Winter, with no Fealty row,
    `status` and the turn's report said nothing of it, and the right was lost when the GM ran
    the turn. Both warn the GM (the turn still goes on: a claim is the player's choice); the
    warning goes once the row is typed."""
    from gm_tools.app.status import phase_status
    from gm_tools.app.turn import preview_turn

    root = tmp_path / "games"
    shutil.copytree(winter, root)
    warning = ("Spain may claim the Fealty of Portugal in this phase only and no row of the Fealty sheet claims it "
               "(rule 2: 'in the same turn as they capture the center')")
    assert f"  warning: {warning}" in phase_status(GAME, root=root).text().splitlines()
    enter_mails(GAME, [("es", b"Spain\nBuild A CAS\n")], root=root)
    report = preview_turn(GAME, root=root)
    assert f"warning: {warning}" in report.text().splitlines()
    enter_mails(GAME, [("es2", b"Spain\nFEALTY: Portugal\nBuild A CAS\n")], root=root)
    assert warning not in phase_status(GAME, root=root).text()


@pytest.mark.parametrize("line", [
    "I claim the Fealty of Portugal, build A POR, retreat to EST",
    "Claim fealty of Portugal, build an army in POR, retreat to Estremadura",
    "FEALTY: Portug, build army POR, retreat EST",
])
def test_a_claim_naming_its_neutral_in_a_sentence_and_its_build_as_a_unit_is_the_claim(line):
    """rulebook 004 (Centenary), rule 2: 'he may claim the "Fealty" of the major or minor neutral
    in question ... the player may build a unit in the occupied center'. A player writing the
    claim as a sentence puts the article before the neutral ('the Swiss') and names the unit he
    builds ('build A SWC', 'build an army in SWC'): they were typed as the neutral 'THE SWISS'
    and the center 'A SWC' and refused by the sheet's check, so the claim was lost with the phase."""
    variant = load_variant("centenary")
    assert variant.system.mailed_rows(variant, "W1618A", "SPAIN", [line]).rows == [CLAIM]


def test_the_swiss_by_the_article_and_short_name():
    """rulebook 004 (Centenary), rule 2, as above: 'the Swiss' is the Swiss Confederation."""
    variant = load_variant("centenary")
    rows = variant.system.mailed_rows(variant, "W1618A", "FRANCE",
                                      ["Claim fealty of the Swiss, build A SWC, retreat to Savoy"]).rows
    assert rows == [("Fealty", ["FRANCE", "SWISS", "SWC", "SAV"])]


def test_a_claim_building_with_no_build_due_says_the_build_is_one_of_the_claimers_own(tmp_path):
    """rulebook 004 (Centenary), rule 2: 'Instead of building a new unit for himself, the player
    may build a unit in the occupied center.' France took the Swiss center and lost Paris to
    Spain: no build due. Its claim building in SWC was refused asking for BUILD A SWC on its
    Orders block, and that build was refused as one too many: the player went round in a
    circle. The claim's line is refused saying France has no build due and the claim stands
    without it; the claim alone is typed."""
    from workflow_helpers import create, play

    paths = create(tmp_path, "swiss", variant="centenary", seed=7)
    play(paths, {"FRANCE": ["A AVG - SAV"], "SPAIN": ["A NTH - NOR"]})
    play(paths, {"FRANCE": ["A SAV - SWC", "A BLO S A SAV - SWC", "A PAR - BRT"], "SPAIN": ["A NOR - PAR"]})
    assert paths.workbook.exists()
    mail = b"France\nClaim fealty of the Swiss, build A SWC, retreat to Savoy\n"
    report = enter_mails("swiss", [("fr", mail)], root=tmp_path, dry_run=True)
    [(where, line, reason)] = report.refused
    assert (where, line) == ("fr line 2", "'Claim fealty of the Swiss, build A SWC, retreat to Savoy'")
    assert "FRANCE has no build due this phase" in reason and "BUILD A SWC" not in reason, reason
    report = enter_mails("swiss", [("fr", b"France\nClaim fealty of the Swiss\n")], root=tmp_path, dry_run=True)
    assert report.refused == [] and len(report.written) == 1, report.text()


def test_status_names_what_each_power_owes_in_the_winter_a_claim_only_mailed_included(winter, tmp_path):
    """rulebook 004 (Centenary), rule 2: a player claiming the Fealty 'may build a unit in the
    occupied center'; the claim goes on the Fealty sheet, the builds on the Orders sheet. Spain
    mailed its claim only: it is named with what came and its build still due, 'its 1 row(s) on
    the Orders sheet' as it said before, and the others with their builds and removals due."""
    from gm_tools.app.status import phase_status

    root = tmp_path / "games"
    shutil.copytree(winter, root)
    enter_mails(GAME, [("es", b"Spain\nFEALTY: Portugal\n")], root=root)
    status = phase_status(GAME, root=root)
    assert ("  waiting for: EMPIRE (2 builds); SPAIN (Fealty received; 1 build not yet); PRINCES (1 removal)"
            in status.text().splitlines())


def test_a_claim_line_refused_for_its_build_says_the_claim_is_not_typed(tmp_path):
    """rulebook 004 (Centenary), rule 2: 'Instead of building a new unit for himself, the player
    may build a unit in the occupied center.' France, no build due, mailed its claim on the Swiss
    with a build in SWC: the reply said "the claim stands without it" while the whole line was
    refused and nothing typed, the claim included, so the player believed his claim made. The
    reply says the claim is not typed and how to make it; a `turn --lenient` keeps the sheet's
    claim without its build, and its record's words ("the claim stands without it") are true."""
    from workflow_helpers import create, play

    paths = create(tmp_path, "swiss", variant="centenary", seed=7)
    play(paths, {"FRANCE": ["A AVG - SAV"], "SPAIN": ["A NTH - NOR"]})
    play(paths, {"FRANCE": ["A SAV - SWC", "A BLO S A SAV - SWC", "A PAR - BRT"], "SPAIN": ["A NOR - PAR"]})
    mail = b"France\nClaim fealty of the Swiss, build A SWC, retreat to Savoy\n"
    report = enter_mails("swiss", [("fr", mail)], root=tmp_path, dry_run=True)
    [(_, _, reason)] = report.refused
    assert report.written == [] and "the claim stands without it" not in reason, reason
    assert reason.endswith("the line is refused whole, so the claim is not typed: mail it again without its build"), reason
