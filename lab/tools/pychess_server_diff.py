#!/usr/bin/env python3
"""pychess.org's own server code, driven with pyffish and with khun in its place,
compared value by value (issue 71).

    lab/tools/pychess_server_diff.py PYCHESS_CHECKOUT [--games 500] [--seed 1]
        [--json results.json] [--time-rules]

PYCHESS_CHECKOUT is a checkout of github.com/gbtami/pychess-variants (its `server/`,
`templates/` and `variants.ini` are read; nothing of it is copied here). Two worker
processes import the server's modules from it, one with `pyffish`, one with
`sys.modules["pyffish"] = khun` set before the first import; nothing of the server's
rule-calling code is patched and khun is imported as it is. Stubbed, as the server's
own tests do or where nothing of the rules is involved: the web application (an
aiohttp `Application` with jinja2 set up, no routes: the server's `routes` module
needs Python 3.14, these runs use 3.13), the database (mongomock-motor, in memory: the
server's own test setup; the state's start-up load from the database is skipped), the
clocks (a clock that never runs down, so no game is flagged or aborted while the run
waits), the players' sockets (objects that record what the server sends).

The parent drives both workers with the same commands and compares what each server
computed after each one: the game's state (FEN, ply, side, `count_started`, status,
result, check, legal moves, the claimable draw, insufficient material, draw offers, the
count toggles, the last step), the game's document in the database (time fields
aside), every message sent to the players (clock readings and dates aside) and every
error the server logged. The games: random games in makruk, makpong, cambodian, asean
and sittuyin, from the start or from custom FENs the server's own `sanitize_fen`
admits, with Count and Stop pressed at random where pychess.org's client enables them
(its `getCounting`: a board's-honour count in the FEN, a pawn on the board or not),
draw claims, takebacks (`Game.takeback`, both plies or one), reloads from the
database (`utils.load_game`, then `get_board(full=True)`: the steps rebuilt with the
count intervals), the PGN (`Game.pgn`) and the database export (`utils.pgn(doc)`). The
moves are chosen from pyffish's legal moves; a game whose legal moves differ stops
there. Reports: games, plies, values compared, mismatches (each listed), and the CPU
time each server spent on the commands (the speed ratio; the snapshots' own queries
aside); `--time-rules` also times the rules' own calls through a forwarding wrapper
module (which then stands in `sys.modules["pyffish"]`, forwarding every call
unchanged).

Requires, in the Python that runs it (3.13 was used): pyffish, khun, and the server's
dependencies (its pyproject.toml), plus mongomock-motor.
"""

import argparse
import json
import multiprocessing
import os
import random
import sys
import time

VARIANTS = ["makruk", "makpong", "cambodian", "asean", "sittuyin"]
MANUAL_COUNT = {"makruk", "makpong", "cambodian"}
LETTERS = {"makruk": "RNSMP", "makpong": "RNSMP", "cambodian": "RNSMP", "asean": "RNBQP", "sittuyin": "RNSFP"}
BASE_MS = 10 * 60 * 1000


# ---------------------------------------------------------------- the worker side


def worker_main(engine, checkout, time_rules, conn):
    """One server: imports the server's modules with `engine` as pyffish, then answers
    the parent's commands until it sends None."""
    import asyncio
    import logging

    os.chdir(checkout)
    sys.path.insert(0, os.path.join(checkout, "server"))
    rules = __import__(engine)
    timer = {"s": 0.0, "calls": 0}
    if time_rules:
        rules = TimedModule(rules, timer)
    sys.modules["pyffish"] = rules

    import warnings

    warnings.simplefilter("ignore")  # khun's VariantConfigWarning for variants.ini

    errors = []

    class Collect(logging.Handler):
        def emit(self, record):
            if record.levelno >= logging.ERROR:
                errors.append(record.getMessage())

    logging.getLogger().addHandler(Collect())
    logging.getLogger().setLevel(logging.ERROR)

    import aiohttp_jinja2
    import jinja2
    from aiohttp import web
    from mongomock_motor import AsyncMongoMockClient

    import game as game_module
    import utils
    from const import CASUAL, STARTED
    from db_wrapper import AsyncDBWrapper
    from draw import draw
    from game import Game
    from glicko2.glicko2 import new_default_perf_map
    from pychess_global_app_state import PychessGlobalAppState
    from settings import MONGO_DB_NAME
    from typedefs import anon_as_test_users_key, client_key, db_key, pychess_global_app_state_key
    from user import User
    from variants import VARIANTS as SERVER_VARIANTS

    logging.getLogger().setLevel(logging.ERROR)
    for name in list(logging.Logger.manager.loggerDict):
        logging.getLogger(name).setLevel(logging.ERROR)

    class StillClock:
        """A clock that never runs down (the clocks are stubbed)."""

        def __init__(self, game, *args, **kwargs):
            self.game = game
            self.running = False
            self.secs = 10**9
            self.mins = 10**9
            self.color = 0
            self.time_for_first_move = 10**9

        def stop(self):
            self.running = False
            return self.secs

        def restart(self, *args, **kwargs):
            self.running = True

        async def cancel(self):
            self.running = False

    game_module.Clock = StillClock
    game_module.CorrClock = StillClock

    class Socket:
        """A player's socket: records what the server sends."""

        def __init__(self):
            self.sent = []
            self.closed = False

        async def send_str(self, text):
            self.sent.append(text)

        async def send_json(self, data):
            self.sent.append(json.dumps(data))

        async def close(self):
            self.closed = True

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)

    app = web.Application()
    aiohttp_jinja2.setup(
        app,
        enable_async=True,
        extensions=["jinja2.ext.i18n"],
        loader=jinja2.FileSystemLoader("templates"),
        autoescape=jinja2.select_autoescape(["html"]),
    )
    app[anon_as_test_users_key] = False
    client = AsyncMongoMockClient(tz_aware=True)
    app[client_key] = client
    app[db_key] = AsyncDBWrapper(client[MONGO_DB_NAME])

    async def make_state():
        # As the server's start-up does (`init_state`, in its event loop); the load of
        # its state from the database is left out (an empty database).
        return PychessGlobalAppState(app)

    app_state = loop.run_until_complete(make_state())
    app[pychess_global_app_state_key] = app_state
    perfs = new_default_perf_map(SERVER_VARIANTS)

    games, sockets, users = {}, {}, {}

    def user(name):
        if name not in users:
            users[name] = User(app_state, username=name, perfs=perfs)
            app_state.users[name] = users[name]
        return users[name]

    def connect(g):
        for u in (g.wplayer, g.bplayer):
            ws = sockets.setdefault((g.id, u.username), Socket())
            u.add_ws_for_game(g.id, ws)

    def sent(g):
        out = []
        for u in (g.wplayer, g.bplayer):
            ws = sockets.get((g.id, u.username))
            if ws is not None:
                out += [(u.username, json.loads(m)) for m in ws.sent]
                ws.sent.clear()
        return out

    async def snapshot(g):
        b = g.board
        doc = await app_state.db.game.find_one({"_id": g.id})
        state = {
            "fen": b.fen,
            "initial_fen": b.initial_fen,
            "ply": b.ply,
            "color": b.color,
            "count_started": b.count_started,
            "moves": len(b.move_stack),
            "status": int(g.status),
            "result": g.result,
            "check": g.check,
            "has_legal_move": g.has_legal_move,
            "lastmove": g.lastmove,
            "draw_offers": sorted(g.draw_offers),
            "manual_count": g.manual_count,
            "manual_count_toggled": g.manual_count_toggled,
            "steps": len(g.steps),
            "last_step": {k: v for k, v in g.steps[-1].items() if k != "clocks"},
        }
        if g.status <= STARTED:
            state["legal_moves"] = sorted(b.legal_moves())
            state["is_claimable_draw"] = g.is_claimable_draw
            state["insufficient_material"] = list(b.insufficient_material())
            state["is_checked"] = b.is_checked()
        return {"state": state, "doc": doc}

    async def run(cmd):
        kind = cmd["cmd"]
        if kind == "new":
            fen = cmd["fen"]
            report = {}
            if fen:
                valid, fen = utils.sanitize_fen(cmd["variant"], fen, False)
                report["sanitize_fen"] = [valid, fen]
                if not valid:
                    return report
            w, b = user(cmd["white"]), user(cmd["black"])
            g = Game(app_state, cmd["id"], cmd["variant"], fen, w, b, rated=CASUAL, create=True)
            games[g.id] = g
            app_state.games[g.id] = g
            connect(g)
            await utils.insert_game_to_db(g, app_state)
            report["board"] = g.get_board(full=True)
            return report
        g = games[cmd["id"]]
        if kind == "move":
            mover = g.wplayer if g.board.color == 0 else g.bplayer
            await utils.play_move(app_state, mover, g, cmd["move"], [BASE_MS, BASE_MS], g.ply + 1)
            return {}
        if kind == "count":
            # What the server's socket handler does for the player to move (wsr.handle_count).
            if cmd["mode"] == "start":
                g.start_manual_count()
            else:
                g.stop_manual_count()
            await g.save_manual_count_state()
            return {}
        if kind == "draw":
            mover = g.wplayer if g.board.color == 0 else g.bplayer
            return {"response": await draw(g, mover)}
        if kind == "takeback":
            requester = g.wplayer if cmd["requester"] == "white" else g.bplayer
            await g.takeback(requester)
            board = g.get_board(full=True)
            board["takeback"] = True
            return {"board": board}
        if kind == "reload":
            # As after a restart: the game from its database document, its page reloaded.
            app_state.games.pop(g.id, None)
            loaded = await utils.load_game(app_state, g.id)
            games[g.id] = loaded
            connect(loaded)
            return {"board": loaded.get_board(full=True)}
        if kind == "pgn":
            doc = await app_state.db.game.find_one({"_id": g.id})
            return {"pgn": g.pgn, "export": utils.pgn(doc) if doc else None}
        raise ValueError(kind)

    conn.send("ready")
    while True:
        cmd = conn.recv()
        if cmd is None:
            break
        errors.clear()
        before = timer["s"], timer["calls"]
        start = time.process_time()
        try:
            report = loop.run_until_complete(run(cmd))
            spent = time.process_time() - start
            rules = timer["s"] - before[0], timer["calls"] - before[1]
            g = games.get(cmd.get("id"))
            if g is not None:
                report.update(loop.run_until_complete(snapshot(g)))
                report["sent"] = sent(g)
        except Exception as e:  # a failure is a value to compare too
            spent = time.process_time() - start
            rules = timer["s"] - before[0], timer["calls"] - before[1]
            report = {"exception": f"{type(e).__name__}: {e}"}
        report["errors"] = list(errors)
        conn.send((plain(report), spent, *rules))
    conn.close()


class TimedModule:
    """The rules' module, each function's calls timed and forwarded unchanged."""

    def __init__(self, module, timer):
        self._module = module
        self._timer = timer

    def __getattr__(self, name):
        value = getattr(self._module, name)
        if not callable(value) or isinstance(value, type):
            return value
        timer = self._timer

        def timed(*args, **kwargs):
            start = time.process_time()
            try:
                return value(*args, **kwargs)
            finally:
                timer["s"] += time.process_time() - start
                timer["calls"] += 1

        return timed


def plain(value):
    """`value` as JSON's values: times replaced (they differ by when each ran),
    clock readings dropped, the PGN's date and the document's clocks left out."""
    import datetime
    import enum

    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k in ("clocks", "date", "d", "l", "cw", "cb", "cw0", "cb0", "lt"):
                continue
            out[str(k)] = plain(v)
        return out
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [plain(v) for v in value]
        return sorted(items, key=json.dumps) if isinstance(value, (set, frozenset)) else items
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if isinstance(value, datetime.datetime):
        return "<time>"
    if isinstance(value, str):
        return "\n".join(
            '[Date "-"]' if line.startswith("[Date ") else line for line in value.split("\n")
        )
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return repr(value)


# ---------------------------------------------------------------- the driver side


class Servers:
    """The two servers, each command sent to both and their reports compared."""

    def __init__(self, checkout, time_rules, against="khun"):
        ctx = multiprocessing.get_context("spawn")
        self.conns, self.procs = {}, {}
        for name, engine in (("pyffish", "pyffish"), ("khun", against)):
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=worker_main, args=(engine, checkout, time_rules, child))
            proc.start()
            self.conns[name], self.procs[name] = parent, proc
            # why: the server compiles its translations into the checkout at start-up
            # (lang/*/server.mo); two starting at once tear each other's files.
            if parent.recv() != "ready":
                sys.exit(f"the {name} server did not start")
        self.spent = {"pyffish": 0.0, "khun": 0.0}
        self.rules = {"pyffish": 0.0, "khun": 0.0}
        self.calls = {"pyffish": 0, "khun": 0}
        self.values = 0
        self.mismatches = []
        self.commands = 0

    def ask(self, cmd, where):
        for conn in self.conns.values():
            conn.send(cmd)
        reports = {}
        for engine, conn in self.conns.items():
            report, spent, rules, calls = conn.recv()
            reports[engine] = report
            self.spent[engine] += spent
            self.rules[engine] += rules
            self.calls[engine] += calls
        self.commands += 1
        before = len(self.mismatches)
        self.compare(reports["pyffish"], reports["khun"], f"{where} {cmd['cmd']}")
        return reports["pyffish"], len(self.mismatches) == before

    def compare(self, ours, theirs, path):
        if isinstance(ours, dict) and isinstance(theirs, dict):
            for k in sorted(set(ours) | set(theirs)):
                if k not in ours or k not in theirs:
                    self.values += 1
                    self.mismatches.append((path + "." + k, ours.get(k), theirs.get(k)))
                else:
                    self.compare(ours[k], theirs[k], path + "." + k)
        elif isinstance(ours, list) and isinstance(theirs, list) and len(ours) == len(theirs):
            for i, (a, b) in enumerate(zip(ours, theirs)):
                self.compare(a, b, f"{path}[{i}]")
        else:
            self.values += 1
            if ours != theirs:
                self.mismatches.append((path, ours, theirs))

    def close(self):
        for conn in self.conns.values():
            conn.send(None)
        for proc in self.procs.values():
            proc.join()


def placement(board):
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            piece = board.get((f, r))
            if piece:
                row += (str(empty) if empty else "") + piece
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def custom_fen(rng, variant):
    """A custom start as a player might set one: kings and a few men, pawns or not,
    count fields or not, either side to move (in check at times); the server's
    `sanitize_fen` decides."""
    squares = [(f, r) for f in range(8) for r in range(8)]
    rng.shuffle(squares)
    board = {squares.pop(): "K", squares.pop(): "k"}
    pool = LETTERS[variant] if rng.random() < 0.6 else LETTERS[variant].replace("P", "")
    for upper, n in ((True, rng.randint(0, 5)), (False, rng.randint(0, 4))):
        for _ in range(n):
            f, r = squares.pop()
            piece = rng.choice(pool)
            rank = r if upper else 7 - r
            if piece == "P" and not (1 <= rank <= (6 if variant == "asean" else 4)):
                continue
            board[(f, r)] = piece if upper else piece.lower()
    hand = "[]" if variant == "sittuyin" else ""
    if variant in MANUAL_COUNT and rng.random() < 0.4:
        limit = {"cambodian": 126}.get(variant, 128)
        count = f"{rng.choice([limit, 32, 64, 16])} {rng.randint(0, 20)}"
    else:
        count = f"- {rng.randint(0, 30)}"
    return f"{placement(board)}{hand} {rng.choice('wb')} - {count} {rng.randint(1, 70)}"


def counting(fen):
    """pychess.org's client's `getCounting` (client/chess.ts): counter, limit, the
    counting side ('w', 'b' or ''), the kind ('none', 'piece', 'board')."""
    parts = fen.split(" ")
    try:
        ply = int(parts[4])
    except (IndexError, ValueError):
        ply = 0
    try:
        limit = int(parts[3])
    except (IndexError, ValueError):
        limit = 0
    board = parts[0]
    white = sum(c.isupper() for c in board)
    black = sum(c.islower() for c in board)
    pawns = sum(c in "Pp" for c in board)
    kind = "none" if limit == 0 else "piece" if pawns == 0 and (white <= 1 or black <= 1) else "board"
    side = parts[1]
    other = "b" if side == "w" else "w"
    counting_side = "" if kind == "none" or ply == 0 else side if ply % 2 == 0 else other
    return ply, limit, counting_side, kind


def occupied(fen):
    out = set()
    for i, row in enumerate(fen.split(" ")[0].split("[")[0].split("/")):
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            elif c != "~":
                out.add("abcdefgh"[f] + str(8 - i))
                f += 1
    return out


def play_game(servers, rng, n, variant, stats):
    """One game, every command compared; returns the plies played."""
    gid = f"g{n:07d}"
    where = f"game {n} ({variant})"
    fen = ""
    for _ in range(40):
        if rng.random() < 0.5:
            fen = custom_fen(rng, variant)
        report, _ = servers.ask(
            {"cmd": "new", "id": gid, "variant": variant, "fen": fen, "white": f"w{n}", "black": f"b{n}"},
            where,
        )
        if "board" in report:
            break
        stats["refused_fens"] += 1
        gid = f"{gid}x"
        fen = ""
    stats["custom"] += bool(fen)
    plies = 0
    for step in range(rng.randint(40, 260)):
        state = report.get("state")
        if state is None or state["status"] > 0 or not state.get("legal_moves"):
            break
        at = f"{where} step {step} ply {state['ply']}"
        current = state["fen"]
        roll = rng.random()
        if variant in MANUAL_COUNT and state["manual_count"]:
            _, _, side, kind = counting(current)
            me = "w" if state["color"] == 0 else "b"
            if kind == "board" and side == "" and roll < 0.2:
                report, ok = servers.ask({"cmd": "count", "id": gid, "mode": "start"}, at)
                stats["count_start"] += 1
                stats["count_start_with_pawn"] += any(c in "Pp" for c in current.split()[0])
                continue
            if kind == "board" and side == me and roll < 0.04:
                report, ok = servers.ask({"cmd": "count", "id": gid, "mode": "stop"}, at)
                stats["count_stop"] += 1
                continue
        if state["ply"] >= 2 and roll > 0.97:
            report, ok = servers.ask(
                {"cmd": "takeback", "id": gid, "requester": rng.choice(["white", "black"])}, at
            )
            stats["takebacks"] += 1
            after = report.get("state", {})
            # The server keeps count_started across a takeback: a count "started" after
            # the position it went back to.
            stats["takebacks_past_count_start"] += after.get("count_started", 0) > after.get("ply", 0) + 1
            continue
        if 0.95 < roll <= 0.97:
            report, ok = servers.ask({"cmd": "reload", "id": gid}, at)
            stats["reloads"] += 1
            continue
        if 0.94 < roll <= 0.95:
            servers.ask({"cmd": "pgn", "id": gid}, at)
            stats["pgns"] += 1
        if state.get("is_claimable_draw") and rng.random() < 0.3:
            report, ok = servers.ask({"cmd": "draw", "id": gid}, at)
            stats["draw_claims"] += 1
            continue
        legal = state["legal_moves"]
        taken = occupied(current)
        captures = [m for m in legal if "@" not in m and m[2:4] in taken and m[:2] != m[2:4]]
        # why: captures sought out (two in three) reach the endings, where the count runs.
        move = rng.choice(captures) if captures and rng.random() < 0.65 else rng.choice(legal)
        report, ok = servers.ask({"cmd": "move", "id": gid, "move": move}, at)
        plies += 1
        if not ok and "legal_moves" in str(servers.mismatches[-1][0]):
            stats["diverged"] += 1
            break
    servers.ask({"cmd": "pgn", "id": gid}, f"{where} end")
    servers.ask({"cmd": "reload", "id": gid}, f"{where} end")
    servers.ask({"cmd": "pgn", "id": gid}, f"{where} end, reloaded")
    stats["pgns"] += 2
    stats["reloads"] += 1
    return plies


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkout", help="a checkout of gbtami/pychess-variants")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="write the counts and mismatches here")
    parser.add_argument("--time-rules", action="store_true", help="time the rules' calls too")
    parser.add_argument(
        "--against",
        default="khun",
        help="the module put in pyffish's place (pyffish itself: the harness's null check)",
    )
    args = parser.parse_args()
    checkout = os.path.abspath(args.checkout)
    if not os.path.isfile(os.path.join(checkout, "server", "fairy", "fairy_board.py")):
        sys.exit(f"{checkout}: not a pychess-variants checkout (server/fairy/fairy_board.py)")

    import importlib.metadata as md

    versions = {p: md.version(p) for p in ("pyffish", "khun", "aiohttp", "mongomock-motor")}
    rng = random.Random(args.seed)
    servers = Servers(checkout, args.time_rules, args.against)
    stats = dict(
        games=0, plies=0, custom=0, refused_fens=0, count_start=0, count_start_with_pawn=0,
        count_stop=0, takebacks=0, takebacks_past_count_start=0, reloads=0, pgns=0, draw_claims=0, diverged=0,
    )
    by_variant = {v: 0 for v in VARIANTS}
    started = time.time()
    try:
        for n in range(args.games):
            variant = VARIANTS[n % len(VARIANTS)]
            stats["plies"] += play_game(servers, rng, n, variant, stats)
            stats["games"] += 1
            by_variant[variant] += 1
            if (n + 1) % 25 == 0:
                print(
                    f"{n + 1} games, {stats['plies']} plies, {servers.values} values, "
                    f"{len(servers.mismatches)} mismatches, {time.time() - started:.0f} s",
                    flush=True,
                )
    finally:
        servers.close()
    result = {
        "against": args.against,
        "versions": versions,
        "python": sys.version.split()[0],
        "seed": args.seed,
        "stats": stats,
        "by_variant": by_variant,
        "commands": servers.commands,
        "values_compared": servers.values,
        "mismatches": len(servers.mismatches),
        "mismatch_list": [list(m) for m in servers.mismatches[:200]],
        "server_seconds": servers.spent,
        "server_speed_ratio_pyffish_over_khun": servers.spent["pyffish"] / max(servers.spent["khun"], 1e-9),
        "wall_seconds": time.time() - started,
    }
    if args.time_rules:
        result["rules_seconds"] = servers.rules
        result["rules_calls"] = servers.calls
        result["rules_speed_ratio_pyffish_over_khun"] = servers.rules["pyffish"] / max(servers.rules["khun"], 1e-9)
    print(json.dumps({k: v for k, v in result.items() if k != "mismatch_list"}, indent=1))
    for path, ours, theirs in servers.mismatches[:50]:
        print(f"MISMATCH {path}: pyffish {ours!r} khun {theirs!r}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)
    sys.exit(1 if servers.mismatches else 0)


if __name__ == "__main__":
    main()
