"""The DATC (Diplomacy Adjudicator Test Cases v2.4, Lucas Kruijswijk), sections 6.A-6.J,
run against the engine on the standard map.

The cases are data in ``tests/datc/6.X.toml`` (format: ``tests/datc/README.md``), with the
DATC's preferred outcomes (2000 rulebook). This module only loads them, checks they are
well formed and complete, and runs each one through :func:`gm_tools.engine.runner.run_phase`:
one pytest parameter per case, named by its DATC id (``pytest -k 6.F.14``).
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from gm_tools.engine.model import FAILS, INVALID, SUCCEEDS, Dislodged, Position, Unit
from gm_tools.engine.phase import PhaseError, parse_phase

DATC_DIR = Path(__file__).parent / "datc"

# Number of cases in each section of DATC v2.4 chapter 6: the ids must cover these exactly.
DATC_SECTIONS = {"A": 12, "B": 14, "C": 7, "D": 34, "E": 15, "F": 24, "G": 18, "H": 16, "I": 7, "J": 11}
EXPECTED_IDS = [f"6.{s}.{n}" for s, count in DATC_SECTIONS.items() for n in range(1, count + 1)]

EXPECTATIONS = (SUCCEEDS, FAILS, INVALID)
CASE_KEYS = {"id", "title", "note", "skip", "phase", "units", "centers", "dislodged", "contested", "orders", "expect", "step"}
STEP_KEYS = {"phase", "units", "centers", "dislodged", "contested", "orders", "expect"}
EXPECT_KEYS = {"results", "units", "dislodged", "retreats"}
DEFAULT_PHASE = "S1901M"


class CaseDataError(Exception):
    """A case file that does not follow tests/datc/README.md."""


# --- Reading the case files ------------------------------------------------------------


@dataclass
class Step:
    """One phase of a case: the orders given and what the DATC says comes of them."""

    phase: str | None
    """Phase id to play; None to play the phase the previous step led to."""
    orders: dict[str, list[str]]
    """Power -> order texts, in our notation."""
    expect: dict
    """The ``expect`` table: ``results``, ``units``, ``dislodged``, ``retreats`` (each optional)."""
    overrides: dict = field(default_factory=dict)
    """Position fields this step sets instead of taking them from the previous step."""


@dataclass
class Case:
    """One DATC test case, as read from a file."""

    id: str
    """DATC id: ``"6.A.1"``."""
    title: str
    """The DATC's title for the case."""
    source: str
    """File the case came from, for error messages."""
    note: str
    """The DATC option used, where it gives several."""
    skip: str | None
    """Why the case cannot be run, or None."""
    start: dict
    """Fields of the starting position: phase, units, centers, dislodged, contested."""
    steps: list[Step]
    """The phases played, in order (one for most cases)."""


def _where(source: str, case_id: str) -> str:
    return f"{source}, case {case_id}"


def _read_case(source: str, raw: dict) -> Case:
    case_id = raw.get("id", "?")
    where = _where(source, case_id)
    unknown = set(raw) - CASE_KEYS
    if unknown:
        raise CaseDataError(f"{where}: unknown key(s) {sorted(unknown)}; expected some of {sorted(CASE_KEYS)}")
    for key in ("id", "title", "units"):
        if key not in raw:
            raise CaseDataError(f"{where}: missing key {key!r}")
    start = {k: raw[k] for k in ("phase", "units", "centers", "dislodged", "contested") if k in raw}
    start.setdefault("phase", DEFAULT_PHASE)
    if "step" in raw:
        if "orders" in raw or "expect" in raw:
            raise CaseDataError(f"{where}: give either 'orders'/'expect' or [[case.step]] tables, not both")
        steps = []
        for n, s in enumerate(raw["step"], 1):
            unknown = set(s) - STEP_KEYS
            if unknown:
                raise CaseDataError(f"{where}, step {n}: unknown key(s) {sorted(unknown)}; expected some of {sorted(STEP_KEYS)}")
            overrides = {k: s[k] for k in ("units", "centers", "dislodged", "contested") if k in s}
            steps.append(Step(s.get("phase"), s.get("orders", {}), s.get("expect", {}), overrides))
    else:
        steps = [Step(start["phase"], raw.get("orders", {}), raw.get("expect", {}))]
    for n, step in enumerate(steps, 1):
        unknown = set(step.expect) - EXPECT_KEYS
        if unknown:
            raise CaseDataError(f"{where}, step {n}: unknown expect key(s) {sorted(unknown)}; expected some of {sorted(EXPECT_KEYS)}")
    return Case(case_id, raw["title"], source, raw.get("note", ""), raw.get("skip"), start, steps)


def load_cases() -> list[Case]:
    cases = []
    for path in sorted(DATC_DIR.glob("6.*.toml")):
        with path.open("rb") as f:
            try:
                data = tomllib.load(f)
            except tomllib.TOMLDecodeError as e:
                raise CaseDataError(f"{path.name}: not valid TOML: {e}") from None
        cases.extend(_read_case(path.name, raw) for raw in data.get("case", []))
    return cases


CASES = load_cases()


# --- Building positions ----------------------------------------------------------------


def parse_unit(power: str, text: str, where: str) -> Unit:
    """``"A PAR"`` / ``"F SPA/NC"`` of ``power`` -> Unit."""
    parts = text.split()
    if len(parts) != 2 or parts[0] not in ("A", "F"):
        raise CaseDataError(f"{where}: unit {text!r} of {power} is not 'A PAR' or 'F SPA/NC'")
    return Unit(power, parts[0], parts[1])


def build_units(table: dict, where: str) -> dict[str, Unit]:
    units: dict[str, Unit] = {}
    for power, texts in table.items():
        for text in texts:
            unit = parse_unit(power, text, where)
            if unit.province in units:
                raise CaseDataError(f"{where}: two units in {unit.province}")
            units[unit.province] = unit
    return units


def build_centers(table: dict) -> dict[str, str]:
    return {province: power for power, provinces in table.items() for province in provinces}


def build_dislodged(table: dict, where: str) -> dict[str, Dislodged]:
    """``{POWER = [{unit = "A PAR", from = "BUR", retreats = [...]}]}`` -> Dislodged by province."""
    dislodged = {}
    for power, entries in table.items():
        for entry in entries:
            if not isinstance(entry, dict) or "unit" not in entry:
                raise CaseDataError(f"{where}: dislodged entry {entry!r} of {power} is not {{unit = \"A PAR\", from = \"BUR\"}}")
            unit = parse_unit(power, entry["unit"], where)
            dislodged[unit.province] = Dislodged(unit, entry.get("from"), tuple(entry.get("retreats", ())))
    return dislodged


def apply_fields(position: Position, fields: dict, where: str) -> None:
    if "phase" in fields:
        position.phase = fields["phase"]
    if "units" in fields:
        position.units = build_units(fields["units"], where)
    if "centers" in fields:
        position.centers = build_centers(fields["centers"])
    if "dislodged" in fields:
        position.dislodged = build_dislodged(fields["dislodged"], where)
    if "contested" in fields:
        position.contested = frozenset(fields["contested"])


def start_position(case: Case) -> Position:
    position = Position(phase=case.start["phase"])
    apply_fields(position, case.start, _where(case.source, case.id))
    return position


# --- Matching expectations -------------------------------------------------------------


def order_slots(orders: dict[str, list[str]]) -> dict[str, int]:
    """Expected-result key -> index of the order in the flat list the engine answers.

    The key is the order text; a text given a second time is keyed ``"TEXT #2"``, and so on.
    """
    slots: dict[str, int] = {}
    seen: Counter = Counter()
    index = 0
    for texts in orders.values():
        for text in texts:
            seen[text] += 1
            key = text if seen[text] == 1 else f"{text} #{seen[text]}"
            slots[key] = index
            index += 1
    return slots


def result_matches(expected: str, actual: str) -> bool:
    """'fails' accepts a failed or an invalid order; 'succeeds' and 'invalid' are exact."""
    if expected == FAILS:
        return actual in (FAILS, INVALID)
    return actual == expected


def unit_set(table: dict) -> set[tuple[str, str]]:
    return {(power, " ".join(text.split())) for power, texts in table.items() for text in texts}


def _unit_of_order(text: str) -> str | None:
    parts = text.split()
    if len(parts) >= 2 and parts[0] in ("A", "F"):
        return f"{parts[0]} {parts[1]}"
    return None


def describe(case: Case, n: int, position: Position, step: Step, outcome) -> str:
    lines = [f"DATC {case.id} {case.title!r} ({case.source}), step {n} of {len(case.steps)}, phase {position.phase}"]
    if case.note:
        lines.append(f"  option: {case.note}")
    lines.append("  units before: " + ", ".join(f"{u.power} {u}" for u in sorted(position.units.values(), key=str)))
    lines.append("  orders:")
    for power, texts in step.orders.items():
        for text in texts:
            lines.append(f"    {power}: {text}")
    lines.append("  results:")
    for r in outcome.results:
        extra = " (dislodged)" if r.dislodged else ""
        lines.append(f"    {r.power}: {r.order} -> {r.result}{extra}: {r.reason}")
    lines.append("  units after: " + ", ".join(f"{u.power} {u}" for u in sorted(outcome.position.units.values(), key=str)))
    return "\n".join(lines)


def check_step(case: Case, n: int, step: Step, outcome) -> list[str]:
    """Every way the outcome differs from what the case expects."""
    problems = []
    results = outcome.results
    slots = order_slots(step.orders)
    for key, expected in step.expect.get("results", {}).items():
        i = slots.get(key)
        actual = results[i] if i is not None and i < len(results) else None
        if i is None:
            problems.append(f"expected result for {key!r}, which is not one of the step's orders")
        elif actual is None:
            problems.append(f"no result for {key!r}")
        elif not result_matches(expected, actual.result):
            problems.append(f"{key!r}: expected {expected}, got {actual.result} ({actual.reason})")
    if "units" in step.expect:
        want = unit_set(step.expect["units"])
        got = {(u.power, str(u)) for u in outcome.position.units.values()}
        if want != got:
            missing = sorted(want - got)
            extra = sorted(got - want)
            problems.append(f"units after: missing {missing}, unexpected {extra}")
    if "dislodged" in step.expect:
        want = {" ".join(t.split()) for t in step.expect["dislodged"]}
        got = {str(d.unit) for d in outcome.dislodged.values()}
        got |= {u for r in results if r.dislodged and (u := _unit_of_order(r.order))}
        if want != got:
            problems.append(f"dislodged: expected {sorted(want)}, got {sorted(got)}")
    options = {str(d.unit): set(d.retreats) for d in outcome.dislodged.values()}
    for unit, places in step.expect.get("retreats", {}).items():
        if unit not in options:
            problems.append(f"retreats of {unit}: it was not dislodged")
        elif options[unit] != set(places):
            problems.append(f"retreats of {unit}: expected {sorted(places)}, got {sorted(options[unit])}")
    return problems


# --- Tests -----------------------------------------------------------------------------


def test_case_ids_cover_the_datc_exactly():
    """DATC v2.4 chapter 6, sections A-J: every case present, none twice, no stray id."""
    ids = [c.id for c in CASES]
    duplicates = sorted(i for i, n in Counter(ids).items() if n > 1)
    assert not duplicates, f"case ids given more than once: {duplicates}"
    missing = [i for i in EXPECTED_IDS if i not in ids]
    stray = sorted(set(ids) - set(EXPECTED_IDS))
    assert not missing and not stray, f"missing DATC cases {missing}; ids not in the DATC {stray}"


def test_cases_are_in_their_section_file():
    for case in CASES:
        assert case.source == f"{case.id.rsplit('.', 1)[0]}.toml", f"{case.id} is in {case.source}"


@pytest.fixture(scope="module")
def standard():
    from gm_tools.edges.variants import load_variant

    return load_variant("standard")


def test_case_data_is_well_formed(standard):
    """Every unit stands where its kind can on the standard map, every power exists, every
    expected result names an order of its step and is one of succeeds/fails/invalid."""
    problems = []
    for case in CASES:
        where = _where(case.source, case.id)
        tables = [("start", case.start)] + [(f"step {n}", s.overrides | {"phase": s.phase}) for n, s in enumerate(case.steps, 1)]
        for label, fields in tables:
            try:
                if fields.get("phase") is not None:
                    parse_phase(fields["phase"])
                units = build_units(fields.get("units", {}), where)
                for unit in units.values():
                    if not standard.unit_can_stand(unit.kind, unit.location):
                        problems.append(f"{where} ({label}): {unit} cannot stand there")
                for power in list(fields.get("units", {})) + list(fields.get("centers", {})):
                    if power not in standard.powers:
                        problems.append(f"{where} ({label}): unknown power {power}")
                for province in build_centers(fields.get("centers", {})):
                    if province not in standard.provinces or not standard.provinces[province].supply_center:
                        problems.append(f"{where} ({label}): {province} is not a supply center")
            except (CaseDataError, PhaseError) as e:
                problems.append(str(e))
        for n, step in enumerate(case.steps, 1):
            for power in step.orders:
                if power not in standard.powers:
                    problems.append(f"{where}, step {n}: orders for unknown power {power}")
            slots = order_slots(step.orders)
            for key, value in step.expect.get("results", {}).items():
                if key not in slots:
                    problems.append(f"{where}, step {n}: expected result for {key!r}, which is not one of its orders")
                if value not in EXPECTATIONS:
                    problems.append(f"{where}, step {n}: result {value!r} for {key!r}; expected one of {EXPECTATIONS}")
            if not step.expect:
                problems.append(f"{where}, step {n}: expects nothing")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_datc(case: Case, standard):
    if case.skip:
        pytest.skip(f"{case.id}: {case.skip}")
    from gm_tools.engine.runner import run_phase

    position = start_position(case)
    where = _where(case.source, case.id)
    for n, step in enumerate(case.steps, 1):
        if n > 1:
            apply_fields(position, step.overrides, where)
        if step.phase is not None:
            position.phase = step.phase
        outcome = run_phase(standard, position, step.orders)
        problems = check_step(case, n, step, outcome)
        if problems:
            pytest.fail(describe(case, n, position, step, outcome) + "\n  differences:\n" + "\n".join(f"    - {p}" for p in problems), pytrace=False)
        position = outcome.position
