"""Gin Rummy Desktop: Gin Rummy and Cribbage against good computer opponents."""

from importlib import metadata as _metadata

try:
    __version__ = _metadata.version("ginrummy-desktop")
except _metadata.PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+source"
