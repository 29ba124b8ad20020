"""Where every hole of the cribbage board sits, as plain geometry (no painting, no Qt widgets).

The board stands upright and holds streets of 30 holes side by side, as many as the game's target
needs (the engine's ``rules.target``): for 121 points street 1 runs up (holes 1-30), street 2
down (31-60), street 3 up (61-90) and street 4 down (91-120); a 61-point board has the first two
streets only. U-turns at the ends join them. Each street has one lane per player, mirrored from
street to street so each player's track is one continuous groove (a player outside on one U-turn
is inside on the next). Both start holes sit below street 1, the shared game hole (the target)
past the end of the last street.

All lengths are in units of the hole pitch ``unit``; ``PegboardLayout.for_size`` picks the
largest unit that fits a given width and height so the board scales with the window.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

STREET_LENGTH = 30
GROUP = 5

# Horizontal plan (in hole pitches): margin, lane pitch inside a street, street-to-street gap.
_SIDE_MARGIN = 1.45
_LANE_PITCH = 1.0
_STREET_GAP = 2.0
# Vertical plan: score header, room for the top U-turns, holes, bottom U-turns and start holes.
_HEADER = 3.4
_TOP_ROOM = 4.0  # the 90|91 skunk label sits above the top U-turn, below the header
_GROUP_GAP = 0.65
_BOTTOM_ROOM = 4.8
_BOTTOM_MARGIN = 0.4
TRACK_UNITS = (STREET_LENGTH - 1) + (STREET_LENGTH // GROUP - 1) * _GROUP_GAP
HEIGHT_UNITS = _HEADER + _TOP_ROOM + TRACK_UNITS + _BOTTOM_ROOM + _BOTTOM_MARGIN
_DEFAULT_TARGET = 121  # the engine's default game (CribbageRules().target)

Point = tuple[float, float]


def streets_for(target: int) -> int:
    """Streets of 30 holes a board needs for a game to ``target`` (the game hole is extra)."""
    return max(1, math.ceil((target - 1) / STREET_LENGTH))


# A board is never narrower than this (in pitches): the score header needs the room.
_MIN_WIDTH = 10.0


def _streets_width(streets: int) -> float:
    return streets * _LANE_PITCH + (streets - 1) * _STREET_GAP


def width_units(streets: int) -> float:
    """The board's width in hole pitches for ``streets`` streets."""
    return max(_MIN_WIDTH, 2 * _SIDE_MARGIN + _streets_width(streets))


@dataclass(frozen=True)
class PegboardLayout:
    """Hole positions for a board to ``target`` drawn at ``unit`` pixels per hole pitch, offset
    by (x0, y0)."""

    unit: float
    x0: float = 0.0
    y0: float = 0.0
    target: int = _DEFAULT_TARGET

    @staticmethod
    def for_size(width: float, height: float, target: int = _DEFAULT_TARGET) -> PegboardLayout:
        """The largest board to ``target`` that fits ``width`` x ``height``, centred in it."""
        across = width_units(streets_for(target))
        unit = max(1.0, min(width / across, height / HEIGHT_UNITS))
        return PegboardLayout(
            unit,
            (width - unit * across) / 2,
            (height - unit * HEIGHT_UNITS) / 2,
            target,
        )

    # -- the game's size ---------------------------------------------------------------------
    @property
    def holes(self) -> int:
        """Holes in each player's track; the shared game hole (``target``) comes after them."""
        return self.target - 1

    @property
    def streets(self) -> int:
        return streets_for(self.target)

    @property
    def width_units(self) -> float:
        return width_units(self.streets)

    def is_turn(self, hole: int) -> bool:
        """True when a U-turn leaves ``hole`` (the end of every street but the last)."""
        return 0 < hole < self.holes and hole % STREET_LENGTH == 0

    # -- overall boxes ----------------------------------------------------------------------------
    @property
    def width(self) -> float:
        return self.unit * self.width_units

    @property
    def height(self) -> float:
        return self.unit * HEIGHT_UNITS

    @property
    def header_bottom(self) -> float:
        return self.y0 + _HEADER * self.unit

    @property
    def track_top(self) -> float:
        """y of hole 30 (the top row of holes)."""
        return self.header_bottom + _TOP_ROOM * self.unit

    @property
    def track_bottom(self) -> float:
        """y of hole 1 (the bottom row of holes)."""
        return self.track_top + TRACK_UNITS * self.unit

    # -- columns ----------------------------------------------------------------------------------
    def street_x(self, street: int) -> float:
        """x of the left lane of ``street`` (0..3)."""
        margin = (self.width_units - _streets_width(self.streets)) / 2  # streets centred
        return self.x0 + self.unit * (margin + street * (_LANE_PITCH + _STREET_GAP))

    def lane_x(self, player: int, street: int) -> float:
        """Lanes mirror from street to street so each track is one continuous groove."""
        lane = player if street % 2 == 0 else 1 - player
        return self.street_x(street) + lane * _LANE_PITCH * self.unit

    def street_centre_x(self, street: int) -> float:
        return self.street_x(street) + _LANE_PITCH * self.unit / 2

    def row_y(self, step: int) -> float:
        """y of the ``step``-th hole (0..29) counted upwards from the bottom row."""
        gaps = step // GROUP
        return self.track_bottom - self.unit * (step + gaps * _GROUP_GAP)

    # -- holes ------------------------------------------------------------------------------------
    def hole(self, player: int, hole: int) -> Point:
        """Centre of ``hole`` (1..target-1) in ``player``'s track; ``target`` is the shared game
        hole."""
        if hole == self.target:
            return self.game_hole()
        if not 1 <= hole <= self.holes:
            raise ValueError(f"board holes run 1..{self.holes} (and {self.target}), not {hole}")
        street, offset = divmod(hole - 1, STREET_LENGTH)
        step = offset if street % 2 == 0 else STREET_LENGTH - 1 - offset
        return self.lane_x(player, street), self.row_y(step)

    def start_hole(self, player: int, peg: int) -> Point:
        """The two start holes of ``player`` (one per peg), below street 1."""
        x = self.lane_x(player, 0)
        return x, self.track_bottom + self.unit * (1.6 + peg * 1.0)

    def game_hole(self) -> Point:
        """Past the end of the last street: below it when it runs down, above when it runs up."""
        last = self.streets - 1
        x = self.street_centre_x(last)
        in_last = self.holes - last * STREET_LENGTH
        if in_last < STREET_LENGTH:  # a short last street: one pitch and a half beyond it
            _, y = self.hole(0, self.holes)
            return x, y + self.unit * (1.5 if last % 2 else -1.5)
        if last % 2:
            return x, self.track_bottom + self.unit * 2.4
        return x, self.track_top - self.unit * 2.4

    def position(self, player: int, peg: int, hole: int) -> Point:
        """Where a peg standing at score ``hole`` sits (0 means its start hole)."""
        if hole <= 0:
            return self.start_hole(player, peg)
        return self.hole(player, min(hole, self.target))

    # -- U-turns and travel -------------------------------------------------------------------
    def turn(self, player: int, after_hole: int) -> tuple[Point, float, bool]:
        """The U-turn leaving hole ``after_hole`` (30, 60, ...): centre, radius, over the top."""
        street = after_hole // STREET_LENGTH - 1
        centre_x = (self.street_x(street) + self.street_x(street + 1) + _LANE_PITCH * self.unit) / 2
        start_x, start_y = self.hole(player, after_hole)
        on_top = street % 2 == 0
        extra = self.unit * 0.55
        centre_y = start_y - extra if on_top else start_y + extra
        return (centre_x, centre_y), abs(start_x - centre_x), on_top

    def travel(self, player: int, peg: int, from_hole: float, to_hole: float, t: float) -> Point:
        """Point reached a fraction ``t`` of the way as a peg moves along the track.

        Movement follows the groove: straight between holes of one street and round the U-turn
        between streets, so a peg never cuts across the board.
        """
        where = from_hole + (to_hole - from_hole) * t
        return self.track_point(player, peg, where)

    def track_point(self, player: int, peg: int, where: float) -> Point:
        """The point at fractional score ``where`` along ``player``'s track."""
        where = max(0.0, min(float(self.target), where))
        low = math.floor(where)
        frac = where - low
        if frac == 0.0:
            return self.position(player, peg, low)
        high = low + 1
        if self.is_turn(low):
            (cx, cy), radius, on_top = self.turn(player, low)
            sx, sy = self.hole(player, low)
            ex, ey = self.hole(player, high)
            # Straight up to the arc, half a circle, straight down to the next hole.
            if frac < 0.15:
                k = frac / 0.15
                return sx, sy + (cy - sy) * k
            if frac > 0.85:
                k = (frac - 0.85) / 0.15
                return ex, cy + (ey - cy) * k
            angle = math.pi * (frac - 0.15) / 0.7
            direction = 1 if sx < ex else -1
            x = cx - direction * radius * math.cos(angle)
            y = cy - radius * math.sin(angle) if on_top else cy + radius * math.sin(angle)
            return x, y
        ax, ay = self.position(player, peg, low)
        bx, by = self.position(player, peg, high)
        return ax + (bx - ax) * frac, ay + (by - ay) * frac
