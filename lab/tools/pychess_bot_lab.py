"""`khun bot` against pychess-variants' own server code, run on this machine.

The server is pychess-variants' `make_app` with an in-memory database
(mongomock-motor's AsyncMongoMockClient, as the server's own tests build it), served
on 127.0.0.1. A BOT account and its token are made as the server's tests make them
(`bot_accounts.create_bot_token`); `khun bot` is started against it. A person is
played inside the server's process by the server's own handlers: the challenge by
`wsl.handle_create_bot_challenge` (what the lobby's websocket message
`create_bot_challenge` runs) and the moves by `utils.play_move` (what a `/wsr` move
message runs), with random legal moves from the server's board (pyffish) after a
short pause. The server's clocks are its own (the person's `clocks` are not sent,
so the server measures every move).

Usage (a virtual environment outside the repository with the server's requirements,
mongomock-motor, motor and pytest; PYCHESS a checkout of pychess-variants):

    python pychess_bot_lab.py PYCHESS KHUN_BINARY OUT_DIR [--games SPEC ...] [--kill-mid-game N]

SPEC is VARIANT:COLOR:MINUTES+INCREMENT (COLOR the person's: w or b). Writes
OUT_DIR/bot.log (the client's log) and OUT_DIR/games.jsonl (one line a game, the
server's view: status, result, plies, Khun's time per move from the server's clocks).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sys
import time
from types import SimpleNamespace
from unittest.mock import AsyncMock

STATUS_NAMES = {
    -2: "CREATED", -1: "STARTED", 0: "ABORTED", 1: "MATE", 2: "RESIGN", 3: "STALEMATE",
    4: "TIMEOUT", 5: "DRAW", 6: "FLAG", 7: "ABANDON", 8: "CHEAT", 9: "BYEGAME",
    10: "INVALIDMOVE", 11: "UNKNOWNFINISH", 12: "VARIANTEND", 13: "CLAIM",
}


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("pychess")
    parser.add_argument("khun")
    parser.add_argument("out")
    parser.add_argument("--games", nargs="+", default=["makruk:w:1+0"])
    parser.add_argument("--port", type=int, default=18080)
    parser.add_argument("--kill-mid-game", type=int, default=-1,
                        help="in game N (from 0), kill khun bot after 10 plies and start it again")
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args()


async def main():
    args = parse_args()
    os.makedirs(args.out, exist_ok=True)
    sys.path.insert(0, os.path.join(args.pychess, "server"))
    sys.path.insert(0, args.pychess)
    os.chdir(args.pychess)
    # The server's startup takes its test path when pytest is in argv.
    sys.argv.append("pytest")
    # Python 3.11 (this machine's) lacks asyncio.QueueShutDown (3.13), which the server
    # names in an `except`: a stand-in no code raises.
    if not hasattr(asyncio, "QueueShutDown"):
        asyncio.QueueShutDown = type("QueueShutDown", (Exception,), {})
    from aiohttp import web
    from mongomock_motor import AsyncMongoMockClient

    from bot_accounts import create_bot_token
    from glicko2.glicko2 import new_default_perf_map
    from pychess_global_app_state_utils import get_app_state
    from server import make_app
    from user import User
    from utils import play_move
    from variants import VARIANTS
    from wsl import handle_create_bot_challenge

    perfs = new_default_perf_map(VARIANTS)
    app = make_app(db_client=AsyncMongoMockClient(tz_aware=True))
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", args.port).start()
    app_state = get_app_state(app)

    bot = User(app_state, bot=True, username="Khun", title="BOT", perfs=perfs)
    app_state.users[bot.username] = bot
    await app_state.db.user.insert_one({
        "_id": "Khun", "username_lower": "khun", "enabled": True, "title": "BOT",
        "count": {"game": 0, "win": 0, "loss": 0, "draw": 0, "rated": 0},
    })
    _, token = await create_bot_token(app_state, "Khun", "lab token")
    token_file = os.path.join(args.out, "token")
    with open(token_file, "w") as f:
        f.write(token + "\n")
    settings_file = os.path.join(args.out, "settings.json")
    with open(settings_file, "w") as f:
        json.dump({"time_controls": {"min_base_seconds": 60, "max_base_seconds": 600},
                   "engine": {"hash_mb": 32, "move_overhead_ms": 100},
                   "chat": {"greeting": "Hello from Khun", "goodbye": "Thanks"}}, f)
    log = open(os.path.join(args.out, "bot.log"), "a")

    async def start_bot():
        return await asyncio.create_subprocess_exec(
            args.khun, "bot", "--server", f"http://127.0.0.1:{args.port}",
            "--token-file", token_file, "--settings", settings_file,
            stdout=asyncio.subprocess.DEVNULL, stderr=log)

    process = await start_bot()
    for _ in range(300):
        if bot.online and bot.bot_supported_variants:
            break
        await asyncio.sleep(0.1)
    print("bot online, advertises", sorted(bot.bot_supported_variants or []), flush=True)

    person = User(app_state, username="lab-person", perfs=perfs)
    app_state.users[person.username] = person
    rng = random.Random(args.seed)
    results = open(os.path.join(args.out, "games.jsonl"), "a")

    # A challenge in a game Khun does not play: the server refuses it itself.
    ws = SimpleNamespace(send_str=AsyncMock())
    await handle_create_bot_challenge(app_state, ws, person, {
        "profileid": "Khun", "variant": "chess", "fen": "", "color": "w", "minutes": 3,
        "increment": 2, "byoyomiPeriod": 0, "rated": False, "chess960": False,
        "target": "BOT_challenge"})
    print("chess challenge:", ws.send_str.call_args.args[0] if ws.send_str.call_args else "nothing", flush=True)

    for number, spec in enumerate(args.games):
        variant, color, tc = spec.split(":")
        minutes, increment = tc.split("+")
        ws = SimpleNamespace(send_str=AsyncMock())
        await handle_create_bot_challenge(app_state, ws, person, {
            "profileid": "Khun", "variant": variant, "fen": "", "color": color,
            "minutes": int(minutes), "increment": int(increment), "byoyomiPeriod": 0,
            "rated": False, "chess960": False, "target": "BOT_challenge"})
        answer = json.loads(ws.send_str.call_args.args[0])
        if answer.get("type") != "bot_challenge_created":
            print(spec, "not created:", answer, flush=True)
            continue
        game_id = answer["gameId"]
        started = time.monotonic()
        while game_id not in app_state.games and time.monotonic() - started < 30:
            await asyncio.sleep(0.05)
        game = app_state.games.get(game_id)
        if game is None:
            print(spec, game_id, "never started", flush=True)
            continue
        person_color = 0 if color == "w" else 1
        killed = False
        while game.status <= -1:
            if number == args.kill_mid_game and not killed and game.board.ply >= 10:
                process.send_signal(signal.SIGKILL)
                await process.wait()
                killed = True
                print(game_id, "khun bot killed at ply", game.board.ply, flush=True)
                await asyncio.sleep(3)
                process = await start_bot()
            if game.board.color == person_color:
                await asyncio.sleep(rng.uniform(0.1, 0.6))
                moves = game.board.legal_moves()
                if game.status <= -1 and moves:
                    await play_move(app_state, person, game, rng.choice(moves))
            else:
                await asyncio.sleep(0.02)
        # Khun's time per move as the server charged it: its clock before minus after,
        # plus the increment (the server's clocks after each ply).
        khun_clocks = game.clocks_b if person_color == 0 else game.clocks_w
        charged = [max(0, a - b + game.inc * 1000) for a, b in zip(khun_clocks, khun_clocks[1:])]
        record = {
            "game": game_id, "variant": variant, "person": color, "tc": tc,
            "status": STATUS_NAMES.get(int(game.status), str(game.status)),
            "result": game.result, "plies": game.board.ply,
            "khun_clock_left_ms": khun_clocks[-1],
            "khun_charged_ms": charged, "killed_mid_game": killed,
        }
        results.write(json.dumps(record) + "\n")
        results.flush()
        print(json.dumps({k: v for k, v in record.items() if k != "khun_charged_ms"}), flush=True)
        await asyncio.sleep(1)

    process.send_signal(signal.SIGINT)
    try:
        await asyncio.wait_for(process.wait(), 30)
    except asyncio.TimeoutError:
        process.kill()
    print("khun bot exit code", process.returncode, flush=True)
    await runner.cleanup()


if __name__ == "__main__":
    asyncio.run(main())
