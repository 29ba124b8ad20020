"""The table's sounds, made from sine waves and seeded noise: short, quiet and the same on
every machine (no recorded samples, so nothing to license and nothing to ship).

``python -m ginrummy_desktop.sound.synth DIR`` writes each sound as a WAV file to listen to.
"""

from __future__ import annotations

import math
import random
import sys
import wave
from array import array
from collections.abc import Callable, Iterable
from pathlib import Path

SAMPLE_RATE = 22_050
PEAK = 0.3  # of full scale: table sounds sit under whatever else the person is listening to
FULL_SCALE = 32_767

Signal = list[float]


def _silence(seconds: float) -> Signal:
    return [0.0] * int(seconds * SAMPLE_RATE)


def _tone(frequency: float, seconds: float, decay: float, partials: Iterable[float] = (1.0,),
          attack: float = 0.002) -> Signal:
    """A struck tone: partials at multiples of ``frequency``, fast attack, exponential decay."""
    weights = list(partials)
    samples = []
    for index in range(int(seconds * SAMPLE_RATE)):
        t = index / SAMPLE_RATE
        envelope = min(1.0, t / attack) * math.exp(-t / decay)
        value = sum(weight * math.sin(2 * math.pi * frequency * (number + 1) * t)
                    for number, weight in enumerate(weights))
        samples.append(envelope * value)
    return samples


def _noise(seconds: float, decay: float, seed: int, smoothing: int = 1,
           rise: float = 0.001) -> Signal:
    """Seeded noise through a moving average (``smoothing`` samples: larger is duller)."""
    rng = random.Random(seed)
    raw = [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * SAMPLE_RATE))]
    smoothed, window = [], 0.0
    for index, value in enumerate(raw):
        window += value - (raw[index - smoothing] if index >= smoothing else 0.0)
        t = index / SAMPLE_RATE
        smoothed.append(window / smoothing * min(1.0, t / rise) * math.exp(-t / decay))
    return smoothed


def _mix(*parts: tuple[float, Signal]) -> Signal:
    """Lay signals over each other, each starting ``offset`` seconds in."""
    length = max(int(offset * SAMPLE_RATE) + len(signal) for offset, signal in parts)
    out = [0.0] * length
    for offset, signal in parts:
        start = int(offset * SAMPLE_RATE)
        for index, value in enumerate(signal):
            out[start + index] += value
    return out


def deal() -> Signal:  # a card flicked onto the felt
    return _noise(0.07, 0.012, seed=1, smoothing=3)


def draw() -> Signal:  # a card slid off the stock
    return _noise(0.11, 0.03, seed=2, smoothing=6, rise=0.03)


def discard() -> Signal:  # a card laid on the pile
    return _mix((0.0, _noise(0.05, 0.01, seed=3, smoothing=4)),
                (0.0, _tone(180, 0.06, 0.015)))


def knock() -> Signal:  # two knuckle knocks on the table
    rap = _tone(210, 0.08, 0.018, partials=(1.0, 0.35, 0.15))
    return _mix((0.0, rap), (0.13, rap))


def gin() -> Signal:  # a bright two-note chime
    return _mix((0.0, _tone(659.3, 0.35, 0.12, partials=(1.0, 0.2))),
                (0.12, _tone(987.8, 0.45, 0.16, partials=(1.0, 0.2))))


def peg() -> Signal:  # a peg clicking into its hole
    return _mix((0.0, _tone(1800, 0.02, 0.004)), (0.0, _noise(0.015, 0.003, seed=4)))


def game_end() -> Signal:  # a rising arpeggio
    notes = (523.3, 659.3, 784.0, 1046.5)
    return _mix(*((0.11 * index, _tone(frequency, 0.5 if index == 3 else 0.2,
                                       0.18 if index == 3 else 0.07, partials=(1.0, 0.15)))
                  for index, frequency in enumerate(notes)))


SOUNDS: dict[str, Callable[[], Signal]] = {
    "deal": deal, "draw": draw, "discard": discard, "knock": knock, "gin": gin,
    "peg": peg, "game_end": game_end,
}
SOUND_NAMES = tuple(SOUNDS)


def synthesize(name: str) -> array:
    """16-bit mono PCM at ``SAMPLE_RATE`` for the named sound, peak-normalised to ``PEAK``."""
    signal = SOUNDS[name]() + _silence(0.01)
    loudest = max(abs(value) for value in signal) or 1.0
    scale = PEAK * FULL_SCALE / loudest
    return array("h", (int(round(value * scale)) for value in signal))


def write_wav(path: Path, samples: array) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        out.writeframes(samples.tobytes())


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m ginrummy_desktop.sound.synth DIR", file=sys.stderr)
        return 2
    folder = Path(args[0])
    folder.mkdir(parents=True, exist_ok=True)
    for name in SOUND_NAMES:
        write_wav(folder / f"{name}.wav", synthesize(name))
        print(f"wrote {folder / name}.wav")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
