"""Write ``variants/westphalia/provinces.toml``: the 126 hexes of a 14-player board of The Peace
of Westphalia, in spiral order, each with its name, axial coordinates and neighbours.

Development only (the game reads the file). The printed map was lost; the names are towns and
lands of the Empire that are not the names of the game's principalities, given to the hexes
in spiral order. ``tests/test_westphalia_board.py`` checks the file against the geometry.

    .venv/bin/python tools/westphalia_board.py
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gm_tools.systems.westphalia.board import HEXES_PER_PLAYER, neighbours, spiral  # noqa: E402

NAMES = """Altenburg Amberg Arnsberg Aschaffenburg Bamberg Bautzen Bayreuth Bernburg Bielefeld Bonn
Brixen Calw Celle Chemnitz Coburg Cottbus Darmstadt Dessau Dillingen Donauwörth Dortmund Dresden
Duisburg Düren Eichstätt Eisenach Emden Erfurt Essen Esslingen Freiberg Freiburg Freising Fulda
Fürth Gera Giessen Glatz Görlitz Gotha Göttingen Graz Halberstadt Halle Hameln Hanau Hannover
Heidelberg Heilbronn Hildesheim Ingolstadt Innsbruck Jena Jülich Kaiserslautern Kassel Kempten Kiel
Koblenz Krems Landshut Leipzig Lemgo Lindau Linz Lippe Lüneburg Marburg Meissen Merseburg Minden
Mühlhausen Naumburg Nördlingen Oppeln Osnabrück Paderborn Pilsen Plauen Prague Quedlinburg
Ravensberg Rostock Saalfeld Schwerin Schweinfurt Siegen Soest Speyer Stade Stendal Stettin
Stralsund Tabor Torgau Tübingen Villach Weimar Wesel Wetzlar Wiener-Neustadt Wismar Wittenberg
Wolfenbüttel Worms Zerbst Zittau Zwickau Bruchsal Cham Deggendorf Eger Feldkirch Gmünd Hall Iglau
Kaufbeuren Klagenfurt Landau Mindelheim Olmütz Pirna Rottweil Steyr Weissenburg Znaim""".split()

MAX_PLAYERS = 14


def _ascii(name: str) -> str:
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().upper().replace("-", "")


def codes(names: list[str]) -> list[str]:
    """Three letters per name, unique: the first three, else the first two and a later letter."""
    out: list[str] = []
    for name in names:
        plain = _ascii(name)
        for code in [plain[:3]] + [plain[:2] + c for c in plain[2:]] + [plain[0] + c for c in plain[1:]]:
            if code not in out:
                out.append(code)
                break
        else:
            raise SystemExit(f"no code for {name}")
    return out


def render() -> str:
    count = HEXES_PER_PLAYER * MAX_PLAYERS
    cells = spiral(count)
    assert len(NAMES) == count == len(set(NAMES)), (len(NAMES), count)
    names = NAMES
    code_of = dict(zip(cells, codes(names)))
    lines = [
        "# The Peace of Westphalia: the hexes of the largest board (14 players, 9 tiles each), in",
        "# spiral order from the middle; a game of N players plays the first 9 x N. Written by",
        "# tools/westphalia_board.py; RECONSTRUCTED: the printed map was lost, so the names are towns",
        "# and lands of the Empire given to the hexes in order. hex = [q, r] are axial coordinates",
        "# (pointy side up); army lists the hexes sharing an edge.",
        "",
    ]
    for order, (cell, name) in enumerate(zip(cells, names), start=1):
        near = sorted(code_of[n] for n in neighbours(cell) if n in code_of)
        lines += [
            f"[{code_of[cell]}]",
            f'name = "{name}"',
            'type = "land"',
            f"hex = [{cell[0]}, {cell[1]}]",
            f"order = {order}",
            "army = [" + ", ".join(f'"{c}"' for c in near) + "]",
            "",
        ]
    return "\n".join(lines)


if __name__ == "__main__":
    target = ROOT / "variants" / "westphalia" / "provinces.toml"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(render(), encoding="utf-8")
    print(f"wrote {target}")
