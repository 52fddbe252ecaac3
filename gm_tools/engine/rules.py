"""Variant rules as named hooks.

The resolver asks these questions and never branches on a variant's name. Standard
Diplomacy is :class:`Rules` itself; a game system subclasses it in
``gm_tools/systems/<name>/rules.py`` and overrides only the hooks its rulebook changes.
``variant.toml``'s ``rules`` key names the system; :func:`rules_for` gives its rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gm_tools.engine.model import Position, Unit
from gm_tools.engine.variant import Variant

MEASURES = ("centers", "points", "rounds")
"""What a game is won by, and so what its standings rank by (:meth:`Rules.victory_measure`)."""


@dataclass(frozen=True)
class Scores:
    """The powers' victory points as the standings, the map legend and the points chart show
    them; empty in a game won on centers."""

    points: dict[str, int] = field(default_factory=dict)
    """Power -> its latest victory points."""
    year: str = ""
    """The year those points were scored, or "" where the position does not say."""
    rounds: dict[str, int] = field(default_factory=dict)
    """Power -> rounds won, in a game won by rounds (Europe 1615 v3); empty otherwise."""
    label: str = "Victory points"
    """What the points are called on the site (The Peace of Westphalia: "Imperial Power")."""
    when: str = "each year's Scoring Phase"
    """When they are counted, for the chart's captions (Westphalia: "each step of each round")."""
    notes: dict[str, str] = field(default_factory=dict)
    """Power -> what the standings' Note says of it beside its figures (The Peace of Westphalia's
    "Foreign Power (Netherlands)"), as they say "eliminated" of a power without centers or units."""
    rank: dict[str, int] = field(default_factory=dict)
    """Power -> the count the standings rank by before the points, where another count than the
    points decided the game (The Peace of Westphalia Victory's); empty otherwise."""
    ranking: str = ""
    """The standings caption's words for their order where the points shown do not win the game
    by themselves (The Peace of Westphalia); "" for the victory measure's own."""
    unscored: dict[str, str] = field(default_factory=dict)
    """Power -> what the standings show in place of its points where the rules score it no more
    (Europe 1619's eliminated power, left out of the Scoring Phase: "not scored", not 0)."""


@dataclass(frozen=True)
class Victory:
    """How a game was won, in its rules' words, for the pages (:meth:`Rules.victory`)."""

    name: str
    """The victory as the rules name it: "Peace of Westphalia Victory"."""
    figure: str = ""
    """The figure that decided it: "31 Imperial Power"; "" where no one figure did."""
    detail: str = ""
    """A sentence on how it was counted, the powers named: "Imperial Power without the
    Foreign Power Home Provinces' ...: Yellow Elephant 31, Red Phoenix 15"; "" for none."""


class Rules:
    """Standard Diplomacy (2000 rulebook). Every hook takes the variant and the position
    the phase started from, so a variant's hook can read its own state in ``position.extra``."""

    name = "standard"

    def may_move(self, variant: Variant, position: Position, unit: Unit, dest: str) -> str | None:
        """May this unit attempt to move to ``dest`` (a province)? None if it may, else the
        reason it may not (shown to the player). Standard: always."""
        return None

    def move_refusal_shown(self, variant: Variant, position: Position, unit: Unit, dest: str, reason: str) -> str | None:
        """The words the GM and the player are shown for :meth:`may_move`'s refusal ``reason``
        where they say more than it (:attr:`OrderError.shown`: a --lenient turn records
        ``reason``, which never changes), or None. Standard: None."""
        return None

    def may_act(self, variant: Variant, position: Position, unit: Unit) -> str | None:
        """May this unit be ordered to do anything but hold (move, support, convoy)? None if
        it may, else the reason it may not. Standard: always."""
        return None

    def may_assist(self, variant: Variant, position: Position, helper: Unit, helped: Unit,
                   dest: str | None) -> str | None:
        """May ``helper`` support or convoy ``helped`` (moving to province ``dest``; None: a
        support to hold)? None if it may, else the reason it may not. Standard: always."""
        return None

    def may_support_into(self, variant: Variant, position: Position, supporter: Unit, province: str) -> str | None:
        """May ``supporter`` give support into ``province`` (to hold or to move there), beyond
        the standard 'a province it could move to'? None if it may, else the reason it may not.
        Standard: always (Europe 1615 v2's ports: a fleet supports only into a port)."""
        return None

    def may_dislodge(self, variant: Variant, position: Position, attacker: Unit, defender: Unit) -> bool:
        """May a successful attack by ``attacker`` dislodge ``defender``? Standard: not a unit
        of the same power (2000 rulebook, 'A country cannot dislodge its own unit')."""
        return attacker.power != defender.power

    def cuts_support(self, variant: Variant, position: Position, attacker: Unit, supporter: Unit) -> bool:
        """Does an attack by ``attacker`` (not from the province the support is directed at)
        cut ``supporter``'s support? Standard: an attack by a unit of the same power does not
        (DATC 6.D.20, 'Unit can not cut support of its own country')."""
        return attacker.power != supporter.power

    def support_given(self, variant: Variant, position: Position, supporter: Unit, cutters: list[Unit]) -> int:
        """How much support ``supporter`` gives when ``cutters`` attack it (each cutting).
        Standard: its strength, or nothing once any attack cuts it."""
        return 0 if cutters else supporter.strength

    def may_follow(self, variant: Variant, position: Position, unit: Unit, dest: str, leaving: Unit) -> str | None:
        """May ``unit`` enter ``dest`` (move or retreat there) when ``leaving``, the unit
        standing there as the phase began, moves out in the same phase? None if it may, else
        why not, in the rules' words. Asked once per such move, before the moves are resolved;
        the move then fails only if ``leaving`` does leave. Standard: None (a unit may follow
        another out of its province)."""
        return None

    def on_dislodged(self, variant: Variant, position: Position, unit: Unit) -> Unit | None:
        """What retreats when ``unit`` is dislodged: the unit (possibly weakened), or None if it
        is disbanded at once. Standard: the unit retreats as it is."""
        return unit

    def no_retreat_words(self, variant: Variant, position: Position, unit: Unit) -> str:
        """Why :meth:`on_dislodged` disbands ``unit`` at once, for the phase's page and judge
        text ("was destroyed: ..."), in the rules' words. Standard: none is disbanded so."""
        return "the rules allow it no retreat"

    def on_retreated(self, variant: Variant, position: Position, unit: Unit, dest: str) -> Unit:
        """What stands at ``dest`` once the dislodged ``unit`` retreats there: the pair of
        :meth:`on_dislodged`, for a unit weakened only while it retreats. Standard: the unit
        as it retreated."""
        return unit.moved_to(dest)

    def build_sites(self, variant: Variant, position: Position, power: str) -> set[str]:
        """Provinces where ``power`` may build this adjustment, before the occupied check.
        Standard: its home centers that it still owns."""
        return {c for c in variant.home_centers(power) if position.centers.get(c) == power}

    def may_build(self, variant: Variant, position: Position, power: str, kind: str, province: str) -> str | None:
        """May ``power`` build a unit of ``kind`` (``A`` or ``F``) in ``province``, one of its
        build sites? None if it may, else the reason it may not. Standard: always (Europe 1615
        v2: a port without a center builds fleets only)."""
        return None

    def update_ownership(self, variant: Variant, position: Position) -> dict[str, str]:
        """Center ownership at the end of a year's last movement/retreat: a center belongs to
        the power whose unit stands in it; an empty center keeps its owner."""
        centers = dict(position.centers)
        for province, unit in position.units.items():
            if variant.provinces[province].supply_center:
                centers[province] = unit.power
        return centers

    def winner(self, variant: Variant, position: Position) -> str | None:
        """The power that has won once ownership is updated, or None. Standard: the power
        owning ``variant.victory_centers`` supply centers (2000 rulebook, 'If one country
        controls 18 supply centers, it wins'); of two (a variant's data error), the first by code."""
        if variant.victory_centers < 1:
            return None  # no supply centers to win by (a board game's own rules decide)
        counts: dict[str, int] = {}
        for owner in position.centers.values():
            counts[owner] = counts.get(owner, 0) + 1
        winners = [p for p, n in sorted(counts.items()) if n >= variant.victory_centers]
        return winners[0] if winners else None

    def draw(self, variant: Variant, position: Position) -> tuple[tuple[str, ...], str] | None:
        """The powers the rules make draw at ``position`` and why, ending the game (Europe
        1615's 'CONDITIONS TO FORCE AN AUTOMATIC DRAW'); None while the game goes on. Asked
        after :meth:`winner`, when there is no winner. Standard: never (a draw is agreed by
        the players: ``gm-tools end --draw``)."""
        return None

    def victory(self, variant: Variant, record: dict) -> Victory | None:
        """How the game was won in the phase of ``record`` (a history record with a ``winner``,
        or the rules' shared result, its ``draw``), in the rules' words and from what the
        record keeps, for the pages; None where they say only who won. Standard: None (a
        winner holds the victory centers)."""
        return None

    results_in_words: bool = False
    """True for a system whose results are its decisions in words rather than orders in a
    notation (The Peace of Westphalia: "elected Emperor by a majority ..."): a phase page shows
    its results as its optional ``order_words`` hook words them, never the recorded text beside
    them. Standard: False."""

    events: dict[str, str] = {}
    """Codes the rules record their own events in (not a power's orders), each with the heading a
    phase page shows them under, first and apart from "Powers without a player" (The Peace of
    Westphalia's "EMPIRE": the Emperor's death). Standard: none."""

    unplayed_heading: str = "Powers without a player"
    """The heading a phase page shows the owners no player orders under, in the rulebook's words
    (Europe 1615: "Minor states and the Ottoman Empire", no powers in its text)."""

    results_heading: str = "Orders and results"
    """The heading a phase page lists each power's results under (and its tables' captions):
    The Peace of Westphalia's players make no orders, so its page says "Results"."""

    entry_header: str = "Order"
    """The heading of a phase page's results tables' first column: The Peace of Westphalia's
    results are the step's decisions and events, no orders."""

    owner_noun: str = "power"
    """Whom a game page's standings, charts and tables count by ("per power"): The Peace of
    Westphalia's "player"."""

    phase_noun: str = "phase"
    """What a phase page's and the game page's navigation call one phase ("Next phase", "All
    phases"): The Peace of Westphalia plays a round in steps, so its pages say "step"."""

    strength_key: str = ""
    """The map legend's words for the badge on a unit stronger than one (Europe 1619's
    bolstered '+n', Europe 1615's lettered special units), for rules that make such units.
    Standard: none, its units all fight with strength one, and a key to a badge its maps never
    draw sent readers looking for it."""

    marks_key: tuple[str, ...] = ()
    """The map legend's lines for what the rules draw on provinces (``province_styles``: a minor
    state's tint, its marker, a word under its name), after the units' and orders' key; the
    Europe variants' looks are ours (their rulebooks' legends were lost), so only the key says
    them. Standard: none."""

    map_shows: str = "units and supply-center owners"
    """What the game page's map shows, as its description for a screen reader says it."""

    result_noun: str = "order result"
    """What the game page's list of phases counts in each phase ("3 order results", "no order
    results"): The Peace of Westphalia's "result"."""

    def shown_results(self, variant: Variant, record: dict) -> list[dict]:
        """The results of ``record`` (a history record) in the order its phase page and judge
        text list them, each power's together as they are grouped there: where the record's
        order (sorted by power and text, so a game replays byte for byte) is not the order the
        rules carry them out in (The Peace of Westphalia's steps). Standard: as recorded."""
        return list(record.get("results", []))

    def shown_order(self, variant: Variant, record: dict) -> tuple[str, ...]:
        """The powers whose results a phase page and judge text list first, in this order (The
        Peace of Westphalia's players in the order they play the step); the rest follow in the
        variant's order. Standard: none, the variant's order."""
        return ()

    def victory_measure(self, variant: Variant) -> str:
        """What the game is won by, one of :data:`MEASURES`: the standings rank by it. Standard:
        "centers"; a variant with a ``[victory] points`` target: "points"."""
        return "points" if variant.victory_points else "centers"

    def victory_centers(self, variant: Variant, position: Position) -> dict[str, int] | None:
        """Power -> the supply centers its victory counts at ``position``, where that is not
        simply the centers it owns (Centenary: its vassals' too); None where it is. The site's
        standings rank by it and its centers chart draws it, as :meth:`winner` counts."""
        return None

    victory_centers_note: str = ""
    """What :meth:`victory_centers` counts besides a power's own centers, for the site's
    captions (Centenary: "own and vassals'")."""

    def scores(self, variant: Variant, position: Position) -> Scores:
        """The victory points at ``position``. Standard: read from ``extra["scores"]`` (power ->
        points); none in a plain Diplomacy game."""
        scores = position.extra.get("scores")
        if isinstance(scores, dict) and all(isinstance(v, (int, float)) for v in scores.values()):
            return Scores(points=dict(scores))
        return Scores()

    def treasury_by_year(self, variant: Variant, position: Position) -> dict[str, dict]:
        """Year -> power -> the treasury's entry for that year, for a system whose yearly
        phases keep a book of the treasury (the site's game page shows it). Standard: none."""
        return {}

    def after_phase(self, variant: Variant, before: Position, after: Position, seed: str) -> tuple[Position, list[dict]]:
        """What the variant's rules do once a phase is adjudicated, from the position the
        phase started at (``before``) and the one the engine made (``after``, already at the
        next phase): a new position, and the random draws made (JSON-able dicts for the
        record's ``random.draws``, each naming its seed text so anyone can repeat it).
        ``seed`` is the game's seed. Standard: nothing happens."""
        return after, []

    def legend(self, variant: Variant, position: Position) -> dict[str, str] | None:
        """What the map's legend says of each power, for a game whose map shows no units or
        centers: power -> its line. Standard: None, the Diplomacy legend (centers, units,
        victory points)."""
        return None

    def legend_key(self, variant: Variant) -> tuple[str, ...] | None:
        """The lines of the map's legend explaining its symbols, for a map that draws its own
        (Westphalia's towns and hatching). Standard: None, the order arrows and unit letters.
        Of the variant alone, not the position: the page names them in words under every
        picture (:func:`gm_tools.publish.legend.symbol_key`), which must say what each shows."""
        return None

    def map_notice(self, variant: Variant, position: Position) -> str | None:
        """A word the map shows at its top left for everyone to see (Europe 1615's
        counterbalance, 'will appear at the top left corner of the map'). Standard: none."""
        return None

    # --- phases the standard engine does not play ------------------------------------------

    def play_phase(self, variant: Variant, position: Position, orders: list, inputs: dict):
        """Play a phase whose type the standard engine does not know (a variant's diplomatic,
        treasury or scoring phase) from its parsed ``orders`` and the checked ``inputs`` of the
        variant's sheets. Returns a :class:`gm_tools.engine.runner.PhaseOutcome` whose position's
        ``phase`` is left for the engine to advance, or None: nothing happens (standard)."""
        return None

    def commanded(self, variant: Variant, position: Position, power: str) -> tuple[str, ...]:
        """Other owners (minor states) whose units ``power`` gives orders to in this phase;
        such an order is written in the owner's name. Standard: none, a power orders only
        its own units."""
        return ()

    def lays_out(self, variant: Variant, position: Position, power: str, owner: str) -> bool:
        """Whether ``power``'s block on the retreat or adjustment Orders sheet gets rows for
        ``owner``, one of :meth:`commanded`: False where its orders for that owner could only
        be ignored. Standard: every commanded owner."""
        return True

    def lays_out_movement(self, variant: Variant, position: Position) -> bool:
        """Whether a movement phase's Orders sheet gets a row per unit to order: False where the
        orders are entered elsewhere (Europe 1615 v2's offer sheets), so that no dropdown offers
        the GM an order every one of which the turn refuses. Standard: True."""
        return True

    def commands_nobody(self, variant: Variant, position: Position, power: str) -> str | None:
        """Why ``power``, still holding a block or writing mail, commands no other owner's unit
        any more (Europe 1615's eliminated and dissolved powers), in the rules' words; added to
        the error of an order of its that cannot be read. Standard: None."""
        return None

    def out_of_game(self, variant: Variant, position: Position, power: str) -> str | None:
        """Why ``power`` orders nothing any more (Europe 1619's eliminated power), in its rules'
        words, said first where an order of its is refused to the GM and in the reply to its
        mail; never in the record, whose words recorded games replay by. Standard: None."""
        return None

    def misplaced(self, variant: Variant, position: Position, text: str) -> str | None:
        """What an Orders-sheet entry that cannot be read as an order is instead, and the sheet
        it goes on (Europe 1615's ``9: WUR``, an INF deployment), in place of the parser's
        words; named only in a turn's problems, never in a record. Standard: None."""
        return None

    def public_record(self, variant: Variant, record: dict) -> dict:
        """A phase's record as the public site may show it: the record less what the rules
        keep private (Europe 1615 v2's offer sheets), and less the entries made for the
        owners of :meth:`secret_orders` (who ordered Europe 1615's Ottomans what: 'only the
        result' is shown). Standard: all of it."""
        secret = self.secret_orders(variant)
        orders = record.get("orders")
        if not secret or not isinstance(orders, dict):
            return record
        kept = {power: [e for e in entries if not (isinstance(e, dict) and e.get("for") in secret)]
                for power, entries in orders.items()}
        return dict(record, orders={power: entries for power, entries in kept.items() if entries})

    def secret_orders(self, variant: Variant) -> frozenset[str]:
        """Owners whose units every power may order, of which only the result is published,
        never who ordered what (Europe 1615's Ottomans). Standard: none."""
        return frozenset()

    def select_orders(self, variant: Variant, position: Position, candidates: list) -> dict:
        """Which of the candidate orders stand (:mod:`gm_tools.engine.orderselect`): every
        order read and legal on its own, with the power that entered it. Returns index ->
        :class:`~gm_tools.engine.orderselect.Refusal` for each candidate that does not stand.
        Standard: one order per unit and build site; two and neither stands (DATC 4.D.3,
        choice c)."""
        from gm_tools.engine.orderselect import one_order_per_unit

        return one_order_per_unit(candidates)

    def skips_phase(self, variant: Variant, position: Position, phase_id: str) -> bool:
        """Whether the calendar's next phase has nothing to do and is passed over (as a retreat
        phase with no dislodged unit is): The Peace of Westphalia's setup steps come once,
        before the first round. Standard: never."""
        return False

    def default_players(self, variant: Variant) -> int | None:
        """The number of players of a game started without ``--players``, where the variant
        as loaded is no playable board (The Peace of Westphalia sizes its board by the players).
        Standard: None, the variant as loaded."""
        return None

    def player_powers(self, variant: Variant, position: Position, power: str) -> tuple[str, ...]:
        """The powers the player of ``power`` plays at ``position``, ``power`` among them: what a
        win or a share of a draw the GM calls goes to (Europe 1615 v2's setups for fewer players
        give one player several powers); none for a power no player plays now (a neutral power
        that joins a player later). Standard: a power each."""
        return (power,)

    def for_players(self, variant: Variant, players: int) -> Variant:
        """The variant as a game of ``players`` players plays it (``new-game --players``).
        Standard: one setup, so any count is refused."""
        from gm_tools.errors import GameError

        raise GameError(
            f"--players {players}: {variant.name} has no setups for other numbers of players "
            "(expected no --players)"
        )


_KIND_WORDS = {"bool": "true or false", "int": "a whole number", "str": "a word"}
"""An option's type as the GM types it on the command line, not Python's name for it."""


def _as_chosen(problem: str) -> str:
    """A problem the system found with the game's options, said of the ``--option`` the GM
    typed (the system's checker words it for variant.toml, which the GM did not write)."""
    import re

    unknown = re.fullmatch(r"variant\.toml \[options\]: unknown option '([^']*)'(.*)", problem, re.S)
    if unknown:
        return f"--option {unknown[1]}: found an option the game does not have, expected a known one{unknown[2]}"
    wrong = re.fullmatch(r"variant\.toml \[options\] (\S+) = (.*?): expected (\w+)(.*)", problem, re.S)
    if wrong:
        return f"--option {wrong[1]}={wrong[2]}: expected {_KIND_WORDS.get(wrong[3], wrong[3])}{wrong[4]}"
    return f"--option: {problem}"


def variant_for_game(variant: Variant, players: int | None, options: dict | None = None) -> Variant:
    """The variant of a game whose game.json records ``players`` (None: the variant as loaded,
    or its system's :meth:`Rules.default_players`) and the ``options`` chosen at ``new-game``
    (they override the variant's ``[options]``; each is checked against the options its game
    system reads, a wrong one a ``GameError`` naming it)."""
    from dataclasses import replace

    rules = rules_for(variant)
    if options:
        from gm_tools.engine.system import system_for
        from gm_tools.errors import GameError

        chosen = replace(variant, options={**variant.options, **options})
        problems = [p for p in system_for(chosen).check_variant(chosen) if "[options]" in p]
        if problems:
            raise GameError("; ".join(_as_chosen(p) for p in problems))
        variant = chosen
    if players is None:
        players = rules.default_players(variant)
    return variant if players is None else rules.for_players(variant, players)


def rules_for(variant: Variant) -> Rules:
    """The rules of the variant's game system (``rules`` key of ``variant.toml``)."""
    from gm_tools.engine.system import system_for  # the registry builds on this module

    return system_for(variant).rules


def results_as_shown(variant: Variant, record: dict) -> list[dict]:
    """``record``'s results in the order its page lists them (:meth:`Rules.shown_results`), each
    power's together, the powers in the record's order: for the GM's report and Results sheet,
    which read as the page does. Where the page lists them as recorded, as recorded."""
    results = record["results"]
    shown = rules_for(variant).shown_results(variant, record)
    if shown == results:
        return results
    powers = list(dict.fromkeys(r["power"] for r in results))
    return sorted(shown, key=lambda r: powers.index(r["power"]))
