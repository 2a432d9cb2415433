"""pychess-variants' own server, run on 127.0.0.1 for `pychess_bot_ws_lab.py`, in a
process of its own (so that it can be killed and started again).

The server is `make_app` with an in-memory database (mongomock-motor's
AsyncMongoMockClient, as the server's own tests build it); its startup takes the
test path (`pytest` in `sys.argv`). A BOT account `Khun` is made as the server's
tests make one, with a token (`bot_accounts.create_bot_token`) written to
STATE_DIR/token. Started again with that file present, it puts the same token's
hash back: the in-memory database loses everything when the process dies, and the
account and token are what a real server's database would still hold after a
restart (the games in progress it would hold too are not put back: see the lab log).

SIGUSR1 restarts the server in the same process on the same (in-memory) database:
the server's own shutdown, as a deploy's restart runs it, then a new server that
restores the games in play from the database, as pychess.org does after a restart.

Usage: python pychess_lab_server.py PYCHESS PORT STATE_DIR
Writes STATE_DIR/ready (its pid) once it serves.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from datetime import UTC, datetime


async def main():
    pychess, port, state = sys.argv[1], int(sys.argv[2]), os.path.abspath(sys.argv[3])
    sys.path.insert(0, os.path.join(pychess, "server"))
    sys.path.insert(0, pychess)
    os.chdir(pychess)
    sys.argv.append("pytest")
    # Python 3.11 (this machine's) lacks asyncio.QueueShutDown (3.13), which the server
    # names in an `except`: a stand-in no code raises.
    if not hasattr(asyncio, "QueueShutDown"):
        asyncio.QueueShutDown = type("QueueShutDown", (Exception,), {})
    # ... and asyncio.Queue.shutdown (3.13), which the challenge page's event source
    # calls when it closes: a stand-in that does nothing (the queue is dropped after).
    if not hasattr(asyncio.Queue, "shutdown"):
        asyncio.Queue.shutdown = lambda self, immediate=False: None
    from aiohttp import web
    from mongomock_motor import AsyncMongoMockClient

    from glicko2.glicko2 import new_default_perf_map
    from pychess_global_app_state_utils import get_app_state
    from server import make_app
    from variants import VARIANTS

    database = AsyncMongoMockClient(tz_aware=True)
    perfs = new_default_perf_map(VARIANTS)
    first = True
    while True:
        app = make_app(db_client=database)
        runner = web.AppRunner(app)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", port).start()
        app_state = get_app_state(app)
        if first:
            await make_bot_account(app_state, state, perfs)
        first = False
        with open(os.path.join(state, "ready"), "w") as f:
            f.write(f"{os.getpid()}\n")
        print("pychess lab server up on port", port, flush=True)
        # SIGUSR1: the server's own shutdown (what a deploy's SIGTERM runs), then a new
        # server on the same database, which restores the games in play from it.
        restart = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, restart.set)
        await restart.wait()
        os.remove(os.path.join(state, "ready"))
        print("pychess lab server restarting, database kept", flush=True)
        await runner.cleanup()


async def make_bot_account(app_state, state, perfs):
    from bot_accounts import bot_token_hash, create_bot_token
    from user import User

    bot = User(app_state, bot=True, username="Khun", title="BOT", perfs=perfs)
    app_state.users[bot.username] = bot
    await app_state.db.user.insert_one({
        "_id": "Khun", "username_lower": "khun", "enabled": True, "title": "BOT",
        "count": {"game": 0, "win": 0, "loss": 0, "draw": 0, "rated": 0},
    })
    token_file = os.path.join(state, "token")
    if os.path.exists(token_file):
        with open(token_file) as f:
            token = f.read().strip()
        await app_state.db.bot_token.insert_one({
            "_id": "labtoken", "user": "Khun", "description": "lab token",
            "tokenHash": bot_token_hash(token), "createdAt": datetime.now(UTC),
        })
    else:
        _, token = await create_bot_token(app_state, "Khun", "lab token")
        with open(token_file, "w") as f:
            f.write(token + "\n")


if __name__ == "__main__":
    # The server's shutdown cancels and awaits every task of the process but those
    # named `_run_app...` (aiohttp's own runner): the lab's server runs as one of those,
    # so that it outlives a restart.
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    served = loop.create_task(main(), name="_run_app lab server")
    served.add_done_callback(lambda _: loop.stop())
    loop.run_forever()
    served.result()
