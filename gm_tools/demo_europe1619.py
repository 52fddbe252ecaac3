"""The Europe 1619 demo game: played by ``make turn`` (no GAME) beside the standard demo.

The players' orders are committed in ``sheets/demo-europe1619.toml``. As in
:mod:`gm_tools.demo_game`, the game is played the way a GM plays any game: ``new-game``
makes the workbook, and for each phase the entries are typed into the workbook's sheets
(INF Placements, Attacks, Declarations, Orders, Purchases, Loans, Payments, Press) before the real
turn pipeline checks and processes them. Phases the file has no table for (the Map
Adjustment and Scoring Phases, a Diplomatic or Orders Phase where everything holds) are
processed as they stand. Same file, same bytes.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from .errors import UserError
from .turn import load_state, new_game, run_turn
from .workbook import fill_orders, set_cells

REPO = Path(__file__).resolve().parent.parent
EUROPE_ORDERS = REPO / "sheets" / "demo-europe1619.toml"
EUROPE_NAME = "europe1619-demo"
EUROPE_SEED = 1619
EUROPE_CREATED = "1619-01-01T00:00:00Z"
"""Fixed, so the game's record is the same bytes on every run."""

_PLACEMENT = re.compile(r"^\s*(\d+)\s*:\s*(\S.*?)\s*$")
_DECLARATION = re.compile(r"^\s*(WAR|ALLIANCE|ARMISTICE|DISSOLVE)\s*:\s*(\S.*?)\s*$", re.IGNORECASE)
_PURCHASE = re.compile(
    r"^\s*(build|bolster|reduce|disband)\s+(?:([AF])\s+)?(\S+)(?:\s+for\s+(\S+))?\s*$", re.IGNORECASE
)


class EuropeDemoError(UserError):
    """``demo-europe1619.toml`` does not fit the game it is played into."""


def read_europe_orders(path: Path = EUROPE_ORDERS) -> tuple[dict, str, dict[str, dict]]:
    """The players, the phase the demo stops at, and phase id -> its table, in file order."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise EuropeDemoError(f"{path}: {e}") from None
    players = data.pop("players", {})
    until = data.pop("until", "")
    if not until:
        raise EuropeDemoError(f"{path}: expected a key 'until' naming the phase the demo stops at")
    return players, until, data


def sheet_cells(phase: str, entry: dict, where: str) -> dict[str, object]:
    """The variant sheets' cells for one phase's entries (not the Orders sheet).

    Diplomatic Phase lines go by their form: ``5: BRE`` to INF Placements, ``BRAP > FRANCE``
    to Attacks, ``WAR: SPAIN`` to Declarations. Builds and Transactions lines (``build A
    PAR``, ``bolster LYO``, ``build F GEN for GEN``) go to Purchases; ``loans`` to Loans,
    ``payments`` (repayments, interest) to Payments."""
    cells: dict[str, object] = {}
    rows = {"INF Placements": 2, "Attacks": 2, "Declarations": 2, "Purchases": 2, "Loans": 2, "Payments": 2}

    def put(sheet: str, values: list[object]) -> None:
        row = rows[sheet]
        for column, value in zip("ABCDE", values):
            if value is not None:
                cells[f"{sheet}!{column}{row}"] = value
        rows[sheet] = row + 1

    kind = phase[-1]
    for power, lines in entry.items():
        if power == "loans":
            for loan in lines:
                put("Loans", [loan["lender"], loan["borrower"], loan["amount"], loan["interest"], str(loan["due"])])
            continue
        if power == "payments":
            for payment in lines:
                put("Payments", [payment["payer"], payment["payee"], payment["amount"], payment["note"]])
            continue
        for line in lines:
            if kind == "D":
                placed, declared = _PLACEMENT.match(line), _DECLARATION.match(line)
                if placed:
                    put("INF Placements", [power, int(placed.group(1)), placed.group(2)])
                elif declared:
                    put("Declarations", [power, declared.group(1).lower(), declared.group(2)])
                elif ">" in line:
                    put("Attacks", [power, line.strip()])
                else:
                    raise EuropeDemoError(f"{where}: [{phase}] {power}: found {line!r}, expected "
                                          "'5: BRE', 'BRAP > FRANCE' or 'WAR: SPAIN'")
            elif kind == "B":
                bought = _PURCHASE.match(line)
                if not bought:
                    raise EuropeDemoError(f"{where}: [{phase}] {power}: found {line!r}, expected "
                                          "'build A PAR', 'bolster LYO', 'reduce LYO' or 'disband LYO'")
                action, unit, province, minor = bought.groups()
                put("Purchases", [power, action.lower(), unit.upper() if unit else None, province.upper(),
                                  minor.upper() if minor else None])
            else:
                raise EuropeDemoError(f"{where}: [{phase}] {power}: phase {phase} takes no sheet entries")
    return cells


def play_europe_demo(root: Path, orders_file: Path = EUROPE_ORDERS) -> list[str]:
    """Play the Europe 1619 demo into ``root`` (beside the other demo games); the reports."""
    players, until, phases = read_europe_orders(orders_file)
    paths = new_game("europe1619", EUROPE_NAME, root=root, seed=EUROPE_SEED, players=players,
                     created=EUROPE_CREATED)
    lines = []
    unplayed = list(phases)
    while True:
        state = load_state(EUROPE_NAME, root)
        phase = state.position.phase
        if phase == until or state.finished:
            break
        entry = dict(phases.get(phase, {}))
        if phase in unplayed:
            unplayed.remove(phase)
        press = entry.pop("press", "")
        data = paths.workbook.read_bytes()
        if phase[-1] in "MR":  # movement and retreat orders go on the Orders sheet
            data = fill_orders(data, entry, press, str(paths.workbook))
        else:
            data = set_cells(data, sheet_cells(phase, entry, orders_file.name), str(paths.workbook))
            if press:
                data = fill_orders(data, {}, press, str(paths.workbook))
        paths.workbook.write_bytes(data)
        lines.append(run_turn(EUROPE_NAME, root=root, site_dir=None, force=True).text())
    if unplayed:
        raise EuropeDemoError(f"{orders_file}: [{unplayed[0]}] has entries, but the game never reached it "
                              f"(it stopped at {until})")
    return lines
