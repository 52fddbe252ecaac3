"""A small Peace of Westphalia board for the tests of a war fought by the card engine."""

from __future__ import annotations

import dataclasses

from gm_tools.edges.variants import load_variant
from gm_tools.engine.rules import variant_for_game
from gm_tools.systems.westphalia.state import Holding, State


def war_board(deck_make_up: dict | None = None, doctrine: str = "Flexible"):
    """(variant with the card engine on, a 5-player state, the players' order): Red's four
    provinces against Blue's four, the others one each, every player of ``doctrine``; the deck's
    make-up (``tables.toml [military_cards]``) changed by ``deck_make_up``."""
    base = variant_for_game(load_variant("westphalia"), 5)
    tables = base.tables if deck_make_up is None else {
        **base.tables, "military_cards": {**base.tables.get("military_cards", {}), **deck_make_up}}
    variant = dataclasses.replace(base, options={**base.options, "card_engine": True}, tables=tables)
    order = ("RED", "BLUE", "YELLOW", "GREEN", "ORANGE")
    state = State(setup_order=order, initiative=order, seed="7")
    lands = {"RED": ("EIC", "EIS", "HAE", "HAM"), "BLUE": ("DUI", "DUR", "GRA", "HAL"), "YELLOW": ("GOR",),
             "GREEN": ("BER",), "ORANGE": ("FUR",)}
    state.princes = {p: Holding(land, land[0]) for p, land in lands.items()}
    state.doctrines = {p: doctrine for p in order}
    return variant, state, order
