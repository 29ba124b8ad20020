"""Load on the online service: N gin tables of bot-driven headless clients at once.

One private ejabberd (or a two-node cluster with ``--nodes 2``: hosts on node 1, guests on
node 2) and one referee process (``ginrummy-server``, SQLite) on loopback, as the test fixtures
start them. For each N in ``--tables`` it signs up 2N new accounts, seats them in pairs at N
tables and lets built-in bots play one whole match per table, all tables at the same time. It
prints, per N:

- move round trip: from a client sending a move to the referee's answer (client -> XMPP server
  -> referee, checked and stored -> XMPP server -> client), p50/p95/p99 in ms;
- referee CPU per move (user+system time of the referee process / moves answered), and the
  same for the ejabberd node(s);
- matches completed, and moves lost: moves the referee answered that are missing from the hand
  records, plus moves never answered (must be 0);
- and at the end the largest N whose p95 stayed under 100 ms.

The rate limit on requests is raised for the run (capacity, not flood control, is measured).
Needs root (the servers run as their own users) and Debian's ejabberd.

    python3 benchmarks/online_load.py [--nodes 1|2] [--tables 1,2,4,8,16] [--target 100]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import platform
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ginrummy_desktop.online.bot_player import BotPlayer  # noqa: E402
from ginrummy_desktop.online.client import OnlineClient, RequestRefused  # noqa: E402
from tests.online_servers import XmppServer, start_ejabberd_nodes, unique_username  # noqa: E402

PASSWORD = "load test passphrase 42"
BOTS = {"gin": "greedy", "cribbage": "greedy"}
P95_BUDGET_MS = 100.0
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Step:
    tables: int
    latencies: list[float] = field(default_factory=list)
    answered: dict[str, int] = field(default_factory=dict)  # table -> moves the referee took
    unanswered: int = 0
    refused: int = 0
    completed: int = 0
    recorded: int = 0
    lost: int = 0
    cpu_seconds: float = 0.0
    xmpp_cpu_seconds: float = 0.0
    wall_seconds: float = 0.0

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies)
        if not ordered:
            return float("nan")
        return 1000 * ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def process_cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # utime + stime


def process_tree_cpu_seconds(pid: int) -> float:
    """CPU of ``pid`` and its live descendants (ejabberdctl's child is the Erlang VM)."""
    total = process_cpu_seconds(pid)
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return total
    return total + sum(process_tree_cpu_seconds(int(child)) for child in children)


def start_referee(server: XmppServer, directory: Path) -> subprocess.Popen:
    config = directory / "server.toml"
    config.write_text(f"""\
[xmpp]
domain = "{server.domain}"
component = "{server.component_name}"
secret = "{server.component_secret}"
host = "{server.host}"
port = {server.component_port}
muc_domain = "{server.muc_domain}"

[database]
url = "sqlite:///{directory / 'service.db'}"

[limits]
request = [600000, 100000]
""")
    with open(directory / "referee.log", "wb") as log:
        return subprocess.Popen(
            [sys.executable, "-m", "ginrummy_desktop.online.server", "--config", str(config),
             "--log-level", "WARNING"],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)})


def timed(client: OnlineClient, step: Step) -> None:
    """Measure every move the client's bot sends, and count answers per table."""
    original = client.move

    async def move(table: str, action: dict, seq: int | None = None) -> int:
        started = time.perf_counter()
        try:
            result = await original(table, action, seq=seq)
        except RequestRefused as error:
            if "did not answer" in error.reason:
                step.unanswered += 1
            else:
                step.refused += 1
            raise
        step.latencies.append(time.perf_counter() - started)
        step.answered[table] = step.answered.get(table, 0) + 1
        return result

    client.move = move  # type: ignore[method-assign]


def client_for(server: XmppServer, port: int) -> OnlineClient:
    return OnlineClient(f"{unique_username('load')}@{server.domain}", PASSWORD, host=server.host,
                        port=port, referee=server.component_name, muc_domain=server.muc_domain,
                        verify_tls=False, resource=f"r{secrets.token_hex(2)}")


async def run_step(nodes: list[XmppServer], referee_pid: int, tables: int, target: int,
                   timeout: float) -> Step:
    step = Step(tables)
    hosts = [client_for(nodes[0], nodes[0].c2s_port) for _ in range(tables)]
    guests = [client_for(nodes[-1], nodes[-1].c2s_port) for _ in range(tables)]
    clients = hosts + guests
    for index in range(0, len(clients), 8):  # sign-ups in small waves: TLS + SCRAM cost CPU
        await asyncio.gather(*(c.sign_up() for c in clients[index:index + 8]))
    players = {c: BotPlayer(c, BOTS, seed=i) for i, c in enumerate(clients)}
    for client in clients:
        timed(client, step)
    cpu_before, started = process_cpu_seconds(referee_pid), time.perf_counter()
    xmpp_before = sum(process_tree_cpu_seconds(node.pid) for node in nodes)
    table_ids = await asyncio.gather(*(h.create_table("gin", target=target, clock=60)
                                       for h in hosts))
    await asyncio.gather(*(g.join_table(t) for g, t in zip(guests, table_ids, strict=True)))
    results = await asyncio.gather(
        *(players[h].wait_finished(t, timeout) for h, t in zip(hosts, table_ids, strict=True)),
        return_exceptions=True)
    step.wall_seconds = time.perf_counter() - started
    step.cpu_seconds = process_cpu_seconds(referee_pid) - cpu_before
    step.xmpp_cpu_seconds = sum(process_tree_cpu_seconds(n.pid) for n in nodes) - xmpp_before
    await asyncio.sleep(0.5)  # the guests' last hand_end events
    for host, table, result in zip(hosts, table_ids, results, strict=True):
        if isinstance(result, BaseException):
            continue
        step.completed += 1
        recorded = sum(len(r["actions"]) for r in players[host].hand_records.get(table, []))
        step.recorded += recorded
        step.lost += max(0, step.answered.get(table, 0) - recorded)
    step.lost += step.unanswered
    await asyncio.gather(*(c.disconnect() for c in clients), return_exceptions=True)
    await asyncio.sleep(1.0)  # let the streams close before the next step
    return step


def report_line(step: Step) -> str:
    moves = len(step.latencies)
    cpu = 1000 * step.cpu_seconds / moves if moves else float("nan")
    xmpp = 1000 * step.xmpp_cpu_seconds / moves if moves else float("nan")
    rate = moves / step.wall_seconds if step.wall_seconds else float("nan")
    return (f"| {step.tables:>3} | {step.completed:>3}/{step.tables:<3} | {moves:>6} | "
            f"{rate:6.0f} | "
            f"{step.percentile(50):6.1f} | {step.percentile(95):6.1f} | "
            f"{step.percentile(99):6.1f} | {cpu:5.2f} | {xmpp:5.2f} | {step.lost:>4} | "
            f"{step.refused:>4} | {step.wall_seconds:6.1f} |")


async def main_async(args: argparse.Namespace) -> int:
    nodes = start_ejabberd_nodes(args.nodes)
    work = Path(tempfile.mkdtemp(prefix="ginrummy-load-"))
    referee = start_referee(nodes[0], work)
    best: int | None = None
    try:
        await asyncio.sleep(1.0)
        if referee.poll() is not None:
            print((work / "referee.log").read_text(), file=sys.stderr)
            return 1
        load = "/".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"online_load: {args.nodes} ejabberd node(s), 1 referee (SQLite), gin to "
              f"{args.target}, greedy bots; {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, "
              f"{platform.node()}, {os.cpu_count()} cores, load average {load}, "
              f"Python {platform.python_version()}")
        print("| N | matches | moves | moves/s | p50 ms | p95 ms | p99 ms "
              "| referee CPU ms/move | ejabberd CPU ms/move | lost | refused | wall s |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for tables in args.tables:
            step = await run_step(nodes, referee.pid, tables, args.target, args.timeout)
            print(report_line(step), flush=True)
            if step.percentile(95) < P95_BUDGET_MS and step.completed == tables:
                best = tables
            else:
                break
        print(f"largest N with p95 < {P95_BUDGET_MS:.0f} ms: {best if best else 'none'}")
        return 0
    finally:
        referee.terminate()
        try:
            referee.wait(20)
        except subprocess.TimeoutExpired:
            referee.kill()
            referee.wait()
        for node in reversed(nodes):
            node.stop()
        shutil.rmtree(work, ignore_errors=True)


def main() -> int:
    # slixmpp leaves stream tasks pending at sign-out; asyncio would log each one.
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nodes", type=int, choices=(1, 2), default=1)
    parser.add_argument("--tables", type=lambda s: [int(n) for n in s.split(",")],
                        default=[1, 2, 4, 8, 16, 32])
    parser.add_argument("--target", type=int, default=100, help="gin match target (points)")
    parser.add_argument("--timeout", type=float, default=240.0, help="seconds per step")
    args = parser.parse_args()
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    raise SystemExit(main())
