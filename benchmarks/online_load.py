"""Load on the online service: N gin tables of bot-driven headless clients at once.

Two paces. ``--pace flat`` (the default): every seat answers as fast as its bot can, one whole
match per table (what the service does flat out). ``--pace people``: every seat answers 2-3 s
(``--think``) after its turn starts, as a person does, for ``--duration`` seconds of play per N;
the clients are spread over ``--procs`` worker processes, every client sits in the gin lobby
room and watches its open tables, and seats chat with their opponent now and then. That is the
load that sizes a server: see "People's pace" below.

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

People's pace prints the same round trips, the referee's and ejabberd's CPU per move over the
measured window (clock ticks, pings and lobby pushes included), memory per table (referee RSS)
and per connection (ejabberd RSS), and moves lost: moves a client saw accepted that are not in
the referee's database, plus moves never answered. The largest N is the largest with p95 under
100 ms and 0 lost.

    python3 benchmarks/online_load.py --pace people [--nodes 1|2] [--tables 50,100,200,500]
        [--procs 4] [--duration 60] [--think 2,3] [--client lean|app] [--keep-going] [--profile]

The clients are ``benchmarks/lean_xmpp.py``'s (``--client lean``, the default): the same XMPP
and referee protocol as the app at a small part of its cost, so the generator does not starve
what it measures; ``--client app`` uses the app's ``OnlineClient`` (slixmpp) for comparison.
Hosts open their tables and guests take them in waves of 16 per process, as people arrive.

``--pace cpu`` needs no server: one referee in this process, its stanzas handed straight in
(parsed from XML text, as they arrive) and its output written to nothing, plays ``--moves``
random legal gin moves and prints the CPU per move; ``--profile`` adds where the time goes
(cProfile, the functions with most cumulative time).

    python3 benchmarks/online_load.py --pace cpu [--moves 2000] [--profile]

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

sys.path.insert(0, str(ROOT / "benchmarks"))
from lean_xmpp import LeanClient  # noqa: E402

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


def per_move(step: Step | PacedStep, seconds: float) -> tuple[int, float, float, float]:
    """Moves, referee and XMPP server CPU milliseconds per move, and moves a second."""
    moves = len(step.latencies)
    cpu = 1000 * step.cpu_seconds / moves if moves else float("nan")
    xmpp = 1000 * step.xmpp_cpu_seconds / moves if moves else float("nan")
    return moves, cpu, xmpp, moves / seconds if seconds else float("nan")


def report_line(step: Step) -> str:
    moves, cpu, xmpp, rate = per_move(step, step.wall_seconds)
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


# --------------------------------------------------------------------------- people's pace

def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def tree_pids(pid: int) -> list[int]:
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return [pid]
    return [pid] + [p for child in children for p in tree_pids(int(child))]


def tree_rss_kib(pid: int) -> int:
    return sum(rss_kib(p) for p in tree_pids(pid))


def moves_stored(database: Path) -> dict[str, int]:
    """Moves per table in the referee's database (read beside it: SQLite in WAL mode)."""
    import sqlite3

    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        return dict(db.execute("SELECT table_id, COUNT(*) FROM moves GROUP BY table_id"))


@dataclass
class WorkerJob:
    """What one client process does: ``tables`` tables, hosts on one node, guests on another."""

    domain: str
    component: str
    muc_domain: str
    host_port: int
    guest_port: int
    tables: int
    think: tuple[float, float]
    duration: float
    chat_every: int
    seed: int
    client: str = "lean"  # "lean": benchmarks/lean_xmpp.py; "app": the app's OnlineClient
    profile: str = ""  # where to write cProfile's stats of the play window (event-loop thread)


async def paced_worker(job: WorkerJob) -> dict:
    """Sign up, sit in the lobby, say ready; on "go" play at a person's pace, then report."""
    import random

    rng = random.Random(job.seed)
    loop = asyncio.get_running_loop()

    def client(port: int) -> OnlineClient:
        kind = LeanClient if job.client == "lean" else OnlineClient
        return kind(f"{unique_username('pace')}@{job.domain}", PASSWORD,  # type: ignore[return-value]
                    host="127.0.0.1", port=port, referee=job.component,
                    muc_domain=job.muc_domain, verify_tls=False,
                    resource=f"r{secrets.token_hex(2)}")

    rss_before = rss_kib(os.getpid())  # the interpreter and its imports: not the clients'
    hosts = [client(job.host_port) for _ in range(job.tables)]
    guests = [client(job.guest_port) for _ in range(job.tables)]
    clients = hosts + guests
    for index in range(0, len(clients), 8):  # sign-ups in small waves: TLS + SCRAM cost CPU
        await asyncio.gather(*(c.sign_up(timeout=120) for c in clients[index:index + 8]))
    lobby_refused = 0
    for index in range(0, len(clients), 16):  # in the lobby room, watching its open tables
        joined = await asyncio.gather(*(c.join_lobby("gin") for c in clients[index:index + 16]),
                                      return_exceptions=True)
        lobby_refused += sum(isinstance(result, BaseException) for result in joined)
        await asyncio.gather(*(c.open_tables("gin") for c in clients[index:index + 16]))
    rss = rss_kib(os.getpid()) - rss_before
    print("ready", flush=True)
    await loop.run_in_executor(None, sys.stdin.readline)  # "go"
    cpu_before = time.process_time()  # this process's CPU, all threads (the bots think in some)
    profiler = None
    if job.profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()

    latencies: list[float] = []
    acked: dict[str, int] = {}
    counts = {"unanswered": 0, "refused": 0, "chats": 0, "lobby_refused": lobby_refused,
              "unseated": 0}
    stopped = asyncio.Event()

    def paced(player: OnlineClient) -> None:
        original = player.move

        async def move(table: str, action: dict, seq: int | None = None) -> int:
            await asyncio.sleep(rng.uniform(*job.think))  # a person thinking
            if stopped.is_set():
                await asyncio.Event().wait()  # the window is over: this seat stops playing
            if job.chat_every and rng.randrange(job.chat_every) == 0:
                others = [p for p in player.states[table]["players"] if p != player.username]
                if others and others[0]:
                    player.send_private(f"{others[0]}@{job.domain}", "nice move, good luck")
                    counts["chats"] += 1
            started = time.perf_counter()
            try:
                result = await original(table, action, seq=seq)
            except RequestRefused as error:
                counts["unanswered" if "did not answer" in error.reason else "refused"] += 1
                raise
            latencies.append(time.perf_counter() - started)
            acked[table] = acked.get(table, 0) + 1
            return result

        player.move = move  # type: ignore[method-assign]

    for index, player in enumerate(clients):
        BotPlayer(player, BOTS, seed=job.seed * 100_000 + index)
        paced(player)
    # People sit down over a few seconds, not all at once: a wave of 16 hosts open their
    # tables and their guests take them at once, so only a few tables are open at a time (as in
    # a lobby at people's pace; every open table is in the list pushed to every watcher).
    for index in range(0, len(hosts), 16):
        opened = await asyncio.gather(*(h.create_table("gin", target=500, clock=60, rated=False)
                                        for h in hosts[index:index + 16]),
                                      return_exceptions=True)
        joined = await asyncio.gather(*(g.join_table(t) for g, t in
                                        zip(guests[index:index + 16], opened, strict=True)
                                        if isinstance(t, str)), return_exceptions=True)
        counts["unseated"] += sum(isinstance(result, BaseException)
                                  for result in [*opened, *joined])
    await asyncio.sleep(job.duration)
    stopped.set()
    await asyncio.sleep(job.think[1] + 10.0)  # every move sent before the stop is answered
    cpu = time.process_time() - cpu_before
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(job.profile)
    await asyncio.gather(*(c.disconnect() for c in clients), return_exceptions=True)
    from lean_xmpp import BAD_EVENTS

    return {"latencies": latencies, "acked": acked, "cpu_seconds": cpu, "rss_kib": rss,
            "bad_events": BAD_EVENTS, **counts}


def run_worker(job_json: str) -> int:
    import json

    job = WorkerJob(**json.loads(job_json))
    job.think = tuple(job.think)  # type: ignore[assignment]
    result = asyncio.run(paced_worker(job))
    print("result " + json.dumps(result), flush=True)
    return 0


@dataclass
class PacedStep:
    tables: int
    latencies: list[float] = field(default_factory=list)
    acked: dict[str, int] = field(default_factory=dict)
    unanswered: int = 0
    refused: int = 0
    chats: int = 0
    lobby_refused: int = 0
    unseated: int = 0  # joins the referee did not answer in time: those tables never played
    lost: int = 0
    cpu_seconds: float = 0.0
    xmpp_cpu_seconds: float = 0.0
    wall_seconds: float = 0.0
    play_seconds: float = 0.0
    referee_kib_per_table: float = 0.0
    xmpp_kib_per_connection: float = 0.0
    client_cpu_seconds: float = 0.0  # the client processes' CPU over the same window
    client_kib_per_client: float = 0.0  # the client processes' RSS growth from signing in
    setup_seconds: float = 0.0  # signing the 2N clients up and seating them in the lobby room
    bad_events: dict[str, int] = field(default_factory=dict)  # referee events off the schema

    def percentile(self, p: float) -> float:
        return Step.percentile(self, p)  # type: ignore[arg-type]


def run_paced_step(nodes: list[XmppServer], referee_pid: int, database: Path, tables: int,
                   args: argparse.Namespace) -> PacedStep:
    import json

    step = PacedStep(tables, play_seconds=args.duration)
    procs = max(1, min(args.procs, tables))
    shares = [tables // procs + (1 if i < tables % procs else 0) for i in range(procs)]
    xmpp_pids = [node.pid for node in nodes]
    xmpp_rss_before = sum(tree_rss_kib(pid) for pid in xmpp_pids)
    setup_started = time.perf_counter()
    workers = []
    for index, share in enumerate(shares):
        job = WorkerJob(nodes[0].domain, nodes[0].component_name, nodes[0].muc_domain,
                        nodes[0].c2s_port, nodes[-1].c2s_port, share, args.think,
                        args.duration, args.chat_every, seed=tables * 100 + index,
                        client=args.client,
                        profile=str(database.parent / "client.prof")
                        if args.profile and index == 0 else "")
        workers.append(subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--worker",
             json.dumps(job.__dict__)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True, cwd=ROOT))
    try:
        for worker in workers:
            assert worker.stdout is not None
            line = worker.stdout.readline()
            if line.strip() != "ready":
                raise RuntimeError(f"a client process failed to start: {line!r}")
        step.setup_seconds = time.perf_counter() - setup_started
        connections = 2 * tables
        step.xmpp_kib_per_connection = (sum(tree_rss_kib(pid) for pid in xmpp_pids)
                                        - xmpp_rss_before) / connections
        referee_rss_before = rss_kib(referee_pid)
        cpu_before, started = process_cpu_seconds(referee_pid), time.perf_counter()
        xmpp_before = sum(process_tree_cpu_seconds(pid) for pid in xmpp_pids)
        for worker in workers:
            assert worker.stdin is not None
            worker.stdin.write("go\n")
            worker.stdin.flush()
        time.sleep(min(args.duration, 20.0))  # every table seated and playing
        step.referee_kib_per_table = (rss_kib(referee_pid) - referee_rss_before) / tables
        for worker in workers:
            assert worker.stdout is not None
            line = worker.stdout.readline()
            while line and not line.startswith("result "):
                line = worker.stdout.readline()
            if not line:
                raise RuntimeError("a client process died before reporting")
            result = json.loads(line[len("result "):])
            step.latencies += result["latencies"]
            step.acked.update(result["acked"])
            step.unanswered += result["unanswered"]
            step.refused += result["refused"]
            step.chats += result["chats"]
            step.lobby_refused += result["lobby_refused"]
            step.unseated += result["unseated"]
            step.client_cpu_seconds += result["cpu_seconds"]
            for reason, count in result["bad_events"].items():
                step.bad_events[reason] = step.bad_events.get(reason, 0) + count
            step.client_kib_per_client += result["rss_kib"] / (2 * tables)
        step.wall_seconds = time.perf_counter() - started
        step.cpu_seconds = process_cpu_seconds(referee_pid) - cpu_before
        step.xmpp_cpu_seconds = sum(process_tree_cpu_seconds(p) for p in xmpp_pids) - xmpp_before
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.kill()
            worker.wait()
    stored = moves_stored(database)
    step.lost = step.unanswered + sum(max(0, n - stored.get(t, 0)) for t, n in step.acked.items())
    time.sleep(2.0)  # let the streams close before the next step
    return step


def paced_line(step: PacedStep) -> str:
    moves, cpu, xmpp, rate = per_move(step, step.play_seconds)
    clients = 1000 * step.client_cpu_seconds / moves if moves else float("nan")
    return (f"| {step.tables:>4} | {2 * step.tables:>5} | {moves:>6} | {rate:6.1f} | "
            f"{step.percentile(50):6.1f} | {step.percentile(95):6.1f} | "
            f"{step.percentile(99):6.1f} | {cpu:5.2f} | {xmpp:5.2f} | {clients:5.2f} | "
            f"{step.referee_kib_per_table:7.0f} | {step.xmpp_kib_per_connection:7.0f} | "
            f"{step.client_kib_per_client:6.0f} | "
            f"{step.chats:>5} | {step.lobby_refused:>4} | {step.unseated:>4} | {step.lost:>4} | "
            f"{step.refused:>4} | {step.setup_seconds:5.0f} |")


def main_paced(args: argparse.Namespace) -> int:
    nodes = start_ejabberd_nodes(args.nodes)
    work = Path(tempfile.mkdtemp(prefix="ginrummy-load-"))
    referee = start_referee(nodes[0], work)
    best: int | None = None
    try:
        time.sleep(2.0)
        if referee.poll() is not None:
            print((work / "referee.log").read_text(), file=sys.stderr)
            return 1
        load = "/".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"online_load --pace people: {args.nodes} ejabberd node(s), 1 referee (SQLite), "
              f"gin, greedy bots answering {args.think[0]:g}-{args.think[1]:g} s after their "
              f"turn, {args.duration:g} s of play per N, {args.client} clients in "
              f"{args.procs} processes, "
              f"all in the lobby room, a chat line every ~{args.chat_every} moves; "
              f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {platform.node()}, "
              f"{os.cpu_count()} cores, load average {load}, Python {platform.python_version()}")
        print("| N tables | players | moves | moves/s | p50 ms | p95 ms | p99 ms "
              "| referee CPU ms/move | ejabberd CPU ms/move | clients CPU ms/move "
              "| referee KiB/table | ejabberd KiB/connection | client KiB/client | chats "
              "| not in lobby | joins unanswered | lost | refused | setup s |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        for tables in args.tables:
            step = run_paced_step(nodes, referee.pid, work / "service.db", tables, args)
            print(paced_line(step), flush=True)
            for reason, count in step.bad_events.items():
                print(f"  N={tables}: {count} events from the referee ignored as off the "
                      f"protocol's schema: {reason}", file=sys.stderr)
            if args.profile:  # where the first client process's event loop spent its time
                import pstats

                pstats.Stats(str(work / "client.prof"), stream=sys.stderr).sort_stats(
                    "tottime").print_stats(25)
            if step.percentile(95) < P95_BUDGET_MS and step.lost == 0 and not step.unseated:
                best = tables if best is None or tables > best else best
            elif not args.keep_going:
                break
        print(f"largest N with p95 < {P95_BUDGET_MS:.0f} ms and 0 lost: "
              f"{best if best else 'none'}; load average after "
              f"{'/'.join(f'{x:.1f}' for x in os.getloadavg())}")
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


# --------------------------------------------------------------------------- referee CPU alone

async def referee_cpu(moves: int) -> list[float]:
    """CPU seconds of each of ``moves`` random legal gin moves handled by a lone referee."""
    import random

    from slixmpp import JID
    from slixmpp.stanza import Iq
    from slixmpp.xmlstream import ET

    from ginrummy_desktop.engine.wire import action_to_wire
    from ginrummy_desktop.online import protocol
    from ginrummy_desktop.online.config import config_from_dict
    from ginrummy_desktop.online.referee import Referee
    from ginrummy_desktop.online.service_store import ServiceStore

    domain = "load.test"
    work = Path(tempfile.mkdtemp(prefix="ginrummy-cpu-"))
    config = config_from_dict({
        "xmpp": {"domain": domain, "component": f"referee.{domain}", "secret": "s", "port": 1},
        "database": {"url": f"sqlite:///{work / 'service.db'}"},
        "limits": {"request": [1e9, 10**9]}})
    store = ServiceStore(config.database_url)
    referee = Referee(config, store)
    referee.send = lambda data, use_filters=True: str(data)  # type: ignore[method-assign]
    referee.send_raw = lambda data: None  # type: ignore[method-assign]
    for user in ("alice", "bob"):  # both signed in (the presence handler takes a mapping)
        referee._on_available({"from": JID(f"{user}@{domain}/r")})
    rng, costs, table = random.Random(1), [], None
    try:
        for number in range(moves):
            if table is None or table.id not in referee.tables:
                table = referee.create_table("alice", "gin", {"preset": "classic", "clock": 60,
                                                              "target": 100}, rated=True)
                referee.seat_guest(table, "bob")
            seat = table.to_move()
            action = rng.choice(table.match.legal_actions(seat))
            payload = protocol.encode({"table": table.id, "seq": table.seq,
                                       "action": action_to_wire(action)})
            text = (f"<iq xmlns='jabber:component:accept' type='set' id='m{number}' "
                    f"from='{table.players[seat]}@{domain}/r' to='referee.{domain}'>"
                    f"<game xmlns='{protocol.NAMESPACE}' type='move'>{payload}</game></iq>")
            started = time.process_time()
            await referee._on_request(Iq(referee, ET.fromstring(text)))
            costs.append(time.process_time() - started)
    finally:
        store.close()
        shutil.rmtree(work, ignore_errors=True)
    return costs


def main_cpu(args: argparse.Namespace) -> int:
    load = "/".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"online_load --pace cpu: {args.moves} random legal gin moves through one referee "
          f"(SQLite), no XMPP server; {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, "
          f"{platform.node()}, load average {load}, Python {platform.python_version()}")
    costs = sorted(asyncio.run(referee_cpu(args.moves)))
    mean = 1000 * sum(costs) / len(costs)
    print(f"referee CPU per move: mean {mean:.3f} ms, p50 {1000 * costs[len(costs) // 2]:.3f} "
          f"ms, p95 {1000 * costs[int(0.95 * len(costs))]:.3f} ms")
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.enable()
        asyncio.run(referee_cpu(args.moves))
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)
    return 0


def main() -> int:
    # slixmpp leaves stream tasks pending at sign-out; asyncio would log each one.
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    if len(sys.argv) == 3 and sys.argv[1] == "--worker":
        return run_worker(sys.argv[2])
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pace", choices=("flat", "people", "cpu"), default="flat")
    parser.add_argument("--moves", type=int, default=2000, help="moves played (cpu)")
    parser.add_argument("--profile", action="store_true",
                        help="where the time goes (cpu; people: the first client process)")
    parser.add_argument("--nodes", type=int, choices=(1, 2), default=1)
    parser.add_argument("--tables", type=lambda s: [int(n) for n in s.split(",")],
                        default=None)
    parser.add_argument("--target", type=int, default=100, help="gin match target (points)")
    parser.add_argument("--timeout", type=float, default=240.0, help="seconds per step")
    parser.add_argument("--procs", type=int, default=4, help="client processes (people)")
    parser.add_argument("--duration", type=float, default=60.0,
                        help="seconds of play measured per N (people)")
    parser.add_argument("--think", type=lambda s: tuple(float(x) for x in s.split(",")),
                        default=(2.0, 3.0), help="a seat's answer time, min,max s (people)")
    parser.add_argument("--chat-every", type=int, default=10,
                        help="a seat chats before about one move in this many (people)")
    parser.add_argument("--keep-going", action="store_true",
                        help="measure every N even after one missed the budget (people)")
    parser.add_argument("--client", choices=("lean", "app"), default="lean",
                        help="the load generator's XMPP client (people): lean "
                             "(benchmarks/lean_xmpp.py) or the app's OnlineClient (slixmpp)")
    args = parser.parse_args()
    if args.pace == "cpu":
        return main_cpu(args)
    if args.pace == "people":
        args.tables = args.tables or [50, 100, 200, 500]
        return main_paced(args)
    args.tables = args.tables or [1, 2, 4, 8, 16, 32]
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    raise SystemExit(main())
