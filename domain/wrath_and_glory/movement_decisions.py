"""Deciding moves: standard, double, run, climb and swim, and the Agility test of a climb or swim at full
Speed (RULES B3: "climb/swim at half Speed (Agility test for full Speed)")."""

from __future__ import annotations

import msgspec

from domain.commands import Actor
from domain.dice import Dice
from domain.errors import RuleViolation
from domain.events import Event
from domain.message import message
from domain.wrath_and_glory.access import require_control
from domain.wrath_and_glory.action_decisions import able_to_move
from domain.wrath_and_glory.encounter_commands import Move
from domain.wrath_and_glory.encounter_events import Moved, MovementTestRolled
from domain.wrath_and_glory.events import DefenceEffectAdded, WrathSpent
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.outcome import judge, wrath_outcome
from domain.wrath_and_glory.pool import DEFAULT_DN, build_pool
from domain.wrath_and_glory.resources import spend
from domain.wrath_and_glory.roll_decisions import glory_gain
from domain.wrath_and_glory.rolls import PoolDie, faces, rerollable_positions, roll_pool, wrath_face
from domain.wrath_and_glory.ruin_payment import check_reroll_payment, pay_ruin
from domain.wrath_and_glory.state import CharacterState, WngState
from domain.wrath_and_glory.turn_budget import MOVE, take_action

RUN_DEFENCE = Modifier("run", -2)


def decide_move(state: WngState, command: Move, dice: Dice, actor: Actor) -> list[Event]:
    character = state.character(command.character_id)
    require_control(actor, character)
    able_to_move(character)
    name = character.sheet.name
    if command.mode != "standard" and character.has("exhausted"):
        raise RuleViolation("exhausted", case="move", character=name)
    if (command.agility_test or command.reroll is not None) and command.mode not in ("climb", "swim"):
        raise RuleViolation("agility_test", case="mode", mode=message(f"term.wng.move_mode.{command.mode}"))
    if command.reroll is not None and not command.agility_test:
        raise RuleViolation("agility_test", case="reroll")
    speed = character.sheet.speed
    limits = {"standard": speed, "double": 2 * speed, "run": 2 * speed, "climb": speed / 2, "swim": speed / 2}
    most = speed if command.agility_test else limits[command.mode]
    if not 0 <= command.metres <= most:
        raise RuleViolation("speed", case="mode", character=name, metres=most,
                            mode=message(f"term.wng.move_mode.{command.mode}"))
    cost = MOVE
    if command.mode in ("double", "run"):
        # A double move spends the action after moving; running spends it before, to go twice as far.
        cost = msgspec.structs.replace(MOVE, normal=True)
    events = take_action(state, character, cost, f"{command.mode} move")
    metres = command.metres
    if command.agility_test:
        tested = _agility_test(state, character, command, dice, actor)
        events += tested
        rolled = next(e for e in tested if isinstance(e, MovementTestRolled))
        most = speed if rolled.success else limits[command.mode]
        metres = min(metres, most)
    events.append(Moved(character_id=character.id, mode=command.mode, metres=metres, max_metres=most))
    if command.mode == "run":
        events.append(DefenceEffectAdded(character_id=character.id, effect=RUN_DEFENCE))
    return events


def _agility_test(state: WngState, character: CharacterState, command: Move, dice: Dice, actor: Actor) -> list[Event]:
    """Agility dice against DN 3 with a Wrath die; a declared reroll is used only if the first roll fails."""
    check_reroll_payment(character, command.reroll)
    pool = build_pool(0, character.sheet.attribute("agility"), (), state.tier)
    test_id = state.next_test_id()
    rolled = roll_pool(dice, pool.total)
    outcome = judge(faces(rolled), DEFAULT_DN)
    events: list[Event] = []
    after = list(rolled)
    positions = rerollable_positions(rolled)
    if command.reroll is not None and not outcome.success and positions:
        if command.reroll == "wrath":
            change = spend(character.wrath, 1, rule="wrath")
            events.append(WrathSpent(character_id=character.id, amount=1, cause="reroll", before=change.before,
                                     after=change.after, test_id=test_id))
        else:
            events.append(pay_ruin(state, actor, character, "reroll", personal=command.reroll == "personal_ruin",
                                   test_id=test_id))
        for p in positions:
            after[p] = PoolDie(die=dice.roll(6), role=rolled[p].role)
        outcome = judge(faces(after), DEFAULT_DN)
    face = wrath_face(after)
    wrath = "none" if face is None else wrath_outcome(face)
    events.append(
        MovementTestRolled(
            test_id=test_id, character_id=character.id, mode=command.mode, pool=pool, dn=DEFAULT_DN,
            dice=tuple(rolled), rerolled=tuple(after) if after != rolled else (), icons=outcome.icons,
            success=outcome.success, wrath=wrath,
        )
    )
    if wrath == "glory":
        events.append(glory_gain(state.glory, 1, state.glory_cap, "wrath_six", test_id))
    return events
