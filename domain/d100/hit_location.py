"""Hit locations: the attack roll with its digits reversed, and the Multiple Hits table (RULES A7 step 4)."""

from __future__ import annotations

from typing import Literal

Location = Literal["head", "right_arm", "left_arm", "body", "right_leg", "left_leg"]

LOCATIONS: tuple[Location, ...] = ("head", "right_arm", "left_arm", "body", "right_leg", "left_leg")


def reverse_digits(roll: int) -> int:
    """56 → 65, 05 → 50, 10 → 01, 100 ("00") → 100."""
    if not 1 <= roll <= 100:
        raise ValueError(f"{roll} is not a d100 result")
    tens_digit, units_digit = divmod(roll % 100, 10)
    reversed_value = units_digit * 10 + tens_digit
    return 100 if reversed_value == 0 else reversed_value


def location_of(value: int) -> Location:
    """01–10 head, 11–20 right arm, 21–30 left arm, 31–70 body, 71–85 right leg, 86–100 left leg."""
    if value <= 10:
        return "head"
    if value <= 20:
        return "right_arm"
    if value <= 30:
        return "left_arm"
    if value <= 70:
        return "body"
    if value <= 85:
        return "right_leg"
    return "left_leg"


def hit_location(attack_roll: int) -> Location:
    """Where an attack roll lands: the location of its reversed digits."""
    return location_of(reverse_digits(attack_roll))


# The 2nd … 5th hit after a first hit at each location; hits after the 5th land where the 5th did.
# "Arm"/"Leg" are the side of the first hit; from the head or body the first "Arm" is the right one and
# the second the left (our reading: the table names no side there, and a burst should strike both).
_MULTIPLE_HITS: dict[Location, tuple[Location, Location, Location, Location]] = {
    "head": ("head", "right_arm", "body", "left_arm"),
    "body": ("body", "right_arm", "head", "left_arm"),
    "right_arm": ("right_arm", "body", "head", "body"),
    "left_arm": ("left_arm", "body", "head", "body"),
    "right_leg": ("right_leg", "body", "right_arm", "head"),
    "left_leg": ("left_leg", "body", "left_arm", "head"),
}

_FIFTH: dict[Location, Location] = {
    "head": "body",
    "body": "body",
    "right_arm": "right_arm",
    "left_arm": "left_arm",
    "right_leg": "body",
    "left_leg": "body",
}


def multiple_hit_locations(first: Location, hits: int) -> tuple[Location, ...]:
    """The locations of `hits` hits on one target, the first at `first`, by the Multiple Hits table."""
    if hits <= 0:
        return ()
    following = _MULTIPLE_HITS[first] + (_FIFTH[first],)
    result: list[Location] = [first]
    for n in range(1, hits):
        result.append(following[min(n, len(following)) - 1])
    return tuple(result)
