"""`python -m bot` runs the Discord bot; `python -m bot demo ...` plays a demo game offline."""

from __future__ import annotations

import argparse
import importlib.util
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Caylus on Discord")
    sub = parser.add_subparsers(dest="command")
    from bot.games import demo

    demo.add_arguments(sub.add_parser("demo", help="play a complete game with AI seats, no Discord"))
    args = parser.parse_args(argv)
    if args.command == "demo":
        return demo.main(args)
    if importlib.util.find_spec("bot.ui.app") is None:
        print("The Discord bot is not built yet (bot.ui.app is missing); try `python -m bot demo`.")
        return 1
    app = importlib.import_module("bot.ui.app")
    result = app.main()
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    sys.exit(main())
