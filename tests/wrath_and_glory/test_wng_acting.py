"""Every Wrath & Glory command a player may send, it may send for the character it owns, and not for another's
(issue 20: a command whose permission check forgot its acting character locks every player out).

The engine checks who may act inside each decision, so the walk sends each command's OpenAPI example (with
the acting character set to Alice's hero h1) from Alice and from Bob, on the scenario's table."""

from __future__ import annotations

import msgspec
import pytest

from domain.commands import Actor, Command
from domain.dice import FixedDice
from domain.errors import DomainError, Forbidden
from domain.wrath_and_glory import COMMANDS, decide
from service.api.examples import example_of
from tests.wrath_and_glory.scenario import table

ALICE = Actor("alice", "player")
BOB = Actor("bob", "player")
# Alice owns h1; the orks and the boss are the GM's.
CAST = {"character_id": "h1", "attacker_id": "h1", "target_id": "orks", "targets": ["orks"], "troop_id": "orks",
        "npc_id": "boss", "participants": ["h1", "orks"]}


def outcome(command: Command, actor: Actor) -> tuple[type[DomainError] | None, str]:
    try:
        decide(table(), command, FixedDice([3] * 40), actor)  # type: ignore[arg-type]
    except DomainError as refused:
        return type(refused), refused.message
    return None, ""


@pytest.mark.parametrize("kind", COMMANDS, ids=lambda kind: str(kind.__struct_config__.tag))
def test_a_player_acts_for_its_own_character_and_not_for_anothers(kind: type[Command]) -> None:
    command = msgspec.convert({k: CAST.get(k, v) for k, v in example_of(kind).items()}, kind)
    own, other = outcome(command, ALICE), outcome(command, BOB)
    if own[0] is Forbidden:
        # A GM's command: refused to both players alike, as the GM's.
        assert own[1].startswith("only the GM may") and other == own
        return
    # The owner passed the check of who acts (whatever the rules then say); Bob is refused as not controlling
    # h1, unless both met the same refusal before any character was looked at (no open test, no encounter).
    assert other == own or (other[0] is Forbidden and other[1].startswith("bob does not control"))
    if own[0] is None:  # what the owner may do, a stranger to h1 may not
        assert other[0] is Forbidden, other
