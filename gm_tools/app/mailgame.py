"""Which game a player's mail names, for ``gm-tools orders``: a mail naming another game of
the GM is not typed into this one.

A GM running several games gets every game's mail in one inbox, and a player in two of them
may send this game the other's orders (``Subject: [amsterdam] S1902M``). A mail's Subject and
its lines above the orders (the greetings: ``Orders for game amsterdam1902``) name a game by:

- a word that is the name of a game under the same games root (``--root``), on its own (not
  inside a longer word), unless that name is also a power's or a province's of this game's
  variant (a game called ``paris`` is not named by ``Paris to Burgundy``), a word a Subject
  says of its orders (a season, ``orders``, ``turn``), or one letter;
- ``game X`` or ``game: X`` (``Spiel``, ``partie``, ``partita``, ``juego``, ``spel`` too), where X
  is a game under the root, or looks like a game's name rather than a word (it has a digit,
  ``_`` or ``-``: ``game amsterdam1902``; ``game over`` names no game);
- ``[X]``, a mailing list's tag, where X is a game under the root.

When the mail names another game and does not name this one, it is refused as a whole, with
both games named; a mail naming this game too is read (the GM's own game is named). A reply
keeps the Subject of the mail it answers: a reply to another game's results is refused like
any other mail naming that game (the orders may well be that game's); the GM who knows better
enters the mail's text as pasted text, which has no Subject (without the greeting naming the
other game, if one does).
"""

from __future__ import annotations

import dataclasses
import datetime
import email
import email.policy
import email.utils
import re

from gm_tools.edges.addresses import GM
from gm_tools.edges.game import GAME_NAME_RE, games_root
from gm_tools.edges.mail import MAIL_HEADERS, SEASON_WORDS
from gm_tools.edges.workbook import power_lookup
from gm_tools.engine.phase import phase_title

_GAME_WORD = r"(?:game|spiel|partie|partita|juego|spel)"
_PHRASE = re.compile(rf"(?<!\w){_GAME_WORD}(?:\s*[:#]\s*|\s+)([A-Za-z0-9][A-Za-z0-9_-]*)", re.IGNORECASE)
_TAG = re.compile(r"\[\s*([A-Za-z0-9][A-Za-z0-9_-]*)\s*\]")
_MAIL_WORDS = set(SEASON_WORDS) | {"orders", "order", "results", "result", "turn", "phase", "moves", "builds", "retreats"}


def games_under(root) -> set[str]:
    """The names of the games under the games root (each a folder with its ``game.json``)."""
    folder = games_root(root)
    return {p.parent.name for p in folder.glob("*/game.json")} if folder.is_dir() else set()


def games_named(text: str, games: set[str], variant) -> set[str]:
    """The games ``text`` names (see the module's note), lower case."""
    known = {g.lower() for g in games}
    found = set()
    for match in _PHRASE.finditer(text):
        word = match.group(1).lower()
        looks = GAME_NAME_RE.match(word) and re.search(r"[a-z]", word) and re.search(r"[\d_-]", word)
        if word in known or looks:
            found.add(word)
    found |= {m.group(1).lower() for m in _TAG.finditer(text) if m.group(1).lower() in known}
    # a plain word naming a game is no game when the variant reads it as a power or a province,
    # or a mail's Subject says it of its orders (a game called ``spring``: ``Spring 1901 orders``),
    # or it is one letter (a game called ``a``)
    board = set(power_lookup(variant)) | {name.lower() for name in variant.lookup} | _MAIL_WORDS
    known = {g for g in known if len(g) > 1}
    found |= {g for g in known - board if re.search(rf"(?<![\w-]){re.escape(g)}(?![\w-])", text, re.IGNORECASE)}
    return found


def other_game(name: str, games: set[str], variant, subject: str, greetings: list[str]) -> str | None:
    """Why a mail (its ``subject`` and its ``greetings``, the lines above its orders) is not
    for game ``name``, or None: it names another game and not this one."""
    where = [(f"its Subject {subject!r}", subject)] + [(f"its line {line!r}", line) for line in greetings]
    named = {}
    for place, text in where:
        for game in sorted(games_named(text, games | {name}, variant)):
            named.setdefault(game, place)
    others = [game for game in named if game != name.lower()]
    if not others or name.lower() in named:
        return None
    part = "Subject" if named[others[0]].startswith("its Subject") else "line"
    return (f"a mail for game {name!r}: {named[others[0]]} names game {others[0]!r}, so its orders are not typed "
            f"into {name!r} (enter it in {others[0]!r}; if it is for {name!r} after all, enter its text "
            f"without that {part})")


_DEFAULTED = frozenset({"held_without_order", "retreat_not_ordered", "builds_not_ordered", "removed_by_civil_disorder"})
"""The notes of what the rules did for a power that entered nothing (2000 rulebook)."""


def owed_orders(record: dict) -> set[str]:
    """The powers a phase's record shows owing it orders: each that entered some, and each whose
    units or adjustments the rules played by default (its orders missed)."""
    defaulted = {n.get("power") for n in record.get("notes") or [] if isinstance(n, dict)
                 and any(isinstance(c, dict) and c.get("code") in _DEFAULTED for c in n.get("codes") or [])}
    return ({p for p, orders in (record.get("orders") or {}).items() if orders} | defaulted) - {None}


def late_mail(data: bytes, history: list[dict], calendar, phase: str, blocks: list[tuple[str, list]]) -> str | None:
    """Why a mail is late for the phase awaiting orders, or None: its Date is before the last
    phase that owed its powers orders was processed, so its orders were written for that phase,
    before its results (a mail saved into the GM's folder after the turn ran; orders that read
    in the next phase too would be typed as that phase's). A phase that owed them nothing does
    not count: Turkey's Fall orders, sent once Spring's moves were out and before the GM ran
    Austria's retreat, are on time (2000 rulebook, "Retreats"); Austria's retreat mailed then
    is late (a game whose records show no orders owed, The Peace of Westphalia's, counts its
    last phase). Pasted text has no Date; a Date that does not read is not held against the mail,
    and the record's minute makes a mail of that minute on time. Nor is the minute of an import
    that had no time for the phase (``dated_by``): the play was earlier, when is not known, and
    the mail may well be on time."""
    powers = {power for power, _ in blocks}  # the mail's power blocks
    # a game whose records never show these powers owing unit orders (The Peace of Westphalia's
    # steps, a first Influence phase) measures from its last phase
    last = next((r for r in reversed(history) if owed_orders(r) & powers), history[-1] if history else None)
    processed = last.get("processed") if last and last.get("dated_by") != "import" else None
    try:
        message = email.message_from_bytes(data.removeprefix(b"\xef\xbb\xbf"), policy=email.policy.compat32)
        sent = email.utils.parsedate_to_datetime(message["date"]) if message["date"] else None
        done = datetime.datetime.fromisoformat(processed.replace("Z", "+00:00")) if processed else None
    except (TypeError, ValueError, IndexError):
        return None
    if sent is None or done is None:
        return None
    sent = sent if sent.tzinfo else sent.replace(tzinfo=datetime.timezone.utc)  # a Date without its zone: UTC
    if sent >= done:
        return None
    played = phase_title(calendar, last["phase"])
    when = lambda t: t.astimezone(datetime.timezone.utc).strftime("%d %B %Y %H:%M UTC")  # noqa: E731
    return (f"a mail sent after {played} was processed ({when(done)}): it is dated {when(sent)}, "
            f"so it is late for {played} and nothing of it is typed as orders for {phase_title(calendar, phase)} "
            f"(a mail sent since is; if its Date is wrong, enter its text without its headers)")


def other_players(read: list, players: dict[str, str], variant) -> list[str]:
    """What the report says of each power line naming a player (``Turkey (Gul)``) who is not the
    power's on the Game sheet (``players``): a player replaced who still mails, or another power's
    player writing its orders. Said, not refused: the power line names the power."""
    said = []
    for label, parsed in read:
        for (power, _), heading in zip(parsed.blocks, parsed.power_lines):
            named = re.search(r"\(([^()]+)\)\W*$", heading.text) if heading.number else None
            player = players.get(power, "")
            if named and player and " ".join(named.group(1).split()).casefold() != " ".join(player.split()).casefold():
                name = variant.powers[power].name
                said.append(f"{label} line {heading.number}: {heading.text.strip()!r} names {named.group(1).strip()}, not "
                            f"{name}'s player on the Game sheet ({player}): its orders are read as {name}'s, as its power line says")
    return said


def senders_checked(read: list, mails: dict[str, bytes], addresses: dict[str, set[str]], variant,
                    refused: list, noted: list) -> list:
    """``read`` without each power block whose power has addresses on the Addresses sheet
    (``addresses``) when its mail's From is none of them: a player's orders for another power,
    by mistake or not, are not typed (``mails``: label -> the mail's bytes). Each is added to ``refused``, naming the sender; a mail of
    which no block is left is left out. The From, not the Reply-To, is checked: it is the
    address the player's mail program sends from, where a Reply-To is whatever was set for
    answers (a mailing list's). Pasted text (no headers) and a power without addresses are not
    checked; the GM's own addresses (the sheet's ``GM`` row) pass for every power. A block
    under a forwarded mail's headers showing a From is let through by that From too (the GM
    forwarding a player's mail from his own address, which is no power's), and a block of a
    mail a mailing list sent (its List-Id) by the writer's address the list kept when it put
    its own in the From (X-Original-From, else Reply-To: Google Groups', Mailman's "via"); as
    those are text anyone may type, each block so let through is said in ``noted``."""
    if not addresses:
        return read
    kept = []
    for label, parsed in read:
        (sender, listed), wrong = _sender(mails[label]), []
        for k, (power, lines) in enumerate(parsed.blocks):
            if sender is None or not addresses.get(power) or sender.lower() in addresses[power] | addresses.get(GM, set()):
                continue
            start = parsed.power_lines[k].number or (lines[0].number if lines else 0)
            shown = ([f.text for f in parsed.forwarded if f.number < start] or [None])[-1]
            heading, name = parsed.power_lines[k], variant.powers[power].name
            where = f"{label} line {heading.number}" if heading.number else label
            if listed in addresses[power]:
                noted.append(f"{where}: {name}'s orders typed as {listed}'s, the writer's address the mailing list "
                             f"{sender or 'no address'} kept when it put its own in the From")
                continue
            if shown in addresses[power]:
                noted.append(f"{where}: {name}'s orders typed as forwarded from {shown}, the From its forwarded "
                             f"headers show (the mail is from {sender or 'no address'})")
                continue
            wrong.append(k)
            who = f"{shown} (forwarded by {sender or 'no address'})" if shown else sender or "no address"
            who = f"{listed} (through the mailing list {sender})" if listed and not shown else who
            refused.append((where, repr(heading.text),
                            f"orders for {name} from {who}, which is not {name}'s on the Addresses "
                            f"sheet ({', '.join(sorted(addresses[power]))}): the {len(lines)} line(s) "
                            f"under it are not typed (if the player wrote from another address, add it on the "
                            f"Addresses sheet or enter the text without its headers)"))
        if wrong and len(wrong) == len(parsed.blocks):
            continue
        if wrong:
            keep = [k for k in range(len(parsed.blocks)) if k not in wrong]
            parsed = dataclasses.replace(parsed, **{f: [getattr(parsed, f)[k] for k in keep]
                                                    for f in ("blocks", "power_lines", "phases", "named_in")})
        kept.append((label, parsed))
    return kept


def _sender(data: bytes) -> tuple[str | None, str | None]:
    """(The address a mail's From names, "" when it names none, None for pasted text (no
    headers); in a mail a mailing list sent, the writer's address it kept, lower case, or None)."""
    message = email.message_from_bytes(data.removeprefix(b"\xef\xbb\xbf"), policy=email.policy.compat32)
    if not any(key.lower() in MAIL_HEADERS for key in message.keys()):
        return None, None
    kept = (message["x-original-from"] or message["reply-to"] or "") if message["list-id"] else ""
    kept = email.utils.parseaddr(str(kept))[1].lower()
    # a list that leaves the writer's From puts its own address in the Reply-To ('reply to the
    # list'): no writer's address kept
    posted = str(message["list-post"] or "").strip().strip("<>").removeprefix("mailto:")
    listed = email.utils.parseaddr(str(message["list-id"] or ""))[1].lower()  # dip.lists.example.org
    if kept == email.utils.parseaddr(posted)[1].lower() or kept.replace("@", ".", 1) == listed:
        kept = ""
    return email.utils.parseaddr(str(message["from"] or ""))[1].strip(), kept or None
