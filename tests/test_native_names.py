"""The standard map's provinces as players of other languages name them (München, Wien,
Warszawa, Beograd for Serbia): aliases kept as data in variants/standard/provinces.toml
(docs/orders.md: 'A province is its code, its name or an alias from the variant's
provinces.toml'), none of which can be read as another province, and read from mails in
UTF-8 and windows-1252 alike."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest

from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import load_state, new_game, run_turn
from gm_tools.edges.mail import body_text
from gm_tools.edges.variants import load_variant
from gm_tools.edges.workbook import power_lookup
from gm_tools.engine.orderwords import CONVOY_WORDS, KEYWORDS, KIND_WORDS, _normal_words, names_of
from gm_tools.engine.parser import parse_order

from workflow_helpers import create


@pytest.fixture(scope="module")
def std():
    return load_variant("standard")


@pytest.mark.parametrize("spelling, code", [
    ("München", "MUN"), ("Munchen", "MUN"), ("Muenchen", "MUN"), ("Wien", "VIE"), ("Warszawa", "WAR"),
    ("Moskva", "MOS"), ("Roma", "ROM"), ("Napoli", "NAP"), ("Venezia", "VEN"), ("Sankt-Peterburg", "STP"),
    ("St Petersburg", "STP"), ("Izmir", "SMY"), ("Marseille", "MAR"), ("Lisboa", "POR"), ("Bruxelles", "BEL"),
    ("København", "DEN"), ("Kobenhavn", "DEN"), ("Oslo", "NWY"), ("Christiania", "NWY"), ("Stockholm", "SWE"),
    ("Beograd", "SER"), ("Istanbul", "CON"), ("Konstantinopel", "CON"), ("Böhmen", "BOH"), ("Tirol", "TYR"),
    ("Mer du Nord", "NTH"), ("PREUSSEN", "PRU"), ("Preußen", "PRU")])
def test_a_native_spelling_is_its_province(std, spelling, code):
    assert names_of(std).by_words[_normal_words(spelling.lower())] == code


ON_PURPOSE = [("irish earldom", "irish"), ("irish", "irish earldoms"), ("irish", "irish earldom"),
              ("munster in westphalia", "munster")]
"""The Europe maps name the Irish Sea and the Irish Earldoms alike, and Münster in
Westphalia after Ireland's Munster, on purpose: the longest run of words wins."""


@pytest.mark.parametrize("name, known", [("standard", []), ("centenary", []), ("europe1619", ON_PURPOSE),
                                         ("europe1615", ON_PURPOSE), ("europe1615v2", ON_PURPOSE)])
def test_no_alias_can_be_read_as_another_province_or_an_order_word(name, known):
    """An alias is unique (the loader refuses a repeated one), is no order word or coast, and
    neither starts with another province's one-word spelling nor is the start of another's
    longer one: the longest run of words that names a province wins, so such an alias
    would change how an order naming the other province reads. Only the Europe maps' names
    of ``ON_PURPOSE`` do; a native name added to any map (München, Köln, Praha) may not."""
    std = load_variant(name)
    own = {}
    for code, prov in std.provinces.items():
        for spelling in (code, prov.name, *prov.aliases):
            words = _normal_words(spelling.lower())
            assert own.setdefault(words, code) == code, (spelling, code, own[words])
    order_words = KEYWORDS | set(KIND_WORDS) | CONVOY_WORDS
    coasts = {"nc", "sc", "ec", "wc", "north", "south", "east", "west", "n", "s", "e", "w"}
    clashes = []
    for code, prov in std.provinces.items():
        for alias in prov.aliases:
            words = _normal_words(alias)
            assert not set(words) & order_words, alias
            assert len(words) > 1 or words[0] not in coasts, alias  # "north atlantic" is a name, "north" a coast
            clashes += [(alias, " ".join(words[:n])) for n in range(1, len(words)) if own.get(words[:n], code) != code]
            clashes += [(alias, " ".join(other)) for other, other_code in own.items()
                        if other_code != code and len(other) > len(words) and other[:len(words)] == words]
    assert clashes == known


@pytest.mark.parametrize("spelling, code", [("München", "BAV"), ("Wien", "VIE"), ("Praha", "BOH"), ("Warszawa", "WAR"),
                                            ("Moskva", "MOS"), ("Lisboa", "POR"), ("Roma", "PAS"), ("Venezia", "VEN")])
def test_a_native_spelling_on_the_centenary_map(spelling, code):
    """variants/centenary/provinces.toml: the 1618 map's provinces by the names players of
    other languages write (Munich is Bavaria's, Rome the Papal States')."""
    assert names_of(load_variant("centenary")).by_words[_normal_words(spelling.lower())] == code


@pytest.mark.parametrize("name, spelling, code", [
    ("europe1619", "Wien", "VIE"), ("europe1619", "Praha", "BOH"), ("europe1619", "Prag", "BOH"),
    ("europe1619", "München", "BAV"), ("europe1619", "Muenchen", "BAV"), ("europe1619", "Bayern", "BAV"),
    ("europe1619", "Köln", "COL"), ("europe1619", "Koeln", "COL"), ("europe1619", "Würzburg", "WUE"),
    ("europe1619", "Oberösterreich", "UPA"), ("europe1619", "Pfalz", "PAL"), ("europe1619", "Münster", "WES"),
    ("europe1619", "Munster", "MUN"), ("europe1619", "Königsberg", "PRU"), ("europe1619", "Lisboa", "POR"),
    ("europe1619", "Warszawa", "WAR"), ("europe1619", "Kraków", "WAR"), ("europe1619", "København", "COP"),
    ("europe1619", "Milano", "MIL"), ("europe1619", "Napoli", "NAP"), ("europe1619", "Torino", "TUR"),
    ("europe1619", "Schweiz", "SWI"), ("europe1619", "Franche-Comté", "FRC"), ("europe1619", "Franken", "ANS"),
    ("europe1615", "Würzburg", "FRA"), ("europe1615", "Franken", "FRA"), ("europe1615", "Pfalz", "RHI"),
    ("europe1615", "Mähren", "MRV"), ("europe1615", "Sachsen", "SAX"), ("europe1615", "Wien", "VIE"),
    ("europe1615v2", "Würzburg", "FRN"), ("europe1615v2", "Württemberg", "SWA"), ("europe1615v2", "Bruxelles", "SPA"),
    ("europe1615v2", "Franche-Comté", "FRA"), ("europe1615v2", "Praha", "BOH"), ("europe1615v2", "Andalucía", "GRA")])
def test_a_native_spelling_on_the_europe_maps(name, spelling, code):
    """variants/europe1619, europe1615 and europe1615v2 provinces.toml: a province named after
    a city or region by its native name, as a player of the era's countries writes it (Wien,
    Praha, Köln, Würzburg, with or without the umlaut), and never a power's name: 'Sachsen' is
    Europe 1619's Electorate of Saxony, a power, and stays no alias of its province there."""
    variant = load_variant(name)
    assert names_of(variant).by_words[_normal_words(spelling.lower())] == code
    assert spelling.lower() not in power_lookup(variant)
    if name == "europe1619":
        assert "sachsen" not in variant.provinces["SAX"].aliases


def _played(name: str, root, phase: str):
    new_game(name, "g", root=root, seed=7, created="2000-01-01T00:00:00Z")
    while load_state("g", root).position.phase != phase:  # nothing entered on the way
        run_turn("g", root=root, site_dir=None, force=True)


@pytest.mark.parametrize("name, phase, mails", [
    ("europe1619", "Y1619M", [("austria", "Austria\nA Wien - Oberösterreich\n"),
                              ("spain", "Spain\nA Milano H\nA Madrid - Aragón\nA Andalucía H\nA Vlaanderen H\n"),
                              ("france", "France\nA Normandie H\nA Lyonnais - Dauphiné\n")]),
    ("europe1615", "S1615M", [("austria", "Austria\nA Wien H\nA Oberösterreich H\n"),
                              ("denmark", "Denmark\nF København H\nA Norge H\nA Skåne H\n")]),
    ("europe1615v2", "S1615M", [("austria", "Austria\n0 : A Wien H\n0 : A Praha H\n0 : A Mähren H\n"),
                                ("spain", "Spain\n0 : A Milano H\n0 : A Castilla H\n0 : F Bruxelles H\n")])])
def test_native_names_in_a_europe_mail_are_typed(tmp_path, name, phase, mails):
    """A mail naming the provinces by their native names, in each Europe map's movement phase
    (Europe 1615 v2's unit orders as offers, '0 : A Wien H'), is typed as written, nothing
    refused."""
    _played(name, tmp_path, phase)
    report = enter_mails("g", [(label, text.encode()) for label, text in mails], root=tmp_path)
    assert report.refused == []
    assert [w[2] for w in report.written] == [line for _, text in mails for line in text.splitlines()[1:]]


def test_every_alias_reads_in_an_order(std):
    """Each alias names its province in an order as the GM would type it: an army or fleet in
    the province, or one moving there, is read with the province's code."""
    from gm_tools.app.turn import start_position

    position = start_position(std)
    for code, prov in std.provinces.items():
        for alias in prov.aliases:
            unit = position.units.get(code)
            if unit is not None:
                order = parse_order(f"{alias} H", std, position, unit.power)
                assert order.unit.location.split("/")[0] == code, alias


def _mail(body: bytes, charset: str | None) -> bytes:
    head = b"From: karl@example.org\nTo: gm@example.org\nSubject: orders\nMIME-Version: 1.0\n"
    if charset:
        head += b"Content-Type: text/plain; charset=" + charset.encode() + b"\n"
    return head + b"Content-Transfer-Encoding: 8bit\n\n" + body


@pytest.mark.parametrize("label, data", [
    ("utf8.eml", _mail("Germany\nA München - Ruhr\n".encode(), "utf-8")),
    ("cp1252.eml", _mail("Germany\nA München - Ruhr\n".encode("cp1252"), "windows-1252")),
    ("undeclared-utf8.eml", _mail("Germany\nA München - Ruhr\n".encode(), None)),
    ("undeclared-cp1252.eml", _mail("Germany\nA München - Ruhr\n".encode("cp1252"), None)),
    ("mislabelled.eml", _mail("Germany\nA München - Ruhr\n".encode("cp1252"), "utf-8")),
    ("decomposed.eml", _mail("Germany\nA Mu\u0308nchen - Ruhr\n".encode(), "utf-8")),
    ("pasted.txt", "Germany\r\nA München - Ruhr\r\n".encode("cp1252"))])
def test_a_mailed_native_name_is_read_in_either_charset(tmp_path, label, data):
    """A mail in UTF-8 or windows-1252 (declared, undeclared, or declared wrongly as UTF-8 by
    an old mail program), or with the ü as u and a combining diaeresis (as macOS may write
    it): 'A München - Ruhr' is Germany's army in MUN moving, typed on A MUN's row as written."""
    create(tmp_path)
    assert "München" in body_text(data)
    report = enter_mails("g", [(label, data)], root=tmp_path)
    assert report.refused == []
    assert [(w[1], w[2], w[3][:8]) for w in report.written] == [("GERMANY", "A München - Ruhr", "Orders!C")]


def test_a_native_name_in_a_long_form_order_by_mail(tmp_path):
    """A French player's long form, accents and all: 'Armée Paris' is no unit kind, but 'A
    Paris -> Bourgogne' and 'F Brest - La Manche' are read."""
    new_game("standard", "g", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "p@example.org", "gm@example.org", "ordres"
    message.set_content("France\nA Paris -> Bourgogne\nF Brest - La Manche\nA Marseille - Espagne\n",
                        charset="windows-1252", cte="quoted-printable")
    report = enter_mails("g", [("fr.eml", message.as_bytes())], root=tmp_path, dry_run=True)
    assert report.refused == []
    assert [w[2] for w in report.written] == ["A Paris -> Bourgogne", "F Brest - La Manche", "A Marseille - Espagne"]


def test_a_powers_alias_names_no_other_power(std, tmp_path):
    """variants/README.md: a power's aliases are other names players give it, no other power's
    name; the standard powers' aliases are read as their power, and a copy of the variant
    giving Germany the alias 'france' is refused by the loader, naming both."""
    import shutil

    from gm_tools.edges.workbook import power_lookup
    from gm_tools.errors import VariantDataError

    lookup = power_lookup(std)
    assert {name: lookup[name] for name in ("deutschland", "österreich-ungarn", "italia", "russland", "türkei")} == {
        "deutschland": "GERMANY", "österreich-ungarn": "AUSTRIA", "italia": "ITALY", "russland": "RUSSIA",
        "türkei": "TURKEY"}
    assert std.power_named("Frankreich") == "FRANCE"
    folder = tmp_path / "clash"
    shutil.copytree(Path(__file__).resolve().parent.parent / "variants" / "standard", folder)
    text = (folder / "variant.toml").read_text(encoding="utf-8")
    (folder / "variant.toml").write_text(text.replace('"deutschland"', '"france"'), encoding="utf-8")
    with pytest.raises(VariantDataError) as caught:
        load_variant(str(folder))
    assert "(GERMANY): alias 'france' is already a name of FRANCE" in str(caught.value)


@pytest.mark.parametrize("written, order", [
    ("A BAV - Baden-Württemberg", ("WUR", None)), ("A Bayern - Baden Württemberg", ("WUR", None)),
    ("A BAV S A Westphalia-Münster - Baden-Württemberg", ("WES", "WUR")), ("A BAV S A Baden-Württemberg", ("WUR", None))])
def test_an_umlaut_typed_for_the_maps_written_out_name_is_that_province(written, order):
    """docs/orders.md promises the native names: the Europe 1619 map writes 'Baden-Wuerttemberg'
    and 'Westphalia-Muenster', and a player types them as German does. The hyphenated name with
    its umlaut was split into a move ('Baden' - 'Württemberg'), so the order went astray."""
    from dataclasses import replace

    from gm_tools.app.turn import start_position

    variant = load_variant("europe1619")
    position = replace(start_position(variant), phase="Y1619M")  # the Orders Phase, League's army in Bavaria
    read = parse_order(written, variant, position, "LEAGUE")
    assert (getattr(read, "supported", None) or read.dest, read.dest if hasattr(read, "supported") else None) == order


@pytest.mark.parametrize("written, code", [("Baden-Württemberg", "WUR"), ("Westphalia-Münster", "WES"),
                                           ("Baden Wurttemberg", None)])
def test_an_umlaut_folds_on_the_europe_1615_map_too(written, code):
    from gm_tools.engine.orderwords import Reader

    variant = load_variant("europe1615")
    reader = Reader(f"{written} - PAR", variant, names_of(variant))
    place = reader.place("a province")
    if code is None:  # no umlaut, nothing folded: 'Baden' alone, as before
        assert (place.province, reader.peek()) == ("WUR", "wurttemberg")
    else:
        assert (place.province, reader.tokens[reader.pos:]) == (code, ["-", "PAR"])
