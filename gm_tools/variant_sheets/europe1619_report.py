"""Europe 1619's sections of a phase's page, in markdown, from the history record alone
(``record["extra"]["outcome"]``, written by :mod:`gm_tools.europe.phases`; keys in
``docs/europe1619.md``)."""

from __future__ import annotations

from ..variant import Variant


def _table(headers: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + " --- |" * len(headers)]
    lines += ["| " + " | ".join("" if v is None else str(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def sections(variant: Variant, record: dict) -> list[tuple[str, str]]:
    """(heading, markdown) pairs for the D, J, B and S phases; none for the others."""
    outcome = record.get("extra", {}).get("outcome", {})
    found = []
    if "reichstag" in record.get("extra", {}).get("europe1619", {}):
        from ..europe.reichstag import ReichstagState
        from ..phase import parse_phase

        year = parse_phase(record["phase"]).year
        state = ReichstagState.from_json(record["after"]["extra"].get("reichstag", {}))
        found.append(("Reichstag", "\n".join(m.describe() for m in state.meetings if m.year == year)))
    if "diplomatic" in outcome:
        d = outcome["diplomatic"]
        rows = []
        for code, s in d["statuses"].items():
            infs = ", ".join(f"{p} {n}" for p, n in sorted(s["infs"].items(), key=lambda x: (-x[1], x[0])))
            status = s["status"] + (f" (captured by {s['captured_by']})" if s["captured_by"] else "")
            rows.append([code, status, s["power"] or "", s["total"], infs, s["marker"] or ""])
        found.append(("Status of the minor states", _table(["Minor state", "Status", "Power", "INFs", "By power", "Marker"], rows)))
        attacks = "\n".join(f"- {a}" for a in d["attacks"]) or "None."
        found.append(("Diplomatic attacks", attacks))
        lines = [f"- in effect from {d['year']}: {t}" for t in d["took_effect"]]
        lines += [f"- declared: {t}" for t in d["declared"]]
        found.append(("Declarations", "\n".join(lines) or "None."))
    if "map_adjustment" in outcome:
        m = outcome["map_adjustment"]
        lines = [f"- {prov} captured by {who}" for prov, who in m["captures"]]
        lines += [f"- {prov} reverts (was held by {who})" for prov, who in m["reverted"]]
        lines += [f"- {e['power']} {e['unit']} must leave (rule {e['rule']})"
                  + (f"; may retreat to {', '.join(e['retreats'])}" if e["retreats"] else "; disbanded") for e in m["expelled"]]
        lines += [f"- disbanded: {u}" for u in m["disbanded"]]
        lines += [f"- {minor} captured by {who}: its INFs are held in suspension" for minor, who in m["captured_minors"]]
        lines += [f"- {minor} liberated" for minor in m["liberated_minors"]]
        lines += [f"- {p} is eliminated" for p in m["eliminated"]]
        markers = ", ".join(f"{minor} ({c})" for minor, c in m["markers"].items()) or "none"
        lines.append(f"- confessional markers: {markers}")
        found.append(("Map adjustment", "\n".join(lines)))
    if "transactions" in outcome:
        t = outcome["transactions"]
        headers = ["Power", "Balance", "Income", "Borrowed", "Lent", "Purchases", "New balance"]
        rows = [[p, i["balance"], i["income"], i["borrowed"], i["lent"], i["purchases"], i["new_balance"]]
                for p, i in t["treasury"].items()]
        found.append(("Treasury", _table(headers, rows)))
        if t["built"]:
            found.append(("Units built", "\n".join(f"- {u}" for u in t["built"])))
    if "scoring" in outcome:
        s = outcome["scoring"]
        headers = ["Power", "Captured centers", "Markers", "Captured provinces", "Lost centers", "Lost provinces", "Bonus", "Total"]
        order = sorted(s["scores"].items(), key=lambda x: (-x[1]["total"], x[0]))
        rows = [[p, i["captured_centers"], i["markers"], i["captured_provinces"], i["lost_centers"],
                 i["lost_provinces"], i["bonus"], i["total"]] for p, i in order]
        found.append((f"Scores {s['year']}", _table(headers, rows) + f"\n\n{s['verdict']}."))
    return found
