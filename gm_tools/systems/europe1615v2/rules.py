"""Europe 1615 (version 2): the adjudicator's hooks. The adjudicator is the standard one.

Rulebook: ``001_6f4a9c76b6e5774a.txt``; quoted sections are its words.

- :meth:`may_move`, :meth:`may_support_into` - ports: 'Fleets can only move into or support a
  move into a coastal province that has a port (anchor). Fleets are allowed to convoy armies to
  any coastal province whether or not a port is present', and the fleet orders the text bans
  'based on the location of the port ... also not legal in reverse'. A support to hold is
  refused too: the 2000 rulebook lets a unit support only where it could move;
- :meth:`on_dislodged` - 'Units of minor states that are dislodged are immediately disbanded';
- :meth:`build_sites`, :meth:`may_build` - 'Players may build new units on any owned and
  unoccupied center with restrictions explained in section 3' (no builds in a center in REVOLT
  against the owner's confession); 'Owned ports may be used as a build site for fleets whether
  or not it is a supply center' (the ports of the power's own lands);
- :meth:`play_phase` - the Political and Religious Influence Phase and the Taxation/Revenue
  Phase (:mod:`.phases`); :meth:`after_phase` - the occupations' consequences (:mod:`.occupation`).
"""

from __future__ import annotations

from gm_tools.engine.model import FLEET, Position, Unit
from gm_tools.engine.rules import Rules
from gm_tools.engine.variant import Variant
from gm_tools.systems.europe1615v2.setup import setup_of


def _port_refusal(variant: Variant, unit: Unit, province: str, verb: str) -> str | None:
    if unit.kind != FLEET:
        return None
    setup = setup_of(variant)
    if frozenset((unit.province, province)) in setup.fleet_bans:
        return (f"F {unit.province} cannot {verb} {province}: 'Certain orders on fleets are deemed illegal based on "
                f"the location of the port' (F({unit.province})-{province}, 'also not legal in reverse')")
    prov = variant.provinces.get(province)
    if prov is not None and prov.type == "coast" and province not in setup.ports:
        return (f"F {unit.province} cannot {verb} {province}: it has no port ('Fleets can only move into or "
                "support a move into a coastal province that has a port')")
    return None


class Europe1615v2Rules(Rules):
    name = "europe1615v2"
    # 'Revolting states will be marked on the map', 'CONTESTED states will be marked on the map';
    # the rest of the looks are ours (mapstyle.py)
    marks_key = ("minor states: tinted, aligned with that power; white: neutral; grey: independent",
                 "\u271d on a minor state's home center: Catholic (blue) or Protestant (orange) controlled; D: duality; "
                 "revolt, contested: said under the name, outline dashed")

    def may_move(self, variant: Variant, position: Position, unit: Unit, dest: str) -> str | None:
        from gm_tools.engine.phase import parse_phase
        from gm_tools.systems.europe1615v2.players import neutral_power
        from gm_tools.systems.europe1615v2.state import state_of

        neutral = neutral_power(variant, state_of(position), parse_phase(position.phase).year)
        if neutral and setup_of(variant).domains.get(dest) == neutral and unit.power != neutral:
            return f"{dest} is {neutral}'s: '{variant.powers[neutral].name} is neutral and its territory cannot be entered'"
        return _port_refusal(variant, unit, dest, "move to")

    def may_support_into(self, variant: Variant, position: Position, supporter: Unit, province: str) -> str | None:
        return _port_refusal(variant, supporter, province, "support into")

    def on_dislodged(self, variant: Variant, position: Position, unit: Unit) -> Unit | None:
        return None if unit.power in setup_of(variant).minors else unit

    def build_sites(self, variant: Variant, position: Position, power: str) -> set[str]:
        from gm_tools.systems.europe1615v2.occupation import revolts
        from gm_tools.systems.europe1615v2.politics import CONTROLLED, statuses
        from gm_tools.systems.europe1615v2.state import state_of

        setup = setup_of(variant)
        if power not in setup.powers:
            return set()
        table = statuses(setup, state_of(position))
        # a REVOLT for an alignment with another power only cuts the output: the opposing
        # religion's control alone bars building
        barred = {c for c in revolts(setup, table, position.centers)
                  if table[setup.minor_of(c)].religious == CONTROLLED
                  and table[setup.minor_of(c)].confession != setup.confession(power)}
        ports = {p for p, owner in setup.domains.items() if owner == power and p in setup.ports and p not in setup.values}
        return {c for c, o in position.centers.items() if o == power and c not in barred} | ports

    def may_build(self, variant: Variant, position: Position, power: str, kind: str, province: str) -> str | None:
        """'Owned ports may be used as a build site for fleets whether or not it is a supply center'."""
        setup = setup_of(variant)
        if kind != FLEET and province in setup.ports and province not in setup.values:
            return (f"{province} is a port without a center: 'Owned ports may be used as a build site for fleets' "
                    "(an army is built in a center)")
        return None

    def misplaced(self, variant: Variant, position: Position, text: str) -> str | None:
        """An offer, a placement or an attack typed on the Orders sheet, named with its sheet."""
        from gm_tools.systems.europe1615v2.entries import misplaced_entry

        return misplaced_entry(variant, position.phase, text)

    def lays_out_movement(self, variant: Variant, position: Position) -> bool:
        """'Players submit their offer sheet': a movement phase's orders are offers on the Offers
        sheet, so its Orders sheet lays out no unit rows (their dropdowns offered orders the turn
        refuses, each 'an offer on the Offers sheet')."""
        return False

    def select_orders(self, variant: Variant, position: Position, candidates: list) -> dict:
        """In a movement phase every unit's order is bought ('Players submit their offer
        sheet'): an order on the Orders sheet is refused, with the way to enter it as an offer.
        Retreats and builds are ordered on the Orders sheet as usual."""
        from gm_tools.engine.orderselect import Refusal, one_order_per_unit
        from gm_tools.engine.phase import MOVEMENT, parse_phase

        if parse_phase(position.phase).type != MOVEMENT:
            return one_order_per_unit(candidates)
        return {c.index: Refusal("offer", reason="an offer on the Offers sheet: in a movement phase every order "
                                                 "is a bribe, '0 : A PAR - BUR' for one's own unit at no cost")
                for c in candidates}

    def skips_phase(self, variant: Variant, position: Position, phase_id: str) -> bool:
        """The Diplomatic Attacks phase is passed over in 1615 ('Diplomatic attacks commence in
        the second year (1616) of gameplay. No diplomatic attacks are performed in the first
        year') and in a game played without them ('the diplomatic attacks and immunity are
        optional components')."""
        from gm_tools.engine.phase import parse_phase
        from gm_tools.systems.europe1615v2.calendar import ATTACKS, phase_role
        from gm_tools.systems.europe1615v2.phases import attacks_enabled

        if phase_role(variant, phase_id) != ATTACKS:
            return False
        return not attacks_enabled(variant) or parse_phase(phase_id).year < setup_of(variant).attacks_from

    def public_record(self, variant: Variant, record: dict) -> dict:
        """The offer sheets are private ('a private ledger per power'): the public record keeps
        the results and the bribe chart (the phase page), not who offered what, nor an offer a
        lenient turn dropped (its power's ledger says it). Nor does it keep
        the notes that a unit 'had no order and holds': in the auction every unit's order is the
        highest bid, the owner's implicit '0 : HOLD' included, and the Orders sheet those notes
        counted from is empty, so they named every unit, those that moved on a bribe too. The
        record keeps them as written."""
        from gm_tools.engine.results import note_code
        from gm_tools.systems.europe1615v2.sheets import OFFERS

        if any(d.get("sheet") == OFFERS for d in record.get("dropped") or []):
            # an offer a lenient turn dropped is an offer still: its power's ledger names it
            kept = [d for d in record["dropped"] if d.get("sheet") != OFFERS]
            record = {k: v for k, v in record.items() if k != "dropped"} | ({"dropped": kept} if kept else {})
        record = _without_reference_lists(record)
        inputs = record.get("extra", {}).get("europe1615v2")
        if not inputs or not ({"offers", "ignored"} & set(inputs)):
            return record
        extra = dict(record["extra"])
        extra["europe1615v2"] = {k: v for k, v in inputs.items() if k not in ("offers", "ignored")}
        notes = [n for n in record.get("notes", []) if not (isinstance(n, dict) and note_code(n) == "held_without_order")]
        return dict(record, extra=extra, notes=notes)

    def victory_measure(self, variant: Variant) -> str:
        """'Victory is measured by the accumulation of Victory Points (VPs)'."""
        return "points"

    def scores(self, variant: Variant, position: Position):
        """The VPs as they stand (the objectives table counts only at the end of the game)."""
        from gm_tools.engine.phase import parse_phase
        from gm_tools.engine.rules import Scores
        from gm_tools.systems.europe1615v2.scoring import victory_points
        from gm_tools.systems.europe1615v2.state import state_of

        setup = setup_of(variant)
        final = parse_phase(position.phase).year >= setup.end_year
        points = victory_points(setup, state_of(position), position, final)
        return Scores(points={p: b.total for p, b in points.items()}, year=str(parse_phase(position.phase).year),
                      when="every phase, the objectives table at the end")

    def winner(self, variant: Variant, position: Position) -> str | None:
        """'At the opening of 1621, the player with most VPs wins the game'."""
        result = self._result(variant, position)
        return result[0][0] if result and len(result[0]) == 1 else None

    def draw(self, variant: Variant, position: Position):
        """An alliance that wins wins together, as does a player holding several powers in a
        smaller setup: the game ends shared between those powers, the reason saying why."""
        result = self._result(variant, position)
        return result if result and len(result[0]) > 1 else None

    def victory(self, variant: Variant, record: dict):
        """An alliance's or one player's powers' win, shared in the record (:func:`.report.victory`)."""
        from gm_tools.systems.europe1615v2.report import victory

        return victory(variant, record)

    def default_players(self, variant: Variant) -> int | None:
        return None  # the game as written: five players

    def player_powers(self, variant: Variant, position: Position, power: str) -> tuple[str, ...]:
        """'One player controls Spain and Austria, while the other player controls France,
        England, and Denmark' ('10 ALTERNATE WAYS TO PLAY'): the player's powers, France too once
        it has joined him; none for the 3-player game's neutral France before it joins ('France is
        neutral')."""
        from gm_tools.engine.phase import parse_phase
        from gm_tools.systems.europe1615v2.players import players_of
        from gm_tools.systems.europe1615v2.state import state_of

        year = parse_phase(position.phase).year
        sides = players_of(setup_of(variant), variant, state_of(position), year)
        return next((side for side in sides if power in side), ())

    def for_players(self, variant: Variant, players: int) -> Variant:
        """'Setup for less than 5 players': 2, 3 or 4 players (``tables.toml [setups]``)."""
        from gm_tools.systems.europe1615v2.players import for_players

        return for_players(variant, players)

    def _result(self, variant: Variant, position: Position):
        from gm_tools.engine.phase import parse_phase
        from gm_tools.systems.europe1615v2.calendar import INFLUENCE, phase_role
        from gm_tools.systems.europe1615v2.scoring import game_result
        from gm_tools.systems.europe1615v2.state import state_of

        setup = setup_of(variant)
        if parse_phase(position.phase).year < setup.end_year or phase_role(variant, position.phase) != INFLUENCE:
            return None
        from gm_tools.systems.europe1615v2.players import players_of

        totals = self.scores(variant, position).points
        state = state_of(position)
        sides = players_of(setup, variant, state, parse_phase(position.phase).year)
        return game_result(setup, totals, state.alliances, sides)

    def update_ownership(self, variant: Variant, position: Position) -> dict[str, str]:
        """The standard change of ownership, less the changes waived ('The player occupying a
        foreign supply center prior to the build phase may waive the change in ownership')."""
        from gm_tools.systems.europe1615v2.state import state_of

        waived = set(state_of(position).waived)
        centers = dict(position.centers)
        for province, unit in position.units.items():
            if variant.provinces[province].supply_center and (unit.power, province) not in waived:
                centers[province] = unit.power
        return centers

    def play_phase(self, variant: Variant, position: Position, orders: list, inputs: dict):
        from gm_tools.systems.europe1615v2 import phases

        return phases.play(variant, position, inputs)

    def after_phase(self, variant: Variant, before: Position, after: Position, seed: str):
        from gm_tools.systems.europe1615v2.phases import settle

        return settle(variant, before, after, seed)

    def province_styles(self, variant: Variant, position: Position):
        """The renderer's hook for the whole map at once (what every province's look is made
        of is read once): :mod:`gm_tools.systems.europe1615v2.mapstyle`."""
        from gm_tools.systems.europe1615v2.mapstyle import province_styles

        return province_styles(variant, position)

    def province_style(self, variant: Variant, position: Position, code: str):
        from gm_tools.systems.europe1615v2.mapstyle import province_style

        return province_style(variant, position, code)


RULES = Europe1615v2Rules()


def _without_reference_lists(record: dict) -> dict:
    """``record`` without the reference lists, submitted with the taxation phase and kept in
    the state for the auctions: a list ranks the powers whose bribes its owner favours in a
    tie, worth knowing to whoever outbids him; the bribe chart names only the place that
    broke a tie, where DPjudge's Classic Payola chart prints the lists
    (variants/europe1615v2/NOTES.md, Offers)."""
    def trimmed(holder: dict) -> dict:
        state = (holder.get("extra") or {}).get("europe1615v2")
        if not isinstance(state, dict) or "acceptance" not in state:
            return holder
        kept = {k: v for k, v in state.items() if k != "acceptance"}
        return dict(holder, extra=dict(holder["extra"], europe1615v2=kept))

    out = trimmed(record)
    for side in ("before", "after"):
        if isinstance(record.get(side), dict):
            out = dict(out, **{side: trimmed(record[side])})
    return out
