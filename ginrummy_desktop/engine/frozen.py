"""Objects handed to agents that rewriting cannot turn against the engine.

``@dataclass(frozen=True)`` only stops ``obj.field = value``: ``object.__setattr__`` still
rewrites the field. So what an agent receives is either a copy the engine never reads again
(``detached_copy``: the rules in an observation, the legal actions) or sealed (``sealed``):
a sealed dataclass's fields refuse every assignment once they are set.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, fields
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


def sealed(cls: type[T]) -> type[T]:
    """Make a ``@dataclass(frozen=True, slots=True)`` class's fields write-once.

    Each field's slot is replaced by a property whose setter works only while the slot is
    empty, which is exactly what ``__init__``, ``copy`` and unpickling need.
    """
    for field in fields(cls):  # type: ignore[arg-type]
        cls_slot = cls.__dict__[field.name]
        setattr(cls, field.name, _write_once(cls_slot.__get__, cls_slot.__set__, field.name))
    return cls


def _write_once(get: Any, put: Any, name: str) -> property:
    def assign(instance: Any, value: Any) -> None:
        try:
            get(instance)
        except AttributeError:  # not set yet: construction
            put(instance, value)
            return
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    return property(get, assign, doc=f"The {name} (read-only).")


@cache
def _slot_accessors(cls: type) -> tuple[tuple[Any, Any], ...]:
    descriptors = [cls.__dict__[name] for name in cls.__slots__]
    return tuple((d.__get__, d.__set__) for d in descriptors)


def detached_copy(value: T) -> T:
    """A shallow copy of a slots dataclass that skips ``__init__`` (the original was checked).

    Its fields are the same (immutable) values, so the copy is only a new object: rewriting it
    changes nothing the engine reads.
    """
    cls = type(value)
    new = object.__new__(cls)
    for get, put in _slot_accessors(cls):
        put(new, get(value))
    return new
