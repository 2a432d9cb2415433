#!/usr/bin/env python3
"""Re-check a puzzle file under the count (issue 73): every puzzle's line replayed by
the rules, its first move asked of Fairy-Stockfish (and of any other UCI engine), and
looked up in Khun's endgame tables where they apply.

    recheck_puzzles.py PUZZLES [--fsf PATH] [--depth 14] [--engine NAME=PATH ...]
                       [--khun PATH] [--report FILE.jsonl] [--replay-only] [--list]

PUZZLES is EPD, chess-variant-puzzler's form or `khun puzzles`' (`FEN;variant V;...;
pv m1,m2,...;type T;eval E`, a `sm` move played first when there is one), or JSON
Lines as `khun puzzles --format json` writes them (`fen`, `variant`, `moves`, `type`,
`eval`). The line is the solver's first move, the answer, the solver's next, ...

Per puzzle:
* replay, by pyffish (Fairy-Stockfish's rules: its automatic count) and by Khun's
  rules (the `khun` Python package, where it is installed): every move legal, the
  game not over before it (`is_immediate_game_end`, `is_optional_game_end`: the
  count, repetition), and a `mate` or `win` puzzle's line ending in the solver's win
  (a mate, or an end by rule that the side to move lost: Kar Ouk's winning check). The
  verdicts: `ok`, `illegal` (a move not legal), `over` (the game ended before the
  line did: `count` when pyffish calls it a counting draw, a mate the count forbids
  when the puzzle is a mate), `no-mate` (a mate puzzle's line does not end in mate);
* each engine (Fairy-Stockfish with `--fsf`, more with `--engine`) searches the
  puzzle's position to `--depth` with MultiPV 2, `UCI_Variant` set to the puzzle's
  game (makruk, cambodian, karouk, makpong, asean, ai-wok, sittuyin) and the FEN's
  count fields, so the count is the automatic one: `agree` when its best move is
  the puzzle's, and for a mate puzzle (or a win in N) its score a mate in no more
  moves than the puzzle's; `second` when the puzzle has a second solution: the engine's other line
  is as good as the first by chess-variant-puzzler's own test (both mate, the
  second in less than 1.5 times the moves; or the win chances, a logistic of
  cp/280, closer than +400 cp's is to +100 cp's), or another move mates as fast;
  `other-best` when it prefers another move, clearly; `longer-mate` when it finds
  the puzzle's move but only a slower mate, `no-mate` no mate at all;
* Khun's tables (`khun tablebase --fen`, makruk only, four men; five with
  `--five-man-tables`): `win` when the solver wins within the count before and
  after the first move, one move nearer (a mate puzzle: in its number of moves),
  `hold` when a defensive puzzle's first move keeps the draw, `count-draw` when
  the tables say the count draws a position the puzzle calls won (a mate the count
  forbids), `draw` or `lost` when the position is not won for the solver anyway,
  `worse` when the first move loses the win, its speed or the draw, `-` when no
  table holds the position.
A summary goes to stdout; `--report` writes one JSON object a puzzle; `--list`
prints every puzzle with a finding. Exit 0 unless a file could not be read, or, with
`--strict`, a line does not replay.

Needs pyffish; `khun` (the package) for Khun's rules; both on the Python that runs it.
"""
import argparse
import json
import math
import re
import subprocess
import sys
from collections import Counter

import pyffish as sf

try:
    import khun as khun_rules
except ImportError:  # the package is optional: the replay by Khun's rules is skipped
    khun_rules = None

VARIANTS = {"makruk", "cambodian", "karouk", "makpong", "asean", "ai-wok", "sittuyin"}
WIN_CP, UNCLEAR_CP, MATE_RATIO = 400, 100, 1.5  # chess-variant-puzzler's defaults
# The types whose line ends the game as the solver's win: a mate, and a win in N (`win`:
# a line the rules end as the solver's win other than by mate, Kar Ouk's winning check).
# why `win` checked as a mate: both end the game in N moves against every defence, and
# Fairy-Stockfish scores Kar Ouk's winning check as a mate (#N), the side checked left
# with no legal move.
ENDING_TYPES = {"mate", "win"}


# --------------------------------------------------------------------------
# reading puzzles
# --------------------------------------------------------------------------

def read_puzzles(path):
    """Yield dicts: fen, variant, setup (moves before the puzzle), line, type, eval, raw."""
    with open(path, encoding="utf-8") as f:
        for number, text in enumerate(f, 1):
            text = text.strip()
            if not text or text.startswith("#"):
                continue
            if text.startswith("{"):
                obj = json.loads(text)
                yield {"n": number, "fen": obj["fen"], "variant": obj.get("variant", "makruk"), "setup": [],
                       "line": list(obj["moves"]), "type": obj.get("type"), "eval": str(obj.get("eval", "")),
                       "raw": text}
                continue
            fields = text.split(";")
            ops = dict(op.strip().split(" ", 1) for op in fields[1:] if " " in op.strip())
            pv = [m for m in ops.get("pv", "").split(",") if m]
            setup = []
            if "sm" in ops and pv and pv[0] == ops["sm"]:
                setup, pv = [pv[0]], pv[1:]
            yield {"n": number, "fen": fields[0].strip(), "variant": ops.get("variant", "makruk"), "setup": setup,
                   "line": pv, "type": ops.get("type"), "eval": ops.get("eval", ""), "raw": text}


def mate_moves(puzzle):
    """The puzzle's mate in N, from its eval (`#N`) or its line's length."""
    m = re.fullmatch(r"#(\d+)", puzzle["eval"] or "")
    if m:
        return int(m.group(1))
    return (len(puzzle["line"]) + 1) // 2


# --------------------------------------------------------------------------
# replay by the rules
# --------------------------------------------------------------------------

def replay(rules, puzzle):
    """(verdict, detail) of the puzzle's line under `rules` (pyffish or khun)."""
    v, fen = puzzle["variant"], puzzle["fen"]
    moves = list(puzzle["setup"])
    for i, move in enumerate(puzzle["line"]):
        if rules.is_immediate_game_end(v, fen, moves)[0]:
            return "over", f"the game is over before move {i + 1} ({move})"
        over, result = rules.is_optional_game_end(v, fen, moves)
        if over:
            why = counting_ended(rules, v, fen, moves)
            return "over", f"{why} before move {i + 1} ({move}), result {result}"
        if move not in rules.legal_moves(v, fen, moves):
            return "illegal", f"move {i + 1} ({move}) is not legal"
        moves.append(move)
    if puzzle["type"] in ENDING_TYPES:
        legal = rules.legal_moves(v, fen, moves)
        ended, result = rules.is_immediate_game_end(v, fen, moves)
        # The side to move lost: mated, or the game ended by rule as its loss (a win by check).
        if (legal or not rules.gives_check(v, fen, moves)) and not (ended and result < 0):
            over, _ = rules.is_optional_game_end(v, fen, moves)
            if over:
                return "over", counting_ended(rules, v, fen, moves) + " where the line ends, not mate"
            return "no-mate", "the line does not end in mate"
        if len(puzzle["line"]) % 2 == 0:
            return "no-mate", "the solver is the one mated"
    return "ok", ""


def counting_ended(rules, variant, fen, moves):
    """Why pyffish ends the game: the count, when the FEN's count fields say it ran out."""
    now = rules.get_fen(variant, fen, moves).split()
    if len(now) >= 6 and now[3].isdigit() and now[4].isdigit() and int(now[4]) > int(now[3]):
        return f"the count ran out (ply {now[4]} of {now[3]})"
    return "the game ended by rule (repetition or the move rule)"


# --------------------------------------------------------------------------
# engines
# --------------------------------------------------------------------------

class Uci:
    """A UCI engine on a pipe: MultiPV 2, one thread."""

    def __init__(self, path, options):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        self.variants = VARIANTS
        for name, value in [("Threads", 1), ("Hash", 16), ("MultiPV", 2)] + list(options):
            self.send(f"setoption name {name} value {value}")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, word):
        lines = []
        for line in self.proc.stdout:
            lines.append(line.split())
            if line.startswith(word):
                return lines
        raise RuntimeError("the engine stopped")

    def lines(self, variant, fen, moves, depth):
        """The deepest depth's lines: [{'kind': 'cp'|'mate', 'value': int, 'pv': [...]}, ...]."""
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("ucinewgame")
        self.send("isready")
        self.until("readyok")
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go depth {depth}")
        found = {}
        for words in self.until("bestmove"):
            if words[:1] != ["info"] or "score" not in words or "pv" not in words or "string" in words[:2]:
                continue
            if "lowerbound" in words or "upperbound" in words:
                continue
            d = int(words[words.index("depth") + 1])
            k = int(words[words.index("multipv") + 1]) if "multipv" in words else 1
            s = words.index("score")
            found[(d, k)] = {"kind": words[s + 1], "value": int(words[s + 2]),
                             "pv": words[words.index("pv") + 1:], "depth": d}
        if not found:
            return []
        deepest = max(d for d, _ in found)
        return [found[(deepest, k)] for k in sorted(k for d, k in found if d == deepest)]

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def win_chance(line):
    if line["kind"] == "mate":
        return 1.0 if line["value"] > 0 else 0.0
    return 1 / (1 + math.exp(-line["value"] / (WIN_CP * 0.7)))


def as_good(first, second):
    """chess-variant-puzzler's test fails: the second line is about as good."""
    gap = win_chance({"kind": "cp", "value": WIN_CP}) - win_chance({"kind": "cp", "value": UNCLEAR_CP})
    if first["kind"] == "mate" and first["value"] > 0:
        return second["kind"] == "mate" and 0 < second["value"] < MATE_RATIO * first["value"]
    return win_chance(first) - win_chance(second) < gap


def engine_verdict(engine, puzzle, depth):
    """(verdict, detail) of one engine on the puzzle's position."""
    if not puzzle["line"]:
        return "no-line", ""
    lines = engine.lines(puzzle["variant"], puzzle["fen"], puzzle["setup"], depth)
    if not lines:
        return "no-answer", ""
    best = lines[0]
    score = ("#" if best["kind"] == "mate" else "") + str(best["value"])
    detail = f"best {best['pv'][0]} {score}"
    if len(lines) > 1:
        detail += f", second {lines[1]['pv'][0]} {('#' if lines[1]['kind'] == 'mate' else '')}{lines[1]['value']}"
    mine = next((line for line in lines if line["pv"][0] == puzzle["line"][0]), None)
    if best["pv"][0] != puzzle["line"][0]:
        if mine is not None and as_good(best, mine):
            return "second", detail + " (the puzzle's move about as good)"
        if puzzle["type"] in ENDING_TYPES and best["kind"] == "mate" and 0 < best["value"] <= mate_moves(puzzle):
            return "second", detail + " (another mate as fast)"
        return "other-best", detail
    if puzzle["type"] in ENDING_TYPES and not (best["kind"] == "mate" and 0 < best["value"] <= mate_moves(puzzle)):
        return "longer-mate" if best["kind"] == "mate" and best["value"] > 0 else "no-mate", detail
    if len(lines) > 1 and as_good(best, lines[1]):
        return "second", detail
    return "agree", detail


# --------------------------------------------------------------------------
# Khun's tables
# --------------------------------------------------------------------------

TABLE = re.compile(r"^table: \S+: (?:(White|Black) wins within the count, (?:mate in|(a mate or a won bare-king ending in)) "
                   r"(\d+) moves?|(drawn.*)|(.*))$", re.M)


def table(khun, fen, moves, five):
    """Khun's tables on a position: ('win', winner, moves, to mate or to a won
    bare-king ending), ('count-draw'|'draw', None, None, text), or None (no table)."""
    command = [khun, "tablebase", "--fen", fen] + (["--moves", *moves] if moves else []) + (["--five-man-tables", five] if five else [])
    out = subprocess.run(command, capture_output=True, text=True, timeout=600).stdout
    m = TABLE.search(out)
    if not m:
        return None
    if m.group(1):
        return ("win", m.group(1), int(m.group(3)), "mate" if not m.group(2) else "conversion")
    if m.group(4):
        return ("count-draw" if "count" in m.group(4) else "draw", None, None, m.group(4))
    return ("other", None, None, m.group(5))


def table_verdict(khun, puzzle, five):
    """`win`: the solver wins within the count before and after the first move, one
    move nearer (a mate puzzle: in its number of moves); `hold`: a defensive puzzle's
    draw kept; `count-draw`: the tables draw the position by the count (a win
    without it), `draw`, `lost`: not the win the puzzle claims; `worse`: the first
    move loses the win, its speed, or the draw; `-`: no table."""
    v, fen, setup, line = puzzle["variant"], puzzle["fen"], puzzle["setup"], puzzle["line"]
    if v != "makruk" or not line:
        return "-", ""
    before = table(khun, fen, setup, five)
    if before is None:
        return "-", ""
    solver = "White" if sf.get_fen(v, fen, setup).split()[1] == "w" else "Black"
    if not sf.legal_moves(v, fen, setup + line[:1]):
        return ("win", "the first move mates") if sf.gives_check(v, fen, setup + line[:1]) else ("draw", "stalemate")
    after = table(khun, fen, setup + line[:1], five)
    defensive = puzzle["type"] == "defensive"
    if before[0] == "win" and before[1] == solver:
        if after is None or after[0] != "win" or after[1] != solver:
            return "worse", f"won before ({before[2]} moves), after the move: {after}"
        if after[3] == before[3] and after[2] != before[2] - 1:
            return "worse", f"{before[3]} in {before[2]} before, in {after[2]} after the move"
        if puzzle["type"] in ENDING_TYPES and before[3] == "mate" and before[2] != mate_moves(puzzle):
            return "worse", f"the tables mate in {before[2]}, the puzzle in {mate_moves(puzzle)}"
        return "win", f"{before[3]} in {before[2]}"
    if before[0] == "win":
        return ("lost" if not defensive else "worse"), f"the tables: {before[1]} wins in {before[2]}"
    if defensive:
        if after is not None and after[0] == "win":
            return "worse", f"drawn before, after the move: {after[1]} wins"
        return "hold", before[3]
    return before[0], before[3]


# --------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("puzzles")
    ap.add_argument("--fsf", help="Fairy-Stockfish's binary")
    ap.add_argument("--fsf-option", action="append", default=[], metavar="NAME=VALUE",
                    help="a UCI option for Fairy-Stockfish (e.g. 'Use NNUE=false')")
    ap.add_argument("--engine", action="append", default=[], metavar="NAME=PATH", help="another UCI engine to ask")
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--khun", help="khun's binary, for its tables")
    ap.add_argument("--five-man-tables", help="the five-man tables' directory, for --khun")
    ap.add_argument("--replay-only", action="store_true", help="only the replay by the rules")
    ap.add_argument("--report", help="one JSON object a puzzle to this file")
    ap.add_argument("--list", action="store_true", help="print each puzzle with a finding")
    ap.add_argument("--strict", action="store_true", help="exit 1 when a line does not replay")
    args = ap.parse_args()

    engines = []
    if not args.replay_only:
        if args.fsf:
            engines.append(("fsf", Uci(args.fsf, [o.split("=", 1) for o in args.fsf_option])))
        for spec in args.engine:
            name, path = spec.split("=", 1)
            engines.append((name, Uci(path, [])))
    tally = Counter()
    report = open(args.report, "w") if args.report else None
    total = 0
    for puzzle in read_puzzles(args.puzzles):
        total += 1
        if puzzle["variant"] not in VARIANTS:
            print(f"line {puzzle['n']}: unknown game {puzzle['variant']!r}", file=sys.stderr)
            continue
        result = {"n": puzzle["n"], "fen": puzzle["fen"], "variant": puzzle["variant"], "setup": puzzle["setup"],
                  "line": puzzle["line"], "type": puzzle["type"], "eval": puzzle["eval"]}
        result["pyffish"] = replay(sf, puzzle)
        if khun_rules is not None:
            result["khun-rules"] = replay(khun_rules, puzzle)
        if not args.replay_only:
            for name, engine in engines:
                result[name] = engine_verdict(engine, puzzle, args.depth)
            if args.khun:
                result["tables"] = table_verdict(args.khun, puzzle, args.five_man_tables)
        findings = []
        for key, value in result.items():
            if isinstance(value, tuple):
                tally[(key, value[0])] += 1
                if value[0] not in ("ok", "agree", "win", "hold", "-"):
                    findings.append(f"{key}: {value[0]} ({value[1]})")
        if args.list and findings:
            sm = f" sm {','.join(puzzle['setup'])}" if puzzle["setup"] else ""
            print(f"#{puzzle['n']} {puzzle['type']} {puzzle['eval']} {puzzle['fen']}{sm} pv {','.join(puzzle['line'])}")
            for f in findings:
                print(f"    {f}")
        if report:
            report.write(json.dumps(result) + "\n")
    for _, engine in engines:
        engine.close()
    if report:
        report.close()
    print(f"{total} puzzles in {args.puzzles}" + ("" if args.replay_only else f", engines at depth {args.depth}"))
    for key in sorted({k for k, _ in tally}):
        counts = ", ".join(f"{v} {n}" for (k, v), n in sorted(tally.items(), key=lambda kv: -kv[1]) if k == key)
        print(f"  {key}: {counts}")
    bad = sum(n for (k, v), n in tally.items() if k in ("pyffish", "khun-rules") and v != "ok")
    sys.exit(1 if args.strict and bad else 0)


if __name__ == "__main__":
    main()
