"""A three-round encounter with fixed dice: interrupt, alternating activation, seizing, Prepare contests,
the turn budget, death tests at the start of a dying hero's turn, and every effect that lasts until a
character's next turn expiring exactly then."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from domain.commands import Actor
from domain.encounter import TurnPosition
from domain.errors import RuleViolation
from domain.events import Event
from domain.wrath_and_glory import WngCommand, WngState
from domain.wrath_and_glory.attacks import AttackOptions
from domain.wrath_and_glory.commands import (
    Attack,
    GainGlory,
    InteractionAttack,
    RerollFailedDice,
    ResolveAttack,
    RollDeathTest,
    Soak,
    StartTurn,
    TakeWounds,
)
from domain.wrath_and_glory.encounter_commands import (
    ContestInitiative,
    EndEncounter,
    Interrupt,
    Move,
    Prepare,
    SeizeInitiative,
    StartEncounter,
)
from domain.wrath_and_glory.encounter_events import (
    ActionTaken,
    EncounterEnded,
    InitiativeContested,
    InitiativeTaken,
    RoundStarted,
    TurnEffectsExpired,
)
from domain.wrath_and_glory.events import (
    DeathTestRolled,
    DefenceEffectAdded,
    GlorySpent,
    RuinSpent,
    TestRolled,
    TurnStarted,
    WrathSpent,
)
from domain.wrath_and_glory.evolve import evolve
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.ruling_events import SoakRerolled

from .scenario import ALICE, BOB, GM, run, table, then

ENCOUNTER = "mine-ambush"
MISS_9 = [1] * 8 + [2]


def at(round_: int, turn: int, character: str | None) -> TurnPosition:
    return TurnPosition(encounter=ENCOUNTER, round=round_, turn=turn, character_id=character)


class Play:
    """The table as play goes on: each step decides one command with fixed dice and folds its events."""

    def __init__(self, state: WngState) -> None:
        self.state = state
        self.events: list[Event] = []
        self.positions: list[TurnPosition | None] = []

    def step(self, command: WngCommand, faces: Sequence[int] = (), actor: Actor = GM) -> list[Event]:
        events = run(self.state, command, faces, actor)
        self.positions = []
        for event in events:
            self.state = evolve(self.state, event)
            self.positions.append(self.state.position)  # what the service stamps on each event
        self.events = events
        return events

    def refused(self, command: WngCommand, match: str, actor: Actor = GM) -> None:
        with pytest.raises(RuleViolation, match=match):
            run(self.state, command, [], actor)

    def defence(self, character_id: str) -> int:
        return self.state.characters[character_id].defence

    def only(self, kind: type[Event]) -> Event:
        found = [e for e in self.events if isinstance(e, kind)]
        assert len(found) == 1, found
        return found[0]


def test_encounter_three_rounds_every_timed_effect_fires() -> None:
    play = Play(then(table(heroes=2), GainGlory(amount=2)))  # Glory 2, Ruin 2, each hero Wrath 2
    play.step(StartEncounter(encounter_id=ENCOUNTER, participants=("h1", "h2", "orks", "boss")))
    assert play.state.position == at(1, 0, None)

    # Round 1. The GM interrupts: the warboss acts first (1 Ruin) with an All-Out Attack on hero 1.
    play.step(Interrupt(character_id="boss"))
    assert [type(e) for e in play.events] == [TurnStarted, RuinSpent, InitiativeTaken]
    assert play.positions == [at(1, 1, "boss")] * 3
    assert play.state.ruin == 1
    all_out = Attack(attacker_id="boss", targets=("h1",), weapon="choppa", options=AttackOptions(all_out=True))
    play.step(all_out, [4, 4, 4, 1, 1, 1, 1, 1, 1, 1, 2])  # 9 dice + 2: 3 icons against Defence 3
    assert play.defence("boss") == 1
    play.refused(Move(character_id="boss", metres=6), "full-turn action")
    play.step(ResolveAttack(test_id="t1", target_id="h1"), [1])  # 6 + Strength 6 = 12 against 8: 4 wounds
    # Hero 1 soaks: 1 icon, then Wrath rerolls the three failed dice into 6, 1, 1: 3 wounds ignored.
    play.step(Soak(character_id="h1", reroll="wrath"), [4, 1, 1, 1, 6, 1, 1], ALICE)
    rerolled = play.only(SoakRerolled)
    assert isinstance(rerolled, SoakRerolled) and (rerolled.ignored, rerolled.remaining) == (3, 1)
    h1 = play.state.characters["h1"]
    assert (h1.wounds, h1.shock, h1.wrath) == (5, 2, 1)
    assert play.positions[-1] == at(1, 1, "boss")  # the soak belongs to the warboss's turn

    # The players pick next: not the orks.
    play.refused(StartTurn(character_id="orks"), "it is not ork boyz's turn: it is the players' pick")
    play.step(StartTurn(character_id="h1"), [], ALICE)
    assert play.state.position == at(1, 2, "h1")
    play.refused(Attack(attacker_id="h2", targets=("boss",), weapon="boltgun"), "it is not hero 2's turn", BOB)
    play.step(Prepare(character_id="h1"), [], ALICE)
    play.step(Move(character_id="h1", metres=6), [], ALICE)
    play.refused(Attack(attacker_id="h1", targets=("boss",), weapon="boltgun"), "one normal action per turn", ALICE)
    play.refused(Move(character_id="h1", metres=1), "one move action per turn", ALICE)

    # The players seize the initiative (1 Glory): hero 2 acts before the GM's next NPC.
    play.step(SeizeInitiative(character_id="h2"), [], BOB)
    assert play.state.glory == 1 and play.state.position == at(1, 3, "h2")
    play.refused(SeizeInitiative(character_id="h2"), "already seized the initiative this round", BOB)
    interaction = InteractionAttack(attacker_id="h2", target_id="boss", skill="athletics")
    play.step(interaction, [4, 4, 4, 4, 1, 1, 2], BOB)  # 7 dice, DN = the warboss's Resolve 4
    play.step(ResolveAttack(test_id="t3", target_id="boss", effect="defence"), [], BOB)
    assert play.defence("boss") == 0  # 3 − 2 (All-Out) − 1 (interaction)
    play.refused(Attack(attacker_id="h2", targets=("boss",), weapon="boltgun"), "one attack per turn", BOB)

    # The GM's pick: the orks run (−2 Defence until their next turn). Everyone has acted.
    play.step(StartTurn(character_id="orks"))
    play.step(Move(character_id="orks", mode="run", metres=12))
    assert play.defence("orks") == 1 and play.state.position == at(1, 4, "orks")
    play.refused(SeizeInitiative(character_id="boss"), "the GM interrupted this round")

    # Round 2 opens with the players' pick; the orks' run still lowers the DN of a shot at them.
    play.step(StartTurn(character_id="h2"), [], BOB)
    assert isinstance(play.events[0], RoundStarted)
    assert play.positions[:2] == [at(2, 0, None), at(2, 1, "h2")]
    play.step(Attack(attacker_id="h2", targets=("orks",), weapon="boltgun"), [4] + [1] * 10 + [2], BOB)
    shot = play.only(TestRolled)
    assert isinstance(shot, TestRolled) and (shot.dn, shot.success) == (1, True)

    # The GM would pick the warboss; hero 1 prepared last round and contests it: 3 icons against 1.
    play.step(ContestInitiative(character_id="h1", npc_id="boss"), [6, 4, 1, 1, 4, 1, 1, 1], ALICE)
    contest = play.only(InitiativeContested)
    assert isinstance(contest, InitiativeContested) and (contest.character_icons, contest.npc_icons) == (3, 1)
    assert play.state.position == at(2, 2, "h1") and not play.state.encounter.prepared  # type: ignore[union-attr]
    assert not any(isinstance(e, TurnEffectsExpired) for e in play.events)
    chainsword = Attack(attacker_id="h1", targets=("boss",), weapon="chainsword")
    play.step(chainsword, [1, 1, 1, 1, 1, 1, 2], ALICE)
    swing = play.only(TestRolled)
    assert isinstance(swing, TestRolled) and (swing.dn, swing.success) == (0, True)  # the warboss's turn not yet

    # The warboss's turn: All-Out and interaction penalties end exactly now; it knocks hero 1 out.
    play.step(StartTurn(character_id="boss"))
    expired = play.only(TurnEffectsExpired)
    assert expired == TurnEffectsExpired(
        character_id="boss", defence=(Modifier("all-out attack", -2), Modifier("interaction attack", -1)),
        prepared=False, cause="turn_started",
    )
    assert play.defence("boss") == 3 and play.positions[-1] == at(2, 3, "boss")
    play.step(Attack(attacker_id="boss", targets=("h1",), weapon="choppa"), [4, 4, 4] + [1] * 5 + [2])
    play.step(ResolveAttack(test_id="t6", target_id="h1"), [6])  # 12 + 2 ED icons = 14: 6 wounds
    play.step(TakeWounds(character_id="h1"), [], ALICE)
    h1 = play.state.characters["h1"]
    assert h1.wounds == 0 and h1.has("unconscious") and h1.has("dying") and h1.death_test_due
    # Falling unconscious: the death test is due at once, and play waits for it.
    play.refused(StartTurn(character_id="orks"), "hero 1 must roll the death test now due")
    play.step(RollDeathTest(character_id="h1"), [3], ALICE)
    assert play.state.characters["h1"].death_failures == 1
    play.refused(RollDeathTest(character_id="h1"), "next one comes with the start of their turn", ALICE)

    # The orks' turn: their run ends; the troop splits its members over two attacks, no more.
    play.step(StartTurn(character_id="orks"))
    assert play.only(TurnEffectsExpired) == TurnEffectsExpired(
        character_id="orks", defence=(Modifier("run", -2),), prepared=False, cause="turn_started"
    )
    split = Attack(attacker_id="orks", targets=("h2",), weapon="choppa", troop_members=5)
    play.step(split, MISS_9)
    play.step(split, MISS_9)
    play.refused(Attack(attacker_id="orks", targets=("h2",), weapon="choppa", troop_members=1), "one attack per turn")

    # Round 3: hero 1's turn starts with its death test (1 Wrath first for +1: 2 + 1 = 3, a second failure).
    play.step(StartTurn(character_id="h1", spend_wrath_on_death_test=True), [2], ALICE)
    assert [type(e) for e in play.events] == [RoundStarted, TurnStarted, WrathSpent, DeathTestRolled]
    assert play.positions[-1] == at(3, 1, "h1")
    h1 = play.state.characters["h1"]
    assert (h1.death_failures, h1.wrath, h1.has("dying")) == (2, 0, True)
    death = play.only(DeathTestRolled)
    assert isinstance(death, DeathTestRolled)
    play.refused(RerollFailedDice(test_id=death.roll_id), "Wrath cannot reroll a death test", ALICE)
    play.refused(Attack(attacker_id="h1", targets=("boss",), weapon="boltgun"), "unconscious", ALICE)

    # The warboss moves; the GM seizes the initiative (1 Ruin) so the orks act before hero 2.
    play.step(StartTurn(character_id="boss"))
    play.step(Move(character_id="boss", metres=6))
    play.step(SeizeInitiative(character_id="orks"))
    assert play.state.ruin == 0 and play.state.position == at(3, 3, "orks")
    play.step(StartTurn(character_id="h2"), [], BOB)
    play.step(Move(character_id="h2", mode="run", metres=12), [], BOB)
    assert play.defence("h2") == 1

    # The end of the encounter ends what lasts until a next turn, and leaves the encounter.
    play.step(EndEncounter())
    assert play.events == [
        EncounterEnded(encounter_id=ENCOUNTER, rounds=3),
        TurnEffectsExpired(character_id="h2", defence=(Modifier("run", -2),), prepared=False, cause="encounter_ended"),
    ]
    assert play.state.position is None and play.positions == [None, None]
    assert play.defence("h2") == 3 and play.state.encounters_held == (ENCOUNTER,)


def test_encounter_ambush_surprised_wait_unless_made_aware() -> None:
    play = Play(then(table(heroes=2), GainGlory(amount=1)))
    play.step(StartEncounter(encounter_id=ENCOUNTER, participants=("h1", "h2", "orks", "boss"), ambush="gm"))
    play.refused(StartTurn(character_id="h1"), "hero 1 is surprised", ALICE)
    from domain.wrath_and_glory.encounter_commands import MakeAware

    play.step(MakeAware(character_id="h1"), [], ALICE)
    assert play.state.glory == 0 and isinstance(play.events[0], GlorySpent)
    play.refused(StartTurn(character_id="h1"), "it is the GM's pick", ALICE)  # the ambushers go first
    play.step(StartTurn(character_id="boss"))
    play.refused(StartTurn(character_id="h2"), "hero 2 is surprised", BOB)
    play.step(StartTurn(character_id="h1"), [], ALICE)  # aware: acts in the normal alternation
    play.step(StartTurn(character_id="orks"))
    play.step(StartTurn(character_id="h2"), [], BOB)  # every ambusher has acted
    assert play.state.position == at(1, 4, "h2")
    play.refused(StartTurn(character_id="boss"), "the players' pick")  # round 2: no ambush any more
    play.step(StartTurn(character_id="h2"), [], BOB)
    assert play.state.position == at(2, 1, "h2")


def test_encounter_when_one_side_runs_out_the_other_finishes_the_round() -> None:
    play = Play(table(heroes=1))
    play.step(StartEncounter(encounter_id=ENCOUNTER, participants=("h1", "orks", "boss")))
    play.step(StartTurn(character_id="h1"), [], ALICE)
    play.step(StartTurn(character_id="boss"))
    play.step(StartTurn(character_id="orks"))  # no hero left to act: the GM finishes the round
    assert play.state.position == at(1, 3, "orks")
    play.refused(StartTurn(character_id="boss"), "it is not warboss's turn: it is the players' pick")
    play.step(Interrupt(character_id="boss"))  # the next round begins with the GM's interrupt
    assert isinstance(play.events[0], RoundStarted) and play.positions[0] == at(2, 0, None)
    assert play.state.position == at(2, 1, "boss")


def test_encounter_interrupt_blocks_the_gms_seize_that_round() -> None:
    play = Play(table(heroes=2))
    play.step(StartEncounter(encounter_id=ENCOUNTER, participants=("h1", "h2", "orks", "boss")))
    play.step(Interrupt(character_id="boss"))
    play.refused(Interrupt(character_id="orks"), "this round has begun")
    play.refused(SeizeInitiative(character_id="orks"), "the GM interrupted this round")


def test_encounter_budget_simple_actions_and_full_turn() -> None:
    from domain.wrath_and_glory.encounter_commands import TakeAction

    play = Play(table(heroes=1))
    play.step(StartEncounter(encounter_id=ENCOUNTER, participants=("h1", "boss")))
    play.step(StartTurn(character_id="h1"), [], ALICE)
    speak = TakeAction(character_id="h1", kind="simple", name="speak")
    play.step(speak, [], ALICE)
    play.step(speak, [], ALICE)
    play.refused(speak, "up to two simple actions per turn", ALICE)
    play.refused(TakeAction(character_id="h1", kind="full_turn", name="psychic power"), "needs the whole turn", ALICE)
    play.step(TakeAction(character_id="h1", kind="free", name="shout a warning"), [], ALICE)
    # A free action costs nothing, but what a player posted is still recorded.
    assert play.events == [ActionTaken(character_id="h1", name="shout a warning", kind="free")]


def test_encounter_ruin_action_costs_one_ruin_and_no_budget() -> None:
    from domain.wrath_and_glory.encounter_commands import TakeAction

    play = Play(table(heroes=2))
    play.step(StartEncounter(encounter_id=ENCOUNTER, participants=("h1", "h2", "boss")))
    play.step(TakeAction(character_id="boss", kind="ruin", name="Waaagh!"))
    spent = play.only(RuinSpent)
    assert isinstance(spent, RuinSpent) and (spent.cause, spent.after, spent.reason) == ("ruin_action", 1, "Waaagh!")


def test_encounter_outside_it_nothing_is_budgeted() -> None:
    play = Play(table(heroes=1))
    play.step(Attack(attacker_id="h1", targets=("boss",), weapon="boltgun"), [1] * 12, ALICE)
    play.step(Attack(attacker_id="h1", targets=("boss",), weapon="boltgun"), [1] * 12, ALICE)
    assert play.state.position is None


def test_encounter_start_refuses_a_second_running_encounter() -> None:
    play = Play(table(heroes=1))
    play.step(StartEncounter(encounter_id=ENCOUNTER, participants=("h1", "boss")))
    play.refused(StartEncounter(encounter_id="other", participants=("h1",)), "still running")
    play.step(EndEncounter())
    play.refused(StartEncounter(encounter_id=ENCOUNTER, participants=("h1",)), "already been played")


def test_encounter_run_lowers_defence_until_next_turn() -> None:
    play = Play(table(heroes=1))
    play.step(StartEncounter(encounter_id=ENCOUNTER, participants=("h1", "boss")))
    play.step(StartTurn(character_id="h1"), [], ALICE)
    play.step(Move(character_id="h1", mode="run", metres=12), [], ALICE)
    assert play.only(DefenceEffectAdded) == DefenceEffectAdded(character_id="h1", effect=Modifier("run", -2))
    play.refused(Move(character_id="h1", mode="run", metres=13), "at most 12 m", ALICE)
