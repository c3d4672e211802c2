"""Whose turn it is: the running encounter's round, turn, acting character and its player, and the order.

One answer for every reader: `GET /campaigns/{id}/turn`, `lexmechanic turn`, the web header and the turn
notification all read it from here, and say it with the same catalog sentence (`turn_sentence`).
"""

from __future__ import annotations

import msgspec

from domain.campaign.state import CampaignState
from domain.message import Lang, Message, message
from domain.rulesets import engine_of_state
from projections.rendering.names import participant_name


class Seat(msgspec.Struct, frozen=True, kw_only=True):
    """One character of the encounter, with the participant who plays it (None: nobody by that id)."""

    character_id: str
    name: str
    player_id: str | None
    player: str | None
    # Wrath & Glory (initiative passes from side to side): whether it has acted this round; d100: None.
    acted: bool | None = None


class WhoseTurn(msgspec.Struct, frozen=True, kw_only=True):
    encounter: str
    round: int
    turn: int
    # Who may act now (None before the round's first turn, or between a turn's end and the next's start).
    acting: Seat | None
    # d100: the initiative order once fixed (else the participants); Wrath & Glory: the participants.
    order: tuple[Seat, ...]


def _seat(state: CampaignState, character_id: str, lang: Lang, acted: bool | None = None) -> Seat:
    character = state.characters.get(character_id)
    owner = character.owner if character is not None else None
    player = state.participants.get(owner or "")
    shown = participant_name(player.name, player.role, lang) if player is not None else None
    return Seat(character_id=character_id, name=character.name if character is not None else character_id,
                player_id=owner, player=shown, acted=acted)


def whose_turn(state: CampaignState, lang: Lang = "en") -> WhoseTurn | None:
    """The running encounter's turn as its rules engine keeps it; None outside an encounter.

    Through the Engine interface only (`position`, `encounters`): the running encounter's `order` (d100, once
    fixed) or `participants`, `acted` (Wrath & Glory) and `turn_over` (d100: the turn has ended, the next has
    not begun) are read from its record, as the encounter read (`GET …/encounters/{eid}`) gives it. A GM
    nobody named is the reader's word for the role ("DJ" in Spanish), as on the pages.
    """
    rules = state.rules
    if rules is None:
        return None
    engine = engine_of_state(rules)
    position = engine.position(rules)
    running = engine.encounters(rules).get(position.encounter) if position is not None else None
    if position is None or running is None:
        return None
    record = msgspec.to_builtins(running)
    acted = frozenset(record["acted"]) if "acted" in record else None
    seats = tuple(record.get("order") or record.get("participants") or ())
    acting = None if record.get("turn_over") else position.character_id
    return WhoseTurn(
        encounter=position.encounter, round=position.round, turn=position.turn,
        acting=_seat(state, acting, lang) if acting is not None else None,
        order=tuple(_seat(state, c, lang, (c in acted) if acted is not None else None) for c in seats),
    )


def turn_sentence(turn: WhoseTurn, name: str | None = None, player: str | None = None) -> Message:
    """"Round 2, turn 3: Brother Kai (Ana) acts"; `name` and `player` replace the seat's own (escaped for a
    markup by the caller: the catalog fills in parameters as given)."""
    seat = turn.acting
    if seat is None:
        return message("notify.turn.between", round=turn.round, turn=turn.turn)
    shown_name = seat.name if name is None else name
    shown_player = seat.player if player is None else player
    if shown_player is None:
        return message("notify.turn.unowned", round=turn.round, turn=turn.turn, character=shown_name)
    return message("notify.turn", round=turn.round, turn=turn.turn, character=shown_name, player=shown_player)
