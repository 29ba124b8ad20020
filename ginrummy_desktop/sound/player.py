"""Play the table's sounds on a background thread through miniaudio.

miniaudio (the ``miniaudio`` wheel bundles its C library: no system packages, about 1.6 MB)
is the player: QtMultimedia is not in PySide6-Essentials, and the alternatives either need a
system library (sounddevice: PortAudio) or are much larger (pygame). A sound starting while
another plays cuts the first one short; table sounds last a fraction of a second, so nothing
here mixes. With no audio device (a server, CI) ``play`` does nothing and says nothing.
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import sys
import threading
from array import array
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Protocol

from ginrummy_desktop.sound.synth import SAMPLE_RATE, SOUND_NAMES, synthesize

LOGGER = logging.getLogger("ginrummy_desktop.sound")
DEFAULT_VOLUME = 40  # percent


class Output(Protocol):
    """Where PCM goes: a real device, or a stand-in in tests."""

    def start(self, samples: array) -> None: ...

    def close(self) -> None: ...


class _PlaybackDevice(Protocol):
    """What this module uses of ``miniaudio.PlaybackDevice`` (miniaudio ships no type hints)."""

    def start(self, callback_generator: Generator[array, int, None]) -> None: ...

    def stop(self) -> None: ...

    def close(self) -> None: ...


def audio_device_likely() -> bool:
    """False where opening a device can only fail (and make ALSA print a page of errors)."""
    if not sys.platform.startswith("linux"):
        return True
    runtime = Path(os.environ.get("XDG_RUNTIME_DIR", f"/run/user/{os.getuid()}"))
    if (runtime / "pulse" / "native").exists() or (runtime / "pipewire-0").exists():
        return True
    try:
        cards = Path("/proc/asound/cards").read_text()
    except OSError:
        return False
    return "no soundcards" not in cards and bool(cards.strip())


class MiniaudioOutput:
    """One playback device, opened on first use; every failure leaves it silent for good."""

    def __init__(self) -> None:
        self._device: _PlaybackDevice | None = None
        self._failed = not audio_device_likely()

    def start(self, samples: array) -> None:
        if self._failed:
            return
        try:
            import miniaudio

            if self._device is None:
                self._device = miniaudio.PlaybackDevice(
                    output_format=miniaudio.SampleFormat.SIGNED16, nchannels=1,
                    sample_rate=SAMPLE_RATE, buffersize_msec=60, app_name="Gin Rummy Desktop")
            device = self._device
            device.stop()
            stream = _frames(samples)
            next(stream)
            device.start(stream)
        except Exception as error:  # no device, a driver refusing: the game plays on silently
            LOGGER.info("sound off: %s", error)
            self._failed = True
            self.close()

    def close(self) -> None:
        if self._device is not None:
            # Closing a broken device must not stop the app closing.
            with contextlib.suppress(Exception):
                self._device.close()
            self._device = None


def _frames(samples: array) -> Generator[array, int, None]:
    """miniaudio's pull protocol: it sends how many frames it wants, we yield that many."""
    wanted = yield array("h")
    position = 0
    while position < len(samples):
        chunk = samples[position:position + wanted]
        position += wanted
        wanted = yield chunk


def scaled(samples: array, volume: int) -> array:
    """The samples at ``volume`` percent (0-100)."""
    factor = max(0, min(100, volume)) / 100
    return array("h", (int(value * factor) for value in samples))


class SoundBoard:
    """``play(name)`` from any thread returns at once; a worker synthesises and plays."""

    def __init__(self, output_factory: Callable[[], Output] = MiniaudioOutput,
                 volume: int = DEFAULT_VOLUME, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted
        self._output_factory = output_factory
        self._requests: queue.Queue[tuple[str, int] | None] = queue.Queue()
        self._cache: dict[str, array] = {}
        self._worker: threading.Thread | None = None

    def play(self, name: str) -> None:
        if name not in SOUND_NAMES:
            raise ValueError(f"no sound called {name!r} (sounds: {', '.join(SOUND_NAMES)})")
        if self.muted or self.volume <= 0:
            return
        if self._worker is None:
            self._worker = threading.Thread(target=self._run, name="sound", daemon=True)
            self._worker.start()
        self._requests.put((name, self.volume))

    def close(self, timeout: float = 2.0) -> None:
        """Stop the worker (after what it is playing is handed over) and the device."""
        if self._worker is not None:
            self._requests.put(None)
            self._worker.join(timeout)
            self._worker = None

    def wait_idle(self) -> None:
        """Block until every request so far has been handed to the output (tests, shutdown)."""
        self._requests.join()

    def _run(self) -> None:
        output = self._output_factory()
        try:
            while True:
                request = self._requests.get()
                try:
                    if request is None:
                        return
                    name, volume = request
                    if name not in self._cache:
                        self._cache[name] = synthesize(name)
                    output.start(scaled(self._cache[name], volume))
                except Exception:  # one bad sound must not end the worker
                    LOGGER.exception("could not play %s", request)
                finally:
                    self._requests.task_done()
        finally:
            output.close()
