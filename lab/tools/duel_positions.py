#!/usr/bin/env python3
"""Random positions of the five-man duels (K+R+X v K+Y) with what the tables say of
them, as a suite for makruk-match's --openings and conversion_suite.py score: does an
engine convert what the table wins inside the count, and hold what it draws?

    duel_positions.py --khun target/release/khun --tables DIR --ending KRMvKN \
        [--ending KRSvKS ...] --wins 10 --draws 0 [--min-plies 15] [--slack 6] \
        [--seed 1] -o duel-suite.txt

For each ending it places the men at random (either colour holding the first
side's pieces, that side to move; with --either-side, either side to move, and the
win kept for whichever side it is), asks Khun with `FiveManTables` set (`go depth 1`: at a table
position the score is the table's, `cp 31487 - n` for a conversion in n plies) and
keeps:
  * wins: the side to move converts in at least --min-plies plies with a fresh board's
    honour; the count is then set so that it leaves the win's length plus 0 to
    --slack plies (a tight count, where a wasted move draws), and asked again;
  * draws: the table says drawn with the count fresh (neither side can win),
    either side to move.
Each line is `FEN # winner=white|black state=board ending=KRMvKN plies=P allowed=A
verdict=win|draw`; for a draw, `winner` is the first side (a defender that holds
loses neither side's games). Illegal placements are refused by Khun and skipped.
"""
import argparse
import random
import subprocess
import sys

from bare_king_selfplay import fen_of  # beside this script

TABLE_WIN = 31487
LETTER = {"R": "r", "S": "s", "N": "n", "M": "m"}


class Khun:
    def __init__(self, path, tables):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name FiveManTables value {tables}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, token):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("khun ended")
            lines.append(line.strip())
            if line.startswith(token):
                return lines

    def score(self, fen):
        """The depth-1 score of `fen` for its side to move: ('cp', n) or ('mate', n),
        or None when Khun refuses the position."""
        self.send(f"position fen {fen}")
        self.send("isready")
        answer = self.wait("readyok")
        if any("error" in l for l in answer):
            return None
        self.send("go depth 1")
        lines = self.wait("bestmove")
        if lines[-1].split()[1] in ("(none)", "0000"):
            return None
        score = None
        for l in lines:
            w = l.split()
            if "score" in w:
                i = w.index("score")
                score = (w[i + 1], int(w[i + 2]))
        return score


def placement(board):
    """The FEN placement field of {square: letter}, a1 = 0."""
    return fen_of(board).split()[0]


def random_position(rng, ending):
    """(placement, rook side 'w'/'b') of `ending` (`KRMvKN`), or None on a collision."""
    strong, weak = ending[1:].split("vK")
    rook_side = rng.choice("wb")
    squares = rng.sample(range(64), 2 + len(strong) + len(weak))
    case = lambda c, side: c.upper() if side == "w" else c.lower()
    other = "b" if rook_side == "w" else "w"
    board = {squares[0]: case("k", rook_side), squares[1]: case("k", other)}
    for sq, c in zip(squares[2:], strong + weak):
        side = rook_side if len(board) - 2 < len(strong) else other
        board[sq] = case(LETTER[c], side)
    return placement(board), rook_side


def conversion_plies(score):
    """Plies to the side to move's conversion (mates count), or None if no win."""
    if score is None:
        return None
    kind, n = score
    if kind == "mate":
        return 2 * n - 1 if n > 0 else None
    if n > TABLE_WIN - 300:
        return TABLE_WIN - n
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--khun", required=True)
    ap.add_argument("--tables", required=True)
    ap.add_argument("--ending", action="append", required=True)
    ap.add_argument("--wins", type=int, default=10)
    ap.add_argument("--draws", type=int, default=0)
    ap.add_argument("--min-plies", type=int, default=15)
    ap.add_argument("--slack", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--either-side", action="store_true",
                    help="wins for either side (K+X+Y v K+R: the rook can win too)")
    ap.add_argument("--tries", type=int, default=100000, help="placements tried per ending at most")
    ap.add_argument("-o", "--output", required=True)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    khun = Khun(args.khun, args.tables)
    lines = [f"# five-man duel positions: duel_positions.py --ending {' --ending '.join(args.ending)} "
             f"--wins {args.wins} --draws {args.draws} --min-plies {args.min_plies} "
             f"--slack {args.slack} --seed {args.seed}"]
    for ending in args.ending:
        wins, draws, tried = 0, 0, 0
        while wins < args.wins or draws < args.draws:
            tried += 1
            if tried > args.tries:
                print(f"{ending}: only {wins} wins and {draws} draws in {tried - 1} placements",
                      file=sys.stderr)
                break
            board, rook_side = random_position(rng, ending)
            # A draw with either side to move (with the rook side to move they are
            # rare where two rooks or a rook and a khon face a minor piece).
            either = args.either_side or wins >= args.wins
            to_move = rng.choice("wb") if either else rook_side
            if wins < args.wins and args.either_side:
                rook_side = to_move  # the side to move is the one that may win
            winner = "white" if rook_side == "w" else "black"
            fresh = f"{board} {to_move} - 128 0 1"
            score = khun.score(fresh)
            if score is None:
                continue
            plies = conversion_plies(score)
            if plies is None:
                if draws < args.draws and score == ("cp", 0):
                    draws += 1
                    lines.append(f"{fresh} # winner={winner} state=board ending={ending} "
                                 f"plies=- allowed=129 verdict=draw")
                continue
            if to_move != rook_side:
                continue
            if plies < args.min_plies or wins >= args.wins:
                continue
            allowed = plies + rng.randint(0, args.slack)
            counter = 129 - allowed
            if counter < 0:
                continue
            tight = f"{board} {rook_side} - 128 {counter} 1"
            if conversion_plies(khun.score(tight)) != plies:
                continue
            wins += 1
            lines.append(f"{tight} # winner={winner} state=board ending={ending} "
                         f"plies={plies} allowed={allowed} verdict=win")
        print(f"{ending}: {wins} wins, {draws} draws from {tried} placements", file=sys.stderr)
    khun.send("quit")
    with open(args.output, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
