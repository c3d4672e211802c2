"""The per-campaign variant switches of the d100 family and their defaults per ruleset (RULES A)."""

from __future__ import annotations

from typing import Literal

import msgspec

from .checks import DegreesRule
from .damage import FuryVariant

# The d100 family's rulesets: each sets the variant defaults below.
D100Ruleset = Literal["deathwatch", "dark_heresy", "only_war"]
UnjamCharacteristic = Literal["BS", "WS"]


class D100Options(msgspec.Struct, frozen=True, kw_only=True):
    """Variant switches; a campaign keeps the defaults of its ruleset unless it says otherwise."""

    degrees_rule: DegreesRule = "default"
    charge_bonus: Literal[10, 20] = 10
    righteous_fury: FuryVariant = "confirm"
    unjam_characteristic: UnjamCharacteristic = "BS"
    critical_fallback: bool = True  # seed 001's demo rule while no critical tables are loaded


def options_for(ruleset: D100Ruleset) -> D100Options:
    """Deathwatch: confirmed Fury, Charge +10. Dark Heresy: 1d5 critical fury. Only War: that and Charge +20."""
    if ruleset == "deathwatch":
        return D100Options()
    if ruleset == "dark_heresy":
        return D100Options(righteous_fury="critical_d5")
    return D100Options(righteous_fury="critical_d5", charge_bonus=20)
