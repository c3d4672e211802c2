"""Stun, Knock-Down, Feint and Grapple (RULES A5): the test, then a `ManoeuvreResolved` with its consequences."""

from __future__ import annotations

from msgspec.structs import replace

from ..dice import Dice, Die, d5
from ..errors import RuleViolation
from ..events import Event
from .characteristics import Characteristic
from .commands import OpposedSide, RollOpposedTest, RollTest
from .context import D100Context
from .encounter_commands import CONTROLLER_OPTIONS, Feint, Grapple, KnockDown
from .encounter_events import CharacterChange, ManoeuvreResolved, StunResolved
from .encounter_state import ActionCost
from .events import OpposedTestRolled, TestRolled
from .harm import toughness_bonus, wound
from .modifiers import Modifier
from .roll_decisions import character, opposed_rolled, require_able, test_rolled
from .state import CharacterState, Condition, D100State, PendingAttack
from .turn_budget import use_action


def _bonus(char: CharacterState, key: Characteristic) -> int:
    return char.bonus(key)


def resolve_stun(state: D100State, attack: PendingAttack, dice: Dice) -> StunResolved:
    """1d10 + SB against 1d10 + TB + head AP (doubled for unarmed or primitive): stunned for the difference."""
    attacker = character(state, attack.attacker_id)
    target = character(state, attack.target_id)
    weapon = attacker.sheet.weapon(attack.weapon_id)
    doubled = weapon is not None and (weapon.id == "unarmed" or "primitive" in weapon.qualities)
    head = target.sheet.armour.head * (2 if doubled else 1)
    hit, resist = dice.roll(10), dice.roll(10)
    sb, tb = _bonus(attacker, "S"), toughness_bonus(target)
    ours, theirs = hit.value + sb, resist.value + tb + head
    # "Igual o mejor" stuns; an equal roll stuns for 1 round (our reading: a stun of 0 rounds is no stun).
    rounds = max(1, ours - theirs) if ours >= theirs else 0
    change = CharacterChange(character_id=target.id)
    if rounds:
        change = CharacterChange(
            character_id=target.id, fatigue_after=target.fatigue + 1,
            conditions_added=(Condition(name="stunned", rounds=rounds, note=f"stunned by {attacker.name}"),),
        )
    return StunResolved(
        attack_id=attack.id, attacker_id=attacker.id, target_id=target.id, dice=(hit, resist), attacker_total=ours,
        strength_bonus=sb, target_total=theirs, toughness_bonus=tb, head_armour=head, stunned_rounds=rounds,
        change=change,
    )


def resolve_grapple_start(state: D100State, attack: PendingAttack) -> ManoeuvreResolved:
    """An unarmed attack that grapples and was not avoided: both are grappled, the attacker controls."""
    return ManoeuvreResolved(
        contest_id=attack.id, manoeuvre="grapple_start", actor_id=attack.attacker_id, opponent_id=attack.target_id,
        outcome="grappled", grapple_controller=attack.attacker_id,
    )


def _blow(state: D100State, striker: CharacterState, victim: CharacterState, dice: Dice) -> tuple[Die, CharacterChange]:
    """Unarmed damage to the body: 1d5 − 3 + SB, armour doubled, and one level of fatigue."""
    die = dice.roll(10)
    total = max(0, d5(die) - 3 + _bonus(striker, "S"))
    wounding = max(0, total - toughness_bonus(victim) - 2 * victim.sheet.armour.body)
    hurt = wound(state, victim, wounding, "body", "impact", extra_fatigue=1)
    return die, CharacterChange(
        character_id=victim.id, damage_after=hurt.damage, critical_after=hurt.critical, fatigue_after=hurt.fatigue,
        criticals=hurt.criticals, critical_effects=hurt.effects, conditions_added=hurt.conditions,
    )


def _prone(char: CharacterState, *, note: str) -> CharacterChange:
    return CharacterChange(character_id=char.id, conditions_added=(Condition(name="prone", note=note),))


def _opposed(
    state: D100State, contest_id: str, first: str, second: str, characteristic: Characteristic, dice: Dice,
    mods: tuple[Modifier, ...] = (), second_mods: tuple[Modifier, ...] = (),
) -> OpposedTestRolled:
    return opposed_rolled(state, RollOpposedTest(
        contest_id=contest_id,
        first=OpposedSide(character_id=first, characteristic=characteristic, modifiers=mods),
        second=OpposedSide(character_id=second, characteristic=characteristic, modifiers=second_mods),
    ), dice)


def decide_knock_down(state: D100State, command: KnockDown, dice: Dice, context: D100Context) -> list[Event]:
    """A half action: opposed S (+10 after a move); win → target prone, by 2+ also a blow; lose by 2+ → prone."""
    spent = use_action(state, command.attacker_id, "half", "knock_down", command.use)
    return [*spent, *_knock_down(state, command, dice)]


def _knock_down(state: D100State, command: KnockDown, dice: Dice) -> list[Event]:
    attacker, target = character(state, command.attacker_id), character(state, command.target_id)
    require_able(attacker, "knock anyone down")
    # "+10 if a half action move came first" (RULES A5): said by the client, or the turn's Move half action.
    encounter = state.encounter
    moved = command.moved or (encounter is not None and encounter.acting == attacker.id
                              and command.use == "turn" and "move" in encounter.budget.halves)
    mods = (Modifier("moved first", 10),) if moved else ()
    contest = _opposed(state, command.contest_id, attacker.id, target.id, "S", dice, mods)
    result = contest.result
    rolled: tuple[Die, ...] = ()
    changes: tuple[CharacterChange, ...] = ()
    outcome = "no_effect"
    if result.winner == "first":
        outcome, changes = "target_prone", (_prone(target, note=f"knocked down by {attacker.name}"),)
        if result.net_degrees >= 2:
            die, hurt = _blow(state, attacker, target, dice)
            rolled = (die,)
            changes = (replace(hurt, conditions_added=hurt.conditions_added + changes[0].conditions_added),)
            outcome = "target_prone_and_hurt"
    elif result.winner == "second" and result.net_degrees >= 2:
        outcome, changes = "attacker_prone", (_prone(attacker, note=f"{target.name} stood firm"),)
    return [contest, ManoeuvreResolved(
        contest_id=command.contest_id, manoeuvre="knock_down", actor_id=attacker.id, opponent_id=target.id,
        outcome=outcome, dice=rolled, changes=changes,
    )]


def decide_feint(state: D100State, command: Feint, dice: Dice, context: D100Context) -> list[Event]:
    """A half action: opposed WS; on a win the next Standard melee attack on the target cannot be avoided."""
    spent = use_action(state, command.attacker_id, "half", "feint", command.use)
    return [*spent, *_feint(state, command, dice, context)]


def _feint(state: D100State, command: Feint, dice: Dice, context: D100Context) -> list[Event]:
    attacker, target = character(state, command.attacker_id), character(state, command.target_id)
    require_able(attacker, "feint")
    # The feinter's opposed WS test is a WS test against the target (the Oath of Knowledge's +10 on its enemy).
    contest = _opposed(state, command.contest_id, attacker.id, target.id, "WS", dice,
                       context.against(attacker.id, target.sheet.enemy_type),
                       context.against(target.id, attacker.sheet.enemy_type))
    won = contest.result.winner == "first"
    return [contest, ManoeuvreResolved(
        contest_id=command.contest_id, manoeuvre="feint", actor_id=attacker.id, opponent_id=target.id,
        outcome="feint_won" if won else "feint_lost", feint_against=target.id if won else None,
    )]


def decide_grapple(state: D100State, command: Grapple, dice: Dice, context: D100Context) -> list[Event]:
    """The Grapple action: free to release, a full action for the controller, else a half."""
    controls = command.character_id in state.grapples
    cost: ActionCost = "free" if command.option == "release" else ("full" if controls else "half")
    spent = use_action(state, command.character_id, cost, "grapple")
    return [*spent, *_grapple(state, command, dice)]


def _grapple(state: D100State, command: Grapple, dice: Dice) -> list[Event]:
    """The controller's options (damage, take down, push, ready, stand, release) or the grappled one's."""
    found = state.grapple_of(command.character_id)
    if found is None:
        raise RuleViolation("not_grappling")
    controller_id, grappled_id = found
    actor = character(state, command.character_id)
    controls = actor.id == controller_id
    if (command.option in CONTROLLER_OPTIONS) != controls:
        whose = "controller" if command.option in CONTROLLER_OPTIONS else "grappled"
        raise RuleViolation("grapple_option", case=whose, option=command.option.replace("_", " "))
    opponent = character(state, grappled_id if controls else controller_id)
    require_able(actor, "grapple")

    def resolved(
        outcome: str, *events: Event, rolled: tuple[Die, ...] = (), changes: tuple[CharacterChange, ...] = (),
        grapple_controller: str | None = None, grapple_ended: bool = False, push_m: int | None = None,
    ) -> list[Event]:
        return [*events, ManoeuvreResolved(
            contest_id=command.contest_id, manoeuvre=f"grapple_{command.option}", actor_id=actor.id,
            opponent_id=opponent.id, outcome=outcome, dice=rolled, changes=changes,
            grapple_controller=grapple_controller, grapple_ended=grapple_ended, push_m=push_m,
        )]

    if command.option == "release":
        return resolved("released", grapple_ended=True)
    if command.option == "ready":
        return resolved("readied")
    if command.option == "slip_free":
        test: TestRolled = test_rolled(state, RollTest(
            test_id=command.contest_id, character_id=actor.id, skill="Contortionist", difficulty="challenging",
        ), dice)
        return resolved("slipped_free" if test.success else "held", test, grapple_ended=test.success)
    contest = _opposed(state, command.contest_id, actor.id, opponent.id, "S", dice)
    won = contest.result.winner == "first"
    if not won:
        return resolved("held", contest)
    match command.option:
        case "damage":
            blow, hurt = _blow(state, actor, opponent, dice)
            return resolved("hurt", contest, rolled=(blow,), changes=(hurt,))
        case "take_down":
            return resolved("taken_down", contest, changes=(_prone(opponent, note="taken down in a grapple"),))
        case "push":
            metres = min(1 + contest.result.net_degrees, max(1, _bonus(actor, "Ag")))
            return resolved("pushed", contest, push_m=metres)
        case "stand":
            changes = tuple(
                CharacterChange(character_id=c.id, conditions_removed=("prone",)) for c in (actor, opponent)
            )
            return resolved("stood", contest, changes=changes)
        case "break_free":
            return resolved("broke_free", contest, grapple_ended=True)
        case _:  # take_control
            return resolved("took_control", contest, grapple_controller=actor.id)
