"""A Westphalia player's mail typed into the step's sheets (``gm-tools orders``); who the step
still waits for is :mod:`.awaiting`'s.

Rulebook: ``003_b5b9eb4920d39694.txt``. Each line is read by :mod:`.mailforms` and placed where
the GM would type it: on the player's own row (Pick Provinces, the vote, the doctrine, the
Religious Upheaval's province, the actions of Player Turns), on the player's rows in turn (the
Electors and principalities he places), in the player's band of an open sheet (a sheet listing
the players in Initiative Order, as 'Player turns are done in initiative order'; Setup Order in
the Setup), on the Diplomacy Game's row of his game, which his partner's mail fills too, on the
war's row, or on a Wars row of its own for a doctrine changed. A line of another step, or one the rules leave to the table or the GM, is refused
with its reason; every value placed is then checked by the step's own checks (:mod:`.sheets`),
as a turn checks it.
"""

from __future__ import annotations

import dataclasses
import difflib
import re

from gm_tools.engine.hooks import CHOICE, INTEGER
from gm_tools.engine.phase import parse_phase
from gm_tools.engine.system import MailedCells, SheetNow
from gm_tools.errors import did_you_mean
from gm_tools.systems.westphalia import diplomacygame as D
from gm_tools.systems.westphalia import mailforms as F
from gm_tools.systems.westphalia import sheets as S
from gm_tools.systems.westphalia import steps
from gm_tools.systems.westphalia.state import state_of
from gm_tools.systems.westphalia.turns import ACTIONS, DIPLOMACY, check_actions

_SETUP = (steps.PROVINCES, steps.ELECTORS, steps.PRINCIPALITIES, steps.INFLUENCE, steps.EMPEROR)
_PLACES = ("Provinces", "Capital", "Province", "Also converts")
_KEYS = ("Player", "Declarer", "With")
"""The columns that say whose row it is, which a line types beside its own values."""
_OWNER = {S.WARS: "Declarer"}
"""The column naming whose row it is, where it is not Player."""


def _title(variant, kind: str) -> str:
    return variant.calendar.phase_type_names.get(kind, kind)


def _yes(value) -> bool:
    return str(value or "").strip().lower() in F.YES


class _Typing:
    """One player's mail being placed on copies of the sheets."""

    def __init__(self, variant, position, power: str, sheets: dict[str, SheetNow]):
        self.variant, self.power, self.sheets = variant, power, sheets
        self.state = state_of(position)
        self.kind = parse_phase(position.phase).type
        self.clear: list[tuple[str, int, str]] = []
        self.taken: set[tuple[str, int]] = set()
        self.old_wars: dict[str, list[int]] = {}
        """Against -> the rows of the wars the player declared on it before this mail (two wars on
        one side are two rows: a mail typed again must find both, or a third row is typed)."""
        self.order = list(self.state.setup_order if self.kind in _SETUP else
                          self.state.initiative or self.state.setup_order)
        names = {}
        for code in self.state.setup_order or tuple(variant.powers):
            p = variant.powers[code]
            names.update({code.lower(): code, p.name.lower(): code, str(p.adjective or "").lower(): code})
        self.players = {k: v for k, v in names.items() if k}

    # --- values ---------------------------------------------------------------------------

    def player(self, text) -> str:
        return self.players.get(str(text or "").strip().lower(), str(text or "").strip())

    def value(self, sheet: str, header: str, text):
        """The mail's words as the GM would type them in the column: a player's code, a
        province's code, a choice as listed, a whole number."""
        if text is None or str(text).strip() == "":
            return None
        column = next(c for c in self.sheets[sheet].table.columns if c.header == header)
        if column.kind == INTEGER:
            return int(text) if str(text).strip().lstrip("+-").isdigit() else str(text).strip()
        if column.kind == CHOICE:
            if set(column.choices) == {"yes", "no"}:
                return F.yes_no(text)
            if header == "League" and str(text).strip().lower() == "none" and "none" not in column.choices:
                return None
            return F.chosen(self.player(text), column.choices)
        if header == "Provinces":
            return ", ".join(self.province(w) for w in F.words_of(text))
        if header in _PLACES or (header == "Where" and self.principality(text) not in self.state.principalities):
            return self.province(text)
        if header in ("Against", "Target", "Where"):
            return self.player(text) if self.player(text) in self.players.values() else self.principality(text)
        return str(text).strip()

    def province(self, text) -> str:
        word = str(text).strip()
        return self.variant.lookup.get(word.lower()) or (word.upper() if word.upper() in self.variant.provinces
                                                         else folded_provinces(self.variant).get(F.fold(word), word))

    def principality(self, text) -> str:
        return next((n for n in self.state.principalities if n.lower() == str(text).strip().lower()),
                    next((n for n in self.state.principalities if F.fold(n) == F.fold(text)), str(text).strip()))

    # --- rows ------------------------------------------------------------------------------

    def wipe(self, sheet: str, row: int, headers) -> None:
        cells = self.sheets[sheet].cells
        for header in headers:
            if (row, header) in cells:
                self.clear.append((sheet, row, header))
                del cells[(row, header)]

    def own_rows(self, sheet: str, typed_in: bool = True) -> list[int]:
        """The player's rows of the sheet; ``typed_in``: only those laid out for typing (a row
        below them, typed with the sheet's protection lifted, can only be cleared)."""
        rows = self.sheets[sheet].rows_where(_OWNER.get(sheet, "Player"), self.power)
        return [r for r in rows if r <= self.sheets[sheet].last] if typed_in else rows

    def band(self, sheet: str) -> list[int]:
        """The rows of the sheet kept for the player: the sheet's empty rows shared out in
        Initiative Order (Setup Order in the Setup), so the rows read in that order whatever
        order the mails come in."""
        table = self.sheets[sheet].table
        size = table.blank_rows // len(self.order) if self.order else 0
        if not size or self.power not in self.order:
            return []
        first = 2 + len(table.rows) + self.order.index(self.power) * size
        return list(range(first, first + size))

    def free_row(self, sheet: str, preferred: list[int]) -> int | None:
        now = self.sheets[sheet]
        rows = preferred + list(range(2, now.last + 1))
        return next((r for r in rows if now.is_free(r) and (sheet, r) not in self.taken), None)

    def put(self, sheet: str, row: int, values: dict) -> tuple:
        self.taken.add((sheet, row))
        cells = []
        order = [c.header for c in self.sheets[sheet].table.columns]
        # the cells of the line's own values first (the report names the first), the row's keys after
        for header, text in sorted(values.items(), key=lambda item: (item[0] in _KEYS, order.index(item[0]))):
            value = self.value(sheet, header, text) if header not in ("Player", "Declarer") else text
            cells.append((sheet, row, header, value))
            if value is None:
                self.sheets[sheet].cells.pop((row, header), None)
            else:
                self.sheets[sheet].cells[(row, header)] = value
        return tuple(cells)


def mailed_cells(variant, position, power: str, lines: list[str], sheets: dict[str, SheetNow]) -> MailedCells:
    """Each of the player's lines as the cells it types on the step's sheets, or why not; the
    player's earlier entries on the sheets (or, on a row of his own, in the columns) his lines
    speak to are cleared first."""
    typing = _Typing(variant, position, power, sheets)
    read = [_own_vote(F.read_line(text, typing.kind), power) for text in lines]
    out: list = [None] * len(lines)
    good = {}
    for k, line in enumerate(read):
        why = _unfit(typing, line)
        if why:
            out[k] = why + ((_near_keyword(typing.kind, lines[k]) or _label_alone(typing.kind, lines[k])
                             or _signed(lines, k, good)) if line is None else "")
        else:
            good[k] = line
    _clear(typing, list(good.values()))
    # the cards go last: the games follow from every player's actions, this mail's too; a
    # Religious War after the League the same mail joins ('a Player in a League ... may Declare')
    wars: dict[str, list[int]] = {}
    for k in sorted(good, key=lambda k: (good[k].form.place in (F.GAME, F.WAR_CARDS), good[k].form.place == F.ITEM)):
        out[k] = _place(typing, good[k], wars, [good[j] for j in good if j < k])
    placed = {r for rows in wars.values() for r in rows}
    for row in (r for rows in typing.old_wars.values() for r in rows if r not in placed):
        typing.wipe(S.WARS, row, [c.header for c in sheets[S.WARS].table.columns])  # a war no longer declared
    if any(line.form.sheet == S.TURNS and "League" in line.form.columns for line in good.values()):
        _withdrawn(typing)  # only a line that speaks to his League takes him out of it
    return MailedCells(tuple(typing.clear), out)


_MYSELF = frozenset({"me", "myself", "self", "mich", "moi", "moi-meme", "moi-même", "io", "yo", "mij", "mijzelf"})
"""A player's word for himself in a vote ('Vote: myself')."""


def _own_vote(line, power: str):
    """'Vote: myself' as the player's own vote: 'Players may vote for whomever they wish,
    including themselves' (rulebook 003, 'Imperial Election')."""
    if line is None or line.form is None or line.form.sheet != S.ELECTION or len(line.rows) != 1:
        return line
    if str(line.rows[0].get("Votes for") or "").strip().lower() not in _MYSELF:
        return line
    return dataclasses.replace(line, rows=({**line.rows[0], "Votes for": power},))


def _unfit(typing: _Typing, line) -> str | None:
    """Why a line is not one this player may mail in this step, or None."""
    kind, variant = typing.kind, typing.variant
    ours = list(dict.fromkeys(repr(f.example) for f in F.FORMS if kind in f.steps and f.sheet in typing.sheets))
    such = ", ".join(ours[:6]) + (" ..." if len(ours) > 6 else "")
    this = f"a line of the {_title(variant, kind)} step" + (f", such as {such}" if ours else
                                                            " (it takes no mail: gm-tools turn plays it as it stands)")
    if line is None:
        return this
    if line.form is None:
        return f"a player's entry, not the GM's: {F.GM_ONLY[line.word]}"
    if kind not in line.form.steps:
        belongs = sorted({_title(variant, s) for f in F.FORMS if line.word in f.words for s in f.steps})
        return f"{this}: {line.word!r} lines belong to the {' or the '.join(belongs)} step"
    if line.error:
        return line.error
    form = line.form
    if form.sheet not in typing.sheets:
        if form.sheet == S.ELECTION:
            return ("a vote only when the Emperor dies ('Hold an Imperial Election any round in which the Emperor "
                    f"dies'): {typing.state.emperor_dies.get('why') or 'he lives'}")
        return (f"a line for the {form.sheet} sheet, which this step's workbook does not have"
                + (" (the battle card engine is off: variant.toml [options] card_engine)" if "Cards" in form.sheet
                   else ""))
    if form.place == F.WAR_CARDS and "Declarer's cards" not in [c.header for c in typing.sheets[S.WARS].table.columns]:
        return ("your cards only with the battle card engine (variant.toml [options] card_engine): without it the "
                "battle is fought at the table and the GM enters its winner")
    gm = [c for c in form.gm for row in line.rows if row.get(c)]
    if gm:
        return f"the line without its {gm[0]}, a player's entries only: {F.GM_ONLY[gm[0].lower()]}"
    if form.columns == ("Emperor joins",) and typing.power != typing.state.emperor:
        return (f"a line from the Emperor ({typing.state.emperor or 'none'}): 'if the Emperor is not yet a member of a "
                "League, he may Join a League'")
    return _unknown_word(typing, line)


def _near_keyword(kind: str, text: str) -> str:
    """The step's keyword a line that opens with none was meant to open with ('Compeat with
    Yellow', 'Acions: ...'): its first words against the keywords, as a slip of the keys."""
    words = {w: f"'{w.capitalize()}'" for f in F.FORMS if kind in f.steps for w in f.words}
    if any(f.place == F.GAME and kind in f.steps for f in F.FORMS):
        words |= {"compete": "'Compete'", "cooperate": "'Cooperate'"}
    head = text.split(":")[0].lower().split()
    for n in (3, 2, 1):
        near = did_you_mean(" ".join(head[:n]), {w: words[w] for w in words if len(w.split()) == n})
        if near and len(head) >= n:
            return f" ({near})"
    return ""


def _label_alone(kind: str, text: str) -> str:
    """A line opening with a column's label ('capital HAM' under the provinces): the value of
    another line written below it, which reads it only on that line; without this it was told
    to be a signature, as a name is."""
    head = text.strip().split(":")[0].split()
    label = next((w for w in sorted(F.LABELS, key=len, reverse=True) if w != "on" and head
                  and " ".join(head[:len(w.split())]).lower() == w), None)
    form = next((f for f in F.FORMS if kind in f.steps and label and F.LABELS[label] in f.columns), None)
    return f" ('{label}' labels a value of the line it belongs to, written on that line: '{form.example}')" \
        if form else ""


_NAME = re.compile(r"^[^\W\d_][\w.'-]*(?:,?\s+[^\W\d_][\w.'-]*)?[,.!]?$")  # a name, or a closing and a name ('Greetings, Karl')


def _signed(lines: list[str], k: int, good: dict) -> str:
    """What to do with a name signed under the lines ('Ralf' below them, nothing but names
    after it): the player's lines open with a keyword, so a signature is refused unless the
    mail marks it; the refusal alone left the GM to guess that."""
    below = all(_NAME.match(t.strip()) or not t.strip() for t in lines[k:])
    return " (a signature goes below a line '-- ', where the mail's lines end)" if below and any(j < k for j in good) else ""


_PROVINCE = "a province of the board (its code or name)"
_NAMED = {"Provinces": (_PROVINCE,), "Capital": (_PROVINCE,), "Province": (_PROVINCE,),
          "Also converts": (_PROVINCE,), "Where": (_PROVINCE, "a principality"),
          "Against": ("a player", "a principality"), "Target": ("a principality",), "With": ("a player",)}
"""The columns naming a place or a player, and what each may name."""


def _unknown_word(typing: _Typing, line) -> str | None:
    """The first word of the line that names nothing of the game, with what its column takes:
    the sheet's own check would name only the cell, and the player needs the word he wrote.
    Whether a known name fits (a heretical province, a war's target) stays the sheet's check."""
    for values in line.rows:
        for header, text in values.items():
            if text is None or not str(text).strip():
                continue
            if header in _NAMED:
                words = F.words_of(text) if header == "Provinces" else [str(text).strip()]
                for word in words:
                    if not _known(typing, _NAMED[header], word):
                        return (f"{' or '.join(_NAMED[header])} for {header}, found {word!r}"
                                + _nearest(typing, _NAMED[header], word))
                continue
            column = next((c for c in typing.sheets[line.form.sheet].table.columns if c.header == header), None)
            if column is not None and column.kind == CHOICE:
                value = typing.value(line.form.sheet, header, text)
                if value is not None and value not in column.choices:
                    # a word the column knows to name no choice says what it names (a principality voted for)
                    near = next((f"{str(text).strip()} is {what}" for word, what in column.not_choices
                                 if F.fold(word) == F.fold(text)), None) or did_you_mean(
                        F.fold(text), {F.fold(c): c for c in column.choices})
                    return (f"one of {', '.join(column.choices)} ({header}), found {str(text).strip()!r}"
                            + (f" ({near})" if near else ""))
    return None


def folded_provinces(variant) -> dict[str, str]:
    """A province's name as a keyboard without its accents writes it ('Furth' for Fürth) -> its
    code, where no other name folds the same."""
    folded: dict[str, list[str]] = {}
    for code, province in variant.provinces.items():
        folded.setdefault(F.fold(province.name), []).append(code)
    return {name: codes[0] for name, codes in folded.items() if len(codes) == 1}


def _names(typing: _Typing, kind: str) -> dict[str, str]:
    """lower-case word -> the name as the sheets write it, for one kind of name."""
    if kind == _PROVINCE:
        codes = {code.lower(): code for code in typing.variant.provinces}
        return folded_provinces(typing.variant) | codes | {
            word: code for word, code in typing.variant.lookup.items() if code in typing.variant.provinces}
    if kind == "a player":
        return dict(typing.players)
    return {F.fold(name): name for name in typing.state.principalities} | \
        {name.lower(): name for name in typing.state.principalities}


def _known(typing: _Typing, kinds, word: str) -> bool:
    return any(word.lower() in _names(typing, kind) or F.fold(word) in _names(typing, kind) for kind in kinds)


def _nearest(typing: _Typing, kinds, word: str) -> str:
    """The known names nearest the word (all of them when they are few), as the player would
    correct his line."""
    names: dict[str, str] = {}
    for kind in kinds:
        names.update(_names(typing, kind))
    close = list(dict.fromkeys(names[w] for w in difflib.get_close_matches(word.lower(), list(names), n=6, cutoff=0.5)))
    provinces = typing.variant.provinces
    close = [f"{n} ({provinces[n].name})" if n in provinces and _PROVINCE in kinds else n for n in close]
    if close:
        return f" (nearest: {', '.join(close[:3])})"
    if _PROVINCE in kinds:
        return " (no province's code or name is near it: the map names them)"
    return f" (known: {', '.join(sorted(set(names.values())))})"


def _clear(typing: _Typing, lines: list) -> None:
    """The player's earlier entries that the lines replace."""
    sheets = typing.sheets
    owned = {sheet: typing.own_rows(sheet, typed_in=False) for sheet in sheets}  # before a clearing hides them
    done: set = set()
    for line in lines:
        form = line.form
        key = (form.sheet, form.columns if form.place == F.ONE_ROW else form.place)
        if key in done:
            continue
        done.add(key)
        headers = [c.header for c in sheets[form.sheet].table.columns if c.editable and c.header not in form.gm]
        if form.place == F.ONE_ROW:
            for row in owned[form.sheet][:1]:
                typing.wipe(form.sheet, row, [h for h in form.columns if h not in form.gm])
        elif form.place in (F.ROWS, F.BAND):
            for row in owned[form.sheet]:
                typing.wipe(form.sheet, row, headers)
        elif form.place == F.WAR:
            # a row without a war is a doctrine changed alone, which a new declaration leaves
            typing.old_wars = {}
            for row in owned[S.WARS]:
                if sheets[S.WARS].value(row, "Against"):
                    typing.old_wars.setdefault(sheets[S.WARS].value(row, "Against"), []).append(row)
                    typing.wipe(S.WARS, row, ("Declarer", "Against"))
        elif form.place == F.DOCTRINE:
            wars = sheets[S.WARS]
            for row in owned[S.WARS]:
                typing.wipe(S.WARS, row, ("New doctrine",))
                if not any(wars.value(row, h) for h in ("Against", "Winner", "Declarer's cards", "Target's cards")):
                    typing.wipe(S.WARS, row, ("Declarer",))
        elif form.place == F.WAR_CARDS:
            wars = sheets[S.WARS]
            for row in owned[S.WARS]:
                typing.wipe(S.WARS, row, ("Declarer's cards",))
            for row in wars.rows_where("Against", typing.power):
                typing.wipe(S.WARS, row, ("Target's cards",))
        elif form.place == F.GAME:
            game = sheets[S.DIPLOMACY_GAME]
            for row in game.rows_where("Player", typing.power):
                typing.wipe(S.DIPLOMACY_GAME, row, ("Card",))
            for row in game.rows_where("With", typing.power):
                typing.wipe(S.DIPLOMACY_GAME, row, ("Their card",))
            for row in game.rows_where("Player", typing.power) + game.rows_where("With", typing.power):
                if game.value(row, "Card") is None and game.value(row, "Their card") is None:
                    typing.wipe(S.DIPLOMACY_GAME, row, ("Player", "With"))
        elif form.place == F.ITEM:
            war = sheets[S.RELIGIOUS_WAR]
            item = {war.value(r, "Item"): r for r in war.rows_where("Item", "Declarer") + war.rows_where(
                "Item", "Target") + war.rows_where("Item", "Emperor joins")}
            if form.columns == ("Target",) and war.value(item.get("Declarer", 0), "Value") == typing.power:
                for name in ("Declarer", "Target"):
                    typing.wipe(S.RELIGIOUS_WAR, item[name], ("Value",))
            elif form.columns == ("Emperor joins",) and "Emperor joins" in item:
                typing.wipe(S.RELIGIOUS_WAR, item["Emperor joins"], ("Value",))


def _place(typing: _Typing, line, wars: dict[str, list[int]], before: list):
    """The cells one line types, or why it cannot be placed. ``before``: the mail's lines
    above it that were taken."""
    form, sheet, power = line.form, line.form.sheet, typing.power
    if form.place == F.ONE_ROW:
        rows = typing.own_rows(sheet)
        if not rows:
            laid = typing.sheets[sheet]
            choosers = [laid.value(r, "Player") for r in range(2, laid.last + 1) if laid.value(r, "Player")]
            if sheet == S.UPHEAVAL:
                from gm_tools.systems.westphalia.rounds import no_choice

                return no_choice(typing.variant, typing.state, power)
            return f"a line of a player with a row on the {sheet} sheet ({', '.join(choosers)})"
        return typing.put(sheet, rows[0], line.rows[0])
    if form.place == F.ROWS:
        rows = typing.own_rows(sheet)
        nth = sum(1 for b in before if b.form is form)
        if nth >= len(rows):
            what = "Elector" if sheet == S.ELECTORS else "principality"
            return (f"at most {len(rows)} such line(s): {power} places {len(rows)} {what}(s) this step (the {sheet} "
                    f"sheet's rows {', '.join(map(str, rows)) or 'none'})")
        return typing.put(sheet, rows[nth], line.rows[0])
    if form.place == F.BAND:
        cells = ()
        for values in line.rows:
            row = typing.free_row(sheet, typing.band(sheet))
            if row is None:
                return f"an empty row left on the {sheet} sheet (clear rows no longer wanted)"
            cells += typing.put(sheet, row, {"Player": power, **values})
        return cells
    if form.place == F.WAR:
        against = typing.value(sheet, "Against", line.rows[0].get("Against"))
        old = typing.old_wars.get(against, [])[len(wars.get(against, [])):]  # its rows not yet typed again
        row = old[0] if old and old[0] <= typing.sheets[sheet].last else typing.free_row(sheet, typing.band(sheet))
        if row is None:
            return f"an empty row left on the {sheet} sheet (clear rows no longer wanted)"
        wars.setdefault(against, []).append(row)
        return typing.put(sheet, row, {"Declarer": power, "Against": line.rows[0].get("Against")})
    if form.place == F.DOCTRINE:
        now, gone = typing.sheets[sheet], {r for rows in typing.old_wars.values() for r in rows}  # those are cleared once all is placed
        row = next((r for r in typing.band(sheet) + list(range(2, now.last + 1))
                    if now.is_free(r) and (sheet, r) not in typing.taken and r not in gone), None)
        if row is None:
            return f"an empty row left on the {sheet} sheet (clear rows no longer wanted)"
        return typing.put(sheet, row, {"Declarer": power, "New doctrine": line.rows[0].get("New doctrine")})
    if form.place == F.WAR_CARDS:
        return _war_cards(typing, line.rows[0])
    if form.place == F.GAME:
        return _game(typing, line.rows[0], before)
    return _religious_war(typing, line)


def _war_cards(typing: _Typing, values: dict):
    wars, power = typing.sheets[S.WARS], typing.power
    other = typing.value(S.WARS, "Against", values["Against"])
    mine = [r for r in wars.rows_where("Declarer", power) if wars.value(r, "Against") == other and r <= wars.last]
    theirs = [r for r in wars.rows_where("Declarer", other) if wars.value(r, "Against") == power and r <= wars.last]
    if mine:
        return typing.put(S.WARS, mine[0], {"Declarer's cards": values["Cards"]})
    if theirs:
        return typing.put(S.WARS, theirs[0], {"Target's cards": values["Cards"]})
    return (f"a war of yours with {other} on the Wars sheet (declared by you, 'War: {other}', or by {other} against "
            "you); an unaligned principality's cards are its leader's, which the GM enters")


def _game(typing: _Typing, values: dict, before: list):
    """'in Initiative Order, all Players Engaging in Diplomacy play the Diplomacy Game with the
    Player after you in Initiative Order (or the first Player if you are last)': the card goes on
    the row of the game, the sheet's rows in the order the games are played, whichever of the
    two players mails first."""
    turns, power = typing.sheets[S.TURNS], typing.power
    engaging, undecided = [], []
    for player in typing.order:
        row = (turns.rows_where("Player", player) or [0])[0]
        chosen = [a for a in ACTIONS if _yes(turns.value(row, a))]
        (undecided if check_actions(chosen) else engaging if DIPLOMACY in chosen else []).append(player)
    if undecided:
        return ("a card once every player has chosen his two actions, which say who plays whom ('At the beginning "
                "of Engage in Diplomacy, all Players ... reveal'): still to choose: " + ", ".join(undecided))
    if power not in engaging:
        return ("a card only from a player Engaging in Diplomacy ('all Players Engaging in Diplomacy play the "
                f"Diplomacy Game'): {', '.join(engaging) or 'nobody'} this round")
    partner = typing.player(values["With"])
    games = D.pairings(engaging)
    mine = sorted((i for i, g in enumerate(games) if set(g) == {power, partner}), key=lambda i: games[i][0] != power)
    nth = sum(1 for b in before if b.form.place == F.GAME and typing.player(b.rows[0]["With"]) == partner)
    if nth >= len(mine):
        if mine:
            return (f"one line for each game with {partner}: {len(mine)} this round, yours first "
                    f"({D.named([games[i] for i in mine])})")
        return (f"a card against a player you play this round ('with the Player after you in Initiative Order (or "
                f"the first Player if you are last)'): {D.named([g for g in games if power in g])}")
    i = mine[nth]
    first, second = games[i]
    sheet = typing.sheets[S.DIPLOMACY_GAME]
    row = next((r for r in sheet.rows_where("Player", first) if sheet.value(r, "With") == second and r <= sheet.last),
               None)
    row = row or typing.free_row(S.DIPLOMACY_GAME, [2 + i])
    if row is None:
        return f"an empty row left on the {S.DIPLOMACY_GAME} sheet (clear rows no longer wanted)"
    column = "Card" if power == first else "Their card"
    return typing.put(S.DIPLOMACY_GAME, row, {"Player": first, "With": second, column: values["Card"]})


def _religious_war(typing: _Typing, line):
    """'If a Religious War has not yet been Declared, a Player in a League ... may Declare a
    Religious War against a heretical Target Principality'; 'if the Emperor is not yet a member
    of a League, he may Join a League'."""
    from gm_tools.systems.westphalia.religiouswar import league_names, no_league

    war = typing.sheets[S.RELIGIOUS_WAR]
    item = {war.value(r, "Item"): r for r in range(2, war.last + 1) if war.value(r, "Item")}
    if line.form.columns == ("Emperor joins",):
        league = F.chosen(line.rows[0].get("Emperor joins"), league_names(typing.variant))
        if str(league).strip().lower() == "none":
            # 'he may Join a League': staying out is the cell left empty, as 'League: none' leaves his row's
            return typing.put(S.RELIGIOUS_WAR, item["Emperor joins"], {"Value": None})
        if league not in league_names(typing.variant):
            # the words the turn refuses at the cell, said to the player now
            return f"one of {', '.join(league_names(typing.variant))}, the League the Emperor joins (or none)"
        return typing.put(S.RELIGIOUS_WAR, item["Emperor joins"], {"Value": league})
    if not _in_league(typing, typing.power):
        return no_league(typing.power)  # the turn refuses it whatever else is entered
    declarer = war.value(item["Declarer"], "Value")
    if declarer and declarer != typing.power:
        return (f"no Religious War declared yet ('If a Religious War has not yet been Declared'): {declarer} declared "
                f"one ({S.RELIGIOUS_WAR} sheet); the GM settles who declared first in Initiative Order")
    target = typing.principality(line.rows[0].get("Target") or "")
    return (typing.put(S.RELIGIOUS_WAR, item["Declarer"], {"Value": typing.power})
            + typing.put(S.RELIGIOUS_WAR, item["Target"], {"Value": target or None}))


def _in_league(typing: _Typing, player: str) -> bool:
    """Whether the player has joined a League this round: on his Player Turns row (the workbook's
    or this mail's), the only place one is joined ('The Leagues reset')."""
    turns = typing.sheets[S.TURNS]
    return player in typing.state.leagues or any(turns.value(r, "League") for r in turns.rows_where("Player", player))


def _withdrawn(typing: _Typing) -> None:
    """A declarer whose mail leaves him in no League withdraws his Religious War with it: it
    could no longer stand ('a Player in a League ... may Declare'), and would hold the sheet
    against another player's declaration."""
    war = typing.sheets[S.RELIGIOUS_WAR]
    item = {war.value(r, "Item"): r for r in range(2, war.last + 1) if war.value(r, "Item")}
    if "Declarer" in item and war.value(item["Declarer"], "Value") == typing.power and not _in_league(
            typing, typing.power):
        for name in ("Declarer", "Target"):
            typing.wipe(S.RELIGIOUS_WAR, item[name], ("Value",))


def _row(row) -> int:
    """The row number of a row read back."""
    cell = next(iter(row.cells.values())).split("!", 1)[1]
    return int("".join(ch for ch in cell if ch.isdigit()))
