"""The Addresses sheet (docs/workbook.md, docs/orders.md "The sender"): each player's e-mail
addresses, kept by the GM in the workbook, carried to every next phase's workbook, never
published; ``gm-tools orders`` refuses a power's block mailed from an address that is none
of the power's. Real workbooks (openpyxl) and real .eml files."""

from __future__ import annotations

import io

import openpyxl
import pytest

from gm_tools.app.cli import main
from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import load_state, new_game, run_turn
from gm_tools.errors import WorkbookError

VARIANTS = ["standard", "europe1615", "europe1615v2", "europe1619", "westphalia", "centenary"]


def _workbook(root):
    return load_state("g", root).paths.workbook


def _type(root, cells: dict[str, str], drop: str | None = None) -> None:
    """The GM types ``cells`` (``Addresses!C2``) in his spreadsheet program and saves."""
    path = _workbook(root)
    wb = openpyxl.load_workbook(path)
    for ref, value in cells.items():
        sheet, cell = ref.split("!")
        wb[sheet][cell] = value
    if drop:
        del wb[drop]
    wb.save(path)


def _eml(tmp_path, name: str, sender: str | None, body: str) -> tuple[str, bytes]:
    """A mail as the GM saves it from his mail program (None: pasted text, no headers)."""
    head = f"From: {sender}\nTo: gm@example.org\nSubject: orders\nDate: Sun, 29 Nov 2026 09:00:00 +0000\n\n"
    data = ((head if sender is not None else "") + body).encode("utf-8")
    (tmp_path / name).write_bytes(data)
    return name, (tmp_path / name).read_bytes()


def _rows(root, title="Addresses"):
    wb = openpyxl.load_workbook(_workbook(root))
    return [[c.value for c in row] for row in wb[title].iter_rows()] if title in wb.sheetnames else None


@pytest.mark.parametrize("variant", VARIANTS)
def test_new_game_lays_out_the_addresses_sheet(tmp_path, variant):
    """Every variant's first workbook has the Addresses sheet: its header and a row for each
    played power with its player, the E-mail cells empty for the GM to fill."""
    new_game(variant, "g", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    rows = _rows(tmp_path)
    assert rows[0] == ["Power", "Player", "E-mail"]
    assert len(rows) > 2 and all(row[2] is None for row in rows[1:])


def test_a_mail_from_another_address_than_the_powers_is_refused(tmp_path):
    """France's address on the Addresses sheet is ann@example.org: England's player's mail
    naming France is refused, naming the sender, the power and what to do; Ann's mail (her
    address in other case, with her name) is typed; a power without addresses and pasted text
    are not checked, as before the sheet."""
    new_game("standard", "g", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z", players={"FRANCE": "Ann"})
    _type(tmp_path, {"Addresses!C4": "ann@example.org, ann.work@example.com"})  # France: the 3rd played power
    assert _rows(tmp_path)[3][0] == "France"
    bob = _eml(tmp_path, "bob.eml", "Bob <bob@example.org>", "France\nA PAR - BUR\n\nEngland\nF LON - NTH\n")
    report = enter_mails("g", [bob], root=tmp_path, dry_run=True)
    assert [(w[1], w[2]) for w in report.written] == [("ENGLAND", "F LON - NTH")]
    (where, found, why), = report.refused
    assert (where, found) == ("bob.eml line 1", "'France'")
    assert why.startswith("orders for France from bob@example.org, which is not France's on the Addresses sheet "
                          "(ann.work@example.com, ann@example.org)")
    assert ("if the player wrote from another address, add it on the Addresses sheet or enter the text "
            "without its headers") in why
    ann = _eml(tmp_path, "ann.eml", "Ann <Ann@Example.ORG>", "France\nA PAR - BUR\n")
    pasted = _eml(tmp_path, "pasted.txt", None, "France\nA MAR - SPA\n")
    only = _eml(tmp_path, "only.eml", "Bob <bob@example.org>", "France\nF BRE - MAO\n")
    before = _workbook(tmp_path).read_bytes()
    report = enter_mails("g", [only], root=tmp_path)
    assert report.written == [] and len(report.refused) == 1 and _workbook(tmp_path).read_bytes() == before
    report = enter_mails("g", [ann, pasted], root=tmp_path)
    assert report.refused == []
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A MAR - SPA")]  # the later mail replaces Ann's
    assert _rows(tmp_path)[3][2] == "ann@example.org, ann.work@example.com"  # the sheet kept as typed


def test_an_address_without_at_is_named_at_its_cell(tmp_path):
    """A cell of the E-mail column that is no address stops ``orders`` before any mail is typed,
    naming the sheet, the cell, what was found and what was expected."""
    new_game("standard", "g", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    _type(tmp_path, {"Addresses!C4": "ann@example.org; ann at example.com"})
    before = _workbook(tmp_path).read_bytes()
    mail = _eml(tmp_path, "ann.eml", "ann@example.org", "France\nA PAR - BUR\n")
    with pytest.raises(WorkbookError) as caught:
        enter_mails("g", [mail], root=tmp_path)
    assert "Addresses!C4: found 'ann at example.com', expected an e-mail address (name@example.org)" in str(caught.value)
    assert _workbook(tmp_path).read_bytes() == before


def test_an_old_workbook_without_the_sheet_works_and_gets_it_next_phase(tmp_path):
    """A workbook laid out before the Addresses sheet: mails are typed unchecked, the turn runs,
    and the next phase's workbook has the sheet; one with addresses typed is carried as typed."""
    new_game("standard", "g", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    _type(tmp_path, {}, drop="Addresses")
    assert _rows(tmp_path) is None
    report = enter_mails("g", [_eml(tmp_path, "x.eml", "x@example.org", "France\nA PAR - BUR\n")], root=tmp_path)
    assert report.refused == [] and report.written
    run_turn("g", root=tmp_path, site_dir=None)
    assert _rows(tmp_path)[0] == ["Power", "Player", "E-mail"]
    _type(tmp_path, {"Addresses!C4": "ann@example.org"})
    run_turn("g", root=tmp_path, site_dir=None)
    assert _rows(tmp_path)[3] == ["France", None, "ann@example.org"]


def test_the_site_and_the_export_hold_no_address(tmp_path, capsys):
    """The addresses are the GM's alone: a game played with them typed publishes a site, and
    exports a saved game, in which none of them appears."""
    root = tmp_path / "games"
    assert main(["new-game", "standard", "g", "--seed", "3", "--player", "FRANCE=Ann", "--root", str(root)]) == 0
    _type(root, {"Addresses!C4": "ann.secret@example.org"})
    assert main(["turn", "g", "--force", "--root", str(root), "--site", str(tmp_path / "site")]) == 0
    assert main(["export", "g", "--mila", "--out", str(tmp_path / "g.json"), "--root", str(root)]) == 0
    files = [p for p in (tmp_path / "site").rglob("*") if p.is_file()] + [tmp_path / "g.json"]
    files += [p for p in (root / "g").rglob("*") if p.is_file() and p.suffix == ".json"]
    assert len(files) > 5
    assert not [p for p in files if b"ann.secret" in p.read_bytes()]
    assert "ann.secret" not in capsys.readouterr().out
