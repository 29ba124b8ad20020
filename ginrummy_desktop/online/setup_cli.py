"""The ``init`` and ``up`` subcommands of ``ginrummy-server`` (docs/online.md, "Run a server")."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from ginrummy_desktop.online.server_init import (
    DEFAULT_DIRECTORY,
    Ports,
    SetupError,
    init_server,
)

SUBCOMMANDS = ("init", "up")


def main(argv: Sequence[str]) -> int:
    """``argv`` starts with the subcommand name."""
    parser = argparse.ArgumentParser(prog="ginrummy-server",
                                     description="Set up and run a Gin Rummy server.")
    commands = parser.add_subparsers(dest="command", required=True)
    init = commands.add_parser("init", help="write a complete server configuration")
    init.add_argument("--domain", required=True,
                      help="the name players type to connect (or this computer's address)")
    init.add_argument("--dir", default=DEFAULT_DIRECTORY, type=Path,
                      help=f"where to write it (default ./{DEFAULT_DIRECTORY})")
    init.add_argument("--cert", type=Path, help="certificate (PEM) for the domain")
    init.add_argument("--key", type=Path, help="its private key (PEM)")
    init.add_argument("--self-signed", action="store_true",
                      help="make a self-signed certificate (the default without --cert)")
    init.add_argument("--postgres", metavar="URL",
                      help="postgresql://user:password@host/db (default: SQLite in --dir)")
    defaults = Ports()
    for name, help_text in (("c2s", "XMPP clients"), ("web", "browsers (web client + WebSocket)"),
                            ("component", "referee component, loopback"),
                            ("admin", "ejabberd admin, loopback")):
        init.add_argument(f"--{name}-port", type=int, default=getattr(defaults, name),
                          help=f"{help_text} (default {getattr(defaults, name)})")
    run = commands.add_parser("up", help="start ejabberd and the referee until Ctrl+C")
    run.add_argument("--dir", default=DEFAULT_DIRECTORY, type=Path)
    args = parser.parse_args(argv)
    if args.command == "init":
        return _init(args)
    from ginrummy_desktop.online.launcher import up

    return up(args.dir)


def _init(args: argparse.Namespace) -> int:
    ports = Ports(c2s=args.c2s_port, web=args.web_port, component=args.component_port,
                  admin=args.admin_port)
    for name, port in vars(ports).items():
        if not 0 < port < 65536:
            return _fail(f"--{name}-port must be from 1 to 65535, not {port}.")
    if len(set(vars(ports).values())) < 4:
        return _fail("The four ports must differ from each other.")
    try:
        setup = init_server(args.dir, args.domain, cert=args.cert, key=args.key,
                            self_signed=args.self_signed, postgres=args.postgres, ports=ports)
    except SetupError as error:
        return _fail(str(error))
    print(f"Wrote a server for {setup.domain} to {args.dir.resolve()}.")
    if setup.self_signed:
        print("It uses a self-signed certificate: fine on a home network; for the internet "
              "give --cert and --key.")
    print(f"Start it with: ginrummy-server up --dir {args.dir}")
    return 0


def _fail(sentence: str) -> int:
    print(f"ginrummy-server: error: {sentence}", file=sys.stderr)
    return 1
