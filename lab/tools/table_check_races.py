#!/usr/bin/env python3
"""Judges count races by the endgame tables alone, every legal move probed.

    table_check_races.py PUZZLES.tsv|PUZZLES.jsonl [--five-man DIR] [--json OUT]
    table_check_races.py --scan GAMES.pgn... [--five-man DIR] [--json OUT]

Reads the page's puzzle file (web/src/page/puzzles.tsv) or `khun puzzles --format
json` lines, takes each count race (type `count`, theme countWin/countHold or the
JSON theme "win within the count"/"hold out the count") and asks Khun's tables
(`khun.Tables`, four men in memory, five with `--five-man`) about the position after
every legal move, with the count as it runs and without it:

- a win within the count is table-proven when exactly one move (the puzzle's first)
  wins within the count, and at least one other move wins only without the count
  (the natural line the count defeats);
- a hold of the count is table-proven when exactly one move (the puzzle's first)
  leaves no win within the count while the opponent still wins without it, and every
  other move is lost within the count.

With `--scan` it reads games instead (self-play PGN, any variant the tables know,
games repeated across files read once) and writes every position, under the
automatic count, that the tables alone make such a race: its FEN, the one move, the
game and ply (`--json`: one object a line, the fields `positions` mode of
`khun.puzzles` and `khun puzzles` read back).

Prints one line per race (`proven`, `refused: why`, or `beyond the tables`) and a
tally; `--json` writes the per-race answers. Needs the khun Python package (the CI
virtual environment: target/ci-python).
"""

import argparse
import json
import sys

import khun


def read_races(path):
    """The count races of a puzzle file: dicts with id, variant, fen, moves, theme."""
    races = []
    with open(path, encoding="utf-8") as f:
        if path.endswith(".tsv"):
            header = f.readline().rstrip("\n").split("\t")
            if header[0].startswith("khun-puzzles"):  # the file's version line
                header = f.readline().rstrip("\n").split("\t")
            for line in f:
                row = dict(zip(header, line.rstrip("\n").split("\t")))
                if row.get("type") == "count":
                    races.append({
                        "id": row["id"], "variant": row["variant"], "fen": row["fen"],
                        "moves": row["moves"].split(), "theme": row["theme"],
                        "count_started": int(row["count"] or 0),
                    })
        else:
            for n, line in enumerate(f):
                p = json.loads(line)
                if p.get("type") != "count":
                    continue
                theme = {"win within the count": "countWin",
                         "hold out the count": "countHold"}[p["theme"]]
                races.append({
                    "id": p.get("id", f"line{n + 1}"), "variant": p["variant"],
                    "fen": p["fen"], "moves": p["moves"], "theme": theme,
                    "count_started": int(p.get("count_started") or 0),
                })
    return races


def solver_of(fen):
    return "white" if fen.split()[1] == "w" else "black"


def move_verdicts(tables, variant, fen, count_started):
    """The tables' verdict after each legal move at `fen`: {move: (winner, count runs
    out)}, the winner the side that mates (or would, but for the count); None where
    a move leaves the tables."""
    verdicts = {}
    for m in khun.legal_moves(variant, fen, []):
        v = tables.verdict(variant, fen, [m], count_started=count_started)
        if v is None:
            return None
        # With the count run out the verdict names no winner; its words name the side
        # that would mate without the count ("White needs N moves to mate").
        winner = v["winner"]
        if v["count_runs_out"]:
            winner = "white" if "White needs" in v["text"] else "black"
        verdicts[m] = (winner, bool(v["count_runs_out"]))
    return verdicts


def judge_verdicts(verdicts, solver, theme, first):
    """`("proven" | "refused", why)` for the race `theme` with `first` as its answer."""
    def wins_in_count(w):
        return w[0] == solver and not w[1]

    def wins_free_only(w):
        return w[0] == solver and w[1]

    def loses_in_count(w):
        return w[0] not in (None, solver) and not w[1]

    def held_by_count(w):
        return w[0] not in (None, solver) and w[1]

    if first not in verdicts:
        return "refused", f"first move {first} not legal"
    if theme == "countWin":
        winners = [m for m, w in verdicts.items() if wins_in_count(w)]
        natural = [m for m, w in verdicts.items() if wins_free_only(w)]
        if winners != [first]:
            return "refused", f"moves winning within the count: {winners}"
        if not natural:
            return "refused", "no other move wins without the count"
        return "proven", f"only {first} wins within the count; {len(natural)} win only without it"
    holders = [m for m, w in verdicts.items() if not loses_in_count(w)]
    if holders != [first]:
        return "refused", f"moves not lost within the count: {holders}"
    if not held_by_count(verdicts[first]):
        return "refused", f"{first} holds without the count too (not a count race)"
    return "proven", f"only {first} holds; every other move is mated within the count"


def judge(tables, race):
    """`("proven" | "refused" | "beyond", why)` for a race with its answer."""
    verdicts = move_verdicts(tables, race["variant"], race["fen"], race["count_started"])
    if verdicts is None:
        return "beyond", "a move leaves the tables"
    return judge_verdicts(verdicts, solver_of(race["fen"]), race["theme"], race["moves"][0])


def table_men(fen):
    """The men on the board, or None where a pawn (bia) is left (no table holds one)."""
    placement = fen.split()[0]
    if any(c in "pP" for c in placement):
        return None
    return sum(c.isalpha() for c in placement)


def counted_positions(paths, most_men):
    """Every position of the games of `paths` (each game once, however many files
    repeat it) that a table may hold with a count running: at most `most_men` men, no
    pawn. Yields `(path, game number, ply, variant, fen)`, game by game in ply order."""
    seen = set()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            games = khun.read_pgn(f.read())
        for number, game in enumerate(games):
            key = tuple(game["moves"])
            if game.get("error") or key in seen:
                continue
            seen.add(key)
            variant, start, moves = game["variant"], game["fen"], game["moves"]
            for ply in range(len(moves) + 1):
                fen = khun.get_fen(variant, start, moves[:ply])
                men = table_men(fen)
                if men is not None and men <= most_men and fen.split()[3] != "-":
                    yield path, number, ply, variant, fen


def scan(paths, most_men, five_man_variants):
    """Every position of the games of `paths` a table may make a race of
    (`counted_positions`; five-man ones only in `five_man_variants`): dicts as
    `read_races` gives, with `game`, `ply` and `source`, and no move or kind yet."""
    for path, number, ply, variant, fen in counted_positions(paths, most_men):
        if table_men(fen) == 5 and five_man_variants and variant not in five_man_variants:
            continue
        yield {"variant": variant, "fen": fen, "moves": [], "theme": None,
               "count_started": 0, "id": f"{path}#{number}@{ply}",
               "source": path, "game": number, "ply": ply}


def by_material(races, five_man):
    """`races` with the tables to judge each by: ending by ending, new tables for each
    five-man ending (a five-man table takes up to a gigabyte, and a handle keeps every
    table it loads), one handle for the smaller ones."""
    small = khun.Tables()
    races = sorted(races, key=lambda r: (table_men(r["fen"]) or 0, material(r["fen"])))
    current, tables = None, small
    for race in races:
        if five_man and (table_men(race["fen"]) or 0) >= 5:
            if material(race["fen"]) != current:
                current, tables = material(race["fen"]), None
                tables = khun.Tables(five_man)
        else:
            tables = small
        yield race, tables


def material(fen):
    """The men of each side, White's first: `KRSvKM`."""
    placement = fen.split()[0]
    white = "".join(sorted(c for c in placement if c.isupper()))
    black = "".join(sorted(c.upper() for c in placement if c.islower()))
    return f"{white}v{black}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("puzzles", nargs="+")
    ap.add_argument("--scan", action="store_true", help="find races in PGN games")
    ap.add_argument("--most-men", type=int, default=5)
    ap.add_argument("--five-man", default=None)
    ap.add_argument("--five-man-variants", default="makruk",
                    help="games whose five-man positions are scanned (comma-separated; each "
                         "game's duels have their own tables, built on first use)")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    if args.scan:
        candidates = scan(args.puzzles, args.most_men, set(args.five_man_variants.split(",")))
    else:
        candidates = (r for path in args.puzzles for r in read_races(path))
    tally = {"proven": 0, "refused": 0, "beyond": 0}
    out = []
    json_out = open(args.json, "w", encoding="utf-8") if args.json else None
    for race, tables in by_material(candidates, args.five_man):
        if args.scan:
            verdicts = move_verdicts(tables, race["variant"], race["fen"], 0)
            if not verdicts or len(verdicts) < 2:
                continue
            solver = solver_of(race["fen"])
            found = [(theme, m) for theme in ("countWin", "countHold") for m in verdicts
                     if judge_verdicts(verdicts, solver, theme, m)[0] == "proven"]
            if not found:
                continue
            race["theme"], first = found[0]
            race["moves"] = [first]
            verdict, why = judge_verdicts(verdicts, solver, race["theme"], first)
        else:
            verdict, why = judge(tables, race)
        tally[verdict] += 1
        men = sum(c.isalpha() for c in race["fen"].split()[0])
        print(f"{race['id']}\t{race['variant']}\t{men}\t{race['theme']}\t{verdict}\t{why}", flush=True)
        out.append({**race, "verdict": verdict, "why": why, "men": men})
        if json_out:
            json_out.write(json.dumps(out[-1]) + "\n")
            json_out.flush()
    print(f"# {tally}", file=sys.stderr)


if __name__ == "__main__":
    main()
