"""Copies for agents of the engine's frozen dataclasses.

``@dataclass(frozen=True)`` only stops ``obj.field = value``: ``object.__setattr__`` still
rewrites a field. So an object the engine goes on reading (the rules) reaches an agent only as
a copy: rewriting the copy misleads that agent alone and changes nothing the engine reads.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


@cache
def _slot_accessors(cls: Any) -> tuple[tuple[Any, Any], ...]:
    descriptors = [cls.__dict__[name] for name in cls.__slots__]
    return tuple((d.__get__, d.__set__) for d in descriptors)


def detached_copy(value: T) -> T:
    """A shallow copy of a slots dataclass that skips ``__init__`` (the original was checked).

    Its fields are the same immutable values; only the object is new.
    """
    cls: Any = type(value)
    new = object.__new__(cls)
    for get, put in _slot_accessors(cls):
        put(new, get(value))
    return new
