"""The quick paths added for speed (bench/README.md) must read exactly what the general
paths read: plain order text is split like any text, a one-word province name is found
like a longest-match search finds it, and a unit's cached province is its location's."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gm_tools.model import Unit
from gm_tools.parser import _PLAIN, _names, _Reader, _tokens, _translated_tokens
from gm_tools.variants import load_variant

V = load_variant("standard")
NAMES = _names(V)

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
        reader = _Reader(" ".join(words), V, NAMES)
        place = reader.place("a province")
        province, _, coast = location.partition("/")
        assert (place.province, place.coast or "") == (province, coast), words
        assert reader.pos == len(reader.tokens), words
        quick += len(words) == 1 and words[0] not in NAMES.first_words
    assert quick > 75  # the codes of the standard map at least


def test_a_code_that_starts_a_longer_name_is_read_with_its_coast():
    reader = _Reader("F SPA NC - MAO", V, NAMES)
    assert reader.kind() == "F"
    place = reader.place("a province")
    assert (place.province, place.coast, reader.peek()) == ("SPA", "NC", "-")


def test_unit_province_is_cached_and_follows_a_replaced_location():
    fleet = Unit("FRANCE", "F", "SPA/NC")
    assert fleet.province == "SPA"
    moved = replace(fleet, location="MAO")
    assert moved.province == "MAO" and fleet.province == "SPA"
    assert moved == Unit("FRANCE", "F", "MAO")  # the cache is not part of equality
