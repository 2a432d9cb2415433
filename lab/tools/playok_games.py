#!/usr/bin/env python3
"""Outside makruk games for the puzzle comparison (issue 73): human games from
PlayOK, as PlayOK exports them, made into clean PGN and EPD position lists.

    playok_games.py GAME.txt [GAME.txt ...] -o OUTDIR [--heldout-every 5]

PlayOK writes makruk in chess letters: Q for the met, B for the khon, a pawn
that promotes as `=P` (`axb3=P`) and the met it became as P (`Pd5`). Each move is matched to the one legal move whose
pyffish SAN is the same once the letters are mapped (Q->M, B->S, P->M), the promotion
suffix and the check marks dropped; a game with a move that matches no legal move,
or more than one, is skipped and named on stderr.

Games are taken in the order of the file names (PlayOK's game numbers rise with
time). Every `--heldout-every`th game (the 5th, 10th, ...) goes to the held-out set,
the others to the working set. Written into OUTDIR:
  games-work.pgn, games-heldout.pgn   the games, pyffish's SAN, a [Variant "makruk"]
                                      and a [Source "..."] tag (the file it came from)
  positions-work.epd, positions-heldout.epd
                                      every position of every game before the game
                                      ends (the side to move has a legal move and the
                                      game is not over by the rules), once each:
                                      `FEN;variant makruk;game N;ply P`, which
                                      chess-variant-puzzler's puzzler.py reads as is
Needs pyffish.
"""
import argparse
import os
import re
import sys

import pyffish as sf

VARIANT = "makruk"
LETTERS = {"Q": "M", "B": "S", "P": "M"}  # PlayOK's letters: the met, the khon, a promoted pawn (a met)


def read_games(text):
    """Yield (tags, [san tokens]) for each game in PlayOK's PGN text."""
    for block in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]\s*$', block, re.M))
        if "Result" not in tags:
            continue
        body = re.sub(r"^\[.*\]\s*$", "", block, flags=re.M)
        body = re.sub(r"\{[^}]*\}", " ", body)
        tokens = [t for t in body.split() if not re.fullmatch(r"\d+\.+|1-0|0-1|1/2-1/2|\*", t)]
        yield tags, tokens


def normal(san):
    """A SAN move in one spelling: Khun's letters, no promotion suffix, no marks."""
    san = re.sub(r"[+#!?]", "", san)
    san = re.sub(r"=[A-Z]$", "", san)
    if san and san[0] in LETTERS:
        san = LETTERS[san[0]] + san[1:]
    return san


def to_uci(fen, moves, san):
    """The one legal move after `moves` whose SAN reads as `san`; ValueError if none
    or several do."""
    want = normal(san)
    here = sf.get_fen(VARIANT, fen, moves)
    hits = [m for m in sf.legal_moves(VARIANT, fen, moves) if normal(sf.get_san(VARIANT, here, m)) == want]
    if len(hits) != 1:
        raise ValueError(f"move {len(moves) + 1} ({san}): {len(hits)} legal moves read so")
    return hits[0]


def pgn_text(tags, sans, result):
    lines = [f'[{k} "{v}"]' for k, v in tags.items()]
    body = []
    for i, s in enumerate(sans):
        body.append(f"{i // 2 + 1}. {s}" if i % 2 == 0 else s)
    body.append(result)
    words, line, out = body, "", []
    for w in words:
        if line and len(line) + 1 + len(w) > 79:
            out.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    out.append(line)
    return "\n".join(lines) + "\n\n" + "\n".join(out) + "\n\n"


def positions(fen, uci):
    """Every position of the game before it ends, as FENs."""
    out = []
    for ply in range(len(uci) + 1):
        if not sf.legal_moves(VARIANT, fen, uci[:ply]):
            break
        if sf.is_optional_game_end(VARIANT, fen, uci[:ply])[0]:
            break
        out.append((ply, sf.get_fen(VARIANT, fen, uci[:ply])))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+")
    ap.add_argument("-o", "--outdir", required=True)
    ap.add_argument("--heldout-every", type=int, default=5)
    args = ap.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    start = sf.start_fen(VARIANT)
    sets = {"work": ([], []), "heldout": ([], [])}
    seen_fens = {"work": set(), "heldout": set()}
    number = 0
    for path in sorted(args.files, key=os.path.basename):
        for tags, tokens in read_games(open(path, encoding="utf-8", errors="replace").read()):
            uci = []
            try:
                for san in tokens:
                    uci.append(to_uci(start, uci, san))
            except ValueError as exc:
                print(f"{path}: skipped: {exc}", file=sys.stderr)
                continue
            number += 1
            which = "heldout" if number % args.heldout_every == 0 else "work"
            games, epd = sets[which]
            tags = dict(tags)
            tags["Variant"] = "makruk"
            tags["Source"] = os.path.basename(path)
            tags["GameNumber"] = str(number)
            sans = sf.get_san_moves(VARIANT, start, uci)
            games.append(pgn_text(tags, sans, tags["Result"]))
            for ply, fen in positions(start, uci):
                key = " ".join(fen.split()[:2])
                if key in seen_fens[which]:
                    continue
                seen_fens[which].add(key)
                epd.append(f"{fen};variant {VARIANT};game {number};ply {ply}\n")
    for which, (games, epd) in sets.items():
        with open(os.path.join(args.outdir, f"games-{which}.pgn"), "w") as f:
            f.writelines(games)
        with open(os.path.join(args.outdir, f"positions-{which}.epd"), "w") as f:
            f.writelines(epd)
        print(f"{which}: {len(games)} games, {len(epd)} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
