"""`khun bot` against pychess-variants' own server code, the person played through the
server's websockets as a browser plays, with connections cut, the client killed and
the server killed in the middle of games.

Three processes: the server (`pychess_lab_server.py`, its own code with an in-memory
database), `khun bot`, and this one, which plays the person and sits between the
client and the server as a TCP proxy (so that it can cut the client's connections
while the client runs, as a network would).

The person is a browser's session: `GET /` (an anonymous account in a session
cookie), the lobby's websocket `/wsl` with `create_bot_challenge`, the answer read
from the challenge's event source `/api/bot-challenges/{id}` as the challenge page
reads it, then the game's websocket `/wsr/{id}` (`game_user_connected`, `ready`,
`board`, and `move` with the person's own clocks and the ply), with the "/n"
keep-alive every 2.5 s the browser sends. Its moves are random legal moves
(pyffish) after 0.1-0.6 s.

Usage (the server's virtual environment, with pyffish):

    python pychess_bot_ws_lab.py PYCHESS KHUN_BINARY OUT_DIR --games SPEC ...

SPEC is VARIANT:COLOR:MINUTES+INCREMENT[:CUT@PLY] (COLOR the person's: w or b); CUT
is `stream` (every connection of the client cut by the proxy, the client running),
`gamestream` (only the game's stream cut), `process` (the client killed with SIGKILL
and started again 3 s later) or `server` (the server killed with SIGKILL and started
again 3 s later: its in-memory database, and the game with it, gone) or `restart` (the
server's own shutdown and a new server on the same database, which restores the
game, as pychess.org's restarts do). Writes OUT_DIR/bot.log, OUT_DIR/server.log and OUT_DIR/games.jsonl
(one line a game, as `pychess_bot_report.py` reads it).
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

import aiohttp
import pyffish as sf

STATUS_NAMES = {
    -2: "CREATED", -1: "STARTED", 0: "ABORTED", 1: "MATE", 2: "RESIGN", 3: "STALEMATE",
    4: "TIMEOUT", 5: "DRAW", 6: "FLAG", 7: "ABANDON", 8: "CHEAT", 9: "BYEGAME",
    10: "INVALIDMOVE", 11: "UNKNOWNFINISH", 12: "VARIANTEND", 13: "CLAIM",
}
HERE = os.path.dirname(os.path.abspath(__file__))


def say(*words):
    print(time.strftime("%H:%M:%S"), *words, flush=True)


class Proxy:
    """A TCP proxy that can cut the connections it carries (all, or those whose last
    request line holds a text)."""

    def __init__(self, upstream_port):
        self.upstream_port = upstream_port
        self.connections = []

    async def handle(self, reader, writer):
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)
        except OSError:
            writer.transport.abort()
            return
        connection = {"request": "", "writers": (writer, up_writer)}
        self.connections.append(connection)

        async def pipe(source, sink, sniff):
            try:
                while True:
                    data = await source.read(65536)
                    if not data:
                        break
                    if sniff and data[:4] in (b"GET ", b"POST"):
                        connection["request"] = data.split(b"\r\n", 1)[0].decode("latin-1")
                    sink.write(data)
                    await sink.drain()
            except (OSError, asyncio.CancelledError):
                pass
            finally:
                sink.transport.abort()

        await asyncio.gather(pipe(reader, up_writer, True), pipe(up_reader, writer, False))
        self.connections.remove(connection)

    def cut(self, holding=""):
        cut = [c for c in self.connections if holding in c["request"]]
        for connection in cut:
            for writer in connection["writers"]:
                writer.transport.abort()
        return [c["request"] for c in cut]


class Lab:
    def __init__(self, args):
        self.args = args
        self.out = os.path.abspath(args.out)
        self.state = os.path.join(self.out, "server-state")
        os.makedirs(self.state, exist_ok=True)
        self.server_port = args.port
        self.proxy_port = args.port + 1
        self.base = f"http://127.0.0.1:{self.server_port}"
        self.server = None
        self.bot = None
        self.rng = random.Random(args.seed)
        self.server_log = open(os.path.join(self.out, "server.log"), "a")
        self.bot_log = open(os.path.join(self.out, "bot.log"), "a")
        self.results = open(os.path.join(self.out, "games.jsonl"), "a")

    async def start_server(self):
        ready = os.path.join(self.state, "ready")
        if os.path.exists(ready):
            os.remove(ready)
        self.server = await asyncio.create_subprocess_exec(
            sys.executable, os.path.join(HERE, "pychess_lab_server.py"), self.args.pychess,
            str(self.server_port), self.state, stdout=self.server_log, stderr=self.server_log)
        for _ in range(1200):
            if os.path.exists(ready):
                say("server up, pid", self.server.pid)
                return
            await asyncio.sleep(0.1)
        raise RuntimeError("the server did not start")

    async def kill_server(self):
        self.server.send_signal(signal.SIGKILL)
        await self.server.wait()

    async def start_bot(self):
        settings = os.path.join(self.out, "settings.json")
        with open(settings, "w") as f:
            json.dump({"time_controls": {"min_base_seconds": 60, "max_base_seconds": 600},
                       "engine": {"hash_mb": 32, "move_overhead_ms": 100},
                       "chat": {"greeting": "Hello from Khun", "goodbye": "Thanks"}}, f)
        self.bot = await asyncio.create_subprocess_exec(
            self.args.khun, "bot", "--server", f"http://127.0.0.1:{self.proxy_port}",
            "--token-file", os.path.join(self.state, "token"), "--settings", settings,
            "--verbose",
            stdout=asyncio.subprocess.DEVNULL, stderr=self.bot_log)
        say("khun bot started, pid", self.bot.pid)

    async def kill_bot(self):
        self.bot.send_signal(signal.SIGKILL)
        await self.bot.wait()

    async def run(self):
        await self.start_server()
        self.proxy = Proxy(self.server_port)
        await asyncio.start_server(self.proxy.handle, "127.0.0.1", self.proxy_port)
        await self.start_bot()
        await asyncio.sleep(3)
        for spec in self.args.declined:
            await self.challenge_only(spec)
        for spec in self.args.games:
            await self.play(spec)
        self.bot.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(self.bot.wait(), 30)
        except asyncio.TimeoutError:
            self.bot.kill()
        say("khun bot exit code", self.bot.returncode)
        await self.kill_server()

    async def challenge(self, http, wsl, variant, color, minutes, increment):
        """The lobby's `create_bot_challenge`, again while the BOT is offline; the
        answer (`bot_challenge_created` with the game's id, or the server's error)."""
        for _ in range(60):
            await wsl.send_json({
                "type": "create_bot_challenge", "profileid": "Khun", "variant": variant,
                "fen": "", "color": color, "minutes": minutes, "increment": increment,
                "byoyomiPeriod": 0, "rated": False, "chess960": False,
                "target": "BOT_challenge"})
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline:
                try:
                    msg = await asyncio.wait_for(wsl.receive(), deadline - time.monotonic())
                except asyncio.TimeoutError:
                    break
                if msg.type != aiohttp.WSMsgType.TEXT:
                    raise RuntimeError(f"lobby socket: {msg.type}")
                if msg.data == "/n":
                    continue
                data = json.loads(msg.data)
                if data.get("type") in ("bot_challenge_created", "error"):
                    return data
        return {"type": "error", "message": "the BOT never came online"}

    async def answer(self, http, game_id):
        """The BOT's answer, as the challenge page reads it (its event source)."""
        async with http.get(f"{self.base}/api/bot-challenges/{game_id}",
                            timeout=aiohttp.ClientTimeout(total=60)) as response:
            async for raw in response.content:
                line = raw.decode().strip()
                if line.startswith("data:"):
                    data = json.loads(line[5:])
                    if "accept" in data:
                        return data
        return {"accept": None}

    async def challenge_only(self, spec):
        variant, color, tc = spec.split(":")[:3]
        minutes, increment = map(int, tc.split("+"))
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            await (await http.get(self.base + "/")).read()
            async with http.ws_connect(self.base + "/wsl") as wsl:
                created = await self.challenge(http, wsl, variant, color, minutes, increment)
                if created.get("type") != "bot_challenge_created":
                    say(spec, "refused by the server:", created.get("message"))
                    return
                answer = await self.answer(http, created["gameId"])
                say(spec, created["gameId"], "answer:", json.dumps(answer))

    async def play(self, spec):
        parts = spec.split(":")
        variant, color, tc = parts[:3]
        cut, cut_ply = (parts[3].split("@") + ["10"])[:2] if len(parts) > 3 else (None, "0")
        cut_ply = int(cut_ply)
        minutes, increment = map(int, tc.split("+"))
        person = 0 if color == "w" else 1
        khun = 1 - person
        record = {"variant": variant, "person": color, "tc": tc, "cut": cut, "cut_ply": cut_ply,
                  "status": None, "result": None, "plies": 0}
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            await (await http.get(self.base + "/")).read()
            wsl = await http.ws_connect(self.base + "/wsl")
            keepalive = [asyncio.create_task(self.keep_alive(wsl))]
            created = await self.challenge(http, wsl, variant, color, minutes, increment)
            if created.get("type") != "bot_challenge_created":
                say(spec, "not created:", created)
                return
            game_id = created["gameId"]
            answer = await self.answer(http, game_id)
            if not answer.get("accept"):
                say(spec, game_id, "not accepted:", answer)
                return
            record["game"] = game_id
            say(spec, "game", game_id, "accepted")
            # Khun's clock as the server kept it: the start, then after each of its moves.
            khun_clocks = [minutes * 60000]
            board = {"ply": -1}
            cut_done = False
            server_gone = False
            last_ply_seen = -1
            while board.get("result", "*") == "*" and not server_gone:
                try:
                    wsr = await http.ws_connect(f"{self.base}/wsr/{game_id}")
                except (aiohttp.ClientError, OSError) as e:
                    if cut == "server" and cut_done:
                        say(game_id, "the game's page after the server's restart:", repr(e))
                        record["after_restart"] = repr(e)
                        break
                    await asyncio.sleep(1)
                    continue
                keepalive.append(asyncio.create_task(self.keep_alive(wsr)))
                await wsr.send_json({"type": "game_user_connected", "username": "",
                                     "gameId": game_id})
                await wsr.send_json({"type": "ready", "gameId": game_id})
                await wsr.send_json({"type": "board", "gameId": game_id})
                received = time.monotonic()
                async for msg in wsr:
                    if msg.type != aiohttp.WSMsgType.TEXT or msg.data == "/n":
                        continue
                    data = json.loads(msg.data)
                    if os.environ.get("LAB_VERBOSE"):
                        say("wsr <", msg.data[:300])
                    if data.get("type") != "board" or data.get("gameId") != game_id:
                        continue
                    board = data
                    received = time.monotonic()
                    ply = data["ply"]
                    if ply > last_ply_seen:
                        # The board after Khun's move: Khun's clock as the server set it.
                        if ply % 2 == (khun + 1) % 2 and ply > 0:
                            khun_clocks.append(data["clocks"][khun])
                        last_ply_seen = ply
                    record["plies"] = ply
                    if data["result"] != "*":
                        break
                    if cut and not cut_done and ply >= cut_ply and data["tp"] == "Khun":
                        cut_done = True
                        if await self.disrupt(cut, game_id, ply):
                            server_gone = True
                            break
                    fen = data["fen"]
                    if (fen.split()[1] == "w") == (person == 0):
                        await asyncio.sleep(self.rng.uniform(0.1, 0.6))
                        moves = sf.legal_moves(variant, fen, [], False)
                        if not moves:
                            continue
                        clocks = list(data["clocks"])
                        if ply >= 2:
                            spent = (time.monotonic() - received) * 1000
                            clocks[person] = max(0, clocks[person] - spent + increment * 1000)
                        await wsr.send_json({"type": "move", "gameId": game_id,
                                             "move": self.rng.choice(moves),
                                             "clocks": clocks, "ply": ply + 1})
                await wsr.close()
            for task in keepalive:
                task.cancel()
            await wsl.close()
        status = board.get("status")
        record.update({
            "status": STATUS_NAMES.get(status, str(status)) if status is not None else None,
            "result": board.get("result"),
            "khun_clock_left_ms": khun_clocks[-1],
            # Khun's time a move as the server charged it (its clock before minus after,
            # plus the increment); the first is its first move, which the server does
            # not charge.
            "khun_charged_ms": [max(0, a - b + increment * 1000)
                                for a, b in zip(khun_clocks, khun_clocks[1:])],
            "killed_mid_game": cut is not None,
        })
        if cut == "server":
            record.update(await self.after_server_restart(game_id))
        self.results.write(json.dumps(record) + "\n")
        self.results.flush()
        say(json.dumps({k: v for k, v in record.items() if k != "khun_charged_ms"}))
        await asyncio.sleep(1)

    async def disrupt(self, cut, game_id, ply):
        """Cuts, kills or restarts at `ply`; whether the server is gone."""
        if cut == "stream":
            say(game_id, "ply", ply, "proxy cuts", self.proxy.cut())
        elif cut == "gamestream":
            say(game_id, "ply", ply, "proxy cuts", self.proxy.cut(f"/api/bot/game/stream/{game_id}"))
        elif cut == "process":
            await self.kill_bot()
            say(game_id, "ply", ply, "khun bot killed")
            await asyncio.sleep(3)
            await self.start_bot()
        elif cut == "server":
            await self.kill_server()
            say(game_id, "ply", ply, "server killed")
            await asyncio.sleep(3)
            await self.start_server()
            return True
        elif cut == "restart":
            ready = os.path.join(self.state, "ready")
            self.server.send_signal(signal.SIGUSR1)
            say(game_id, "ply", ply, "server restarting (its shutdown, the database kept)")
            while os.path.exists(ready):
                await asyncio.sleep(0.05)
            while not os.path.exists(ready):
                await asyncio.sleep(0.05)
            say(game_id, "server up again")
        return False

    async def after_server_restart(self, game_id):
        """What the new server knows of the game, after the client had time to come back."""
        await asyncio.sleep(20)
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            async with http.get(f"{self.base}/{game_id}") as response:
                page = response.status
        return {"game_page_after_restart": page}

    @staticmethod
    async def keep_alive(ws):
        try:
            while not ws.closed:
                await ws.send_str("/n")
                await asyncio.sleep(2.5)
        except (ConnectionError, RuntimeError):
            pass


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("pychess")
    parser.add_argument("khun")
    parser.add_argument("out")
    parser.add_argument("--games", nargs="*", default=[])
    parser.add_argument("--declined", nargs="*", default=[],
                        help="challenges only (VARIANT:COLOR:M+I): the answer is logged")
    parser.add_argument("--port", type=int, default=18090)
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args()


async def main():
    lab = Lab(parse_args())
    try:
        await lab.run()
    finally:
        for process in (lab.bot, lab.server):
            if process is not None and process.returncode is None:
                process.kill()
                await process.wait()


if __name__ == "__main__":
    asyncio.run(main())
