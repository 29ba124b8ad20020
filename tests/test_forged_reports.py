"""Issue 45, item 4: text from a bot or a forged record never reaches a terminal raw.

A bot's forfeit reason, its exception text and a record's contents all end in reports people
read in a terminal. Control characters in them (ESC starts "clear the screen" and "set the
window title") must come out escaped, visible and harmless.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ginrummy_desktop.engine.bot_host import printable
from ginrummy_desktop.sim import main

CLEAR_SCREEN = "\x1b[2J"
SET_TITLE = "\x1b]0;owned\x07"
HOSTILE = f"{CLEAR_SCREEN}{SET_TITLE}\u202egnp.exe\x9b1m"


def _terminal_safe(text: str) -> bool:
    return not any(ord(c) < 0x20 and c != "\n" or 0x7F <= ord(c) <= 0x9F
                   or c in "\u202a\u202b\u202c\u202d\u202e" for c in text)


@given(st.text())
def test_printable_leaves_no_control_character(text: str) -> None:
    shown = printable(text)
    assert _terminal_safe(shown) and "\n" not in shown
    shown.encode("utf-8")  # no lone surrogate survives either


def test_printable_keeps_ordinary_text_and_shows_escapes() -> None:
    assert printable("Zoë played 5♥") == "Zoë played 5♥"
    assert printable(HOSTILE) == "\\x1b[2J\\x1b]0;owned\\x07\\u202egnp.exe\\x9b1m"


def _error_bot(tmp_path: Path) -> str:
    script = tmp_path / "error_bot.py"
    script.write_text(
        "import json, sys\n"
        f"HOSTILE = {HOSTILE!r}\n"
        "for line in sys.stdin:\n"
        "    kind = json.loads(line)['type']\n"
        "    if kind == 'hello':\n"
        "        answer = {'type': 'hello', 'protocol': 'ginrummy-bot', 'version': 1,\n"
        "                  'name': HOSTILE}\n"
        "    elif kind == 'new_match':\n"
        "        answer = {'type': 'ready'}\n"
        "    elif kind == 'observation':\n"
        "        answer = {'type': 'error', 'message': HOSTILE}\n"
        "    else:\n"
        "        continue\n"
        "    print(json.dumps(answer), flush=True)\n")
    return f"cmd:{sys.executable} {script}"


@pytest.mark.skipif(sys.platform == "win32", reason="plug-in processes need Linux or macOS")
@pytest.mark.parametrize("as_json", [False, True])
def test_a_bots_forfeit_reason_reaches_the_terminal_escaped(
        tmp_path: Path, capsys, as_json: bool) -> None:
    records = tmp_path / "records.jsonl"
    args = ["gin", "--players", _error_bot(tmp_path), "greedy", "--matches", "2",
            "--records", str(records), "--bot-logs", str(tmp_path / "logs")]
    assert main(args + (["--json"] if as_json else [])) == 0
    out = capsys.readouterr()
    assert _terminal_safe(out.out) and _terminal_safe(out.err)
    assert "\\x1b[2J" in (json.loads(out.out)["forfeits"][0]["reason"] if as_json else out.out)
    summary = json.loads(records.read_text().splitlines()[-1])
    assert summary["forfeit"]["reason"].startswith("\\x1b[2J")


def test_verify_shows_a_forged_records_text_escaped(tmp_path: Path, capsys) -> None:
    forged = tmp_path / "forged.jsonl"
    forged.write_text(json.dumps({"game": f"gin{CLEAR_SCREEN}", "deck": []}) + "\n"
                      + json.dumps({"game": "gin", "deck": [SET_TITLE] * 52, "salt": "x",
                                    "commitment": "0" * 64}) + "\n")
    assert main(["verify", str(forged)]) == 1
    out = capsys.readouterr().out
    assert _terminal_safe(out)
    assert "line 1" in out and "line 2" in out
