"""Every screen of the web client at 360x640 (phone, portrait), 844x390 (a 390x844 phone in
landscape) and 1280x800 (a desktop browser): no horizontal scrolling and every control at least
44 px, on a real server with a desktop-client player. On the way it exercises what a phone player
does besides playing: join a table from the lobby, friends and presence, private messages both
ways, the rankings, Resign, and a reconnect after the connection drops mid-game.

With GINRUMMY_WRITE_SCREENSHOTS=1 the screens are written to docs/screenshots/web-*.png."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.online_servers import unique_username
from tests.test_web_client import PASSWORD, play_one_step, sign_up
from tests.web_browser import (
    DesktopPlayer,
    chromium,
    press,
    received_stanzas,
    running_server,
    tap,
    wait_for,
)

SIZES = {"360x640": (360, 640, True), "844x390": (844, 390, True),
         "1280x800": (1280, 800, False)}
SHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server():
    with running_server() as running:
        yield running


def _players(server, count: int) -> list[DesktopPlayer]:
    players = [DesktopPlayer(server, unique_username(f"desk{i}"), PASSWORD) for i in range(count)]
    for player in players:
        player.sign_up()
    return players


def _look(driver, name: str, tmp_path: Path) -> None:
    """Show the screen at each size: check it, and keep a PNG of it. (A control inside a
    label is measured with its label: tapping the label works it.)"""
    write = os.environ.get("GINRUMMY_WRITE_SCREENSHOTS") == "1"
    for size, (width, height, mobile) in SIZES.items():
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": mobile})
        driver.execute_script("window.dispatchEvent(new Event('resize'))")
        time.sleep(0.4)  # the table redraws its cards for the new size (100 ms after a resize)
        overflow = driver.execute_script(
            "return document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{name} at {size} scrolls sideways by {overflow} px"
        small = driver.execute_script("""
            return [...document.querySelectorAll('button, input, select')]
              .filter(e => !e.disabled && e.offsetParent !== null)
              .map(e => [e.outerHTML.slice(0, 80),
                         (e.closest('label') || e).getBoundingClientRect()])
              .filter(([, r]) => r.width < 43.5 || r.height < 43.5)
              .map(([html, r]) => `${html} ${Math.round(r.width)}x${Math.round(r.height)}`)""")
        assert small == [], f"{name} at {size}: targets under 44 px: {small}"
        target = (SHOTS if write else tmp_path) / f"web-{name}-{size}.png"
        driver.save_screenshot(str(target))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})


def _wait_text(driver, text: str, timeout: float = 30) -> None:
    from selenium.webdriver.common.by import By

    wait_for(lambda: text in driver.find_element(By.ID, "app").text, timeout, repr(text))


def test_every_screen_at_three_sizes(server, tmp_path, tcp_proxy):
    from selenium.webdriver.common.by import By

    rival, other = _players(server, 2)
    network = tcp_proxy(server.ports.web)  # the phone's network path, to cut mid-game
    url = f"http://{server_domain()}:{network.port}/"
    phone = chromium()
    try:
        # A rated game between two desktop players, so the rankings have rows.
        table = rival.run(rival.client.create_table("gin", target=25, clock=60))
        other.run(other.client.join_table(table))
        wait_for(lambda: rival.finished(table), 120, "the desktop players' rated game")

        phone.get(url)
        wait_for(lambda: phone.find_element(By.ID, "user"), 20, "the sign-in form")
        _look(phone, "signin", tmp_path)
        me = unique_username("phone")
        sign_up(phone, url, me)

        # Lobby: the room chat and a desktop player's open table.
        room = f'from="gin@conference.{server_domain()}/{me}"'
        wait_for(lambda: any(room in text for text in received_stanzas(phone)), 30,
                 "the phone in the lobby room")
        rival.run(rival.client.join_lobby("gin"))
        rival.call(rival.client.say, "gin", "anyone for a game? table open")
        gin_table = rival.run(rival.client.create_table("gin", clock=90))
        _wait_text(phone, "anyone for a game?")
        wait_for(lambda: phone.find_elements(By.CSS_SELECTOR, f'[data-table="{gin_table}"]'),
                 30, "the open table in the lobby")
        _look(phone, "lobby", tmp_path)
        press(phone, By.ID, "create-table")
        _look(phone, "create-table", tmp_path)
        press(phone, By.XPATH, "//dialog//button[text()='Cancel']")

        # Friends: a request from the desktop player, accepted on the phone; presence shows.
        rival.client.on("subscribe", lambda asked: rival.client.approve_friend(asked["from"]))
        rival.call(rival.client.add_friend, f"{me}@{server_domain()}")
        press(phone, By.CSS_SELECTOR, '[data-tab="friends"]')
        press(phone, By.XPATH, "//button[text()='Accept']", timeout=30)
        wait_for(lambda: phone.find_elements(By.CSS_SELECTOR, ".dot.online"), 30,
                 "the friend shown online")
        _look(phone, "friends", tmp_path)

        # Messages both ways.
        rival.call(rival.client.send_private, f"{me}@{server_domain()}", "good game earlier!")
        wait_for(lambda: "Messages (1)" in phone.find_element(By.CSS_SELECTOR,
                 '[data-tab="messages"]').text, 30, "the unread count")
        press(phone, By.CSS_SELECTOR, '[data-tab="messages"]')
        _wait_text(phone, "good game earlier!")
        received: list[dict] = []
        rival.client.on("private", received.append)
        line = phone.find_element(By.CSS_SELECTOR, '.messages input')
        line.send_keys("thanks, again?")
        press(phone, By.CSS_SELECTOR, ".messages button[type='submit']")
        wait_for(lambda: received, 30, "the phone's message at the desktop")
        assert received[0]["text"] == "thanks, again?" and received[0]["from"].startswith(me)
        _look(phone, "messages", tmp_path)

        # Rankings: the two desktop players' rated game.
        press(phone, By.CSS_SELECTOR, '[data-tab="rankings"]')
        wait_for(lambda: phone.find_elements(By.CSS_SELECTOR, ".rankings tbody tr"), 30,
                 "the leaderboard rows")
        _look(phone, "rankings", tmp_path)

        # Join the desktop player's gin table from the lobby; play to the phone's discard.
        press(phone, By.CSS_SELECTOR, '[data-tab="lobby"]')
        press(phone, By.CSS_SELECTOR, f'[data-table="{gin_table}"]')
        dragged = [True]
        wait_for(lambda: play_one_step(phone, dragged) == "select to discard", 60,
                 "the phone's turn to discard")
        wait_for(lambda: phone.find_elements(By.CSS_SELECTOR, ".hand .card.selected"), 10,
                 "a selected card")
        _look(phone, "gin-table", tmp_path)

        # Resign: asked first, then the match is over for both.
        press(phone, By.CSS_SELECTOR, "button.resign")
        wait_for(lambda: phone.switch_to.alert, 10, "the question").accept()
        wait_for(lambda: phone.find_elements(By.CSS_SELECTOR, ".match-over"), 30,
                 "the match-over panel")
        assert wait_for(lambda: rival.finished(gin_table), 30, "match_end")["reason"] == \
            "resigned"
        _look(phone, "match-over", tmp_path)
        press(phone, By.XPATH, "//button[text()='Back to the lobby']")

        # Cribbage at the phone's table; a dropped connection comes back by itself.
        press(phone, By.CSS_SELECTOR, '[data-game="cribbage"]')
        press(phone, By.ID, "create-table")
        press(phone, By.ID, "create-confirm")
        crib = wait_for(lambda: [t["table"] for t in rival.run(
            rival.client.open_tables("cribbage")) if t["host"].startswith(me)], 30,
            "the phone's cribbage table")[0]
        rival.run(rival.client.join_table(crib))
        wait_for(lambda: phone.find_elements(By.CSS_SELECTOR, ".hand .card"), 60, "the deal")
        phone.execute_script("window.states = [];"
                             "window.ginrummy.conn.on('connection', s => window.states.push(s))")
        network.cut()
        try:
            wait_for(lambda: phone.execute_script("return window.states") == [
                "reconnecting", "online"], 60, "the connection lost, then back")
        except AssertionError:
            raise AssertionError((phone.execute_script("return window.states"),
                                  network.cuts_done, phone.get_log("browser")[-5:])) from None
        try:
            wait_for(lambda: play_one_step(phone, dragged) == "select to play", 90,
                     "the phone's turn in the play, after the reconnect")
        except AssertionError:
            phone.save_screenshot("/tmp/web-crib.png")
            raise AssertionError([t[:400] for t in received_stanzas(phone)[-6:]]) from None
        _look(phone, "cribbage-table", tmp_path)
        tap(phone, phone.find_element(By.CSS_SELECTOR, "button.resign"))
        wait_for(lambda: phone.switch_to.alert, 10, "the question").accept()
        wait_for(lambda: rival.finished(crib), 30, "the cribbage game's end")
    finally:
        phone.quit()
        for player in (rival, other):
            player.close()


def server_domain() -> str:
    from tests.web_browser import DOMAIN

    return DOMAIN
