"""Centenary's sheets: Fealty claims (input), the Neutrals (output), and the fealty sections of
a phase's page.

Rulebook: ``004_1210a5933393c2d7.txt`` (rule numbers are its own); the
rules themselves are :mod:`gm_tools.systems.centenary.rules`, this module only reads, checks and
shows. Plain data only (:class:`~gm_tools.engine.hooks.Table`, :class:`~gm_tools.engine.hooks.InputRow`).

**Fealty** sheet, every phase. Rule 2: a player "capturing the center [a neutral army]
occupied ... may claim the 'Fealty'" of the neutral, "in the same turn as they capture the
center". Centers are captured when ownership is updated (end of the Fall turn), so claims are
entered in the first phase played after that update (normally the Winter adjustments); the
rules module keeps the ownership before the capture (the state's ``captures``) until then. One
row per claim:

- ``Power``, ``Neutral``: who claims whose Fealty;
- ``Build in`` (optional, adjustment phase only): the claimed neutral's center where the
  player will build (rule 2: "Instead of building a new unit for himself, the player may
  build a unit in the occupied center"); the build order itself goes on the Orders sheet;
- ``Unit retreats to``: where the player's own unit in that center goes (rule 2: "Any of his
  or her units in the center in question 'retreat' during the adjustment phase, and must be
  given a retreat order").

Inputs stored in the history record's ``extra["centenary"]``:
``{"claims": [{"power", "neutral", "build_in", "retreat": {"unit", "to"} | null}]}``.
"""

from __future__ import annotations

from gm_tools.errors import Problem
from gm_tools.engine.adjustments import adjustment_counts
from gm_tools.engine.hooks import CHOICE, Column, InputRow, SheetHooks, Table
from gm_tools.engine.model import FLEET, Build, Position, Unit, province_of
from gm_tools.engine.phase import ADJUSTMENT, parse_phase, phase_title
from gm_tools.systems.centenary.rules import (
    fealty,
    fealty_claim_problem,
    is_neutral,
    master_of,
    retreat_claimers,
    swear_fealty,
    vassals,
    victory_counts,
)
from gm_tools.engine.variant import Variant
from gm_tools.systems.centenary.state import state_of, with_state

FEALTY_SHEET = "Fealty"
NEUTRALS_SHEET = "Neutrals"
VICTORY_SHEET = "Victory"
POWER, NEUTRAL, BUILD_IN, RETREAT_TO = "Power", "Neutral", "Build in", "Unit retreats to"
BLANK_ROWS = 6


def _players(variant: Variant) -> tuple[str, ...]:
    return tuple(code for code, p in variant.powers.items() if p.playable)


def _neutrals(variant: Variant) -> tuple[str, ...]:
    return tuple(code for code in variant.powers if is_neutral(variant, code))


def _where(row: InputRow, header: str) -> tuple[str, str]:
    sheet, cell = row.cells[header].split("!")
    return sheet, cell


STANDS = "; the claim stands without it"
"""What a lenient turn does with a claim whose build is refused (:attr:`CentenaryHooks.lenient_parts`),
in the words its record keeps."""


class CentenaryHooks(SheetHooks):
    """The sheets of a Centenary game."""

    name = "centenary"
    drops_invalid_rows = True  # 'turn --lenient': a Fealty row refused is a claim not made,
    # unless only its build is at fault: rule 2's build is "instead of building a new unit for
    # himself", a choice beside the claim, which stands without it
    lenient_parts = {FEALTY_SHEET: (BUILD_IN, RETREAT_TO)}

    def input_sheets(self, variant: Variant, position: Position) -> list[Table]:
        neutral_centers = tuple(c for n in _neutrals(variant) for c in variant.home_centers(n))
        columns = (
            Column(POWER, CHOICE, _players(variant), editable=True, width=14),
            Column(NEUTRAL, CHOICE, _neutrals(variant), editable=True, width=14),
            # a center of the claimed neutral: _check_build refuses any other with that neutral's
            Column(BUILD_IN, CHOICE, neutral_centers, editable=True, width=10, hooks_judge=True),
            Column(RETREAT_TO, editable=True, width=18),
        )
        return [Table(FEALTY_SHEET, columns, blank_rows=BLANK_ROWS)]

    def check_inputs(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]):
        claims, _, problems = _read_claims(variant, position, rows)
        return ({"claims": claims} if claims else {}), problems

    def board_despite(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]) -> Position:
        """The board the claims the rows mean make, so that a row whose one mistake is its
        unit's retreat is reported alone: the build its claim opens (rule 2, "build a unit in
        the occupied center") is not refused beside it, and fixing the row clears both."""
        return self.apply_inputs(variant, position, {"claims": _read_claims(variant, position, rows)[1]})

    def apply_inputs(self, variant: Variant, position: Position, inputs: dict) -> Position:
        """The claims sworn (rule 2), the claimers' units moved out of the centers they build
        in, and those centers opened to their builds (the state's ``fealty_builds``)."""
        after = position
        for claim in inputs.get("claims", []):
            after = swear_fealty(variant, after, claim["neutral"], claim["power"], since=position.phase)
            if claim["build_in"]:
                state = state_of(after)
                state.fealty_builds.setdefault(claim["power"], []).append(claim["build_in"])
                after = with_state(after, state)
        return retreat_claimers(after, inputs.get("claims", []))

    def check_with_orders(self, variant: Variant, board: Position, rows: dict[str, list[InputRow]],
                          orders: dict[str, list]) -> list[Problem]:
        # Rule 2: the claimer's unit "retreat[s]" to make room for the build "in the occupied
        # center"; a Build in with no build ordered there would move it for nothing.
        problems = []
        for row in rows.get(FEALTY_SHEET, []):
            power, build_in = row.values.get(POWER), row.values.get(BUILD_IN)
            if not build_in:
                continue
            built = [o for o in orders.get(power, [])
                     if isinstance(o, Build) and province_of(o.location) == build_in]
            if built:
                continue
            due = adjustment_counts(variant, board).get(power, 0)
            if due <= 0:
                # asking for BUILD A SWC sent the player round in a circle: with no build due, the
                # build he adds is refused as one too many
                problems.append(Problem(*_where(row, BUILD_IN), repr(build_in), (
                    f"an empty cell: {power} has no build due this phase, and the claim's build in the "
                    f"occupied center is one of the claimer's own ('Instead of building a new unit for "
                    f"himself', rule 2){STANDS}")))
                continue
            problems.append(Problem(*_where(row, BUILD_IN), repr(build_in), (
                f"a build in {build_in} on {power}'s Orders block (BUILD A {build_in}), or an empty "
                f"cell: the build in the occupied center is what {power}'s unit there retreats for (rule 2)")))
        return problems

    def mailed_refusal(self, expected: str) -> str:
        # a mailed line refused is typed in no part: its claim is not made, as the sheet's is
        return expected.replace(STANDS, "; the line is refused whole, so the claim is not typed: mail it again "
                                "without its build")

    def warnings(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]) -> list[str]:
        """A Fealty a player may claim now and no row claims. Rule 2: the claim must be made "in
        the same turn as they capture the center", so a right left unclaimed is lost for good;
        the GM is told before the turn ends it (the turn still goes on: claiming is the player's
        choice, "if a player ... specifically orders it")."""
        typed = {(variant.power_named(str(r.values.get(POWER) or "")), variant.power_named(str(r.values.get(NEUTRAL) or "")))
                 for r in rows.get(FEALTY_SHEET, [])}
        return [f"{_power(variant, p, start=True)} may claim the Fealty of {_power(variant, n)} in this phase only "
                f"and no row of the {FEALTY_SHEET} sheet claims it (rule 2: 'in the same turn as they capture the center')"
                for n in _neutrals(variant) for p in claimable_by(variant, position, n) if (p, n) not in typed]

    def output_sheets(self, variant: Variant, position: Position) -> list[Table]:
        return [neutrals_table(variant, position), victory_table(variant, position)]

    def report_sections(self, variant: Variant, record: dict) -> list[tuple[str, str]]:
        return report_sections(variant, record)


HOOKS = CentenaryHooks()


# --- checking a claim -------------------------------------------------------------------------


def _read_claims(variant: Variant, position: Position, rows: dict[str, list[InputRow]]):
    """The Fealty sheet checked: (the claims that stand, as stored; the claims the rows mean:
    those, and each whose claim the rules allow but whose build or retreat is wrong, as far as
    it is right; every problem found)."""
    problems: list[Problem] = []
    claims, meant = [], []
    claimed: dict[str, str] = {}  # neutral -> the cell that claims it first
    retreats_to: dict[str, str] = {}  # province -> the cell sending a unit there
    for row in rows.get(FEALTY_SHEET, []):
        before = len(problems)
        claim = _check_claim(variant, position, row, claimed, retreats_to, problems)
        if claim is not None:
            meant.append(claim)
            if len(problems) == before:
                claims.append(claim)
    return claims, meant, problems


def _check_claim(variant: Variant, position: Position, row: InputRow, claimed: dict, retreats_to: dict,
                 problems: list[Problem]) -> dict | None:
    """One Fealty row checked: the claim as stored, or None when the rules refuse the claim
    itself (its problems added). A claim returned with problems added is one whose build or
    retreat is wrong: what it means, its build kept only where the rules allow one."""
    power, neutral = row.values.get(POWER), row.values.get(NEUTRAL)
    before = len(problems)
    for header, value, expected in ((POWER, power, "the player claiming Fealty (" + ", ".join(_players(variant)) + ")"),
                                    (NEUTRAL, neutral, "the neutral claimed (" + ", ".join(_neutrals(variant)) + ")")):
        if not value:
            problems.append(Problem(*_where(row, header), "an empty cell", expected))
    if len(problems) > before:
        return None
    sheet, cell = _where(row, NEUTRAL)
    captures = state_of(position).captures
    if captures is None:
        problems.append(Problem(sheet, cell, repr(neutral), (
            "no claim: no center changed hands in the turn before this phase, and Fealty is claimed "
            "in the same turn as the capture of the center (rule 2)")))
        return None
    why_not = fealty_claim_problem(variant, position, captures["previous_centers"], power, neutral)
    if why_not:
        problems.append(Problem(sheet, cell, repr(neutral), f"a neutral {power} may claim now, but {why_not}"))
        return None
    # only a claim the rules allow takes the neutral: one refused for its own reason (its power
    # did not capture the center) does not make the capturer's claim a second one
    if neutral in claimed:
        problems.append(Problem(sheet, cell, repr(neutral), f"one claim per neutral: {claimed[neutral]} claims it already"))
        return None
    claimed[neutral] = f"{sheet}!{cell}"
    build_in, retreat = _check_build(variant, position, row, power, neutral, retreats_to, problems)
    return {"power": power, "neutral": neutral, "build_in": build_in, "retreat": retreat}


def _check_build(variant: Variant, position: Position, row: InputRow, power: str, neutral: str,
                 retreats_to: dict, problems: list[Problem]) -> tuple[str | None, dict | None]:
    """Rule 2's build in the occupied center: where, and where the claimer's unit there goes.
    With the retreat wrong (its problem added), the build stands and the unit goes to a
    stand-in (:func:`_stand_in`), for the orders' check only."""
    build_in, dest_text = row.values.get(BUILD_IN), row.values.get(RETREAT_TO)
    if not build_in:
        if dest_text:
            problems.append(Problem(*_where(row, RETREAT_TO), repr(dest_text),
                                    f"an empty cell: a unit retreats only from the center named in {BUILD_IN}"))
        return None, None
    sheet, cell = _where(row, BUILD_IN)
    if parse_phase(position.phase).type != ADJUSTMENT:
        problems.append(Problem(sheet, cell, repr(build_in), (
            f"an empty cell: the build in the occupied center is made in an adjustment phase (rule 2), "
            f"and {position.phase} is not one")))
        return None, None
    homes = variant.home_centers(neutral)
    if build_in not in homes:
        problems.append(Problem(sheet, cell, repr(build_in), f"a center of {neutral}: {', '.join(homes)}"))
        return None, None
    unit = position.units.get(build_in)
    if unit is None:
        if dest_text:
            problems.append(Problem(*_where(row, RETREAT_TO), repr(dest_text),
                                    f"an empty cell: no unit stands in {build_in}"))
        return build_in, None
    if unit.power != power:
        problems.append(Problem(sheet, cell, repr(build_in),
                                f"a center free of other powers' units: {unit.power}'s {unit} stands in {build_in}"))
        return None, None
    rsheet, rcell = _where(row, RETREAT_TO)
    if not dest_text:
        problems.append(Problem(rsheet, rcell, "an empty cell", (
            f"where {power}'s {unit} in {build_in} retreats to, so the build can be made there "
            "(rule 2: it 'must be given a retreat order')")))
        return build_in, _stand_in(variant, position, unit, retreats_to)
    dest = _retreat_location(variant, position, unit, dest_text)
    if isinstance(dest, str) and dest.startswith("!"):
        problems.append(Problem(rsheet, rcell, repr(dest_text), dest[1:]))
        return build_in, _stand_in(variant, position, unit, retreats_to)
    if province_of(dest) in retreats_to:
        problems.append(Problem(rsheet, rcell, repr(dest_text),
                                f"a province no other unit retreats to ({retreats_to[province_of(dest)]} does)"))
        return build_in, _stand_in(variant, position, unit, retreats_to)
    retreats_to[province_of(dest)] = f"{rsheet}!{rcell}"
    return build_in, {"unit": str(unit), "to": dest}


def _stand_in(variant: Variant, position: Position, unit: Unit, retreats_to: dict) -> dict | None:
    """Where ``unit`` stands for the Orders sheet's check while its row's retreat is wrong
    (nothing is played then): a province it could retreat to, one without a center if it can
    (no build goes there, so none is refused for it), and still the claimer's unit, so the
    builds due stay as the fixed row makes them. None when it has nowhere to go."""
    free = sorted(variant.adjacent_provinces(unit.kind, unit.location) - set(position.units) - set(retreats_to),
                  key=lambda p: (p in variant.center_codes, p))
    if not free:
        return None
    to = free[0] if unit.kind != FLEET else variant.fleet_dest_coasts(unit.location, free[0])[0]
    return {"unit": str(unit), "to": to}


def _retreat_location(variant: Variant, position: Position, unit: Unit, text: str) -> str:
    """Where ``unit`` retreats to, from the text typed; a string starting with ``!`` is what
    was expected instead. As in a retreat (2000 rulebook, 'Retreats'): a province the unit
    could move to, left empty."""
    reachable = sorted(variant.adjacent_provinces(unit.kind, unit.location) - set(position.units))
    expected = f"a province {unit} can retreat to: {', '.join(reachable) or 'none'}"
    location = variant.lookup.get(text.strip().lower())
    if location is None or province_of(location) not in reachable:
        return "!" + expected
    if unit.kind == FLEET:
        coasts = variant.fleet_dest_coasts(unit.location, province_of(location))
        if "/" in location:
            return location if location in coasts else "!" + expected
        if len(coasts) != 1:
            return f"!a coast for the fleet: {' or '.join(coasts)}"
        return coasts[0]
    return province_of(location)


# --- the Neutrals sheet -----------------------------------------------------------------------


def _since(variant: Variant, position: Position, neutral: str) -> str:
    since = state_of(position).since
    if neutral in since:
        return since[neutral]
    if "start_fealty" in variant.powers[neutral].extra:
        return "the start (rule 4)"
    return ""


def claimable_by(variant: Variant, position: Position, neutral: str) -> list[str]:
    """The players who may claim ``neutral``'s Fealty in this phase (rule 2)."""
    captures = state_of(position).captures
    if captures is None:
        return []
    return [p for p in _players(variant)
            if fealty_claim_problem(variant, position, captures["previous_centers"], p, neutral) is None]


UNARMED = "none: no units left (an unowned neutral's are disbanded when dislodged, rule 2)"
"""The Fealty of an unowned neutral with no army left: it holds nothing ('will Hold unordered until
dislodged ... If dislodged, such units are disbanded')."""


def neutrals_table(variant: Variant, position: Position) -> Table:
    """Each neutral: its centers and who owns them, its Fealty and since when, its units."""
    columns = (
        Column("Neutral", width=12),
        Column("Name", width=20),
        Column("Kind", width=8),
        Column("Religion", width=11),
        Column("Centers (owner)", width=30),
        Column("Fealty", width=12),
        Column("Since", width=16),
        Column("Units", width=16),
        Column("May claim Fealty now", width=24),
    )
    sworn = fealty(variant, position)
    rows = []
    for code in _neutrals(variant):
        power = variant.powers[code]
        centers = ", ".join(f"{c} ({position.centers.get(c, 'unowned')})" for c in variant.home_centers(code))
        units = ", ".join(sorted(str(u) for u in position.units.values() if u.power == code))
        rows.append([code, power.name, power.extra.get("neutral", ""), power.religion, centers,
                     sworn.get(code, "none: holds (rule 2)" if units else UNARMED), _since(variant, position, code), units,
                     ", ".join(claimable_by(variant, position, code))])
    return Table(NEUTRALS_SHEET, columns, rows)


# --- the victory count (rule 3) ------------------------------------------------------------


def _center_count(position: Position, power: str) -> int:
    return sum(1 for owner in position.centers.values() if owner == power)


def victory_rows(variant: Variant, position: Position) -> list[tuple[str, int, list[tuple[str, int]], int]]:
    """Each player's count for victory: (player, its own centers, [(vassal, its centers)],
    the total), the largest total first (the variant's order between equals). Rule 3: "all
    centers owned by the former neutral will count towards the owning power's total for
    victory purposes"."""
    totals = victory_counts(variant, position)  # the count the winner is decided by
    rows = []
    for code in _players(variant):
        sworn = [(n, _center_count(position, n)) for n in vassals(variant, position, code)]
        rows.append((code, _center_count(position, code), sworn, totals[code]))
    return sorted(rows, key=lambda r: -r[3])  # stable: equal totals keep the variant's order


def victory_table(variant: Variant, position: Position) -> Table:
    """The Victory sheet: each player's centers, its vassals' and the total toward the
    centers that win (introduction: 17 of the 32)."""
    columns = (
        Column("Power", width=12),
        Column("Own centers", width=12),
        Column("Vassals (centers)", width=30),
        Column("Total for victory", width=18),
        Column("To win", width=8),
    )
    rows = [[code, own, ", ".join(f"{n} ({c})" for n, c in sworn), total, variant.victory_centers]
            for code, own, sworn, total in victory_rows(variant, position)]
    return Table(VICTORY_SHEET, columns, rows)


# --- the phase's page ---------------------------------------------------------------------------


def _items(lines: list[str]) -> str:
    # Lists, not tables: the site's markdown has no table extension.
    return "\n".join(f"- {line}" for line in lines) or "None."


def _draw_line(variant: Variant, draw: dict) -> str:
    # The draw's seed is not shown: it holds the game's, which would tell every draw to come.
    if draw.get("kind") != "automatic fealty":
        return f"{draw.get('kind', 'draw')}: {draw.get('text') or {k: v for k, v in draw.items() if k != 'seed'}}"
    attack = draw["attack"]
    names = {c: p.in_text for c, p in variant.powers.items()}  # "the Holy Roman Empire"
    attacker = names[attack['attacker']]
    cause = (f"{attacker[:1].upper()}{attacker[1:]} attacked {names[attack['defender']]} in "
             f"{_province(variant, attack['center'])}, {variant.powers[attack['attacker']].religion.capitalize()} "
             f"against {variant.powers[attack['defender']].religion.capitalize()}")
    if draw["chosen"] is None:
        return f"{cause}: no unconquered neutral of its religion was left to draw"
    if len(draw["candidates"]) == 1:
        # "drawn among Poland" reads as a slip; a lone candidate is given Fealty whatever the draw
        religion = variant.powers[attack["attacker"]].religion.capitalize()
        return (f"{cause}: **{variant.powers[draw['chosen']].name}** gives Fealty to {names[attack['attacker']]}, "
                f"the only unconquered {religion} neutral left (rule 3)")
    # the record keeps the candidates' codes ("PAPACY"), sorted as the draw took them
    return (f"{cause}: **{variant.powers[draw['chosen']].name}** gives Fealty to {names[attack['attacker']]}, drawn among "
            f"{', '.join(names.get(c, c) for c in draw['candidates'])} from the game's seed (Python `random.Random`, "
            "one `choice` of the sorted candidates per attack, in center order; the seed stays with the GM)")


def _province(variant: Variant, code: str) -> str:
    """A province as the page's sentences name it: its name, the code the orders write beside it
    ("Portugal (POR)")."""
    province = variant.provinces.get(province_of(code))
    return f"{province.name} ({code})" if province is not None else code


def _power(variant: Variant, code: str, start: bool = False) -> str:
    """A power as a sentence names it ("the Holy Roman Empire"), capitalised at its start."""
    power = variant.powers.get(code)
    words = power.in_text if power is not None else code
    return words[:1].upper() + words[1:] if start else words


def _claim_build_words(variant: Variant, record: dict, claim: dict) -> str:
    """The claim's build as it was made. The result is the claimer's build (its row, its count),
    but the unit is the neutral's (NOTES.md), so a player reading "Spain: Builds an army in
    Portugal" and then "Portugal: Army Portugal HOLD" is told here whose unit it is and who
    orders it."""
    claimer, neutral = _power(variant, claim["power"]), _power(variant, claim["neutral"])
    for r in record.get("results", []):
        parsed = r.get("parsed") or {}
        if (parsed.get("type") == "build" and r.get("power") == claim["power"] and r.get("result") == "succeeds"
                and province_of(parsed.get("location", "")) == claim["build_in"]):
            kind = "a fleet" if parsed.get("kind") == FLEET else "an army"
            return (f"; {claimer} builds {kind} for {neutral} in {_province(variant, parsed['location'])} "
                    f"instead of one of its own, and orders it (rules 2 and 3)")
    return f"; {claimer} may build in {_province(variant, claim['build_in'])}"


def report_sections(variant: Variant, record: dict) -> list[tuple[str, str]]:
    """The Fealty claimed in the phase, its random draws (not their seeds), and the neutrals
    after it: from the history record alone."""
    sections = []
    claims = record.get("extra", {}).get(HOOKS.name, {}).get("claims", [])
    if claims:
        lines = []
        for c in claims:
            # the record keeps codes ("A POR", "EST", "SPAIN"); the page names them, the unit as
            # the orders write it beside its words
            line = f"{_power(variant, c['power'], start=True)} claims the Fealty of {_power(variant, c['neutral'])}"
            if c["retreat"]:
                unit = c["retreat"]["unit"]
                kind = "fleet" if unit[:1] == FLEET else "army"
                line += (f"; its {kind} in {_province(variant, unit[2:])} retreats to "
                         f"{_province(variant, c['retreat']['to'])}")
            if c["build_in"]:
                line += _claim_build_words(variant, record, c)
            lines.append(line)
        sections.append(("Fealty claimed (rule 2)", _items(lines)))
    draws = record.get("random", {}).get("draws", [])
    if draws:
        sections.append(("Random draws", _items([_draw_line(variant, d) for d in draws])))
    after = record.get("after", {})
    owner = {c: p for p, cs in after.get("centers", {}).items() for c in cs}
    extra = after.get("extra", {})
    position = Position(phase=after.get("phase", record["phase"]), centers=owner, extra=extra)
    lines = []
    for code in _neutrals(variant):
        master = master_of(variant, position, code)
        # each home center with who holds it: the neutral itself, a player, or nobody
        held = ", ".join(f"{variant.provinces[c].name} ({c}, " + (
            "its own" if owner.get(c) == code else f"held by {_power(variant, owner[c])}" if owner.get(c) else "unowned")
            + ")" for c in variant.home_centers(code))
        since = _since(variant, position, code)
        if since and since[:1].isupper():  # a phase's id ("W1618A"), not "the start (rule 4)"
            since = phase_title(variant.calendar, since)
        sworn = f"sworn to {variant.powers[master].in_text}" + (f" since {since}" if since else "") if master else "sworn to nobody"
        lines.append(f"**{variant.powers[code].name}**: {sworn}; centers {held}")
    sections.append(("Neutrals", _items(lines)))
    counts = []
    for code, own, sworn, total in victory_rows(variant, position):
        parts = [f"own {own}"] + [f"{variant.powers[n].name} {c}" for n, c in sworn]
        counts.append(f"{variant.powers[code].name}: **{total}** ({', '.join(parts)})")
    sections.append((f"Centers for victory ({variant.victory_centers} win; rule 3 counts vassals')", _items(counts)))
    return sections
