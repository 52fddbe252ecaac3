"""A vassal's orders mailed by its master with the vassal's name before them, as players label
the units they order for another power (``Bavaria: A BAV - BOH`` in the Empire's mail).

Rulebook: ``004_1210a5933393c2d7.txt`` (Centenary), rule 3: "Thenceforth, the Catholic player
will order the units of that neutral"; rule 4: "the Empire takes control of it's army". The demo's
Fall 1618 (``sheets/demo-centenary.toml``): Bavaria and Venice are sworn to the Empire.
"""

from __future__ import annotations

import shutil

from gm_tools.app.mailorders import enter_mails

from demos import played_until_fixture

GAME = "centenary-demo"

fall = played_until_fixture("centenary", "F1618M")


def test_a_vassals_name_before_its_order_asks_for_the_order_alone(fall, tmp_path):
    """'Bavaria: A BAV - BOH' under the Empire's line was refused as "expected H, -, S or C after
    'Bavaria', found 'A'": the vassal's name read as a province. It is refused asking for the
    unit's order alone, under the power's line, as Europe 1615 asks for a labelled order; the
    mail's other orders are read, and the same order written alone is typed (rule 4: the Empire
    orders Bavaria's army)."""
    root = tmp_path / "games"
    shutil.copytree(fall, root)
    mail = (b"Empire\n"
            b"Bavaria: A BAV - BOH\n"
            b"Venice: Fleet Venice - Adriatic Sea\n"
            b"A MIL H\n")
    report = enter_mails(GAME, [("hre", mail)], root=root, dry_run=True)
    assert [w[2] for w in report.written] == ["A MIL H"], report.text()
    assert {line: why for _, line, why in report.refused} == {
        "'Bavaria: A BAV - BOH'": "the unit's order alone, 'A BAV - BOH', under the power's line: a unit is named by "
                                  "its province, whoever owns it (Bavaria's units are ordered by the power that "
                                  "commands them, in its own mail)",
        "'Venice: Fleet Venice - Adriatic Sea'": "the unit's order alone, 'Fleet Venice - Adriatic Sea', under the "
                                                 "power's line: a unit is named by its province, whoever owns it "
                                                 "(Venice's units are ordered by the power that commands them, in "
                                                 "its own mail)"}
    report = enter_mails(GAME, [("hre", b"Empire\nA BAV - BOH\nFleet Venice - Adriatic Sea\nA MIL H\n")],
                         root=root, dry_run=True)
    assert report.refused == [] and len(report.written) == 3, report.text()


def test_a_vassals_results_name_the_power_that_ordered_them(fall, tmp_path):
    """004, rule 4: "In Winter 1617 (the first turn), the Empire takes control of it's army";
    rule 3: "the Catholic player will order the units of that neutral". The phase page listed
    Bavaria's results under "Powers without a player" as Bavaria alone, though the Empire
    ordered them (its "Orders as written" holding them); the row group says so. Venice, sworn
    by the draw after Spring 1618, was no one's in that phase; Denmark is nobody's."""
    from gm_tools.publish.site import build_site

    build_site(fall, tmp_path / "site")
    page = (tmp_path / "site" / "games" / GAME / "S1618M.html").read_text(encoding="utf-8")
    assert ('<tr id="power-BAVARIA"><th scope="rowgroup" colspan="3">Bavaria (ordered by the Holy Roman Empire)'
            '</th></tr>') in page
    assert '<tr id="power-VENICE"><th scope="rowgroup" colspan="3">Venice</th></tr>' in page
    assert '<tr id="power-DENMARK"><th scope="rowgroup" colspan="3">Denmark</th></tr>' in page
