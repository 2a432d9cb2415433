#!/usr/bin/env python3
"""How often one Khun build mates a bare king within the count, playing both sides.

usage: bare_king_selfplay.py BINARY GAMES MATERIAL MOVETIME_MS SEED
  MATERIAL  the attacker's pieces besides its king, e.g. MMM (three mets; they are
            placed on both square colours) or NMM (knight and two mets)

Each game starts from a random legal position (seeded, so two builds meet the same
positions), White to move with the pieces, Black with a bare king. Both sides are
played by BINARY at `go movetime`; pyffish decides mate, stalemate and the end by the
count or repetition. Prints one line per game and `MATES n/GAMES` at the end.

This is a measurement, not a test: it needs pyffish (`pip install pyffish`).
"""
import random
import subprocess
import sys

import pyffish as sf


def is_light(square):
    return (square % 8 + square // 8) % 2 == 1


def fen_of(board):
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            piece = board.get(rank * 8 + file)
            if piece is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += piece
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " w - - 0 1"


def random_position(rng, material):
    while True:
        squares = rng.sample(range(64), 2 + len(material))
        strong_king, weak_king, pieces = squares[0], squares[1], squares[2:]
        mets = [sq for sq, p in zip(pieces, material) if p == "M"]
        if len(mets) >= 3 and len({is_light(sq) for sq in mets}) < 2:
            continue
        apart = max(abs(strong_king % 8 - weak_king % 8), abs(strong_king // 8 - weak_king // 8))
        if apart <= 1:
            continue
        board = {strong_king: "K", weak_king: "k"}
        board.update(zip(pieces, material))
        fen = fen_of(board)
        try:
            # The bare king must not stand in check with White to move.
            if sf.gives_check("makruk", fen.replace(" w ", " b "), []):
                continue
            if not sf.legal_moves("makruk", fen, []):
                continue
        except Exception:
            continue
        return fen


class Engine:
    def __init__(self, binary):
        self.proc = subprocess.Popen(
            [binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def best_move(self, fen, moves, movetime):
        self.send("position fen %s moves %s" % (fen, " ".join(moves)))
        self.send("go movetime %d" % movetime)
        while True:
            line = self.proc.stdout.readline()
            if line.startswith("bestmove"):
                return line.split()[1]


def play(engine, fen, movetime):
    moves = []
    engine.send("ucinewgame")
    while len(moves) < 300:
        if not sf.legal_moves("makruk", fen, moves):
            return ("mate" if sf.gives_check("makruk", fen, moves) else "stalemate"), moves
        if sf.is_immediate_game_end("makruk", fen, moves)[0] or sf.is_optional_game_end(
            "makruk", fen, moves
        )[0]:
            return "count", moves
        moves.append(engine.best_move(fen, moves, movetime))
    return "count", moves


def main():
    binary, games, material = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    movetime, seed = int(sys.argv[4]), int(sys.argv[5])
    rng = random.Random(seed)
    engine = Engine(binary)
    mates = 0
    for game in range(games):
        fen = random_position(rng, material)
        result, moves = play(engine, fen, movetime)
        mates += result == "mate"
        print(game, result, len(moves), fen, flush=True)
    print("MATES %d/%d" % (mates, games))
    engine.send("quit")


if __name__ == "__main__":
    main()
