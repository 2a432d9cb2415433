"""pyffish's names where pyffish is lenient, against pyffish itself (issue 71).

pychess.org's server, driven with ``khun`` in pyffish's place, met these: names it
reads that Khun lacked, ``start_fen("chess")`` for every PGN, a custom FEN flipped to
ask whether the other king stands in check, the count pressed with a pawn on the
board, a takeback past the count's start. pyffish answers all of them; so must Khun,
with pyffish's values:

- every public name of pyffish exists in ``khun``, its constants with pyffish's values;
- ``count_started`` takes any value, with pyffish's arithmetic (Fairy-Stockfish's
  ``counting_limit``/``counting_ply``), in every game: random values at every ply of
  random games, the FEN carried from call to call as a server carries it, takebacks;
- a FEN no game reaches (a pawn on its promotion rank, the side not to move in check)
  is read as pyffish reads it. One refusal remains, with its reason: where the side
  not to move is in check, pyffish may list the capture of its king (Khun's moves
  never take a king), and plays on from there missing the check on that king, so
  Khun lists no moves where pyffish's list takes the king, and plays none from there.
"""

import random

import pytest

import khun
from conftest import SCALE
from test_against_pyffish import LETTERS, VARIANTS, compare_position, placement, play_and_compare

COUNTING = ["makruk", "makpong", "cambodian", "asean", "karouk", "ai-wok", "sittuyin"]


def test_every_public_name_of_pyffish_is_khun_s(sf):
    public = {n for n in dir(sf) if not n.startswith("_")}
    assert public - set(dir(khun)) == set()
    for name in public:
        ours, theirs = getattr(khun, name), getattr(sf, name)
        if isinstance(theirs, int):
            assert ours == theirs, name
    assert issubclass(khun.error, Exception) and khun.error.__name__ == "error"


def test_what_pyffish_says_of_a_game_by_its_name(sf):
    for variant in VARIANTS + ["chess"]:
        assert khun.start_fen(variant) == sf.start_fen(variant), variant
        assert khun.two_boards(variant) == sf.two_boards(variant), variant
        assert khun.captures_to_hand(variant) == sf.captures_to_hand(variant), variant
    # pyffish crashes on a name it does not know; Khun says why.
    with pytest.raises(ValueError, match="unknown variant 'shogi'.*only chess's start"):
        khun.start_fen("shogi")


# The cases of issue 71, pyffish 0.0.90's answers.
ISSUE_CASES = [
    # The count pressed with a pawn on the board.
    ("cambodian", "8/8/8/4k3/3p4/8/8/K5s1 w - 126 0 67", ["a1a2"], 133),
    # A takeback past the count's start.
    ("makruk", "8/3M~2M~1/8/8/1m6/8/3k4/1K6 b - 128 0 65", [], 131),
    ("makruk", "4r3/3n4/S1s5/7M/8/4k3/7K/5s2 w - - 0 118", [], 300),
]


@pytest.mark.parametrize("variant, fen, moves, count_started", ISSUE_CASES)
def test_issue_71_s_cases(sf, variant, fen, moves, count_started):
    for show in (False, True):
        args = (variant, fen, moves, False, False, show, count_started)
        assert khun.get_fen(*args) == sf.get_fen(*args)
    args = (variant, fen, moves, False, count_started)
    assert same_end(khun.is_optional_game_end(*args), sf.is_optional_game_end(*args))


def same_end(ours, theirs):
    """Two ``(ended, value)`` answers agree: pyffish leaves the value unset (any number)
    where the game has not ended."""
    return ours[0] == theirs[0] and (not ours[0] or ours[1] == theirs[1])


def random_count_started(rng, ply):
    """A ``count_started`` as a server may hold it: automatic, none running, started
    before, at or after the position's ply (a takeback), long ago, or anything."""
    return rng.choice(
        [
            0,
            -1,
            rng.randint(-300, -2),
            rng.randint(1, max(1, ply + 1)),
            ply + 1,
            ply + rng.randint(2, 40),
            rng.randint(1, 400),
            2**31 - 1,
            -(2**31),
        ]
    )


def random_counted_fen(rng, variant):
    """A position with few men, pawns or not, and count fields (or none) at random."""
    squares = [(f, r) for f in range(8) for r in range(8)]
    while True:
        rng.shuffle(squares)
        board = {squares[0]: "K", squares[1]: "k"}
        pool = LETTERS[variant] if rng.random() < 0.4 else LETTERS[variant].replace("P", "")
        spare = squares[2:]
        for upper, n in ((True, rng.randint(0, 3)), (False, rng.randint(0, 3))):
            for _ in range(n):
                f, r = spare.pop()
                piece = rng.choice(pool)
                if piece == "P" and not 1 <= (r if upper else 7 - r) <= 4:
                    continue
                board[(f, r)] = piece if upper else piece.lower()
        hand = "[]" if variant == "sittuyin" else ""
        count = rng.choice(["-", str(rng.choice([16, 32, 44, 64, 88, 126, 128]))])
        ply = rng.randint(0, 130) if count != "-" else rng.randint(0, 90)
        side = rng.choice("wb")
        fen = f"{placement(board)}{hand} {side} - {count} {ply} {rng.randint(1, 120)}"
        if khun.fen_error(fen, variant, strict=True) is None and khun.validate_fen(
            fen, variant
        ) == khun.FEN_OK:
            return fen


def game_ply(fen):
    fields = fen.split()
    return max(2 * (int(fields[-1]) - 1), 0) + (fields[1] == "b")


@pytest.mark.parametrize("variant", COUNTING)
def test_any_count_started_is_pyffish_s_arithmetic(sf, variant):
    """At every ply of random games, from FENs with and without count fields: the FEN
    and the optional end under random ``count_started`` values; the FEN carried from
    move to move as a server carries it (``get_fen(variant, fen, [move], ...)``, its
    own count fields read back); and takebacks (the same value, fewer moves)."""
    rng = random.Random(f"count-started-{variant}")
    compared = counted = 0
    for _ in range(6 * SCALE):
        fen = random_counted_fen(rng, variant)
        carried = {n: (fen, fen) for n in (random_count_started(rng, game_ply(fen)) for _ in range(3))}
        moves = []
        for _ in range(rng.randint(10, 60)):
            current = sf.get_fen(variant, fen, moves)
            ply = game_ply(current)
            for n in [random_count_started(rng, ply) for _ in range(2)] + list(carried):
                for show in (False, True):
                    args = (variant, fen, moves, False, False, show, n)
                    ours, theirs = khun.get_fen(*args), sf.get_fen(*args)
                    assert ours == theirs, f"{args}"
                    counted += ours.split()[3] != "-"
                args = (variant, fen, moves, False, n)
                ours, theirs = khun.is_optional_game_end(*args), sf.is_optional_game_end(*args)
                assert same_end(ours, theirs), f"{args}"
                compared += 3
            if moves and rng.random() < 0.2:
                back = rng.randint(0, len(moves))
                n = rng.choice(list(carried))
                args = (variant, fen, moves[:back], False, False, True, n)
                assert khun.get_fen(*args) == sf.get_fen(*args), f"takeback {args}"
                compared += 1
            legal = sf.legal_moves(variant, fen, moves)
            if not legal:
                break
            move = rng.choice(legal)
            for n, (ours_fen, theirs_fen) in list(carried.items()):
                ours = khun.get_fen(variant, ours_fen, [move], False, False, True, n)
                theirs = sf.get_fen(variant, theirs_fen, [move], False, False, True, n)
                assert ours == theirs, f"carried {variant} {ours_fen} {move} {n}"
                carried[n] = (ours, theirs)
                args = (variant, ours, [], False, n)
                assert same_end(khun.is_optional_game_end(*args), sf.is_optional_game_end(*args)), args
                compared += 2
            moves.append(move)
    print(f"{variant}: {compared} values compared, {counted} FENs with count fields")
    assert compared > 500 * SCALE and counted > 0


def pawns_anywhere_fen(sf, rng, variant):
    """A random position pyffish's checks pass: pawns on any rank but their first
    (their promotion rank and beyond included), the side not to move in check at
    times, count fields at times."""
    squares = [(f, r) for f in range(8) for r in range(8)]
    while True:
        rng.shuffle(squares)
        board = {squares[0]: "K", squares[1]: "k"}
        spare = squares[2:]
        for upper, n in ((True, rng.randint(0, 5)), (False, rng.randint(0, 5))):
            for _ in range(n):
                f, r = spare.pop()
                piece = rng.choice(LETTERS[variant] + "PP")
                if piece == "P" and (r if upper else 7 - r) == 0:
                    continue
                board[(f, r)] = piece if upper else piece.lower()
        hand = "[]" if variant == "sittuyin" else ""
        count = rng.choice(["-", "-", "32", "128"])
        fen = f"{placement(board)}{hand} {rng.choice('wb')} - {count} {rng.randint(0, 20)} {rng.randint(1, 80)}"
        if sf.validate_fen(fen, variant) == sf.FEN_OK:
            return fen


def takes_the_king(fen, legal):
    """The moves of ``legal`` that go to the square of the king not to move."""
    side = fen.split()[1]
    king = "k" if side == "w" else "K"
    rows = fen.split()[0].split("[")[0].split("/")
    for i, row in enumerate(rows):
        f = 0
        for c in row.replace("~", ""):
            if c.isdigit():
                f += int(c)
            else:
                if c == king:
                    square = "abcdefgh"[f] + str(8 - i)
                    return [m for m in legal if m[2:4] == square]
                f += 1
    return []


@pytest.mark.parametrize("variant", VARIANTS)
def test_fens_no_game_reaches_are_read_as_pyffish_reads_them(sf, variant):
    """Random positions with pawns on and past their promotion rank, and with the side
    not to move in check: every function compared. Where the side not to move is in
    check, a move raises ``ValueError`` with that reason, and so do the legal moves
    where pyffish's take its king; the rest answers as pyffish. Then random games from
    the other positions."""
    rng = random.Random(f"lenient-{variant}")
    seen = dict(positions=0, impossible=0, other_king_in_check=0, king_capture_listed=0, games=0)
    while seen["positions"] < 60 * SCALE:
        fen = pawns_anywhere_fen(sf, rng, variant)
        seen["positions"] += 1
        assert khun.validate_fen(fen, variant) == khun.FEN_OK, fen
        impossible = khun.fen_error(fen, variant, strict=True) is not None
        seen["impossible"] += impossible
        where = f"{variant} {fen}"
        assert khun.get_fen(variant, fen, []) == sf.get_fen(variant, fen, []), where
        assert khun.gives_check(variant, fen, []) == sf.gives_check(variant, fen, []), where
        assert khun.has_insufficient_material(variant, fen, []) == tuple(
            sf.has_insufficient_material(variant, fen, [])
        ), where
        assert khun.game_result(variant, fen, []) == sf.game_result(variant, fen, []), where
        if variant == "karouk":
            ours = khun.is_immediate_game_end(variant, fen, [])
            assert ours[0] == sf.is_immediate_game_end(variant, fen, [])[0], where
        legal = sf.legal_moves(variant, fen, [])
        if sf.gives_check(variant, flipped(fen), []):
            # The side not to move is in check: no move is played from here.
            seen["other_king_in_check"] += 1
            with pytest.raises(ValueError, match="the side not to move .* is in check"):
                khun.get_fen(variant, fen, [rng.choice(legal)] if legal else ["a1a2"])
            if takes_the_king(fen, legal):
                seen["king_capture_listed"] += 1
                with pytest.raises(ValueError, match="capture of its king"):
                    khun.legal_moves(variant, fen, [])
                with pytest.raises(ValueError, match="capture of its king"):
                    khun.get_fog_fen(fen, variant)
            else:
                assert sorted(khun.legal_moves(variant, fen, [])) == sorted(legal), where
                assert khun.get_fog_fen(fen, variant) == sf.get_fog_fen(fen, variant), where
            try:
                ours = khun.is_optional_game_end(variant, fen, [])
                assert ours[0] == sf.is_optional_game_end(variant, fen, [])[0], where
            except ValueError as e:
                assert "capture of its king" in str(e), where
            continue
        compare_position(sf, variant, fen, [])
        assert khun.get_fog_fen(fen, variant) == sf.get_fog_fen(fen, variant), where
        play_and_compare(sf, rng, variant, fen, rng.randint(4, 20), 0.5)
        seen["games"] += 1
    print(f"{variant}: {seen}")
    assert seen["impossible"] > 0 and seen["king_capture_listed"] > 0


def flipped(fen):
    fields = fen.split()
    fields[1] = "b" if fields[1] == "w" else "w"
    return " ".join(fields)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_flipped_fen_s_check_is_pyffish_s(sf, variant):
    """pychess.org's check of a custom FEN: the side to move flipped, then
    ``gives_check`` (is the king of the side that was not to move in check?). Every
    position of random games, flipped."""
    rng = random.Random(f"flipped-{variant}")
    asked = in_check = 0
    for _ in range(4 * SCALE):
        fen, moves = sf.start_fen(variant), []
        for _ in range(rng.randint(20, 80)):
            current = sf.get_fen(variant, fen, moves)
            turned = flipped(current)
            ours = khun.gives_check(variant, turned, [])
            assert ours == sf.gives_check(variant, turned, []), turned
            assert khun.get_fen(variant, turned, []) == sf.get_fen(variant, turned, []), turned
            asked += 1
            in_check += sf.gives_check(variant, current, [])
            legal = sf.legal_moves(variant, fen, moves)
            if not legal:
                break
            # Checks sought out: flipped, they put the side not to move in check.
            checking = [m for m in rng.sample(legal, min(6, len(legal)))
                        if sf.gives_check(variant, fen, moves + [m])]
            moves.append(rng.choice(checking or legal))
    print(f"{variant}: {asked} flipped positions, {in_check} of them from a check")
    assert in_check >= 2 * SCALE


def test_every_count_started_error_speaks_of_count_started():
    rooks = "4k3/8/8/3r4/8/8/3N4/R3K3 w - - 0 31"
    pawn = "4k3/8/8/p2r4/8/8/3N4/R3K3 w - - 0 31"
    asean = khun.start_fen("asean")
    calls = [
        lambda: khun.state("makruk", rooks, [], 70),
        lambda: khun.state("makruk", pawn, [], 61),
        lambda: khun.state("makruk", rooks, ["a1a2"], -2),
        lambda: khun.outcome("asean", asean, [], -1),
        lambda: khun.count("makruk", rooks, [], 90),
        lambda: khun.may_start_count("makruk", pawn, [], 62),
        lambda: khun.may_stop_count("makruk", rooks, [], -5),
        lambda: khun.Tables().verdict("makruk", rooks, [], 99),
        lambda: khun.game_result("makruk", pawn, [], count_started=61),
        lambda: khun.game_result("asean", asean, [], count_started=-1),
        lambda: khun.Engine().analyse(rooks, [], depth=1, count_started=70),
        # The argument itself: out of pyffish's range, or not an int.
        lambda: khun.get_fen("makruk", rooks, [], False, False, False, 2**31),
        lambda: khun.is_optional_game_end("makruk", rooks, [], False, 2**70),
        lambda: khun.get_fen("makruk", rooks, [], False, False, False, "5"),
        lambda: khun.state("makruk", rooks, [], 1.5),
    ]
    for call in calls:
        with pytest.raises((ValueError, OverflowError, TypeError)) as caught:
            call()
        assert "count_started" in str(caught.value), str(caught.value)
        assert "CountStarted" not in str(caught.value), str(caught.value)


def test_game_result_s_count_started_as_khun_s_rules_read_it():
    # Black starts the count at ply 79 (count_started 80) and mates: a draw by the
    # rules; a count started beyond the position (a takeback past it) has not started.
    fen = "N7/8/8/8/8/5k2/7r/5K2 b - - 0 40"
    assert khun.game_result("makruk", fen, ["h2h1"], count_started=80) == 0
    assert khun.game_result("makruk", fen, ["h2h1"], count_started=95) == -khun.VALUE_MATE
    assert khun.game_result("makruk", fen, ["h2h1"], count_started=-1) == -khun.VALUE_MATE
