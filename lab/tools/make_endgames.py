#!/usr/bin/env python3
"""Random endgame start positions (makruk FEN, no count yet) for targeted matches.

Usage: make_endgames.py KHUN N [SEED [SET]] > endgames.txt  (needs pyffish; KHUN
validates the FENs). SET is `mixed` (default: 4-7 men, both sides often with pieces)
or `bare` (a bare king against three to five men).
endgames-100.txt beside it is `make_endgames.py target/release/khun 100 7`;
bare-100.txt is `make_endgames.py target/release/khun 100 11 bare`.
"""
import random, subprocess, sys
import pyffish as sf

KHUN = sys.argv[1]
N = int(sys.argv[2])
SEED = int(sys.argv[3]) if len(sys.argv) > 3 else 1
SET = sys.argv[4] if len(sys.argv) > 4 else "mixed"
rng = random.Random(SEED)
BARE = [
    ("MMM", ""), ("SMM", ""), ("RMM", ""), ("NMM", ""), ("SSM", ""), ("RS", ""),
    ("RN", ""), ("RM", ""), ("SMMP", ""), ("MMMM", ""), ("SSMM", ""), ("RSM", ""),
    ("NSM", ""), ("SNN", ""), ("MMMP", ""), ("RR", ""), ("NNM", ""), ("SSN", ""),
]
MIXED = [
    ("SM", ""), ("SS", ""), ("SN", ""), ("R", ""), ("NM", ""),
    ("SM", "M"), ("SN", "M"), ("SS", "M"), ("SM", "N"), ("SMM", "S"),
    ("R", "M"), ("R", "S"), ("R", "N"), ("RM", "S"), ("RS", "N"),
    ("SP", ""), ("SMP", "M"), ("NMP", ""), ("SSP", "M"), ("NP", "M"),
]
MATERIALS = BARE if SET == "bare" else MIXED

def fen_of(men, stm):
    board = [['' for _ in range(8)] for _ in range(8)]
    for c, p, sq in men:
        board[sq // 8][sq % 8] = p.upper() if c == 'w' else p.lower()
    rows = []
    for r in range(7, -1, -1):
        row, e = '', 0
        for f in range(8):
            if board[r][f]:
                if e: row += str(e); e = 0
                row += board[r][f]
            else:
                e += 1
        if e: row += str(e)
        rows.append(row)
    return '/'.join(rows) + f' {stm} - - 0 1'

def ok(fen):
    r = subprocess.run([KHUN, 'tablebase', '--fen', fen], capture_output=True, text=True)
    if r.returncode == 2:
        return False
    moves = sf.legal_moves('makruk', fen, [])
    if not moves or all(sf.has_insufficient_material('makruk', fen, [])):
        return False
    # not already a forced mate-in-1 race: keep positions where nobody is in check
    return not sf.gives_check('makruk', fen, [])

out = []
while len(out) < N:
    strong_mat, weak_mat = rng.choice(MATERIALS)
    strong = rng.choice('wb'); weak = 'b' if strong == 'w' else 'w'
    men = [(strong, 'k', None), (weak, 'k', None)]
    men += [(strong, p, None) for p in strong_mat] + [(weak, p, None) for p in weak_mat]
    squares = rng.sample(range(64), len(men))
    placed = []
    bad = False
    for (c, p, _), sq in zip(men, squares):
        if p == 'P':
            rank = sq // 8
            if (c == 'w' and not 2 <= rank <= 4) or (c == 'b' and not 3 <= rank <= 5):
                bad = True
        placed.append((c, p, sq))
    if bad:
        continue
    fen = fen_of(placed, rng.choice('wb'))
    if ok(fen):
        out.append(fen)
for f in out:
    print(f)
