"""Run the fake in its own process: ``python -m tests.fake_discord --port 8765``.

Prints one JSON line (port, api_base, gateway_url, token, guild/channel/user ids) and serves
until killed. ``--driver pkg.mod:func`` runs ``await func(fake)`` once the bot has identified.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import sys
from collections.abc import Awaitable, Callable
from typing import cast

from .server import FakeDiscord

Driver = Callable[[FakeDiscord], Awaitable[None]]


def _load_driver(spec: str) -> Driver:
    module_name, _, attr = spec.partition(":")
    return cast(Driver, getattr(importlib.import_module(module_name), attr or "drive"))


async def serve(args: argparse.Namespace) -> None:
    fake = FakeDiscord(
        token=args.token, callback_deadline=args.callback_deadline, spec_check=not args.no_spec_check
    )
    guilds = []
    for g in range(args.guilds):
        guild = fake.add_guild(f"Guild {g}")
        channels = [fake.add_channel(guild, f"table-{c}") for c in range(args.channels)]
        users = [fake.add_player(guild, f"player-{g}-{u}") for u in range(args.users)]
        guilds.append(
            {"id": guild.id, "channels": [c.id for c in channels], "users": [u.id for u in users]}
        )
    await fake.start(args.port)
    info = {
        "port": fake.port,
        "base_url": fake.base_url,
        "api_base": fake.api_base,
        "gateway_url": fake.gateway_url,
        "token": fake.token,
        "application_id": fake.application_id,
        "guilds": guilds,
    }
    print(json.dumps(info), flush=True)
    try:
        if args.driver:
            await fake.state.changed.wait_for(
                lambda: fake.gateway.connected, 3600.0, lambda: "bot never connected"
            )
            await _load_driver(args.driver)(fake)
        await asyncio.Event().wait()
    finally:
        await fake.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.fake_discord", description=__doc__)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--token", default="fake-token")
    parser.add_argument("--guilds", type=int, default=1)
    parser.add_argument("--channels", type=int, default=1)
    parser.add_argument("--users", type=int, default=2)
    parser.add_argument("--callback-deadline", type=float, default=3.0)
    parser.add_argument("--driver", default=None, help="module:function run after IDENTIFY")
    parser.add_argument(
        "--no-spec-check", action="store_true", help="skip the OpenAPI validation (load benchmarks)"
    )
    args = parser.parse_args(argv)
    try:
        asyncio.run(serve(args))
    except KeyboardInterrupt:
        sys.exit(0)


if __name__ == "__main__":
    main()
