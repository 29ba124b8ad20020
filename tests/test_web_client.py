"""The web client end to end, on a server from `ginrummy-server init` + `up`: Debian's headless
Chromium in a 390x844 phone viewport with touch signs up, quick-matches a desktop-client player
(the headless client with a bot) and both finish a gin match; then a 61-point cribbage game at a
table the phone creates. The phone plays with taps (and one drag) on what the referee sent; every
stanza the browser received is checked to hold no card it may not yet know."""

from __future__ import annotations

import json
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.online_harness import leaked_cards
from tests.online_servers import unique_username
from tests.web_browser import (
    DesktopPlayer,
    chromium,
    drag,
    press,
    received_stanzas,
    running_server,
    tap,
    wait_for,
)

PASSWORD = "correct horse battery"
MATCH_TIMEOUT = 600  # seconds: a whole gin match to 100 by taps on a busy machine

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server():
    with running_server() as running:
        yield running


@pytest.fixture
def phone():
    driver = chromium()
    yield driver
    driver.quit()


@pytest.fixture
def desktop(server):
    player = DesktopPlayer(server, unique_username("desk"), PASSWORD)
    player.sign_up()
    yield player
    player.close()


def sign_up(driver, url: str, user: str) -> None:
    from selenium.webdriver.common.by import By

    if driver.current_url != url:
        driver.get(url)
    wait_for(lambda: driver.find_element(By.ID, "user"), 20, "the sign-in form")
    driver.find_element(By.ID, "user").send_keys(user)
    driver.find_element(By.ID, "password").send_keys(PASSWORD)
    press(driver, By.ID, "create")
    wait_for(lambda: driver.find_element(By.ID, "quick"), 30, "the lobby after signing up")


def _enabled(driver, selector: str):
    from selenium.webdriver.common.by import By

    for element in driver.find_elements(By.CSS_SELECTOR, selector):
        if element.is_enabled() and element.is_displayed():
            return element
    return None


def play_one_step(driver, dragged: list[bool]) -> str:
    """One decision by taps, from what the page shows: the legal actions are its enabled
    buttons; the card to let go is a deadwood card (outside the meld bands), highest first."""
    from selenium.webdriver.common.by import By

    for kind in ("draw_stock", "go"):
        button = _enabled(driver, f'.actions [data-kind="{kind}"]')
        if button is not None:
            tap(driver, button)
            return kind
    for kind in ("pass", "cut"):
        button = _enabled(driver, f'.actions [data-kind="{kind}"]')
        if button is not None:
            tap(driver, button)
            return kind
    hand = driver.find_elements(By.CSS_SELECTOR, ".hand .card")
    if not hand:
        return "no hand"
    lay_away = driver.find_elements(By.CSS_SELECTOR, '.actions [data-kind="discard"]')
    if lay_away and "crib" in lay_away[0].text:  # cribbage: two cards to the crib
        chosen = driver.find_elements(By.CSS_SELECTOR, ".hand .card.selected")
        if len(chosen) < 2:
            unselected = [c for c in hand if "selected" not in c.get_attribute("class")]
            tap(driver, unselected[0])
            return "select for the crib"
        if lay_away[0].is_enabled():
            tap(driver, lay_away[0])
        return "lay away"
    playable = driver.find_elements(By.CSS_SELECTOR, ".hand .card.playable")
    if playable:
        selected = driver.find_elements(By.CSS_SELECTOR, ".hand .card.playable.selected")
        if not selected:
            tap(driver, playable[0])
            return "select to play"
        if _enabled(driver, '.actions [data-kind="play"]') is not None:
            tap(driver, _enabled(driver, '.actions [data-kind="play"]'))
        return "play"
    discard = driver.find_elements(By.CSS_SELECTOR, '.actions [data-kind="discard"]')
    if not discard:
        return "wait"  # not our turn
    loose = [c for c in hand if "in-meld" not in c.get_attribute("class")] or hand
    card = max(loose, key=lambda c: "A23456789TJQK".index(c.get_attribute("data-card")[0]))
    if not dragged[0]:  # once per match: drag the card onto the discard pile instead
        dragged[0] = True
        drag(driver, card, driver.find_element(By.CSS_SELECTOR, ".pile.discard"))
        return "drag to the pile"
    if "selected" not in card.get_attribute("class"):
        tap(driver, card)
        return "select to discard"
    for kind in ("gin", "knock", "discard"):
        button = _enabled(driver, f'.actions [data-kind="{kind}"]')
        if button is not None:
            tap(driver, button)
            return kind
    return "nothing"


PLAY_LOG: list[str] = []


def play_until_over(driver, desktop, table_of: callable, timeout: float) -> str:
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.common.by import By

    dragged = [False]
    import time

    deadline = time.monotonic() + timeout
    steps: list[str] = []
    while time.monotonic() < deadline:
        if driver.find_elements(By.CSS_SELECTOR, ".match-over"):
            PLAY_LOG[:] = steps[-40:]
            return driver.find_element(By.CSS_SELECTOR, ".match-over").text
        try:
            step = play_one_step(driver, dragged)
        except (StaleElementReferenceException, WebDriverException) as error:
            step = f"redrawn: {type(error).__name__} {str(error)[:80]}"  # look again
        if not steps or not steps[-1].endswith(f" {step}"):
            steps.append(f"{time.monotonic():.1f} {step}")
        time.sleep(0.05)
    table = table_of()
    raise AssertionError(f"the match at {table} did not finish in {timeout} s; desktop: "
                         f"{desktop.finished(table)}")


def browser_seats(received: list[str]) -> dict[str, int]:
    seats: dict[str, int] = {}
    for text in received:
        try:
            root = ET.fromstring(text)
        except ET.ParseError:
            continue
        game = root.find("{urn:ginrummy:game:1}game")
        if game is not None and game.get("type") == "state":
            data = json.loads(game.text or "{}")
            seats.setdefault(data["table"], data["seat"])
    return seats


def test_a_phone_plays_gin_and_cribbage_against_the_desktop_app(server, phone, desktop):
    from selenium.webdriver.common.by import By

    sign_up(phone, server.url, unique_username("phone"))
    # Quick match, gin: the phone asks, then the desktop player; the referee pairs them.
    press(phone, By.ID, "quick")
    wait_for(lambda: "Cancel search" in phone.find_element(By.ID, "quick").text, 20,
             "the search to start")
    reply = desktop.run(desktop.client.quick_match("gin"))
    tables = wait_for(lambda: browser_seats(received_stanzas(phone)), 60, "the matched table")
    (gin_table,) = tables
    assert reply.get("table") in (None, gin_table)
    outcome = play_until_over(phone, desktop, lambda: gin_table, MATCH_TIMEOUT)
    assert ("You won" in outcome) or ("You lost" in outcome)
    end = wait_for(lambda: desktop.finished(gin_table), 30, "the desktop's match_end")
    if end["reason"] != "finished":
        phone.save_screenshot(str(Path(tempfile.gettempdir()) / "web-client-gin-failed.png"))
    assert end["reason"] == "finished", (end, outcome, PLAY_LOG)
    assert ("You won" in outcome) == (end["winners"] == [tables[gin_table]])
    # Verify deal on the last hand, in the browser.
    press(phone, By.XPATH, "//button[text()='Verify deal']")
    assert "dealt as committed" in phone.find_element(By.CSS_SELECTOR, ".verify-result").text
    press(phone, By.XPATH, "//button[text()='Back to the lobby']")

    # Cribbage, 61 points: the phone creates the table, the desktop player joins it.
    press(phone, By.CSS_SELECTOR, '[data-game="cribbage"]')
    press(phone, By.ID, "create-table")
    from selenium.webdriver.support.ui import Select

    Select(phone.find_element(By.CSS_SELECTOR, 'dialog select[aria-label="Target"]')) \
        .select_by_value("61")
    press(phone, By.ID, "create-confirm")
    open_table = wait_for(lambda: [t for t in desktop.run(desktop.client.open_tables("cribbage"))
                                   if t["host"].startswith(phone_user(phone))], 30,
                          "the phone's cribbage table in the lobby")
    crib_table = open_table[0]["table"]
    desktop.run(desktop.client.join_table(crib_table))
    outcome = play_until_over(phone, desktop, lambda: crib_table, MATCH_TIMEOUT)
    end = wait_for(lambda: desktop.finished(crib_table), 30, "the desktop's match_end")
    assert end["reason"] == "finished"
    assert phone.find_elements(By.CSS_SELECTOR, ".pegboard")  # the peg board was drawn

    # Nothing the phone received named a card it could not yet know.
    received = received_stanzas(phone)
    seats = browser_seats(received)
    assert set(seats) == {gin_table, crib_table}
    assert leaked_cards(received, seats) == []


def phone_user(driver) -> str:
    return driver.execute_script("return window.ginrummy.conn.user")
