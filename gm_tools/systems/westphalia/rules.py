"""The Peace of Westphalia as the workflow plays it: every phase is the system's own (no
adjudicator), the Setup steps come once, and the map is coloured by who holds each hex.

Rulebook: ``003_b5b9eb4920d39694.txt``.

- :meth:`for_players` - the board and players of an N-player game (:mod:`.players`);
- :meth:`skips_phase` - the Setup (season P) only before the first round;
- :meth:`play_phase` - each Setup step and each step of a round from the GM's entries
  (:mod:`.steps`, :mod:`.rounds`, :mod:`.turns`, :mod:`.foreign`);
- :meth:`after_phase` - what chance decides, from the game's seed: the Setup Order, the D6
  rolls of the other principalities once the Electors are placed, each round's Religious
  Upheaval and the Emperor's death roll before they are played, the Foreign Powers' Internal
  Troubles;
- :meth:`province_style`, :meth:`scores` - the map and the standings (Imperial Power, a Foreign
  Power noted as one);
- :meth:`order_words`, :meth:`victory` - the results and the victory as the pages say them
  (:mod:`.report`); :meth:`shown_results` - in the order the rules carry them out
  (:mod:`.resultorder`).
"""

from __future__ import annotations

from gm_tools.engine.model import SUCCEEDS, Position
from gm_tools.engine.phase import next_phase, parse_phase
from gm_tools.engine.positions import position_from_json
from gm_tools.engine.results import result_of
from gm_tools.engine.rules import Rules, Scores
from gm_tools.engine.runner import PhaseOutcome
from gm_tools.engine.variant import Variant
from gm_tools.errors import GameError
from gm_tools.systems.westphalia import steps
from gm_tools.systems.westphalia.state import state_of, with_state

SETUP = "P"
"""The Setup's season letter (``variant.toml [calendar]``)."""
EVENTS = "EMPIRE"
"""Whose name the Empire's own events (the bag, the Electors, a League's war) are recorded in."""


class WestphaliaRules(Rules):
    name = "westphalia"
    results_in_words = True  # each step's results are its decisions in words
    events = {EVENTS: "Holy Roman Empire"}  # the bag, the Electors, the Emperor's death: nobody's orders
    # a board game of Players, who make decisions, not powers giving orders
    unplayed_heading = "Players nobody plays"
    results_heading = "Results"
    result_noun = "result"
    owner_noun = "player"
    entry_header = "Decision or event"
    phase_noun = "step"  # a round is played in steps (docs/westphalia.md, "The steps")
    map_shows = "who holds each province"

    def for_players(self, variant: Variant, players: int) -> Variant:
        """'with 9 tiles per Player': 3 to 14 players."""
        from gm_tools.systems.westphalia.players import variant_for_players

        return variant_for_players(variant, players)

    def default_players(self, variant: Variant) -> int:
        """A game started without ``--players`` is a 5-player game, the count the rulebook's
        rules are written for ('2 players in a 5-6 player game'; ``tables.toml [players]``)."""
        return int(variant.tables.get("players", {}).get("default", 5))

    def skips_phase(self, variant: Variant, position: Position, phase_id: str) -> bool:
        """The Setup is played once: 'Now let the games begin - proceed to Round 1.'"""
        phase = parse_phase(phase_id)
        return phase.season == SETUP and phase.year != parse_phase(variant.calendar.first_phase).year

    def play_phase(self, variant: Variant, position: Position, orders: list, inputs: dict):
        phase = parse_phase(position.phase)
        if phase.type not in steps.BUILT:
            name = variant.calendar.phase_type_names.get(phase.type, phase.type)
            raise GameError(f"{position.phase}: {name} in The Peace of Westphalia is not built yet (README, "
                            "'Not done yet')")
        state = state_of(position)
        step = steps.apply(variant, state, phase.type, inputs, phase.year)
        if step.problems:
            # the sheets check every entry first; reaching here is a caller's mistake
            raise GameError("; ".join(f"entry {i + 1} {f}: found {found}, expected {exp}"
                                      for i, f, found, exp in step.problems))
        # what the step did, each line a result in the name of the player it concerns (the
        # Empire's own events, the bag and the elections, in the name of "EMPIRE"); the line is
        # the whole of it, so it carries no separate reason
        results = [result_of(player or EVENTS, what, SUCCEEDS) for player, what in step.done]
        after = with_state(position, step.state)
        # the verdict in words for the record ('scoring.verdict', as a points variant says it),
        # asked of the board as the next phase played will find it
        upcoming = next_phase(variant.calendar, phase)
        while upcoming.season == SETUP and self.skips_phase(variant, after, upcoming.id):
            upcoming = next_phase(variant.calendar, upcoming)
        ahead = after.copy()
        ahead.phase = upcoming.id
        verdict = self._verdict(variant, ahead)
        extra = {"scoring": {"verdict": verdict.reason}} if verdict else {}
        return PhaseOutcome(results, after, extra=extra)

    def after_phase(self, variant: Variant, before: Position, after: Position, seed: str):
        """'Randomly draw cubes for Setup Order'; 'each Player rolls a D6' for the other
        principalities, drawn once the Electors are placed so the sheet shows them."""
        from gm_tools.systems.westphalia.setup import draw_rolls, draw_setup_order, free_hexes

        state = state_of(after)
        draws = []
        if variant.options.get("card_engine") and not state.seed:
            state.seed = seed  # the battle decks are shuffled from it while the Player Turns are played
        if not state.setup_order:
            state.setup_order = draw_setup_order(list(variant.powers), seed)
            draws.append({"kind": "setup order", "seed": f"westphalia setup order {seed}",
                          "text": ", ".join(state.setup_order)})
        if parse_phase(before.phase).type == steps.ELECTORS and not state.rolls:
            placed = len(state.electors)  # the Electors went round the table from the First Player
            count = len(free_hexes(variant, state))  # never more principalities than free hexes
            state.rolls = draw_rolls(state.setup_order, placed % len(state.setup_order), count, seed)
            draws.append({"kind": "principality rolls", "seed": f"westphalia principalities {seed}",
                          "text": ", ".join(f"{p} {n}" for p, n in state.rolls)})
        if parse_phase(before.phase).type == steps.FOREIGN and state.foreign:
            from gm_tools.systems.westphalia.foreign import roll_troubles

            year = parse_phase(before.phase).year
            rolled = roll_troubles(state, year, seed)
            draws.append({"kind": "internal troubles", "seed": f"westphalia troubles {year} {seed}",
                          "text": ", ".join(f"{p} {n}" for p, n in rolled.items())})
        upcoming = parse_phase(after.phase)
        if upcoming.type == steps.ELECTION and state.emperor_dies.get("year") != upcoming.year:
            from gm_tools.systems.westphalia.foreign import emperor_death

            state.emperor_dies = emperor_death(variant, state, upcoming.year, seed)
            if state.emperor_dies["roll"] is not None:
                draws.append({"kind": "the Emperor's death", "seed": f"westphalia emperor {upcoming.year} {seed}",
                              "text": state.emperor_dies["why"]})
        if upcoming.type == steps.UPHEAVAL and state.upheaval.get("year") != upcoming.year:
            from gm_tools.systems.westphalia.rounds import draw_upheaval

            state.upheaval = {"year": upcoming.year, **draw_upheaval(variant, state, upcoming.year, seed)}
            text = "drawn: " + ", ".join(state.upheaval["drawn"])
            if state.upheaval.get("players"):
                text += "; players' dice: " + ", ".join(f"{p} {n}" for p, n in state.upheaval["players"].items())
            if state.upheaval.get("rolls"):
                text += "; principalities' dice: " + ", ".join(f"{p} {n}" for p, n in state.upheaval["rolls"].items())
            draws.append({"kind": "religious upheaval", "seed": f"westphalia upheaval {upcoming.year} {seed}",
                          "text": text})
        return with_state(after, state), draws

    def _verdict(self, variant: Variant, position: Position):
        """The game's verdict at ``position`` (the start of the next phase), or None: a
        religious victory from the end of round 4's Player Turns, the Peace of Westphalia
        Victory once the last round is over (:mod:`.victory`)."""
        from gm_tools.systems.westphalia.figures import round_number
        from gm_tools.systems.westphalia.victory import last_round, peace_of_westphalia, religious

        state = state_of(position)
        phase = parse_phase(position.phase)
        if phase.season == SETUP or not state.setup_order:
            return None
        if round_number(phase.year) > last_round(variant):
            previous = phase.year - variant.calendar.year_step
            return religious(variant, state, previous, True) or peace_of_westphalia(variant, state, previous)
        return religious(variant, state, phase.year, phase.type in (steps.FOREIGN, steps.ELECTION))

    def winner(self, variant: Variant, position: Position) -> str | None:
        """The one player who has won (:meth:`_verdict`); several winners are a shared result
        (:meth:`draw`)."""
        verdict = self._verdict(variant, position)
        return verdict.winners[0] if verdict and len(verdict.winners) == 1 else None

    def draw(self, variant: Variant, position: Position):
        """A Catholic or Protestant Victory is shared by the players 'saved' ('2 players in a 5-6
        player game'): the record keeps it as the game's shared result, with the victory named
        in its reason; so is a tie for the Peace of Westphalia Victory, for the Emperor to break."""
        verdict = self._verdict(variant, position)
        if verdict and len(verdict.winners) > 1:
            return tuple(verdict.winners), verdict.reason
        return None

    def victory(self, variant: Variant, record: dict):
        """The Catholic, Protestant or Peace of Westphalia Victory and the figure that decided it,
        for the pages (:func:`.report.victory`)."""
        from gm_tools.systems.westphalia.report import victory

        return victory(variant, record)

    def order_words(self, variant: Variant, order: str) -> str:
        """A step's result as the pages say it, the players named (:func:`.report.in_words`)."""
        from gm_tools.systems.westphalia.report import in_words

        return in_words(variant, order)

    def shown_results(self, variant: Variant, record: dict) -> list[dict]:
        """A step's results in the order the rules carry them out, each player's together
        (:func:`.resultorder.in_rules_order`): the record keeps them sorted by player and text."""
        from gm_tools.systems.westphalia.report import nothing_to_take
        from gm_tools.systems.westphalia.resultorder import in_rules_order

        return nothing_to_take(record, in_rules_order(record))

    def shown_order(self, variant: Variant, record: dict) -> tuple[str, ...]:
        """The players in the order they play ('Player turns are done in initiative order'; the
        Setup's steps 'in Setup Order'), so a page reads as the table played; the record keeps them
        sorted by player (a recorded game replays byte for byte)."""
        state = state_of(position_from_json(record["before"])) if "before" in record else None
        return tuple(state.initiative or state.setup_order) if state else ()

    def victory_measure(self, variant: Variant) -> str:
        return "points"

    def scores(self, variant: Variant, position: Position) -> Scores:
        """Imperial Power, which the Peace of Westphalia victory counts ('The player with the
        most Imperial Power wins')."""
        from gm_tools.systems.westphalia.figures import imperial_power

        from gm_tools.systems.westphalia.victory import counted

        state, year = counted(variant, state_of(position), position.phase)
        # a Foreign Power has left the Empire, as an eliminated power has left a Diplomacy board
        notes = {p: f"Foreign Power ({f['home']})" for p, f in state.foreign.items()}
        verdict = self._verdict(variant, position)
        # 'Victory can be achieved in one of three ways', none on the Imperial Power shown
        rank, ranking = {}, ("most Imperial Power first (the game is not won on Imperial Power as shown, but by a "
                             "Catholic, Protestant or Peace of Westphalia Victory)")
        if verdict and verdict.reason.startswith("Peace of Westphalia Victory"):
            # The victory counts other figures than the Imperial Power shown ('Subtract all Imperial
            # Power contributed by Foreign Power Home Provinces. Then each player adds 3 Imperial
            # Power for each orthodox town'): each player's count beside his, so the two agree.
            from gm_tools.systems.westphalia.victory import toward_victory, westphalia_power

            for p in state.setup_order:
                rank[p] = westphalia_power(variant, state, p, year)
                # in the words of the game's status ("31 toward victory counting 3 for its orthodox town")
                counted = toward_victory(variant, state, p, year)
                notes[p] = f"{notes[p]}; {counted}" if p in notes else counted
            ranking = ("the most Imperial Power toward victory first (as the Peace of Westphalia Victory counts it, "
                       "in the Note), then the most Imperial Power")
        return Scores(points={p: imperial_power(state, p, year) for p in variant.powers}, year=str(year),
                      label="Imperial Power", when="the last step played of each round", notes=notes,
                      rank=rank, ranking=ranking)

    def legend(self, variant: Variant, position: Position):
        """Each player's provinces and Imperial Power."""
        from gm_tools.systems.westphalia.figures import imperial_power

        from gm_tools.systems.westphalia.victory import counted

        state, year = counted(variant, state_of(position), position.phase)
        texts = {}
        for p, power in variant.powers.items():
            land = state.princes.get(p)
            emperor = ", Emperor" if state.emperor == p else ""
            held = f"{len(land.provinces) if land else 0} provinces"
            if p in state.foreign:  # 'Lose all provinces you possessed inside the Empire'
                held = f"Foreign Power ({state.foreign[p]['home']})" + (f", {held}" if land else "")
            texts[p] = f"{power.name}: {held}, {imperial_power(state, p, year)} Imperial Power{emperor}"
        return texts

    def legend_key(self, variant: Variant) -> tuple[str, ...]:
        """What the marks on the hexes mean."""
        return ("\u2302 town (a capital, or one conquered), \u265b Elector's capital; a principality is tinted with its "
                "ally's colour, grey when unaligned",
                "hatched: Protestant province (all start Catholic)")

    def province_styles(self, variant: Variant, position: Position):
        """The renderer's hook for the whole map at once (what every province's look is made
        of is read once): :mod:`gm_tools.systems.westphalia.mapstyle`."""
        from gm_tools.systems.westphalia.mapstyle import province_styles

        return province_styles(variant, position)

    def province_style(self, variant: Variant, position: Position, code: str):
        from gm_tools.systems.westphalia.mapstyle import province_style

        return province_style(variant, position, code)


RULES = WestphaliaRules()
