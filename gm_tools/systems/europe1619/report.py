"""Europe 1619's sections of a phase's page, in markdown, from the history record alone
(``record["extra"]["outcome"]``, written by :mod:`gm_tools.systems.europe1619.phases`; keys in
``docs/europe1619.md``)."""

from __future__ import annotations

from gm_tools.engine.variant import Variant
from gm_tools.systems.europe1619 import recordwords
from gm_tools.systems.europe1619.recordwords import in_text as _in_text, infs as _infs, named as _named, tps as _tps
from gm_tools.systems.europe1619.state import stored


def _items(lines: list[str], empty: str) -> str:
    # an empty section says what is absent ("No diplomatic attacks this phase."), not "None."
    return "\n".join(f"- {line}" for line in lines) or empty


def _minor(variant: Variant, setup, code: str) -> str:
    """A minor state of the phase's setup by code and name ("BRAP (Brandenburg-Prussia)",
    :func:`recordwords.minor`); a code the setup does not know, as written."""
    state = setup.minors.get(code)
    return recordwords.minor(variant, code, state.name) if state is not None else code


def _setup(variant: Variant, record: dict):
    """The phase's setup: the rulebook's minor states, with a new independent state the
    phase's board has (an eliminated Spain's or England's)."""
    from gm_tools.engine.positions import position_from_json
    from gm_tools.systems.europe1619.phases import setup_of

    return setup_of(variant, position_from_json(record["after"]) if "after" in record else None)


def _status_text(variant: Variant, status: str, power: str | None, captured_by: str | None = None) -> str:
    if captured_by:
        return f"captured by {_in_text(variant, captured_by)}"
    return status + (f" ({_named(variant, power)})" if power else "")


def _placements(variant: Variant, record: dict, unused: dict) -> list[str]:
    """Each power's placements in the order written, as read ('3: BRE' for a GM's '3' and
    'bre' or 'Bremen', as the results show them), with the void ones marked and what it lost
    ('may not save unused INFs')."""
    from gm_tools.errors import OrderError
    from gm_tools.mechanics.influence import Placement
    from gm_tools.systems.europe1619.orders import read_order

    setup = _setup(variant, record)
    results = {(r["power"], r["order"]): r for r in record.get("results", [])}
    written = record.get("extra", {}).get("europe1619", {}).get("orders", {}) or {}
    lines = []
    for power, orders in written.items():
        placed = []
        for order in orders:
            if not order.split(":")[0].strip().isdigit():
                continue  # an attack or a declaration: their own sections
            shown = order
            try:
                read = read_order(setup, power, order)
                if isinstance(read, Placement):
                    order = read.canonical()
                    shown = f"{read.infs}: {_minor(variant, setup, read.minor)}"
            except OrderError:
                pass  # void as written: its result is under the words written
            r = results.get((power, order), {})
            placed.append(shown + ("" if r.get("result", "succeeds") == "succeeds" else f" (void: {r.get('reason', '')})"))
        if placed:
            lines.append(f"**{_named(variant, power)}**: {', '.join(placed)}" + (f"; {_infs(unused[power])} unused" if unused.get(power) else ""))
    return lines


def _status_changes(variant: Variant, record: dict, statuses: dict) -> list[str]:
    """Minor states whose status differs from the one they had when the phase opened."""
    from gm_tools.mechanics.influence import status_in

    setup = _setup(variant, record)
    before = stored(record.get("before", {}).get("extra", {}))
    influence, suspended = before.get("influence"), before.get("suspended", {}) or {}
    if influence is None:
        # The first Diplomatic Phase opens on the INITIAL SETUP placement ('there is an initial
        # placement of INFs to the minor states prior to the start of the game').
        influence = setup.initial_influence
    lines = []
    for code, st in statuses.items():
        was = _status_text(variant, *status_in(setup, influence.get(code, {})), suspended.get(code))
        now = _status_text(variant, st["status"], st["power"], st["captured_by"])
        if was != now:
            lines.append(f"**{_minor(variant, setup, code)}**: {was} \u2192 {now}")
    return lines


def _tracker(variant: Variant, setup, statuses: dict) -> str:
    """The Influence Tracker as a markdown table: minor states by row (code and name), a column
    per power holding INFs anywhere (the workbook's sheet of the same name), named as the orders
    name it. It is the page's one account of every minor state's status and INFs (a list saying
    the same, "Status of the minor states", doubled it), and the judge text gives its rows as
    lines (``SheetHooks.mail_tables``). A phase page's bytes are budgeted
    (tests/test_site_sizes.py) and the names are longer than the codes: the minor state is not
    bold, and the Marker column is left out while no state has a confessional marker. A captured
    state's Status keeps its status too ("UNALIGNED, captured by the Duchy of Savoy")."""
    powers = sorted({p for st in statuses.values() for p in st["infs"]}, key=lambda p: _named(variant, p))
    marked = any(st["marker"] for st in statuses.values())
    head = ["Minor state", *(_named(variant, p) for p in powers), "Total", "Status"] + (["Marker"] if marked else [])
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for code, st in statuses.items():
        status = _status_text(variant, st["status"], st["power"])
        if st["captured_by"]:
            status += f", captured by {_in_text(variant, st['captured_by'])}"
        # the record keeps the marker's key ("catholic"); the rulebook says "Catholic marker"
        cells = [_minor(variant, setup, code), *(str(st["infs"].get(p, "")) for p in powers), str(st["total"]),
                 status] + ([(st["marker"] or "").capitalize()] if marked else [])
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def _statements(variant: Variant, statements: dict) -> str:
    """Each power's statement, item by item from its balance to its new balance; the record
    keeps each item in words, which the page says as :func:`recordwords.statement_item` does."""
    lines = []
    for power, items in statements.items():
        middle = [f"{'+' if n >= 0 else '-'} {abs(n)} {recordwords.statement_item(variant, power, item)}"
                  for item, n in items[1:-1]]
        lines.append(f"**{_named(variant, power)}**: {items[0][1]} balance " + " ".join(middle)
                     + f" = {_tps(items[-1][1])}")
    return _items(lines, "No treasury statements this phase.")


def _decree(variant: Variant, record: dict) -> str:
    from gm_tools.systems.europe1619.reichstag import ReichstagState

    state = ReichstagState.from_json(stored(record.get("before", {}).get("extra", {})).get("reichstag", {}) or {})
    if state.decree is None or state.nullified:
        return "No decree of the Reichstag is in force."
    return f"In force from {state.effective}: {recordwords.agenda(variant, state.decree)}."


def sections(variant: Variant, record: dict) -> list[tuple[str, str]]:
    """(heading, markdown) pairs for the D, J, B and S phases; none for the others."""
    outcome = record.get("extra", {}).get("outcome", {})
    found = []
    if "reichstag" in record.get("extra", {}).get("europe1619", {}):
        from gm_tools.systems.europe1619.reichstag import ReichstagState
        from gm_tools.engine.phase import parse_phase

        year = parse_phase(record["phase"]).year
        state = ReichstagState.from_json(stored(record["after"]["extra"]).get("reichstag", {}))
        found.append(("Reichstag", "\n".join(recordwords.meeting(variant, m) for m in state.meetings if m.year == year)))
    if "diplomatic" in outcome:
        d = outcome["diplomatic"]
        last = _setup(variant, record).last_allocation_year
        # past the end no placement was possible: "none this phase" read as if none were sent
        none = (f"No Diplomatic Phase after {last} ('the Diplomatic Phase is skipped in the years following 1648'): "
                "no INFs are allotted." if int(d["year"]) > last else "No INF placements this phase.")
        found.append(("INF placements", _items(_placements(variant, record, d.get("unused", {})), none)))
        found.append(("Diplomatic attacks", _items([recordwords.attack(variant, a) for a in d["attacks"]], "No diplomatic attacks this phase.")))
        found.append(("Status changes", _items(_status_changes(variant, record, d["statuses"]), "No status changes this phase.")))
        found.append(("Influence Tracker", _tracker(variant, _setup(variant, record), d["statuses"])))
        lines = [f"- in effect from {d['year']}: {recordwords.declaration(variant, t)}" for t in d["took_effect"]]
        # 'becomes effective in the next year': without it "declared: Austria dissolved its
        # alliance" read as dissolved already
        lines += [f"- declared: {recordwords.declaration(variant, t)} (in effect from {int(d['year']) + 1})"
                  for t in d["declared"]]
        lines += [f"- the Papacy's protection lapses: {recordwords.papal_note(variant, t)}"
                  for t in d.get("papal_events", [])]
        found.append(("Declarations", "\n".join(lines) or "No declarations this phase."))
        found.append(("Reichstag decree", _decree(variant, record)))
    if "map_adjustment" in outcome:
        m = outcome["map_adjustment"]
        # the record keeps codes (["BRB", "DUTCH"]); the page names the power as the Treasury
        # does and gives the province by the code the orders write and its name, as a minor state
        # is given ("BRB (Brabant) captured by the Dutch Republic")
        setup = _setup(variant, record)
        lines = [f"- {recordwords.province(variant, prov)} captured by {_in_text(variant, who)}"
                 for prov, who in m["captures"]]
        lines += [f"- {recordwords.province(variant, prov)} reverts (was held by {_in_text(variant, who)})"
                  for prov, who in m["reverted"]]
        lines += [f"- {recordwords.expelled(variant, e)}" for e in m["expelled"]]
        # an expelled unit with no retreat is said disbanded on its own line above
        said = {f"{e['power']} {e['unit']}" for e in m["expelled"] if not e["retreats"]}
        # recorded as "VENICE A VEN", as the Units built are
        lines += [f"- disbanded: {_named(variant, u.split(' ', 1)[0])}: {recordwords.unit(variant, u.split(' ', 1)[-1])}"
                  for u in m["disbanded"] if u not in said]
        # 'all INFs presently invested in the state are held in suspension': said only of INFs there
        held = stored(record.get("after", {}).get("extra", {})).get("influence", {}) or {}
        # 'the minor state': a one-province state has the code of its province, captured above
        lines += [f"- the minor state {_minor(variant, setup, minor)} captured by {_in_text(variant, who)}: " + (
            "its INFs are held in suspension" if sum(held.get(minor, {}).values()) else "it holds no INFs")
            for minor, who in m["captured_minors"]]
        lines += [f"- the minor state {_minor(variant, setup, minor)} liberated" for minor in m["liberated_minors"]]
        lines += [f"- {_in_text(variant, p, start=True)} is eliminated" for p in m["eliminated"]]
        # grouped by confession ("Catholic in CAT (Catalonia), COL (Cologne); ..."): with each
        # state's name beside its code, "LOR (Lorraine-Alsace) (catholic)" would read badly; the
        # record's key ("catholic") capitalised as the rulebook's "Catholic marker" is
        by_confession: dict[str, list[str]] = {}
        for minor, confession in m["markers"].items():
            by_confession.setdefault(confession, []).append(_minor(variant, setup, minor))
        markers = "; ".join(f"{c.capitalize()} in {', '.join(states)}" for c, states in sorted(by_confession.items())) or "none"
        lines.append(f"- confessional markers: {markers}")
        found.append(("Map adjustment", "\n".join(lines)))
    if "transactions" in outcome:
        t = outcome["transactions"]
        lines = [f"**{_named(variant, p)}**: {_tps(i['balance'])} + {i['income']} income + {i['borrowed']} borrowed - {i['lent']} lent "
                 + (f"+ {i['received']} received - {i['paid']} paid " if i.get("received") or i.get("paid") else "")
                 + f"- {i['purchases']} purchases = {_tps(i['new_balance'])}" for p, i in t["treasury"].items()]
        found.append(("Treasury", _items(lines, "No treasury this phase.")))
        if t.get("statements"):
            found.append(("Treasury statements", _statements(variant, t["statements"])))
        if t["built"]:
            # recorded as "VENICE A VEN": the power named, the unit as the orders write it
            found.append(("Units built", "\n".join(f"- {_named(variant, u.split(' ', 1)[0])}: {recordwords.unit(variant, u.split(' ', 1)[-1])}"
                                                    for u in t["built"])))
    if "scoring" in outcome:
        s = outcome["scoring"]
        order = sorted(s["scores"].items(), key=lambda x: (-x[1]["total"], x[0]))
        lines = [f"**{_named(variant, p)}** {i['total']}: captured centers {i['captured_centers']}, markers {i['markers']}, "
                 f"captured provinces {i['captured_provinces']}, lost centers {i['lost_centers']}, "
                 f"lost provinces {i['lost_provinces']}, bonus {i['bonus']}" for p, i in order]
        found.append((f"Scores {s['year']}", _items(lines, "No scores this year.") + f"\n\n{recordwords.verdict(variant, s['verdict'], s['year'])}."))
    return found
