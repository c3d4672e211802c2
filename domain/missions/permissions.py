"""Who may send which mission command: the GM everything, a player only proposals (observers: the dispatch's gate)."""

from __future__ import annotations

from ..commands import Actor, Command
from ..errors import Forbidden
from .commands import ProposeObjective


def authorize(actor: Actor, command: Command) -> None:
    """Raise Forbidden, saying why, unless the actor may send this mission command."""
    if actor.is_gm:
        return
    tag = type(command).__struct_config__.tag
    if isinstance(command, ProposeObjective):
        return
    raise Forbidden(case="missions_gm_only", command=str(tag))
