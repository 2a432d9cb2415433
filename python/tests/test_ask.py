"""One rules API for two languages: ``khun.ask`` takes the questions JavaScript's
``rules.ask`` takes (the fields in snake_case), and the named functions are forms of
it, so both languages answer alike. The JavaScript side's answers are checked against
the same questions by the node tests (web/tests/)."""

import pytest

import khun

# K+R+N v K+R, White to move at game ply 60: players may count here.
ROOKS = "4k3/8/8/3r4/8/8/3N4/R3K3 w - 128 3 31"


def test_a_named_function_answers_as_its_question_does():
    moves = ["a1a2", "d5d6"]
    named = khun.state("makruk", ROOKS, moves, count_started=-1)
    asked = khun.ask({"op": "state", "fen": ROOKS, "moves": moves, "count_started": -1})
    assert named == asked
    assert asked["count_started"] == -1
    assert asked["may_start_count"] is True
    assert {"uci", "san", "from", "to", "drop", "promotion"} == set(asked["legal"][0])


def test_every_question_of_the_javascript_rules_is_asked_from_python():
    games = khun.ask({"op": "variants"})
    assert [g["name"] for g in games][:2] == ["makruk", "cambodian"]
    assert games[0]["start_fen"] == khun.start_fen("makruk")
    assert khun.ask({"op": "san", "uci": "e3e4"}) == "e4"
    assert khun.ask({"op": "san", "uci": "e3e4", "notation": "thaiLan"}) == "บ จ๓-จ๔"
    assert khun.ask({"op": "uci_from_san", "san": "e4"}) == "e3e4"
    text = khun.ask({"op": "write_pgn", "moves": ["e3e4"], "tags": [["Event", "t"]]})
    assert khun.write_pgn("makruk", "startpos", ["e3e4"], [("Event", "t")]) == text
    games = khun.ask({"op": "read_pgn", "text": text})
    assert games == khun.read_pgn(text)
    # The tags keep their own names; every other field is in snake_case.
    assert games[0]["tags"]["Event"] == "t"
    assert games[0]["count_actions"] == [] and games[0]["count_started"] == 0


def test_a_question_the_rules_refuse_says_why():
    with pytest.raises(ValueError, match="unknown op 'fly'.*read_pgn"):
        khun.ask({"op": "fly"})
    with pytest.raises(ValueError, match="state: invalid type"):
        khun.ask({"op": "state", "moves": "e3e4"})
    with pytest.raises(ValueError, match="^count_started 70: beyond the next ply"):
        khun.ask({"op": "state", "fen": ROOKS, "count_started": 70})
    with pytest.raises(ValueError, match="^count_started 70: beyond the next ply"):
        khun.state("makruk", ROOKS, [], count_started=70)


def test_the_page_s_questions_answer_in_python_too():
    # A PGN's tree (NAGs, clocks, variations), in snake_case.
    (game,) = khun.read_pgn("{start} 1. e4 $1 {[%clk 0:01:00] good} (1. c4) d5 *")
    assert game["comments"] == ["start"]
    e4 = game["tree"][0]
    assert (e4["nags"], e4["clock_ms"], e4["after"]) == ([1], 60000, ["good"])
    assert e4["variations"][0][0]["uci"] == "c3c4"
    assert game["error_code"] is None and game["notes"] == []
    # The piece's honour counts for the bare king: Black, with White to move.
    count = khun.state("makruk", "4k3/8/8/8/3K4/8/8/R7 w - 16 12 1", [])["count"]
    assert (count["counting"], count["mating"], count["moves_left"]) == ("black", "white", 3)
    # Count fields no game reaches, as an editor checks them.
    check = khun.ask({"op": "check_fen", "fen": "8/8/8/4k3/8/8/7R/3K4 b - 200 6 1"})
    assert check["valid"] is False
    assert check["problems"][0]["code"] == "countUnknownLimit"
    # The messages of refusals are what they were.
    with pytest.raises(ValueError, match="^FEN: FEN position is impossible: White has 0 kings, not 1$"):
        khun.state("makruk", "8/8/8/4k3/8/8/7R/8 b - - 0 1", [])
