"""Undo in a d100 encounter restores every side effect exactly: a kill, a Fate point, a jam, the turn order.

Pure layers only: commands are decided, stamped with their turn and folded as the service does.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.campaign.commands import InviteParticipant, RedoTurn, UndoTurn
from domain.campaign.state import CampaignState
from domain.commands import Actor
from domain.d100.commands import Attack, EndTurn, NextTurn, React, RegisterCharacter, RollDamage, StartEncounter
from domain.errors import DomainError
from tests.d100.encounter_fixtures import cultist, horde, marine
from tests.support.campaign_table import CampaignTable, SeededDice


def comparable(state: CampaignState) -> dict[str, Any]:
    """Everything a player sees of the game; not the log's own bookkeeping (version, undo history)."""
    import msgspec

    data = msgspec.to_builtins(state)
    for bookkeeping in ("version", "encounters", "retracted"):
        data.pop(bookkeeping)
    return data


def ambush() -> tuple[CampaignTable, Actor]:
    table = CampaignTable("deathwatch")
    table.run(InviteParticipant(name="Anna", role="player"))
    anna = Actor(next(p for p in table.state.participants if p != "gm"), "player")
    table.run(RegisterCharacter(character_id="brother", owner=anna.participant_id, name="Brother", sheet=marine()))
    table.run(RegisterCharacter(character_id="heretic", owner="gm", name="Heretic", sheet=cultist(fate=1)))
    table.run(RegisterCharacter(character_id="horde", owner="gm", name="Horde", sheet=horde()))
    table.run(StartEncounter(encounter_id="ambush", participants=("brother", "heretic", "horde")), [9, 1, 1])
    table.run(NextTurn(), [5, 6])  # the roll-off puts the horde after the heretic
    return table, anna


def test_undo_restores_a_kill_a_fate_point_and_a_jam() -> None:
    table, anna = ambush()
    # Brother's turn: +10 from a Fate point, a bolter hit on the head (20 → 02), 9 + 9 damage: dead.
    table.run(Attack(attack_id="a1", attacker_id="brother", target_id="heretic", weapon_id="bolter", fate_bonus=True),
              [20], anna)
    table.run(React(attack_id="a1", reaction="none"))
    table.run(RollDamage(attack_id="a1"), [9])
    table.run(EndTurn(character_id="brother"), [], anna)  # ends his turn and starts the horde's
    brother_turn, horde_turn = table.state.encounters["ambush"].turns[-2:]
    rules = table.state.rules
    assert rules is not None
    assert [c.name for c in rules.characters["heretic"].conditions] == ["dead"]
    assert rules.characters["brother"].fate == 2
    # The horde's turn: 97 jams its autogun.
    table.run(Attack(attack_id="a2", attacker_id="horde", target_id="brother", weapon_id="autogun"), [97])
    assert table.state.rules.characters["horde"].jammed == ("autogun",)  # type: ignore[union-attr]

    # Undo pops the horde's turn, from the event that started it: Brother's turn is over, nobody acts yet.
    table.run(UndoTurn(encounter="ambush"))
    assert comparable(table.state) == comparable(table.state_at(horde_turn.seqs[0] - 1))
    assert table.state.rules.characters["horde"].jammed == ()  # type: ignore[union-attr]

    table.run(UndoTurn(encounter="ambush"))
    assert comparable(table.state) == comparable(table.state_at(brother_turn.seqs[0] - 1))
    restored = table.state.rules.characters  # type: ignore[union-attr]
    assert restored["heretic"].conditions == () and restored["heretic"].damage == 0
    assert restored["brother"].fate == 3
    assert table.state.rules.position.turn == 0  # type: ignore[union-attr]

    table.run(RedoTurn(encounter="ambush"))  # Brother's turn, the most recently undone, comes back
    assert comparable(table.state) == comparable(table.state_at(horde_turn.seqs[0] - 1))


def test_new_action_after_undo_clears_redo_and_the_turn_is_played_again() -> None:
    table, anna = ambush()
    table.run(Attack(attack_id="a1", attacker_id="brother", target_id="heretic", weapon_id="bolter"), [20], anna)
    table.run(UndoTurn(encounter="ambush"))
    # Undo left the encounter at round 1, turn 0: the GM starts Brother's turn again, and the attack
    # is rolled again with new dice; the old attack stays in the log, voided.
    table.run(NextTurn(), [])
    table.run(Attack(attack_id="a1", attacker_id="brother", target_id="heretic", weapon_id="bolter"), [88], anna)
    assert table.state.encounters["ambush"].redo == ()
    try:
        table.run(RedoTurn(encounter="ambush"))
    except DomainError as refused:
        assert "nothing to redo" in str(refused)
    else:
        raise AssertionError("redo after a new action must be refused")


def play_turn(table: CampaignTable, dice: SeededDice, owner: dict[str, Actor]) -> None:
    """The acting character attacks the first other living participant; the target takes it; damage."""
    rules = table.state.rules
    position = table.state.rules.position  # type: ignore[union-attr]
    assert rules is not None and position is not None
    acting = position.character_id
    if acting is not None:
        targets = [c for c in ("brother", "heretic", "horde") if c != acting
                   and not rules.characters[c].has("dead")]  # type: ignore[union-attr]
        weapon = "bolter" if acting == "brother" else "autogun"
        try:
            events = table.run(Attack(attack_id=f"a{table.state.version}", attacker_id=acting, target_id=targets[0],
                                      weapon_id=weapon), dice, owner[acting])
            attack_id = next(e.attack_id for e in events if hasattr(e, "attack_id"))
            table.run(React(attack_id=attack_id, reaction="none"), dice)
            table.run(RollDamage(attack_id=attack_id), dice)
        except (DomainError, IndexError, StopIteration):
            pass  # a jammed weapon, a miss, nobody left: the turn simply ends
    table.run(NextTurn(), dice)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), turns=st.integers(1, 8), undo=st.integers(1, 8))
def test_undo_of_the_last_k_turns_equals_the_state_before_them(seed: int, turns: int, undo: int) -> None:
    table, anna = ambush()
    owner = {"brother": anna, "heretic": Actor("gm", "gm"), "horde": Actor("gm", "gm")}
    dice = SeededDice(seed)
    starts: list[int] = []
    for _ in range(turns):
        starts.append(table.state.version)
        play_turn(table, dice, owner)
    # Each played turn is one live (round, turn) of the encounter log, opened by the NextTurn that ended
    # the one before: undoing k turns returns to where the k-th last turn began.
    live = table.state.encounters["ambush"].turns
    k = min(undo, len(live))
    for _ in range(k):
        table.run(UndoTurn(encounter="ambush"))
    first_undone = live[len(live) - k].seqs[0]
    assert comparable(table.state) == comparable(table.state_at(first_undone - 1))
