"""The quick paths added for speed (bench/README.md) must read exactly what the general
paths read: plain order text is split like any text, a one-word province name is found
like a longest-match search finds it, an order in the judges' notation is read directly
into the same order (or the same error) as the word reader's, the variant's indexes answer
as its adjacency does, and a unit's province is its location's."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from gm_tools.errors import OrderError
from gm_tools.engine.model import Position, Unit
from gm_tools.engine.orderwords import _PLAIN, Reader, _tokens, _translated_tokens, names_of
from gm_tools.engine.parser import _Context, _judge_notation, _movement_order
from gm_tools.engine.rules import Rules
from gm_tools.edges.variants import load_variant

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import randomplay  # noqa: E402  (bench/ is a folder of scripts, not a package)

V = load_variant("standard")
NAMES = names_of(V)

PLAIN = [
    "A PAR - BUR",
    "A PAR H",
    "F SPA/NC - MAO",
    "F MAO - SPA/SC",
    "A MAR S A PAR - BUR",
    "F NTH C A LON - NWY",
    "A LON - NTH - NWY",
    "A LON - NWY VIA CONVOY",
    "a par - bur",
    "Army Paris to Burgundy",
    "F spa north coast - mao",
    "A PAR -",
    "-",
]


@pytest.mark.parametrize("text", PLAIN)
def test_plain_text_takes_the_quick_split_and_gets_the_same_words(text):
    assert not _PLAIN.search(text)
    assert _tokens(text, NAMES) == _translated_tokens(text, NAMES)


@pytest.mark.parametrize("text", [
    "A PAR->BUR", "A PAR-BUR", "A PAR -- BUR", "A PAR – BUR", "A PAR → BUR",
    "F SPA(nc) - MAO", "F mid-atlantic - SPA", "A PAR H.", "A St. Petersburg H",
])
def test_text_to_translate_takes_the_general_path(text):
    # Arrows, glued hyphens, brackets, punctuation: the quick split would read these wrong.
    assert _PLAIN.search(text)
    assert _tokens(text, NAMES) == _translated_tokens(text, NAMES)


def test_every_name_reads_as_its_province():
    # 'the longest run of words that names a province' (parser docstring): one-word names
    # take the quick lookup unless a longer name starts with the word (SPA of "spa nc").
    quick = 0
    for words, location in sorted(NAMES.by_words.items()):
        reader = Reader(" ".join(words), V, NAMES)
        place = reader.place("a province")
        province, _, coast = location.partition("/")
        assert (place.province, place.coast or "") == (province, coast), words
        assert reader.pos == len(reader.tokens), words
        quick += len(words) == 1 and words[0] not in NAMES.first_words
    assert quick > 75  # the codes of the standard map at least


def test_a_code_that_starts_a_longer_name_is_read_with_its_coast():
    reader = Reader("F SPA NC - MAO", V, NAMES)
    assert reader.kind() == "F"
    place = reader.place("a province")
    assert (place.province, place.coast, reader.peek()) == ("SPA", "NC", "-")


def test_unit_province_is_worked_out_and_follows_a_replaced_location():
    fleet = Unit("FRANCE", "F", "SPA/NC")
    assert fleet.province == "SPA"
    moved = replace(fleet, location="MAO")
    assert moved.province == "MAO" and fleet.province == "SPA"
    assert moved == Unit("FRANCE", "F", "MAO")  # equal by power, kind, location, strength


# --- the judges' notation, read directly --------------------------------------------------


def _board() -> Position:
    units = {u.province: u for u in V.start_units}
    for power, kind, location in [("RUSSIA", "F", "BOT"), ("ENGLAND", "F", "NTH"),
                                  ("ENGLAND", "A", "YOR"), ("FRANCE", "F", "MAO"),
                                  ("FRANCE", "F", "SPA/NC"), ("ITALY", "F", "ION"),
                                  ("TURKEY", "F", "BUL/EC")]:
        unit = Unit(power, kind, location)
        units[unit.province] = unit
    return Position("S1901M", units, dict(V.start_centers))


def _both_ways(text: str, position: Position, power: str):
    """What the direct reading and the word reader make of one text: an order, or the
    error's type and message."""
    def outcome(read):
        try:
            return read()
        except OrderError as e:
            return (type(e).__name__, str(e))

    ctx = _Context(" ".join(text.split()), V, position, power, Rules())
    quick = outcome(lambda: _judge_notation(ctx, NAMES))
    general = outcome(lambda: _movement_order(Reader(ctx.written, V, NAMES), ctx))
    return quick, general


JUDGE_NOTATION = [
    # legal, with coasts, with kinds of the other unit and without
    ("FRANCE", "A PAR H"), ("FRANCE", "A PAR - BUR"), ("FRANCE", "F BRE - MAO"),
    ("FRANCE", "F SPA/NC - GAS"), ("FRANCE", "F MAO - POR"), ("FRANCE", "A MAR S A PAR - BUR"),
    ("FRANCE", "A MAR S PAR - BUR"), ("FRANCE", "A PAR S F BRE"), ("FRANCE", "A PAR S F BRE H"),
    ("FRANCE", "F MAO S F SPA/NC - POR"), ("ENGLAND", "F NTH C A YOR - NWY"),
    ("ENGLAND", "A YOR - NWY VIA CONVOY"), ("RUSSIA", "F STP/SC - BOT"),
    ("RUSSIA", "F BOT - STP/SC"), ("TURKEY", "F BUL/EC - BLA"), ("ITALY", "F ION C A NAP - TUN"),
    # illegal: DATC 6.A.1-6.A.10, 6.B.3, and orders for others' or missing units
    ("FRANCE", "A PAR - PAR"), ("FRANCE", "F BRE - PAR"), ("FRANCE", "A PAR - MAO"),
    ("FRANCE", "A PAR - MUN"), ("FRANCE", "F MAO - SPA/SC"), ("FRANCE", "A MAR S A MAR"),
    ("FRANCE", "A MAR S F PAR - BUR"), ("FRANCE", "F BRE C A PAR - LON"),
    ("FRANCE", "A PAR C A MAR - BRE"), ("ENGLAND", "F NTH C F LON - NWY"),
    ("FRANCE", "A MUN - BUR"), ("FRANCE", "A RUH - BUR"), ("FRANCE", "A PAR S A MUN - TYR"),
    ("ENGLAND", "F NTH C A YOR - YOR"), ("ENGLAND", "F NTH C A BEL - MUN"),
    # codes that begin longer names ("spa nc", "stp sc", "bul ec") and are still one place here
    ("FRANCE", "A MAR - SPA"), ("FRANCE", "F MAO S A MAR - SPA"), ("FRANCE", "A PAR - SPA"),
    ("TURKEY", "A CON - BUL"), ("RUSSIA", "A MOS - STP"), ("RUSSIA", "F STP/SC H"),
    ("TURKEY", "F BLA S A CON - BUL"),
]


@pytest.mark.parametrize("power, text", JUDGE_NOTATION)
def test_judge_notation_is_read_directly_as_the_word_reader_reads_it(power, text):
    quick, general = _both_ways(text, _board(), power)
    assert quick is not None  # read directly, not handed on
    assert quick == general


@pytest.mark.parametrize("text", [
    "a par - bur", "A PAR-BUR", "A PAR TO BUR", "Army PAR - BUR",
    "A LON - NTH - NWY", "A PAR - BUR VIA", "A PAR - BUR VIA CONVOY NOW", "A PAR HOLD",
    "A PAR S", "A PAR S A", "A MAR S A PAR -", "F NTH C A YOR", "A PAR", "A Paris - BUR",
    "F SPA/XX - MAO", "A XYZ - BUR", "F SPA NC - MAO",
])
def test_anything_else_is_left_to_the_word_reader(text):
    quick, general = _both_ways(text, _board(), "FRANCE")
    assert quick is None
    assert general is not None


def test_a_code_that_runs_on_into_a_longer_name_is_left_to_the_word_reader():
    # With a name "spa s", "F SPA S ..." reads as the south coast, not as a support: the
    # longest run of words that names a province wins (parser docstring).
    variant = replace(V, lookup={**V.lookup, "spa s": "SPA/SC"})
    names = names_of(variant)
    assert "SPA" not in names.exact and "PAR" in names.exact and "SPA/NC" in names.exact
    ctx = _Context("F SPA S A MAR - GAS", variant, _board(), "FRANCE", Rules())
    assert _judge_notation(ctx, names) is None


def test_judge_notation_of_random_games_reads_as_the_word_reader_reads_it():
    # The bench's random games: the orders programs send, legal and not (bench/README.md).
    requests = randomplay.play_games(V, 1618, games=2, years=4)
    from gm_tools.app.jsonapi import parse_request

    direct = 0
    for request in requests:
        position, orders = parse_request(V, request)
        for power, texts in orders.items():
            for text in texts:
                quick, general = _both_ways(text, position, power)
                assert quick is None or quick == general, text
                direct += quick is not None
    assert direct > 300


# --- indexes on the variant ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["standard", "centenary"])
def test_fleet_reach_is_the_provinces_of_the_fleet_adjacency(name):
    # 2000 rulebook, 'Support': a unit supports into a province it could move to itself;
    # a fleet on one coast reaches what that coast touches (DATC 6.B.5).
    variant = load_variant(name)
    for origin, dests in sorted(variant.fleet_adjacency.items()):
        provinces = {d.partition("/")[0] for d in dests}
        assert variant.fleet_reach[origin] == provinces
        assert variant.adjacent_provinces("F", origin) == provinces
        for code in variant.provinces:
            assert variant.can_reach_province("F", origin, code) == (code in provinces)
            # DATC 6.B.1-6.B.3: the coasts a fleet may name moving there.
            coasts = sorted(d for d in dests if d.partition("/")[0] == code)
            assert variant.fleet_dest_coasts(origin, code) == coasts


def test_a_fleet_reaches_from_its_own_coast_only():
    # DATC 6.B.5: support from the coast the fleet stands on, not the other one.
    assert V.can_reach_province("F", "STP/SC", "BOT")
    assert not V.can_reach_province("F", "STP/NC", "BOT")
    assert V.can_reach_province("F", "STP/NC", "BAR")
