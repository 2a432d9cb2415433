#!/usr/bin/env python3
"""Khun's self-play games as PGN, for mining puzzles (`khun puzzles`), in every game.

    selfplay_pgn.py KHUN OUTDIR GAMES_PER_VARIANT NODES [VARIANT ...]

One Khun over UCI plays both sides at NODES a move after 4 to 10 random plies (seeded by
the game's number, so a run is repeatable; sittuyin's set-up drops half random);
pyffish decides legality and the end (mate, the count, repetition), and writes the SAN.
A game still going at 400 plies is a draw. Writes OUTDIR/selfplay-VARIANT.pgn; resumable:
it counts the games already there and goes on from the next. `datagen` writes training
records, not games: this is the PGN the puzzle finder reads.
Copyright the Khun developers; GPL-3.0-or-later."""
import os, random, subprocess, sys
import pyffish as sf

khun, outdir, per_variant, nodes = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
variants = sys.argv[5:] or ["makruk", "cambodian", "sittuyin", "makpong", "asean", "ai-wok", "karouk"]

class Engine:
    def __init__(self):
        self.p = subprocess.Popen([khun], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci"); self.wait("uciok")
    def send(self, s): self.p.stdin.write(s + "\n"); self.p.stdin.flush()
    def wait(self, tok):
        while True:
            l = self.p.stdout.readline()
            if not l: raise RuntimeError("engine died")
            if l.startswith(tok): return l
    def best(self, variant, moves):
        self.send(f"position startpos moves {' '.join(moves)}" if moves else "position startpos")
        self.send(f"go nodes {nodes}")
        return self.wait("bestmove").split()[1]

def count_games(path):
    if not os.path.exists(path): return 0
    return sum(1 for l in open(path) if l.startswith("[Event "))

eng = Engine()
for variant in variants:
    path = os.path.join(outdir, f"selfplay-{variant}.pgn")
    done = count_games(path)
    eng.send(f"setoption name UCI_Variant value {variant}")
    start = sf.start_fen(variant)
    for g in range(done, per_variant):
        rng = random.Random(f"{variant}-{g}")
        eng.send("ucinewgame"); eng.send("isready"); eng.wait("readyok")
        moves = []
        # random opening plies (sittuyin: its setup drops are random too)
        nrand = rng.randint(4, 10)
        result = "*"
        for ply in range(400):
            legal = sf.legal_moves(variant, start, moves)
            if not legal:
                r = sf.game_result(variant, start, moves)
                result = "1-0" if (r > 0) == (len(moves) % 2 == 0) else "0-1" if r != 0 else "1/2-1/2"
                break
            opt, r = sf.is_optional_game_end(variant, start, moves)
            if opt:
                result = "1/2-1/2" if r == 0 else ("1-0" if (r > 0) == (len(moves) % 2 == 0) else "0-1"); break
            imm, r = sf.is_immediate_game_end(variant, start, moves)
            if imm:
                result = "1/2-1/2" if r == 0 else ("1-0" if (r > 0) == (len(moves) % 2 == 0) else "0-1"); break
            if ply < nrand or (variant == "sittuyin" and rng.random() < 0.5 and "[" in sf.get_fen(variant, start, moves) and sf.get_fen(variant, start, moves).split("[")[1][0] != "]"):
                mv = rng.choice(legal)
            else:
                mv = eng.best(variant, moves)
                if mv not in legal:
                    print(f"illegal {mv} in {variant} game {g}", file=sys.stderr); break
            moves.append(mv)
        else:
            result = "1/2-1/2"
        sans = sf.get_san_moves(variant, start, moves)
        body = []
        for i, s in enumerate(sans):
            if i % 2 == 0: body.append(f"{i//2+1}.")
            body.append(s)
        body.append(result)
        with open(path, "a") as f:
            f.write(f'[Event "Khun self-play {nodes} nodes"]\n[Site "khun"]\n[Round "{g+1}"]\n[White "Khun"]\n[Black "Khun"]\n[Result "{result}"]\n[Variant "{variant}"]\n\n')
            line = ""
            for tok in body:
                if len(line) + len(tok) + 1 > 79: f.write(line + "\n"); line = tok
                else: line = (line + " " + tok).strip()
            f.write(line + "\n\n")
        print(variant, g + 1, result, len(moves), flush=True)
eng.send("quit")
