"""Who may send which command: the GM everything, a player for itself and its own characters.

Observers send nothing; domain.dispatch refuses them before any rule is asked. Who holds which token
(invite, revoke, rotate) is the GM's alone: those commands fall through to the refusal below.
"""

from __future__ import annotations

from domain.campaign.commands import ContributeEntropy, CreateCharacter, RedoTurn, Roll, UndoTurn
from domain.campaign.state import CampaignState, TurnRecord
from domain.commands import Actor, Command, command_tag
from domain.errors import Forbidden
from domain.rulesets import position


def authorize(state: CampaignState, actor: Actor, command: Command) -> None:
    """Raise Forbidden, saying why, unless `actor` may send `command` in this campaign."""
    if actor.role == "gm":
        return
    tag = command_tag(command)
    match command:
        case Roll(secret=True):
            raise Forbidden(case="secret_roll")
        case Roll(character_id=None) | ContributeEntropy():
            return
        case Roll(character_id=str(character_id)):
            character = state.characters.get(character_id)
            if character is not None and character.owner != actor.participant_id:
                raise Forbidden(case="roll_for_others", name=character.name)
            return
        case CreateCharacter(kind="pc", owner=owner) if owner in (None, actor.participant_id):
            return
        case CreateCharacter():
            raise Forbidden(case="create_character")
        case UndoTurn(encounter=encounter) | RedoTurn(encounter=encounter):
            _player_may_undo(state, actor, command, encounter)
            return
    raise Forbidden(case="gm_only", command=tag)


def _player_may_undo(state: CampaignState, actor: Actor, command: Command, encounter: str) -> None:
    """A player may undo (or redo) only its own current turn, and only where the campaign allows it."""
    if state.options.get("players_may_undo_own_turn") is not True:
        raise Forbidden(case="undo_option")
    log = state.encounters.get(encounter)
    # A player's undo takes its own current turn alone, never the GM's span of a played turn and the empty
    # turns after it (decide_campaign, undo_span).
    turns = () if log is None else (log.redo if isinstance(command, RedoTurn) else log.turns)
    record: TurnRecord | None = turns[-1] if turns else None
    character = state.characters.get(record.character_id or "") if record is not None else None
    if record is None or character is None or character.owner != actor.participant_id:
        raise Forbidden(case="undo_not_own")
    where = position(state.rules)
    current = where is not None and (where.encounter, where.round, where.turn) == (encounter, record.round, record.turn)
    if isinstance(command, UndoTurn) and not current:
        raise Forbidden(case="undo_earlier")
