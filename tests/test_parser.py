"""The order parser on the standard map: every notation, every error kind, and the DATC
v2.4 cases of sections 6.A and 6.B that are decided when an order is read.

Rule citations: "2000 rulebook" is the 4th edition Diplomacy rulebook; "DATC" is Lucas
Kruijswijk's Diplomacy Adjudicator Test Cases v2.4, preferred options.
"""

from __future__ import annotations

import random

import pytest

from gm_tools.errors import (
    AmbiguousOrderError,
    IllegalOrderError,
    OrderError,
    OrderSyntaxError,
    UserError,
)
from gm_tools.engine.model import (
    Build,
    Convoy,
    Disband,
    Dislodged,
    Hold,
    Move,
    Position,
    Retreat,
    Support,
    Unit,
    Waive,
    order_text,
)
from gm_tools.engine.parser import parse_order
from gm_tools.engine.rules import Rules
from gm_tools.edges.variants import load_variant

V = load_variant("standard")


def units(**by_power: list[str]) -> dict[str, Unit]:
    """``units(FRANCE=["A PAR", "F SPA/NC"])`` -> the ``Position.units`` dict."""
    out = {}
    for power, written in by_power.items():
        for text in written:
            kind, location = text.split()
            unit = Unit(power, kind, location)
            out[unit.province] = unit
    return out


def position(phase: str = "S1901M", **by_power: list[str]) -> Position:
    return Position(phase=phase, units=units(**by_power), centers=dict(V.start_centers))


START = Position("S1901M", {u.province: u for u in V.start_units}, dict(V.start_centers))


def parse(text: str, pos: Position = START, power: str = "FRANCE", rules: Rules | None = None):
    return parse_order(text, V, pos, power, rules)


def unit(power: str, text: str) -> Unit:
    kind, location = text.split()
    return Unit(power, kind, location)


A_PAR = unit("FRANCE", "A PAR")
A_MAR = unit("FRANCE", "A MAR")
F_BRE = unit("FRANCE", "F BRE")

# --- notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "A PAR H", "A PAR HOLD", "a par h", "  A   PAR   H  ", "PAR H", "Army Paris Holds", "A PAR H.",
])
def test_hold_notations(text):
    assert parse(text) == Hold("FRANCE", A_PAR)


@pytest.mark.parametrize("text", [
    "A PAR - BUR", "A PAR -> BUR", "A PAR TO BUR", "PAR - BUR", "a par - bur",
    "A PAR – BUR", "A PAR — BUR", "A PAR → BUR", "A PAR-BUR", "A Paris - Burgundy",
    "army paris -> burgundy", "A PAR\t-\nBUR", "A PAR MOVES TO BUR",
    # pasted from a mail: curled quotes around it, a number before it as players list orders
    "“A PAR - BUR”", "‘A PAR - BUR’", "„A PAR - BUR“", "«A PAR - BUR»", "1. A PAR - BUR", "2) A PAR - BUR",
    "10. A Paris - Burgundy",
])
def test_move_notations(text):
    assert parse(text) == Move("FRANCE", A_PAR, "BUR")


@pytest.mark.parametrize("text", [
    "F BRE - MAO", "F BRE - Mid-Atlantic Ocean", "F BRE - mid atlantic", "F BRE - mid",
    "F Brest -> MID-ATLANTIC", "F BRE TO mat",
])
def test_names_and_aliases(text):
    assert parse(text) == Move("FRANCE", F_BRE, "MAO")


def test_longest_run_of_words_names_the_province():
    # "north atlantic" names NAO although "north" alone starts other names too.
    pos = position(ENGLAND=["F LVP"])
    assert parse("F LVP - north atlantic", pos, "ENGLAND").dest == "NAO"
    assert parse("F Liverpool - North Atlantic Ocean", pos, "ENGLAND").dest == "NAO"
    pos = position(FRANCE=["F MAR"])
    assert parse("F MAR - gol", pos).dest == "LYO"
    assert parse("F Marseilles - Gulf of Lyon", pos).dest == "LYO"
    pos = position(RUSSIA=["A MOS"])
    assert parse("A MOS - St. Petersburg", pos, "RUSSIA").dest == "STP"
    assert parse("A Moscow - saint petersburg", pos, "RUSSIA").dest == "STP"


@pytest.mark.parametrize("text,kind", [
    ("A MAR S A PAR - BUR", "A"), ("A MAR SUPPORTS A PAR -> BUR", "A"), ("A MAR S PAR - BUR", None),
    ("MAR S PAR TO BUR", None), ("a marseilles supports army paris - burgundy", "A"),
])
def test_support_to_move_notations(text, kind):
    # 2000 rulebook, 'Support': a unit may support a move into a province it could itself move to.
    assert parse(text) == Support("FRANCE", A_MAR, "PAR", "BUR", kind)


@pytest.mark.parametrize("text,kind", [
    ("A BUR S PAR", None), ("A BUR S A PAR H", "A"), ("A BUR S A PAR", "A"),
    ("A BUR SUPPORTS A PAR HOLD", "A"),
])
def test_support_to_hold_notations(text, kind):
    pos = position(FRANCE=["A PAR", "A BUR"])
    assert parse(text, pos) == Support("FRANCE", unit("FRANCE", "A BUR"), "PAR", None, kind)


@pytest.mark.parametrize("text", [
    "F NTH C A LON - NWY", "F NTH CONVOYS A LON -> NWY", "F NTH C LON - NWY",
    "F North Sea convoys army London to Norway",
])
def test_convoy_notations(text):
    pos = position(ENGLAND=["F NTH", "A LON"])
    assert parse(text, pos, "ENGLAND") == Convoy("ENGLAND", unit("ENGLAND", "F NTH"), "LON", "NWY")


@pytest.mark.parametrize("text", [
    "A LON - NWY VIA CONVOY", "A LON - NWY VIA C", "A LON - NWY via convoy", "A LON -> NWY BY CONVOY",
])
def test_move_via_convoy(text):
    pos = position(ENGLAND=["F NTH", "A LON"])
    assert parse(text, pos, "ENGLAND") == Move("ENGLAND", unit("ENGLAND", "A LON"), "NWY",
                                               via_convoy=True)


def test_explicit_convoy_route_sets_route_and_via_convoy():
    pos = position(ENGLAND=["A LON"])
    order = parse("A LON - NTH - NWY", pos, "ENGLAND")
    assert order == Move("ENGLAND", unit("ENGLAND", "A LON"), "NWY", True, ("NTH",))
    order = parse("A London -> English Channel -> Mid-Atlantic Ocean -> Portugal", pos, "ENGLAND")
    assert order.convoy_route == ("ENG", "MAO") and order.dest == "POR" and order.via_convoy


def test_army_move_to_adjacent_coast_via_convoy_is_kept():
    # 2000 rulebook / DATC 6.G: an order saying VIA CONVOY moves only by convoy, even when
    # the destination is adjacent; the parser keeps that choice.
    pos = position(ENGLAND=["A LON"])
    assert parse("A LON - YOR VIA CONVOY", pos, "ENGLAND").via_convoy is True
    assert parse("A LON - YOR", pos, "ENGLAND").via_convoy is False


@pytest.mark.parametrize("text", [
    "F MAO - SPA/NC", "F MAO - SPA(nc)", "F MAO - SPA (NC)", "F MAO - SPA NC",
    "F MAO - SPA/NORTH COAST", "F MAO - spa north coast", "F MAO - Spain (north coast)",
    "F MAO - spain/nc", "F MAO - SPA/N", "F MAO - SPA(n)", "F Mid-Atlantic Ocean -> Spain NC",
])
def test_coast_notations(text):
    pos = position(FRANCE=["F MAO"])
    assert parse(text, pos) == Move("FRANCE", unit("FRANCE", "F MAO"), "SPA/NC")


def test_south_coast_single_letter_after_separator_is_not_the_support_keyword():
    pos = position(FRANCE=["F MAO"])
    assert parse("F MAO - SPA/S", pos).dest == "SPA/SC"
    assert parse("F MAO - SPA (sc)", pos).dest == "SPA/SC"


def test_order_carries_the_unit_from_the_position_with_its_strength():
    strong = Unit("FRANCE", "A", "PAR", strength=3)
    pos = Position("S1901M", {"PAR": strong})
    assert parse("PAR - BUR", pos).unit is strong
    assert parse("A PAR H", pos).unit.strength == 3


def test_power_is_case_insensitive():
    assert parse("A PAR H", power="france") == Hold("FRANCE", A_PAR)


# --- retreat phase --------------------------------------------------------------------------


def retreat_position() -> Position:
    pos = Position("F1901R", units=units(GERMANY=["A PAR"]), centers=dict(V.start_centers))
    pos.dislodged = {
        "PAR": Dislodged(unit("FRANCE", "A PAR"), "BUR", ("GAS", "PIC")),
        "MAO": Dislodged(unit("FRANCE", "F MAO"), "NAO", ("BRE", "SPA/NC", "SPA/SC")),
        "POR": Dislodged(unit("FRANCE", "F POR"), "MAO", ("SPA/SC",)),
        "BUR": Dislodged(unit("FRANCE", "A BUR"), "MUN", ()),
    }
    return pos


@pytest.mark.parametrize("text", ["A PAR R GAS", "A PAR RETREAT GAS", "A PAR - GAS", "PAR -> Gascony",
                                  "A PAR RETREATS TO GAS"])
def test_retreat_notations(text):
    assert parse(text, retreat_position()) == Retreat("FRANCE", unit("FRANCE", "A PAR"), "GAS")


@pytest.mark.parametrize("text", ["A PAR D", "A PAR DISBAND", "DISBAND A PAR", "REMOVE A PAR", "disband paris"])
def test_disband_notations_in_retreat_phase(text):
    assert parse(text, retreat_position()) == Disband("FRANCE", unit("FRANCE", "A PAR"))


def test_fleet_retreat_coast():
    pos = retreat_position()
    assert parse("F MAO R SPA/SC", pos).dest == "SPA/SC"
    # Only one coast of Spain is open to the fleet in Portugal: filled in (as DATC 6.B.2).
    assert parse("F POR R SPA", pos).dest == "SPA/SC"
    with pytest.raises(AmbiguousOrderError, match="SPA/NC or SPA/SC"):
        parse("F MAO R SPA", pos)
    # A coast it may not retreat to is not corrected (as DATC 6.B.3).
    with pytest.raises(IllegalOrderError, match="SPA/SC"):
        parse("F POR R SPA/NC", pos)


def test_retreat_to_a_province_not_among_the_retreats_lists_them():
    # 2000 rulebook, 'Retreating': not to the attacker's province, an occupied or standoff
    # province; the adjudicator worked out where the unit may go.
    with pytest.raises(IllegalOrderError) as e:
        parse("A PAR R BUR", retreat_position())
    assert "cannot retreat to BUR" in str(e.value) and "GAS, PIC" in str(e.value)
    with pytest.raises(IllegalOrderError, match="must disband"):
        parse("A BUR R PAR", retreat_position())


def test_retreat_phase_unit_lookup():
    pos = retreat_position()
    with pytest.raises(IllegalOrderError, match="no dislodged unit in GAS"):
        parse("A GAS R BUR", pos)
    pos.units["MAR"] = unit("FRANCE", "A MAR")
    with pytest.raises(IllegalOrderError, match="was not dislodged"):
        parse("A MAR R GAS", pos)
    with pytest.raises(IllegalOrderError, match="the unit in PAR is French, not German"):
        parse("A PAR R GAS", pos, "GERMANY")
    # DATC 4.C.2, preferred choice b: a wrong unit type is ignored, the order stands.
    assert parse("A MAO R BRE", pos) == Retreat("FRANCE", unit("FRANCE", "F MAO"), "BRE")


@pytest.mark.parametrize("text", ["A PAR H", "A PAR S A MAR", "BUILD A PAR", "WAIVE"])
def test_retreat_phase_takes_only_retreats_and_disbands(text):
    # 2000 rulebook, 'Retreating': a dislodged unit retreats or is disbanded.
    with pytest.raises(IllegalOrderError):
        parse(text, retreat_position())


# --- adjustment phase -------------------------------------------------------------------------


def adjustment_position(**by_power) -> Position:
    return Position("W1901A", units=units(**by_power), centers=dict(V.start_centers))


@pytest.mark.parametrize("text", ["A PAR B", "BUILD A PAR", "build army paris", "A PAR BUILD", "B A PAR"])
def test_build_notations(text):
    assert parse(text, adjustment_position()) == Build("FRANCE", "A", "PAR")


@pytest.mark.parametrize("text", ["BUILD F STP/NC", "BUILD F STP (NC)", "F STP/NC B",
                                  "build fleet st petersburg north coast"])
def test_build_fleet_on_a_coast(text):
    assert parse(text, adjustment_position(), "RUSSIA") == Build("RUSSIA", "F", "STP/NC")


@pytest.mark.parametrize("text", ["REMOVE A MAR", "DISBAND A MAR", "A MAR D", "A MAR DISBAND", "remove marseilles"])
def test_removal_notations(text):
    pos = adjustment_position(FRANCE=["A MAR"])
    assert parse(text, pos) == Disband("FRANCE", unit("FRANCE", "A MAR"))


def test_waive():
    assert parse("WAIVE", adjustment_position()) == Waive("FRANCE")
    assert parse("  waive ", adjustment_position()) == Waive("FRANCE")


def test_build_must_be_at_a_build_site():
    # 2000 rulebook, 'Building': only in an owned home supply center (the Rules.build_sites hook).
    with pytest.raises(IllegalOrderError) as e:
        parse("BUILD A MUN", adjustment_position())
    assert "cannot build in Munich (MUN)" in str(e.value) and "BRE, MAR, PAR" in str(e.value)
    pos = adjustment_position()
    pos.centers["PAR"] = "GERMANY"
    with pytest.raises(IllegalOrderError, match="BRE, MAR"):
        parse("BUILD A PAR", pos)


def test_build_in_an_occupied_center_is_illegal():
    # 2000 rulebook, 'Building': only in a home center that is unoccupied.
    with pytest.raises(IllegalOrderError, match="PAR is occupied by A PAR"):
        parse("BUILD A PAR", adjustment_position(FRANCE=["A PAR"]))


def test_build_kind_must_fit_the_province():
    # DATC 4.C.4, preferred choice a: a fleet ordered built inland fails (no army instead).
    with pytest.raises(IllegalOrderError, match="fleet cannot be built in Paris"):
        parse("BUILD F PAR", adjustment_position())
    assert parse("BUILD F BRE", adjustment_position()) == Build("FRANCE", "F", "BRE")
    # An army ignores a coast (as DATC 6.B.12).
    assert parse("BUILD A STP/NC", adjustment_position(), "RUSSIA") == Build("RUSSIA", "A", "STP")


def test_build_without_a_unit_type():
    # DATC 4.C.3, preferred choice c: an army is built inland, a fleet where a coast is
    # named; on a coast with no coast named the build is ambiguous and fails.
    assert parse("BUILD PAR", adjustment_position()) == Build("FRANCE", "A", "PAR")
    assert parse("PAR B", adjustment_position()) == Build("FRANCE", "A", "PAR")
    assert parse("BUILD STP/NC", adjustment_position(), "RUSSIA") == Build("RUSSIA", "F", "STP/NC")
    with pytest.raises(AmbiguousOrderError) as e:
        parse("BUILD BRE", adjustment_position())
    assert e.value.reason == "say what to build in Brest (BRE): BUILD A BRE or BUILD F BRE"
    with pytest.raises(AmbiguousOrderError, match="BUILD A STP or BUILD F STP/NC or BUILD F STP/SC"):
        parse("BUILD STP", adjustment_position(), "RUSSIA")


def test_build_sites_come_from_the_rules_hook():
    class BuildAnywhere(Rules):
        def build_sites(self, variant, position, power):
            return {c for c, owner in position.centers.items() if owner == power}

    pos = adjustment_position()
    pos.centers["BEL"] = "FRANCE"
    assert parse("BUILD A BEL", pos, rules=BuildAnywhere()) == Build("FRANCE", "A", "BEL")
    with pytest.raises(IllegalOrderError):
        parse("BUILD A BEL", pos)


def test_removal_names_an_existing_unit_of_the_power():
    pos = adjustment_position(GERMANY=["A MUN"])
    with pytest.raises(IllegalOrderError, match="the unit in MUN is German, not French"):
        parse("REMOVE A MUN", pos)
    with pytest.raises(IllegalOrderError, match="no unit in PAR"):
        parse("REMOVE A PAR", pos)


@pytest.mark.parametrize("text", ["A PAR - BUR", "A PAR H", "A PAR R GAS"])
def test_adjustment_phase_takes_no_movement_orders(text):
    # 2000 rulebook, 'Adjustments': in winter units are built or removed, nothing else.
    with pytest.raises(IllegalOrderError, match="not an adjustment order"):
        parse(text, adjustment_position(FRANCE=["A PAR"]))


@pytest.mark.parametrize("text", ["BUILD A PAR", "WAIVE", "A PAR D", "DISBAND A PAR", "A PAR R GAS"])
def test_movement_phase_rejects_orders_of_other_phases(text):
    with pytest.raises(IllegalOrderError, match="S1901M is a movement phase"):
        parse(text)


# --- errors and suggestions -----------------------------------------------------------------


def test_unknown_province_names_the_order_and_suggests():
    with pytest.raises(OrderSyntaxError) as e:
        parse("A PRX - BUR")
    err = e.value
    assert err.order == "A PRX - BUR"
    assert "'PRX' is not a province" in err.reason
    assert "PAR" in err.suggestion.split(" or ")
    assert str(err).startswith("unreadable order 'A PRX - BUR'")
    assert "did you mean" in str(err)


@pytest.mark.parametrize("text,suggested", [
    ("A Pariss - Burgundy", "PAR"),
    ("A PAR - Burgundyy", "BUR"),
    ("F BRE - mid atlantik ocean", "MAO"),
    ("F BRE - Engish Channel", "ENG"),
    ("A MAR S A PAR - Bürgundi", "BUR"),
])
def test_near_miss_names_get_a_suggestion(text, suggested):
    with pytest.raises(OrderSyntaxError) as e:
        parse(text)
    assert e.value.suggestion == suggested


@pytest.mark.parametrize("power,text,suggested", [
    ("ENGLAND", "F HEL - DEN", "COP"),  # Copenhagen, called 'denmark': difflib had 'baden' (WUR) nearest
    ("AUSTRIA", "A TYR - pie", "TUR"),  # Turin, called 'piedmont'
])
def test_a_name_cut_short_is_given_the_province_it_begins(power, text, suggested):
    """A player's abbreviation ('DEN' for Denmark) is suggested as the name it begins, not as
    a province whose name merely holds the same letters (QA: 'did you mean WUR?' for 'DEN')."""
    europe = load_variant("europe1615")
    board = Position("S1615M", {"HEL": Unit("ENGLAND", "F", "HEL"), "TYR": Unit("AUSTRIA", "A", "TYR")},
                     dict(europe.start_centers))
    with pytest.raises(OrderSyntaxError) as e:
        parse_order(text, europe, board, power)
    assert e.value.suggestion == suggested


def test_order_as_written_has_whitespace_collapsed():
    with pytest.raises(OrderSyntaxError) as e:
        parse("  A   PRX\t-  BUR ")
    assert e.value.order == "A PRX - BUR"


@pytest.mark.parametrize("text,words", [
    ("", "empty"),
    ("   ", "empty"),
    ("A PAR", "no order for A PAR"),
    ("A PAR X BUR", "expected H, -, S or C"),
    ("A PAR -", "found the end of the order"),
    ("A PAR - BUR BUR", "unexpected 'BUR'"),
    ("F NTH C A LON", "a convoy names where the army goes"),
    ("A LON - NWY VIA BOAT", "expected CONVOY after VIA"),
    ("F MAO - SPA/", "expected a coast"),
    ("H", "found 'H'"),
])
def test_syntax_errors_say_what_was_expected(text, words):
    with pytest.raises(OrderSyntaxError) as e:
        parse(text, position(ENGLAND=["F NTH", "A LON"], FRANCE=["A PAR", "F MAO"]),
              "FRANCE")
    assert words in str(e.value)


def test_unit_lookup_errors():
    # DATC 6.A.6: a power cannot order another power's unit.
    with pytest.raises(IllegalOrderError) as e:
        parse("A MUN - RUH")
    assert e.value.reason == "the unit in MUN is German, not French"
    with pytest.raises(IllegalOrderError) as e:
        parse("A PIC - BEL")
    assert e.value.reason == "no unit in PIC"
    # DATC 4.C.2, preferred choice b: a wrong unit type letter is ignored; the order is
    # read for the unit that is there, and its canonical text shows the real type.
    move = parse("F PAR - BUR")
    assert move == Move("FRANCE", unit("FRANCE", "A PAR"), "BUR")
    assert order_text(move) == "A PAR - BUR"


def test_coast_the_province_does_not_have():
    with pytest.raises(IllegalOrderError, match=r"Spain \(SPA\) has no EC coast; its coasts are NC, SC"):
        parse("F MAO - SPA/EC", position(FRANCE=["F MAO"]))
    with pytest.raises(IllegalOrderError, match="Portugal .* has no separate coasts"):
        parse("F MAO - POR/NC", position(FRANCE=["F MAO"]))


def test_unknown_power():
    with pytest.raises(IllegalOrderError, match="not a power"):
        parse("A PAR H", power="ATLANTIS")


@pytest.mark.parametrize("value", [None, 42, b"A PAR H"])
def test_non_text_input_is_an_order_error(value):
    with pytest.raises(OrderSyntaxError, match="must be text"):
        parse(value)


def test_errors_are_user_errors():
    for cls in (OrderSyntaxError, IllegalOrderError, AmbiguousOrderError):
        assert issubclass(cls, UserError)


def test_same_input_same_output():
    first = [repr(parse("A PAR - BUR"))]
    with pytest.raises(OrderSyntaxError) as e1:
        parse("A PRX - BUR")
    with pytest.raises(OrderSyntaxError) as e2:
        parse("A PRX - BUR")
    assert str(e1.value) == str(e2.value)
    assert first == [repr(parse("A PAR - BUR"))]


# Words the parser knows, so random orders reach deep into the grammar.
_VOCABULARY = [
    "A", "F", "ARMY", "FLEET", "PAR", "BUR", "MAR", "SPA", "STP", "NC", "SC", "EC", "BRE", "MAO",
    "NTH", "LON", "NWY", "MUN", "-", "->", "→", "—", "TO", "H", "HOLD", "S", "SUPPORTS", "C",
    "CONVOYS", "VIA", "CONVOY", "R", "RETREAT", "D", "DISBAND", "REMOVE", "B", "BUILD", "WAIVE",
    "/", "(", ")", "north", "coast", "mid-atlantic", "ocean", "st.", "petersburg", "Paris",
    "x", "-PAR", "PAR-", "--", "/NC", "(nc)", "'", '"', ".", ",", "\u0000", "é", "🙂", "",
]


def _garbage(rng: random.Random) -> str:
    if rng.random() < 0.3:
        alphabet = "AFHSCRDBW-/()>→– .,;:'\"\t\nparbusmcnoe0123456789é🙂\u0000\\"
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
    return " ".join(rng.choice(_VOCABULARY) for _ in range(rng.randint(0, 9)))


@pytest.mark.parametrize("phase", ["S1901M", "F1901R", "W1901A"])
def test_garbage_never_raises_anything_but_an_order_error(phase):
    pos = Position(phase, {u.province: u for u in V.start_units}, dict(V.start_centers))
    if phase.endswith("R"):
        pos.dislodged = retreat_position().dislodged
    rng = random.Random(f"garbage {phase}")
    for _ in range(3000):
        text = _garbage(rng)
        for power in ("FRANCE", "RUSSIA", "ENGLAND"):
            try:
                parse_order(text, V, pos, power)
            except OrderError as e:
                assert e.order == " ".join(text.split()) and e.reason


# --- DATC 6.A: basic checks decided when the order is read ------------------------------------


def test_datc_6_a_1_fleet_to_a_province_that_is_not_a_neighbour():
    with pytest.raises(IllegalOrderError, match="cannot reach PIC"):
        parse("F NTH - PIC", position(ENGLAND=["F NTH"]), "ENGLAND")


def test_datc_6_a_2_army_to_sea():
    with pytest.raises(IllegalOrderError, match="army cannot move to sea"):
        parse("A LVP - IRI", position(ENGLAND=["A LVP"]), "ENGLAND")


def test_datc_6_a_3_fleet_to_land():
    with pytest.raises(IllegalOrderError, match="fleet cannot move inland"):
        parse("F KIE - MUN", position(GERMANY=["F KIE"]), "GERMANY")


def test_datc_6_a_4_move_to_own_sector():
    with pytest.raises(IllegalOrderError, match="already there"):
        parse("F KIE - KIE", position(GERMANY=["F KIE"]), "GERMANY")


def test_datc_6_a_5_move_to_own_sector_with_convoy():
    # The move is illegal, and so are the convoy and the support of it.
    pos = position(ENGLAND=["F NTH", "A YOR", "A LVP"], GERMANY=["F LON", "A WAL"])
    for text in ("A YOR - YOR", "A YOR - YOR VIA CONVOY", "F NTH C A YOR - YOR", "A LVP S A YOR - YOR"):
        with pytest.raises(IllegalOrderError, match="already there"):
            parse(text, pos, "ENGLAND")
    # The German orders of the case are legal.
    assert parse("F LON - YOR", pos, "GERMANY").dest == "YOR"
    assert parse("A WAL S F LON - YOR", pos, "GERMANY").dest == "YOR"


def test_datc_6_a_6_ordering_a_unit_of_another_country():
    with pytest.raises(IllegalOrderError, match="the unit in LON is English, not German"):
        parse("F LON - NTH", position(ENGLAND=["F LON"]), "GERMANY")


def test_datc_6_a_7_only_armies_can_be_convoyed():
    pos = position(ENGLAND=["F LON", "F NTH"])
    with pytest.raises(IllegalOrderError, match="cannot reach BEL"):
        parse("F LON - BEL", pos, "ENGLAND")
    with pytest.raises(IllegalOrderError, match="only armies are convoyed"):
        parse("F LON - BEL VIA CONVOY", pos, "ENGLAND")
    with pytest.raises(IllegalOrderError, match="only armies are convoyed"):
        parse("F NTH C F LON - BEL", pos, "ENGLAND")
    # Written as in the case ("C A LON"): the wrong type letter is ignored (DATC 4.C.2,
    # choice b), the unit in London is a fleet, so the convoy is illegal all the same.
    with pytest.raises(IllegalOrderError, match="only armies are convoyed"):
        parse("F NTH C A LON - BEL", pos, "ENGLAND")
    # A convoy of an empty province reads; that no army is there is the adjudicator's finding.
    assert parse("F NTH C A YOR - BEL", pos, "ENGLAND") == Convoy(
        "ENGLAND", unit("ENGLAND", "F NTH"), "YOR", "BEL")


def test_datc_6_a_8_support_to_hold_yourself_is_not_possible():
    pos = position(AUSTRIA=["F TRI"], ITALY=["A VEN", "A TYR"])
    with pytest.raises(IllegalOrderError, match="cannot support itself"):
        parse("F TRI S F TRI", pos, "AUSTRIA")
    assert parse("A TYR S A VEN - TRI", pos, "ITALY").dest == "TRI"


def test_datc_6_a_9_fleets_must_follow_coast_if_not_on_sea():
    pos = position(ITALY=["F ROM"])
    with pytest.raises(IllegalOrderError, match="cannot reach VEN"):
        parse("F ROM - VEN", pos, "ITALY")
    # An army can go from Rome to Venice.
    assert parse("A ROM - VEN", position(ITALY=["A ROM"]), "ITALY").dest == "VEN"


def test_datc_6_a_10_support_on_unreachable_destination_not_possible():
    pos = position(AUSTRIA=["A VEN"], ITALY=["F ROM", "A APU"])
    with pytest.raises(IllegalOrderError, match="cannot support into VEN"):
        parse("F ROM S A APU - VEN", pos, "ITALY")


def test_datc_6_a_11_and_12_bounces_read_as_plain_moves():
    pos = position(AUSTRIA=["A VIE"], GERMANY=["A MUN"], ITALY=["A VEN"])
    assert parse("A Vienna - Tyrolia", pos, "AUSTRIA").dest == "TYR"
    assert parse("A Munich - Tyrolia", pos, "GERMANY").dest == "TYR"
    assert parse("A Venice - Tyrolia", pos, "ITALY").dest == "TYR"


# --- DATC 6.B: coastal issues decided when the order is read ----------------------------------


def test_datc_6_b_1_moving_with_unspecified_coast_when_coast_is_necessary():
    with pytest.raises(AmbiguousOrderError) as e:
        parse("F POR - SPA", position(FRANCE=["F POR"]))
    assert "SPA/NC or SPA/SC" in e.value.reason


def test_datc_6_b_2_moving_with_unspecified_coast_when_coast_is_not_necessary():
    assert parse("F GAS - SPA", position(FRANCE=["F GAS"])).dest == "SPA/NC"


def test_datc_6_b_3_moving_with_wrong_coast_when_coast_is_not_necessary():
    # The order is precisely wrong: it is not corrected to the north coast.
    with pytest.raises(IllegalOrderError, match="cannot move to SPA/SC; it can move to only SPA/NC"):
        parse("F GAS - SPA/SC", position(FRANCE=["F GAS"]))


def test_datc_6_b_4_support_to_unreachable_coast_allowed():
    pos = position(FRANCE=["F GAS", "F MAR"], ITALY=["F WES"])
    order = parse("F MAR S F GAS - SPA/NC", pos)
    assert order == Support("FRANCE", unit("FRANCE", "F MAR"), "GAS", "SPA", "F", "NC")


def test_datc_6_b_5_support_from_unreachable_coast_not_allowed():
    pos = position(FRANCE=["F MAR", "F SPA/NC"], ITALY=["F LYO"])
    with pytest.raises(IllegalOrderError, match="cannot support into LYO"):
        parse("F SPA/NC S F MAR - LYO", pos)


def test_datc_6_b_6_support_from_a_coast_to_an_adjacent_sea():
    pos = position(FRANCE=["F SPA/NC", "F MAO"])
    assert parse("F SPA/NC S F MAO", pos) == Support(
        "FRANCE", unit("FRANCE", "F SPA/NC"), "MAO", None, "F")


# 6.B.15 (supporting a foreign unit without coast) is numbered so in DATC v3.0.
@pytest.mark.parametrize("case,supported", [("6.B.7", "MAO"), ("6.B.8", "GAS"), ("6.B.15", "MAO")])
def test_datc_6_b_7_8_15_support_without_coast_reads(case, supported):
    pos = position(FRANCE=["F POR", "F MAO", "F GAS"])
    order = parse(f"F POR S F {supported} - SPA", pos)
    assert order.dest == "SPA" and order.dest_coast is None


def test_datc_6_b_9_support_keeps_the_coast_it_names():
    # The adjudicator voids it when the fleet moves to the other coast; the parser keeps it.
    pos = position(FRANCE=["F POR", "F MAO"])
    order = parse("F POR S F MAO - SPA/NC", pos)
    assert (order.dest, order.dest_coast) == ("SPA", "NC")
    # Armies ignore coasts (6.B.12), so an army's supported move keeps none.
    order = parse("A MAR S A GAS - SPA/NC", position(FRANCE=["A MAR", "A GAS"]))
    assert order.dest_coast is None


def test_datc_6_b_10_unit_ordered_with_wrong_coast():
    # The coast written for the ordered unit is ignored: the fleet is on the south coast.
    order = parse("F SPA/NC - LYO", position(FRANCE=["F SPA/SC"]))
    assert order == Move("FRANCE", unit("FRANCE", "F SPA/SC"), "LYO")


def test_datc_6_b_11_coast_cannot_be_ordered_to_change():
    with pytest.raises(IllegalOrderError, match="cannot reach LYO"):
        parse("F SPA/SC - LYO", position(FRANCE=["F SPA/NC"]))


def test_datc_6_b_12_army_movement_with_coastal_specification():
    assert parse("A GAS - SPA/NC", position(FRANCE=["A GAS"])) == Move(
        "FRANCE", unit("FRANCE", "A GAS"), "SPA")


def test_datc_6_b_13_coastal_crawl_orders_read():
    pos = position(TURKEY=["F BUL/SC", "F CON"])
    assert parse("F BUL/SC - CON", pos, "TURKEY").dest == "CON"
    assert parse("F CON - BUL/EC", pos, "TURKEY").dest == "BUL/EC"


def test_datc_6_b_14_building_with_unspecified_coast():
    pos = adjustment_position(RUSSIA=["A MOS"])
    with pytest.raises(AmbiguousOrderError, match="STP/NC or STP/SC"):
        parse("BUILD F STP", pos, "RUSSIA")


def test_fleet_on_a_split_coast_may_be_written_without_its_coast():
    # DATC 6.B.10: the coast of the ordered unit is known from the position.
    pos = position(FRANCE=["F SPA/SC"])
    assert parse("F SPA - MAO", pos).unit.location == "SPA/SC"
    assert parse("F SPA - WES", pos).dest == "WES"


# --- other movement legality ------------------------------------------------------------------


def test_army_to_a_non_adjacent_coast_is_left_to_the_convoy():
    # 2000 rulebook, 'Convoying': an army moves across sea provinces from coast to coast;
    # whether a convoy carries it is the adjudicator's finding.
    pos = position(ENGLAND=["A LON"])
    assert parse("A LON - NWY", pos, "ENGLAND") == Move("ENGLAND", unit("ENGLAND", "A LON"), "NWY")


def test_army_to_a_non_adjacent_province_that_no_convoy_reaches_is_illegal():
    with pytest.raises(IllegalOrderError, match="not adjacent"):
        parse("A PAR - MUN")
    with pytest.raises(IllegalOrderError, match="Munich .* is inland"):
        parse("A LON - MUN VIA CONVOY", position(ENGLAND=["A LON"]), "ENGLAND")


def test_convoy_route_must_be_sea_provinces():
    with pytest.raises(IllegalOrderError, match=r"Yorkshire \(YOR\) is not a sea"):
        parse("A LON - YOR - NWY", position(ENGLAND=["A LON"]), "ENGLAND")


def test_convoy_legality():
    # 2000 rulebook, 'Convoying': a fleet in a sea province convoys an army between coasts.
    pos = position(ENGLAND=["F NTH", "F LON", "A YOR", "A LVP"])
    with pytest.raises(IllegalOrderError, match="only fleets convoy"):
        parse("A YOR C A LVP - NWY", pos, "ENGLAND")
    with pytest.raises(IllegalOrderError, match="only a fleet at sea can convoy"):
        parse("F LON C A YOR - BEL", pos, "ENGLAND")
    with pytest.raises(IllegalOrderError, match="Munich .* not a coastal province"):
        parse("F NTH C A YOR - MUN", pos, "ENGLAND")
    with pytest.raises(IllegalOrderError, match="North Sea .* not a coastal province"):
        parse("F NTH C A YOR - NTH", pos, "ENGLAND")


def test_support_of_a_province_without_a_unit_still_reads():
    # Whether the supported unit is there and moves as supported is decided at adjudication
    # (a support that matches no order is void there, not illegal here).
    pos = position(FRANCE=["A BUR"])
    assert parse("A BUR S A PAR", pos) == Support("FRANCE", unit("FRANCE", "A BUR"), "PAR", None, "A")
    assert parse("A BUR S A GAS - PAR", pos).dest == "PAR"


def test_support_legality():
    pos = position(FRANCE=["A BUR", "F BRE", "A PAR"])
    # 2000 rulebook, 'Support': only into a province the supporter could move to.
    with pytest.raises(IllegalOrderError, match="cannot support into BRE"):
        parse("A BUR S A PAR - BRE", pos)
    with pytest.raises(IllegalOrderError, match="support a move into its own province"):
        parse("A BUR S A PAR - BUR", pos)
    with pytest.raises(IllegalOrderError, match="army cannot stand in English Channel"):
        parse("F BRE S A ENG", pos)
    with pytest.raises(IllegalOrderError, match="fleet cannot move to Paris"):
        parse("F BRE S F GAS - PAR", pos)
    # A fleet supports an army into a coastal province it reaches.
    assert parse("F BRE S A PAR - GAS", pos).dest == "GAS"


def test_wrong_type_of_the_supported_unit_is_ignored():
    # DATC 4.C.2, preferred choice b: the supported unit's written type is ignored when a
    # unit stands there; the support is read for that unit, and shows its real type.
    pos = position(FRANCE=["A MAR", "A PAR"])
    support = parse("A MAR S F PAR - BUR", pos)
    assert support == Support("FRANCE", unit("FRANCE", "A MAR"), "PAR", "BUR", "A")
    assert order_text(support) == "A MAR S A PAR - BUR"


@pytest.mark.parametrize("text", ["A MAR S GERMAN A BUR - GAS", "A MAR S german a bur - gas",
                                  "A MAR S Germany A BUR - GAS", "A MAR S ITALIAN A BUR - GAS",
                                  "A MAR S English A BUR - GAS"])
def test_nationality_of_the_supported_unit_is_not_used(text):
    # DATC 4.C.5 and 4.C.6, preferred choice b: a missing or wrong nationality in a support
    # order leaves it valid ("English" before a unit type is a nationality, not the Channel).
    pos = position(FRANCE=["A MAR"], GERMANY=["A BUR"])
    assert parse(text, pos) == Support("FRANCE", unit("FRANCE", "A MAR"), "BUR", "GAS", "A")


def test_nationality_of_the_convoyed_army_is_not_used():
    # DATC 4.C.5 and 4.C.6, preferred choice b, in a convoy order.
    pos = position(ENGLAND=["F NTH"], FRANCE=["A BEL"])
    expected = Convoy("ENGLAND", unit("ENGLAND", "F NTH"), "BEL", "YOR")
    assert parse("F NTH C French A BEL - YOR", pos, "ENGLAND") == expected
    assert parse("F NTH C GERMAN A BEL - YOR", pos, "ENGLAND") == expected


def test_may_move_hook_reason_is_the_error():
    class NoParis(Rules):
        def may_move(self, variant, position, unit, dest):
            return "Paris is closed by the plague" if dest == "PAR" else None

    pos = position(FRANCE=["A BUR"])
    with pytest.raises(IllegalOrderError, match="closed by the plague"):
        parse("A BUR - PAR", pos, rules=NoParis())
    assert parse("A BUR - PAR", pos).dest == "PAR"


# --- orders in words, as players mail them ---------------------------------------------------


@pytest.mark.parametrize("text", ["Build an army in Paris", "build a army at PAR", "Build the army in Paris"])
def test_a_build_in_words(text):
    """docs/orders.md, 'Adjustment phase': 'BUILD A PAR'; in words, with the article and 'in'
    or 'at' a player writes: 'Build an army in Paris'. 'a fleet' is a fleet, not an army."""
    assert parse(text, adjustment_position()) == Build("FRANCE", "A", "PAR")
    assert parse("Build a fleet in Brest", adjustment_position()) == Build("FRANCE", "F", "BRE")
    assert parse("Remove the fleet in Brest", adjustment_position(FRANCE=["F BRE"])) == \
        Disband("FRANCE", unit("FRANCE", "F BRE"))


def test_a_move_and_a_support_in_words():
    """docs/orders.md: 'A PAR MOVES TO BUR', and the unit named in words ('The fleet in
    London moves to the North Sea'); the supported unit too."""
    assert parse("The fleet in London moves to the North Sea", START, "ENGLAND") == \
        Move("ENGLAND", unit("ENGLAND", "F LON"), "NTH")
    assert parse("The fleet in Edinburgh supports the fleet in London to the North Sea", START, "ENGLAND") == \
        Support("ENGLAND", unit("ENGLAND", "F EDI"), "LON", "NTH", "F")


@pytest.mark.parametrize("text", ["A Paris moves into Burgundy", "A Paris attacks Burgundy", "Army Paris moving to Burgundy",
                                  "A PAR into BUR", "A Paris move into Burgundy"])
def test_a_move_in_a_players_words(text):
    """docs/orders.md, 'move': 'A PAR MOVES TO BUR'; as players also write it, 'moves into',
    'attacks', 'moving to'."""
    assert parse(text) == Move("FRANCE", unit("FRANCE", "A PAR"), "BUR")


def test_a_support_and_a_convoy_in_a_players_words():
    """docs/orders.md, 'support to move' and 'convoy': the supported unit 'moving to' or
    'into' its destination, the convoyed army 'moving into' it."""
    assert parse("Army Marseilles supports Army Paris into Burgundy") == \
        Support("FRANCE", unit("FRANCE", "A MAR"), "PAR", "BUR", "A")
    assert parse("A Budapest supports A Vienna moving to Galicia", START, "AUSTRIA") == \
        Support("AUSTRIA", unit("AUSTRIA", "A BUD"), "VIE", "GAL", "A")
    pos = position(ENGLAND=["F NTH", "A LON"])
    assert parse("Fleet North Sea convoys Army London moving into Norway", pos, "ENGLAND") == \
        Convoy("ENGLAND", unit("ENGLAND", "F NTH"), "LON", "NWY")


@pytest.mark.parametrize("text, power, expected", [
    ("Armee München nach Tirol", "GERMANY", Move("GERMANY", unit("GERMANY", "A MUN"), "TYR")),
    ("A Berlin hält", "GERMANY", Hold("GERMANY", unit("GERMANY", "A BER"))),
    ("Flotte Kiel unterstützt Armee Berlin", "GERMANY", Support("GERMANY", unit("GERMANY", "F KIE"), "BER", None, "A")),
    ("Armée Paris vers Bourgogne", "FRANCE", Move("FRANCE", unit("FRANCE", "A PAR"), "BUR")),
    ("A Marseille soutient A Paris vers Bourgogne", "FRANCE",
     Support("FRANCE", unit("FRANCE", "A MAR"), "PAR", "BUR", "A")),
    ("A Venezia tiene", "ITALY", Hold("ITALY", unit("ITALY", "A VEN"))),
    ("Flotta Napoli verso Ionio", "ITALY", Move("ITALY", unit("ITALY", "F NAP"), "ION")),
    ("Esercito Roma sostiene A Venezia", "ITALY", Support("ITALY", unit("ITALY", "A ROM"), "VEN", None, "A"))])
def test_an_order_in_a_players_language(text, power, expected):
    """docs/orders.md: the order words as German, French and Italian players write them
    (Armee/Flotte nach, hält, unterstützt; Armée vers, soutient; Esercito/Flotta verso, tiene,
    sostiene), with the provinces' native names."""
    assert parse(text, START, power) == expected


@pytest.mark.parametrize("name", ["standard", "centenary", "europe1619", "europe1615", "europe1615v2", "westphalia"])
def test_no_word_of_a_province_is_an_order_word(name):
    """The order words (English and the players' languages: 'nach', 'vers', 'flotta') are no
    word of any province's name or alias, so a province is never cut short by one."""
    from gm_tools.engine.orderwords import KEYWORDS, KIND_WORDS, names_of

    words = {word for spelling in names_of(load_variant(name)).by_words for word in spelling}
    assert not words & (KEYWORDS | set(KIND_WORDS))
