#!/usr/bin/env python3
"""Builds Khun's reference data for the players' counting convention from pyffish.

Run once by a developer (`pip install pyffish`); the output is committed, so the tests
need no Python. Deterministic for a given seed, row counts and pyffish version: every
row draws from its own seeded generator, whatever the number of worker processes.

    python3 engine-tests/data/generate_players_counting.py [--seed 1] [--games 1000]
        [--prestarted 70] [--jobs N] [--verify]

Each pyffish call builds a position from scratch (about 3 ms), so the run takes about
7 CPU minutes (pyffish 0.0.90), spread over --jobs processes (default: all cores). To
save calls, the random moves come from a move generator here (pyffish still refuses an
illegal one, and an empty list is asked of pyffish), and the optional-end flag is
asked of pyffish only where it can be set (see Recorder.record); --verify asks it
everywhere and checks that it is 0 wherever it was skipped (about twice as slow, same
output).

pyffish's `get_fen` and `is_optional_game_end` take a count_started argument N: 0 the
automatic count, -1 the players' convention with no count started, N >= 1 a board's
honour count that the side to move at game ply N - 1 started (game ply of a position:
2 * (fullmove - 1), plus 1 with Black to move). Players start a count only while no
pawn is on the board, on their own turn, before moving, and the counting side may stop
it on its own turn; pyffish only knows the current N (-1 after a stop).

Writes counting-players.tsv next to this script: for makruk, makpong and cambodian,
random games from random endgames (pawnless, or with a few pawns, some FENs with count
fields already present), with count actions between the moves. Columns:
1. variant
2. start FEN
3. tokens, space-separated: a UCI move, or `start` (N becomes the current game ply + 1)
   or `stop` (N becomes -1); an action applies to the position the preceding moves
   reached, before the next move (one may also follow the last move)
4. the expected FEN at the start and after every token, `|`-separated (one more than
   the tokens): `get_fen(variant, start FEN, moves so far, False, False, False, N)`
5. `is_optional_game_end(variant, start FEN, moves so far, False, N)[0]` at the same
   points, one `0`/`1` character each; the whole move list is passed, so a third
   occurrence of a position (placement and side to move) also sets it
6. the initial N: -1 for the ordinary games; the extra rows (a count started before
   the FEN) hold N between 1 and the FEN's game ply + 1 and only moves as tokens.
A game stops at the first position with the optional end set or with no legal move,
or after its planned length (up to 150 plies).
"""

import argparse
import multiprocessing
import os
import random

import pyffish as sf

# The FEN helpers the other generators use already.
from generate_family import attacked, playable_fen
from generate_reference import board_of

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANTS = ["makruk", "makpong", "cambodian"]
PIECES = "RRNNSSMM"  # the men other than king and pawn (each twice)
PROMOTION = 5  # relative rank index on which pawns promote (the 6th rank)


def game_ply(fen):
    """The game ply of a FEN (pyffish's gamePly): 2 * (fullmove - 1) + (Black to move)."""
    fields = fen.split()
    return max(2 * (int(fields[-1]) - 1), 0) + (fields[1] == "b")


def has_pawn(fen):
    """Whether an unpromoted pawn stands on the board (a promoted one shows as a met)."""
    return any(ch in "pP" for ch in fen.split()[0])


def kings_adjacent(board):
    (kf, kr), (qf, qr) = (next(sq for sq, p in board.items() if p == k) for k in "Kk")
    return max(abs(kf - qf), abs(kr - qr)) <= 1


def random_start(rng, variant, with_pawns, fullmove):
    """A random legal endgame with men on both sides besides the kings, or None if the
    draw was not legal. With pawns: one to three pawns and up to two other men a side."""
    squares = [(f, r) for f in range(8) for r in range(8)]
    rng.shuffle(squares)
    board = {squares.pop(): "K", squares.pop(): "k"}
    if kings_adjacent(board):
        return None
    if with_pawns:
        men = {"w": [], "b": []}
        for _ in range(rng.randint(1, 3)):
            men[rng.choice("wb")].append("P")
        for color in "wb":
            men[color] += [rng.choice(PIECES) for _ in range(rng.randint(0, 2))]
            if not men[color]:
                men[color].append(rng.choice(PIECES + "P"))
    else:
        men = {c: [rng.choice(PIECES) for _ in range(rng.randint(1, 3))] for c in "wb"}
    for color in "wb":
        for p in men[color]:
            while True:
                f, r = squares.pop()
                rel = r if color == "w" else 7 - r
                # Pawns stand where a game can bring them: relative ranks 3 to 5.
                if p != "P" or 2 <= rel < PROMOTION:
                    break
                squares.insert(0, (f, r))
            board[(f, r)] = p if color == "w" else p.lower()
    side = rng.choice("wb")
    return playable_fen(board, side, variant, fullmove)


def with_count_fields(rng, variant, fen):
    """The position after one random move, with the count fields pyffish's automatic
    count writes there (often with the counted ply redrawn), or None if it writes none."""
    legal = sf.legal_moves(variant, fen, [])
    if not legal:
        return None
    fields = sf.get_fen(variant, fen, [rng.choice(legal)]).split()
    if fields[3] == "-":
        return None
    if rng.random() < 0.7:
        fields[4] = str(rng.randint(0, int(fields[3]) - 1))
    out = " ".join(fields)
    return out if sf.validate_fen(out, variant) == sf.FEN_OK else None


STEPS = {
    "K": [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr],
    "N": [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)],
    "M": [(1, 1), (1, -1), (-1, 1), (-1, -1)],
}


def own_legal_moves(variant, fen):
    """The legal moves (UCI) by makruk's piece moves, worked out here: pyffish builds a
    position for every call, which costs milliseconds. Each move played is still
    checked by pyffish (get_fen refuses an illegal move), and an empty list is asked
    of pyffish again."""
    board = board_of(fen)
    side = fen.split()[1]
    them = "b" if side == "w" else "w"
    fwd = 1 if side == "w" else -1
    mine = str.isupper if side == "w" else str.islower
    ksq = next(sq for sq, p in board.items() if p == ("K" if side == "w" else "k"))
    # Makpong: a king in check may only capture a lone checker.
    king_targets = None
    if variant == "makpong" and attacked(board, ksq, them, variant):
        blocker = "P" if side == "w" else "p"
        checkers = [
            sq for sq, p in board.items()
            if not mine(p) and attacked(
                {s: (q if s == sq or mine(q) else blocker) for s, q in board.items()},
                ksq, them, variant)
        ]
        king_targets = checkers if len(checkers) == 1 else []
    out = []
    for (f, r), p in list(board.items()):
        if not mine(p):
            continue
        k = p.upper()
        targets = []
        if k == "R":
            for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                t = (f + df, r + dr)
                while 0 <= t[0] < 8 and 0 <= t[1] < 8:
                    targets.append(t)
                    if t in board:
                        break
                    t = (t[0] + df, t[1] + dr)
        elif k == "P":
            if (f, r + fwd) not in board:
                targets.append((f, r + fwd))
            for df in (-1, 1):
                t = (f + df, r + fwd)
                if t in board and not mine(board[t]):
                    targets.append(t)
        else:
            steps = STEPS["M"] + [(0, fwd)] if k == "S" else STEPS[k]
            targets = [(f + df, r + dr) for df, dr in steps]
        if k == "K" and king_targets is not None:
            targets = [t for t in targets if t in king_targets]
        for t in targets:
            if not (0 <= t[0] < 8 and 0 <= t[1] < 8) or (t in board and mine(board[t])):
                continue
            after = dict(board)
            del after[(f, r)]
            promote = k == "P" and (t[1] if side == "w" else 7 - t[1]) == PROMOTION
            after[t] = ("M" if side == "w" else "m") if promote else p
            if attacked(after, t if k == "K" else ksq, them, variant):
                continue
            uci = "abcdefgh"[f] + str(r + 1) + "abcdefgh"[t[0]] + str(t[1] + 1)
            out.append(uci + ("m" if promote else ""))
    return out


def pick_move(rng, fen, legal, capture_bias, pawn_bias, quiet_bias):
    """A random legal move, preferring captures, pawn moves or quiet moves as asked."""
    board = board_of(fen)
    occ = {"abcdefgh"[f] + str(r + 1) for (f, r) in board}
    caps = [m for m in legal if m[2:4] in occ]
    if caps and rng.random() < capture_bias:
        return rng.choice(caps)
    pawns = [m for m in legal if board.get(("abcdefgh".index(m[0]), int(m[1]) - 1)) in ("P", "p")]
    if pawns and rng.random() < pawn_bias:
        return rng.choice(pawns)
    quiet = [m for m in legal if m[2:4] not in occ]
    if quiet and rng.random() < quiet_bias:
        return rng.choice(quiet)
    return rng.choice(legal)


class Recorder:
    """Plays a sequence and records the tokens, the FENs and the optional-end flags,
    each asked of pyffish with the start FEN, all the moves so far and the current N."""

    # Set by --verify: ask pyffish for every optional-end flag.
    verify = False

    def __init__(self, variant, fen, n):
        self.variant, self.start, self.n0, self.n = variant, fen, n, n
        self.moves, self.tokens, self.fens, self.ends = [], [], [], []
        self.positions = [self.key(fen)]  # placement and side of each position so far
        self.refused = self.asked = 0
        self.record()

    @staticmethod
    def key(fen):
        return " ".join(fen.split()[:2])

    def record(self, fen=None):
        v, n = self.variant, self.n
        if fen is None:
            fen = sf.get_fen(v, self.start, self.moves, False, False, False, n)
        self.fens.append(fen)
        # pyffish's optional end in these variants (no n-move rule) is a third
        # occurrence of the position or a count past its limit, as the FEN shows it
        # (`limit ply`). Where neither can hold, the flag is 0 without asking pyffish
        # (each call builds a position, which costs milliseconds); --verify asks anyway.
        fields = fen.split()
        over = fields[3] != "-" and int(fields[4]) > int(fields[3])
        again = self.positions.count(self.key(fen)) > 1
        if over or again or self.verify:
            self.asked += 1
            end = int(sf.is_optional_game_end(v, self.start, self.moves, False, n)[0])
            assert not end or over or again, (v, self.start, self.moves, n)
        else:
            end = 0
        self.ends.append(end)

    def legal(self):
        """The legal moves here: worked out locally, pyffish's list where that is empty."""
        legal = own_legal_moves(self.variant, self.fens[-1])
        return legal or sf.legal_moves(self.variant, self.start, self.moves)

    def act(self, action):
        self.n = game_ply(self.fens[-1]) + 1 if action == "start" else -1
        self.tokens.append(action)
        self.record()

    def play(self, rng, legal, *bias):
        """Plays a random move of `legal`. pyffish refuses an illegal move (get_fen
        raises), and then the move is drawn again from pyffish's own list."""
        m = pick_move(rng, self.fens[-1], legal, *bias)
        try:
            fen = sf.get_fen(self.variant, self.start, self.moves + [m], False, False, False, self.n)
        except (SystemError, ValueError):
            legal = sf.legal_moves(self.variant, self.start, self.moves)
            m = pick_move(rng, self.fens[-1], legal, *bias)
            fen = None
            self.refused += 1
        self.moves.append(m)
        self.tokens.append(m)
        if fen is None:
            fen = sf.get_fen(self.variant, self.start, self.moves, False, False, False, self.n)
        self.positions.append(self.key(fen))
        self.record(fen)

    def allowed_action(self):
        """The count action the side to move may take now, or None."""
        fen = self.fens[-1]
        if self.n == -1:
            return None if has_pawn(fen) else "start"
        if (game_ply(fen) - (self.n - 1)) % 2 == 0:
            return "stop"
        return None

    def row(self):
        return "\t".join([
            self.variant,
            self.start,
            " ".join(self.tokens),
            "|".join(self.fens),
            "".join(map(str, self.ends)),
            str(self.n0),
        ])

    def stats(self):
        out = {
            "rows": 1,
            "moves": len(self.moves),
            "start": self.tokens.count("start"),
            "stop": self.tokens.count("stop"),
            "restarted": int(self.tokens.count("start") >= 2),
            "local move refused": self.refused,
            "ends asked": self.asked,
            "ends": len(self.ends),
        }
        # The FEN holds the whole state: the automatic count's FEN, asked again with
        # the same N and no history, gives the same FEN.
        v = self.variant
        auto = sf.get_fen(v, self.start, self.moves)
        assert sf.get_fen(v, auto, [], False, False, False, self.n) == self.fens[-1], self.row()
        if self.ends[-1]:
            # Without the history no repetition counts: what is left is the count.
            if sf.is_optional_game_end(v, auto, [], False, self.n)[0]:
                out["count ran out"] = 1
            else:
                out["repetition"] = 1
        elif not sf.legal_moves(v, auto, []):
            out["no legal move"] = 1
        return out


def make_game(seed, variant, index):
    """One ordinary game: from a random endgame, N = -1 at first, count actions between
    the moves. Returns the row and its statistics."""
    rng = random.Random(f"{seed} {variant} game {index}")
    while True:
        with_pawns = rng.random() < 0.35
        fen = random_start(rng, variant, with_pawns, rng.randint(20, 60))
        if fen is not None and not with_pawns and rng.random() < 0.3:
            fen = with_count_fields(rng, variant, fen)
        if fen is None:
            continue
        # How the players act: "random" starts and stops now and then, "restart" often,
        # "persistent" starts at the first chance and (nearly) never stops, avoids
        # captures and plays long enough for the count to run out.
        mode = rng.choices(["random", "restart", "persistent"], [0.55, 0.33, 0.12])[0]
        if mode == "persistent":
            length = rng.randint(130, 150)
            p_start, p_stop, eager = 0.5, rng.choice([0.0, 0.0, 0.01]), True
            bias = (0.0, 0.4 if with_pawns else 0.0, 0.9)
        else:
            if mode == "restart":
                length = rng.randint(10, 40)
                p_start, p_stop, eager = 0.3, 0.3, rng.random() < 0.5
            else:
                length = rng.randint(8, 36)
                p_start = p_stop = rng.choice([0.1, 0.12, 0.15])
                eager = rng.random() < 0.25
            bias = (rng.choice([0.2, 0.5, 0.8]), 0.4 if with_pawns else 0.0, 0.0)
        rec = Recorder(variant, fen, -1)
        started = False
        over = False
        for _ in range(length):
            action = rec.allowed_action()
            if action == "start" and ((eager and not started) or rng.random() < p_start):
                rec.act("start")
                started = True
            elif action == "stop" and rng.random() < p_stop:
                rec.act("stop")
            legal = rec.legal()
            if rec.ends[-1] or not legal:
                over = True
                break
            rec.play(rng, legal, *bias)
            if rec.ends[-1]:
                over = True
                break
        if not over and rng.random() < 0.2 and rec.legal():
            action = rec.allowed_action()
            if action:
                rec.act(action)
        if rec.moves:
            return rec.row(), rec.stats()


def make_prestarted(seed, variant, index):
    """A pawnless game from a FEN with a late move number and a count that started at
    an earlier ply (the initial N), with moves only."""
    rng = random.Random(f"{seed} {variant} prestarted {index}")
    while True:
        fen = random_start(rng, variant, False, rng.randint(40, 90))
        if fen is not None and rng.random() < 0.4:
            fen = with_count_fields(rng, variant, fen)
        if fen is None:
            continue
        ply = game_ply(fen)
        # The count's ply at the FEN: anywhere in its range, or the end within reach.
        top = min(ply, 135)
        counted = rng.randint(0, top) if rng.random() < 0.5 else rng.randint(top * 2 // 3, top)
        rec = Recorder(variant, fen, ply + 1 - counted)
        bias = rng.choice([(0.1, 0.0, 0.0), (0.4, 0.0, 0.0), (0.0, 0.0, 0.9)])
        for _ in range(rng.randint(5, 60)):
            legal = rec.legal()
            if rec.ends[-1] or not legal:
                break
            rec.play(rng, legal, *bias)
        if rec.moves:
            return rec.row(), rec.stats()


def job(task):
    kind, seed, variant, index, verify = task
    Recorder.verify = verify
    return (make_game if kind == "game" else make_prestarted)(seed, variant, index)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=1000, help="ordinary games per variant")
    ap.add_argument("--prestarted", type=int, default=70, help="rows per variant with N given")
    ap.add_argument("--jobs", type=int, default=os.cpu_count(), help="worker processes")
    ap.add_argument("--verify", action="store_true",
                    help="ask pyffish for every optional-end flag (slower; same output)")
    args = ap.parse_args()
    header = (
        f"# generated by generate_players_counting.py --seed {args.seed} --games {args.games} "
        f"--prestarted {args.prestarted} with pyffish {'.'.join(map(str, sf.version()))}\n"
        "# variant\tstart FEN\ttokens\tFENs\toptional ends\tinitial N\n"
    )
    tasks = [
        (kind, args.seed, variant, i, args.verify)
        for variant in VARIANTS
        for kind, n in (("game", args.games), ("prestarted", args.prestarted))
        for i in range(n)
    ]
    # Each row draws from its own seeded generator, so the output does not depend on
    # the number of processes.
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(job, tasks, chunksize=8)
    rows = []
    stats = {}
    for (kind, _, variant, _, _), (row, st) in zip(tasks, results):
        rows.append(row)
        key = variant if kind == "game" else f"{variant} prestarted"
        total = stats.setdefault(key, {})
        for k, x in st.items():
            total[k] = total.get(k, 0) + x
    for key, total in stats.items():
        print(key, total)
    path = os.path.join(HERE, "counting-players.tsv")
    with open(path, "w") as f:
        f.write(header)
        f.write("\n".join(rows) + "\n")
    print(f"counting-players.tsv: {len(rows)} rows, {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main()
