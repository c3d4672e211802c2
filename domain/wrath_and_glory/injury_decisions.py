"""Deciding injury: damage landing, soak, taking wounds, death tests and recovering shock."""

from __future__ import annotations

from domain.commands import Actor
from domain.dice import Dice, Die
from domain.errors import RuleViolation
from domain.events import Event
from domain.wrath_and_glory.access import require_control
from domain.wrath_and_glory.commands import RecoverShock, RollDeathTest, Soak, TakeWounds
from domain.wrath_and_glory.damage import death_test, instantly_killed, shock_recovered, soak, troop_members_lost
from domain.wrath_and_glory.events import (
    DamageApplied,
    DamageCause,
    DeathTestRolled,
    NextActionPenaltyAdded,
    ShockRecovered,
    SoakRolled,
    WrathSpent,
)
from domain.wrath_and_glory.evolve import replay
from domain.wrath_and_glory.icons import count_icons
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.resources import spend
from domain.wrath_and_glory.rolls import roll_d6s
from domain.wrath_and_glory.ruin_payment import check_reroll_payment, pay_ruin
from domain.wrath_and_glory.ruling_events import SoakRerolled
from domain.wrath_and_glory.state import CharacterState, WngState
from domain.wrath_and_glory.turn_budget import SIMPLE, take_action

SHOCK_RECOVERY_DN = Modifier("after recovering shock", 2)
DEATH_TEST_FAILURES_TO_DIE = 3


def troop_damage(troop: CharacterState, hits: int, wounds: int, dice: Dice, test_id: str) -> DamageApplied:
    per_wounds, per_shock = troop.sheet.wounds, troop.sheet.shock
    shock_dice: tuple[Die, ...] = ()
    wounds_lost = troop.troop_wounds_lost
    shock_lost = troop.troop_shock_lost
    if wounds:
        wounds_lost += hits * min(wounds, per_wounds)
    else:
        shock_dice = tuple(dice.roll(3) for _ in range(hits))
        shock_lost += sum(min(d.value, per_shock) for d in shock_dice)
    lost = troop_members_lost(troop.troop_wounds_lost, wounds_lost, per_wounds) + troop_members_lost(
        troop.troop_shock_lost, shock_lost, per_shock
    )
    lost = min(lost, troop.members_left)
    left = troop.members_left - lost
    return DamageApplied(
        character_id=troop.id, cause="attack", shock_dice=shock_dice,
        shock_lost=sum(d.value for d in shock_dice), wounds=wounds * hits,
        shock_after=troop.shock, wounds_after=troop.wounds, exhausted=False, unconscious=False, dying=False,
        dead=left == 0, members_lost=lost, members_left=left, troop_shock_lost=shock_lost,
        troop_wounds_lost=wounds_lost, dissolved=left <= 1, test_id=test_id,
    )


def apply_damage(
    target: CharacterState,
    cause: DamageCause,
    *,
    shock_dice: tuple[Die, ...],
    shock: int,
    wounds: int,
    test_id: str | None,
) -> DamageApplied:
    """Shock and wounds land: shock 0 exhausts; wounds 0 knocks a hero out (dying) and kills an NPC."""
    shock_after = max(0, target.shock - shock)
    wounds_after = max(0, target.wounds - wounds)
    instant = wounds > 0 and instantly_killed(wounds, target.sheet.wounds)
    down = wounds_after == 0 and wounds > 0
    dead = target.has("dead") or instant or (down and not target.is_hero)
    unconscious = not dead and (target.has("unconscious") or down)
    dying = not dead and (target.has("dying") or (unconscious and wounds > 0))
    return DamageApplied(
        character_id=target.id,
        cause=cause,
        shock_dice=shock_dice,
        shock_lost=target.shock - shock_after,
        wounds=wounds,
        shock_after=shock_after,
        wounds_after=wounds_after,
        exhausted=shock_after == 0,
        unconscious=unconscious,
        dying=dying,
        dead=dead,
        instant_death=instant,
        members_left=target.members_left,
        test_id=test_id,
    )


def _pending(state: WngState, character_id: str, actor: Actor) -> CharacterState:
    target = state.character(character_id)
    require_control(actor, target)
    if target.pending_wounds is None:
        raise RuleViolation("soak", case="nothing_pending", character=target.sheet.name)
    return target


def decide_soak(state: WngState, command: Soak, dice: Dice, actor: Actor) -> list[Event]:
    if state.character(command.character_id).is_troop:
        raise RuleViolation("soak", case="troop")
    target = _pending(state, command.character_id, actor)
    pending = target.pending_wounds
    assert pending is not None
    check_reroll_payment(target, command.reroll)
    events: list[Event] = []
    if not target.is_hero:
        events.append(pay_ruin(state, actor, target, "soak", personal=command.personal_ruin, test_id=pending.test_id))
    roll_id = state.next_test_id()
    rolled = tuple(roll_d6s(dice, target.sheet.soak or target.sheet.attribute("toughness")))
    result = soak(count_icons(d.value for d in rolled), pending.wounds)
    events.append(
        SoakRolled(
            roll_id=roll_id, character_id=target.id, dice=rolled, icons=result.icons,
            wounds=pending.wounds, ignored=result.ignored, remaining=result.remaining, shock_cost=result.shock_cost,
        )
    )
    failed = [d for d in rolled if d.value < 4]
    if command.reroll is not None and result.remaining and failed:
        if command.reroll == "wrath":
            change = spend(target.wrath, 1, rule="wrath")
            events.append(WrathSpent(character_id=target.id, amount=1, cause="reroll", before=change.before,
                                     after=change.after, test_id=roll_id))
        else:
            # The soak's own Ruin is already spent: the reroll pays from what it left (issue 11, defect 6).
            paid = replay(events, state)
            events.append(pay_ruin(paid, actor, paid.characters[target.id], "reroll",
                                   personal=command.reroll == "personal_ruin", test_id=roll_id))
        after = tuple(dice.roll(6) for _ in failed)
        kept = [d for d in rolled if d.value >= 4]
        result = soak(count_icons(d.value for d in [*kept, *after]), pending.wounds)
        events.append(
            SoakRerolled(
                roll_id=roll_id, character_id=target.id, paid_with="wrath" if command.reroll == "wrath" else "ruin",
                before_faces=tuple(d.value for d in failed), after=after, icons=result.icons, ignored=result.ignored,
                remaining=result.remaining, shock_cost=result.shock_cost,
            )
        )
    events.append(apply_damage(target, "soak", shock_dice=(), shock=result.shock_cost, wounds=result.remaining,
                               test_id=pending.test_id))
    return events


def decide_take_wounds(state: WngState, command: TakeWounds, dice: Dice, actor: Actor) -> list[Event]:
    target = _pending(state, command.character_id, actor)
    pending = target.pending_wounds
    assert pending is not None
    return [apply_damage(target, "attack", shock_dice=(), shock=0, wounds=pending.wounds, test_id=pending.test_id)]


def decide_death_test(state: WngState, command: RollDeathTest, dice: Dice, actor: Actor) -> list[Event]:
    character = state.character(command.character_id)
    require_control(actor, character)
    if not character.has("dying"):
        raise RuleViolation("death_test", case="not_dying", character=character.sheet.name)
    encounter = state.encounter
    if encounter is not None and character.id in encounter.participants and not character.death_test_due:
        raise RuleViolation("death_test", case="not_due", character=character.sheet.name)
    return roll_death_test(state, character, dice, spend_wrath=command.spend_wrath)


def roll_death_test(state: WngState, character: CharacterState, dice: Dice, *, spend_wrath: bool) -> list[Event]:
    """1d6, +1 if 1 Wrath is spent before rolling: 6 wakes, 4–5 stabilises, 2–3 one failure, 1 two."""
    events: list[Event] = []
    bonus = 0
    if spend_wrath:
        change = spend(character.wrath, 1, rule="wrath")
        events.append(WrathSpent(character_id=character.id, amount=1, cause="death_test", before=change.before,
                                 after=change.after))
        bonus = 1
    die = dice.roll(6)
    result = death_test(die.value, bonus)
    failures = character.death_failures + result.failures
    events.append(
        DeathTestRolled(
            roll_id=state.next_test_id(), character_id=character.id, die=die, bonus=bonus, total=result.total,
            result=result.result, failures_after=failures,
            wounds_after=1 if result.result == "wakes" else character.wounds,
            dead=failures >= DEATH_TEST_FAILURES_TO_DIE,
        )
    )
    return events


def decide_recover_shock(state: WngState, command: RecoverShock, dice: Dice, actor: Actor) -> list[Event]:
    character = state.character(command.character_id)
    require_control(actor, character)
    if character.regrouped_into is not None:
        raise RuleViolation("regrouped", troop=character.sheet.name, into=character.regrouped_into)
    if character.has("dead") or character.has("unconscious"):
        raise RuleViolation("recover_shock", case="unconscious", character=character.sheet.name)
    if state.takes_part(character.id) and character.recovered_shock_this_turn:
        raise RuleViolation("recover_shock", case="once")
    # Read as a simple action: the seed lets another action follow it at +2 DN.
    events: list[Event] = take_action(state, character, SIMPLE, "recover shock")
    if character.is_hero:
        change = spend(character.wrath, 1, rule="wrath")
        events.append(WrathSpent(character_id=character.id, amount=1, cause="recover_shock", before=change.before,
                                 after=change.after))
    else:
        events.append(pay_ruin(state, actor, character, "recover_shock", personal=command.personal_ruin))
    die = dice.roll(3)
    after = min(character.sheet.shock, character.shock + shock_recovered(die.value))
    events.append(ShockRecovered(character_id=character.id, die=die, amount=after - character.shock,
                                 before=character.shock, after=after))
    events.append(NextActionPenaltyAdded(character_id=character.id, penalty=SHOCK_RECOVERY_DN))
    return events
