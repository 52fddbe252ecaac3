"""Movement adjudication, one rule clause a test, on the standard map.

Each test cites the 2000 rulebook section or the DATC (v2.4) case it checks; outcomes are
the DATC's preferred ones (docs/datc-options.md).
"""

from __future__ import annotations

from boards import C, H, M, S, board, result, standard

from gm_tools.engine.adjudicator import adjudicate_movement
from gm_tools.engine.model import Dislodged
from gm_tools.engine.rules import Rules

V = standard()


def run(position, orders, rules=None):
    return adjudicate_movement(V, position, orders, rules)


# --- moves and standoffs -----------------------------------------------------------------


def test_unopposed_move_succeeds():
    # 2000 rulebook, 'Moving': a unit moves to an adjacent province.
    p = board({"FRANCE": ["A PAR"]})
    out = run(p, [M(p, "A PAR", "BUR")])
    assert result(out, "A PAR").result == "succeeds"
    assert out.moved == {"PAR": "BUR"}
    assert out.units_after["BUR"].power == "FRANCE" and "PAR" not in out.units_after


def test_equal_strength_standoff_leaves_province_contested():
    # 2000 rulebook, 'Standoffs': units of equal strength trying to occupy the same
    # province all stay where they are; the province is left vacant by a standoff.
    p = board({"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]})
    out = run(p, [M(p, "A PAR", "BUR"), M(p, "A MUN", "BUR")])
    assert result(out, "A PAR").result == "fails"
    assert result(out, "A PAR").reason == "bounced: 1 against 1 from A MUN"
    assert result(out, "A MUN").reason == "bounced: 1 against 1 from A PAR"
    assert out.moved == {}
    assert out.contested == frozenset({"BUR"})


def test_unit_given_no_order_holds():
    # 2000 rulebook, 'Hold': a unit given no order holds.
    p = board({"FRANCE": ["A PAR"]})
    out = run(p, [])
    assert [(r.order, r.result, r.reason) for r in out.results] == [("A PAR H", "succeeds", "no order: holds")]


def test_unit_given_two_different_orders_holds_and_may_be_supported():
    # DATC 4.D.3, preferred choice c: "The order is illegal and changed in a hold order
    # (able to receive a hold support)". Here Germany's supported attack on Paris fails
    # because France's confused unit still receives the hold support from Picardy.
    p = board({"FRANCE": ["A PAR", "A PIC"], "GERMANY": ["A BUR", "A GAS"]})
    out = run(p, [M(p, "A PAR", "BUR"), M(p, "A PAR", "GAS"), S(p, "A PIC", "PAR"),
                  M(p, "A BUR", "PAR"), S(p, "A GAS", "BUR", "PAR")])
    assert [r.result for r in out.results[:2]] == ["invalid", "invalid"]
    assert out.results[0].reason == "A PAR was given 2 different orders: it holds (DATC 4.D.3)"
    assert out.moved == {} and out.dislodged == {}
    assert out.results[2].result == "succeeds"


def test_same_order_twice_is_followed_once():
    # DATC 4.D.3: "if the orders are the same, then it should just follow that order".
    p = board({"FRANCE": ["A PAR"]})
    out = run(p, [M(p, "A PAR", "BUR"), M(p, "A PAR", "BUR")])
    assert [r.result for r in out.results] == ["succeeds", "invalid"]
    assert out.results[1].reason == "the same order again: followed once"
    assert out.moved == {"PAR": "BUR"}


def test_order_for_another_powers_unit_is_invalid_and_unit_holds():
    # DATC 6.A.6: ordering a unit of another country fails.
    p = board({"ENGLAND": ["F LON"]})
    order = M(p, "F LON", "NTH").__class__("GERMANY", p.units["LON"], "NTH")
    out = run(p, [order])
    assert out.results[0].result == "invalid"
    assert "belongs to ENGLAND" in out.results[0].reason
    assert out.moved == {}


# --- support -------------------------------------------------------------------------------


def test_supported_attack_dislodges_and_sets_retreats():
    # 2000 rulebook, 'Support': a supported attack of 2 dislodges a unit holding with 1;
    # 'Retreats': not to the attacker's province, not to an occupied one.
    p = board({"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A BUR"]})
    out = run(p, [M(p, "A PAR", "BUR"), S(p, "A MAR", "PAR", "BUR")])
    assert result(out, "A PAR").result == "succeeds"
    bur = result(out, "A BUR")
    assert bur.dislodged and bur.result == "fails"
    assert bur.reason == "no order: holds; dislodged by A PAR (2 against 1)"
    d = out.dislodged["BUR"]
    assert isinstance(d, Dislodged) and d.attacker_from == "PAR"
    assert d.retreats == ("BEL", "GAS", "MUN", "PIC", "RUH")


def test_support_cut_by_attack_from_elsewhere():
    # 2000 rulebook, 'Support is cut if the unit giving support is attacked from any
    # province except the one where support is being given'.
    p = board({"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A BUR"], "ITALY": ["A PIE"]})
    out = run(p, [M(p, "A PAR", "BUR"), S(p, "A MAR", "PAR", "BUR"), M(p, "A PIE", "MAR")])
    assert result(out, "A MAR").result == "fails"
    assert result(out, "A MAR").reason == "support cut by A PIE"
    assert result(out, "A PAR").reason == "bounced: 1 against 1 from A BUR"
    assert out.dislodged == {}


def test_support_not_cut_by_the_unit_it_is_directed_against():
    # 2000 rulebook: '... except the one where support is being given' (DATC 6.D.2 idea):
    # the army in Burgundy attacking the supporter does not cut the support against itself.
    p = board({"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A BUR"]})
    out = run(p, [M(p, "A PAR", "BUR"), S(p, "A MAR", "PAR", "BUR"), M(p, "A BUR", "MAR")])
    assert result(out, "A MAR").result == "succeeds"
    assert result(out, "A BUR").dislodged
    assert result(out, "A BUR").reason.startswith("bounced: 1 against 1 from A MAR")


def test_support_to_hold_and_void_support():
    # 2000 rulebook, 'Support': a unit can support a holding unit (here one given no
    # order, as in civil disorder: DATC 4.D.9, choice b); a support for a move that was
    # not ordered is void.
    p = board({"FRANCE": ["A PAR", "A PIC"], "GERMANY": ["A BUR", "A RUH"]})
    out = run(p, [S(p, "A PIC", "PAR"), M(p, "A BUR", "PAR"), S(p, "A RUH", "BUR", "BEL")])
    assert result(out, "A BUR").reason == "bounced: 1 against 2 from A PAR"
    assert result(out, "A RUH").result == "fails"
    assert result(out, "A RUH").reason == "void: A BUR did not move to BEL"


def test_cannot_dislodge_own_unit():
    # DATC 6.D.10: self dislodgement prohibited (2000 rulebook, 'A country cannot
    # dislodge its own unit').
    p = board({"GERMANY": ["A BER", "F KIE", "A MUN"]})
    out = run(p, [H(p, "A BER"), M(p, "F KIE", "BER"), S(p, "A MUN", "KIE", "BER")])
    assert result(out, "F KIE").result == "fails"
    assert result(out, "F KIE").reason == "bounced: may not dislodge A BER of GERMANY"
    assert out.dislodged == {}


def test_foreign_support_against_own_unit_not_counted():
    # DATC 6.D.13: supporting a foreign unit to dislodge own unit prohibited.
    p = board({"AUSTRIA": ["F TRI", "A VIE"], "ITALY": ["A VEN"]})
    out = run(p, [H(p, "F TRI"), S(p, "A VIE", "VEN", "TRI"), M(p, "A VEN", "TRI")])
    assert result(out, "A VEN").reason == "bounced: 1 against 1 from F TRI"
    assert out.dislodged == {}


def test_foreign_support_does_not_prevent_dislodgement():
    # DATC 6.D.14: supporting a foreign unit is not enough to prevent dislodgement.
    p = board({"AUSTRIA": ["F TRI", "A VIE"], "ITALY": ["A VEN", "A TYR", "F ADR"]})
    orders = [
        H(p, "F TRI"), S(p, "A VIE", "VEN", "TRI"), M(p, "A VEN", "TRI"),
        S(p, "A TYR", "VEN", "TRI"), S(p, "F ADR", "VEN", "TRI"),
    ]
    out = run(p, orders)
    assert result(out, "F TRI").reason == "dislodged by A VEN (3 against 1)"


# --- head to head and beleaguered garrison -----------------------------------------------


def test_head_to_head_loser_has_no_effect_on_attackers_area():
    # DATC 6.E.1: dislodged unit has no effect on attacker's area.
    p = board({"GERMANY": ["A BER", "F KIE", "A SIL"], "RUSSIA": ["A PRU"]})
    orders = [M(p, "A BER", "PRU"), M(p, "F KIE", "BER"), S(p, "A SIL", "BER", "PRU"), M(p, "A PRU", "BER")]
    out = run(p, orders)
    assert out.moved == {"BER": "PRU", "KIE": "BER"}
    assert out.dislodged["PRU"].attacker_from == "BER"
    assert "BER" not in out.dislodged["PRU"].retreats


def test_no_self_dislodgement_in_head_to_head():
    # DATC 6.E.2: no self dislodgement in head to head battle.
    p = board({"GERMANY": ["A BER", "F KIE", "A MUN"]})
    out = run(p, [M(p, "A BER", "KIE"), M(p, "F KIE", "BER"), S(p, "A MUN", "BER", "KIE")])
    assert out.moved == {} and out.dislodged == {}


def test_beleaguered_garrison_survives_equal_attacks():
    # 2000 rulebook, 'Standoffs' (the beleaguered garrison): two attacks of equal
    # strength on a holding unit stand each other off; it is not dislodged.
    p = board({"GERMANY": ["A MUN"], "FRANCE": ["A BUR", "A RUH"], "AUSTRIA": ["A TYR", "A BOH"]})
    orders = [
        M(p, "A BUR", "MUN"), S(p, "A RUH", "BUR", "MUN"),
        M(p, "A TYR", "MUN"), S(p, "A BOH", "TYR", "MUN"),
    ]
    out = run(p, orders)
    assert out.dislodged == {}
    assert result(out, "A BUR").reason == "bounced: 2 against 2 from A TYR"


# --- circular movement -------------------------------------------------------------------


def test_three_army_circular_movement():
    # DATC 6.C.1: three army circular movement succeeds.
    p = board({"TURKEY": ["F ANK", "A CON", "A SMY"]})
    out = run(p, [M(p, "F ANK", "CON"), M(p, "A CON", "SMY"), M(p, "A SMY", "ANK")])
    assert out.moved == {"ANK": "CON", "CON": "SMY", "SMY": "ANK"}


def test_disrupted_circular_movement():
    # DATC 6.C.3: a disrupted circular movement: nobody moves.
    p = board({"TURKEY": ["F ANK", "A CON", "A SMY", "A BUL"]})
    out = run(p, [M(p, "F ANK", "CON"), M(p, "A CON", "SMY"), M(p, "A SMY", "ANK"), M(p, "A BUL", "CON")])
    assert out.moved == {}


def test_two_units_cannot_swap_without_convoy():
    # 2000 rulebook: two units ordered to each other's provinces both fail (head to head).
    p = board({"FRANCE": ["A PAR"], "GERMANY": ["A BUR"]})
    out = run(p, [M(p, "A PAR", "BUR"), M(p, "A BUR", "PAR")])
    assert out.moved == {}
    assert result(out, "A PAR").reason == "bounced: 1 against 1 from A BUR"


# --- convoys -------------------------------------------------------------------------------


def test_convoy_over_several_fleets():
    # 2000 rulebook, 'Convoying': an army can be convoyed over several sea provinces.
    p = board({"ENGLAND": ["A LON", "F ENG", "F MAO", "F WES"]})
    orders = [M(p, "A LON", "TUN"), C(p, "F ENG", "LON", "TUN"), C(p, "F MAO", "LON", "TUN"), C(p, "F WES", "LON", "TUN")]
    out = run(p, orders)
    assert out.moved == {"LON": "TUN"}
    assert all(r.result == "succeeds" for r in out.results)


def test_dislodged_fleet_disrupts_convoy():
    # 2000 rulebook, 'Convoying': if a convoying fleet is dislodged the convoy fails.
    p = board({"ENGLAND": ["A LON", "F ENG"], "FRANCE": ["F BRE", "F MAO"]})
    orders = [M(p, "A LON", "BEL"), C(p, "F ENG", "LON", "BEL"), M(p, "F BRE", "ENG"), S(p, "F MAO", "BRE", "ENG")]
    out = run(p, orders)
    assert result(out, "A LON").reason == "no convoy"
    assert result(out, "F ENG").dislodged


def test_convoy_disrupted_only_when_all_routes_are():
    # DATC 4.A.1 preferred (2000 rulebook): a convoy with several routes is disrupted
    # only when every route is.
    p = board({"ENGLAND": ["A LON", "F ENG", "F NTH"], "FRANCE": ["F BRE", "F MAO"]})
    orders = [
        M(p, "A LON", "BEL"), C(p, "F ENG", "LON", "BEL"), C(p, "F NTH", "LON", "BEL"),
        M(p, "F BRE", "ENG"), S(p, "F MAO", "BRE", "ENG"),
    ]
    out = run(p, orders)
    assert out.moved["LON"] == "BEL"


def test_convoy_paradox_resolved_by_szykman_rule():
    # DATC 6.F.14 (simple convoy paradox), Szykman rule (DATC 4.A.2 preferred): the
    # convoyed army holds and does not cut the support; the fleet is dislodged.
    p = board({"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["A BRE", "F ENG"]})
    orders = [S(p, "F LON", "WAL", "ENG"), M(p, "F WAL", "ENG"), M(p, "A BRE", "LON"), C(p, "F ENG", "BRE", "LON")]
    out = run(p, orders)
    assert result(out, "F LON").result == "succeeds"
    assert result(out, "F WAL").result == "succeeds"
    assert result(out, "A BRE").reason == "no convoy: convoy paradox, the army holds (Szykman rule)"
    assert result(out, "F ENG").dislodged


def test_convoyed_attack_on_supporter_cuts_support():
    # 2000 rulebook: a convoyed army cuts support like any other attack, when its convoy
    # does not depend on the battle it cuts into.
    p = board({"ENGLAND": ["A LON", "F NTH"], "FRANCE": ["F BEL", "F HOL"], "GERMANY": ["F HEL"]})
    orders = [
        M(p, "A LON", "HOL"), C(p, "F NTH", "LON", "HOL"),
        S(p, "F HOL", "BEL"), H(p, "F BEL"),
    ]
    out = run(p, orders)
    assert result(out, "F HOL").reason == "support cut by A LON"


# --- convoy to an adjacent province (DATC 4.A.3, choice d) ----------------------------------


def test_swap_by_convoy_with_own_fleet():
    # DATC 6.G.1: two units can swap places by convoy (intent shown by an own fleet).
    p = board({"ENGLAND": ["A NWY", "F SKA"], "RUSSIA": ["A SWE"]})
    out = run(p, [M(p, "A NWY", "SWE"), C(p, "F SKA", "NWY", "SWE"), M(p, "A SWE", "NWY")])
    assert out.moved == {"NWY": "SWE", "SWE": "NWY"}


def test_foreign_convoy_does_not_kidnap_an_army():
    # DATC 6.G.2: kidnapping an army: without intent the army goes over land, a head to
    # head battle where both fail.
    p = board({"ENGLAND": ["A NWY"], "RUSSIA": ["F SWE"], "GERMANY": ["F SKA"]})
    out = run(p, [M(p, "A NWY", "SWE"), M(p, "F SWE", "NWY"), C(p, "F SKA", "NWY", "SWE")])
    assert out.moved == {}


def test_via_convoy_without_a_convoy_goes_over_land():
    # DATC 6.G.8: explicit convoy that isn't there: the army moves over land.
    p = board({"FRANCE": ["A BEL"], "ENGLAND": ["F NTH", "A HOL"]})
    out = run(p, [M(p, "A BEL", "HOL", via=True), M(p, "F NTH", "HEL"), M(p, "A HOL", "KIE")])
    assert out.moved == {"BEL": "HOL", "NTH": "HEL", "HOL": "KIE"}


def test_dislodged_by_convoy_may_retreat_to_attackers_origin():
    # 2000 rulebook / DATC 6.H.11: a unit dislodged by a convoyed army may retreat to the
    # province the army came from.
    p = board({"FRANCE": ["A SPA", "F LYO", "A BUR"], "ITALY": ["A MAR"]})
    orders = [M(p, "A SPA", "MAR", via=True), C(p, "F LYO", "SPA", "MAR"), S(p, "A BUR", "SPA", "MAR")]
    out = run(p, orders)
    assert out.moved == {"SPA": "MAR"}
    assert out.dislodged["MAR"].attacker_from is None
    assert "SPA" in out.dislodged["MAR"].retreats


# --- coasts ----------------------------------------------------------------------------------


def test_fleet_moves_between_exact_coasts():
    # DATC 6.B.3: a fleet cannot move to a coast it does not touch (Variant.can_move).
    p = board({"FRANCE": ["F GAS"]})
    out = run(p, [M(p, "F GAS", "SPA/SC")])
    assert out.results[0].result == "invalid"
    out = run(p, [M(p, "F GAS", "SPA/NC")])
    assert out.moved == {"GAS": "SPA/NC"}
    assert out.units_after["SPA"].location == "SPA/NC"


def test_support_to_a_province_whatever_the_coast():
    # DATC 6.B.4: support to an unreachable coast is allowed: a support goes to a province.
    p = board({"FRANCE": ["F GAS", "F MAR"], "ITALY": ["F WES"]})
    out = run(p, [M(p, "F GAS", "SPA/NC"), S(p, "F MAR", "GAS", "SPA"), M(p, "F WES", "SPA/SC")])
    assert out.moved == {"GAS": "SPA/NC"}


# --- strength and hooks -----------------------------------------------------------------------


def test_strength_is_added_not_counted():
    # Europe variants: a unit of strength 2 beats a unit of strength 1 without support.
    p = board({"FRANCE": ["A PAR*2"], "GERMANY": ["A BUR"]})
    out = run(p, [M(p, "A PAR", "BUR")])
    assert result(out, "A BUR").reason == "no order: holds; dislodged by A PAR (2 against 1)"


class HalfCutRules(Rules):
    """A variant where a cut support keeps half its strength, and own units can be dislodged."""

    def support_given(self, variant, position, supporter, cutters):
        return supporter.strength // 2 if cutters else supporter.strength

    def may_dislodge(self, variant, position, attacker, defender):
        return True


def test_support_given_hook_decides_what_a_cut_support_is_worth():
    p = board({"FRANCE": ["A PAR", "A MAR*4"], "GERMANY": ["A BUR*2"], "ITALY": ["A PIE"]})
    orders = [M(p, "A PAR", "BUR"), S(p, "A MAR", "PAR", "BUR"), M(p, "A PIE", "MAR")]
    out = run(p, orders, HalfCutRules())
    assert result(out, "A BUR").reason == "no order: holds; dislodged by A PAR (3 against 2)"
    assert result(out, "A MAR").reason == "support cut by A PIE"


def test_may_dislodge_hook_is_asked():
    p = board({"GERMANY": ["A BER", "F KIE", "A MUN"]})
    out = run(p, [M(p, "F KIE", "BER"), S(p, "A MUN", "KIE", "BER")], HalfCutRules())
    assert out.dislodged["BER"].unit.power == "GERMANY"


def test_same_orders_same_outcome_whatever_their_order():
    # Deterministic: the result does not depend on the order the orders were listed in.
    p = board({"TURKEY": ["F ANK", "A CON", "A SMY", "A BUL"], "RUSSIA": ["F SEV", "F BLA"]})
    orders = [
        M(p, "F ANK", "CON"), M(p, "A CON", "SMY"), M(p, "A SMY", "ANK"), M(p, "A BUL", "CON"),
        M(p, "F SEV", "BLA"), M(p, "F BLA", "ANK"),
    ]
    a = run(p, orders)
    b = run(p, list(reversed(orders)))
    assert (a.moved, a.dislodged, a.contested) == (b.moved, b.dislodged, b.contested)
    assert sorted(a.results, key=str) == sorted(b.results, key=str)


def test_written_convoy_path_is_not_binding():
    # DATC 4.A.6 choice a: path specifications are ignored; any convoy route will do.
    from gm_tools.engine.model import Move

    p = board({"ENGLAND": ["A LON", "F NTH"]})
    move = Move("ENGLAND", p.units["LON"], "BEL", via_convoy=True, convoy_route=("ENG",))
    out = run(p, [move, C(p, "F NTH", "LON", "BEL")])
    assert out.moved == {"LON": "BEL"}


def test_unit_with_only_an_invalid_order_holds_and_can_be_supported():
    # DATC 4.E.1: an illegal order is ignored; the unit holds and may receive hold support.
    p = board({"FRANCE": ["F BRE", "A PAR"], "ENGLAND": ["F ENG", "F MAO"]})
    orders = [M(p, "F BRE", "PAR"), S(p, "A PAR", "BRE"), M(p, "F ENG", "BRE"), S(p, "F MAO", "ENG", "BRE")]
    out = run(p, orders)
    assert out.results[0].result == "invalid"
    assert [r.reason for r in out.results if r.order == "F BRE H"] == ["holds: its order was invalid"]
    assert result(out, "F ENG").reason == "bounced: 2 against 2 from F BRE"


class NoBurgundyRules(Rules):
    """A variant where nobody may enter Burgundy and dislodged fleets are destroyed."""

    def may_move(self, variant, position, unit, dest):
        return "Burgundy is neutral" if dest == "BUR" else None

    def on_dislodged(self, variant, position, unit):
        return None if unit.kind == "F" else unit


def test_may_move_hook_makes_the_order_invalid():
    p = board({"FRANCE": ["A PAR"]})
    out = run(p, [M(p, "A PAR", "BUR")], NoBurgundyRules())
    assert (out.results[0].result, out.results[0].reason) == ("invalid", "Burgundy is neutral")
    assert out.moved == {}


def test_on_dislodged_hook_can_disband_at_once_and_may_move_limits_retreats():
    p = board({"FRANCE": ["A PAR", "A BEL", "F MAO", "F BRE"], "GERMANY": ["A PIC"], "ENGLAND": ["F ENG"]})
    orders = [M(p, "A PAR", "PIC"), S(p, "A BEL", "PAR", "PIC"), M(p, "F MAO", "ENG"), S(p, "F BRE", "MAO", "ENG")]
    standard_out = run(p, orders)
    assert standard_out.dislodged["PIC"].retreats == ("BUR",)
    out = run(p, orders, NoBurgundyRules())
    assert out.dislodged["PIC"].retreats == ()  # Burgundy may not be entered
    assert "ENG" not in out.dislodged  # the fleet is destroyed, not retreated
    assert result(out, "F ENG").dislodged
