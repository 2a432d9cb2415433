#!/usr/bin/env python3
"""The conversion suite (issue 34, "Conversion beyond the tables"): positions from
Khun's own games where one side is clearly winning and a count runs or is about to
start, and the share of them an engine converts when it plays them out.

    conversion_suite.py extract GAMES.pgn ... [-o conversion-suite.txt]
    conversion_suite.py score MATCH.json|MATCH.pgn ... [--suite conversion-suite.txt]

`extract` replays every game (SAN read here, the whole game checked against pyffish's
SAN) and keeps a position when
  * the engines' `{score/depth time}` comments put one side (the winner) at +2.00 or
    more for 3 consecutive moves of each side (`--min-score`, `--streak`): the
    winner's own comments at or above +min-score, the defender's at or below
    -min-score, so both engines agree; a mate score ends the streak (a found mate
    measures nothing, `--keep-mates` keeps it);
  * at most `--max-men` (10) men are on the board, both kings included, and either
    a count runs (pyffish's FEN carries a counting limit: `b - 88 34 106`; with a
    pawn on the board it writes `- N`, N the half-move clock) or at most
    `--max-pawns` (2) pawns are left, so a count is about to start
    (`--pawnless-any-size` keeps counted positions with more men);
  * it has at least `--min-men` (5) men: four-man endings are the tables' work;
  * with `--min-standstill N`, no count runs and N plies or more have passed since
    the last capture or pawn move (the standstill suite: won positions with pawns
    that the side ahead shuffled into the match's ply limit);
  * the game is not over there (pyffish's verdict, as makruk-match judges it).
Per game it keeps the first such position and, with `--per-game 2`, one more at least
`--gap` plies later in another state (pawns / board's honour / piece's honour) or
with other material; games from a set-up FEN (constructed test endings) are skipped
unless `--include-setup`. Positions are deduplicated by board and side to move. Each
line of the output is `FEN # comment`, the comment giving the source game, the
winner, the scores, the material (winner's first), the count state and how the real
game ended; makruk-match reads the file as an openings file (`#` starts a comment).
`--sample N` keeps N of the positions found, drawn at random (`--seed`) with a share
per count state (`--quota`, default 40% pawns, 40% board's honour, 20% piece's
honour). It prints how often the real games converted the positions (all found and
the sample), leaving out games that ended by a time forfeit or another fault.

`score` reads makruk-match's JSON (or PGN) of the suite played out (every position
twice, colours swapped) and reports, per engine, the share of positions it converted
when it held the winning side, drew (by the counting rule, by the ply limit, by
repetition, ...) and lost, with 95% Wilson intervals; then the same for each count
state and the positions both sides converted. The winner of each position comes
from the suite file's comments.

Needs pyffish (`pip install pyffish`). The suite beside this script and its baseline
(lab/README.md, "The conversion suite"):
    conversion_suite.py extract /work/match/*.pgn /work/screen/t1.pgn /work/screen/t5.pgn \
        /work/screen/t6.pgn --sample 100 --seed 1 -o conversion-suite.txt
    makruk-match --engine name=khunA cmd=khun --engine name=khunB cmd=khun --tc 2+0.02 \
        --games 200 --concurrency 1 --openings conversion-suite.txt --json khun-khun.json
    conversion_suite.py score khun-khun.json --suite conversion-suite.txt [--positions]
"""
import argparse
import json
import math
import os
import random
import re
import sys
from collections import Counter, defaultdict

import pyffish as sf

VARIANT = "makruk"
START = sf.start_fen(VARIANT)
ORDER = "KRNSMP"
WESTERN = {"Q": "M", "B": "S"}  # seed 000's letters: Q for met, B for khon
FAULTS = {"time", "crash", "illegal", "claim", "rejected"}  # ends that say nothing of conversion


# --------------------------------------------------------------------------
# PGN reading
# --------------------------------------------------------------------------

def read_pgn(path):
    """Yield (tags, [(san, comment or None)], final comment) for each game."""
    text = open(path, encoding="utf-8", errors="replace").read()
    for block in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]\s*$', block, re.M))
        if "Result" not in tags:
            continue
        body = "\n".join(line for line in block.splitlines() if not line.startswith("["))
        moves, last_comment = [], None
        for token in re.finditer(r"\{([^}]*)\}|(\S+)", body):
            comment, word = token.group(1), token.group(2)
            if comment is not None:
                if moves and moves[-1][1] is None:
                    moves[-1] = (moves[-1][0], comment)
                last_comment = comment
            elif word in ("1-0", "0-1", "1/2-1/2", "*"):
                break
            elif re.match(r"^\d+\.+$", word):
                continue
            else:
                word = re.sub(r"^\d+\.+", "", word)
                if word:
                    moves.append((word, None))
                    last_comment = None
        if tags["Result"] in ("1-0", "0-1", "1/2-1/2") and last_comment is not None:
            yield tags, moves, last_comment


def parse_score(comment):
    """The mover's score in pawns from `{+1.23/17 0.3s}`; ('mate', n) for `+M5`."""
    if not comment:
        return None
    m = re.match(r"^([+-]?)M(\d+)", comment)
    if m:
        return ("mate", -int(m.group(2)) if m.group(1) == "-" else int(m.group(2)))
    m = re.match(r"^([+-]?\d+\.\d+)(/\d+)?\s", comment + " ")
    return float(m.group(1)) if m else None


def end_reason(text):
    """makruk-match's reason code from the game's last comment."""
    table = [("mates", "mate"), ("counting rule", "counting"), ("repetition", "repetition"),
             ("maxplies", "maxplies"), ("insufficient", "insufficient"), ("talemate", "stalemate"),
             ("on time", "time"), ("illegal", "illegal"), ("crash", "crash"), ("failed", "crash"),
             ("resigns", "resign"), ("claim", "claim"), ("rejects", "rejected"),
             ("variant rule", "variant"), ("Draw by rule", "rule")]
    for needle, code in table:
        if needle in text:
            return code
    return "other"


# --------------------------------------------------------------------------
# A small board, only to turn SAN into UCI moves (pyffish checks the result)
# --------------------------------------------------------------------------

def sq(name):
    return ord(name[0]) - 97, int(name[1]) - 1


def name(f, r):
    return f"{chr(97 + f)}{r + 1}"


def board_of(fen):
    board = {}
    for r, row in enumerate(reversed(fen.split()[0].split("/"))):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            elif ch == "~":
                continue
            else:
                board[(f, r)] = ch
                f += 1
    return board


def sources(board, white, piece, dest):
    """Squares of the mover's `piece` that reach `dest` (pseudo-legally)."""
    fwd = 1 if white else -1
    own = piece if white else piece.lower()
    df, dr = dest
    found = []

    def at(f, r):
        return 0 <= f < 8 and 0 <= r < 8 and board.get((f, r)) == own

    if piece == "R":
        for vf, vr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            f, r = df + vf, dr + vr
            while 0 <= f < 8 and 0 <= r < 8:
                if (f, r) in board:
                    if board[(f, r)] == own:
                        found.append((f, r))
                    break
                f, r = f + vf, r + vr
        return found
    steps = {
        "K": [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if a or b],
        "N": [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)],
        "M": [(1, 1), (1, -1), (-1, 1), (-1, -1)],
        "S": [(1, 1), (1, -1), (-1, 1), (-1, -1), (0, fwd)],
    }[piece]
    return [(df - a, dr - b) for a, b in steps if at(df - a, dr - b)]


def san_to_uci(board, white, san, legal):
    """UCI move for `san`; `legal` is called (pyffish) only when SAN is ambiguous here."""
    m = re.match(r"^([KRNSMQB])?([a-h])?([1-8])?x?([a-h][1-8])(=?[MQmq])?[+#!?]*$", san)
    if not m:
        raise ValueError(f"cannot read SAN {san!r}")
    letter, dfile, drank, dest, promo = m.groups()
    d = sq(dest)
    if letter is None:  # pawn
        fwd = 1 if white else -1
        pawn = "P" if white else "p"
        if dfile:
            cands = [(ord(dfile) - 97, d[1] - fwd)]
        else:
            cands = [(d[0], d[1] - fwd)]
        cands = [c for c in cands if board.get(c) == pawn]
        promotes = d[1] == (5 if white else 2)
    else:
        piece = WESTERN.get(letter, letter)
        cands = sources(board, white, piece, d)
        if dfile:
            cands = [c for c in cands if c[0] == ord(dfile) - 97]
        if drank:
            cands = [c for c in cands if c[1] == int(drank) - 1]
        promotes = False
    if len(cands) > 1:
        moves = set(legal())
        cands = [c for c in cands if name(*c) + dest in moves or name(*c) + dest + "m" in moves]
    if len(cands) != 1:
        raise ValueError(f"SAN {san!r}: {len(cands)} candidate moves")
    src = cands[0]
    piece = board.pop(src)
    if promotes:
        piece = "M" if white else "m"
    board[d] = piece
    return name(*src) + dest + ("m" if promotes else "")


# --------------------------------------------------------------------------
# Positions
# --------------------------------------------------------------------------

def material(board, white):
    """e.g. 'KRSMM' (pawns as P), White's if white else Black's."""
    pieces = [p.upper() for p in board.values() if p.isupper() == white]
    return "".join(sorted(pieces, key=ORDER.index))


def count_state(fen):
    """('pawns'|'board'|'piece'|'none', limit, ply) from pyffish's FEN."""
    fields = fen.split()
    limit, ply = fields[3], fields[4]
    if limit in ("-", "0"):
        pawns = any(ch in "Pp" for ch in fields[0])
        return ("pawns" if pawns else "none"), None, int(ply) if ply.isdigit() else 0
    board = board_of(fen)
    bare = material(board, True) == "K" or material(board, False) == "K"
    return ("piece" if bare else "board"), int(limit), int(ply)


def game_over(fen):
    if sf.is_immediate_game_end(VARIANT, fen, [])[0]:
        return True
    if not sf.legal_moves(VARIANT, fen, []):
        return True
    if sf.is_optional_game_end(VARIANT, fen, [])[0]:
        return True
    return all(sf.has_insufficient_material(VARIANT, fen, []))


def winning_streaks(start_white, comments, min_score, streak, keep_mates):
    """For each ply index j (position after j moves), the winner ('w'/'b') when the
    2*streak comments before it all say so, else None."""
    n = len(comments)
    side = []  # per ply: +1 White clearly better, -1 Black, 0 neither, with scores
    for i, c in enumerate(comments):
        s = parse_score(c)
        mover_white = start_white == (i % 2 == 0)
        if s is None:
            side.append(0)
            continue
        if isinstance(s, tuple):
            if not keep_mates:
                side.append(0)
                continue
            s = 100.0 if s[1] > 0 else -100.0
        white_view = s if mover_white else -s
        side.append(1 if white_view >= min_score else -1 if white_view <= -min_score else 0)
    result = [None] * (n + 1)
    run, last = 0, 0
    for i, v in enumerate(side):
        run = run + 1 if v != 0 and v == last else (1 if v != 0 else 0)
        last = v
        if run >= 2 * streak:
            result[i + 1] = "w" if v > 0 else "b"
    return result


def replay(fen0, moves):
    """The UCI moves of a game's SAN `moves` ([(san, comment)]) from `fen0`, checked
    against pyffish's SAN for them; raises ValueError when they do not replay."""
    board = board_of(fen0)
    white = fen0.split()[1] == "w"
    uci = []
    try:
        for san, _ in moves:
            uci.append(san_to_uci(board, white, san, lambda: sf.legal_moves(VARIANT, fen0, uci)))
            white = not white
        sans = sf.get_san_moves(VARIANT, fen0, uci)
    except (ValueError, SystemError) as exc:
        raise ValueError(f"unreadable ({exc})") from exc
    strip = lambda s: re.sub(r"[+#]", "", s)
    if [strip(s) for s in sans] != [strip(WESTERN.get(s[0], s[0]) + s[1:]) for s, _ in moves]:
        raise ValueError("SAN mismatch")
    return uci


def extract_game(tags, moves, final, args, source):
    """Kept positions of one game: list of dicts."""
    fen0 = tags.get("FEN", START)
    if "FEN" in tags and not args.include_setup:
        return [], "setup"
    start_white = fen0.split()[1] == "w"
    try:
        uci = replay(fen0, moves)
    except ValueError as exc:
        return [], str(exc)

    comments = [c for _, c in moves]
    winners = winning_streaks(start_white, comments, args.min_score, args.streak, args.keep_mates)
    result, reason = tags["Result"], end_reason(final)
    kept = []
    board = board_of(fen0)
    white = start_white
    for j in range(len(uci) + 1):
        if j > 0:  # apply move j-1 to the little board
            mv = uci[j - 1]
            src, dst = sq(mv[0:2]), sq(mv[2:4])
            piece = board.pop(src)
            board[dst] = ("M" if white else "m") if mv.endswith("m") else piece
            white = not white
        winner = winners[j]
        if winner is None or len(kept) >= args.per_game:
            continue
        if kept and j - kept[-1]["ply"] < args.gap:
            continue
        men = len(board)
        pawns = sum(1 for p in board.values() if p in "Pp")
        if men < args.min_men:
            continue
        if pawns and (pawns > args.max_pawns or men > args.max_men):
            continue
        if not pawns and not args.pawnless_any_size and men > args.max_men:
            continue
        wmat = material(board, winner == "w")
        lmat = material(board, winner != "w")
        fen = sf.get_fen(VARIANT, fen0, uci[:j])
        state, limit, ply = count_state(fen)
        if args.min_standstill and (limit or ply < args.min_standstill):
            continue
        if kept and state == kept[-1]["state"] and (wmat, lmat) == kept[-1]["material"]:
            continue
        if game_over(fen):
            continue
        scores = []
        for i in range(max(0, j - 2), j):  # the last two comments, from the winner's view
            s = parse_score(comments[i])
            flip = (start_white == (i % 2 == 0)) != (winner == "w")
            if s is not None and flip:
                s = ("mate", -s[1]) if isinstance(s, tuple) else -s
            scores.append(s)
        kept.append({
            "fen": fen, "ply": j, "winner": winner, "state": state, "limit": limit,
            "count_ply": ply, "material": (wmat, lmat), "men": men, "pawns": pawns,
            "scores": scores, "result": result, "reason": reason,
            "source": f"{source} round {tags.get('Round', '?')} {tags.get('White', '?')}-"
                      f"{tags.get('Black', '?')} ply {j}",
        })
    return kept, None


def outcome_for(winner, result):
    """'won', 'drawn' or 'lost' from the winner's view."""
    if result == "1/2-1/2":
        return "drawn"
    return "won" if (result == "1-0") == (winner == "w") else "lost"


def wilson(k, n, z=1.96):
    if n == 0:
        return (0.0, 0.0, 0.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


def pct(k, n):
    p, lo, hi = wilson(k, n)
    return f"{k}/{n} = {100 * p:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"


def fmt_score(s):
    if s is None:
        return "?"
    if isinstance(s, tuple):
        return f"{'+' if s[1] > 0 else '-'}M{abs(s[1])}"
    return f"{s:+.2f}"


def cmd_extract(args):
    positions, skipped, seen, games, unused = [], Counter(), set(), Counter(), Counter()
    for path in args.pgn:
        source = os.path.basename(path)
        for tags, moves, final in read_pgn(path):
            games[source] += 1
            kept, why = extract_game(tags, moves, final, args, source)
            if why:
                skipped[why.split(" (")[0]] += 1
                unused[source] += 1
                if why.startswith("unreadable") or why == "SAN mismatch":
                    print(f"{source} round {tags.get('Round')}: {why}", file=sys.stderr)
            for p in kept:
                key = " ".join(p["fen"].split()[:2])
                if key in seen:
                    skipped["duplicate position"] += 1
                    continue
                seen.add(key)
                positions.append(p)

    pool = positions
    if args.sample and args.sample < len(pool):
        positions = sample(pool, args.sample, args.quota, args.seed)

    title = ([
        "# Khun standstill suite (issue 34): one side clearly winning, pawns on the board, no",
        f"# count, {args.min_standstill} plies or more since a capture or pawn move. Made by "
        "lab/tools/conversion_suite.py extract with",
    ] if args.min_standstill else [
        "# Khun conversion suite (issue 34): one side clearly winning, a count running or",
        "# about to start. Made by lab/tools/conversion_suite.py extract with",
    ])
    lines = title + [
        f"#   --min-score {args.min_score} --streak {args.streak} --max-pawns {args.max_pawns} "
        f"--max-men {args.max_men} --min-men {args.min_men} --per-game {args.per_game} --gap {args.gap}"
        + (f" --min-standstill {args.min_standstill}" if args.min_standstill else ""),
        f"#   --sample {args.sample} --quota {args.quota} --seed {args.seed}: {len(positions)} of {len(pool)} positions",
        "# from " + ", ".join(f"{s} ({n - unused[s]} of {n} games used)" for s, n in games.items()) + ".",
        "# Comment: winner, its and the defender's last scores (pawns, mover's view flipped to",
        "# the winner's), material winner v defender, count state (ply/limit), real game's end.",
    ]
    for p in positions:
        s = ", ".join(fmt_score(x) for x in p["scores"])
        wmat, lmat = p["material"]
        lines.append(f"{p['fen']}  # winner={'white' if p['winner'] == 'w' else 'black'} "
                     f"scores={s} material={wmat}v{lmat} men={p['men']} state={p['state']} "
                     f"count={p['count_ply'] if p['limit'] else '-'}/{p['limit'] or '-'} real={p['result']} {p['reason']} "
                     f"outcome={outcome_for(p['winner'], p['result'])} src={p['source']}")
    with open(args.output, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")

    print(f"{len(pool)} positions found in {sum(games.values())} games; {len(positions)} written to {args.output}")
    if skipped:
        print("skipped: " + ", ".join(f"{k} {v}" for k, v in skipped.items()))
    if len(pool) != len(positions):
        print("all positions found, by state: " + ", ".join(
            f"{k} {v}" for k, v in Counter(p["state"] for p in pool).most_common()))
        print("all positions found, ", end="")
        print_real(pool)
        print("the suite:")
    print("by state: " + ", ".join(f"{k} {v}" for k, v in Counter(p["state"] for p in positions).most_common()))
    print("by men: " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(p["men"] for p in positions).items())))
    print("by pawns: " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(p["pawns"] for p in positions).items())))
    mats = Counter(f"{p['material'][0]} v {p['material'][1]}" for p in positions)
    print("material (winner v defender, most common): " + ", ".join(f"{k} {v}" for k, v in mats.most_common(12)))
    print_real(positions)


def sample(pool, n, quota, seed):
    """n positions drawn at random (seeded), a share of n per count state
    (`pawns=0.4,board=0.4,piece=0.2`); what a state lacks goes to the others."""
    rng = random.Random(seed)
    shares = {k: float(v) for k, v in (item.split("=") for item in quota.split(","))}
    groups = defaultdict(list)
    for p in pool:
        groups[p["state"] if p["state"] in shares else "board"].append(p)
    want = {k: round(n * shares[k]) for k in shares}
    want[max(want, key=want.get)] += n - sum(want.values())
    spare = sum(max(0, want[k] - len(groups[k])) for k in want)
    for k in sorted(want, key=lambda k: -len(groups[k])):  # give the shortfall to the largest
        extra = min(spare, len(groups[k]) - want[k]) if len(groups[k]) > want[k] else 0
        want[k] += extra
        spare -= extra
    chosen = []
    for k in shares:
        chosen += rng.sample(groups[k], min(want[k], len(groups[k])))
    order = {id(p): i for i, p in enumerate(pool)}
    return sorted(chosen, key=lambda p: order[id(p)])


def print_real(positions):
    fault = FAULTS
    clean = [p for p in positions if p["reason"] not in fault]
    n = len(clean)
    out = Counter(outcome_for(p["winner"], p["result"]) for p in clean)
    print(f"real games (positions whose game did not end by a fault: {n} of {len(positions)}):")
    print(f"  converted {pct(out['won'], n)}, drawn {pct(out['drawn'], n)}, lost {pct(out['lost'], n)}")
    draws = Counter(p["reason"] for p in clean if outcome_for(p["winner"], p["result"]) == "drawn")
    print("  draws by: " + ", ".join(f"{k} {v}" for k, v in draws.most_common()))
    for state in ("pawns", "board", "piece", "none"):
        sub = [p for p in clean if p["state"] == state]
        if sub:
            won = sum(1 for p in sub if outcome_for(p["winner"], p["result"]) == "won")
            print(f"  {state}: converted {pct(won, len(sub))}")
    faults = Counter(p["reason"] for p in positions if p["reason"] in fault)
    if faults:
        print("  left out (fault ends): " + ", ".join(f"{k} {v}" for k, v in faults.items()))


# --------------------------------------------------------------------------
# Scoring a played-out suite
# --------------------------------------------------------------------------

def load_suite(path):
    suite = {}
    for line in open(path, encoding="utf-8"):
        fen, _, comment = line.partition("#")
        fen = " ".join(fen.split())
        if not fen:
            continue
        info = dict(re.findall(r"(\w+)=(\S+)", comment))
        suite[fen] = info
    return suite


def load_games(path):
    """Games as dicts: opening FEN, white, black, result, reason."""
    if path.endswith(".json"):
        data = json.load(open(path, encoding="utf-8"))
        for g in data["games"]:
            fen = " ".join(g["opening"].split(" moves ")[0].split())
            yield {"fen": fen, "white": g["white"], "black": g["black"], "result": g["result"],
                   "reason": g["reason"], "plies": g["plies"]}
    else:
        for tags, moves, final in read_pgn(path):
            yield {"fen": " ".join(tags.get("FEN", START).split()), "white": tags["White"],
                   "black": tags["Black"], "result": tags["Result"], "reason": end_reason(final),
                   "plies": len(moves)}


def cmd_score(args):
    suite = load_suite(args.suite)
    games, unknown = [], 0
    for path in args.results:
        for g in load_games(path):
            info = suite.get(g["fen"])
            if info is None:
                unknown += 1
                continue
            g["winner"] = "w" if info["winner"] == "white" else "b"
            g["state"] = info.get("state", "?")
            g["holder"] = g["white"] if g["winner"] == "w" else g["black"]
            g["defender"] = g["black"] if g["winner"] == "w" else g["white"]
            g["outcome"] = outcome_for(g["winner"], g["result"])
            games.append(g)
    if unknown:
        print(f"warning: {unknown} games start from a position not in {args.suite}", file=sys.stderr)
    print(f"{len(games)} games on {len({g['fen'] for g in games})} of the suite's {len(suite)} positions")

    def report(label, sub):
        faults = Counter(f"{g['reason']} by {'the holder' if g['outcome'] == 'lost' else 'the defender'}"
                         for g in sub if g["reason"] in FAULTS)
        sub = [g for g in sub if g["reason"] not in FAULTS]
        n = len(sub)
        out = Counter(g["outcome"] for g in sub)
        wins = Counter(g["reason"] for g in sub if g["outcome"] == "won")
        draws = Counter(g["reason"] for g in sub if g["outcome"] == "drawn")
        losses = Counter(g["reason"] for g in sub if g["outcome"] == "lost")
        print(f"{label}: converted {pct(out['won'], n)}; drawn {pct(out['drawn'], n)}; "
              f"lost {pct(out['lost'], n)}")
        pad = " " * (len(label) - len(label.lstrip()) + 4)
        if wins and set(wins) != {"mate"}:
            print(pad + "wins by: " + ", ".join(f"{k} {v}" for k, v in wins.most_common()))
        if draws:
            print(pad + "draws by: " + ", ".join(f"{k} {v}" for k, v in draws.most_common()))
        if losses:
            print(pad + "losses by: " + ", ".join(f"{k} {v}" for k, v in losses.most_common()))
        if faults:
            print(pad + "left out (faults): " + ", ".join(f"{k} {v}" for k, v in faults.most_common()))

    engines = sorted({g["holder"] for g in games})
    print("winning side held by (against the other engine):")
    for e in engines:
        sub = [g for g in games if g["holder"] == e]
        defenders = "/".join(sorted({g["defender"] for g in sub}))
        report(f"  {e} v {defenders}", sub)
    if len(engines) > 1:
        report("  all games", games)
    print("by count state at the start (pawns: no count yet; board's or piece's honour running):")
    for state in ("pawns", "board", "piece", "none"):
        sub = [g for g in games if g["state"] == state]
        if sub:
            report(f"  {state}, all games", sub)
            for e in engines if len(engines) > 1 else []:
                report(f"    {state}, held by {e}", [g for g in sub if g["holder"] == e])
    by_fen = defaultdict(list)
    for g in games:
        if g["reason"] not in FAULTS:
            by_fen[g["fen"]].append(g["outcome"] == "won")
    pairs = [v for v in by_fen.values() if len(v) == 2]
    both = sum(1 for v in pairs if all(v))
    one = sum(1 for v in pairs if sum(v) == 1)
    print(f"positions played from both sides (no fault): {len(pairs)}; converted by both {both}, by one {one}, "
          f"by neither {len(pairs) - both - one}")
    if args.positions:
        print("per position (holder: outcome reason plies):")
        for fen, info in suite.items():
            mine = [g for g in games if g["fen"] == fen]
            if mine:
                text = "; ".join(f"{g['holder']}: {g['outcome']} {g['reason']} {g['plies']}" for g in mine)
                print(f"  {fen}  {info.get('state')} {info.get('material')} real={info.get('outcome')}  {text}")
    # the suite's real games, for comparison
    fens = {g["fen"] for g in games}
    real = Counter(suite[f].get("outcome") for f in fens)
    print("the same positions in the real games: " + ", ".join(f"{k} {v}" for k, v in real.most_common()))
    plies = sorted(g["plies"] for g in games if g["reason"] not in FAULTS)
    if plies:
        print(f"game length (plies from the suite position): median {plies[len(plies) // 2]}, max {plies[-1]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    ex = sub.add_parser("extract", help="build the suite from PGNs of Khun's games")
    ex.add_argument("pgn", nargs="+")
    ex.add_argument("-o", "--output", default="conversion-suite.txt")
    ex.add_argument("--min-score", type=float, default=2.0, help="pawns, both engines (default 2.0)")
    ex.add_argument("--streak", type=int, default=3, help="consecutive moves of each side (default 3)")
    ex.add_argument("--max-pawns", type=int, default=2)
    ex.add_argument("--max-men", type=int, default=10, help="with pawns on the board (default 10)")
    ex.add_argument("--min-men", type=int, default=5)
    ex.add_argument("--pawnless-any-size", action="store_true",
                    help="keep pawnless positions (a count running) above --max-men too")
    ex.add_argument("--per-game", type=int, default=2)
    ex.add_argument("--gap", type=int, default=40, help="plies between two positions of a game")
    ex.add_argument("--min-standstill", type=int, default=0,
                    help="keep only positions with no count running and at least this many "
                         "plies since a capture or pawn move (default 0: any)")
    ex.add_argument("--keep-mates", action="store_true")
    ex.add_argument("--include-setup", action="store_true")
    ex.add_argument("--sample", type=int, default=0, help="keep this many positions (0: all)")
    ex.add_argument("--quota", default="pawns=0.4,board=0.4,piece=0.2",
                    help="share of --sample per count state")
    ex.add_argument("--seed", type=int, default=1)
    sc = sub.add_parser("score", help="score a makruk-match JSON/PGN of the suite played out")
    sc.add_argument("results", nargs="+")
    sc.add_argument("--suite", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                    "conversion-suite.txt"))
    sc.add_argument("--positions", action="store_true", help="list every position's games")
    args = parser.parse_args()
    (cmd_extract if args.command == "extract" else cmd_score)(args)


if __name__ == "__main__":
    main()
