"""Khun's pyffish functions against pyffish itself, on random games in all seven games.

Every position of every random game (from the start, and from random endgames whose
FEN carries count fields) is asked of both: the legal moves, the FEN after the moves
(count fields included), check, the optional and immediate game ends, insufficient
material, and at the end the result, the whole game in each notation (SAN, LAN, Thai
SAN, Thai LAN) and its FEN with promoted pawns shown (``M~``). In makruk,
makpong and cambodian the players' count (``count_started``) is started and stopped
at random and the FEN and the optional end compared under it. FEN validation is
compared on thousands of mutated FENs. Random games of their own (promoted pieces
marked ``~`` in their FENs) compare what pychess.org's server asks besides:
``is_capture`` on legal moves, ``piece_to_partner`` after the game's moves and after
one move from a FEN, and ``get_fog_fen``. Sittuyin's games from the start go through
its set-up phase (every man but the pawns dropped from the hand, ``R@a1``), and its
random endgames put pawns on and near their promotion squares, with and without a
met, so promotions (``c3d4f``, in place ``d5d5f``) and the draw of a king and a pawn
that could only promote are compared too (``test_sittuyin_s_set_up_and_promotions``
counts them).

Deliberate differences, not compared here (see ``test_api.py`` for Khun's side):

- ``legal_moves`` lists the same moves in Khun's order (compared as sets);
- where the side not to move is in check (a FEN no game reaches), pyffish lists
  and plays the capture of its king: what needs those moves raises ``ValueError``
  (``test_lenient_fens.py`` compares the rest of such positions);
- an illegal move, an unknown variant, ``sfen=True``: ``ValueError`` (pyffish
  records the error and answers anyway, crashes on an unknown variant);
- ``is_immediate_game_end`` gives ``(False, 0)`` where pyffish leaves the value
  unset (any number);
- ``is_capture`` of a move that is not legal raises ``ValueError`` (pyffish says
  ``False``), so only legal moves are compared;
- ``validate_fen`` answers placements that make pyffish write past its board (a
  rank whose digits overflow it, then a piece): pyffish's behaviour is undefined
  there (it may crash), so they are not asked of it;
- a sittuyin FEN whose hand follows an eighth ``/`` instead of ``[...]``, or holds
  ``-``, or a side with more than sixteen men, passes pyffish's checks but not Khun's
  reader: ``FEN_IMPOSSIBLE_POSITION`` (-100) where pyffish says ``FEN_OK``;
- ``version`` and ``info`` are Khun's.
"""

import random

import pytest

import khun
from conftest import SCALE

VARIANTS = ["makruk", "cambodian", "karouk", "makpong", "asean", "ai-wok", "sittuyin"]
PLAYERS_COUNTING = ["makruk", "makpong", "cambodian"]
NOTATIONS = ["NOTATION_SAN", "NOTATION_LAN", "NOTATION_THAI_SAN", "NOTATION_THAI_LAN"]

# Each game's piece letters (upper case) other than the king.
LETTERS = {
    "makruk": "RNSMP",
    "cambodian": "RNSMP",
    "karouk": "RNSMP",
    "makpong": "RNSMP",
    "asean": "RNBQP",
    "ai-wok": "RNSAP",
    "sittuyin": "RNSFP",
}
# Sittuyin's promotion squares (the long diagonals in the other half), White's; Black's
# are the same mirrored.
SITTUYIN_PROMOTION = {"a8", "b7", "c6", "d5", "e5", "f6", "g7", "h8"}


def placement(board):
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            piece = board.get((f, r))
            if piece:
                if empty:
                    row += str(empty)
                    empty = 0
                row += piece
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def pawn_rank_fits(variant, relative):
    """Whether a pawn may stand on its side's ``relative`` rank (0 = its first) in a
    random endgame: below the promotion zone (makruk's sixth rank, ASEAN's eighth);
    anywhere but its first rank in sittuyin, whose pawns never promote by stepping."""
    if variant == "sittuyin":
        return relative >= 1
    return 1 <= relative < (7 if variant == "asean" else 5)


def random_endgame(rng, sf, variant, pawns, fullmove):
    """A random position with a few men that both read, or None. In sittuyin the
    pawns stand mostly on or next to their promotion squares, and a side has a met
    only half the time (a pawn promotes only while its side has none)."""
    squares = [(f, r) for f in range(8) for r in range(8)]
    rng.shuffle(squares)
    board = {squares.pop(): "K", squares.pop(): "k"}
    pool = LETTERS[variant] if pawns else LETTERS[variant].replace("P", "")
    if variant == "sittuyin" and rng.random() < 0.5:
        pool = pool.replace("F", "")
    for upper, n in ((True, rng.randint(0, 4)), (False, rng.randint(0, 3))):
        for _ in range(n):
            piece = rng.choice(pool)
            if variant == "sittuyin" and piece == "P" and rng.random() < 0.7:
                near = [sq for sq in squares if 3 <= (sq[1] if upper else 7 - sq[1]) <= 6]
                if near:
                    squares.remove(near[0])
                    squares.append(near[0])
            f, r = squares.pop()
            relative = r if upper else 7 - r
            if piece == "P" and not pawn_rank_fits(variant, relative):
                continue
            board[(f, r)] = piece if upper else piece.lower()
    hand = "[]" if variant == "sittuyin" and rng.random() < 0.5 else ""
    fen = f"{placement(board)}{hand} {rng.choice('wb')} - - 0 {fullmove}"
    if khun.fen_error(fen, variant, strict=True) is not None or sf.validate_fen(fen, variant) != 1:
        return None
    return fen


def board_field(fen):
    """A FEN's placement without the pieces in hand (sittuyin's ``[...]``)."""
    return fen.split()[0].split("[")[0]


def occupied(fen):
    """The squares (``e4``) a FEN's placement occupies."""
    out = set()
    for i, row in enumerate(board_field(fen).split("/")):
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            elif c != "~":
                out.add("abcdefgh"[f] + str(8 - i))
                f += 1
    return out


def takes(move, fen):
    """Whether ``move`` (UCI) goes to an occupied square other than its own (a drop,
    ``R@a1``, and a promotion in place, ``d5d5f``, take nothing)."""
    return "@" not in move and move[:2] != move[2:4] and move[2:4] in occupied(fen)


def pick(rng, legal, fen, capture_bias):
    caps = [m for m in legal if takes(m, fen)]
    return rng.choice(caps) if caps and rng.random() < capture_bias else rng.choice(legal)


def compare_position(sf, variant, fen, moves):
    """Every per-position function, both ways; returns the legal moves."""
    where = f"{variant} {fen} {' '.join(moves)}"
    legal = sf.legal_moves(variant, fen, moves)
    assert sorted(khun.legal_moves(variant, fen, moves)) == sorted(legal), where
    assert khun.get_fen(variant, fen, moves) == sf.get_fen(variant, fen, moves), where
    assert khun.gives_check(variant, fen, moves) == sf.gives_check(variant, fen, moves), where
    ours, theirs = khun.is_optional_game_end(variant, fen, moves), sf.is_optional_game_end(
        variant, fen, moves
    )
    assert ours[0] == theirs[0], f"optional end: {where}"
    if ours[0]:
        assert ours[1] == theirs[1], where
    assert khun.has_insufficient_material(variant, fen, moves) == tuple(
        sf.has_insufficient_material(variant, fen, moves)
    ), where
    if variant == "karouk":
        ours, theirs = khun.is_immediate_game_end(variant, fen, moves), sf.is_immediate_game_end(
            variant, fen, moves
        )
        assert ours[0] == theirs[0], f"immediate end: {where}"
        if ours[0]:
            assert ours[1] == theirs[1], where
    if not legal:
        assert khun.game_result(variant, fen, moves) == sf.game_result(variant, fen, moves), where
    return legal


def play_and_compare(sf, rng, variant, fen, plies, capture_bias):
    """A random game from ``fen``, compared at every position; returns (moves, positions)."""
    moves = []
    positions = 0
    for _ in range(plies + 1):
        legal = compare_position(sf, variant, fen, moves)
        positions += 1
        if not legal or len(moves) == plies:
            break
        if sf.is_optional_game_end(variant, fen, moves)[0] and rng.random() < 0.5:
            break
        current = sf.get_fen(variant, fen, moves)
        moves.append(pick(rng, legal, current, capture_bias))
    assert khun.get_san_moves(variant, fen, moves) == sf.get_san_moves(variant, fen, moves)
    for notation in NOTATIONS:
        ours = khun.get_san_moves(variant, fen, moves, False, getattr(khun, notation))
        theirs = sf.get_san_moves(variant, fen, moves, False, getattr(sf, notation))
        assert ours == theirs, f"{notation}: {variant} {fen} {' '.join(moves)}"
    ours = khun.get_fen(variant, fen, moves, False, False, True)
    assert ours == sf.get_fen(variant, fen, moves, False, False, True), "show_promoted"
    if moves:
        assert khun.get_san(variant, fen, moves[0]) == sf.get_san(variant, fen, moves[0])
    return moves, positions


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_games_match_pyffish(sf, variant):
    rng = random.Random(f"games-{variant}")
    positions = games = with_count = 0
    start = sf.start_fen(variant)
    assert khun.start_fen(variant) == start
    for _ in range(3 * SCALE):
        # From the start into the middle game (in sittuyin through the set-up phase:
        # at least sixteen drops, then play).
        plies = rng.randint(30, 90) if variant == "sittuyin" else rng.randint(20, 60)
        _, n = play_and_compare(sf, rng, variant, start, plies, 0.4)
        positions += n
        games += 1
    for _ in range(6 * SCALE):
        # From a random endgame; then on from a FEN with count fields it reached.
        fen = None
        while fen is None:
            fen = random_endgame(rng, sf, variant, rng.random() < 0.4, rng.randint(1, 60))
        moves, n = play_and_compare(sf, rng, variant, fen, rng.randint(10, 40), 0.7)
        positions += n
        games += 1
        counted = sf.get_fen(variant, fen, moves)
        if sf.legal_moves(variant, counted, []) and counted.split()[3] not in ("-", "0"):
            _, n = play_and_compare(sf, rng, variant, counted, rng.randint(10, 80), 0.3)
            positions += n
            games += 1
            with_count += 1
    print(f"{variant}: {games} games, {positions} positions, {with_count} from FENs with a count")
    assert positions >= 100 * SCALE


# Positions where a king and a pawn may claim sittuyin's draw: the pawn could only
# promote (rows of engine-tests/data/sittuyin-legal.tsv, found by search in pyffish).
ONLY_PROMOTIONS = [
    "6PK/1r6/2k5/4s2n/8/8/8/8[] w - - 0 1",
    "KP6/8/1k6/7f/8/8/1r6/2s5[] w - - 0 1",
    "1PK5/3r4/1fk4f/8/8/8/8/7f[] w - - 0 1",
]


def test_sittuyin_s_set_up_and_promotions_match_pyffish(sf):
    """Sittuyin's own moves, every position compared as above: random games from the
    start through the set-up phase (drops) into play, random endgames with pawns by
    their promotion squares, and positions where a king and a pawn could only promote.
    Counts what was compared, so a change that stops reaching them fails."""
    variant = "sittuyin"
    rng = random.Random("sittuyin")
    seen = dict(games=0, positions=0, drops=0, set_up_done=0, moves_after_set_up=0,
                promotions=0, in_place=0, only_promotions=0)

    def tally(moves, n):
        seen["games"] += 1
        seen["positions"] += n
        seen["drops"] += sum("@" in m for m in moves)
        seen["promotions"] += sum(len(m) == 5 and "@" not in m for m in moves)
        seen["in_place"] += sum(len(m) == 5 and m[:2] == m[2:4] for m in moves)

    start = sf.start_fen(variant)
    for _ in range(4 * SCALE):
        moves, n = play_and_compare(sf, rng, variant, start, rng.randint(24, 80), 0.3)
        tally(moves, n)
        drops = [i for i, m in enumerate(moves) if "@" in m]
        if len(drops) == 16:
            seen["set_up_done"] += 1
            seen["moves_after_set_up"] += len(moves) - 1 - drops[-1]
    while seen["promotions"] < 10 * SCALE or seen["in_place"] < 2 * SCALE:
        fen = random_endgame(rng, sf, variant, True, rng.randint(20, 60))
        if fen is not None and any(len(m) == 5 for m in sf.legal_moves(variant, fen, [])):
            tally(*play_and_compare(sf, rng, variant, fen, rng.randint(6, 30), 0.3))
    for fen in ONLY_PROMOTIONS:
        assert sf.is_optional_game_end(variant, fen, []) == (True, 0), fen
        assert khun.is_optional_game_end(variant, fen, []) == (True, 0), fen
        seen["only_promotions"] += 1
        tally(*play_and_compare(sf, rng, variant, fen, 10, 0.3))
    print(f"sittuyin: {seen}")
    assert seen["drops"] >= 64 * SCALE and seen["set_up_done"] >= 2 * SCALE, seen
    assert seen["moves_after_set_up"] > 0, seen


def test_sittuyin_fen_validation_matches_pyffish(sf):
    """``validate_fen`` on sittuyin FENs with their hands broken at random: brackets,
    ``-`` and ``/`` moved in and out, kings and other men moved between the board and
    the hand, letters of other games."""
    variant = "sittuyin"
    rng = random.Random("validate-sittuyin")
    bases = [
        sf.start_fen(variant),
        "8/8/4pppp/pppp4/4PPPP/PPPP4/4K3/8[SSFRRNNkssfrrnn] b - - 0 1",
        "3r4/8/s3pppp/pppp4/4PPPP/PPPP4/3K4/6N1[SSFRRNksfrnn] w - - 0 3",
        "4k3/8/4F~3/8/8/8/8/R3K3[] b - 32 0 1",
        "6PK/1r6/2k5/4s2n/8/8/8/8[] w - - 0 1",
    ]
    pool = "[]-/~*KkFfRrSsNnPpMmQq0123456789 "
    codes = {}
    impossible = 0
    for _ in range(3000 * SCALE):
        chars = list(rng.choice(bases))
        hand_end = "".join(chars).find(" ")
        for _ in range(rng.randint(1, 3)):
            # Mostly in and around the hand, where sittuyin's checks are.
            if rng.random() < 0.6:
                at = rng.randrange(max(0, hand_end - 18), hand_end + 1)
            else:
                at = rng.randrange(len(chars) + 1)
            op = rng.random()
            if op < 0.4 and chars:
                chars[min(at, len(chars) - 1)] = rng.choice(pool)
            elif op < 0.7 and chars:
                del chars[min(at, len(chars) - 1)]
            else:
                chars.insert(at, rng.choice(pool))
        fen = "".join(chars)
        if overflows(fen, variant):
            continue
        theirs, ours = sf.validate_fen(fen, variant), khun.validate_fen(fen, variant)
        if ours == khun.FEN_IMPOSSIBLE_POSITION:
            assert theirs == sf.FEN_OK, f"{fen!r}"
            assert khun.fen_error(fen, variant)
            impossible += 1
        else:
            assert ours == theirs, f"{fen!r}"
            codes[ours] = codes.get(ours, 0) + 1
        if ours == khun.FEN_OK:
            reads(variant, fen)
    print(f"sittuyin: codes {sorted(codes.items())}, {impossible} valid to pyffish but impossible")
    # The hand's own checks were reached: its pieces, kings in it, touching kings on
    # the board, and FENs that pass.
    for code in (
        khun.FEN_OK,
        khun.FEN_INVALID_POCKET_INFO,
        khun.FEN_INVALID_NUMBER_OF_KINGS,
        khun.FEN_TOUCHING_KINGS,
    ):
        assert codes.get(code, 0) > 0, codes


def mark_promoted(rng, fen):
    """``fen`` with each piece other than kings and pawns marked promoted (``~``) at
    random, as pyffish writes a promoted pawn with ``show_promoted``."""
    placement, rest = fen.split(" ", 1)
    board, hand = board_field(fen), placement[len(board_field(fen)) :]
    out = ""
    for c in board:
        out += c
        if c.isalpha() and c not in "KkPp" and rng.random() < 0.5:
            out += "~"
    return f"{out}{hand} {rest}"


def piece_on(fen, square):
    """The letter on ``square`` (``e4``) in a FEN's placement, ``~`` kept; ``""``
    when it is empty."""
    row = board_field(fen).split("/")[8 - int(square[1])]
    f, i = 0, 0
    target = "abcdefgh".index(square[0])
    while i < len(row):
        c = row[i]
        if c.isdigit():
            f += int(c)
            i += 1
            continue
        letter = c + ("~" if row[i + 1 : i + 2] == "~" else "")
        if f == target:
            return letter
        f += 1
        i += len(letter)
    return ""


@pytest.mark.parametrize("variant", VARIANTS)
def test_captures_partner_and_fog_match_pyffish(sf, variant):
    """``is_capture``, ``piece_to_partner`` and ``get_fog_fen`` at every position of
    random games, from the start and from random endgames (pieces marked promoted)."""
    rng = random.Random(f"server-{variant}")
    counts = dict(positions=0, is_capture=0, captures=0, partner=0, promoted_taken=0, fog=0)
    starts = [sf.start_fen(variant)] * (2 * SCALE)
    while len(starts) < 8 * SCALE:
        fen = random_endgame(rng, sf, variant, rng.random() < 0.5, rng.randint(1, 60))
        if fen is not None:
            marked = mark_promoted(rng, fen)
            usable = (
                khun.fen_error(marked, variant, strict=True) is None
                and sf.validate_fen(marked, variant) == 1
            )
            starts.append(marked if usable else fen)
    for fen in starts:
        moves = []
        for _ in range(rng.randint(20, 60)):
            where = f"{variant} {fen} {' '.join(moves)}"
            # The position as pychess keeps it: promoted pieces shown.
            current = sf.get_fen(variant, fen, moves, False, False, True)
            assert khun.get_fog_fen(current, variant) == sf.get_fog_fen(current, variant), where
            counts["fog"] += 1
            ours = khun.piece_to_partner(variant, fen, moves)
            assert ours == sf.piece_to_partner(variant, fen, moves), where
            counts["partner"] += 1
            legal = sf.legal_moves(variant, fen, moves)
            counts["positions"] += 1
            if not legal:
                break
            taking = [m for m in legal if takes(m, current)]
            quiet = [m for m in legal if not takes(m, current)]
            asked = rng.sample(taking, min(3, len(taking))) + rng.sample(quiet, min(3, len(quiet)))
            for m in asked:
                ours = khun.is_capture(variant, fen, moves, m)
                assert ours == sf.is_capture(variant, fen, moves, m), f"{where} {m}"
                counts["is_capture"] += 1
                counts["captures"] += ours
            move = pick(rng, legal, current, 0.6)
            # pychess.org's call: the FEN it holds and the one move just played.
            ours = khun.piece_to_partner(variant, current, [move])
            assert ours == sf.piece_to_partner(variant, current, [move]), f"{where} {move}"
            counts["partner"] += 1
            counts["promoted_taken"] += takes(move, current) and piece_on(current, move[2:4]).endswith("~")
            moves.append(move)
    print(f"{variant}: {counts}")
    assert counts["positions"] >= 100 * SCALE
    assert counts["captures"] > 0 and counts["captures"] < counts["is_capture"]


def game_ply(fen):
    fields = fen.split()
    return max(2 * (int(fields[-1]) - 1), 0) + (fields[1] == "b")


@pytest.mark.parametrize("variant", PLAYERS_COUNTING)
def test_players_count_matches_pyffish(sf, variant):
    """``count_started`` set, started and stopped at random: FEN and optional end."""
    rng = random.Random(f"players-{variant}")
    steps = actions = 0
    for _ in range(5 * SCALE):
        fen = None
        while fen is None:
            fen = random_endgame(rng, sf, variant, rng.random() < 0.3, rng.randint(20, 60))
        moves, count_started = [], -1
        for _ in range(rng.randint(20, 120)):
            current = khun.get_fen(variant, fen, moves)
            if count_started == -1 and rng.random() < 0.3:
                if khun.may_start_count(variant, fen, moves, count_started)[0]:
                    count_started = game_ply(current) + 1
                    actions += 1
            elif count_started > 0 and rng.random() < 0.05:
                if khun.may_stop_count(variant, fen, moves, count_started)[0]:
                    count_started = -1
                    actions += 1
            where = f"{variant} {fen} {' '.join(moves)} count_started {count_started}"
            ours = khun.get_fen(variant, fen, moves, False, False, False, count_started)
            theirs = sf.get_fen(variant, fen, moves, False, False, False, count_started)
            assert ours == theirs, where
            ours = khun.is_optional_game_end(variant, fen, moves, False, count_started)
            theirs = sf.is_optional_game_end(variant, fen, moves, False, count_started)
            assert ours[0] == theirs[0], where
            steps += 1
            legal = khun.legal_moves(variant, fen, moves)
            if not legal or ours[0]:
                break
            moves.append(pick(rng, legal, current, 0.3))
    print(f"{variant}: {steps} steps, {actions} count actions")
    assert actions > 0


def reads(variant, fen):
    """Khun's pyffish functions read ``fen``: its FEN and check, and its legal moves
    unless the side not to move is in check (pyffish would list the capture of its
    king, which Khun refuses with that reason)."""
    khun.get_fen(variant, fen, [])
    khun.gives_check(variant, fen, [])
    try:
        khun.legal_moves(variant, fen, [])
    except ValueError as e:
        assert "the side not to move" in str(e), f"{fen!r}: {e}"


def overflows(fen, variant):
    """Whether Fairy-Stockfish's FEN check would write past its board (undefined
    behaviour there: pyffish may crash). Its characters that take no square: ``~``, and
    in sittuyin (a game with drops) ``-`` and ``]`` too."""
    special = "~-]" if variant == "sittuyin" else "~"
    rank = file = 0
    prev = "?"
    for c in fen:
        if c in " [":
            break
        if c == "*":
            file += 1
        elif c.isdigit():
            file += int(c)
            if prev.isdigit():
                file += 9 * int(prev)
        elif c == "/":
            rank += 1
            if file != 8:
                return False
            if rank == 8:
                break
            file = 0
        elif c not in special:
            if file == 8:
                return False
            if not 0 <= (7 - rank) * 8 + file < 64:
                return True
            file += 1
        prev = c
    return False


def test_fen_validation_matches_pyffish(sf):
    rng = random.Random("validate")
    pool = " /-~*+[]0123456789wbKkMmSsRrNnPpQqBbAaXxDdEeFf"
    fens = [sf.start_fen(v) for v in VARIANTS] + [
        "8/8/8/4k3/8/8/7R/3K4 b - 32 6 1",
        "4k3/8/8/3r4/8/8/3N4/R3K3 w - 128 3 31",
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 1+1 0 1",
        "4k3/3P4/8/8/8/8/8/4K3 w - - 0 1",
        # Sittuyin in its set-up phase and after it (a promoted pawn marked ``~``).
        "3r4/8/s3pppp/pppp4/4PPPP/PPPP4/3K4/6N1[SSFRRNksfrnn] w - - 0 3",
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8/KFRRSSNNkfrrssnn w - - 0 1",
        "4k3/8/4F~3/8/8/8/8/R3K3[] b - 32 0 1",
    ]
    checked = impossible = 0
    for _ in range(5000 * SCALE):
        variant = rng.choice(VARIANTS)
        chars = list(rng.choice(fens))
        for _ in range(rng.randint(1, 3)):
            op, at = rng.random(), rng.randrange(len(chars) + 1)
            if op < 0.4 and chars:
                chars[min(at, len(chars) - 1)] = rng.choice(pool)
            elif op < 0.7 and chars:
                del chars[min(at, len(chars) - 1)]
            else:
                chars.insert(at, rng.choice(pool))
        fen = "".join(chars)
        if overflows(fen, variant):
            continue
        theirs, ours = sf.validate_fen(fen, variant), khun.validate_fen(fen, variant)
        if ours == khun.FEN_IMPOSSIBLE_POSITION:
            assert theirs == sf.FEN_OK, f"{fen!r} {variant}"
            assert khun.fen_error(fen, variant)
            impossible += 1
        else:
            assert ours == theirs, f"{fen!r} {variant}"
        if ours == khun.FEN_OK:
            # Every function reads what validate_fen passes.
            reads(variant, fen)
        checked += 1
    print(f"{checked} FENs, {impossible} valid to pyffish but impossible")
    assert checked > 4000 * SCALE


def test_constants_match_pyffish(sf):
    for name in [
        "NOTATION_DEFAULT",
        "NOTATION_SAN",
        "NOTATION_LAN",
        "NOTATION_THAI_SAN",
        "NOTATION_THAI_LAN",
        "VALUE_MATE",
        "VALUE_DRAW",
        "FEN_OK",
    ]:
        assert getattr(khun, name) == getattr(sf, name), name
    assert set(khun.variants()) <= set(sf.variants())
    for variant in VARIANTS:
        assert khun.start_fen(variant) == sf.start_fen(variant)
