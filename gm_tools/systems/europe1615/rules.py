"""Europe 1615: the adjudicator's hooks. The adjudicator is the standard one.

Rulebook: ``000_cc215928c2f3193e.txt``; quoted sections are its words.

- :meth:`commanded` - 'Orders submitted by the power to any aligned state will be followed by
  the unit of the state (where ever it is on the board)'; the Ottoman units: 'Each player may
  submit orders to these units';
- :meth:`select_orders` - the Ottoman vote (:mod:`.ottoman`);
- :meth:`may_move` - 'Neutrality (impassable)': no unit enters a neutral minor's lands, except
  to attack a foreign unit standing there ('while holding its position in the neutral state it
  is open to attack'); :meth:`may_follow` - and only while it stays ('If the army moves out of
  the neutral state, no other unit can enter');
- :meth:`may_dislodge` - 'The power cannot dislodge or support the dislodgment of the aligned
  minor state's unit' (and, reciprocally, nor can the minor its power's); members of one
  alliance system never dislodge each other (the adjudicator asks this of supporters too);
- :meth:`may_assist` - 'Rules concerning Christian and Muslim units';
- :meth:`on_dislodged` - 'no retreats are allowed for units of the minor states'; 'the Ottoman
  units disband if dislodged'; :meth:`on_retreated` - a special unit's strength back once its
  retreat is over ('If the unit is in retreat, treat unit as if it has strength of one');
- :meth:`update_ownership` - the Alliance ('cannot capture the center as long as it is
  aligned. This is reciprocal'), 'Capture and neutrality', and liberation ('If Prussia is
  captured, Mecklenburg becomes "liberated"');
- :meth:`build_sites` - 'Players may build new units on any unoccupied home center or
  captured center of a minor state. Builds are not allowed in captured Islamic centers.
  Protestant powers cannot build in a captured Catholic power's center' (and the reverse);
- :meth:`play_phase` - the Initial Status Check and the Early Winter disbands (:mod:`.phases`);
- :meth:`after_phase` - captures and liberations, and the counterbalance, after every phase.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gm_tools.engine.model import Position, Unit
from gm_tools.engine.rules import Rules, Scores
from gm_tools.engine.variant import Variant
from gm_tools.mechanics.influence import ALIGNED, NEUTRAL
from gm_tools.systems.europe1615.setup import Setup, setup_of
from gm_tools.systems.europe1615.state import State, state_of
from gm_tools.systems.europe1615.status import Status, side, statuses, territory


@dataclass(frozen=True)
class View:
    """What the hooks read of a position, worked out once per question."""

    setup: Setup
    state: State
    position: Position
    table: dict[str, Status]
    land: dict[str, str]

    def side(self, owner: str) -> str:
        return side(self.setup, self.table, owner)

    def muslim(self, owner: str) -> bool:
        """The Ottomans' units, and those of a minor whose home center is Islamic (Morocco)."""
        if owner == self.setup.ottoman:
            return True
        minor = self.setup.minors.get(owner)
        return bool(minor and minor.home_center in self.setup.islamic)


# The texts :mod:`.phases` gives what it does without an order: ``A MAD B`` (a minor's army
# rebuilt), ``MAD liberated``, ``MAD becomes a minor state``.
_REBUILT = re.compile(r"^([AF]) (\S+) B$")
_CENTER_EVENT = re.compile(r"^(\S+) (liberated|becomes a minor state)$")


def _province_name(variant: Variant, code: str) -> str:
    province = variant.provinces.get(code)
    return province.name if province is not None else code


def view(variant: Variant, position: Position) -> View:
    setup = setup_of(variant, position)
    state = state_of(position)
    return View(setup, state, position, statuses(setup, state, position), territory(setup, state, position))


class Europe1615Rules(Rules):
    name = "europe1615"
    # the minor states' and the Ottomans' units, which the text never calls powers: 'the great
    # powers of the time' are the five the players play
    unplayed_heading = "Minor states and the Ottoman Empire"
    # 'specific units on the board marked by a letter', each 'with the strength of two units'
    # (the renderer writes the letter in the badge); '+n' for any other unit of strength 2
    strength_key = "+n extra strength, a letter (K, B, S, N, P, R, D): a special unit of strength 2"
    # 'all acquired territories are colored accordingly on the map' (mapstyle.py: the looks are ours)
    marks_key = ("minor states: tinted, aligned with that power; white: neutral; grey: unaligned",
                 "\u271d on a minor state's home center: its Catholic (blue) or Protestant (orange) marker")

    # --- who orders what ---------------------------------------------------------------------

    def commanded(self, variant: Variant, position: Position, power: str) -> tuple[str, ...]:
        """Every minor state the power may influence ('France submits orders to the units in
        the minor states where the INFs will be deployed to') that has something to order: a
        unit on the board, a dislodged unit a sanction lets retreat ('RHI, HES, BRA, WUR units
        may retreat'), or a center to build in ('The aligned power is also required to submit
        build orders for the minor state'); and the Ottomans. Whether a minor's order is
        *followed* depends on the statuses after the deployment: :meth:`select_orders`."""
        v = view(variant, position)
        if power not in v.setup.powers or power in _out(v):
            return ()
        # A minor whose only unit is dislodged, or whose units are all gone, still has its
        # retreat or its builds to be ordered: counting only the units standing left it to nobody.
        owners = ({u.power for u in position.units.values()} | {d.unit.power for d in position.dislodged.values()}
                  | set(position.centers.values())) & set(v.setup.minors)
        mine = [m for m in sorted(owners) if _may_order(v, power, m)]
        return tuple(mine) + ((v.setup.ottoman,) if v.setup.ottoman else ())

    def lays_out(self, variant: Variant, position: Position, power: str, owner: str) -> bool:
        """A minor's retreats and builds only in the block of the power it is aligned with ('The
        aligned power is also required to submit build orders for the minor state'): no INFs
        are deployed in these phases, so the status is known and another power's orders would
        only be 'not followed' (:meth:`select_orders`); their rows had every power's status
        waiting on a minor's builds it could not give."""
        status = view(variant, position).table.get(owner)
        return status is None or (status.status == ALIGNED and status.power == power)

    def commands_nobody(self, variant: Variant, position: Position, power: str) -> str | None:
        """An eliminated or dissolved power: 'Any player who has been eliminated cannot
        continue receiving nor deploying INFs', so it orders no minor state and has no weight
        in the Ottoman vote (:meth:`commanded`)."""
        v = view(variant, position)
        if power not in v.setup.powers or power not in _out(v):
            return None
        how = "dissolved" if power in set(v.state.dissolved.values()) else "eliminated"
        return (f"{power} is {how}: it orders no minor state's or Ottoman unit ('Any player who has been "
                "eliminated cannot continue receiving nor deploying INFs')")

    def misplaced(self, variant: Variant, position: Position, text: str) -> str | None:
        """A deployment or an attack typed on the Orders sheet ('9 INFs to Wuerttemburg (WUR)',
        'MINOR STATE > MAJOR POWER'), named with the sheet it goes on."""
        from gm_tools.mechanics.influenceorders import influence_form
        from gm_tools.systems.europe1615.sheets import ATTACKS, DEPLOYMENT

        kind = influence_form(text)
        if kind is None:
            return None
        sheet = DEPLOYMENT if kind == "an INF placement" else ATTACKS
        return f"a unit's order: {text.strip()!r} is {kind}, which goes on the {sheet} sheet"

    def select_orders(self, variant: Variant, position: Position, candidates: list) -> dict:
        """'Minor states marked as ALIGNED ... will follow the orders submitted by the power';
        a NEUTRAL state's orders 'will be ignored', as are those of a power the state is not
        aligned with. The Ottomans' orders: the vote (:mod:`.ottoman`)."""
        from gm_tools.engine.orderselect import OUTBID, Refusal
        from gm_tools.systems.europe1615.ottoman import select

        v = view(variant, position)
        refused = {}
        kept = []
        for c in candidates:
            status = v.table.get(c.order.power)
            if status is not None and c.order.power != c.entered_by and not (
                    status.status == ALIGNED and status.power == c.entered_by):
                refused[c.index] = Refusal(OUTBID, reason=f"not followed: {c.order.power} is {status.describe()}")
            else:
                kept.append(c)
        refused.update(select(v, kept))
        return refused

    # --- movement ----------------------------------------------------------------------------

    def may_move(self, variant: Variant, position: Position, unit: Unit, dest: str) -> str | None:
        from gm_tools.systems.europe1615.sanctions import move_bar

        v = view(variant, position)
        barred = move_bar(v.setup, v.state, position, unit, v.side(unit.power), dest)
        if barred:
            return barred
        minor = v.land.get(dest)
        if minor is None or minor == unit.power or v.table[minor].status != NEUTRAL:
            return None
        occupant = position.units.get(dest)
        if occupant is not None and occupant.power != minor:
            return None  # 'since the neutral state harbors a foreign active unit, other states have the right to attack'
        return (f"{dest} belongs to {minor}, a NEUTRAL minor state: 'no power can enter the minor state as it "
                "violates the neutrality status'")

    def may_follow(self, variant: Variant, position: Position, unit: Unit, dest: str, leaving: Unit) -> str | None:
        """'If the army moves out of the neutral state, no other unit can enter, but while holding
        its position in the neutral state it is open to attack and dislodgment': a move into a
        neutral minor's land is an attack on the foreign unit standing there, which fails if
        that unit leaves (and no unit retreats into the place it left)."""
        v = view(variant, position)
        minor = v.land.get(dest)
        if minor is None or minor == unit.power or v.table[minor].status != NEUTRAL:
            return None
        return f"{dest} belongs to {minor}, a NEUTRAL minor state: 'If the army moves out of the neutral state, no " \
               "other unit can enter'"

    def may_dislodge(self, variant: Variant, position: Position, attacker: Unit, defender: Unit) -> bool:
        if attacker.power == defender.power:
            return False
        v = view(variant, position)
        return v.side(attacker.power) != v.side(defender.power)

    def cuts_support(self, variant: Variant, position: Position, attacker: Unit, supporter: Unit) -> bool:
        # One side's units never cut each other's support, as a power's own do not (DATC 6.D.20).
        return self.may_dislodge(variant, position, attacker, supporter)

    def may_assist(self, variant: Variant, position: Position, helper: Unit, helped: Unit,
                   dest: str | None) -> str | None:
        if dest is None:
            return None
        v = view(variant, position)
        helper_muslim, helped_muslim = v.muslim(helper.power), v.muslim(helped.power)
        if not helper_muslim and helped_muslim and dest in v.setup.papal:
            return (f"{helper} is Christian: 'Christian units ... will not convoy nor support a move/attack by a "
                    f"Muslim unit onto the Papal States (ROM and MAR) or adjacent provinces' ({dest})")
        if helper_muslim and not helped_muslim:
            target = position.units.get(dest)
            if target is not None and v.muslim(target.power):
                return f"{helper} is Muslim: 'Muslim units will not support a direct Christian attack on a Muslim unit'"
            if dest in v.setup.islamic and v.side(helper.power) != v.side(helped.power):
                return (f"{helper} is Muslim: 'Muslim units will not support a move or convoy a Christian unit into "
                        f"an Islamic center unless an alliance system is in place' ({dest})")
        return None

    def on_dislodged(self, variant: Variant, position: Position, unit: Unit) -> Unit | None:
        """Minor units disband, 'However, see SANCTION regarding retreats for some states':
        those retreat, a special unit 'as if it has strength of one'."""
        from dataclasses import replace

        from gm_tools.systems.europe1615.sanctions import may_retreat

        setup = setup_of(variant, position)
        if unit.power in setup.minors:
            return replace(unit, strength=1) if may_retreat(setup, state_of(position), position, unit.power) else None
        if unit.power == setup.ottoman:
            return None
        return unit

    def on_retreated(self, variant: Variant, position: Position, unit: Unit, dest: str) -> Unit:
        """A special unit is of strength one only 'in retreat': back on the board it is the
        special unit again, with its strength (a unit that retreated was not 'dislodged and
        disbanded')."""
        from dataclasses import replace

        from gm_tools.systems.europe1615.sanctions import retreated_special

        moved = unit.moved_to(dest)
        return replace(moved, strength=2) if retreated_special(setup_of(variant, position), state_of(position), unit) \
            else moved

    # --- the year's end ----------------------------------------------------------------------

    def update_ownership(self, variant: Variant, position: Position) -> dict[str, str]:
        from gm_tools.systems.europe1615.phases import ownership

        return ownership(view(variant, position))

    def build_sites(self, variant: Variant, position: Position, power: str) -> set[str]:
        from gm_tools.systems.europe1615.phases import build_sites

        return build_sites(view(variant, position), power)

    def winner(self, variant: Variant, position: Position) -> str | None:
        """'Automatic Protestant victory: A Protestant power that captures Rome (ROM) will have an
        automatic victory, irrespective of won rounds'; 'The power that wins 5 rounds ... takes
        immediate victory' (the rounds are counted at the Scoring Phase). Not a count of centers."""
        from gm_tools.systems.europe1615.scoring import game_winner

        setup = setup_of(variant, position)
        return game_winner(setup, setup.scoring, position, state_of(position).round_wins)

    def victory(self, variant: Variant, record: dict):
        """'Victor by rounds: The power that wins 5 rounds ... takes immediate victory'; 'Automatic
        Protestant victory: A Protestant power that captures Rome (ROM)', said with what decided
        it, for the pages and the GM's report (the record keeps no verdict)."""
        from gm_tools.engine.positions import position_from_json
        from gm_tools.engine.rules import Victory

        winner = record.get("winner")
        if not winner:
            return None
        after = position_from_json(record["after"])
        setup = setup_of(variant, after)
        rome = setup.scoring.victory_center
        if rome and after.centers.get(rome) == winner and setup.confession(winner) == "protestant":
            return Victory("automatic Protestant victory", f"{variant.provinces[rome].name} ({rome}) captured")
        return Victory("victory by rounds", f"{state_of(after).round_wins.get(winner, 0)} rounds won")

    def order_words(self, variant: Variant, order: str) -> str | None:
        """The site's and the judge text's optional hook: what the Early Winter did on its own
        (:mod:`.phases`: a minor's army rebuilt, a dissolved power's centers) in words, as unit
        orders are worded; None for any other order."""
        m = _REBUILT.match(order)
        if m:
            return f"Builds {'an army' if m.group(1) == 'A' else 'a fleet'} in {_province_name(variant, m.group(2))}"
        m = _CENTER_EVENT.match(order)
        if m:
            verb = "is liberated" if m.group(2) == "liberated" else m.group(2)
            return f"{_province_name(variant, m.group(1))} {verb}"
        return None

    def reason_words(self, variant: Variant, result: dict) -> str | None:
        """The site's and the judge text's optional hook: the note on an order not followed
        ("not followed: LOR is ALIGNED (FRANCE)", the record's words) with the minor state by code
        and name and the power named, or None to show the recorded words:
        :func:`gm_tools.systems.europe1615.report.reason`."""
        from gm_tools.systems.europe1615.report import reason

        return reason(variant, result)

    def unit_marks(self, variant: Variant, position: Position) -> dict[str, str]:
        """'Some modifiers refer to specific units on the board marked by a letter': the
        renderer writes the letter in the special unit's strength badge."""
        from gm_tools.systems.europe1615.sanctions import special_letters

        return special_letters(setup_of(variant, position), state_of(position), position)

    def draw(self, variant: Variant, position: Position) -> tuple[tuple[str, ...], str] | None:
        """'CONDITIONS TO FORCE AN AUTOMATIC DRAW' (:func:`.scoring.automatic_draw`)."""
        from gm_tools.systems.europe1615.scoring import automatic_draw

        setup = setup_of(variant, position)
        return automatic_draw(setup, setup.scoring, position)

    def victory_measure(self, variant: Variant) -> str:
        """'The power that wins 5 rounds ... takes immediate victory': the standings rank by
        rounds won, then by the last round's score."""
        return "rounds"

    def scores(self, variant: Variant, position: Position) -> Scores:
        """The last Scoring Phase's scores and every power's rounds won."""
        state = state_of(position)
        from gm_tools.systems.europe1615.scoring import out_of_game

        # a dissolved power keeps none of its centers, as an eliminated one: the standings said
        # "eliminated" of a power 'abandoned' and 'dissolved at the winter phase', and nothing of
        # one eliminated with units left (its home centers captured)
        notes = out_of_game(view(variant, position).setup, state, position)
        # 'all scores are ceded': a power out of the game ranks after those in it, whatever
        # rounds it won before (shown still)
        out = set(notes)
        rank = {p: 0 if p in out else 1 for p in view(variant, position).setup.powers} if out else {}
        return Scores(points=dict(state.last_scores), year=str(state.scored_year or ""),
                      rounds=dict(state.round_wins), notes=notes, rank=rank,
                      ranking=("powers in the game first ('all scores are ceded' by a power eliminated or "
                               "dissolved), then most rounds won (the game is won by rounds), then the last "
                               "round's victory points, then centers") if out else "")

    def play_phase(self, variant: Variant, position: Position, orders: list, inputs: dict):
        from gm_tools.systems.europe1615 import phases

        return phases.play(variant, position, inputs)

    def after_phase(self, variant: Variant, before: Position, after: Position, seed: str):
        from gm_tools.systems.europe1615.phases import settle

        return settle(variant, after, seed, before)

    def shown_results(self, variant: Variant, record: dict) -> list[dict]:
        """A unit whose move this phase's deployments made illegal held with its order not
        followed, not for want of one (:func:`gm_tools.systems.europe1615.report.shown_unforeseen`)."""
        from gm_tools.systems.europe1615.report import shown_unforeseen

        return shown_unforeseen(variant, record, super().shown_results(variant, record))

    def public_record(self, variant: Variant, record: dict) -> dict:
        from gm_tools.systems.europe1615.report import public_unforeseen

        return public_unforeseen(variant, super().public_record(variant, record))

    def secret_orders(self, variant: Variant) -> frozenset[str]:
        """'Adjudication will only show the result, not what players have submitted.'"""
        ottoman = setup_of(variant).ottoman
        return frozenset({ottoman}) if ottoman else frozenset()

    def map_notice(self, variant: Variant, position: Position) -> str | None:
        """'This situation is called "widerstand" ... and will appear at the top left corner
        of the map so that all players are aware of it.'"""
        balance = state_of(position).counterbalance
        return balance.upper() if balance else None

    def province_styles(self, variant: Variant, position: Position):
        """The renderer's hook for the whole map at once (what every province's look is made
        of is read once): :mod:`gm_tools.systems.europe1615.mapstyle`."""
        from gm_tools.systems.europe1615.mapstyle import province_styles

        return province_styles(variant, position)

    def province_style(self, variant: Variant, position: Position, code: str):
        from gm_tools.systems.europe1615.mapstyle import province_style

        return province_style(variant, position, code)


def _out(v: View) -> set[str]:
    """Powers out of the game: eliminated ('all of its home centers have been captured'), a
    dissolved power with them (its centers became minor states). 'Any player who has been
    eliminated cannot continue receiving nor deploying INFs': with no influence it orders no
    minor state and has no weight in the Ottoman vote, so it commands nobody's units."""
    from gm_tools.systems.europe1615.scoring import eliminated

    return eliminated(v.setup, v.position)


def _may_order(v: View, power: str, minor: str) -> bool:
    """May ``power`` submit orders to ``minor``'s units at all: not a captured or closed
    state, and the Papal States only for the Catholic powers ('The Catholic powers, only, may
    deploy INFs & submit orders to the Papal States')."""
    state = v.setup.minors[minor]
    if minor in v.state.influence.suspended or (minor in v.setup.closed and minor not in v.state.opened):
        return False
    return not state.allowed_confessions or v.setup.confession(power) in state.allowed_confessions


RULES = Europe1615Rules()
