"""Which refused d100 line a post skips (domain/skipping.py): given the events its earlier lines wrote and the
rules' refusal, `!damage` after the post's own miss or fully dodged attack, and `!fate reroll` after the post's
own hit, are skipped; the same lines about a roll of an earlier post stay refused."""

from __future__ import annotations

import pytest

from domain.d100 import decide
from domain.d100 import events as ev
from domain.d100.commands import Attack, React, RollDamage, SpendFate
from domain.dice import FixedDice
from domain.errors import DomainError
from domain.events import Event
from domain.skipping import skip_reason
from tests.d100.test_d100_flow import ANNA, GM, run, squad


def _refusal(state: object, command: object) -> DomainError:
    with pytest.raises(DomainError) as refused:
        decide(state, command, FixedDice([]), GM)  # type: ignore[arg-type]
    return refused.value


def test_d100_skipped_damage_after_the_posts_own_miss() -> None:
    state = squad()
    shot, state = run(state, Attack(attack_id="a1", attacker_id="brother", target_id="cultist",
                                    weapon_id="bolter"), [80])  # 80 > BS 50: a miss
    assert isinstance(shot[0], ev.AttackRolled) and shot[0].stage == "missed"
    damage = RollDamage(attack_id="a1")
    refused = _refusal(state, damage)
    assert skip_reason(damage, refused, shot) == ("attack_missed", "a1")
    # The attack was rolled by an earlier post: none of this post's lines rolled it, so the refusal stands.
    assert skip_reason(damage, refused, []) is None


def test_d100_skipped_damage_after_the_posts_own_attack_was_dodged() -> None:
    state = squad()
    shot, state = run(state, Attack(attack_id="a1", attacker_id="cultist", target_id="brother", weapon_id="knife"),
                      [11])
    dodged, state = run(state, React(attack_id="a1", reaction="dodge"), [20], ANNA)
    assert isinstance(dodged[0], ev.ReactionRolled) and dodged[0].hits_after == 0
    damage = RollDamage(attack_id="a1")
    refused = _refusal(state, damage)
    assert skip_reason(damage, refused, [*shot, *dodged]) == ("hits_avoided", "a1")
    assert skip_reason(damage, refused, shot) is None  # the dodge was in an earlier post
    # An attack no line of the post rolled ("no attack to refer to") is refused as before.
    unknown = RollDamage(attack_id="a9")
    assert skip_reason(unknown, _refusal(state, unknown), [*shot, *dodged]) is None


def test_d100_skipped_second_damage_of_a_hit_is_refused() -> None:
    state = squad()
    shot, state = run(state, Attack(attack_id="a1", attacker_id="brother", target_id="cultist",
                                    weapon_id="bolter"), [30])
    reacted, state = run(state, React(attack_id="a1", reaction="none"), [], GM)
    hurt, state = run(state, RollDamage(attack_id="a1"), [5, 5, 5, 5, 5, 5])
    again = RollDamage(attack_id="a1")
    assert skip_reason(again, _refusal(state, again), [*shot, *reacted, *hurt]) is None


def test_d100_skipped_fate_reroll_after_the_posts_own_hit() -> None:
    state = squad()
    shot, state = run(state, Attack(attack_id="a1", attacker_id="brother", target_id="cultist",
                                    weapon_id="bolter"), [30])
    assert isinstance(shot[0], ev.AttackRolled) and shot[0].success
    reroll = SpendFate(character_id="brother", use="reroll", test_id="a1")
    refused = _refusal(state, reroll)
    assert skip_reason(reroll, refused, shot) == ("roll_succeeded", "a1")
    assert skip_reason(reroll, refused, []) is None
    # Other Fate uses are never skipped: they are not a consequence of the roll.
    earlier: list[Event] = list(shot)
    assert skip_reason(SpendFate(character_id="brother", use="add_degree", test_id="a1"), refused, earlier) is None
