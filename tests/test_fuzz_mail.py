"""Generated mail lines for the phases whose entries go on a game system's own sheets
(``gm-tools orders``: Europe 1615's deployments, 1615 v2's offers, placements and reference
lists, 1619's placements, declarations and purchases, Centenary's Fealty claims): every line is either typed onto a
sheet or refused with a reason, never anything else. Real lines are mutated, and plain text
is generated; the checks are the turn's own (``SheetHooks.check_inputs``).

`make test` runs a fast profile; `make soak` the long one (tests/conftest.py).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import fuzzcount
from conftest import run_examples
from gm_tools.app.mailorders import MailReport, _checked_rows
from gm_tools.app.turn import start_position
from gm_tools.edges.mail import MailLine
from gm_tools.edges.variants import load_variant
from gm_tools.engine.hooks import ORDERS

NASTY = ["\u200f", "\u202e", "\u0000", "\t", "\u00a0", "\ufeff", "\U0001f600", ">", ":", " : ", "-", "99999999999999999999",
         "-5", "0", "A", "F", "for", "<script>", "=1+1"]

CASES = {
    ("europe1615v2", "S1615M"): ["5 : A PAR - BUR", "0 : A BOH - LUS", "3 : F BRI H", "2 : A SAX S A BRA", "12: F NOR - BRI",
                                 "WAIVE: POR"],
    ("europe1615v2", "P1616I"): ["9: SAX", "5: FRANCE", "0: RHI > FRANCE", "1: LOR > SPAIN", "6: BOS"],
    ("europe1615v2", "P1616D"): ["0: RHI > FRANCE", "1: LOR > SPAIN", "0: ENGLAND > FRANCE", "9: SAX"],
    ("europe1615v2", "T1615T"): ["ENGLAND DENMARK FRANCE SPAIN AUSTRIA", "SPAIN, FRANCE", "DENMARK"],
    ("europe1615", "S1615M"): ["8: BOH", "7: BAV", "LOR > FRANCE", "A VIE - MRV", "10: LOR"],
    ("europe1619", "Y1619D"): ["5: BRE", "BRAP > FRANCE", "WAR: SPAIN", "ALLIANCE: ENGLAND", "3: BOHC"],
    ("europe1619", "Y1619B"): ["build A PAR", "bolster LYO", "reduce LYO", "disband LYO", "build F GEN for GEN"],
    ("centenary", "W1618A"): ["FEALTY: PORTUGAL, build in POR, retreat to EST", "FEALTY: Venice", "BUILD A CAS",
                              "FEALTY: DENMARK, build in DEN"],
}


def _loaded(name: str, phase: str):
    variant = load_variant(name)
    position = start_position(variant)
    position.phase = phase
    return variant, position


@st.composite
def lines(draw, real: list[str]) -> list[str]:
    out = []
    for _ in range(draw(st.integers(1, 5))):
        if draw(st.integers(0, 3)) == 0:
            out.append(draw(st.text(max_size=60)).strip())
            continue
        text = draw(st.sampled_from(real))
        for _ in range(draw(st.integers(0, 3))):
            at = draw(st.integers(0, len(text)))
            how = draw(st.sampled_from(["insert", "delete", "junk", "case"]))
            if how == "insert":
                text = text[:at] + draw(st.sampled_from(NASTY) | st.characters()) + text[at:]
            elif how == "delete":
                text = text[:at] + text[at + 1:]
            elif how == "junk":
                text += " " + draw(st.text(max_size=20))
            else:
                text = text.swapcase()
        out.append(text.strip())
    return [t for t in out if t] or ["?"]


@pytest.mark.parametrize("name, phase", list(CASES))
def test_every_mailed_line_is_typed_or_refused_with_a_reason(name, phase):
    variant, position = _loaded(name, phase)
    powers = sorted(p for p, x in variant.powers.items() if x.playable)

    @given(lines(CASES[(name, phase)]), st.sampled_from(powers))
    def check(texts, power):
        group = f"mail {name} {phase}"
        fuzzcount.tried(group)
        try:
            mailed = variant.system.mailed_rows(variant, phase, power, texts)
            if mailed is None:  # a Centenary mail with no claim in it is unit orders only
                assert name == "centenary" and not any(t.upper().startswith("FEALTY") for t in texts)
                return
            assert len(mailed.rows) == len(texts)
            report = MailReport(phase=phase)
            places = [f"mail line {k}" for k in range(len(texts))]
            kept, _ = _checked_rows(variant, position, mailed, places, [MailLine(k, t) for k, t in enumerate(texts)], report)
            on_sheets = [k for k, row in enumerate(mailed.rows)
                         if row is not None and not (isinstance(row, tuple) and row[0] == ORDERS)]
            # each such line is kept or refused, once, and a refusal says why
            assert len(kept) + len(report.refused) == len(on_sheets)
            assert all(why for _, _, why in report.refused)
            assert all(sheet in mailed.sheets for (sheet, _), _ in kept)
        except Exception:
            fuzzcount.failed(group)
            raise

    run_examples(check)


MAIL_LINES = ["France", "Germany (Hans)", "France: A PAR - BUR", "A PAR - BUR", "A MAR - SPA, F BRE - MAO", "a mar h",
              "A PAR - BUR (to bounce)", "Hi GM,", "Dear Tom", "S1901M", "Phase: Fall 1905", "Hans", "Jean-Pierre Dupont",
              "Mra Sap", "Moscwo Ukriane", "Thanks!", "Mit freundlichen Grüßen", "> A PAR - PIC", "> Germany",
              "On Mon, 23 Nov 2026, GM wrote:", "Von: GM <gm@example.org>", "-- ", "hans@example.org", "+49 30 123-456",
              "The army in Paris moves to Burgundy", "Armee München nach Tirol", ""]


def test_a_mail_of_players_lines_never_types_a_quote_or_takes_an_order_for_a_name():
    """Mails made of lines as players write them, in any order: the reading never fails, no
    quoted line ('> A PAR - PIC') is ever read as an order, and no line the phase's reader
    reads as an order is left out as a signed name (docs/workbook.md, gm-tools orders)."""
    from gm_tools.app.mailorders import _reader
    from gm_tools.edges.mail import read_mail
    from gm_tools.engine.rules import rules_for

    variant, position = _loaded("standard", "S1901M")
    reads = _reader(variant, position, rules_for(variant))

    @given(st.lists(st.sampled_from(MAIL_LINES), min_size=1, max_size=8), st.sampled_from(["orders", "France orders",
                                                                                             "Re: S1901M", "Orders F1905M"]))
    def check(body, subject):
        fuzzcount.tried("mail reading standard")
        try:
            mail = read_mail("\n".join(body) + "\n", variant, subject, reads)
            for power, lines in mail.blocks:
                assert not any(line.text.startswith(">") for line in lines)
            assert not any(reads(power, line.text) for power, _ in mail.blocks for line in mail.signature)
            assert len(mail.blocks) == len(mail.phases) == len(mail.named_in) == len(mail.power_lines)
        except Exception:
            fuzzcount.failed("mail reading standard")
            raise

    run_examples(check)
