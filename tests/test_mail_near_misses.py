"""Mailed lines a player writes near the form the game reads: each is typed when it can mean
only one thing, and otherwise refused with what was found and what was expected, in the mail's
own terms (a mail line has no cell beside it). Real games, real mails (``gm-tools orders``)."""

from __future__ import annotations

from gm_tools.app.mailorders import enter_mails

from workflow_helpers import create


def _refused(tmp_path, mail: bytes, game: str = "g") -> dict[str, str]:
    report = enter_mails(game, [("m", mail)], root=tmp_path)
    return {text: why for _, text, why in report.refused}


def test_a_mailed_order_that_begins_with_its_verb_asks_for_the_unit_first_not_for_a_cell(tmp_path):
    """A unit's order names the unit, then what it does ('A PAR - BUR', the 2000 rulebook's
    'Writing orders'); a mailed line that begins with the verb ('move A PAR to BUR', 'hold F
    BRE', a bare 'H') is refused asking for the unit first, not for 'a unit in column B', which
    only a workbook row has."""
    create(tmp_path)
    refused = _refused(tmp_path, b"France\nmove A PAR to BUR\nhold F BRE\nH\nA MAR - SPA\n")
    assert refused == {
        "'move A PAR to BUR'": "the ordered unit first, such as A PAR - BUR or F BRE H, found 'move' before it",
        "'hold F BRE'": "the ordered unit first, such as A PAR - BUR or F BRE H, found 'hold' before it",
        "'H'": "the ordered unit first, such as A PAR - BUR or F BRE H, found only 'H'"}
