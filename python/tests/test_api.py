"""Khun's own side of the package: values, refusals, and what pyffish lacks (the
count as players say it, who may start or stop it, the game's end as the rules score
it, the endgame tables, PGN). No pyffish needed."""

import warnings

import pytest

import khun

START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
KRK = "8/8/8/4k3/8/8/7R/3K4 b - 32 6 1"
# K+R+N v K+R, White to move at game ply 60: players may count here.
ROOKS = "4k3/8/8/3r4/8/8/3N4/R3K3 w - 128 3 31"
SEVEN = ["ai-wok", "asean", "cambodian", "karouk", "makpong", "makruk", "sittuyin"]
SITTUYIN = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1"


def test_variants_and_start_positions():
    assert khun.variants() == SEVEN
    assert khun.start_fen("makruk") == START
    assert khun.start_fen("cambodian").endswith(" w DEde - 0 1")
    assert khun.version() == tuple(int(p) for p in khun.__version__.split("."))
    assert khun.info().startswith("Khun ")


def test_the_pyffish_functions_answer_as_pyffish_does():
    assert len(khun.legal_moves("makruk", START, [])) == 23
    assert len(khun.legal_moves("makruk", "startpos", [])) == 23
    assert khun.get_fen("makruk", START, ["e3e4", "d6d5", "e4d5"]) == (
        "rnsmksnr/8/ppp1pppp/3P4/8/PPPP1PPP/8/RNSKMSNR b - - 0 2"
    )
    assert khun.get_san("makruk", START, "b1d2") == "Nd2"
    assert khun.get_san("makruk", START, "b1d2", False, khun.NOTATION_LAN) == "Nb1-d2"
    assert khun.get_san("makruk", START, "e3e4", False, khun.NOTATION_THAI_SAN) == "จ๔"
    assert khun.get_san_moves("makruk", START, ["e3e4", "d6d5", "e4d5"]) == ["e4", "d5", "exd5"]
    mate = "7k/8/6K1/8/8/8/8/R7 w - 32 10 40"
    assert khun.gives_check("makruk", mate, ["a1a8"])
    assert not khun.gives_check("makruk", START, [])
    assert khun.game_result("makruk", mate, ["a1a8"]) == -khun.VALUE_MATE
    assert khun.game_result("makruk", "k7/2K5/1R6/8/8/8/8/8 b - 32 5 40", []) == 0
    assert khun.is_immediate_game_end("makruk", START, []) == (False, 0)
    assert khun.is_optional_game_end("makruk", "7k/8/6K1/8/8/8/8/R7 w - 32 33 40", []) == (True, 0)
    repeated = ["b1d2", "b8d7", "d2b1", "d7b8"] * 2
    assert khun.is_optional_game_end("makruk", START, repeated) == (True, 0)
    assert khun.is_optional_game_end("makruk", START, repeated[:7]) == (False, 0)
    assert khun.has_insufficient_material("makruk", "k7/8/1K6/8/8/8/8/7S w - 32 32 54", []) == (
        False,
        True,
    )
    # Kar Ouk: the first check wins.
    karouk = khun.start_fen("karouk")
    assert khun.validate_fen(karouk, "karouk") == khun.FEN_OK


def test_keywords_work_too():
    assert khun.get_fen("makruk", START, [], count_started=0) == START
    assert khun.legal_moves(variant="makruk", fen=START, moves=[]) == khun.legal_moves(
        "makruk", START, []
    )


def test_bad_input_raises_value_error_with_the_reason():
    with pytest.raises(ValueError, match="unknown variant 'chess'"):
        khun.legal_moves("chess", START, [])
    with pytest.raises(ValueError, match="unknown variant"):
        khun.start_fen("shogi")
    with pytest.raises(ValueError, match="FEN"):
        khun.legal_moves("makruk", "garbage", [])
    with pytest.raises(ValueError, match="move 2 'e2e4' is not a legal move"):
        khun.get_fen("makruk", START, ["e3e4", "e2e4"])
    with pytest.raises(ValueError, match="not a move"):
        khun.get_san("makruk", START, "zz")
    with pytest.raises(ValueError, match="notation 5"):
        khun.get_san("makruk", START, "e3e4", False, 5)
    with pytest.raises(ValueError, match="sfen"):
        khun.get_fen("makruk", START, [], False, True)
    # Khun's own functions replay the players' count and refuse a value that does not
    # fit the game, in the argument's name (pyffish's names answer as pyffish does).
    with pytest.raises(ValueError, match="^count_started -1: asean does not count by hand"):
        khun.state("asean", khun.start_fen("asean"), [], -1)
    with pytest.raises(ValueError, match="^count_started 70: beyond the next ply"):
        khun.outcome("makruk", ROOKS, [], 70)
    with pytest.raises(TypeError):
        khun.legal_moves("makruk", START, "e3e4")


def test_validate_fen_codes():
    assert khun.validate_fen(START, "makruk") == khun.FEN_OK
    assert khun.validate_fen("", "makruk") == khun.FEN_EMPTY
    assert khun.validate_fen("x", "makruk") == khun.FEN_INVALID_CHAR
    assert khun.validate_fen(START.replace("8/PPP", "7/PPP"), "makruk") == (
        khun.FEN_INVALID_BOARD_GEOMETRY
    )
    assert khun.validate_fen("4kK2/8/8/8/8/8/8/8 w - - 0 1", "makruk") == khun.FEN_TOUCHING_KINGS
    assert khun.validate_fen("8/8/8/8/8/8/8/4K3 w - - 0 1", "makruk") == (
        khun.FEN_INVALID_NUMBER_OF_KINGS
    )
    assert khun.validate_fen(START.replace(" w ", " x "), "makruk") == khun.FEN_INVALID_SIDE_TO_MOVE
    # No game reaches it, but pyffish reads it, and so do pyffish's names in Khun;
    # Khun's own functions (and its engine) refuse it.
    promoted = "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1"
    assert khun.validate_fen(promoted, "makruk") == khun.FEN_OK
    assert khun.fen_error(promoted, "makruk") is None
    assert "promotion rank" in khun.fen_error(promoted, "makruk", strict=True)
    assert khun.fen_error(START, "makruk") is None
    assert "d6d7m" in khun.legal_moves("makruk", promoted, [])
    with pytest.raises(ValueError, match="promotion rank"):
        khun.state("makruk", promoted, [])
    # More men than an army has: pyffish's checks pass, Khun cannot read it.
    crowded = "4k3/8/8/8/PPPPPPPP/RRRRRRRR/NN6/4K3 w - - 0 1"
    assert khun.validate_fen(crowded, "makruk") == khun.FEN_IMPOSSIBLE_POSITION
    assert "more than 16" in khun.fen_error(crowded, "makruk")
    with pytest.raises(ValueError, match="more than 16"):
        khun.legal_moves("makruk", crowded, [])


def test_the_count_as_players_say_it():
    count = khun.count("makruk", KRK, [])
    assert count["honour"] == "piece"
    assert (count["counting"], count["mating"]) == ("black", "white")
    assert (count["number"], count["of"], count["moves_left"]) == (3, 16, 13)
    assert "White must mate within 13 moves" in count["text"]
    assert khun.count("makruk", START, []) is None


def test_players_counting_who_may_start_and_stop():
    assert khun.may_start_count("makruk", ROOKS, [], -1) == (True, "")
    ok, why = khun.may_start_count("makruk", START, [], -1)
    assert not ok and "pawn" in why
    ok, why = khun.may_start_count("makruk", ROOKS, [], 0)
    assert not ok and "automatic" in why
    # Black starts at ply 61 (count_started 62); after its third move, "3 of 64".
    moves = ["a1a2", "d5d6", "a2a3", "d6d7", "a3a4", "d7d6"]
    s = khun.state("makruk", ROOKS, moves, 62)
    assert s["count"]["counting"] == "black" and s["counting_side"] == "black"
    assert (s["count"]["number"], s["count"]["of"]) == (3, 64)
    assert s["may_stop_count"] is False
    assert khun.may_stop_count("makruk", ROOKS, moves[:5], 62) == (True, "")
    ok, why = khun.may_stop_count("makruk", ROOKS, moves, 62)
    assert not ok and "only the counting side" in why
    assert khun.get_fen("makruk", ROOKS, moves, False, False, False, 62).endswith(" 128 5 34")


def test_the_counting_sides_mate_is_a_draw():
    # Black (to move at game ply 79) starts the count and mates: the rules make it a
    # draw; pyffish, which leaves the rule to the server, a mate.
    fen = "N7/8/8/8/8/5k2/7r/5K2 b - - 0 40"
    moves = ["h2h1"]
    assert khun.outcome("makruk", fen, moves)["result"] == "0-1"
    with_count = khun.outcome("makruk", fen, moves, count_started=80)
    assert with_count["kind"] == "counting_side_mate"
    assert with_count["result"] == "1/2-1/2"
    assert khun.game_result("makruk", fen, moves, count_started=80) == 0
    assert khun.game_result("makruk", fen, moves) == -khun.VALUE_MATE
    assert khun.outcome("makruk", START, []) is None


def test_state_lists_everything_a_page_shows():
    s = khun.state("makruk", START, ["e3e4"])
    assert s["turn"] == "black" and s["sans"] == ["e4"]
    assert len(s["legal"]) == 23
    assert set(s["legal"][0]) == {"uci", "san", "from", "to", "drop", "promotion"}
    assert s["legal"][0]["drop"] is None
    assert s["end"] is None and s["count"] is None and s["table"] is None
    with pytest.raises(ValueError, match="the game has ended"):
        khun.state("makruk", "7k/8/6K1/8/8/8/8/R7 w - 32 10 40", ["a1a8", "h8g8"])


def test_sittuyin_s_hands_drops_and_promotions():
    assert khun.start_fen("sittuyin") == SITTUYIN
    assert khun.info().endswith(", ai-wok, sittuyin)")
    # The set-up phase: drops, from the hand, written as pyffish writes them.
    s = khun.state("sittuyin", SITTUYIN, ["K@d2", "R@d8"])
    assert s["sans"] == ["K@d2", "R@d8"]
    assert s["fen"] == "3r4/8/4pppp/pppp4/4PPPP/PPPP4/3K4/8[SSFRRNNkssfrnn] w - - 0 2"
    drop = next(m for m in s["legal"] if m["uci"] == "N@g1")
    assert drop == {"uci": "N@g1", "san": "N@g1", "from": None, "to": "g1", "drop": "N",
                    "promotion": False}
    assert khun.uci_from_san("sittuyin", SITTUYIN, "K@d2") == "K@d2"
    assert khun.get_san("sittuyin", SITTUYIN, "K@d2", False, khun.NOTATION_THAI_SAN) == "ข@ง๒"
    # A promotion is a move of its own; in place it takes nothing.
    fen = "4k3/8/8/3P4/8/8/8/R3K3 w - - 0 1"
    promotion = next(m for m in khun.state("sittuyin", fen, [])["legal"] if m["uci"] == "d5d5f")
    assert promotion["san"] == "d5=F" and promotion["from"] == promotion["to"] == "d5"
    assert promotion["promotion"] is True
    assert khun.is_capture("sittuyin", fen, [], "d5d5f") is False
    assert khun.piece_to_partner("sittuyin", fen, ["d5d5f"]) == ""
    assert khun.get_fen("sittuyin", fen, ["d5e6f"], False, False, True) == (
        "4k3/8/4F~3/8/8/8/8/R3K3[] b - 32 0 1"
    )
    # A king and a pawn that could only promote: a draw either side may claim.
    only = "6PK/1r6/2k5/4s2n/8/8/8/8[] w - - 0 1"
    assert khun.is_optional_game_end("sittuyin", only, []) == (True, 0)
    assert khun.outcome("sittuyin", only, [])["kind"] == "only_promotions"
    # Sittuyin counts only against a bare king, and never by hand.
    with pytest.raises(ValueError, match="does not count by hand"):
        khun.state("sittuyin", SITTUYIN, [], -1)
    # A PGN of the set-up phase, both ways.
    text = khun.write_pgn("sittuyin", SITTUYIN, ["K@d2", "R@d8", "N@g1"])
    assert "1. K@d2 R@d8 2. N@g1 *" in text
    (game,) = khun.read_pgn(text)
    assert game["variant"] == "sittuyin" and game["moves"] == ["K@d2", "R@d8", "N@g1"]
    # The FEN codes of a broken hand.
    assert khun.validate_fen(SITTUYIN, "sittuyin") == khun.FEN_OK
    assert khun.validate_fen(SITTUYIN.replace("]", ""), "sittuyin") == khun.FEN_INVALID_POCKET_INFO


def test_endgame_tables_with_the_count():
    tables = khun.Tables()
    verdict = tables.verdict("makruk", KRK)
    assert verdict["ending"] == "KRvK"
    assert verdict["count_runs_out"] is True and verdict["winner"] is None
    won = tables.verdict("makruk", "8/8/8/4k3/8/8/7R/3K4 b - 32 0 1")
    assert won["winner"] == "white" and won["plies"] > 0
    assert tables.verdict("makruk", START) is None
    s = khun.state("makruk", KRK, [], tables=tables)
    assert s["table"]["ending"] == "KRvK"


def test_pgn_both_ways():
    text = khun.write_pgn(
        "makruk",
        "4k3/8/8/3r4/8/8/3N4/R3K3 w - - 0 31",
        ["a1a2", "d5d6", "a2a3", "d6d7", "a3a4", "d7d6"],
        [("Event", "Test")],
        count_actions=[(1, "start"), (5, "stop")],
    )
    assert '[Counting "players"]' in text and "{[%count start]}" in text
    (game,) = khun.read_pgn(text)
    assert game["tags"]["Event"] == "Test"
    assert game["counting"] == "players"
    assert game["count_actions"] == [{"ply": 1, "action": "start"}, {"ply": 5, "action": "stop"}]
    assert game["sans"][:2] == ["Ra2", "Rd6"]
    assert khun.uci_from_san("makruk", START, "Nd2") == "b1d2"
    with pytest.raises(ValueError, match="no count is running"):
        khun.write_pgn("makruk", START, [], count_actions=[(0, "stop")], counting="players")


def test_what_pychess_asks_besides():
    moves = ["e3e4", "d6d5"]
    assert khun.is_capture("makruk", START, moves, "e4d5") is True
    assert khun.is_capture("makruk", START, moves, "e4e5") is False
    assert khun.is_capture("makruk", START, moves, "e4d5", True) is True
    # The piece the last move took, in its colour's case; a promoted pawn as a pawn.
    assert khun.piece_to_partner("makruk", START, moves + ["e4d5"]) == "p"
    assert khun.piece_to_partner("makruk", START, moves) == ""
    assert khun.piece_to_partner("makruk", START, []) == ""
    promoted = "4k3/8/8/3M~4/3r4/8/8/K7 b - - 0 1"
    assert khun.piece_to_partner("makruk", promoted, ["d4d5"]) == "P"
    assert khun.piece_to_partner("makruk", promoted.replace("M~", "M"), ["d4d5"]) == "M"
    # The fog-of-war FEN: the FEN first, as pyffish takes it.
    assert khun.get_fog_fen(START, "makruk") == (
        "********/********/********/********/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
    )
    assert khun.get_fog_fen(promoted, "makruk", False) == (
        "***1k1**/***3**/********/***M****/3r4/***1****/***1****/***1**** b - - 0 1"
    )


def test_what_pychess_asks_besides_refuses_what_it_cannot_answer():
    # A move that is not legal: pyffish says False, Khun says why.
    with pytest.raises(ValueError, match="'e3e5' is not a legal move"):
        khun.is_capture("makruk", START, [], "e3e5")
    with pytest.raises(ValueError, match="move 1 'e2e4' is not a legal move"):
        khun.piece_to_partner("makruk", START, ["e2e4"])
    with pytest.raises(ValueError, match="unknown variant 'bughouse'"):
        khun.piece_to_partner("bughouse", START, [])
    # The arguments the other way round: "makruk" is no FEN.
    with pytest.raises(ValueError, match="unknown variant"):
        khun.get_fog_fen("makruk", START)
    with pytest.raises(ValueError, match="FEN"):
        khun.get_fog_fen("rnsmksnr/8 w - - 0 1", "makruk")


PYCHESS_INI = """# Fairy-Stockfish's variants file, as pychess.org's begins
[makrukhouse:makruk]
pieceDrops = true
capturesToHand = true

[makbug:makrukhouse]
twoBoards = true

[makruk]
; a game Khun plays: taken, with Khun's rules
[asean:chess]
[fogofwar:chess]
"""


def test_a_variants_file_takes_khuns_games_and_warns_of_the_others(tmp_path):
    with pytest.warns(khun.VariantConfigWarning) as caught:
        assert khun.load_variant_config(PYCHESS_INI) is None
    (warning,) = caught
    assert str(warning.message) == (
        "load_variant_config: Khun does not play variants 'makrukhouse' (from makruk), "
        "'makbug' (from makrukhouse), 'fogofwar' (from chess); not loaded "
        "(it plays makruk, cambodian, karouk, makpong, asean, ai-wok, sittuyin)"
    )
    assert issubclass(khun.VariantConfigWarning, UserWarning)
    # The refused games stay unknown; Khun's are played as before.
    with pytest.raises(ValueError, match="unknown variant 'makrukhouse'"):
        khun.start_fen("makrukhouse")
    assert khun.variants() == SEVEN
    # Only Khun's games: nothing to say.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        khun.load_variant_config("[makruk]\n[cambodian:makruk]\nkey = value\n")
        khun.load_variant_config("no sections at all")
    # VariantPath loads a file the same way.
    path = tmp_path / "variants.ini"
    path.write_text(PYCHESS_INI)
    with pytest.warns(khun.VariantConfigWarning, match=r"VariantPath .*variants\.ini: Khun does not play variants 'makrukhouse'"):
        khun.set_option("VariantPath", str(path))
    with pytest.warns(khun.VariantConfigWarning, match="'makbug'"):
        khun.set_option("variantpath", path)  # any case, any object str() names it
    # A file that cannot be read: said, not raised (a server still starts).
    with pytest.warns(khun.VariantConfigWarning, match="cannot read .*missing.ini"):
        khun.set_option("VariantPath", str(tmp_path / "missing.ini"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        khun.set_option("VariantPath", "<empty>")
        khun.set_option("VariantPath", "")
    # Where warnings are errors, the refusal is one.
    with warnings.catch_warnings():
        warnings.simplefilter("error", khun.VariantConfigWarning)
        with pytest.raises(khun.VariantConfigWarning, match="'fogofwar'"):
            khun.load_variant_config(PYCHESS_INI)


def test_set_option_takes_fairy_stockfishs_names():
    # The options pyffish's set_option takes change nothing Khun's functions answer.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for name, value in [
            ("Threads", 4),
            ("Hash", "64"),
            ("UCI_Variant", "makruk"),
            ("UCI_Chess960", True),
            ("Use NNUE", False),
            ("EvalFile", "<empty>"),
            ("multipv", 3),
        ]:
            assert khun.set_option(name, value) is None
    assert khun.legal_moves("makruk", START, []) == khun.legal_moves("makruk", "startpos", [])
    with pytest.raises(ValueError, match="No such option 'Protocol'"):
        khun.set_option("Protocol", "uci")
    with pytest.raises(ValueError, match="No such option 'CountStarted'"):
        khun.set_option("CountStarted", -1)
