#!/usr/bin/env python3
"""The PGN habit corpus: real games rewritten the way playing and correspondence sites
write PGN, with the reference answers from pyffish (Fairy-Stockfish's rules).

Run once by a developer (`pip install pyffish`); the files it writes are committed, so
the tests (`engine-tests/pgn_habits.rs`) need no Python. Deterministic.

    python3 engine-tests/data/pgn-habits/make_habits.py

Source games: the ten games of `../makruk-match-sample.pgn` (Khun against Fairy-Max,
Thai letters) and seed 000's 166-move correspondence game `../seed000-game.pgn`
(western letters). Each is replayed with pyffish (every move matched against
pyffish's own SAN of the legal moves) and then written once per habit:

- draw-offers.pgn: draw-offer marks after moves, as `Nd8=`, `Nd8(=)` and `Nd8 (=)`
  (seed 000's 53... Bxc3 among them, the move the issue's game stopped at).
- glyphs.pgn: `!`, `?`, `!!`, `??`, `!?`, `?!` glued to moves, the same apart, NAGs
  (`$1`..`$6`, `$14`) and position judgements as words (`+=`, `-+`).
- check-signs.pgn: check and mate signs left out, `+` on moves that do not check, `+`
  or `++` for mate, `#` on a plain check.
- tag-case.pgn: `Variant`, `SetUp`, `FEN` and the roster's tag names in any letter case
  (`[variant "Makruk"]`, `[SETUP "1"]`, `[fen ...]`), and games that start from a
  `[FEN]` position taken from the middle of the real game.
- clock-comments.pgn: `[%clk ...]`, `[%eval ...]` and `[%emt ...]` commands in comments,
  in the forms chess.com, lichess and ChessBase write them.
- encoding.pgn: a UTF-8 byte order mark, CR LF line ends, Latin-1 bytes in tag values
  (and valid UTF-8 Thai names in others), tabs between tokens and inside tag pairs,
  games separated by 0 to 5 blank lines (some holding only spaces and tabs), and a
  second byte order mark in the middle (files joined with `cat`).
- move-numbers.pgn: `1.f4`, `1. f4 1... f5`, `1\u2026 f5`, a non-breaking space
  after the number, and no move numbers at all.
- western.pgn: the Thai-letter games in western letters (B khon, Q met) with
  promotions written `axb6`, `axb6Q` or `axb6=Q`.
- one-bad-move.pgn: three games, the middle one with a move that really cannot be
  read; it stops there and the others are read in full.

reference.tsv has one row per game (columns in its header): the file, the game's number
in it, the start (`startpos` or a FEN), how many moves are read, the moves in UCI and
in SAN as pyffish writes them (Thai letters, right check signs: what the annotator
writes back), the plies after which a draw offer is marked, where counts start
(`ply:limit:counter`, ply 0 for a count already running in a `[FEN]` start), where a
count runs out (`ply:counter:limit`), the rules' end (`ply:checkmate|stalemate|count|
dead`), the Result the annotator must write, the White and Black tag values as
decoded, the comment commands after each move (`ply=command`, clock-comments.pgn only)
and the error line for a game that stops.
"""

import os
import random
import re

import pyffish as sf

V = "makruk"
HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.dirname(HERE)
START = sf.start_fen(V)
LINE_WIDTH = 79


# ------------------------------------------------------------------------------------
# Source games


def plain(san):
    """SAN without check marks and promotion suffix, Thai letters."""
    san = san.rstrip("+#").replace("=M", "")
    return san.replace("Q", "M").replace("B", "S")


def parse_pgn(path):
    """Games of a PGN file: (tags, written moves, result)."""
    games = []
    tags, body = [], []
    with open(path, encoding="utf-8") as f:
        lines = [l.rstrip("\n") for l in f if not l.startswith("%")]
    for line in lines + ["[End \"\"]"]:
        m = re.match(r'\[(\w+) "(.*)"\]', line)
        if m:
            if body:
                text = re.sub(r"\{[^}]*\}", " ", " ".join(body)).replace("\u00a0", " ")
                words = [w for w in text.split() if not re.fullmatch(r"\d+\.+", w)]
                games.append((tags, words[:-1], words[-1]))
                tags, body = [], []
            tags.append((m.group(1), m.group(2)))
        elif line.strip():
            body.append(line)
    return games


def replay(written, start=START):
    """UCI moves of written SAN, each matched against pyffish's SAN."""
    moves = []
    for i, w in enumerate(written):
        fen = sf.get_fen(V, start, moves)
        matches = [m for m in sf.legal_moves(V, start, moves)
                   if plain(sf.get_san(V, fen, m)) == plain(w)]
        assert len(matches) == 1, (i, w, matches)
        moves.append(matches[0])
    return moves


class Game:
    """A real game: tags, start FEN, moves in UCI and pyffish SAN, written result."""

    def __init__(self, tags, start, ucis, result, western):
        self.tags = tags
        self.start = start
        self.ucis = ucis
        self.result = result
        self.western = western
        self.sans = []
        for i in range(len(ucis)):
            fen = sf.get_fen(V, start, ucis[:i])
            self.sans.append(sf.get_san(V, fen, ucis[i]))

    def from_ply(self, ply):
        """The same game started from the position after `ply` plies (a [FEN] start)."""
        fen = sf.get_fen(V, self.start, self.ucis[:ply])
        tags = [t for t in self.tags if t[0] != "PlyCount"]
        return Game(tags, fen, self.ucis[ply:], self.result, self.western)

    def fullmove(self, ply):
        """Move number and side ('w'/'b') of the move at index `ply` of the game."""
        fields = self.start.split()
        number, side = int(fields[-1]), fields[1]
        half = ply + (1 if side == "b" else 0)
        return number + half // 2, "w" if half % 2 == 0 else "b"


def source_games():
    games = []
    for tags, written, result in parse_pgn(os.path.join(DATA, "makruk-match-sample.pgn")):
        games.append(Game(tags, START, replay(written), result, western=False))
    for tags, written, result in parse_pgn(os.path.join(DATA, "seed000-game.pgn")):
        tags = [t for t in tags if t[0] != "End"]
        games.append(Game(tags, START, replay(written), result, western=True))
    return games


# ------------------------------------------------------------------------------------
# What the rules say, from pyffish


def count_fields(start, moves):
    """(limit, counter) of the running count, or None."""
    fields = sf.get_fen(V, start, moves).split()
    return None if fields[3] == "-" else (int(fields[3]), int(fields[4]))


def rules_end(start, moves):
    """The first ply at which the rules end the game, and how; or None."""
    for ply in range(len(moves) + 1):
        done = moves[:ply]
        if not sf.legal_moves(V, start, done):
            return ply, ("checkmate" if sf.gives_check(V, start, done) else "stalemate")
        c = count_fields(start, done)
        if c and c[1] > c[0]:
            optional, _ = sf.is_optional_game_end(V, start, done)
            assert optional, "pyffish must call the run-out count a game end"
            return ply, "count"
        fen = sf.get_fen(V, start, done)
        if all(sf.has_insufficient_material(V, fen, [])):
            return ply, "dead"
    return None


REFERENCE = {}


def reference(game, played):
    """Count starts, run-outs, the rules' end and the Result, for `played` plies."""
    key = (game.start, tuple(game.ucis), played, game.result)
    if key not in REFERENCE:
        REFERENCE[key] = compute_reference(game, played)
    return REFERENCE[key]


def compute_reference(game, played):
    moves = game.ucis[:played]
    starts, run_outs = [], []
    before = None
    for ply in range(played + 1):
        now = count_fields(game.start, moves[:ply])
        if now and (before is None or now[0] != before[0] or now[1] != before[1] + 1):
            starts.append(f"{ply}:{now[0]}:{now[1]}")
        exceeded = bool(now and now[1] > now[0])
        was = bool(before and before[1] > before[0])
        mated = not sf.legal_moves(V, game.start, moves[:ply]) and sf.gives_check(
            V, game.start, moves[:ply])
        if exceeded and not was and not mated:
            run_outs.append(f"{ply}:{now[1]}:{now[0]}")
        before = now
    end = rules_end(game.start, moves)
    result = game.result
    if end and played == len(game.ucis):
        ply, how = end
        if how == "checkmate":
            # The side to move at `ply` is mated.
            side = sf.get_fen(V, game.start, moves[:ply]).split()[1]
            result = "0-1" if side == "w" else "1-0"
        else:
            result = "1/2-1/2"
    return starts, run_outs, (f"{end[0]}:{end[1]}" if end else "-"), result


# ------------------------------------------------------------------------------------
# Writing


def western(san, rng):
    """Thai-letter SAN in western letters: B khon, Q met, promotions three ways."""
    if san[0] in "SM":
        san = {"S": "B", "M": "Q"}[san[0]] + san[1:]
    if "=M" in san:
        san = san.replace("=M", rng.choice(["", "Q", "=Q"]))
    return san


def tag_line(name, value):
    return f'[{name} "{value}"]'


def wrap(tokens, sep=" "):
    """Movetext tokens into lines under 80 characters."""
    lines, current = [], ""
    for t in tokens:
        if current and len(current) + len(sep) + len(t) > LINE_WIDTH:
            lines.append(current)
            current = t
        else:
            current = current + sep + t if current else t
    if current:
        lines.append(current)
    return lines


class Written:
    """A game as a habit writes it: its tag lines, movetext lines and what to expect."""

    def __init__(self, game, tag_lines, movetext_lines, offers=(), commands=(),
                 played=None, error=None, white=None, black=None):
        self.game = game
        self.tag_lines = tag_lines
        self.movetext_lines = movetext_lines
        self.offers = sorted(offers)
        self.commands = list(commands)
        self.played = len(game.ucis) if played is None else played
        self.error = error
        tags = dict(game.tags)
        self.white = tags.get("White", "?") if white is None else white
        self.black = tags.get("Black", "?") if black is None else black


def standard_tags(game, names=None):
    lines = [tag_line(n, v) for n, v in game.tags]
    if game.start != START:
        lines += [tag_line("SetUp", "1"), tag_line("FEN", game.start)]
    return lines


def movetext(game, rng, move_text=None, after=None, number=None):
    """Movetext tokens: numbers, moves as `move_text(i, san)` writes them, then what
    `after(i)` adds, then the result."""
    tokens = []
    for i, san in enumerate(game.sans):
        n, side = game.fullmove(i)
        if number is not None:
            tokens += number(i, n, side)
        elif side == "w":
            tokens.append(f"{n}.")
        elif i == 0:
            tokens.append(f"{n}...")
        text = san
        if game.western:
            text = western(text, rng)
        if move_text is not None:
            text = move_text(i, text)
        tokens.append(text)
        if after is not None:
            tokens += after(i)
    tokens.append(game.result)
    return tokens


def habit_draw_offers(game, rng, index):
    offers = set(rng.sample(range(len(game.sans)), max(3, len(game.sans) // 12)))
    if game.western:
        offers.add(105)  # 53... Bxc3, the move the game stopped at
    forms = {}

    def move_text(i, text):
        if i in offers:
            forms[i] = rng.choice(["glued", "parentheses", "apart"])
            if forms[i] == "glued":
                return text + "="
            if forms[i] == "parentheses":
                return text + "(=)"
        return text

    def after(i):
        return ["(=)"] if forms.get(i) == "apart" else []

    tokens = movetext(game, rng, move_text, after)
    return Written(game, standard_tags(game), wrap(tokens), offers={i + 1 for i in offers})


def habit_glyphs(game, rng, index):
    glyphs = ["!", "?", "!!", "??", "!?", "?!"]

    def move_text(i, text):
        return text + rng.choice(glyphs) if rng.random() < 0.25 else text

    def after(i):
        r = rng.random()
        if r < 0.1:
            return [rng.choice(glyphs)]
        if r < 0.2:
            return [f"${rng.choice([1, 2, 3, 4, 5, 6, 14, 19])}"]
        if r < 0.25:
            return [rng.choice(["+=", "=+", "+-", "-+", "+/-", "-/+"])]
        return []

    return Written(game, standard_tags(game), wrap(movetext(game, rng, move_text, after)))


def habit_check_signs(game, rng, index):
    mode = index % 3

    def move_text(i, text):
        bare = text.rstrip("+#")
        if mode == 0:
            return bare  # no signs at all
        if text.endswith("#"):
            return bare + rng.choice(["+", "++"])
        if text.endswith("+"):
            return bare + ("#" if rng.random() < 0.2 else "+")
        if rng.random() < (0.3 if mode == 1 else 0.1):
            return bare + "+"  # a check sign on a move that does not check
        return text

    return Written(game, standard_tags(game), wrap(movetext(game, rng, move_text)))


def habit_tag_case(game, rng, index):
    if index % 2 == 1 or game.western:
        # From the middle of the game: a [FEN] start (the seed game inside its count).
        ply = 200 if game.western else 20 + index
        game = game.from_ply(min(ply, len(game.ucis) - 2))
    case = [str.lower, str.upper, lambda s: s, lambda s: s[0] + s[1:].lower()][index % 4]
    variant = ["Makruk", "makruk", "MAKRUK", "Thai chess"][index % 4]
    lines = []
    for name, value in game.tags:
        if name == "Variant":
            value = variant
        if name in ("Event", "White", "Black", "Result", "Variant"):
            name = case(name)
        lines.append(tag_line(name, value))
    if not any(n == "Variant" for n, _ in game.tags):
        lines.append(tag_line(case("Variant"), variant))
    if game.start != START:
        lines += [tag_line(case("SetUp"), "1"), tag_line(case("FEN"), game.start)]
    return Written(game, lines, wrap(movetext(game, rng)))


def habit_clock_comments(game, rng, index):
    style = index % 3
    clock = [180.0, 180.0]
    commands = []

    def after(i):
        spent = round(rng.uniform(0.5, 9.0), 1)
        clock[i % 2] = max(0.0, clock[i % 2] - spent)
        t = int(clock[i % 2])
        clk = f"{t // 3600}:{t // 60 % 60:02}:{t % 60:02}"
        if style == 0:  # chess.com: the clock with tenths
            cmds = [f"[%clk {clk}.{int(clock[i % 2] * 10) % 10}]"]
            text = cmds[0]
        elif style == 1:  # lichess: an evaluation and the clock in one comment
            cmds = [f"[%eval {rng.uniform(-2, 2):.2f}]", f"[%clk {clk}]"]
            text = f" {cmds[0]} {cmds[1]} "
        else:  # ChessBase: the time the move took, and a word or two
            s = int(spent)
            cmds = [f"[%emt 0:00:{s:02}]"]
            text = f"{cmds[0]} thinking"
        commands.extend(f"{i + 1}={c}" for c in cmds)
        return ["{" + text + "}"]

    tokens = movetext(game, rng, after=after)
    return Written(game, standard_tags(game), wrap(tokens), commands=commands)


def habit_move_numbers(game, rng, index):
    style = index % 5

    def number(i, n, side):
        if style == 0:  # 1.f4 f5: glued to White's move, written below
            return []
        if style == 1:  # 1. f4 1... f5
            return [f"{n}." if side == "w" else f"{n}..."]
        if style == 2:  # 1. f4 1\u2026 f5
            return [f"{n}." if side == "w" else f"{n}\u2026"]
        if style == 3:  # a non-breaking space after the number
            return [f"{n}.\u00a0" if side == "w" else ""]
        return []  # style 4: no move numbers at all

    def move_text(i, text):
        n, side = game.fullmove(i)
        if style == 0 and side == "w":
            return f"{n}.{text}"
        return text

    tokens = [t for t in movetext(game, rng, move_text, number=number) if t != ""]
    if style == 3:
        # Glue each number to its move with the non-breaking space.
        glued = []
        for t in tokens:
            if glued and glued[-1].endswith("\u00a0"):
                glued[-1] += t
            else:
                glued.append(t)
        tokens = glued
    return Written(game, standard_tags(game), wrap(tokens))


def habit_western(game, rng, index):
    g = Game(game.tags, game.start, game.ucis, game.result, western=True)
    return Written(g, standard_tags(g), wrap(movetext(g, rng)))


# Names for the encoding habit: Latin-1 in some games, Thai in UTF-8 in others.
NAMES = [("J\u00fcrgen M\u00fcller", "Fran\u00e7ois L\u00e9v\u00eaque", "latin-1"),
         ("\u0e2a\u0e21\u0e0a\u0e32\u0e22", "\u0e18\u0e19\u0e32", "utf-8"),
         ("Ren\u00e9e", "\u00c5sa", "latin-1")]


def encoding_file(games, rng):
    """encoding.pgn as bytes, and its Written games."""
    out = bytearray("\ufeff".encode("utf-8"))
    written = []
    for index, game in enumerate(games):
        white, black, enc = NAMES[index % len(NAMES)]
        sep = "\t" if index % 2 == 0 else " "
        tag_lines = []
        for name, value in game.tags:
            if name == "White":
                value = white
            elif name == "Black":
                value = black
            elif name == "Site":
                value = "Chiang Ma\u00ef, Tha\u00eflande"
            tag_lines.append(f'[{name}{sep}"{value}"]')
        tokens = movetext(game, rng)
        if index % 2 == 0:
            tokens = [t + "\t" if t.endswith(".") else t for t in tokens]
        lines = tag_lines + [""] + wrap(tokens, sep=rng.choice([" ", "\t", " \t"]))
        text = "\r\n".join(lines) + "\r\n"
        if index == len(games) // 2:
            out += "\ufeff".encode("utf-8")  # a second file joined with `cat`
        out += text.encode(enc)
        out += rng.choice(["", "\r\n", "\r\n\r\n", " \t\r\n\r\n", "\r\n" * 5]).encode()
        written.append(Written(game, tag_lines, [], white=white, black=black))
    return bytes(out), written


# ------------------------------------------------------------------------------------
# Files


def write_text(name, written, rng):
    text = ""
    for w in written:
        text += "\n".join(w.tag_lines) + "\n\n" + "\n".join(w.movetext_lines) + "\n\n"
    with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def one_bad_move(games, rng):
    """Three games; the second has a move that cannot be read at ply 31."""
    picked = [games[0], games[3], games[6]]
    written = []
    line = 1
    for index, game in enumerate(picked):
        tags = standard_tags(game)
        bad = 31 if index == 1 else None
        error = None

        def move_text(i, text):
            return "Kz4=" if i == bad else text

        lines = wrap(movetext(game, rng, move_text))
        played = len(game.ucis)
        if bad is not None:
            played = bad
            first_movetext = line + len(tags) + 1
            at = next(k for k, l in enumerate(lines) if "Kz4=" in l.split())
            n, side = game.fullmove(bad)
            number = f"{n}." if side == "w" else f"{n}..."
            names = dict(game.tags)
            error = (f"khun annotate: game {index + 1} ({names['White']} - {names['Black']}), "
                     f"line {first_movetext + at}: move {number} 'Kz4=' is not a move; "
                     f"the moves before it are annotated")
        written.append(Written(game, tags, lines, played=played, error=error))
        line += len(tags) + 1 + len(lines) + 1
    return written


HABITS = [
    ("draw-offers.pgn", habit_draw_offers),
    ("glyphs.pgn", habit_glyphs),
    ("check-signs.pgn", habit_check_signs),
    ("tag-case.pgn", habit_tag_case),
    ("clock-comments.pgn", habit_clock_comments),
    ("move-numbers.pgn", habit_move_numbers),
    ("western.pgn", habit_western),
]


def main():
    games = source_games()
    rows = []
    for seed, (name, habit) in enumerate(HABITS):
        rng = random.Random(1000 + seed)
        written = [habit(g, rng, i) for i, g in enumerate(games)]
        write_text(name, written, rng)
        rows += [(name, i + 1, w) for i, w in enumerate(written)]
    rng = random.Random(2000)
    data, written = encoding_file(games, rng)
    with open(os.path.join(HERE, "encoding.pgn"), "wb") as f:
        f.write(data)
    rows += [("encoding.pgn", i + 1, w) for i, w in enumerate(written)]
    rng = random.Random(3000)
    written = one_bad_move(games, rng)
    write_text("one-bad-move.pgn", written, rng)
    rows += [("one-bad-move.pgn", i + 1, w) for i, w in enumerate(written)]

    header = ["file", "game", "start", "played", "uci", "san", "offers", "count_starts",
              "run_outs", "end", "result", "white", "black", "commands", "error"]
    out = ["\t".join(header)]
    for name, number, w in rows:
        g = w.game
        starts, run_outs, end, result = reference(g, w.played)
        out.append("\t".join([
            name,
            str(number),
            "startpos" if g.start == START else g.start,
            str(w.played),
            " ".join(g.ucis[:w.played]),
            " ".join(g.sans[:w.played]),
            ",".join(map(str, w.offers)) or "-",
            " ".join(starts) or "-",
            " ".join(run_outs) or "-",
            end,
            result,
            w.white,
            w.black,
            "|".join(w.commands) or "-",
            w.error or "-",
        ]))
    with open(os.path.join(HERE, "reference.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(f"{len(rows)} games in {len(HABITS) + 2} files")


if __name__ == "__main__":
    main()
