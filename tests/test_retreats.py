"""Retreat phase: 2000 rulebook, 'Retreats', and DATC 6.H."""

from __future__ import annotations

from boards import D, M, R, S, board, result, standard, unit

from gm_tools.engine.adjudicator import adjudicate_movement
from gm_tools.engine.model import Dislodged, Position
from gm_tools.engine.retreats import adjudicate_retreats

V = standard()


def retreat_position(units, dislodged: dict[str, tuple[str, str, str | None, tuple[str, ...]]]) -> Position:
    """A retreat-phase position: ``dislodged`` maps province -> (power, unit text,
    attacker_from, retreats)."""
    p = board(units, phase="S1901R")
    p.dislodged = {
        prov: Dislodged(unit(power, text), attacker_from, retreats)
        for prov, (power, text, attacker_from, retreats) in dislodged.items()
    }
    return p


def test_no_retreat_to_attackers_origin_or_occupied_province():
    # 2000 rulebook, 'Retreats': a unit cannot retreat to the province the attacker came
    # from, nor to an occupied province; a province emptied this turn is open.
    p = board({"FRANCE": ["A PAR", "A MAR", "A PIC"], "GERMANY": ["A BUR", "A MUN"], "ENGLAND": ["A BEL"]})
    orders = [M(p, "A PAR", "BUR"), S(p, "A MAR", "PAR", "BUR"), M(p, "A PIC", "BRE")]
    out = adjudicate_movement(V, p, orders)
    d = out.dislodged["BUR"]
    assert d.attacker_from == "PAR"
    assert d.retreats == ("GAS", "PIC", "RUH")


def test_no_retreat_to_province_left_empty_by_standoff():
    # DATC 6.H.6: unit may not retreat to the area where a standoff took place.
    p = board({"FRANCE": ["A PAR", "A MAR", "A PIC"], "GERMANY": ["A BUR", "A RUH"]})
    orders = [M(p, "A PAR", "BUR"), S(p, "A MAR", "PAR", "BUR"), M(p, "A PIC", "BEL"), M(p, "A RUH", "BEL")]
    out = adjudicate_movement(V, p, orders)
    assert out.contested == frozenset({"BEL"})
    assert out.dislodged["BUR"].retreats == ("GAS", "MUN")


def test_retreat_succeeds_and_moves_the_unit():
    # 2000 rulebook, 'Retreats': the unit moves to the province it retreats to.
    p = retreat_position({"FRANCE": ["A BUR"]}, {"MUN": ("GERMANY", "A MUN", "BUR", ("KIE", "RUH"))})
    out = adjudicate_retreats(V, p, [R(p, "A MUN", "KIE")])
    assert result(out, "A MUN").result == "succeeds"
    assert out.units_after["KIE"].location == "KIE" and out.units_after["KIE"].power == "GERMANY"
    assert out.retreated == {"MUN": "KIE"}


def test_two_retreats_to_one_province_both_disband():
    # DATC 6.H.7 (2000 rulebook): multiple retreats to the same area disband all units.
    p = retreat_position(
        {},
        {
            "HOL": ("ENGLAND", "A HOL", "BEL", ("KIE", "RUH")),
            "MUN": ("GERMANY", "A MUN", "BUR", ("KIE", "RUH")),
        },
    )
    out = adjudicate_retreats(V, p, [R(p, "A HOL", "RUH"), R(p, "A MUN", "RUH")])
    assert result(out, "A HOL").result == "fails"
    assert result(out, "A HOL").reason == "retreat: standoff with A MUN; disbanded"
    assert {str(u) for u in out.disbanded} == {"A HOL", "A MUN"}
    assert out.units_after == {}


def test_unordered_and_invalid_retreats_disband():
    # 2000 rulebook, 'Retreats': a dislodged unit not ordered to retreat (or ordered to
    # an impossible place) is disbanded.
    p = retreat_position(
        {},
        {
            "HOL": ("ENGLAND", "A HOL", "BEL", ("KIE", "RUH")),
            "MUN": ("GERMANY", "A MUN", "BUR", ("KIE", "RUH")),
        },
    )
    out = adjudicate_retreats(V, p, [R(p, "A HOL", "BEL")])
    assert result(out, "A HOL").result == "invalid"
    assert result(out, "A HOL").reason == "A HOL cannot retreat to BEL; it may retreat to KIE, RUH; the unit is disbanded"
    assert result(out, "A MUN").reason == "no order: disbanded"
    assert out.units_after == {} and len(out.disbanded) == 2


def test_disband_order():
    # 2000 rulebook: a dislodged unit may be disbanded instead of retreating.
    p = retreat_position({}, {"MUN": ("GERMANY", "A MUN", "BUR", ("KIE",))})
    out = adjudicate_retreats(V, p, [D(p, "A MUN")])
    assert result(out, "A MUN").result == "succeeds" and out.units_after == {}


def test_dislodged_unit_given_different_retreat_orders_is_disbanded():
    # DATC 4.D.3, preferred choice c: a unit given several different orders follows none;
    # a dislodged unit without a (usable) retreat order is disbanded (2000 rulebook,
    # 'Retreating').
    p = retreat_position({}, {"MUN": ("GERMANY", "A MUN", "BUR", ("KIE", "RUH"))})
    out = adjudicate_retreats(V, p, [R(p, "A MUN", "KIE"), D(p, "A MUN"), R(p, "A MUN", "RUH")])
    assert [(r.order, r.result) for r in out.results] == [
        ("A MUN R KIE", "invalid"), ("A MUN D", "invalid"), ("A MUN R RUH", "invalid"),
    ]
    assert out.results[0].reason == "A MUN was given 3 different orders: it is disbanded (DATC 4.D.3)"
    assert out.retreated == {} and out.units_after == {}


def test_retreat_of_a_unit_of_another_power_is_invalid():
    # DATC 6.A.6 in the retreat phase: a power orders only its own units.
    p = retreat_position({}, {"MUN": ("GERMANY", "A MUN", "BUR", ("KIE",))})
    order = R(p, "A MUN", "KIE").__class__("FRANCE", p.dislodged["MUN"].unit, "KIE")
    out = adjudicate_retreats(V, p, [order])
    assert out.results[0].result == "invalid"
    assert "belongs to GERMANY" in out.results[0].reason


def test_loser_of_head_to_head_does_not_make_attackers_area_contested():
    # DATC 6.H.9: a dislodged unit will not make the attacker's area contested.
    p = board({"ENGLAND": ["F HEL", "F DEN"], "GERMANY": ["A BER", "F KIE", "A SIL"], "RUSSIA": ["A PRU"]})
    orders = [
        M(p, "F HEL", "KIE"), S(p, "F DEN", "HEL", "KIE"),
        M(p, "A BER", "PRU"), S(p, "A SIL", "BER", "PRU"), M(p, "A PRU", "BER"),
    ]
    out = adjudicate_movement(V, p, orders)
    assert out.contested == frozenset()
    assert out.dislodged["KIE"].retreats == ("BAL", "BER", "HOL")
