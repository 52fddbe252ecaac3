"""Who a Westphalia step still waits for, and for what, in the rulebook's words: ``gm-tools
status`` and the end of ``gm-tools orders`` (``SheetHooks.awaited_for``), by what is typed on
the step's sheets.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Setup' and 'How to Play'.
"""

from __future__ import annotations

from gm_tools.engine.phase import parse_phase
from gm_tools.systems.westphalia import diplomacygame as D
from gm_tools.systems.westphalia import sheets as S
from gm_tools.systems.westphalia import steps
from gm_tools.systems.westphalia.mail import _row, _yes
from gm_tools.systems.westphalia.setup import tables_of
from gm_tools.systems.westphalia.state import state_of
from gm_tools.systems.westphalia.turns import ACTIONS, DIPLOMACY, check_actions

_VOTE, _DOCTRINE = "a vote for Emperor", "a Military Doctrine"


def awaited_for(variant, position, rows: dict) -> dict[str, str] | None:
    """Each player the step still waits for -> what he owes, by what is typed on its sheets
    (``rows``: sheet -> rows read back); nobody in a step without sheets (the Setup Order, the
    Initiative, Earn Gold, an Imperial Election when the Emperor lives: `status` says there is
    nothing to enter, not that the Orders sheet has no rows); None for Foreign Powers, which a
    player may choose."""
    state, kind = state_of(position), parse_phase(position.phase).type
    tables = {t.title: t for t in S.HOOKS.input_sheets(variant, position)}
    if not tables:
        return {}

    def missing(sheet: str, column: str) -> list[list]:
        """The rows laid out for the players (each beginning with his name) still empty in ``column``."""
        table = tables.get(sheet)
        if table is None:
            return []
        if table.keyed:  # a player's row is the one naming him, wherever the GM sorted it
            named = {}
            for r in rows.get(sheet, []):
                named.setdefault(r.values.get("Player"), r.values.get(column))
            return [laid for laid in table.rows if named.get(laid[0]) in (None, "")]
        got = {_row(r): r.values.get(column) for r in rows.get(sheet, [])}
        return [laid for n, laid in enumerate(table.rows, start=2) if got.get(n) in (None, "")]

    if kind == steps.PROVINCES:
        # 'The First Player picks 4 provinces ... He then places a town on his chosen capital province'
        # the provinces picked without a capital (mailed on a line of its own, refused) still owe it
        bare = {laid[0] for laid in missing(S.PROVINCES, "Provinces")}
        without = {laid[0] for laid in missing(S.PROVINCES, "Capital")}
        return {laid[0]: "4 provinces and a capital to pick" if laid[0] in bare else "a capital to pick"
                for laid in tables[S.PROVINCES].rows if laid[0] in bare | without}
    if kind == steps.ELECTORS:
        # 'places an Elector of his choice ... going back to the First Player at the end'
        owed: dict[str, int] = {}
        for laid in missing(S.ELECTORS, "Elector"):
            owed[laid[0]] = owed.get(laid[0], 0) + 1
        return {p: f"{n} Elector placement{'s' * (n != 1)}" for p, n in owed.items()}
    if kind == steps.PRINCIPALITIES:
        return _principalities(variant, position, rows, tables[S.PRINCIPALITIES])
    if kind == steps.UPHEAVAL:
        # 'On a 1-3, one of the Player's provinces of his choice converts to Protestantism'
        return {laid[0]: f"a province to convert, rolled {laid[1]}" for laid in missing(S.UPHEAVAL, "Province")}
    if kind == steps.ELECTION:
        return dict.fromkeys((laid[0] for laid in missing(S.ELECTION, "Votes for")), _VOTE)
    if kind == steps.EMPEROR:
        votes = [laid[0] for laid in missing(S.ELECTION, "Votes for")]
        doctrines = [laid[0] for laid in missing(S.DOCTRINES, "Doctrine")]
        return {p: " and ".join(w for w, owing in ((_VOTE, votes), (_DOCTRINE, doctrines)) if p in owing)
                for p in dict.fromkeys(votes + doctrines)}
    if kind == steps.INFLUENCE:
        # 'Each Player receives 3 Diplomatic Influence. The First Player places all of his'
        placed = {r.values.get("Player") for r in rows.get(S.INFLUENCE, [])}
        return {p: f"{tables_of(variant).influence} Diplomatic Influence to place"
                for p in state.setup_order if p not in placed}
    if kind != steps.TURNS:
        return None
    return _turns(state, rows, tables)


def _principalities(variant, position, rows: dict, table) -> dict[str, str]:
    """'each Player rolls a D6. On a roll of a: 1-4: Place a 2 Province Principality 5-6: Place a
    3 Province Principality': more rolls are drawn than the board takes, so the rolls placed so
    far are awaited, and the next one while the step's check says the free provinces need more
    ('no row')."""
    typed = {_row(r) for r in rows.get(S.PRINCIPALITIES, [])}
    last = max(typed, default=1)
    more = any(p.found == "no row" for p in S.HOOKS.check_inputs(variant, position, rows)[1])
    upto = last + 1 if more else last
    owed: dict[str, list[str]] = {}
    for n, (player, roll, size, *_) in enumerate(table.rows, start=2):
        if n <= upto and n not in typed:
            owed.setdefault(player, []).append(f"a {size} Province Principality to place, rolled {roll}")
    return {p: " and ".join(words) for p, words in owed.items()}


def _turns(state, rows: dict, tables: dict) -> dict[str, str]:
    """'Players will choose 2/3 of Combat Heresy, Engage in Diplomacy, & Wage War'; every action
    known, those Engaging in Diplomacy owe a card in each of their games ('Take your Dilemma
    cards ... show either a Cooperate or Compete card'), unless the GM counted their Influence
    without the cards."""
    order = list(state.initiative or state.setup_order)
    turns = {r.values.get("Player"): r.values for r in rows.get(S.TURNS, [])}
    chosen = {p: [a for a in ACTIONS if _yes(turns.get(p, {}).get(a))] for p in order}
    waiting = [p for p in order if check_actions(chosen[p])]
    if waiting or S.DIPLOMACY_GAME not in tables:
        return dict.fromkeys(waiting, f"2 actions of {', '.join(ACTIONS)}")
    shown = {}
    for r in rows.get(S.DIPLOMACY_GAME, []):
        shown[(r.values.get("Player"), r.values.get("With"))] = (r.values.get("Card"), r.values.get("Their card"))
    owing: dict[str, list[str]] = {}
    for first, second in D.pairings([p for p in order if DIPLOMACY in chosen[p]]):
        cards = shown.get((first, second), (None, None))
        for player, other, card in ((first, second, cards[0]), (second, first, cards[1])):
            if not card and turns.get(player, {}).get("Influence gained") is None:
                owing.setdefault(player, []).append(other)
    return {p: _cards(owing[p]) for p in order if p in owing}


def _cards(others: list[str]) -> str:
    """The Dilemma cards a player owes, by the players he plays (two games with one player when
    only two Engage in Diplomacy)."""
    if len(others) == 1:
        return f"a Dilemma card for the Diplomacy Game with {others[0]}"
    if len(set(others)) == 1:
        return f"Dilemma cards for the {len(others)} Diplomacy Games with {others[0]}"
    return f"Dilemma cards for the Diplomacy Games with {', '.join(others[:-1])} and {others[-1]}"
