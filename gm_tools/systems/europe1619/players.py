"""Europe 1619 for fewer than 15 players: the variant as a smaller setup plays it.

Rulebook, 'Europe 1619 is played with 15 players, but can be modified for less', and the
14 PLAYERS ... 10 PLAYERS paragraphs: each smaller setup converts powers 'into an independent
minor state' (the Papacy; then Saxony; Savoy; Venice; with 10 players the Catholic League is
'removed as a playable power' and Bavaria converted), reduces their home center values to 3,
limits who may deposit INFs there, gives starting INFs and (10 players) forbids an alliance.

:func:`variant_for_players` derives, from the loaded variant and ``tables.toml [setups]``
and ``[conversions]``, a :class:`Variant` in which all of that is already true, written in
the same data layout as the 15-player game: the converted power is gone, a minor-state power
(``playable = false``, ``minor = true``) owns its units and home center, its provinces are
the minor's (``minor = CODE``), its row is in ``[minor_states]``, the setup's starting INFs
are in ``[initial_inf]`` and its forbidden alliance in ``[initial_declarations]``. So every
rules module (territory, occupation, treasury, scoring, the Diplomatic Phase, the sheets)
plays the smaller game without knowing the player count. The view's ``options["players"]``
tells :func:`gm_tools.systems.europe1619.adapter.setup_from_variant` the setup is already applied.
"""

from __future__ import annotations

import dataclasses

from gm_tools.errors import GameError, VariantDataError
from gm_tools.engine.variant import Power, Province, Variant

MINOR_COLOUR = "#c0c0c0"
"""'All units of the minor states ... are represented by sliver-colored pieces'."""

_VIEWS: dict[tuple[int, int], tuple[Variant, Variant]] = {}


def player_counts(variant: Variant) -> list[int]:
    """The numbers of players the variant has setups for (``tables.toml [setups]``: the
    rulebook's 'The 10-15 player setups')."""
    return sorted(int(k) for k in variant.tables.get("setups", {}) if str(k).isdigit()) or [len(variant.powers)]


def variant_for_players(variant: Variant, players: int) -> Variant:
    """The variant as played by ``players`` players (10 to 15); the same object for 15.
    Derived once per loaded variant and count, since the rules cache facts per variant."""
    counts = player_counts(variant)
    if players not in counts:
        raise GameError(
            f"--players {players}: found {players} players, expected {counts[0]} to {counts[-1]} for "
            f"{variant.name} (the rulebook's setups)"
        )
    if players == 15 or variant.options.get("players") == players:
        return variant
    key = (id(variant), players)
    if key not in _VIEWS:
        _VIEWS[key] = (variant, _derive(variant, players))  # the base kept alive: its id is the key
    return _VIEWS[key][1]


def not_players(variant: Variant, setup) -> tuple[tuple[str, str], ...]:
    """Words a GM may type in a column of powers that name no player of ``variant`` (as played),
    with what they name (:attr:`~gm_tools.engine.hooks.Column.not_choices`): each minor state by
    its code, name and aliases, and a power a smaller setup converted ('Convert the Papacy into an
    independent minor state') by its former code, name and aliases too, said to be a minor state
    in this game (PAPACY: 'a minor state in this game, PAP (Papal States), not a player')."""
    base = next((b for b, view in _VIEWS.values() if view is variant), variant)
    former = {row["minor"]: code for code, row in variant.tables.get("conversions", {}).items()
              if isinstance(row, dict) and code not in variant.powers and code in base.powers}
    words = []
    for code, minor in setup.minors.items():
        here = " in this game" if code in former else ""
        what = f"a minor state{here}, {code} ({minor.name}), not a player"
        words += [(code, f"a minor state{here} ({minor.name}), not a player")]
        words += [(word, what) for word in (minor.name, *minor.aliases)]
        if code in former:
            power = base.powers[former[code]]
            words += [(word, what) for word in (power.code, power.name, *power.aliases)]
    return tuple(words)


def _derive(variant: Variant, players: int) -> Variant:
    tables = variant.tables
    chosen = tables.get("setups", {}).get(str(players))
    if chosen is None:
        raise VariantDataError(variant.name, [f"tables.toml [setups]: no setup for {players} players"])
    problems: list[str] = []
    converted: dict[str, dict] = {}  # power -> its [conversions] row
    for power in chosen.get("convert", []):
        row = tables.get("conversions", {}).get(power)
        if row is None or power not in variant.powers:
            problems.append(f"tables.toml [setups.{players}]: {power} is converted but is not a power with a [conversions.{power}] row")
            continue
        converted[power] = row
    removed = set(chosen.get("removed", []))
    if problems:
        raise VariantDataError(variant.name, problems)
    minor_of = {power: row["minor"] for power, row in converted.items()}
    values = {code: int(v) for code, v in chosen.get("center_values", {}).items()}

    powers = {code: p for code, p in variant.powers.items() if code not in converted and code not in removed}
    for power, row in converted.items():
        powers[row["minor"]] = Power(
            code=row["minor"], name=row.get("name", row["minor"]), adjective=row.get("name", row["minor"]),
            colour=MINOR_COLOUR, playable=False, article=row.get("article", ""),  # checked with the tables
            aliases=tuple(a.lower() for a in row.get("aliases", ())),  # Power.aliases are lower case
            extra={"minor": True, "unit_label": row.get("unit_label", row["minor"][:2].title())},
        )

    provinces = {code: _province(prov, minor_of, values) for code, prov in variant.provinces.items()}
    units = tuple(
        dataclasses.replace(u, power=minor_of[u.power]) if u.power in minor_of else u
        for u in variant.start_units if u.power not in removed or u.power in minor_of
    )
    centers = {c: minor_of.get(owner, owner) for c, owner in variant.start_centers.items()
               if owner not in removed or owner in minor_of}

    return dataclasses.replace(
        variant,
        title=f"{variant.title} ({players} players)",
        provinces=provinces,
        powers=powers,
        start_units=units,
        start_centers=centers,
        options={**variant.options, "players": players},
        tables=_tables(tables, players, chosen, converted, set(powers)),
        lookup=dict(variant.lookup),
    )


def _province(prov: Province, minor_of: dict[str, str], values: dict[str, int]) -> Province:
    """A converted power's province becomes its minor's ('Convert ... into an independent
    minor state'); a home center takes the setup's value ('Reduce its center value to 3')."""
    changes: dict = {}
    owner = prov.extra.get("domain")
    if owner in minor_of:
        extra = {k: v for k, v in prov.extra.items() if k != "domain"}
        extra["minor"] = minor_of[owner]
        changes["extra"] = extra
    if prov.home in minor_of:
        changes["home"] = minor_of[prov.home]
    if prov.code in values:
        changes["value"] = values[prov.code]
    return dataclasses.replace(prov, **changes) if changes else prov


def _tables(tables: dict, players: int, chosen: dict, converted: dict[str, dict], in_play: set[str]) -> dict:
    """The variant's tables with the setup written in, so readers of the 15-player layout
    see the smaller game."""
    out = dict(tables)
    minors = dict(tables.get("minor_states", {}))
    for row in converted.values():
        minors[row["minor"]] = {k: v for k, v in row.items() if k not in ("minor", "unit_label")}
    out["minor_states"] = minors

    # 'A power no longer played places none of its INITIAL SETUP INFs'; the setup's own
    # starting INFs are restated, not added (NOTES.md).
    # Non-table keys ('reconstructed', 'source') are kept as they are.
    initial = {p: dict(row) if isinstance(row, dict) else row for p, row in tables.get("initial_inf", {}).items()
               if not isinstance(row, dict) or p in in_play}
    for minor, row in chosen.get("initial_inf", {}).items():
        for power, n in row.items():
            initial.setdefault(power, {})[minor] = int(n)
    out["initial_inf"] = initial

    declarations = dict(tables.get("initial_declarations", {}))
    for kind in ("alliances", "wars", "never_allied"):
        pairs = [list(p) for p in declarations.get(kind, [])]
        if kind == "never_allied":  # a pair with a power no longer played forbids nothing
            pairs += [list(p) for p in chosen.get("never_allied", [])]
        else:
            pairs = [p for p in pairs if all(x in in_play for x in p)]
        declarations[kind] = pairs
    # which of those pairs are the setup's own rule, cited as '10 PLAYERS' (adapter.py)
    declarations["setup_never_allied"] = {"players": players, "pairs": [list(p) for p in chosen.get("never_allied", [])]}
    out["initial_declarations"] = declarations

    # The Reichstag and the Papacy as the smaller game has them: powers no longer played
    # neither sit in the Reichstag nor can be restricted by it.
    reichstag = dict(tables.get("reichstag", {}))
    for key in ("members", "foreign_powers"):
        if isinstance(reichstag.get(key), list):
            reichstag[key] = [p for p in reichstag[key] if p in in_play]
    if reichstag.get("caller") not in in_play:
        reichstag.pop("caller", None)
    out["reichstag"] = reichstag
    if tables.get("papacy", {}).get("power") not in in_play:
        out["papacy"] = {}

    # The setup is applied: what is left to apply is nothing.
    applied = {"players": players, "convert": [], "removed": [], "center_values": {}, "initial_inf": {},
               "never_allied": []}
    out["setups"] = {k: v for k, v in tables.get("setups", {}).items() if not isinstance(v, dict)}
    out["setups"][str(players)] = applied
    return out
