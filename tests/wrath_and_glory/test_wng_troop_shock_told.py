"""A troop that loses shock (damage at or below its Resilience: 1d3 shock, RULES.md B3) is told its shock die,
as every die is shown where it is told (docs/history.md), also once it has lost members to earlier hits."""

from __future__ import annotations

from domain.dice import Die
from domain.wrath_and_glory.events import DamageApplied
from domain.wrath_and_glory.phrases import PHRASES


def test_troop_shock_loss_tells_its_die_after_earlier_losses() -> None:
    # Ten orks, four cut down before (4 troop wounds lost); a laspistol's 7 against Resilience 7: 1d3 shows 1.
    event = DamageApplied(character_id="orks", cause="attack", shock_dice=(Die(k=0, sides=3, value=1),),
                          shock_lost=1, wounds=0, shock_after=1, wounds_after=1, exhausted=False, unconscious=False,
                          dying=False, dead=False, members_lost=0, members_left=6, troop_shock_lost=1,
                          troop_wounds_lost=4)
    names = {"orks": "Ork boyz"}.__getitem__
    assert PHRASES.sentence(event, names, "en") == "Ork boyz loses 1 shock [1] and 0 members (6 left)"
    assert PHRASES.sentence(event, names, "es") == "Ork boyz pierde 1 de shock [1] y 0 miembros (quedan 6)"
