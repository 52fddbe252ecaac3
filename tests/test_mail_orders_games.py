"""A mail naming another game of the GM (its Subject, or a greeting above its orders) is not
typed into this game: ``gm-tools orders`` refuses it whole, naming both games; the plain words
a Subject holds (a game called ``paris``, ``game over``) are no game named
(gm_tools/app/mailgame.py, docs/orders.md "Which game a mail is for")."""

from __future__ import annotations

from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import new_game

from workflow_helpers import snapshot


def _games(tmp_path, *names):
    for name in names:
        new_game("standard", name, root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")


def _mail(subject: str, body: str) -> bytes:
    return f"From: ann@example.org\nSubject: {subject}\n\n{body}".encode()


def test_a_subject_naming_another_game_of_the_gm_is_refused_and_nothing_typed(tmp_path):
    _games(tmp_path, "brussels", "amsterdam1902")
    before = snapshot(tmp_path)
    for subject in ("[amsterdam1902] S1901M", "Orders for game amsterdam1902", "amsterdam1902: France S1901M"):
        report = enter_mails("brussels", [("ann", _mail(subject, "France\nA PAR - BUR\n"))], root=tmp_path)
        assert report.written == [], subject
        (where, found, why), = report.refused
        assert where == "ann" and found == repr(subject)
        assert "'brussels'" in why and "'amsterdam1902'" in why
    assert snapshot(tmp_path) == before  # nothing typed, nothing kept


def test_a_greeting_naming_a_game_not_under_the_root_is_refused(tmp_path):
    """'game X' names a game where X looks like a game's name (a digit in it), though the GM
    keeps that game under another root."""
    _games(tmp_path, "brussels")
    body = "Hi GM, my orders for game rome1901:\nFrance\nA PAR - BUR\n"
    report = enter_mails("brussels", [("ann", _mail("orders", body))], root=tmp_path)
    assert report.written == [] and "'rome1901'" in report.refused[0][2]
    assert "line 'Hi GM, my orders for game rome1901:'" in report.refused[0][2]


def test_plain_words_and_this_games_own_name_are_no_other_game(tmp_path):
    """A game named like a province (``paris``) is not named by ``Paris to Burgundy``, one named
    ``spring`` or ``a`` not by ``A spring 1901 order``; ``game over`` names no game; a word inside a longer one is not the game's name; a Subject naming
    this game too is this game's; the reply to this game's results is read."""
    _games(tmp_path, "brussels", "paris", "ams", "london1901", "spring", "a")
    for subject in ("France: Paris to Burgundy", "Re: game over? S1901M", "amsterdam orders", "A spring 1901 order",
                    "[brussels] moved from london1901", "Re: [brussels] F1900 results", "S1901M_london1901x"):
        report = enter_mails("brussels", [("ann", _mail(subject, "France\nA PAR - BUR\n"))], root=tmp_path,
                             dry_run=True)
        assert report.refused == [], (subject, report.refused)
        assert [w[2] for w in report.written] == ["A PAR - BUR"], subject
