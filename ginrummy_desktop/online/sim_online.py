"""``ginrummy-sim online``: seat a bot as an online player (tests, load, your own bot).

    ginrummy-sim online --server chat.example.org --user mybot --players greedy --quick
    ginrummy-sim online --server 127.0.0.1 --port 5222 --user b1 --players greedy \\
        --game cribbage --join 3fa9c2d1e0b4 --insecure

The password comes from ``--password`` or the ``GINRUMMY_PASSWORD`` environment variable.
Only the argument set-up lives here without network imports, so ``ginrummy-sim --help`` stays
fast; ``run_online`` imports the client.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from typing import Any

from ginrummy_desktop.engine import registry


def add_online_parser(commands: Any) -> None:
    sub = commands.add_parser("online", help="seat a bot as a player on an online server")
    sub.add_argument("--server", required=True, metavar="HOST", help="XMPP server host")
    sub.add_argument("--port", type=int, default=5222)
    sub.add_argument("--domain", help="XMPP domain (default: the server host)")
    sub.add_argument("--user", required=True, metavar="U", help="account name")
    sub.add_argument("--password", help="default: $GINRUMMY_PASSWORD")
    sub.add_argument("--players", required=True, metavar="BOT",
                     help="the bot: a built-in bot id or package.module:Class")
    games = registry.game_names()
    sub.add_argument("--game", choices=games, default=games[0])
    how = sub.add_mutually_exclusive_group()
    how.add_argument("--join", metavar="TABLE", help="join this open table")
    how.add_argument("--quick", action="store_true", help="ask for a quick match")
    how.add_argument("--host-table", action="store_true", help="host a table (the default)")
    sub.add_argument("--preset", help="rules preset of a hosted table")
    sub.add_argument("--target", type=int, help="target score of a hosted table")
    sub.add_argument("--casual", action="store_true", help="host an unrated table")
    sub.add_argument("--matches", type=int, default=1, help="matches to play in a row")
    sub.add_argument("--sign-up", action="store_true", help="create the account first")
    sub.add_argument("--referee", help="referee JID (default referee.<domain>)")
    sub.add_argument("--insecure", action="store_true",
                     help="do not verify the TLS certificate (loopback test servers only)")
    sub.add_argument("--records", metavar="FILE.jsonl", help="append the hand records here")
    sub.add_argument("--timeout", type=float, default=3600.0, metavar="SECONDS",
                     help="give up on a match after this long")


def run_online(args: argparse.Namespace) -> int:
    password = args.password or os.environ.get("GINRUMMY_PASSWORD")
    if not password:
        raise ValueError("give --password or set GINRUMMY_PASSWORD")
    return asyncio.run(_run(args, password))


async def _run(args: argparse.Namespace, password: str) -> int:
    from ginrummy_desktop.online.bot_player import BotPlayer
    from ginrummy_desktop.online.client import OnlineClient, RequestRefused, SignInError
    from ginrummy_desktop.online.records import match_summary, write_hands, write_summary

    domain = args.domain or args.server
    client = OnlineClient(f"{args.user}@{domain}", password, host=args.server, port=args.port,
                          referee=args.referee, verify_tls=not args.insecure)
    player = BotPlayer(client, {args.game: args.players})
    matched: asyncio.Queue[str] = asyncio.Queue()
    client.on("matched", lambda data: matched.put_nowait(data["table"]))
    try:
        await (client.sign_up() if args.sign_up else client.sign_in())
    except SignInError as error:
        print(f"ginrummy-sim: error: {error}", file=sys.stderr)
        return 1
    try:
        for number in range(args.matches):
            if args.join and number == 0:
                table = args.join
                await client.join_table(table)
            elif args.quick:
                reply = await client.quick_match(args.game)
                table = reply.get("table") or await asyncio.wait_for(matched.get(), args.timeout)
            else:
                table = await client.create_table(args.game, preset=args.preset,
                                                  target=args.target, rated=not args.casual)
                print(f"hosting table {table}; waiting for an opponent", file=sys.stderr)
            end = await player.wait_finished(table, args.timeout)
            mine = end["winners"] and client.states[table]["seat"] in end["winners"]
            print(json.dumps({"table": table, "won": bool(mine), "reason": end["reason"],
                              "hands": len(player.hand_records.get(table, [])),
                              "ratings": end.get("ratings", {})}))
            if args.records:
                with open(args.records, "a", encoding="utf-8") as out:
                    write_hands(out, player.hand_records.get(table, []), number)
                    write_summary(out, match_summary(args.game, number, end.get(
                        "players", client.states[table]["players"]), end["winners"],
                        end["reason"]))
    except RequestRefused as error:
        print(f"ginrummy-sim: error: the referee refused: {error.reason}", file=sys.stderr)
        return 1
    except TimeoutError as error:
        print(f"ginrummy-sim: error: {error}", file=sys.stderr)
        return 1
    finally:
        await client.disconnect()
    return 0
