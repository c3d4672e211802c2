"""A sealed test decided again for its reveal: the same command, the campaign at its basis, the same dice."""

from __future__ import annotations

from typing import Union

from domain.campaign.decide import CommandContext
from domain.campaign.fresh_ids import fresh_id
from domain.campaign.sealed_tests import SEALABLE, decide_outcome
from domain.campaign.state import CampaignState, SealedRoll
from domain.commands import Actor, Command
from domain.dice import Dice, Die
from domain.dispatch import decide
from domain.events import Event
from domain.plain_text import convert_as_recorded
from domain.rulesets import accepted_commands

_SEALABLE_COMMANDS: tuple[type[Command], ...] = tuple(
    kind for kind in accepted_commands() if kind.__struct_config__.tag in SEALABLE)
_Sealable = Union[_SEALABLE_COMMANDS]  # type: ignore[valid-type]  # noqa: UP007 - built from the registry


def sealed_command(sealed: SealedRoll) -> Command:
    """The command a sealed test's seal keeps, read back as it was recorded."""
    command: Command = convert_as_recorded(sealed.command, _Sealable)
    return command


def decide_again(
    basis: CampaignState, campaign_id: str, roll: int, sealed: SealedRoll, dice: Dice
) -> tuple[list[Event], tuple[Die, ...]]:
    """The outcome of the sealed test at seq `roll`: decided against the campaign at its basis, by its GM, with
    the context its seal was decided in (the nonce `roll`), and the dice that decision draws."""
    context = CommandContext(next_seq=roll, fresh_id=fresh_id("c", campaign_id, roll), fresh_commitment="")
    return decide_outcome(basis, sealed_command(sealed), dice, Actor(sealed.gm or "gm", "gm"), context, decide)
