"""The lines a Westphalia player mails, read into the values of the step's sheets.

Rulebook: ``003_b5b9eb4920d39694.txt``. Each line opens with a keyword, a colon after it if
you like: the sheet's own name (``Spread the Faith: HAM, 2, FUL``, the sheet's columns in order
without the Player column, the mail's player being the row's) or a short form for the common
entries (``Actions: Heresy, Diplomacy``, ``Influence: Cologne 2``, ``Vote: Blue``, ``Compete
with Orange``). A column that holds a list (the provinces) takes the words left over; a value
may be labelled by its column (``capital HAM``, ``also FUL``). What the rules make the table's
or the GM's decision has keywords too, so that it is refused with its reason rather than not
understood. :mod:`.mail` places the values on the sheets; the sheets' checks judge them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gm_tools.systems.westphalia import sheets as S
from gm_tools.systems.westphalia import steps
from gm_tools.systems.westphalia.choices import chosen, fold  # noqa: F401 (F.fold, F.chosen)
from gm_tools.systems.westphalia.diplomacygame import CARDS
from gm_tools.systems.westphalia.turns import ACTIONS

ONE_ROW, ROWS, BAND, GAME, WAR, ITEM, WAR_CARDS = "row", "rows", "band", "game", "war", "item", "war cards"
DOCTRINE = "doctrine"
"""How a form's values find their row: the player's own row, the player's rows in turn, a row
in the player's band of the sheet, the Diplomacy Game's row, a war's row, a named item's row,
the cards of a war's side, a Wars row of its own for a doctrine changed."""
YES = ("yes", "y", "x", "true", "1")
NO = ("no", "n", "false", "0")


@dataclass(frozen=True)
class Form:
    """One kind of line: its keywords, the steps it belongs to, the sheet and columns it fills."""

    words: tuple[str, ...]
    steps: tuple[str, ...]
    sheet: str
    columns: tuple[str, ...]
    """The columns the line fills, in the order written."""
    place: str
    example: str
    listed: str = ""
    """The column that holds a list, taking the words left over."""
    gm: tuple[str, ...] = ()
    """Columns of the sheet's form that only the GM fills: a value there refuses the line."""


_PROVINCES = ("Provinces", "Capital")
_TURN_COLUMNS = ACTIONS + ("Convert", "Influence gained", "League", "Council of Trent")
FORMS = (
    Form(("pick provinces", "provinces"), (steps.PROVINCES,), S.PROVINCES, _PROVINCES, ONE_ROW,
         "Provinces: EIC EIS HAE HAM, capital HAM", listed="Provinces"),
    Form(("place electors", "elector"), (steps.ELECTORS,), S.ELECTORS, ("Elector",) + _PROVINCES, ROWS,
         "Elector: Brandenburg, BIE BON BRI, capital BIE", listed="Provinces"),
    Form(("place principalities", "place other principalities", "principality"), (steps.PRINCIPALITIES,),
         S.PRINCIPALITIES, ("Principality",) + _PROVINCES, ROWS, "Principality: Hesse, ESL ESS, capital ESS",
         listed="Provinces"),
    Form(("diplomatic influence", "influence"), (steps.INFLUENCE,), S.INFLUENCE, ("Principality", "DI"), BAND,
         "Influence: Mainz 2, Bohemia 1"),
    Form(("imperial election", "votes for", "vote for", "votes", "vote"), (steps.EMPEROR, steps.ELECTION), S.ELECTION,
         ("Votes for",),
         ONE_ROW, "Vote: Red"),
    Form(("military doctrines", "military doctrine", "doctrine"), (steps.EMPEROR,), S.DOCTRINES, ("Doctrine",),
         ONE_ROW, "Doctrine: Offensive"),
    Form(("religious upheaval", "upheaval"), (steps.UPHEAVAL,), S.UPHEAVAL, ("Province",), ONE_ROW,
         "Upheaval: GRA"),
    Form(("player turns",), (steps.TURNS,), S.TURNS, _TURN_COLUMNS, ONE_ROW, "Player Turns: yes, yes, no, no",
         gm=("Influence gained", "Council of Trent")),
    Form(("actions",), (steps.TURNS,), S.TURNS, ACTIONS, ONE_ROW, "Actions: Combat Heresy, Engage in Diplomacy"),
    Form(("convert",), (steps.TURNS,), S.TURNS, ("Convert",), ONE_ROW, "Convert: yes"),
    Form(("league",), (steps.TURNS,), S.TURNS, ("League",), ONE_ROW, "League: Evangelical League"),
    Form(("diplomacy game",), (steps.TURNS,), S.DIPLOMACY_GAME, ("Card", "With"), GAME,
         "Compete with Orange"),
    Form(("spread the faith", "dice"), (steps.TURNS,), S.FAITH, ("Where", "Dice", "Also converts"), BAND,
         "Dice: 1 on DUI, also DUR"),
    Form(("place influence", "influence"), (steps.TURNS,), S.PLACE, ("Principality", "DI"), BAND,
         "Influence: Cologne 2"),
    Form(("wars", "war", "declare war"), (steps.TURNS,), S.WARS, ("Against", "Winner"), WAR, "War: Hesse",
         gm=("Winner",)),
    Form(("war cards", "battle cards"), (steps.TURNS,), S.WARS, ("Against", "Cards"), WAR_CARDS,
         "War cards: Blue, gold:C M P C"),
    # 'When all Players Waging War have had an opportunity to Declare Wars and change their
    # Military Doctrines': typed on the Wars sheet, where the GM types the declarations
    Form(("new doctrine", "military doctrine", "doctrine"), (steps.TURNS,), S.WARS, ("New doctrine",), DOCTRINE,
         "Doctrine: Offensive"),
    Form(("religious war",), (steps.TURNS,), S.RELIGIOUS_WAR, ("Target",), ITEM, "Religious War: Goslar"),
    Form(("emperor joins",), (steps.TURNS,), S.RELIGIOUS_WAR, ("Emperor joins",), ITEM,
         "Emperor joins: Catholic League"),
    Form(("religious war leagues", "religious war league"), (steps.TURNS,), S.WAR_LEAGUES, ("League",), BAND,
         "Religious War League: Catholic League"),
    Form(("religious war cards",), (steps.TURNS,), S.WAR_CARDS, ("Cards",), BAND, "Religious War Cards: M P C"),
    Form(("foreign powers", "foreign power"), (steps.FOREIGN,), S.FOREIGN, ("Home Province", "Edge"), BAND,
         "Foreign Power: Netherlands, west"),
)
"""Every line a player may mail, the sheet's own name first among its keywords."""

GM_ONLY = {
    "influence gained": "the Influence gained is the GM's entry, what the Diplomacy Game's cards give ('take the "
                        "Influence listed on the card': mail the card you show, 'Compete with Orange'), or the GM's "
                        "count without them",
    "council of trent": "whether the Council of Trent is called is the GM's entry (the rulebook gives no procedure for "
                        "the attempt: 'attempt to Call the Council of Trent')",
    "peace treaties": "the Peace Treaties are the GM's entries, after the battles ('Complete all battles in the First "
                      "Battle Phase, then sign Peace Treaties'): tell the GM what you take",
    "influence changes": "the Influence Changes are the GM's entries (the Diplomatic Influence a treaty costs, with "
                         "its reason)",
    "electors changed": "the Electors changed are the GM's entries, after the Religious War's peace ('he may remove "
                        "any number of heretical Electors ... replacing them with Electors of his choice'): tell the "
                        "GM your choice",
    "winning league": "the League that won the Religious War is the GM's entry (the battle decides it)",
    "winner": "a war's winner is the GM's entry (the battle decides it, at the table or by the cards)",
}
GM_ONLY.update({"peace treaty": GM_ONLY["peace treaties"], "treaty": GM_ONLY["peace treaties"],
                "trent": GM_ONLY["council of trent"]})
"""What only the GM enters, and why a player's line for it is refused."""

_WORDS = sorted([(w, f) for f in FORMS for w in f.words] + [(w, None) for w in GM_ONLY], key=lambda x: -len(x[0]))
_CARD = re.compile(r"^(co-?operate|compete)\s+(?:with|against|vs\.?)\s+(.+)$", re.IGNORECASE)
"""A card shown and to whom; 'Co-operate', as British players spell it, is the Cooperate card."""
LABELS = {"capital": "Capital", "provinces": "Provinces", "also": "Also converts", "also converts": "Also converts",
          "on": "Where", "edge": "Edge", "home": "Home Province", "home province": "Home Province"}
"""A value's label, inside its line (``capital HAM``) -> the column it fills."""


@dataclass(frozen=True)
class Line:
    """A line read: its form (None: one of the GM's) and the rows of values it gives (column ->
    text, the mail's words), or why it cannot be read."""

    word: str
    form: Form | None
    rows: tuple[dict, ...] = ()
    error: str = ""


def keyword(text: str) -> tuple[str, Form | None, str] | None:
    """(the keyword, its form or None for the GM's, the rest of the line), or None when the line
    opens with no keyword."""
    if re.match(r"(co-?operate|compete)\b", text.strip(), re.IGNORECASE):
        return "diplomacy game", next(f for f in FORMS if f.sheet == S.DIPLOMACY_GAME), text.strip()
    low = " ".join(text.strip().lower().split())
    for word, form in _WORDS:
        if low.startswith(word) and (len(low) == len(word) or low[len(word)] in ": ="):
            rest = " ".join(text.strip().split())[len(word):].lstrip(" :=").strip()
            # 'Actions - Heresy, Diplomacy': a dash between the keyword and the values, as a
            # colon; never a value's sign, none of a player's lines taking a negative one
            # and the full stop a sentence ends with: no value ends with one
            return word, form, re.sub(r"^[-\u2013\u2014](?:\s+|$)", "", rest).removesuffix(".").rstrip()
    return None


def read_line(text: str, kind: str) -> Line | None:
    """The line's form and values; None when it opens with no keyword. ``kind``: the step's
    phase type (a keyword two steps share, ``Influence``, is read as this step's)."""
    found = keyword(text)
    if found is None:
        return None
    word, form, rest = found
    if form is None:
        return Line(word, None)
    if kind not in form.steps:
        same = next((f for f in FORMS if word in f.words and kind in f.steps), None)
        form = same or form
    try:
        return Line(word, form, tuple(_values(form, word, rest)))
    except ValueError as e:
        return Line(word, form, error=str(e))


def _values(form: Form, word: str, rest: str) -> list[dict]:
    items = [part for i in re.split(r"[,;]", rest) for part in _at_labels(form, i.strip())]
    if form.place == WAR or form.columns == ("Target",):
        # 'War on Red', 'Declare war on Hesse', 'Religious war on Goslar': the side the war is
        # against, as 'War: Red'
        items[0] = re.sub(r"^(?:on|against)\s+", "", items[0], flags=re.IGNORECASE)
        if word != "wars":
            items = [part.strip() for i in items for part in re.split(r"\s+and\s+|\s*&\s*", i, flags=re.IGNORECASE)]
        if word != "wars" and len([i for i in items if i]) > 1:
            # the short form names no Winner: a second name is a second war, each a line of its own
            first, second = [i for i in items if i][:2]
            raise ValueError(f"one war a line: 'War: {first}', then 'War: {second}' on a line of its own")
    if form.place == GAME:
        card = _CARD.match(rest)
        if not card:
            raise ValueError(f"the card you show and to whom: {form.example!r}")
        return [{"Card": card.group(1).replace("-", ""), "With": card.group(2).strip()}]
    if word == "actions":
        chosen = [a for i in re.split(r",|;|\band\b|&|\+|/", rest) if i.strip() for a in _actions(i)]
        return [{a: "yes" if a in chosen else "no" for a in ACTIONS}]
    if form.columns == ("Principality", "DI"):
        # 'Cologne 1 and Hesse 2': 'and' between two placements, as a comma (no name holds it)
        items = [pair for item in items for part in re.split(r"\s+and\s+|\s*&\s*", item, flags=re.IGNORECASE)
                 for pair in _pairs(part)]
    if form.columns == ("Principality", "DI") and items and all(map(_amount, items)):
        # 'Influence: Cologne 2, Hesse 1': a row for each principality
        return [dict(zip(form.columns, _amount(item))) for item in items]
    if word == "influence" and not (len(items) == 2 and items[1].isdigit()):
        raise ValueError(f"where and how many, a principality each: {form.example!r} (or '2 on Cologne')")
    if form.sheet == S.FAITH and items and _amount(items[0]):
        return [dict(zip(("Where", "Dice"), _amount(items[0]))) | _columns(form, items[1:], ("Also converts",))]
    if word == "dice":
        raise ValueError(f"how many dice and where: {form.example!r}")
    if form.place == WAR_CARDS:
        against, _, cards = rest.partition(",")
        if not against.strip() or not cards.strip():
            raise ValueError(f"the war, then your cards: {form.example!r}")
        return [{"Against": against.strip(), "Cards": cards.strip()}]
    return [_columns(form, items, form.columns)]


def _actions(item: str) -> list[str]:
    """The actions one item names: one ('Heresy', 'Engage in Diplomacy'), or several written
    with spaces only ('Diplomacy War'), each word naming one."""
    try:
        return [_action(item)]
    except ValueError:
        words = item.split()
        if len(words) < 2 or not all(len([a for a in ACTIONS if w.lower() in a.lower()]) == 1 for w in words):
            raise
        return list(dict.fromkeys(_action(w) for w in words))


def _action(item: str) -> str:
    found = [a for a in ACTIONS if item.strip().lower() in a.lower()]
    if len(found) != 1:
        raise ValueError(f"two of {', '.join(ACTIONS)} ('Players will choose 2/3'), found {item.strip()!r}")
    return found[0]


def _pairs(item: str) -> list[str]:
    """'Mainz 2 Bohemia 1', the commas left out: an item for each principality and its number;
    no principality's name holds a digit."""
    text = _plain(item)
    if re.fullmatch(r"(?:\D+?\s\d+\s+)+\D+?\s\d+", text):
        return [pair.strip() for pair in re.findall(r"\D+?\s\d+", text)]
    return [item]


def _plain(item: str) -> str:
    """An amount as written without what stands between the name and the number: 'Cologne: 2',
    'Cologne = 2', 'Cologne (2)', 'Cologne x2' are 'Cologne 2'."""
    text = " ".join(re.sub(r"\s*[:=]\s*|[()]", " ", item).split())
    return re.sub(r"(?<=\s)[x\u00d7](?=\d+$)", "", text, flags=re.IGNORECASE)


def _amount(item: str) -> tuple[str, int] | None:
    """``Cologne 2``, ``2 on Cologne``, ``2 dice on DES`` or ``2 Cologne``: (the name, the whole number)."""
    first = re.fullmatch(r"(\d+)\s+(?:(?:dice|die)\s+)?(?:on\s+)?(\D.*)", _plain(item), re.IGNORECASE)
    last = re.fullmatch(r"(.*\D)\s+(\d+)", _plain(item))
    if first:
        return first.group(2).strip(), int(first.group(1))
    return (last.group(1).strip(), int(last.group(2))) if last else None


def _columns(form: Form, items: list[str], columns: tuple[str, ...]) -> dict:
    """The items as the columns in order, a labelled one (``capital HAM``) to its column, the
    list column taking the items left over."""
    while items and not items[-1]:
        items = items[:-1]
    values: dict = {}
    plain = []
    for item in items:
        label = next((w for w in sorted(LABELS, key=len, reverse=True)
                      if LABELS[w] in columns and re.match(rf"{w}(?:\s*[:=]\s*|\s+)\S", item, re.IGNORECASE)),
                     None)
        if label and not (form.listed == LABELS[label] and LABELS[label] in values):
            values[LABELS[label]] = item[len(label):].strip(" :=")
        else:
            plain.append(item)
    free = [c for c in columns if c not in values]
    if form.listed in free and len(plain) > len(free):
        at = free.index(form.listed)
        extra = len(plain) - len(free)
        plain[at:at + extra + 1] = [", ".join(plain[at:at + extra + 1])]
    if len(plain) > len(free):
        if len(free) == 1:  # 'separated by commas' would ask for a list where one value is taken
            raise ValueError(f"one value ({free[0]}) as in {form.example!r}, found {len(plain)}: {', '.join(plain)}")
        raise ValueError(f"at most {len(free)} value(s), {', '.join(free)}, separated by commas: {form.example!r}")
    values.update({c: v for c, v in zip(free, plain) if v})
    # 'placing a town on the Elector's capital province': of one province, the capital can be
    # no other ('Elector: Mainz, DUR' was typed with no Capital and refused by the turn)
    if "Capital" in columns and not values.get("Capital") and len(words_of(values.get("Provinces"))) == 1:
        values["Capital"] = values["Provinces"].strip()
    return values


def _at_labels(form: Form, item: str) -> list[str]:
    """An item cut before each column's label inside it, the comma before it left out
    ('EIC EIS HAE HAM capital HAM', '2 on DES also FRS'): the label names its column, never a
    province or a principality. 'on' is the Dice's own word ('1 on DUI'), not cut at."""
    labels = [w for w in LABELS if w != "on" and LABELS[w] in form.columns]
    if not labels:
        return [item]
    words = "|".join(sorted(map(re.escape, labels), key=len, reverse=True))
    return [part.strip() for part in re.split(rf"\s+(?=(?:{words})(?:\s*[:=]\s*|\s+)\S)", item, flags=re.IGNORECASE)]


def words_of(text: str) -> list[str]:
    """The words of a list (provinces), separated by commas, spaces or slashes."""
    return [w for w in re.split(r"[,;/\s]+", str(text or "")) if w]


def yes_no(text) -> str | None:
    """``yes`` or ``no`` as the sheets' dropdowns write them; the text itself when it is neither
    (the sheet's check names it); None for nothing."""
    low = str(text or "").strip().lower()
    return "yes" if low in YES else "no" if low in NO else (str(text).strip() or None)


def card(text: str) -> str:
    return chosen(text, CARDS) or text
