"""Europe 1619 (Matthew Medeiros, 2018): movement under declarations, bolstered units.

Rulebook: ``002_e7e1b063b6c411e5.txt``; quoted sections are its words.
The adjudicator is the standard one; this module answers its hooks:

- :meth:`may_move` - 'Effects of declarations': no move into the territory of a power (or a
  minor aligned with it) without war or alliance; unaligned minors passable, neutral ones
  impassable, water always passable; no attack on a unit without war, except the HRE
  exception and additional rule 5; units of minors nobody commands hold;
- :meth:`may_dislodge` - 'Rules for alliances' and additional rule 2: never an ally's unit,
  an ally's aligned minor's, or one's own aligned minor's; this also voids support for such
  a dislodgement (the adjudicator asks the same hook of each supporter);
- :meth:`cuts_support` - 'An attack by a major unit on an allied unit does not cut support',
  nor on one's own aligned minor;
- :meth:`support_given` - 'Bolstered units': a support is cut 'in a one-to-one reduction';
- :meth:`on_dislodged` - 'Retreats' and additional rule 1;
- :meth:`build_sites`, :meth:`update_ownership` - the year's map adjustment
  (:mod:`gm_tools.systems.europe1619.occupation`);
- :meth:`misplaced` - another sheet's entry typed on the Orders sheet, named with its sheet.

Supports and convoys need no declaration ('Any unit may support holds, convoys, or support
movement into a province with or without a declaration of war'), so only moves are refused.

Orders for a minor's units are written in the minor's name (``Move.power == "HES"``): the
adjudicator checks an order against its unit's owner. Which power may write them is
:meth:`gm_tools.systems.europe1619.territory.Board.may_order` (the workflow asks it); a minor no power
commands only holds (:meth:`may_move` refuses its moves).

Judgements (not in the rulebook):

- a move into a province where a unit stands when the phase starts is an attack on that
  unit, so it needs the right to attack it (war, the HRE exception or rule 5) even if that
  unit is ordered away: 'A declaration of war allows a player to attack an enemy's unit(s)'.
  The same refusal applies to retreats, which the adjudicator works out from the phase's
  starting position;
- a move onto one's own aligned minor's unit, or an ally's, may be ordered (allies 'move
  freely through' each other) but never dislodges it, as with one's own units;
- the HRE exception lets an HRE power's unit enter a third power's HRE province to attack a
  foreign unit there (example (3): Brabant is Spain's, the attacker the League's), but not a
  province of the foreign unit's own domain or aligned minors (examples (1) and (2)).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from gm_tools.systems.europe1619.territory import NEUTRAL, Board, Geography, RelationsView
from gm_tools.engine.model import ARMY, Position, Unit
from gm_tools.engine.variant import Variant
from gm_tools.engine.rules import Rules, Scores


class Europe1619Rules(Rules):
    """The hooks, reading the map facts and the diplomatic state through two functions so
    tests can hand in plain data: ``geography(variant)`` and ``relations(variant, position)``."""

    name = "europe1619"
    # 'a unit with a strength of two is shown with a +1 on the top'
    strength_key = "+n extra strength"
    # 'a Protestant marker (orange cross) or a Catholic marker (blue cross) or a Ottoman marker
    # (green crescent moon and star)'; the rest of the looks are ours (mapstyle.py)
    marks_key = ("minor states: tinted, aligned with that power; hatched: its vassal; white: neutral; grey: unaligned",
                 "\u271d Catholic (blue) or Protestant (orange) marker, \u262a Ottoman marker, on a minor state's home "
                 "center; captured, contested: said under the name, outline dashed")

    def __init__(
        self,
        geography: Callable[[Variant], Geography] | None = None,
        relations: Callable[[Variant, Position], RelationsView] | None = None,
    ):
        self._geography = geography
        self._relations = relations

    def board(self, variant: Variant, position: Position) -> Board:
        if self._geography is None or self._relations is None:
            from gm_tools.systems.europe1619 import adapter_rules  # the variant's files, only when playing one

            geo = self._geography(variant) if self._geography else adapter_rules.geography(variant, position)
            relations = (self._relations or adapter_rules.relations)(variant, position)
        else:
            geo, relations = self._geography(variant), self._relations(variant, position)
        return Board(geo, relations, position)

    # --- movement ------------------------------------------------------------------------

    def may_move(self, variant: Variant, position: Position, unit: Unit, dest: str) -> str | None:
        return move_refusal(self.board(variant, position), unit, dest)

    def move_refusal_shown(self, variant: Variant, position: Position, unit: Unit, dest: str, reason: str) -> str | None:
        """The refusal and, when a declaration that lifts it is made but not yet in force, the
        year it takes effect: 'Declaration of war is announced during one Diplomatic Phase, and
        becomes effective in the next year' (so the player does not take his declaration for lost)."""
        from gm_tools.engine.phase import parse_phase
        from gm_tools.systems.europe1619.declarations import waiting_words
        from gm_tools.systems.europe1619.diplomatic_phase import kept_relations

        board = self.board(variant, position)
        other = _refusal(board, unit, dest)[1]
        declared = kept_relations(position)[0] if other is not None else None
        waiting = declared and declared.pending_between(board.commander(unit.power), other)
        words = waiting and waiting_words(waiting, parse_phase(position.phase).year)
        return f"{reason}; {words}" if words else None

    def may_dislodge(self, variant: Variant, position: Position, attacker: Unit, defender: Unit) -> bool:
        if attacker.power == defender.power:
            return False
        return not self.board(variant, position).friendly(attacker.power, defender.power)

    def cuts_support(self, variant: Variant, position: Position, attacker: Unit, supporter: Unit) -> bool:
        if attacker.power == supporter.power:
            return False
        return not self.board(variant, position).friendly(attacker.power, supporter.power)

    def support_given(self, variant: Variant, position: Position, supporter: Unit, cutters: list[Unit]) -> int:
        # 'the support provided by a bolstered unit can be broken by an attacking unit (or the
        # combined strength of attacking units) in a one-to-one reduction'.
        return max(0, supporter.strength - sum(c.strength for c in cutters))

    def on_dislodged(self, variant: Variant, position: Position, unit: Unit) -> Unit | None:
        board = self.board(variant, position)
        if board.geo.is_minor(unit.power):
            return None  # Additional rule 1: 'Any minor unit is automatically disbanded if dislodged.'
        if unit.kind != ARMY or unit.strength <= 1:
            return None  # 'Un-bolstered army units cannot retreat. Fleet units cannot retreat.'
        return replace(unit, strength=unit.strength - 1)  # 'it loses one unit of strength'

    # --- the year's end --------------------------------------------------------------------

    def build_sites(self, variant: Variant, position: Position, power: str) -> set[str]:
        from gm_tools.systems.europe1619.treasury import build_sites

        return set(build_sites(self.board(variant, position), power))

    def update_ownership(self, variant: Variant, position: Position) -> dict[str, str]:
        from gm_tools.systems.europe1619.occupation import map_adjustment

        return map_adjustment(self.board(variant, position)).position.centers


    # --- the phases the standard engine does not play ------------------------------------------

    def play_phase(self, variant: Variant, position: Position, orders: list, inputs: dict):
        """The Diplomatic, Map Adjustment, Builds and Transactions and Scoring Phases of the
        year ('Sequence of play'), found by the phase's role in the variant's data:
        :mod:`gm_tools.systems.europe1619.phases`."""
        from gm_tools.systems.europe1619 import calendar, phases

        role = calendar.phase_role(variant, position.phase)
        if role == calendar.DIPLOMATIC:
            return phases.play_diplomatic(variant, position, inputs)
        if role == calendar.MAP_ADJUSTMENT:
            return phases.play_map_adjustment(variant, position)
        if role == calendar.TRANSACTIONS:
            return phases.play_transactions(variant, position, inputs)
        if role == calendar.SCORING:
            return phases.play_scoring(variant, position)
        return None

    def order_words(self, variant: Variant, order: str) -> str | None:
        """The site's and the judge text's optional hook: an order of this game's own (a
        placement, an attack, a declaration, a transaction) in words, or None for another."""
        from gm_tools.systems.europe1619.orderwords import order_words

        return order_words(variant, order)

    def shown_results(self, variant: Variant, record: dict) -> list[dict]:
        """A Builds and Transactions Phase's results in the order the treasury carried them out
        (loans and payments, then the purchases as the GM listed them), where the record sorts
        them by text: France's 'DISBAND PRO' then 'BUILD A PRO', priced at the strength the
        disbanding left, read the other way round as a build on an occupied center."""
        from gm_tools.errors import UserError
        from gm_tools.systems.europe1619.phases import transactions_of
        from gm_tools.systems.europe1619.treasury import transaction_text

        results = list(record.get("results", []))
        inputs = record.get("extra", {}).get("europe1619", {})
        if not isinstance(inputs, dict) or "purchases" not in inputs:
            return results
        try:
            done = [transaction_text(t) for t in transactions_of(inputs)]
        except (KeyError, TypeError, UserError):
            return results  # a record in another shape: as recorded
        return sorted(results, key=lambda r: done.index(r.get("order")) if r.get("order") in done else len(done))

    def reason_words(self, variant: Variant, result: dict) -> str | None:
        """The phase page's optional hook: a recorded result's reason as the page says it (a
        placement's "1 INF placed in CRO", an attack with the powers named), or None to show
        the recorded words: :func:`gm_tools.systems.europe1619.recordwords.reason`."""
        from gm_tools.systems.europe1619.recordwords import reason

        return reason(variant, result)

    def province_styles(self, variant: Variant, position: Position):
        """The renderer's hook for the whole map at once (what every province's look is made
        of is read once): :mod:`gm_tools.systems.europe1619.mapstyle`."""
        from gm_tools.systems.europe1619.mapstyle import province_styles

        return province_styles(variant, position)

    def province_style(self, variant: Variant, position: Position, code: str):
        """The renderer's hook: minor-state statuses, confessional markers and captures on the
        map ('the map color-coded'): :mod:`gm_tools.systems.europe1619.mapstyle`."""
        from gm_tools.systems.europe1619.mapstyle import province_style

        return province_style(variant, position, code)

    def scores(self, variant: Variant, position: Position) -> Scores:
        """The latest year of the ledger's scores (year -> power -> points): the yearly Scoring
        Phase works them out afresh each year ('Victory points are tallied at the end of each
        year'), they are not added up."""
        from gm_tools.systems.europe1619.state import state_of

        yearly = (state_of(position).ledger or {}).get("scores")
        if isinstance(yearly, dict):
            years = [y for y in yearly if str(y).isdigit() and isinstance(yearly[y], dict)]
            if years:
                latest = max(years, key=int)
                # 'Referee scores the players': a power eliminated is left out of the Scoring
                # Phase, not scored 0 (its points of a year before its end still shown)
                gone = {p: "not scored" for p in state_of(position).gone() if p not in yearly[latest]}
                return Scores(points=dict(yearly[latest]), year=str(latest), unscored=gone)
        return super().scores(variant, position)

    def treasury_by_year(self, variant: Variant, position: Position) -> dict[str, dict]:
        """The ledger's treasury book, written at each Builds and Transactions Phase."""
        from gm_tools.systems.europe1619.state import state_of

        book = (state_of(position).ledger or {}).get("treasury")
        return book if isinstance(book, dict) else {}

    def for_players(self, variant: Variant, players: int) -> Variant:
        """'Europe 1619 is played with 15 players, but can be modified for less': the 14 PLAYERS
        ... 10 PLAYERS setups (:func:`gm_tools.systems.europe1619.players.variant_for_players`)."""
        from gm_tools.systems.europe1619.players import variant_for_players

        return variant_for_players(variant, players)

    def out_of_game(self, variant: Variant, position: Position, power: str) -> str | None:
        """'A power that does not control any of its original home centers ... it is considered
        eliminated' and 'When a power is eliminated, all units are disbanded'."""
        from gm_tools.systems.europe1619.state import state_of

        if power not in state_of(position).gone():
            return None
        return f"{variant.powers[power].in_text if power in variant.powers else power} is eliminated, its units disbanded"

    def misplaced(self, variant: Variant, position: Position, text: str) -> str | None:
        """A placement, attack, declaration, purchase, loan or payment typed on the Orders
        sheet, named with the sheet and phase that take it."""
        from gm_tools.systems.europe1619.calendar import phase_role
        from gm_tools.systems.europe1619.entries import misplaced_entry

        return misplaced_entry(phase_role(variant, position.phase), text)

    def commanded(self, variant: Variant, position: Position, power: str) -> tuple[str, ...]:
        """Minors whose units ``power`` orders: 'During the Order Phase players write and submit
        movement orders for their units on the board and for those minor units that are aligned
        to their power' (issue 7 part 1: :meth:`Board.may_order`)."""
        board = self.board(variant, position)
        owners = sorted({u.power for u in position.units.values() if board.geo.is_minor(u.power)})
        return tuple(
            m for m in owners
            if any(board.may_order(power, u) is None for u in position.units.values() if u.power == m)
        )


def move_refusal(board: Board, unit: Unit, dest: str) -> str | None:
    """Why ``unit`` may not be ordered to move to province ``dest``, or None."""
    return _refusal(board, unit, dest)[0]


def _refusal(board: Board, unit: Unit, dest: str) -> tuple[str | None, str | None]:
    """:func:`move_refusal`'s reason, and the power with which a war or an alliance in force
    would lift it (None when none would)."""
    me = board.commander(unit.power)
    if me is None:
        # Only aligned and vassal minors 'follow any order submitted'; the others hold.
        status = "captured" if board.minor_captured(unit.power) else board.relations.status_of(unit.power).lower()
        return f"{unit} belongs to {unit.power}, a minor state no power commands ({status}): it holds", None
    occupant = board.position.units.get(dest)
    kind, holder = board.territory_of(dest)
    if kind == "neutral":
        return f"{dest} belongs to {holder}, a neutral minor state: 'Neutral states are impassable'", None
    if kind == "power" and holder != me and not _declared(board, me, holder):
        if occupant is None or not board.hre_exception(unit, occupant, dest):
            return (
                f"{dest} is {holder}'s territory and {me} is neither at war nor allied with {holder} "
                "('Effects of declarations')"
            ), holder
        # Example (3): the Dutch unit in Brabant may be attacked in a province of another.
    if occupant is not None and occupant.power != unit.power:
        return _attack_refusal(board, unit, me, occupant, dest)
    return None, None


def _declared(board: Board, a: str, b: str) -> bool:
    return board.relations.at_war(a, b) or board.relations.allied(a, b)


def _attack_refusal(board: Board, unit: Unit, me: str, occupant: Unit, dest: str) -> tuple[str | None, str | None]:
    """Moving onto a unit attacks it: allowed against one's own side and allies (they are
    never dislodged: may_dislodge), an enemy at war, an uncommanded unaligned minor's unit,
    under the HRE exception, or under rule 5 (a unit in its ally's province when at war
    with that ally). As :func:`_refusal`."""
    them = board.side(occupant.power)
    if them == me or board.relations.allied(me, them) or board.relations.at_war(me, them):
        return None, None
    if board.geo.is_minor(them):
        if board.relations.status_of(them) == NEUTRAL and not board.minor_captured(them):
            return f"{occupant} belongs to {them}, a neutral minor state: it may not be attacked", None
        return None, None  # an unaligned minor's unit: no declaration is possible or needed
    if board.hre_exception(unit, occupant, dest):
        return None, None
    kind, holder = board.territory_of(dest)
    if kind == "power" and holder != them and board.relations.allied(them, holder) and board.relations.at_war(me, holder):
        return None, None  # Additional rule 5: the English unit in Spanish Flanders
    return (
        f"{dest} holds {occupant} of {them}, and {me} is not at war with {them}: 'A declaration "
        "of war allows a player to attack an enemy's unit(s)'"
    ), them


RULES = Europe1619Rules()
