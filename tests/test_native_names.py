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
from gm_tools.app.turn import new_game
from gm_tools.edges.mail import body_text
from gm_tools.edges.variants import load_variant
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


@pytest.mark.parametrize("name", ["standard", "centenary"])
def test_no_alias_can_be_read_as_another_province_or_an_order_word(name):
    """An alias is unique (the loader refuses a repeated one), is no order word or coast, and
    neither starts with another province's one-word spelling nor is the start of another's
    longer one: the longest run of words that names a province wins, so such an alias
    would change how an order naming the other province reads. (The Europe maps name the
    Irish Sea and the Irish Earldoms alike on purpose.)"""
    std = load_variant(name)
    own = {}
    for code, prov in std.provinces.items():
        for spelling in (code, prov.name, *prov.aliases):
            words = _normal_words(spelling.lower())
            assert own.setdefault(words, code) == code, (spelling, code, own[words])
    order_words = KEYWORDS | set(KIND_WORDS) | CONVOY_WORDS
    coasts = {"nc", "sc", "ec", "wc", "north", "south", "east", "west", "n", "s", "e", "w"}
    for code, prov in std.provinces.items():
        for alias in prov.aliases:
            words = _normal_words(alias)
            assert not set(words) & order_words, alias
            assert len(words) > 1 or words[0] not in coasts, alias  # "north atlantic" is a name, "north" a coast
            for n in range(1, len(words)):
                assert own.get(words[:n], code) == code, (alias, own.get(words[:n]))
            for other, other_code in own.items():
                if other_code != code and len(other) > len(words):
                    assert other[:len(words)] != words, (alias, " ".join(other))


@pytest.mark.parametrize("spelling, code", [("München", "BAV"), ("Wien", "VIE"), ("Praha", "BOH"), ("Warszawa", "WAR"),
                                            ("Moskva", "MOS"), ("Lisboa", "POR"), ("Roma", "PAS"), ("Venezia", "VEN")])
def test_a_native_spelling_on_the_centenary_map(spelling, code):
    """variants/centenary/provinces.toml: the 1618 map's provinces by the names players of
    other languages write (Munich is Bavaria's, Rome the Papal States')."""
    assert names_of(load_variant("centenary")).by_words[_normal_words(spelling.lower())] == code


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
