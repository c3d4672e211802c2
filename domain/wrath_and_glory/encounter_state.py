"""The state of a running encounter: round, turn, who acted, initiative choices used, the turn's budget."""

from __future__ import annotations

from typing import Literal

import msgspec

Side = Literal["players", "gm"]
ActionKind = Literal["move", "normal", "simple", "free", "full_turn", "ruin"]

SIMPLE_ACTIONS_PER_TURN = 2


def other_side(side: Side) -> Side:
    return "gm" if side == "players" else "players"


class TurnBudget(msgspec.Struct, frozen=True, kw_only=True):
    """What the acting character has used this turn: one move, one normal action, two simple actions."""

    move: bool = False
    normal: bool = False
    simple: int = 0
    full_turn: bool = False
    attacked: bool = False
    troop_members: int = 0
    # What used each part, by the action's name (`wng_action_taken.name`): a refusal names the earlier action.
    move_by: str | None = None
    normal_by: str | None = None
    simple_by: tuple[str, ...] = ()
    full_turn_by: str | None = None
    attack_by: str | None = None

    @property
    def used_by(self) -> tuple[str, ...]:
        """The actions that used the turn so far, each once, in the order the parts are told."""
        names = (self.full_turn_by, self.attack_by, self.normal_by, self.move_by, *self.simple_by)
        return tuple(dict.fromkeys(n for n in names if n))

    @property
    def untouched(self) -> bool:
        return not (self.move or self.normal or self.simple or self.full_turn or self.attacked)


class EncounterState(msgspec.Struct, frozen=True, kw_only=True):
    """One encounter in progress; `turn` counts the turns of the current round (0 before the first)."""

    id: str
    participants: tuple[str, ...]
    round: int = 1
    turn: int = 0
    acting: str | None = None
    acted: frozenset[str] = frozenset()
    last_side: Side | None = None
    # Sides that seized the initiative this round; an interrupt uses up the GM's seize as well.
    seized: frozenset[Side] = frozenset()
    interrupted: bool = False
    ambush: Side | None = None
    aware: frozenset[str] = frozenset()
    prepared: frozenset[str] = frozenset()
    # Reinforcements that joined for the next round (wng_join_encounter): they act from it on.
    waiting: frozenset[str] = frozenset()
    budget: TurnBudget = TurnBudget()

    def next_round(self) -> EncounterState:
        """The same encounter as it stands when its next round begins, before anyone acts."""
        return msgspec.structs.replace(
            self, round=self.round + 1, turn=0, acting=None, acted=frozenset(), last_side=None,
            seized=frozenset(), interrupted=False, waiting=frozenset(), budget=TurnBudget(),
        )

    def surprised(self, side: Side) -> bool:
        """Whether `side` is the ambushed side in this round (only round 1 of an ambush)."""
        return self.round == 1 and self.ambush is not None and self.ambush != side
