"""Bots that misbehave in every way the runner must survive (loaded as ``tests.hostile_bots:X``).

Each is a plug-in bot: by default the runner starts it in a child process of its own.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import time

from ginrummy_desktop.engine.actions import Action


class Raises:
    def choose(self, observation):
        raise RuntimeError("my brain hurts")


class ReturnsGarbage:
    def choose(self, observation):
        return {"kind": "gin"}


class ReturnsIllegal:
    def choose(self, observation):
        return Action("gin", observation.hand[0])


class ExitsHard:
    def choose(self, observation):
        os._exit(3)


class RaisesSystemExit:
    def choose(self, observation):
        sys.exit("bye")


class RaisesKeyboardInterrupt:
    def choose(self, observation):
        raise KeyboardInterrupt


class _Unprintable(Exception):
    def __str__(self):
        raise RuntimeError("no words")


class RaisesUnprintable:
    def choose(self, observation):
        raise _Unprintable


class _AlwaysEqual(Action):
    """Claims to equal everything and cannot be printed."""

    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0

    def __str__(self):
        raise RuntimeError("no words")


class ReturnsLookalike:
    def choose(self, observation):
        return _AlwaysEqual("gin", observation.hand[0])


class TampersLegalAction:
    """Tries to rewrite a legal action into a gin and return it (the issue's reproduction;
    since actions became tuples the rewrite itself fails)."""

    def choose(self, observation):
        action = observation.legal_actions[0]
        object.__setattr__(action, "kind", "gin")
        if action.card is None:
            object.__setattr__(action, "card", observation.hand[0])
        return action


class Hangs:
    def choose(self, observation):
        time.sleep(3600)


class Crashes:
    def choose(self, observation):
        os.kill(os.getpid(), signal.SIGSEGV)


class FloodsOutput:
    """Prints megabytes (to stdout, and straight to file descriptor 1), then plays."""

    def choose(self, observation):
        print("x" * (3 << 20))
        os.write(1, b"y" * (1 << 20) + b"\n")
        return observation.legal_actions[0]


class Unbuildable:
    def __init__(self):
        raise OSError("no model file")

    def choose(self, observation):  # pragma: no cover - never built
        return observation.legal_actions[0]


class NoChoose:
    pass


class Snoops:
    """Looks for the engine's objects (the opponent's hand, the stock) in its own process."""

    def choose(self, observation):
        engine = [o for o in gc.get_objects() if type(o).__name__ in ("GinHand", "GinMatch")]
        frames = [f for f in sys._current_frames().values() if "session" in f.f_locals]
        if engine or frames:
            raise RuntimeError(f"found the engine: {len(engine)} objects, {len(frames)} frames")
        return observation.legal_actions[0]


class FirstLegal:
    def choose(self, observation):
        return observation.legal_actions[0]


class RaisesOddText:
    """An error message with a newline, a lone surrogate and 10,000 characters."""

    def choose(self, observation):
        raise RuntimeError("first line\nsecond \udc80 line " + "z" * 10_000)
