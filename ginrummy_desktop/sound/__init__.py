"""Table sounds: synthesised by the project's own code (``synth``), played through miniaudio.

Nothing here imports Qt: the GUI asks ``SoundBoard.play(name)`` when something happens at the
table, and a machine without an audio device plays nothing, silently.
"""

from ginrummy_desktop.sound.player import SoundBoard
from ginrummy_desktop.sound.synth import SAMPLE_RATE, SOUND_NAMES, synthesize

__all__ = ["SAMPLE_RATE", "SOUND_NAMES", "SoundBoard", "synthesize"]
