"""The loans still to be repaid, as a player reads them: who owes whom, how much, and when.

Rulebook (``002_e7e1b063b6c411e5.txt``), 'Loans': 'the player should expect a repayment on an
agreed upon time without interest, in parts or full ... he/she may demand an interest payment
along with repayment. These scenarios are monitored by the referee, but not enforced'. The
records keep every loan and every payment the GM typed (:mod:`.treasury`: the state's ``loans``
and ``payments``); nothing ties a payment to a loan. So a view is derived here, never recorded:
the borrower's payments to its lender, from the loan's year on, pay its loans oldest first,
interest included; what a loan has not been paid yet is outstanding.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_tools.engine.variant import Variant


@dataclass(frozen=True)
class Outstanding:
    """One loan not yet repaid in full."""

    year: str
    """The year it was made (its Builds and Transactions Phase)."""
    lender: str
    borrower: str
    amount: int
    """TPs lent."""
    interest: int
    """TPs of interest agreed."""
    repaid: int
    """TPs the borrower has paid the lender towards it so far."""
    due: str
    """The agreed repayment as the GM typed it: a year ('1623') or the players' words; empty
    when none was agreed."""


def outstanding(loans: list[dict], payments: list[dict]) -> list[Outstanding]:
    """The loans of the state's ``loans`` not yet repaid by the state's ``payments``, in the
    order they were made."""
    paid: dict[tuple[str, str], list[tuple[int, int]]] = {}  # (payer, payee) -> [(year, TPs)]
    for p in payments:
        paid.setdefault((p["payer"], p["payee"]), []).append((int(p["year"]), int(p["amount"])))
    left = []
    for loan in sorted(loans, key=lambda r: int(r["year"])):  # oldest first: a stable sort
        owed = int(loan["amount"]) + int(loan.get("interest") or 0)
        repaid = 0
        for i, (year, tps) in enumerate(paid.get((loan["borrower"], loan["lender"]), [])):
            if year < int(loan["year"]) or repaid == owed:
                continue
            used = min(tps, owed - repaid)
            repaid += used
            paid[(loan["borrower"], loan["lender"])][i] = (year, tps - used)
        if repaid < owed:
            terms = str(loan.get("terms") or "")
            left.append(Outstanding(str(loan["year"]), loan["lender"], loan["borrower"], int(loan["amount"]),
                                    int(loan.get("interest") or 0), repaid,
                                    terms.removeprefix("due ")))
    return left


def loans_section(variant: Variant, record: dict) -> list[tuple[str, str]]:
    """('Loans outstanding', a markdown table) after ``record``'s phase, powers by name as the
    Treasury names them; none when every loan is repaid."""
    from gm_tools.engine.positions import position_from_json
    from gm_tools.systems.europe1619.recordwords import tps
    from gm_tools.systems.europe1619.state import state_of

    if "after" not in record:
        return []
    state = state_of(position_from_json(record["after"]))
    left = outstanding(state.loans or [], state.payments or [])
    if not left:
        return []

    def named(code: str, start: bool = False) -> str:
        """The power in bold, after the article its variant data gives it ("owes the **Dutch
        Republic**"), capitalised at the sentence's start."""
        power = variant.powers.get(code)
        if power is None:
            return f"**{code}**"
        article = (power.article[:1].upper() + power.article[1:] if start else power.article) if power.article else ""
        return f"{article} **{power.name}**".lstrip()

    # a list, not a table: the judge text mails a section's list items (a table it leaves to the page)
    lines = []
    for o in left:
        owed = tps(o.amount) + (f" + {tps(o.interest)} interest" if o.interest else "")
        due = f"due {o.due}" if o.due else "no time of repayment agreed"
        rest = f"; {o.repaid} repaid, {o.amount + o.interest - o.repaid} still owed" if o.repaid else ""
        lines.append(f"- {named(o.borrower, start=True)} owes {named(o.lender)} {owed}, {due} (lent in {o.year}){rest}")
    return [("Loans outstanding", "\n".join(lines))]
