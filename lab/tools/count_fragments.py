#!/usr/bin/env python3
"""The counted endgames of PGN games, as short PGN games for `khun puzzles` to mine.

    count_fragments.py OUT.pgn BEFORE GAMES.pgn [GAMES.pgn ...]

Count races (issue 73) happen only where a count runs, a few dozen plies at the end of
a game; mining whole games spends most of the finder's time in openings and middle
games. For each game this replays the moves with pyffish (the referee), finds the first
position where the automatic count runs (pyffish's FEN has a counting limit), and
writes the game from BEFORE plies earlier to its end as a game of its own: `[FEN]` and
`[SetUp "1"]` at that position, the game's `[Variant]`, the moves in pyffish's SAN.
Games where no count ever runs are left out. The fragment's `[Event]` names the source
game (file and number) so a puzzle can be traced back. Replayed with Khun's Python
package where it is installed (`python/`), else pyffish.
Copyright the Khun developers; GPL-3.0-or-later."""
import os
import re
import sys

# why Khun's package first: it has pyffish's functions (checked equal to pyffish's by
# python/tests) at about 8 us a call against pyffish's 2-5 ms, which set a position up
# anew each call; pyffish where it is not installed.
try:
    import khun as sf
except ImportError:
    import pyffish as sf

TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
MOVE_NUMBER = re.compile(r"^\d+\.+$")
DESTINATION = re.compile(r"[a-i](?:10|[1-9])")
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


def games(path):
    """(tags, move tokens) for each game of a PGN file of plain SAN games (no variations
    or comments: the self-play and PlayOK files are plain)."""
    tags, body = {}, []
    for line in open(path, encoding="utf-8"):
        m = TAG.match(line)
        if m:
            if body:
                yield tags, body
                tags, body = {}, []
            tags[m.group(1)] = m.group(2)
        elif line.strip():
            body += [t for t in line.split() if not MOVE_NUMBER.match(t)]
    if tags:
        yield tags, body


def uci_moves(variant, fen, sans):
    """The game's moves in UCI, and the FEN before each move and after the last, by
    matching each SAN against pyffish's SAN of the legal moves (pyffish reads no SAN
    itself). Each FEN is made from the one before (it carries the count), so a game
    costs one step a ply. `None` where a move is not legal."""
    moves, fens = [], [fen]
    for san in sans:
        if san in RESULTS:
            break
        now = fens[-1]
        # why: each pyffish call sets its position up anew (about 2 ms); only the moves
        # to the SAN's square can be it.
        square = DESTINATION.findall(san)[-1]
        by_san = {sf.get_san(variant, now, m).rstrip("+#"): m
                  for m in sf.legal_moves(variant, now, []) if m[2:4] == square}
        move = by_san.get(san.rstrip("+#"))
        if move is None:
            return None
        moves.append(move)
        fens.append(sf.get_fen(variant, now, [move]))
    return moves, fens


def counting(fen):
    """Whether pyffish's FEN says a count runs (its fifth field, the counting limit)."""
    fields = fen.split()
    return len(fields) > 4 and fields[3] != "-" and fields[3] != "0"


def main():
    out_path, before, inputs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    written = skipped = unreadable = 0
    with open(out_path, "w", encoding="utf-8") as out:
        for path in inputs:
            for number, (tags, sans) in enumerate(games(path)):
                variant = tags.get("Variant", "makruk").lower()
                start = tags.get("FEN") or sf.start_fen(variant)
                replayed = uci_moves(variant, start, sans)
                if replayed is None:
                    unreadable += 1
                    continue
                moves, fens = replayed
                first = next((ply for ply, f in enumerate(fens) if counting(f)), None)
                if first is None or first >= len(moves):
                    skipped += 1
                    continue
                begin = max(0, first - before)
                fen = fens[begin]
                tail = moves[begin:]
                san = sf.get_san_moves(variant, fen, tail)
                black_first = fen.split()[1] == "b"
                full = int(fen.split()[-1])
                words, ply_color_black = [], black_first
                for i, s in enumerate(san):
                    if i == 0 and black_first:
                        words.append(f"{full}...")
                    elif not ply_color_black:
                        words.append(f"{full}.")
                    words.append(s)
                    if ply_color_black:
                        full += 1
                    ply_color_black = not ply_color_black
                result = tags.get("Result", "*")
                out.write(f'[Event "{os.path.basename(path)} game {number}"]\n')
                out.write(f'[Variant "{variant}"]\n[SetUp "1"]\n[FEN "{fen}"]\n')
                out.write(f'[Result "{result}"]\n\n')
                out.write(" ".join(words + [result]) + "\n\n")
                written += 1
    print(f"{written} fragments, {skipped} games with no count, {unreadable} unreadable",
          file=sys.stderr)


if __name__ == "__main__":
    main()
