"""`gm-tools turn --lenient` on the variants' own entry sheets: Europe 1619's Diplomatic Phase
and Builds and Transactions rows and Centenary's Fealty rows. An invalid row is dropped whole,
as the judges drop an invalid order (docs/workbook.md, "Checking": `--lenient` turns order
problems into notes), the rows left are checked again, and each row dropped is named in the
turn's report, the phase's page and its judge text, and kept in the record's `dropped`
(docs/game-record.md). Before, such a row stopped the lenient turn as it stops a strict one.

Played on the shipped demos' real workbooks (Europe 1619's Diplomatic Phase of 1620 and its
Builds and Transactions Phase of 1620, Centenary's Winter 1618), each typed as the GM types it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from demos import copy_with_cells, file_hashes, played_until_fixture
from gm_tools.app.turn import replay, run_turn
from gm_tools.edges.workbook_fill import fill_orders
from gm_tools.errors import WorkbookError

E1619 = "europe1619-demo"
CENTENARY = "centenary-demo"

diplomatic = played_until_fixture("europe1619", "Y1620D")
transactions = played_until_fixture("europe1619", "Y1620B")
winter = played_until_fixture("centenary", "W1618A")


def _lenient(played: Path, into: Path, game: str, cells: dict, site: Path | None = None):
    """The strict turn refused with nothing written, then the lenient turn: its report and record."""
    root = copy_with_cells(played, into, game, cells)
    before = file_hashes(root)
    with pytest.raises(WorkbookError):
        run_turn(game, root=root, site_dir=None)
    assert file_hashes(root) == before
    report = run_turn(game, root=root, lenient=True, site_dir=site)
    return root, report, report.record


def test_invalid_diplomatic_rows_are_dropped_and_named(diplomatic, tmp_path):
    """Rulebook 002_e7e1b063b6c411e5.txt, 'Diplomatic Phase': each player submits 'number of INFs:
    [minor state]', '[minor state] > [power]' and declarations; a row that is no such order (a
    minor state of no map, an attack with no arrow, a declaration of no kind) is dropped, the
    valid placement beside it stands."""
    root, report, record = _lenient(diplomatic, tmp_path / "games", E1619, {
        "INF Placements!A2": "AUSTRIA", "INF Placements!B2": 3, "INF Placements!C2": "CRO",
        "INF Placements!A3": "AUSTRIA", "INF Placements!B3": 2, "INF Placements!C3": "XYZ",
        "Attacks!A2": "UNION", "Attacks!B2": "hello",
        "Declarations!A2": "FRANCE", "Declarations!B2": "warr", "Declarations!C2": "SPAIN",
    }, site=tmp_path / "site")
    assert record["extra"]["europe1619"]["orders"] == {"AUSTRIA": ["3: CRO"]}
    assert [(d["sheet"], d["cell"], d["written"]) for d in record["dropped"]] == [
        ("INF Placements", "INF Placements!A3:C3", "AUSTRIA | 2 | XYZ"),
        ("Attacks", "Attacks!A2:B2", "UNION | hello"),
        # the Kind as typed, not left out: "FRANCE | SPAIN" at A2:C2 hid the 'warr' dropped for
        ("Declarations", "Declarations!A2:C2", "FRANCE | warr | SPAIN"),
    ]
    assert record["dropped"][2]["error"].startswith("Declarations!B2: found 'warr', expected one of war")
    text = report.text()
    assert "Entries dropped:" in text
    assert "  Attacks!A2:B2 (UNION | hello): Attacks!B2: found 'hello', expected a diplomatic attack" in text
    # the phase's page and judge text say it too, for the players
    page = (tmp_path / "site" / "games" / E1619 / "Y1620D.html").read_text(encoding="utf-8")
    assert "Entries dropped" in page and "INF Placements!A3:C3 (AUSTRIA | 2 | XYZ)" in page
    judge = (tmp_path / "site" / "games" / E1619 / "Y1620D.txt").read_text(encoding="utf-8-sig")
    words = " ".join(judge.split())  # wrapped at 76 columns
    assert "Entries dropped: INF Placements!A3:C3 (AUSTRIA | 2 | XYZ): INF Placements!C3: found '2: XYZ'" in words
    # the record, with its rows dropped, replays to the same bytes
    assert replay(E1619, root) == []


def test_an_attack_left_without_its_placement_is_dropped_in_turn(diplomatic, tmp_path):
    """Rulebook 'Diplomatic Phase': a diplomatic attack needs the attacker's INFs in the minor
    state. A placement dropped takes with it the attack it was to pay for; the rows left are
    checked again, so the attack is dropped too, not let through unchecked."""
    _, report, record = _lenient(diplomatic, tmp_path / "games", E1619, {
        "INF Placements!A2": "SPAIN", "INF Placements!B2": 3, "INF Placements!C2": "LORR",
        "Attacks!A2": "SPAIN", "Attacks!B2": "LOR > FRANCE",
    })
    assert [d["cell"] for d in record["dropped"]] == ["INF Placements!A2:C2", "Attacks!A2:B2"]
    assert "SPAIN has no INFs in LOR" in record["dropped"][1]["error"]
    assert "orders" not in record["extra"].get("europe1619", {})


def test_invalid_transactions_are_dropped_and_the_rest_bought(transactions, tmp_path):
    """Rulebook 'Builds and Transactions Phase': a purchase of a province of no map and a loan of
    no TPs are dropped; France's bolster stands and is paid for."""
    root, report, record = _lenient(transactions, tmp_path / "games", E1619, {
        "Purchases!A2": "FRANCE", "Purchases!B2": "bolster", "Purchases!D2": "PAR",
        "Purchases!A3": "FRANCE", "Purchases!B3": "build", "Purchases!C3": "A", "Purchases!D3": "Atlantis",
        "Loans!A2": "FRANCE", "Loans!B2": "SAVOY", "Loans!C2": 0,
    })
    assert [(d["cell"], d["written"]) for d in record["dropped"]] == [
        ("Purchases!A3:D3", "FRANCE | build | A | Atlantis"), ("Loans!A2:C2", "FRANCE | SAVOY | 0")]
    assert record["extra"]["europe1619"]["purchases"] == [
        {"power": "FRANCE", "action": "bolster", "kind": None, "province": "PAR", "minor": None}]
    assert "loans" not in record["extra"]["europe1619"]
    assert replay(E1619, root) == []


def _winter_with_build(winter: Path, into: Path) -> Path:
    shutil.copytree(winter, into)
    workbook = into / f"{CENTENARY}.xlsx"
    workbook.write_bytes(fill_orders(workbook.read_bytes(), {"SPAIN": ["BUILD A POR"]}))
    return into


def test_a_fealty_rows_bad_retreat_drops_the_build_and_keeps_the_claim(winter, tmp_path):
    """Rulebook 004_1210a5933393c2d7.txt, rule 2: the claimer's unit in the center 'must be given
    a retreat order' for the build 'in the occupied center', which is made 'instead of building a
    new unit for himself': a choice beside the claim. A retreat to a province the unit cannot
    reach drops that build (Build in, Unit retreats to), as an invalid order is dropped; the
    claim, valid, stands (the right to it is lost for good after this phase). The build order
    then has no build site and is void, as any invalid order in a lenient turn."""
    into = _winter_with_build(winter, tmp_path / "games")
    root, report, record = _lenient(into, tmp_path / "copy", CENTENARY, {
        "Fealty!A2": "SPAIN", "Fealty!B2": "PORTUGAL", "Fealty!C2": "POR", "Fealty!D2": "LYN"})
    assert [(d["cell"], d["written"]) for d in record["dropped"]] == [("Fealty!C2:D2", "POR | LYN")]
    assert record["dropped"][0]["error"].startswith("Fealty!D2: found 'LYN'")
    assert record["extra"]["centenary"]["claims"] == [
        {"power": "SPAIN", "neutral": "PORTUGAL", "build_in": None, "retreat": None}]
    assert [(e["written"], e["read"]) for e in record["orders"]["SPAIN"]] == [("BUILD A POR", None)]
    text = report.text()
    assert "Fealty!C2:D2 (POR | LYN): Fealty!D2: found 'LYN'" in text
    assert "may claim the Fealty of Portugal" not in text  # claimed: nothing lost
    assert replay(CENTENARY, root) == []


def test_a_fealty_claim_the_rules_refuse_is_dropped_whole(winter, tmp_path):
    """Rule 2: only the player 'capturing the center' may claim; France's claim on Portugal is
    dropped, its Build in with it, and the report warns that Spain's right is lost with the phase."""
    into = _winter_with_build(winter, tmp_path / "games")
    root, report, record = _lenient(into, tmp_path / "copy", CENTENARY, {
        "Fealty!A2": "FRANCE", "Fealty!B2": "PORTUGAL", "Fealty!C2": "POR", "Fealty!D2": "EST"})
    assert [(d["cell"], d["written"]) for d in record["dropped"]] == [("Fealty!A2:D2", "FRANCE | PORTUGAL | POR | EST")]
    assert "FRANCE does not hold its center" in record["dropped"][0]["error"]
    assert not record["extra"].get("centenary", {}).get("claims")
    assert "warning: Spain may claim the Fealty of Portugal in this phase only" in report.text()
    assert replay(CENTENARY, root) == []


def test_a_problem_at_no_row_still_stops_a_lenient_turn(diplomatic, tmp_path):
    """docs/workbook.md: problems with the workbook itself stay errors: an entry beside the
    columns a turn reads is no player's row to drop, and nothing is written."""
    root = copy_with_cells(diplomatic, tmp_path / "games", E1619, {
        "INF Placements!A2": "AUSTRIA", "INF Placements!B2": 3, "INF Placements!C2": "CRO",
        "INF Placements!F2": "3: MOD"})
    before = file_hashes(root)
    with pytest.raises(WorkbookError) as raised:
        run_turn(E1619, root=root, lenient=True, site_dir=None)
    assert any(p.sheet == "INF Placements" and p.cell == "F2" for p in raised.value.problems)
    assert file_hashes(root) == before


def test_the_demos_records_have_no_dropped_rows(diplomatic):
    """A record without drops keeps no `dropped` key: the games recorded before replay as they were."""
    history = diplomatic / E1619 / "history"
    assert all("dropped" not in json.loads(p.read_text(encoding="utf-8")) for p in history.glob("*.json"))


def test_a_vote_the_rules_refuse_is_dropped_and_the_meeting_held(tmp_path):
    """Rulebook 002_e7e1b063b6c411e5.txt, 'Reichstag': 'The power that is the target of the ban is
    restricted from voting on the matter'. The Union's vote on its own ban is dropped; the
    meeting is held on the other votes (the Votes sheet is laid out AUSTRIA row 2, LEAGUE 3,
    UNION 4, SAXONY 5, SAVOY 6)."""
    from workflow_helpers import create, type_cells

    paths = create(tmp_path, variant="europe1619")
    run_turn(paths.name, root=paths.root, site_dir=None, force=True)  # Y1619D: to the Orders Phase
    type_cells(paths, {"Reichstag!A2": "imperial_ban", "Reichstag!B2": "UNION", "Reichstag!C2": "deposits",
                       "Reichstag!D2": "HES", "Reichstag Votes!B2": "for", "Reichstag Votes!B3": "for",
                       "Reichstag Votes!B4": "against"})
    with pytest.raises(WorkbookError):
        run_turn(paths.name, root=paths.root, site_dir=None)
    report = run_turn(paths.name, root=paths.root, lenient=True, site_dir=None)
    record = report.record
    assert [(d["cell"], d["written"]) for d in record["dropped"]] == [("Reichstag Votes!A4:B4", "UNION | against")]
    assert "is the target of the Imperial Ban" in record["dropped"][0]["error"]
    assert record["extra"]["europe1619"]["reichstag"]["votes"] == {"AUSTRIA": True, "LEAGUE": True}
    assert replay(paths.name, paths.root) == []


def test_a_lenient_dry_run_names_the_rows_it_would_drop_and_writes_nothing(diplomatic, tmp_path, capsys):
    """`turn --dry-run --lenient` shows the report the lenient turn would give, the rows dropped
    included (docs/workbook.md: the dry run writes no record, workbook or site)."""
    from gm_tools.app.cli import main

    root = copy_with_cells(diplomatic, tmp_path / "games", E1619, {
        "Attacks!A2": "UNION", "Attacks!B2": "hello"})
    before = file_hashes(root)
    assert main(["turn", E1619, "--root", str(root), "--dry-run", "--lenient"]) == 0
    out = capsys.readouterr().out
    assert "dry run of Y1620D" in out and "Entries dropped:" in out
    assert "  Attacks!A2:B2 (UNION | hello): Attacks!B2: found 'hello'" in out
    assert file_hashes(root) == before


def test_a_dropped_rows_words_are_shown_as_typed_never_as_markup():
    """What a dropped row held goes on a public page as typed: a link, emphasis or HTML in it is
    text (docs/site.md, press and other user text: no script, no address from a cell)."""
    from gm_tools.publish.droppedrows import dropped_sections
    from gm_tools.publish.siteviews import markdown_section

    record = {"dropped": [{"sheet": "Attacks", "cell": "Attacks!A2:B2",
                           "written": "UNION | [win](javascript:alert(1)) *x* <script>y</script>",
                           "error": "Attacks!B2: found '_z_', expected a diplomatic attack"}]}
    (heading, text), = dropped_sections(record)
    html = str(markdown_section(heading, text).html)
    assert "<a" not in html and "<em>" not in html and "<script" not in html
    assert "[win](javascript:alert(1)) *x* &lt;script&gt;y&lt;/script&gt;" in html and "'_z_'" in html
