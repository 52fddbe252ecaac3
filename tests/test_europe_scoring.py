"""Europe 1619 Scoring Phase: the five scoring items, Austria's Bohemia bonus, 25 points wins,
the end in 1648 and ties. Each test cites the rulebook (``002_e7e1b063b6c411e5.txt``)."""

from __future__ import annotations

from europe_board import NO_RELATIONS, board, europe, position

from gm_tools.systems.europe1619.adapter_rules import scoring_rules
from gm_tools.systems.europe1619.scoring import score, scores, verdict

RULES = scoring_rules(europe())


def score_of(power, captured, markers=None, **extra):
    return score(board(position({}, captured, **extra), NO_RELATIONS), RULES, markers or {}, power)


def test_captured_foreign_centers_score_their_value():
    # 'Scoring' 1: 'For each captured foreign supply center the player earns 1 point for each
    # point of value for the center.' Flanders is worth 3, Cologne 3.
    s = score_of("FRANCE", {"FLA": "FRANCE", "COL": "FRANCE"})
    assert s.captured_centers == {"COL": 3, "FLA": 3}
    assert s.total == 6


def test_each_marker_of_ones_confession_scores_one():
    # 'Scoring' 2: 'For each corresponding confessional marker present on the board the player
    # earns 1 point.' Two Catholic markers and a Protestant one.
    markers = {"COL": "catholic", "WUE": "catholic", "HES": "protestant"}
    assert score_of("FRANCE", {}, markers).markers == 2
    assert score_of("UNION", {}, markers).markers == 1
    assert score_of("OTTOMAN", {}, markers).markers == 0


def test_captured_foreign_provinces_score_one_each():
    # 'Scoring' 3: 'For each captured foreign province, the player earns 1 point (this does not
    # include foreign centers).'
    s = score_of("FRANCE", {"LIE": "FRANCE", "BRB": "FRANCE", "FLA": "FRANCE"})
    assert s.captured_provinces == ("BRB", "LIE")
    assert s.total == 2 + 3


def test_lost_home_centers_cost_their_value_and_lost_provinces_one():
    # 'Scoring' 4: 'For each lost home supply center the player loses 1 point for each point of
    # value for the center.' 5: 'For each lost domestic province the player loses 1 point (this
    # does not include home supply centers).' England holds Normandy (3) and Champagne.
    captured = {"NOR": "ENGLAND", "CHA": "ENGLAND"}
    france = score_of("FRANCE", captured)
    assert france.lost_centers == {"NOR": 3} and france.lost_provinces == ("CHA",)
    assert france.total == -4
    assert score_of("ENGLAND", captured).total == 3 + 1


def test_austria_scores_five_more_for_holding_bohemia():
    # 'Austria and Bohemia: If Austria captures Bohemia and holds on to it, Austria gains an
    # additional 5 victory points.' Bohemia is worth 3 as a center, so 8 in all; nobody else
    # gets the bonus.
    assert score_of("AUSTRIA", {"BOH": "AUSTRIA"}).total == 3 + 5
    assert score_of("SAXONY", {"BOH": "SAXONY"}).total == 3


def test_scores_leave_out_eliminated_powers():
    # 'Elimination': an eliminated power is out of the game, so it is not scored.
    table = scores(board(position({}, eliminated=["SPAIN"]), NO_RELATIONS), RULES, {})
    assert "SPAIN" not in table and "FRANCE" in table
    assert table["FRANCE"].total == 0


def test_first_to_25_wins_regardless_of_the_year():
    # 'First player to reach 25 points wins the game regardless of the year.'
    v = verdict({"FRANCE": 25, "SPAIN": 20}, 1630, RULES)
    assert v.over and v.winners == ("FRANCE",) and not v.tie
    assert not verdict({"FRANCE": 24, "SPAIN": 20}, 1630, RULES).over


def test_the_game_ends_at_the_scoring_phase_of_1648_with_the_highest_score():
    # 'However, the game officially ends at the Scoring Phase of 1648, with highest scoring
    # player taking victory.'
    assert not verdict({"FRANCE": 12, "SPAIN": 10}, 1647, RULES).over
    v = verdict({"FRANCE": 12, "SPAIN": 10}, 1648, RULES)
    assert v.over and v.winners == ("FRANCE",)
    assert v.table == (("FRANCE", 12), ("SPAIN", 10))


def test_a_tie_in_1648_may_be_extended_or_drawn():
    # 'In case of ties, players may agree to extend the game by one or more years to break the
    # tie, or call a draw.'
    v = verdict({"FRANCE": 12, "SPAIN": 12, "DUTCH": 3}, 1648, RULES)
    assert v.over and v.tie and v.winners == ("FRANCE", "SPAIN")
    assert "extend" in v.reason
    # an agreed extension year is scored the same way: a single leader then wins
    v = verdict({"FRANCE": 13, "SPAIN": 12}, 1649, RULES)
    assert v.over and v.winners == ("FRANCE",) and not v.tie


def test_two_powers_reaching_25_together_before_1648_play_on():
    # 'First player to reach 25 points wins the game regardless of the year'; 'In case of
    # ties, players may agree to extend the game by one or more years to break the tie, or call
    # a draw'. Two at 26 in 1630: neither is first, so no winner; the game goes on (the GM's
    # `gm-tools end --draw` if they agree to a draw), and a single leader later wins.
    v = verdict({"FRANCE": 26, "SPAIN": 26, "DUTCH": 3}, 1630, RULES)
    assert v.over and v.tie and v.winners == ("FRANCE", "SPAIN")
    assert "none is first" in v.reason and "draw" in v.reason
    v = verdict({"FRANCE": 27, "SPAIN": 26}, 1631, RULES)
    assert v.over and v.winners == ("FRANCE",) and not v.tie


def test_scoring_rules_come_from_the_variant():
    # 'The object of the game is for a power to score 25 victory points ... the game officially
    # ends at the Scoring Phase of 1648'; confessions from the powers' religion.
    assert (RULES.target, RULES.last_year) == (25, 1648)
    assert RULES.confessions["UNION"] == "protestant" and RULES.confessions["OTTOMAN"] == "ottoman"


def test_the_variant_adapter_scores_a_position_with_its_markers():
    # 'Scoring' 1 and 2 on a position as the workflow keeps it: captures in extra["captured"],
    # markers in extra["markers"] (placed at the Map Adjustment Phase).
    from gm_tools.systems.europe1619.adapter_rules import score_position

    p = position({}, captured={"FLA": "FRANCE"}, markers={"COL": "catholic"}, phase="Y1648S")
    table, v = score_position(europe(), p)
    assert table["FRANCE"].total == 3 + 1
    # Flanders is a Spanish build site, 'not considered home centers': its loss costs Spain 1
    # (item 5, a domestic province), not its value 3 (issue 17 item 1 corrected this figure).
    assert table["SPAIN"].total == -1 + 1
    assert v.over and v.winners == ("FRANCE",)


def test_marker_scoring_option_aligned_counts_only_ones_own_minors():
    """'For each corresponding confessional marker present on the board the player earns 1
    point.' Read by default as every power of the marker's confession; the variant option
    ``marker_scoring = "aligned"`` (NOTES.md, 'Judgement calls') gives the point only to the
    power the minor is aligned with."""
    from dataclasses import replace

    from gm_tools.systems.europe1619.territory import Relations

    markers = {"COL": "catholic", "WUE": "catholic", "HES": "protestant"}
    relations = Relations.of(aligned={"COL": "FRANCE", "WUE": "LEAGUE"})
    on = board(position({}), relations)
    assert score(on, RULES, markers, "FRANCE").markers == 2  # the default: both Catholic markers
    aligned = replace(RULES, marker_scoring="aligned")
    assert score(on, aligned, markers, "FRANCE").markers == 1  # Cologne only
    assert score(on, aligned, markers, "LEAGUE").markers == 1  # Wuerzburg only
    assert score(on, aligned, markers, "UNION").markers == 0   # Hesse is aligned with nobody


def test_the_marker_scoring_option_is_read_from_the_variant():
    from dataclasses import replace

    variant = europe()
    custom = replace(variant, options={**variant.options, "marker_scoring": "aligned"})
    assert scoring_rules(custom).marker_scoring == "aligned"
    assert RULES.marker_scoring == "confession"
