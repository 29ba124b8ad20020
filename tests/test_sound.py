"""Table sounds: short, quiet, the project's own, played off the caller's thread, silent
without an audio device."""

from __future__ import annotations

import threading
import wave
from array import array

import pytest

from ginrummy_desktop.sound import player, synth
from ginrummy_desktop.sound.player import MiniaudioOutput, SoundBoard, scaled


class RecordingOutput:
    def __init__(self) -> None:
        self.played: list[tuple[array, str]] = []
        self.closed = False

    def start(self, samples: array) -> None:
        self.played.append((samples, threading.current_thread().name))

    def close(self) -> None:
        self.closed = True


@pytest.mark.parametrize("name", synth.SOUND_NAMES)
def test_each_sound_is_short_quiet_audible_and_the_same_every_time(name: str) -> None:
    samples = synth.synthesize(name)
    assert 0.02 < len(samples) / synth.SAMPLE_RATE < 1.0
    loudest = max(abs(value) for value in samples)
    assert 0.2 * synth.FULL_SCALE < loudest <= synth.PEAK * synth.FULL_SCALE + 1
    assert synth.synthesize(name) == samples


def test_the_board_plays_on_its_own_thread_at_the_chosen_volume() -> None:
    output = RecordingOutput()
    board = SoundBoard(output_factory=lambda: output, volume=50)
    board.play("knock")
    board.wait_idle()
    board.close()
    (samples, thread_name), = output.played
    assert thread_name != threading.current_thread().name
    assert samples == scaled(synth.synthesize("knock"), 50)
    assert max(samples) < max(synth.synthesize("knock"))
    assert output.closed


@pytest.mark.parametrize("settings", [{"muted": True}, {"volume": 0}])
def test_muted_or_zero_volume_plays_nothing(settings: dict) -> None:
    output = RecordingOutput()
    board = SoundBoard(output_factory=lambda: output, **settings)
    board.play("gin")
    board.play("peg")
    assert output.played == []


def test_an_unknown_sound_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="no sound called 'boing'"):
        SoundBoard(output_factory=RecordingOutput).play("boing")


def test_no_audio_device_means_silence_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(player, "audio_device_likely", lambda: True)
    import miniaudio

    attempts = []

    def no_device(*args, **kwargs):
        attempts.append(1)
        raise miniaudio.MiniaudioError("failed to init device")

    monkeypatch.setattr(miniaudio, "PlaybackDevice", no_device)
    output = MiniaudioOutput()
    output.start(synth.synthesize("deal"))
    output.start(synth.synthesize("draw"))  # gave up after the first failure
    output.close()
    assert attempts == [1]


def test_a_machine_without_sound_cards_never_opens_a_device(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(player, "audio_device_likely", lambda: False)
    import miniaudio

    monkeypatch.setattr(miniaudio, "PlaybackDevice",
                        lambda *a, **k: pytest.fail("opened a device with no sound card"))
    MiniaudioOutput().start(synth.synthesize("peg"))


def test_the_sounds_can_be_written_out_to_listen_to(tmp_path) -> None:
    assert synth.main([str(tmp_path)]) == 0
    with wave.open(str(tmp_path / "gin.wav")) as wav:
        assert wav.getframerate() == synth.SAMPLE_RATE and wav.getnchannels() == 1
        assert wav.getnframes() == len(synth.synthesize("gin"))
