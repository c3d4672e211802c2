"""Ranged fire: jams, hits from degrees capped by rate of fire, dodging bursts (RULES A5, A7 step 2)."""

from __future__ import annotations

from typing import Literal

FireMode = Literal["single", "semi", "full", "suppressing"]
Reliability = Literal["normal", "reliable", "unreliable", "never_jams"]

SINGLE_JAM_FROM = 96
BURST_JAM_FROM = 94
# Our reading of the weapon qualities the seeds only allude to ("some weapons are particularly
# dangerous to use", 000): Reliable jams only on a 100; Unreliable jams on 91–100 in any mode.
RELIABLE_JAM_FROM = 100
UNRELIABLE_JAM_FROM = 91


def jam_threshold(mode: FireMode, reliability: Reliability = "normal") -> int | None:
    """The lowest unmodified roll that jams the weapon (None: it never jams)."""
    if reliability == "never_jams":
        return None
    if reliability == "reliable":
        return RELIABLE_JAM_FROM
    standard = SINGLE_JAM_FROM if mode == "single" else BURST_JAM_FROM
    if reliability == "unreliable":
        return min(standard, UNRELIABLE_JAM_FROM)
    return standard


def jams(roll: int, mode: FireMode, reliability: Reliability = "normal") -> bool:
    """An unmodified roll in the jam range is an automatic failure and jams the weapon."""
    threshold = jam_threshold(mode, reliability)
    return threshold is not None and roll >= threshold


def burst_hits(mode: FireMode, degrees: int, rof: int) -> int:
    """Hits of a successful attack: single 1; semi and suppressing 1 + 1 per 2 degrees; full 1 + 1 per degree; ≤ RoF."""
    if mode == "single":
        return 1
    extra = degrees if mode == "full" else degrees // 2
    return max(1, min(rof, 1 + max(0, extra)))


def hits_negated_by_dodge(mode: FireMode, hits: int, dodge_degrees: int) -> int:
    """A successful Dodge negates the hit; against semi or full auto each degree negates one extra hit."""
    if mode in ("semi", "full"):
        return min(hits, 1 + max(0, dodge_degrees))
    return min(hits, 1)
