"""For the web client's tests: a whole server from `ginrummy-server init` + `up`, Debian's
headless Chromium driven by selenium in a phone viewport with touch, and a desktop-client player
(the headless client with a built-in bot) on its own event loop in a thread."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ginrummy_desktop.online import launcher
from ginrummy_desktop.online.server_init import Layout, Ports
from tests.online_servers import _server_base, _unavailable, free_port

REPO = Path(__file__).resolve().parent.parent
DOMAIN = "cards.test"
CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
PHONE = {"width": 390, "height": 844, "pixelRatio": 2.0, "touch": True}
PHONE_AGENT = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
               "Chrome/126.0 Mobile Safari/537.36")


@dataclass
class WebServer:
    directory: Path
    ports: Ports

    @property
    def url(self) -> str:
        return f"http://{DOMAIN}:{self.ports.web}/"


@contextlib.contextmanager
def running_server() -> Iterator[WebServer]:
    """`ginrummy-server init` then `up` in a fresh directory, stopped by SIGTERM at the end.

    The tests' browser and desktop client both come from 127.0.0.1, so the rendered config's
    one-sign-up-per-address throttle is lifted here (as tests/online_servers.py does)."""
    if not launcher.ejabberd_installed():
        _unavailable("ejabberd is not installed (apt-get install ejabberd)")
    if os.geteuid() != 0:
        _unavailable("the tests run ejabberd as the ejabberd user, which needs root")
    base = Path(tempfile.mkdtemp(prefix="ginrummy-testsrv-web-", dir=_server_base()))
    base.chmod(0o755)
    directory = base / "server"
    ports = Ports(c2s=free_port(), web=free_port(), component=free_port(), admin=free_port())
    env = dict(os.environ, PYTHONPATH=str(REPO))
    command = [sys.executable, "-m", "ginrummy_desktop.online.server"]
    subprocess.run([*command, "init", "--domain", DOMAIN, "--dir", str(directory),
                    *(f"--{name}-port={port}" for name, port in vars(ports).items())],
                   check=True, env=env, capture_output=True)
    config = Layout(directory).ejabberd_config
    config.write_text(re.sub(r"registration_timeout: \d+", "registration_timeout: infinity",
                             config.read_text()))
    up = subprocess.Popen([*command, "up", "--dir", str(directory)], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          start_new_session=True)
    try:
        deadline = time.monotonic() + 150
        assert up.stdout is not None
        while "Press Ctrl+C" not in (line := up.stdout.readline()):
            if not line or time.monotonic() > deadline:
                raise RuntimeError(f"`ginrummy-server up` did not start: {line}")
        yield WebServer(directory, ports)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(up.pid, signal.SIGTERM)
        up.wait(60)
        shutil.rmtree(base, ignore_errors=True)


def chromium(width: int = 390, height: int = 844, phone: bool = True) -> Any:
    """Headless Debian Chromium; a phone (touch, mobile agent) or a desktop browser window."""
    if not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)):
        _unavailable("chromium and chromium-driver are not installed "
                     "(apt-get install chromium chromium-driver)")
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", f"--host-resolver-rules=MAP {DOMAIN} 127.0.0.1",
                     "--hide-scrollbars", f"--window-size={width},{height}"):
        options.add_argument(argument)
    if phone:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {**PHONE, "width": width, "height": height},
            "userAgent": PHONE_AGENT})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    if not phone:
        driver.set_window_size(width, height)
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
    return driver


def tap(driver: Any, element: Any) -> None:
    """A finger tap (touch pointer events), as on a phone."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    actions = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    actions.pointer_action.move_to(element).pointer_down().pause(0.02).pointer_up()
    actions.perform()


def press(driver: Any, by: str, value: str, timeout: float = 20) -> None:
    """Find and tap an element, again if the page redrew it in between (a stale element)."""
    from selenium.common.exceptions import StaleElementReferenceException

    def attempt() -> bool:
        try:
            tap(driver, driver.find_element(by, value))
            return True
        except StaleElementReferenceException:
            return False

    wait_for(attempt, timeout, f"{value} to be tapped")


def drag(driver: Any, element: Any, target: Any) -> None:
    """Press on ``element``, slide the finger to ``target`` and lift it."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    actions = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    finger = actions.pointer_action
    finger.move_to(element).pointer_down()
    for step in (0.25, 0.5, 0.75):
        finger.move_to(element, int((target.location["x"] - element.location["x"]) * step),
                       int((target.location["y"] - element.location["y"]) * step))
    finger.move_to(target).pointer_up()
    actions.perform()


def received_stanzas(driver: Any) -> list[str]:
    return list(driver.execute_script("return window.ginrummy.conn.received"))


def wait_for(condition: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(Exception):
            result = condition()
            if result:
                return result
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


class DesktopPlayer:
    """The desktop app's headless client with a bot, on an event loop of its own (a thread)."""

    def __init__(self, server: WebServer, user: str, password: str) -> None:
        from ginrummy_desktop.online.client import OnlineClient

        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.client = OnlineClient(f"{user}@{DOMAIN}", password, host="127.0.0.1",
                                   port=server.ports.c2s, verify_tls=False, record_stanzas=True)
        self.player: Any = None

    def run(self, coroutine: Any, timeout: float = 60) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def call(self, function: Callable[..., Any], *args: Any) -> Any:
        """Call a plain method of the client on its own event loop (slixmpp is not threadsafe)."""

        async def on_the_loop() -> Any:
            return function(*args)

        return self.run(on_the_loop())

    def sign_up(self) -> None:
        from ginrummy_desktop.online.bot_player import BotPlayer

        self.run(self.client.sign_up())
        self.player = BotPlayer(self.client, {"gin": "greedy", "cribbage": "greedy"})

    def finished(self, table: str) -> dict | None:
        return self.player.finished.get(table)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.run(self.client.disconnect(), timeout=10)
            self.run(asyncio.sleep(0.5))  # let the stream's own tasks finish first

        async def cancel_the_rest() -> None:
            current = asyncio.current_task()
            rest = [task for task in asyncio.all_tasks() if task is not current]
            for task in rest:
                task.cancel()
            await asyncio.gather(*rest, return_exceptions=True)

        with contextlib.suppress(Exception):
            self.run(cancel_the_rest(), timeout=10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
