"""The Peace of Westphalia's sheets written back after every step: the princes, the
principalities, the Holy Roman Empire and the provinces as the step left them (the counts the
victories read included, :func:`.victory.counted`).

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Setup'. Plain data only; openpyxl stays in
:mod:`gm_tools.edges.workbook`.
"""

from __future__ import annotations

from gm_tools.engine.hooks import INTEGER, Column, Table
from gm_tools.engine.variant import Variant

PRINCES = "Princes"
STATES = "Principalities"
EMPIRE = "Holy Roman Empire"
BOARD = "Provinces"


def state_sheets(variant: Variant, state, phase: str) -> list[Table]:
    from gm_tools.systems.westphalia.figures import ally, imperial_power, principality_power
    from gm_tools.systems.westphalia.victory import counted

    state, year = counted(variant, state, phase)
    princes = Table(PRINCES, (Column("Player", width=14), Column("Name", width=18), Column("Religion", width=11),
                              Column("Provinces", width=30), Column("Capital", width=10),
                              Column("Imperial Power", INTEGER, width=15), Column("Doctrine", width=14),
                              Column("Gold", INTEGER, width=7), Column("Saints", INTEGER, width=8),
                              Column("Reformation Points", INTEGER, width=19),
                              Column("Saved Influence", INTEGER, width=16), Column("Foreign Power", width=24)))
    for p in state.setup_order or tuple(variant.powers):
        land = state.princes.get(p)
        princes.rows.append([p, variant.powers[p].name, state.religion_of(p),
                             ", ".join(land.provinces) if land else None, land.capital if land and land.capital else None,
                             imperial_power(state, p, year), state.doctrines.get(p), state.gold.get(p, 0),
                             state.saints.get(p, 0), state.reformation.get(p, 0), state.saved_di.get(p, 0),
                             (f"{state.foreign[p]['home']} ({state.foreign[p]['edge']} edge)"
                              if p in state.foreign else None)])
    states = Table(STATES, (Column("Principality", width=22), Column("Elector", width=8),
                            Column("Provinces", width=24), Column("Capital", width=10),
                            Column("Imperial Power", INTEGER, width=15), Column("Ally", width=12))
                   + tuple(Column(p.title(), INTEGER, width=10) for p in variant.powers))
    for name, land in sorted(state.principalities.items()):
        infs = state.influence.get(name, {})
        states.rows.append([name, "yes" if name in state.electors else None, ", ".join(land.provinces),
                            land.capital, principality_power(state, name), ally(state, name)]
                           + [infs.get(p) for p in variant.powers])
    catholic = sum(1 for e in state.electors
                   if not all(p in set(state.protestant) for p in state.principalities[e].provinces))
    empire = Table(EMPIRE, (Column("Item", width=28), Column("Now", width=40)), rows=[
        ["Emperor", state.emperor or "none yet"],
        ["Emperor since round", state.emperor_since or None],
        ["Emperor's religion", state.religion_of(state.emperor) if state.emperor else None],
        ["Catholic Electors", catholic],
        ["Protestant Electors", len(state.electors) - catholic],
        ["Setup Order", ", ".join(state.setup_order)],
        ["Initiative Order", ", ".join(state.initiative) or None],
        ["Leagues", "; ".join(f"{p}: {league}" for p, league in sorted(state.leagues.items())) or None],
        ["Council of Trent", f"called in round {state.trent}" if state.trent else "not yet called"],
        ["Religious Upheaval targets", ", ".join(state.targets) or None],
        ["The Emperor's death", ("dies: " if state.emperor_dies.get("dies") else "lives: ") + state.emperor_dies.get("why", "")
         + f" (the Imperial Election of {state.emperor_dies.get('year')})" if state.emperor_dies else None],
        ["Foreign Powers", ", ".join(f"{p} ({f['home']}, {f['edge']} edge)" for p, f in sorted(state.foreign.items()))
         or None],
    ])
    provinces = Table(BOARD, (Column("Province", width=10), Column("Name", width=18), Column("Held by", width=22),
                              Column("Religion", width=11), Column("Town", width=16)))
    owner = state.owner()
    capitals = {land.capital: name for name, land in state.principalities.items()}
    capitals.update({land.capital: p for p, land in state.princes.items() if land.capital})
    for code in sorted(variant.provinces, key=lambda c: variant.provinces[c].extra.get("order", 0)):
        holder = owner.get(code)
        town = None
        if code in capitals:
            town = "Elector's capital" if capitals[code] in state.electors else "capital"
        provinces.rows.append([code, variant.provinces[code].name, holder,
                               "protestant" if code in state.protestant else "catholic", town])
    return [princes, states, empire, provinces]
