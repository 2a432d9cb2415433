#!/usr/bin/env python3
"""Helpers of cutechess_family.sh: the openings of a match as a PGN cutechess reads, and
the summary of the games it wrote.

    cutechess_family.py openings VARIANT OUT.pgn COUNT [--plies P] [--seed S] [--file F]
    cutechess_family.py summary VARIANT ENGINE GAMES.pgn [MORE.pgn ...]

openings: COUNT openings written as PGN games for `-openings format=pgn`. From --file
(a PGN is copied; `startpos moves ...` lines, as makruk-match writes them, become move
lists from the start position; FEN or EPD lines become [FEN] tags) or else random: P
plies (default 8) of pyffish's legal moves from the start, no captures, every final
position different (seed S, default 1). A FEN of the makruk family is rewritten in
cutechess's counting form (counting limit in the en-passant field, counting ply in the
half-move field): cutechess reads a FEN with `-` there as a chess FEN and then judges
makruk, Cambodian and ai-wok by the fifty-move rule instead of the count
(lab/log/2026-12-07-referee-readings.md).

summary: ENGINE's wins, draws and losses, its score with a 95% interval (per game, and
per opening pair where both games of a round are there), and how every game ended:
each illegal move, time loss, disconnection, stall and invalid result claim by the
engine that made it, with the position (cutechess's FEN tag plus the moves) and, for an
illegal move, the move. Every game is also replayed with pyffish (Fairy-Stockfish's
rules): a move cutechess accepted that pyffish does not know is listed with its
position, and so is a game that pyffish would have ended before cutechess did, or
that cutechess ended where pyffish goes on.
"""
import argparse
import math
import random
import re
import sys
from collections import Counter, defaultdict

COUNTING = {"makruk", "cambodian", "karouk", "ai-wok", "sittuyin", "makpong"}


def cutechess_fen(variant, fen):
    """FSF's FEN (or an EPD line) in the form cutechess reads with its count on."""
    f = fen.split()
    while len(f) < 6:
        f.append({2: "-", 3: "-", 4: "0", 5: "1"}[len(f)])
    f = f[:6]
    if variant in COUNTING and not f[3].isdigit():
        f[3], f[4] = "0", "0"
    return " ".join(f)


def pgn_game(variant, fen=None, moves=()):
    tags = ['[Event "opening"]', f'[Variant "{variant}"]']
    if fen:
        tags += ['[SetUp "1"]', f'[FEN "{fen}"]']
    body, side = [], 0
    if fen and fen.split()[1] == "b":
        side = 1
    for i, m in enumerate(moves):
        ply = i + side
        if ply % 2 == 0:
            body.append(f"{ply // 2 + 1}.")
        elif i == 0:
            body.append(f"{ply // 2 + 1}...")
        body.append(m)
    return "\n".join(tags) + "\n\n" + " ".join(body + ["*"]) + "\n\n"


def openings(args):
    import pyffish as sf

    out = []
    if args.file:
        text = open(args.file, encoding="utf-8").read()
        if args.file.endswith(".pgn"):
            open(args.out, "w").write(text)
            print(f"{args.out}: copied from {args.file}")
            return
        for line in text.splitlines():
            line = line.split("#")[0].strip()
            if not line:
                continue
            w = line.split()
            if w[0] == "startpos":
                out.append(pgn_game(args.variant, None, w[2:] if len(w) > 2 and w[1] == "moves" else []))
            else:
                fen = line.split(";")[0].strip()
                # An EPD line: the board and four fields, then opcodes.
                f = fen.split()
                fen = " ".join(f[:6]) if len(f) >= 6 and f[4].isdigit() and f[5].isdigit() else " ".join(f[:4])
                out.append(pgn_game(args.variant, cutechess_fen(args.variant, fen)))
        out = out[: args.count] if args.count else out
    else:
        rng = random.Random(args.seed)
        start = sf.start_fen(args.variant)
        seen = set()
        tries = 0
        while len(out) < args.count and tries < 100 * args.count:
            tries += 1
            moves = []
            for _ in range(args.plies):
                legal = sorted(sf.legal_moves(args.variant, start, moves))
                before = sf.get_fen(args.variant, start, moves).split()[0]
                # Drops (sittuyin's set-up) add a man; any other move must not take one.
                quiet = [m for m in legal if "@" in m
                         or count_men(sf.get_fen(args.variant, start, moves + [m]).split()[0]) == count_men(before)]
                if not quiet:
                    break
                moves.append(rng.choice(quiet))
            if len(moves) < args.plies:
                continue
            key = " ".join(sf.get_fen(args.variant, start, moves).split()[:2])
            if key in seen or not sf.legal_moves(args.variant, start, moves):
                continue
            seen.add(key)
            out.append(pgn_game(args.variant, None, moves))
    open(args.out, "w").write("".join(out))
    print(f"{args.out}: {len(out)} openings")


def count_men(board):
    return sum(c.isalpha() for c in board.split("[")[0])


# ---------------------------------------------------------------- summary

def read_games(path):
    tags, body, games = {}, [], []
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.match(r'^\[(\w+) "(.*)"\]', line)
        if m:
            if body:
                games.append((tags, " ".join(body)))
                tags, body = {}, []
            tags[m.group(1)] = m.group(2)
        elif line.strip():
            body.append(line.strip())
    if tags:
        games.append((tags, " ".join(body)))
    return games


def san_tokens(body):
    comments = re.findall(r"\{([^}]*)\}", body)
    text = re.sub(r"\{[^}]*\}", " ", body)
    text = re.sub(r"\([^)]*\)", " ", text)
    toks = [t for t in text.split()
            if not re.match(r"^\d+\.+$", t) and t not in ("1-0", "0-1", "1/2-1/2", "*")]
    toks = [re.sub(r"^\d+\.+", "", t) for t in toks]
    # cutechess appends the result to the last move's comment: "+1.04/11 0.021s, Black mates".
    last = comments[-1].strip() if comments else ""
    last = re.sub(r"^[^,{}]*?/\d+\s+[\d.]+s,\s*", "", last)
    return [t for t in toks if t], last


def norm(san):
    return re.sub(r"[+#x=!?]", "", san)


def find_move(sf, variant, fen, moves, tok):
    legal = sf.legal_moves(variant, fen, moves)
    cur = sf.get_fen(variant, fen, moves)
    n = norm(tok)
    exact, suffix = [], []
    # get_san costs milliseconds: ask it only about the moves to the token's square.
    dest = re.findall(r"[a-h][1-8]", tok)
    for m in legal:
        if dest and m[2:4] != dest[-1]:
            continue
        s = norm(sf.get_san(variant, cur, m))
        if s == n:
            exact.append(m)
        elif s.endswith(n) and len(n) >= 3:
            suffix.append(m)
    if exact:
        return exact[0]
    if len(suffix) == 1:
        return suffix[0]
    if tok in legal:
        return tok
    return None


def pyffish_end(sf, variant, fen, moves):
    """The reason pyffish ends the game in this position, or None."""
    if not sf.legal_moves(variant, fen, moves):
        return "mate or stalemate"
    end, _ = sf.is_optional_game_end(variant, fen, moves)
    if end:
        cur = sf.get_fen(variant, fen, moves).split()
        return f"count, fifty moves, repetition or promotion claim (FEN fields {' '.join(cur[-4:])})"
    if all(sf.has_insufficient_material(variant, fen, moves)):
        return "insufficient material"
    imm, _ = sf.is_immediate_game_end(variant, fen, moves)
    if imm:
        return "immediate end (e.g. a check in karouk)"
    return None


def interval(scores):
    n = len(scores)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / n
    half = 1.96 * math.sqrt(var / n) if n > 1 else 0.0
    return mean, max(mean - half, 0.0), min(mean + half, 1.0)


def elo(p):
    p = min(max(p, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / p - 1)


def summary(args):
    import pyffish as sf

    variant, name = args.variant, args.engine
    w = d = l = 0
    scores, pairs = [], defaultdict(list)
    ends = Counter()
    faults = Counter()
    notes = []
    for fi, path in enumerate(args.pgns):
        for gi, (tags, body) in enumerate(read_games(path)):
            result = tags.get("Result")
            if result not in ("1-0", "0-1", "1/2-1/2"):
                continue
            white, black = tags.get("White"), tags.get("Black")
            if name not in (white, black):
                continue
            other = black if white == name else white
            s = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
            s = s if white == name else 1.0 - s
            scores.append(s)
            pairs[(fi, tags.get("Round", str(gi)))].append(s)
            w, d, l = w + (s == 1.0), d + (s == 0.5), l + (s == 0.0)
            toks, desc = san_tokens(body)
            fen = tags.get("FEN")
            start_black = bool(fen) and fen.split()[1] == "b"
            to_move = white if (len(toks) + start_black) % 2 == 0 else black
            term = tags.get("Termination", "")
            where = f"{path.split('/')[-1]} game {gi + 1} (round {tags.get('Round', '?')}, {white}-{black} {result})"
            faulty = None
            if term == "illegal move":
                faulty = to_move
                ends[f"illegal move by {faulty}"] += 1
            elif term == "time forfeit":
                faulty = to_move
                ends[f"time loss by {faulty}"] += 1
            elif term == "abandoned":
                faulty = white if desc.startswith("White") else black if desc.startswith("Black") else to_move
                ends[f"disconnect by {faulty}"] += 1
            elif term == "stalled connection":
                faulty = white if desc.startswith("White") else black if desc.startswith("Black") else to_move
                ends[f"stall by {faulty}"] += 1
            elif term == "adjudication" and "claim" in desc.lower():
                faulty = black if desc.startswith("White") else white
                ends[f"invalid result claim by {faulty}"] += 1
            else:
                kind = re.sub(r"^(White|Black)\s+", "", desc)
                kind = re.sub(r"\.$", "", kind)
                if result != "1/2-1/2" and kind in ("mates", "wins by giving check"):
                    winner = white if result == "1-0" else black
                    kind = f"{kind} ({winner} won)"
                ends[kind or term or "?"] += 1
            if faulty:
                faults[faulty] += 1
            # Replay under pyffish.
            start = fen or sf.start_fen(variant)
            moves, refused = [], None
            first_end = None
            for i, tok in enumerate(toks):
                m = find_move(sf, variant, start, moves, tok)
                if m is None:
                    refused = (i, tok, sf.get_fen(variant, start, moves))
                    break
                if first_end is None:
                    e = pyffish_end(sf, variant, start, moves)
                    if e:
                        first_end = (i, e)
                moves.append(m)
            if refused:
                i, tok, pos = refused
                notes.append(f"{where}: ply {i + 1} {tok} accepted by cutechess, not a legal move for pyffish in {pos}"
                             + (f"; the game ended: {desc}" if desc else ""))
            else:
                e = pyffish_end(sf, variant, start, moves)
                if first_end is None and e:
                    first_end = (len(toks), e)
                if first_end and first_end[0] < len(toks):
                    notes.append(f"{where}: pyffish ends the game after ply {first_end[0]} ({first_end[1]}); "
                                 f"cutechess went on to ply {len(toks)}: {desc}")
                elif term == "adjudication" and "claim" in desc.lower():
                    notes.append(f"{where}: {faulty} claimed a result at ply {len(toks)}; pyffish: "
                                 f"{e or 'the game goes on'} in {sf.get_fen(variant, start, moves)}")
                elif not first_end and term in ("",) and result == "1/2-1/2":
                    notes.append(f"{where}: cutechess ended it at ply {len(toks)} ({desc}), "
                                 f"pyffish goes on in {sf.get_fen(variant, start, moves)}")
            if faulty and term == "illegal move":
                mv = desc.split(":")[-1].strip()
                if refused:
                    pos = f"the position after ply {refused[0] + 1} above ({fen or 'startpos'} + {len(toks)} plies)"
                else:
                    pos = sf.get_fen(variant, start, moves)
                notes.append(f"{where}: {faulty} played the illegal move {mv} (ply {len(toks) + 1}) in {pos}")
    n = len(scores)
    mean, lo, hi = interval(scores)
    print(f"{name} in {variant}: {n} games, +{w} ={d} -{l}, score {100 * mean:.1f}% "
          f"[{100 * lo:.1f}, {100 * hi:.1f}] (95%, per game), Elo {elo(mean):+.0f} [{elo(lo):+.0f}, {elo(hi):+.0f}]")
    full = [sum(v) / 2 for v in pairs.values() if len(v) == 2]
    if full:
        pm, plo, phi = interval(full)
        penta = Counter(sum(v) for v in pairs.values() if len(v) == 2)
        print(f"  {len(full)} opening pairs: {100 * pm:.1f}% [{100 * plo:.1f}, {100 * phi:.1f}] (95%, per pair), "
              f"pentanomial [{', '.join(str(penta.get(k, 0)) for k in (0, 0.5, 1, 1.5, 2))}]")
    print("  how the games ended:")
    for k, v in sorted(ends.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"    {v:4d}  {k}")
    print("  forfeits (illegal move, time, disconnect, stall, invalid claim): "
          + (", ".join(f"{k} {v}" for k, v in sorted(faults.items())) or "none"))
    if notes:
        print("  where cutechess and pyffish (Fairy-Stockfish's rules) part:")
        for note in notes:
            print("    - " + note)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    o = sub.add_parser("openings")
    o.add_argument("variant")
    o.add_argument("out")
    o.add_argument("count", type=int)
    o.add_argument("--plies", type=int, default=8)
    o.add_argument("--seed", type=int, default=1)
    o.add_argument("--file")
    s = sub.add_parser("summary")
    s.add_argument("variant")
    s.add_argument("engine")
    s.add_argument("pgns", nargs="+")
    args = ap.parse_args()
    {"openings": openings, "summary": summary}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
