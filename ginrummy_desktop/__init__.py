"""Gin Rummy Desktop: Gin Rummy and Cribbage against good computer opponents."""

from typing import Any


def __getattr__(name: str) -> Any:
    """``__version__`` on first use: importlib.metadata costs about 0.05 s of start-up."""
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import metadata

    try:
        version = metadata.version("ginrummy-desktop")
    except metadata.PackageNotFoundError:  # running from a source tree that is not installed
        version = "0.0.0+source"
    globals()["__version__"] = version
    return version
