"""Orders as players mail them, read the way judges accept them.

A mail holds a power line (``France``, ``Power: FRA``, ``FRANCE:``, ``Orders for France``,
``France (Ann)``, or the power before its first order: ``France: A PAR - BUR``,
``FRANCE S1901M``: the phase a line or a ``Phase:`` greeting names goes with the block, for the
caller to refuse another phase's) and then that power's orders, one per line; a GM forwarding several players' orders may put several power lines in
one mail. Everything a mail program adds is left out before reading: the headers, quoted
replies (``> ...`` lines, ``On ... wrote:`` and everything after it, an HTML mail's
``<blockquote>``), a signature after the ``-- `` line or after a closing line on its own below the orders (``Thanks!``,
``Cheers,``, ``Best regards``), and the HTML of an HTML-only mail. A forwarded mail is read below its
``Forwarded message`` line and headers (Outlook's ``____`` rule or ``Original Message`` line
when the Subject says ``FW:``), the forwarding note above them as a greeting. These lines are known as mail programs write
them in English, German, French, Italian, Spanish and Dutch (``Am ... schrieb GM:``, ``Von:``).
A name signed on its own below the orders (``Hans``) ends them too, when nothing of it can be
an order, and so does a name that is a province's (``Sofia``) alone below a blank line after them
(:mod:`.signature`). Judges' ``END`` or ``SIGNOFF`` stops the reading. A list's bullet (``- ``, ``• ``, ``* ``) is
not part of the line; orders listed on one line between commas or semicolons are read one by one,
and a player's note after an order (``A PAR - BUR (to bounce)``, ``# a feint``) is left out. A power line may be
a sentence (``Here are France's orders for Spring 1901:``, ``Spain claims fealty of Portugal``: :mod:`.mailsentence`),
the first or one between two powers' blocks (a player running two powers).
Lines before the first power line are greetings: skipped, and listed so the GM can see what was not read, as is a greeting under a
power line above its orders (``Hi GM,``), or the phase (``S1901M``: the block's); but a mail with no power
line is read as the orders of the one power its Subject names (``France orders S1901``), below
its greeting (``Hi GM,``). A phase the Subject names (``Orders S1902M``) is the phase of the
blocks whose body names none, unless the Subject is a reply's to the GM's results.

This module only reads text: checking the orders against the phase, and the workbook, are
the caller's (:mod:`gm_tools.app.mailorders`).
"""

from __future__ import annotations

import codecs
import difflib
import email
import email.policy
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Callable
from html.parser import HTMLParser

from gm_tools.edges.mailsentence import sentence_power
from gm_tools.edges.signature import code_signatures, cut_signatures, is_greeting
from gm_tools.edges.workbook import power_lookup
from gm_tools.engine.variant import Variant

# The lines mail programs write, in English and as set up in German, French, Italian, Spanish
# or Dutch (Gmail's "Am ... schrieb ...:", Outlook's "Von:" and "-----Ursprüngliche Nachricht-----").
_ORIGINAL = (r"-+\s*(original message|urspr(ü|ue|u)ngliche nachricht|message d'origine|messaggio originale|"
             r"mensaje original|oorspronkelijk bericht)\s*-+")
_WROTE = re.compile(r"^(on\b.*\bwrote|am\b.*\bschrieb\b.*|le\b.*\ba [ée]crit\s*|il\b.*\bha scritto|"
                    r"el\b.*\bescribi[óo]|op\b.*\bschreef\b.*):$", re.IGNORECASE)
"""The line above a quote marked with ``> ``: a player may answer below it (bottom-posting)."""
_QUOTE_HEADER = re.compile(rf"^({_ORIGINAL}|(from|von|de|da|van)\s?:\s.*|sent from my \w+.*|envoy[ée] de mon \w+.*|"
                           r"von meinem \w+.*gesendet|inviato da\b.*|enviado desde mi \w+.*|verzonden (met|vanaf) mijn \w+.*|"
                           r"get outlook for \w+.*)$", re.IGNORECASE)
"""A line after which a mail program puts the quoted mail, or its own footer."""
_FORWARDED = re.compile(r"^(-+\s*(forwarded message|weitergeleitete nachricht|message transf[ée]r[ée]|"
                        r"messaggio inoltrato|mensaje reenviado|doorgestuurd bericht)\s*-+|begin forwarded message:|"
                        r"anfang der weitergeleiteten nachricht:|d[ée]but du message r[ée]exp[ée]di[ée]\s*:|"
                        r"inizio messaggio inoltrato:)$", re.IGNORECASE)
"""The line above a forwarded mail: its orders are read (a player's mail sent to the wrong
address and forwarded to the GM), and the headers under the line are not."""
_OUTLOOK_FORWARD = re.compile(rf"^(_{{2,}}|{_ORIGINAL})$", re.IGNORECASE)
_FORWARD_HEADER = re.compile(r"^(from|date|sent|subject|to|cc|reply-to|von|datum|gesendet|betreff|an|de|envoy[ée]|"
                             r"objet|[àa]|da|data|inviato|oggetto|asunto|para|enviado|van|verzonden|aan|onderwerp)\s*:",
                             re.IGNORECASE)
_STOP = re.compile(r"^(end|signoff)\b", re.IGNORECASE)
"""Judges' end of orders."""
_CLOSING_WORDS = (r"(many |best |kind |warm )?(thanks|regards|wishes)( a lot| again)?|thank you|thx|cheers|best|"
                      r"yours( truly| sincerely)?|sincerely|ta|bye|all the best|"
                      r"merci( beaucoup)?|cordialement|danke( schön| schoen)?|(viele |liebe )?gr(ü|ue|u)(ß|ss)e?|"
                      r"grazie( mille)?|saluti|ciao|gracias|saludos|groetjes|bedankt|obrigado|"
                      r"(mit )?(freundlichen|besten|herzlichen|sch(ö|oe|o)nen|beste|herzliche|sch(ö|oe|o)ne) gr(ü|ue|u)(ß|ss)(e|en)?|"
                      r"mfg|lg|vg|bien (à|a) (vous|toi)|amicalement|amiti(é|e)s|(à|a) (bient(ô|o)t|plus)|a\+|@\+|bises|"
                      r"(cordiali|distinti|tanti) saluti|un saluto|a presto|cordialmente|saludos cordiales|un abrazo|"
                      r"atentamente|met vriendelijke groet(en)?|(hartelijke )?groeten|"
                      # signed in character, as players of these variants do: a cheer for their
                      # sovereign or cause, or a courtier's close
                      r"vive (le roi|la reine|l'empereur|la france)|long live (the )?(king|queen|emperor|\w+)|"
                      r"god save (the )?(king|queen|emperor)|gott (mit uns|erhalte den kaiser)|vivat( \w+){0,2}|"
                      r"deus vult|viva (el rey|espa(ñ|n)a|il re|\w+)|(your )?(most )?(humble|obedient|faithful|"
                      r"humble and obedient) servant|in haste")
_CLOSING = re.compile(rf"^({_CLOSING_WORDS})\W*$|^_{{2,}}$"
                      # signed on the closing's line, 'Cheers, Karl', 'Saludos, Felipe': a name
                      # of one to three words, none with a digit or an order's sign
                      rf"|^({_CLOSING_WORDS})\s*[,!]\s*[^\W\d_][\w.'’-]*(\s+[^\W\d_][\w.'’-]*){{0,2}}\W*$",
                      re.IGNORECASE)
"""A mail's closing line (``Thanks!``, ``Cheers,``, ``Best regards``, ``Merci !``, ``Grüße``) on its own or
signed on its line (``Cheers, Karl``), after which
comes the player's name and signature with no ``-- `` line; or the rule (``____``) Outlook
draws above the mail a reply quotes."""
_SECTION = re.compile(r"^(?:my |the |our )?(?:(?:unit|army|fleet|movement|retreat|diplomatic|inf|influence|spring|"
                      r"summer|fall|autumn|winter)\s+)*(?:orders?|moves|retreats|builds|disbands|adjustments|"
                      r"(?:inf\s+|influence\s+)?(?:deployments?|placements?)(?:\s+list)?|infs?|attacks?|"
                      r"declarations?|offers?|bribes?|purchases?|reference\s+list)\s*:$", re.IGNORECASE)
"""A heading over a part of the orders, alone on its line between them (``INF deployment:``,
``Orders:``, ``Builds:``), as the Europe 1615 rulebook's example boxes the deployments and the
orders apart: left out and listed as not read, never refused as an order. Waivers are not here:
a ``Waivers:`` heading with nothing under it is said to leave the waivers as they are."""

_BULLET = re.compile(r"^[-*\u2022\u00b7\u2023\u25e6\u25aa\u2013\u2014]\s+")
"""A bullet a mail program or player puts before each line of a list (``- ``, ``• ``, ``* ``)."""
_SPACES = {0xA0: " ", 0x2007: " ", 0x202F: " ", 0x2009: " "}
"""Spaces an HTML mail (``&nbsp;``) or a word processor puts between words: plain spaces."""
_TYPOGRAPHIC = str.maketrans({"“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "‘": "'", "’": "'", "‚": "'",
                              "–": "-", "—": "-", "…": "..."})
"""The quotes and dashes a phone or Outlook types for the straight ones (``“France” —``)."""
_AROUND_NAME = re.compile(r"^[\"'*_\s]+|[\"'*_\s]+$|[\s.!:\-]+$")
"""Quotes, stars and trailing stops around a power's name (``"France"``, ``France -``, ``*France*``)."""
_POWER_PREFIX = re.compile(r"^(power|country|nation|player of|player|colou?r|orders for|orders of|from)\s*[:=]?\s*",
                           re.IGNORECASE)


@dataclass(frozen=True)
class MailLine:
    """One line of a mail, with its number in the text that was read (1 = first line)."""

    number: int
    """Line number in the mail's body, for the GM to find it."""
    text: str
    """The line as written, stripped of surrounding spaces."""


@dataclass
class MailOrders:
    """What one mail says: each power's orders, and what was left unread."""

    blocks: list[tuple[str, list[MailLine]]] = field(default_factory=list)
    """(power code, its order lines) in the order the power lines come in the mail."""
    skipped: list[MailLine] = field(default_factory=list)
    """Lines before the first power line (greetings), not read as orders."""
    power_lines: list[MailLine] = field(default_factory=list)
    """The power line of each block, in the order of ``blocks``: where a block is refused
    as a whole (a line naming a power no player plays)."""
    phases: list[str] = field(default_factory=list)
    """The phase each power line names after the power (``S1901M``, ``S1901`` of ``Spring
    1901``), or "": a block for another phase than the game's is refused."""
    named_in: list[str] = field(default_factory=list)
    """Where each block's phase was named: "the mail" (its power line or a ``Phase:`` line)
    or "the mail's Subject" (``Orders S1902M``); "" for none."""
    signature: list[MailLine] = field(default_factory=list)
    """A name signed below a block's orders and the lines under it: not read as orders."""
    signed_places: list[MailLine] = field(default_factory=list)
    """The names of ``signature`` that are a province's (``Sofia``), for the GM to see."""
    code_signed: list[tuple[MailLine, str]] = field(default_factory=list)
    """(line, words its refusal ends with) for a name below the orders that holds a province's
    code (``Ana``): read as an order, told where a signature goes (:func:`.signature.code_signatures`)."""
    headings: list[MailLine] = field(default_factory=list)
    """Headings between a block's orders (``INF deployment:``, ``Builds:``), not read as orders."""
    forwarded: list[MailLine] = field(default_factory=list)
    """The address of each forwarded mail's From shown in its forwarded headers (``From: Ann
    <ann@example.org>``), lower case, at its line: the sender of the orders below it."""


class _HtmlText(HTMLParser):
    """The visible text of an HTML mail, a line per block element, without quoted replies and
    the signature a mail program marks as one."""

    BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "pre", "table"}
    HIDDEN = {"style", "script", "head", "title", "blockquote"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0
        self.divs: list[bool] = []  # for each open div: does it hide (a mail program's quote)?

    def handle_starttag(self, tag, attrs):
        hides = tag in self.HIDDEN
        if tag == "div":
            hides = any(k in ("class", "id") and v and ("quote" in v or "signature" in v.lower()) for k, v in attrs)
            self.divs.append(hides)  # a quote, or a signature (Gmail's gmail_signature, Outlook's Signature)
        if hides:
            self.hidden += 1
        elif tag in self.BLOCKS and not self.hidden:
            self.parts.append("\n")

    def handle_startendtag(self, tag, attrs):
        if tag == "br" and not self.hidden:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        hid = tag in self.HIDDEN
        if tag == "div" and self.divs:
            hid = self.divs.pop()
        if hid:
            self.hidden = max(0, self.hidden - 1)
        elif tag in self.BLOCKS and not self.hidden:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def html_text(html: str) -> str:
    """The text a reader sees in an HTML mail, one line per paragraph or line break."""
    parser = _HtmlText()
    parser.feed(html)
    parser.close()
    return "".join(parser.parts)


MAIL_HEADERS = ("from", "to", "subject", "date", "content-type", "mime-version", "message-id", "received")
"""Headers that make a file a mail rather than pasted text ("Power: France" is not one)."""


def body_text(data: bytes) -> str:
    """A mail's body as plain text: the text/plain part of a MIME mail (or its HTML part made
    text when it has no plain one), or the whole file when it is not a mail but pasted text."""
    data = _without_bom(data)
    message = email.message_from_bytes(data, policy=email.policy.default)
    if not any(key.lower() in MAIL_HEADERS for key in message.keys()):
        text = _pasted_text(data)
        if re.search(r"<(html|body|div|p|br)\b", text, re.IGNORECASE):
            text = html_text(text)  # an HTML body saved or pasted on its own
        return unicodedata.normalize("NFC", text.replace("\r\n", "\n"))
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return ""
    content = part.get_content()
    if "\ufffd" in content:
        # 8-bit text with no charset (read as ASCII) or the wrong one (windows-1252 sent as
        # UTF-8 by an old mail program): read as pasted text is, München and all
        content = _pasted_text(part.get_payload(decode=True) or b"")
    if part.get_content_subtype() == "html":
        content = html_text(content)
    # one code point a letter (macOS may write ü as u and a combining diaeresis), as names are
    return unicodedata.normalize("NFC", content.replace("\r\n", "\n"))


def attachments(data: bytes) -> list[str]:
    """The file names of a mail's attachments (``orders.docx``), which are not read: only the
    mail's own text is."""
    message = email.message_from_bytes(_without_bom(data), policy=email.policy.default)
    if not message.is_multipart():
        return []
    # a picture the HTML shows (a signature's logo, by its Content-ID) is no attachment sent
    return [part.get_filename() or part.get_content_type() for part in message.iter_attachments()
            if not (part.get_content_maintype() == "image" and part["content-id"]
                    and part.get_content_disposition() != "attachment")]


def _without_bom(data: bytes) -> bytes:
    """A file saved with a byte order mark (Windows Notepad's UTF-8, its and PowerShell's
    "Unicode", UTF-16) as UTF-8 without it."""
    for bom, codec in ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16")):
        if data.startswith(bom):
            return data.decode(codec, errors="replace").encode("utf-8")
    return data


def _pasted_text(data: bytes) -> str:
    """Pasted text as saved: UTF-8, or else the Windows charset a text editor saves in
    (windows-1252, which reads latin-1's letters alike: ``München``)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


_SEASONS = {"spring": "S", "summer": "U", "fall": "F", "autumn": "F", "winter": "W",
            # Europe 1615's two winters: its Early Winter's phases are E1616D, not the builds' W
            "early winter": "E", "late winter": "W",
            # as German, French, Italian and Spanish players write them
            "frühjahr": "S", "fruehjahr": "S", "frühling": "S", "fruehling": "S", "sommer": "U", "herbst": "F",
            "printemps": "S", "été": "U", "ete": "U", "automne": "F", "hiver": "W",
            "primavera": "S", "estate": "U", "autunno": "F", "inverno": "W", "verano": "U", "otoño": "F",
            "otono": "F", "invierno": "W"}
SEASON_WORDS = frozenset(_SEASONS)
"""The seasons' names as players write them (``spring``, ``Herbst``): a phase's words, not a game's name."""
_SEASON = "|".join(sorted(_SEASONS, key=len, reverse=True))
_PHASE_TAG = re.compile(r"\s*[-,(]?\s*(?:orders\s+)?(?:for\s+)?(?:([A-Z]\d{4}[A-Z]?)|(" + _SEASON + ")"
                        r"\s+(\d{4}))\s*\)?\s*(?:orders)?\s*:?$", re.IGNORECASE)
"""A phase after the power (``FRANCE S1901M``, ``France - Spring 1901``): the phase the orders are for."""


_LEADING_PHASE = re.compile(r"(?:([A-Z]\d{4}[A-Z]?)|(" + _SEASON + r")\s+(\d{4}))\s*[-,:]?\s+(?:orders\s+(?:for|of)\s+)?",
                            re.IGNORECASE)
"""A phase before the power (``Spring 1906 orders for France``, ``S1906M France``)."""
_LEADING_SEASON = re.compile(r"(?:" + _SEASON + r")\s+orders\s+(?:for|of)\s+", re.IGNORECASE)
"""A season without its year before the power (``Fall orders for France``): no phase to check
against the game's, as the year would make it one."""


_PHASE_LINE = re.compile(r"^(phase|turn|season|fase|saison|jahreszeit|tour|zug|turno)\s*[:=]\s*", re.IGNORECASE)
"""A greeting line naming the phase the mail's orders are for (``Phase: F1905M``)."""


def _power_line(line: str, names: dict[str, str]) -> tuple[str, str] | None:
    """The power a line names on its own (``France``, ``FRANCE:``, ``Power: fra``, ``Orders for
    France``, ``France orders``, ``France's orders``) and the phase it names after it (``France S1901M``, ``France
    - Spring 1901``: ``S1901``; "" for none), or None."""
    text = _POWER_PREFIX.sub("", _bare(line)).rstrip(":").strip()
    phase = ""
    lead = _LEADING_PHASE.match(text)
    if lead:  # "Spring 1906 orders for France": the phase first
        phase = (lead.group(1) or f"{_SEASONS[lead.group(2).lower()]}{lead.group(3)}").upper()
        text = text[lead.end():]
    elif season := _LEADING_SEASON.match(text):
        text = text[season.end():]
    tag = _PHASE_TAG.search(text)
    if tag and tag.start() > 0:
        phase = (tag.group(1) or f"{_SEASONS[tag.group(2).lower()]}{tag.group(3)}").upper()
        text = text[:tag.start()]
    text = re.sub(r"(?:['’]s)?(?:\s+orders)?$", "", _bare(text), flags=re.IGNORECASE).lower()
    if text not in names:
        text = re.sub(r"\s*\([^()]*\)$", "", text)  # the player's name after it: "France (Ann)"
    if text not in names and text.startswith("the "):
        text = text[len("the "):]  # "The Ottoman Empire", "the Empire": the article no name begins with
    return (names[text], phase) if text in names else None


def _bare(text: str) -> str:
    """``text`` without the quotes, stars and trailing stops around a name, typographic or not."""
    text, was = text.translate(_TYPOGRAPHIC).strip(), None
    while text != was:  # '"France":' loses the colon, then the quotes
        text, was = _AROUND_NAME.sub("", text), text
    return text


_SUBJECT_PHASE = re.compile(r"(?<!\w)(?:([A-Z]\d{4}[A-Z]?|[a-z]\d{4}[a-z])|(" + _SEASON + r")\s+(\d{4}))(?!\w)",
                            re.IGNORECASE)
_RESULTS = re.compile(r"\b(results?|adjudicat\w*|reports?|resolved|processed|ergebnisse?|r[ée]sultats?|risultati)\b",
                      re.IGNORECASE)
"""A Subject of the GM's results mail, which a player's reply keeps: the phase it names is the last one."""


REPLY_SUBJECT = "the Subject of the reply"
"""Where a phase was named: a reply's Subject (``Re: S1901M``), which may name the mail replied to."""


def subject_phase(text: str) -> str:
    """The phase a Subject names for the orders (``Orders S1902M``: ``S1902M``; ``Spring 1902
    orders``: ``S1902``), or "": none, several, or the phase of the results a reply answers
    (``Re: S1901M results``)."""
    if _RESULTS.search(text):
        return ""
    found = set()
    for match in _SUBJECT_PHASE.finditer(text):
        code = match.group(1)
        if code and not (code[0].isupper() or code[-1].isalpha()):
            continue  # "g1901", a game's name, not a phase
        found.add((code or f"{_SEASONS[match.group(2).lower()]}{match.group(3)}").upper())
    return found.pop() if len(found) == 1 else ""


def subject(data: bytes) -> str:
    """A mail's Subject, or "" (pasted text has none)."""
    message = email.message_from_bytes(_without_bom(data), policy=email.policy.default)
    return " ".join(str(message["subject"] or "").split())


def _powers_named(text: str, variant: Variant) -> set[str]:
    """The players' powers a line names, each by a whole word or words (``Re: Germany attacked France``)."""
    return {code for name, code in power_lookup(variant).items() if variant.powers[code].playable
            and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE)}


def _subject_power(text: str, variant: Variant) -> str | None:
    """The one player's power a Subject names (``France orders S1901``), or None: none, or
    several (``Re: Germany attacked France``)."""
    found = _powers_named(text, variant)
    return found.pop() if len(found) == 1 else None


def near_power(lines: list[MailLine], variant: Variant) -> str:
    """Why a mail has no power line when a line above the orders misspells a power's name ('Red
    Phenix', 'Ottomans'), or names two ('France and England'): the power it is nearest, or that a
    power line names one, said after the list of powers; "" for none."""
    names = {n: code for n, code in power_lookup(variant).items() if variant.powers[code].playable}
    owner = variant.system.rules.owner_noun  # in the game's words: Westphalia's players mail lines
    for line in lines:
        both = _powers_named(line.text, variant)
        if len(both) > 1 and len(line.text.split()) <= 2 * len(both) + 2:  # a line of names, not a sentence
            return (f" (line {line.number}, {line.text!r}, names {len(both)} {owner}s: a {owner} line names one; "
                    f"the {variant.system.due_noun} of each {owner} go under a line of its own)")
        text = _POWER_PREFIX.sub("", line.text).strip(" :")
        text = re.sub(r"(?:['’]s)?(?:\s+orders)?$", "", text, flags=re.IGNORECASE).strip(" :").lower()  # "Germnay's orders"
        close = difflib.get_close_matches(text, list(names), n=1, cutoff=0.75) if len(text.split()) <= 4 else []
        if close:
            return f" (line {line.number}, {line.text!r}, is nearest {variant.powers[names[close[0]]].name})"
    return ""


def read_mail(text: str, variant: Variant, subject: str = "",
              reads: Callable[[str, str], bool] | None = None,
              unit_orders: Callable[[str, str], bool] | None = None,
              entry: Callable[[str, str], bool] | None = None, signers: dict[str, str] | None = None) -> MailOrders:
    """The power blocks of a mail's body text (see the module's note for what is left out).
    A body with no power line is read as the orders of the power its ``subject`` names, if it
    names one player's power and no other (``Subject: France orders S1901``); a phase the
    Subject names (``Orders S1902M``) is the phase of the blocks whose body names none.
    ``reads(power, line)``: whether the phase's reader reads the line as an entry (a name
    signed below the orders never is); None: only the words tell (:mod:`.signature`).
    ``unit_orders(power, line)``: whether the game reads the line as a unit order only (no
    row of a sheet of its own, such as Europe 1615 v2's offers, ``3: A SMY - ARM``, whose
    number is a bribe): there a bare number before an order is a list's (``_split_lists``).
    ``entry(power, line)``: whether the phase's reader reads the line as an entry, not as its
    form written wrong: a sentence naming a power that reads so is no power line (:mod:`.mailsentence`).
    ``signers``: power -> its player's name, which signs that power's orders (:mod:`.signature`)."""
    # Outlook forwards (Subject "FW: ...") under the rule or "Original Message" line it quotes a reply under
    forward = _OUTLOOK_FORWARD if re.match(r"^\s*(fw|fwd|wg|tr|i|rv)\s*:", subject, re.IGNORECASE) else None
    playing = frozenset(code for code, p in variant.powers.items() if p.playable)
    out = _read(text, power_lookup(variant), forward=forward, playing=playing, entry=entry)
    power = None if out.blocks else _subject_power(subject, variant)
    if power:
        out = _read(text, power_lookup(variant), (power, MailLine(0, f"Subject: {subject}")), forward, playing, entry)
    reads = reads or (lambda power, line: False)
    _split_lists(out.blocks, reads, unit_orders or (lambda power, line: False), entry or (lambda power, line: False))
    cut_signatures(out.blocks, out.signature, variant, reads, out.signed_places, signers)
    out.code_signed = code_signatures(out.blocks, variant, reads)
    named = subject_phase(subject)
    where = REPLY_SUBJECT if re.match(r"^\s*(re|aw|r|sv|antw|rif|odp)\s*:", subject, re.IGNORECASE) else "the mail's Subject"
    out.named_in = ["the mail" if p else where if named else "" for p in out.phases]
    out.phases = [p or named for p in out.phases]
    return out


def _read(text: str, names: dict[str, str], opened: tuple[str, MailLine] | None = None,
          forward: re.Pattern | None = None, playing: frozenset[str] = frozenset(),
          entry: Callable[[str, str], bool] | None = None) -> MailOrders:
    """The power blocks of ``text``; ``opened``: the power (and its line) the text's lines are
    for before any power line; ``forward``: the lines above a forwarded mail besides
    ``_FORWARDED``'s; ``playing``: the players' powers, whose name may open a line of orders
    (``France: A PAR - BUR``), or a sentence (``Here are France's orders``, ``Spain claims
    fealty of Portugal``), above the first power line or between two powers' blocks; ``entry``: as :func:`read_mail`'s."""
    out, phase = MailOrders(), ""
    if opened:
        out.blocks.append((opened[0], []))
        out.power_lines.append(opened[1])
        out.phases.append("")
    forwarded = False  # in the headers of a forwarded mail
    quote = None  # under an "On ... wrote:" line: has a "> " line come yet?
    rows = text.split("\n")
    # Gmail wraps a long "On ... wrote:" over two lines: the first is the quote line's start
    wrapped = {number for number, (one, two) in enumerate(zip(rows, rows[1:]), start=1)
               if re.match(r"^\s*(on|am|le|il|el|op)\b", one, re.IGNORECASE) and not _WROTE.match(one.strip())
               and _WROTE.match(f"{one.strip()} {two.strip()}")}
    greeting = opened is not None  # above a block's orders: a greeting or the phase is read as such
    for number, raw in enumerate(rows, start=1):
        line = raw.strip()
        if number in wrapped:
            line = f"{line} {rows[number].strip()}"
        elif number - 1 in wrapped:
            continue
        if _FORWARDED.match(line) or (forward and forward.match(line)) or (forwarded and (not line or _FORWARD_HEADER.match(line))):
            shown = forwarded and re.match(r"(?i)(from|von|de|da|van)\s*:.*?([^\s<>:\"'()\[\]]+@[\w.-]+\w)", line)
            if shown:
                out.forwarded.append(MailLine(number, shown.group(2).lower()))
            forwarded = True
            continue
        forwarded = False
        if quote is not None:
            # below the quote (its "> " lines) the player's own words go on; a quote not marked
            # so is the quoted mail itself, and ends the reading as before
            if not line or line.startswith(">"):
                quote = quote or line.startswith(">")
                continue
            if not quote:
                break
            quote = None
        elif _WROTE.match(line):
            quote = False
            continue
        if (raw.rstrip("\r") == "-- " or line == "--" or _QUOTE_HEADER.match(line) or _STOP.match(line)
                or (out.blocks and not greeting and _CLOSING.match(line))):  # a greeting's "Thanks!" is no closing
            break
        if not line or line.startswith(">"):
            continue
        line = _BULLET.sub("", line)  # as a list's number is, by the order reader
        line = line.translate(_SPACES)  # typed with plain spaces, as the player sees it
        power, rest = _power_line(line, names), None
        head, colon, tail = line.partition(":")
        if power is None and colon and tail.strip() and names.get(_bare(head).lower()) in playing:
            power, rest = (names[_bare(head).lower()], ""), tail.strip()  # "France: A PAR - BUR"
        if power is None:  # a power line written as a sentence
            power, rest = sentence_power(line, names, playing, entry or (lambda p, t: False), SEASON_WORDS,
                                         subject_phase) or (None, None)
            if power is not None and rest is None and out.blocks and out.blocks[-1][0] == power[0]:
                # naming the block's power again would throw away the orders above it on a
                # sentence's say-so ('These are France's final orders'): refused as a line instead
                power = None
        named = _PHASE_TAG.fullmatch(" " + _PHASE_LINE.sub("", line))
        if greeting and power is None and (is_greeting(line) or named):
            # "Hi GM," or "S1901M" above a block's orders (under its power line, or the
            # Subject's power's), read as it is above a power line; the phase is the block's
            out.skipped.append(MailLine(number, line))
            if named and not out.phases[-1]:
                out.phases[-1] = (named.group(1) or f"{_SEASONS[named.group(2).lower()]}{named.group(3)}").upper()
            continue
        greeting = power is not None and rest is None
        if rest is not None and out.blocks and out.blocks[-1][0] == power[0]:
            out.blocks[-1][1].append(MailLine(number, rest))  # the power's next order on a line of its own
        elif power is not None:
            out.blocks.append((power[0], [] if rest is None else [MailLine(number, rest)]))
            out.power_lines.append(MailLine(number, line))
            out.phases.append(power[1])
        elif out.blocks and _SECTION.match(line):
            out.headings.append(MailLine(number, line))
        elif out.blocks:
            out.blocks[-1][1].append(MailLine(number, line))
        else:
            out.skipped.append(MailLine(number, line))
            named = _PHASE_LINE.match(line) and _PHASE_TAG.fullmatch(" " + _PHASE_LINE.sub("", line))
            if named:  # "Phase: F1905M" above the orders: the phase of the power lines naming none
                phase = (named.group(1) or f"{_SEASONS[named.group(2).lower()]}{named.group(3)}").upper()
    out.phases = [p or phase for p in out.phases]
    return out


def replacing(label: str, where: str, line: MailLine) -> str:
    """Who replaces what, for the report: a mail an earlier one (or the workbook's orders), or a
    power's line written again in the same mail, whose orders replace those above it."""
    if where != label:
        return f"{label} replaces {where}"
    return f"{label} line {line.number}, {line.text!r}, names the power again: its orders replace those above it"


_NOTE = re.compile(r"\s*(\([^()]*\)|\[[^\]]*\]|#.*|//.*)$")
"""A player's note after an order: ``(to bounce Germany)``, ``# a feint``, ``// for later``."""


_LIST_NUMBER = re.compile(r"^(?:\d{1,3}([.)]?)|\(\s*\d{1,3}\s*(\))|([a-h]\)|\(\s*[a-h]\s*\)))\s+(?=\S)", re.IGNORECASE)
"""A list's mark before an order, ``1.``, ``2)``, ``(3)``, a letter ``a)`` or ``(b)``, or a bare
number (``3 A SMY - ARM``); the order reader reads past ``1.`` and ``2)`` only, as a bare number
begins a Payola offer (its amount), and a letter may be an order's (``b) A PAR``: a build)."""


def _split_lists(blocks: list, reads: Callable[[str, str], bool], unit_orders: Callable[[str, str], bool],
                 entry: Callable[[str, str], bool]) -> None:
    """Each line of ``blocks`` listing orders between commas or semicolons (``A PAR - BUR, A MAR
    - SPA``) as a line per order, where the line reads as no order and each part as one; a line
    with a note after its order (``A PAR - BUR (to bounce)``) as the order alone, where only
    that reads; a line numbered ``1. A SMY - ARM`` or ``3 A SMY - ARM`` as the order after the
    number (typed without it, as a bulleted order is without its bullet), where the phase reads
    it as a unit order only (``unit_orders``: never a line of an offer sheet, whose amount the
    number is), the order after the number reads and, for a bare number, the line does not."""
    for power, lines in blocks:
        split = []
        for line in lines:
            number = _LIST_NUMBER.match(line.text)
            rest = line.text[number.end():] if number else ""
            marked, letter = number and (number.group(1) or number.group(2)), number and number.group(3)
            plain = number and unit_orders(power, line.text)
            if number and (
                    (plain and not letter and (marked or not reads(power, line.text)) and reads(power, rest))
                    # a letter's ')' marks a list: 'b) A PAR - BUR' is no build, whatever 'b' reads as
                    or (plain and letter and reads(power, rest))
                    # a list's mark before a line of a sheet's (Europe 1619's '1) 4: LOR'), where
                    # the line after it reads as an entry and the whole does not
                    or (not plain and (marked or letter) and not entry(power, line.text) and entry(power, rest))):
                line = MailLine(line.number, rest)
            note = _NOTE.search(line.text)
            if note and note.start() > 0 and not reads(power, line.text) and reads(power, line.text[:note.start()]):
                line = MailLine(line.number, line.text[:note.start()])
            parts = [part.strip() for part in re.split(r"[;,]", line.text) if part.strip()]
            if len(parts) > 1 and not reads(power, line.text) and all(reads(power, part) for part in parts):
                split += [MailLine(line.number, part) for part in parts]
            else:
                split.append(line)
        lines[:] = split


_ENVELOPE = re.compile(rb"From \S+ [^\n]*\d{1,2}:\d\d")
"""A mailbox's envelope line, ``From sender date``, its date with the time of day: pasted text
opening with 'From Spain' is a player's line, not a mailbox."""


def mail_files(label: str, data: bytes) -> list[tuple[str, bytes]]:
    """The mails in one file the GM names: the file itself (a saved ``.eml``, pasted text), or
    each message of a mailbox a mail program exported (mbox: each message opens with an
    envelope line ``From sender date``, and a body line that would begin so is written
    ``>From``), in the mailbox's order, so that a later mail of a power replaces its earlier
    one as with separate files. Each is labelled for the report: ``inbox.mbox message 2``."""
    if not _ENVELOPE.match(data):
        return [(label, data)]
    parts = re.split(rb"\nFrom ", data[len(b"From "):])
    # each part: the rest of its envelope line, then the message
    return [(f"{label} message {n}", part.partition(b"\n")[2]) for n, part in enumerate(parts, start=1)]
