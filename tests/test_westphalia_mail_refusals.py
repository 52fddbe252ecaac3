"""The Peace of Westphalia's mailed lines refused in the rulebook's words, saying what was found
and what may be written instead, as the sheet's own check says it (``docs/westphalia.md``,
'By mail'); through real workbooks and `gm-tools orders` as the GM runs it.

Rulebook: ``003_b5b9eb4920d39694.txt`` (The Peace of Westphalia).
"""

from __future__ import annotations

from pathlib import Path


from westphalia_mails import mail_orders, played_to, refused_turn

GAME = "westphalia-demo"
PLAYERS = "RED, BLUE, YELLOW, GREEN, ORANGE"


def _orders(root: Path, *mails: tuple[str, str]) -> tuple[int, dict[str, str]]:
    """`gm-tools orders` with each mail saved as a file: (exit status, refused line -> why)."""
    status, text = mail_orders(root, GAME, *mails)
    refused = {}
    for line in text.splitlines():
        if line.startswith("  refused "):
            where, _, rest = line[len("  refused "):].partition(": ")
            path, _, line_number = where.partition(" line ")
            refused[Path(path).name + (f" line {line_number}" if line_number else "")] = rest
    return status, refused


def test_a_vote_for_a_principality_is_told_only_a_player_may_receive_votes(tmp_path):
    """'Imperial Election': 'Only a Player may receive votes for Emperor.' A vote for Hesse, a
    principality of the board, or for Mainz, an Elector, is refused with the rulebook's words and
    the players who may receive it, by mail and at the sheet's cell alike; before, it was
    refused as any unknown word."""
    paths = played_to("P1510V", tmp_path)
    status, refused = _orders(tmp_path, ("red.txt", "Red\nVote: Hesse\n"), ("blue.txt", "Blue\nVote: mainz\n"))
    assert status == 1
    assert refused == {
        "red.txt line 2": f"'Vote: Hesse' -- expected one of {PLAYERS} (Votes for), found 'Hesse' (Hesse is a "
                          "principality, not a Player: 'Only a Player may receive votes for Emperor')",
        "blue.txt line 2": f"'Vote: mainz' -- expected one of {PLAYERS} (Votes for), found 'mainz' (mainz is a "
                           "principality, not a Player: 'Only a Player may receive votes for Emperor')"}
    problems = refused_turn(paths, {"Imperial Election!B2": "Hesse"})
    assert ("Imperial Election", "B2", "'Hesse'",
            f"one of {PLAYERS} (Votes for; Hesse is a principality, not a Player: 'Only a Player may receive votes "
            "for Emperor')") in problems


def test_a_setup_influence_mail_of_the_wrong_total_says_what_it_found(tmp_path):
    """'Setup': 'Each Player receives 3 Diplomatic Influence ... Players may not save their
    Diplomatic Influence during Setup'. A mail placing 4, or 1, is refused saying the total it
    found, as the sheet's own message does ("found '4 for RED'"); before, only what was expected."""
    paths = played_to("P1510D", tmp_path)
    rule = ("3 for each player, all placed ('Each Player receives 3 Diplomatic Influence ... Players may not save "
            "their Diplomatic Influence during Setup')")
    status, refused = _orders(tmp_path, ("red.txt", "Red\nInfluence: Mainz 2, 2 on Bohemia\n"),
                              ("blue.txt", "Blue\nInfluence: Mainz 1\n"))
    assert status == 1
    assert refused == {"red.txt line 2": f"'Influence: Mainz 2, 2 on Bohemia' -- expected {rule}, found 4 for RED",
                       "blue.txt line 2": f"'Influence: Mainz 1' -- expected {rule}, found 1 for BLUE"}
    # the sheet says the same total at the cell of the player's last row
    problems = refused_turn(paths, {"Diplomatic Influence!A2": "RED", "Diplomatic Influence!B2": "Mainz",
                                                "Diplomatic Influence!C2": 2, "Diplomatic Influence!A3": "RED",
                                                "Diplomatic Influence!B3": "Bohemia", "Diplomatic Influence!C3": 2})
    assert ("Diplomatic Influence", "C3", "'4 for RED'", rule) in problems


def test_a_mail_naming_no_player_asks_for_the_players_line_not_a_powers(tmp_path):
    """The Peace of Westphalia is played by Players ('Players may vote for whomever they wish'),
    who mail lines for the step, not a power's orders: a mail without a line naming its player
    is refused asking for that line, with the game's players, in the game's own words."""
    played_to("P1510V", tmp_path)
    status, refused = _orders(tmp_path, ("nobody.txt", "Dear GM,\nVote: Red\n"))
    assert status == 1
    assert refused == {"nobody.txt": "no player line -- expected a line naming the player before his lines, one of "
                                     "this game's: Red Phoenix, Blue Kraken, Green Serpent, Yellow Elephant, "
                                     "Orange Stag"}


def test_a_mail_whose_player_line_names_two_players_says_players_not_powers(tmp_path):
    """'Red and Blue' above a step's lines names two players: the refusal says a player line
    names one and each player's lines go under a line of their own, not Diplomacy's powers
    and orders."""
    played_to("P1510V", tmp_path)
    status, refused = _orders(tmp_path, ("both.txt", "Red and Blue\nVote: Red\n"))
    assert status == 1
    assert refused == {"both.txt": "no player line -- expected a line naming the player before his lines, one of "
                                   "this game's: Red Phoenix, Blue Kraken, Green Serpent, Yellow Elephant, "
                                   "Orange Stag (line 1, 'Red and Blue', names 2 players: a player line names one; "
                                   "the lines of each player go under a line of its own)"}
