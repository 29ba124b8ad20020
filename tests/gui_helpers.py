"""Waiting for a table's opponent in GUI tests.

Bots always think off the GUI thread (also at "instant" speed), so after the person's move a
test waits until the table's turn loop has nothing pending (the opponent has moved, or the
person's decision is due) and no hint or advisor is still being worked out.
"""

from __future__ import annotations


def settle(qtbot, table_or_controller, timeout: int = 15_000) -> None:
    controller = getattr(table_or_controller, "controller", table_or_controller)
    qtbot.waitUntil(lambda: not controller.loop.thinking and not controller.background.busy,
                    timeout=timeout)
