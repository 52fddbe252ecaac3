"""The provinces of a map by code and name: a page of the site beside its base map.

A phase's map names a province by hover, a tap or the arrow keys, all through the page's
script (``static/map.js``) or the names laid over the PNG (:mod:`gm_tools.publish.mapareas`),
which a screen reader is not given and a keyboard cannot reach. The PNG itself shows only
codes ("BUR"). This page lists every province of the variant, by code, with its name, its
kind and its supply center, in a table a screen reader reads by its headers and any browser
shows without a script: ``static/maps/VARIANT-HASH.provinces1.html`` beside the base map's
script, linked from under every map that is drawn over it.

One page for every phase of the variant, not a list in each page: a Europe map's list is
some 16 KB, and a phase's page, JSON and text together must stay under 60 KB
(``bench/sizes.py``); a link costs a page about 110 bytes. Each row's ``id`` is its code, so
``...provinces1.html#BUR`` points at Burgundy's.
"""

from __future__ import annotations

import jinja2

from gm_tools.engine.variant import Variant

NAMES_VERSION = 1
"""Part of the file's name, raised whenever what the page says changes shape (a browser keeps
the file in its cache by its name)."""
NAMES_SUFFIX = f".provinces{NAMES_VERSION}.html"
"""``static/maps/VARIANT-HASH.provinces1.html`` beside ``VARIANT-HASH.js``."""
KINDS = {"land": "land", "coast": "coast", "sea": "sea"}
"""A province's type in words (a coast: land touching the sea, for armies and fleets)."""


def names_path(base_path: str) -> str:
    """The provinces' page beside a base map's script (``static/maps/X.js`` -> ``X.provinces1.html``)."""
    return (base_path[:-len(".js")] if base_path.endswith(".js") else base_path) + NAMES_SUFFIX


def province_rows(variant: Variant) -> list[dict[str, str]]:
    """Each province of ``variant`` by code: its name, and its kind with a split coast's coasts
    and its supply center (whose home), in one cell: four columns did not fit a phone, a
    name like "Denmark/Sweden" or "Transcarpathia" being one word. The home power is named as a
    sentence names it, with its variant's article ("home of the Dutch Republic")."""
    rows = []
    for code in sorted(variant.provinces):
        province = variant.provinces[code]
        kind = KINDS.get(province.type, province.type)
        if province.coasts:
            kind += f" (coasts {', '.join(province.coasts)})"
        if province.supply_center:
            home = variant.powers.get(province.home) if province.home else None
            kind += f"; supply center, home of {home.in_text}" if home else "; supply center"
        rows.append({"code": code, "name": province.name, "kind": kind})
    return rows


def reconstructed_words(variant: Variant) -> str:
    """What of ``variant`` is this project's, the published one lost, as the page's sentence
    says it ("the map, the center values and the Military Cost Table"); "" for none. Said on
    the variant's own page so a player or archivist never quotes it as the rulebook's."""
    names = list(variant.reconstructed)
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def names_page(env: jinja2.Environment, variant: Variant) -> str:
    """The provinces' page of ``variant``."""
    return env.get_template("provinces.html").render(
        root="../../", variant=variant, rows=province_rows(variant), phase_noun=variant.system.rules.phase_noun,
        reconstructed=reconstructed_words(variant), page_title=f"Provinces of {variant.title}: names and codes")


def write_names(env: jinja2.Environment, writer, base_path: str, variant: Variant) -> str:
    """Write the provinces' page of the map drawn over ``base_path`` (written only when its
    bytes changed, as every file); returns its path in the site."""
    rel = names_path(base_path)
    writer.write(rel, names_page(env, variant))
    return rel
