"""Every recorded outcome decided again: a command's body, its recorded dice and the log before it give its events.

A command's first event keeps the command as it was decided (`meta.command`, docs/audit-format.md). Fed the
log in seq order, `RulesReplay` folds the campaign as the service does and, at the end of each command (a
run of events with one `meta.command_id`), decides that command again through the same rules, with dice that
answer the faces the command recorded (in `k` order), and requires exactly the recorded events. A forged total,
damage, success or hit location — even with a recomputed hash chain and die faces that still verify — is an
outcome the rules do not give from those dice, and is named here. Commands written before the body was kept
are counted as not replayable, never as problems.
"""

from __future__ import annotations

from typing import Any, Literal, Union

import msgspec

from domain.campaign.commands import CAMPAIGN_COMMANDS, PARTICIPANT_COMMANDS, InviteParticipant
from domain.campaign.decide import CommandContext, CreateCampaign, SecretDraw, decide_creation
from domain.campaign.events import (
    AttemptRefused,
    DiceSeedCommitted,
    DiceSeedRevealed,
    SecretRollRevealed,
    SecretRollSealed,
)
from domain.campaign.fresh_ids import fresh_id
from domain.campaign.sealed_reveal import decide_again
from domain.campaign.state import CampaignState
from domain.commands import Actor, Command, PostRef
from domain.dice import DiceExhausted, FixedDice, dice_in
from domain.dispatch import decide
from domain.errors import DomainError
from domain.events import Event
from domain.missions.commands import COMMANDS as MISSION_COMMANDS
from domain.plain_text import convert_as_recorded
from domain.rulesets import accepted_commands
from projections import attempt_replay
from projections.recorded import Recorded
from projections.replay import campaign_state, is_voiding

_COMMANDS: tuple[type[Command], ...] = (*CAMPAIGN_COMMANDS, *PARTICIPANT_COMMANDS, *MISSION_COMMANDS,
                                        *accepted_commands())
_AnyCommand = Union[_COMMANDS]  # type: ignore[valid-type]  # noqa: UP007 - the registry's union, built at import

Kind = Literal["differs", "missing_event", "extra_event", "refused", "dice_short", "dice_left", "unreadable",
               "not_refused", "refusal_differs", "dice_differ"]


class Divergence(msgspec.Struct, frozen=True, kw_only=True):
    """Where a recorded command and the rules part: at which event, what the log says and what the rules give."""

    seq: int  # the command's first event
    command_type: str
    kind: Kind
    event_seq: int | None = None
    event_type: str | None = None
    path: str = ""  # the first field that differs, e.g. `hits[0].total`
    recorded: str = ""
    decided: str = ""


def _short(value: Any) -> str:
    text = msgspec.json.encode(value).decode()
    return text if len(text) <= 80 else text[:79] + "…"


def first_difference(recorded: Any, decided: Any, path: str = "") -> tuple[str, Any, Any] | None:
    """The first path (in document order) where two JSON values differ, with both values there."""
    if isinstance(recorded, dict) and isinstance(decided, dict):
        for key in list(recorded) + [k for k in decided if k not in recorded]:
            found = first_difference(recorded.get(key), decided.get(key), f"{path}.{key}" if path else str(key))
            if found is not None:
                return found
        return None
    if isinstance(recorded, list) and isinstance(decided, list):
        for index in range(max(len(recorded), len(decided))):
            left = recorded[index] if index < len(recorded) else None
            right = decided[index] if index < len(decided) else None
            found = first_difference(left, right, f"{path}[{index}]")
            if found is not None:
                return found
        return None
    if _number(recorded) and _number(decided):
        # JSON has one kind of number: a float field written 6.0 holds the 6 the rules give.
        return None if recorded == decided else (path, recorded, decided)
    return None if recorded == decided and type(recorded) is type(decided) else (path, recorded, decided)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class RulesReplay:
    """Feed a campaign's records in seq order to `add`, then read `finish()`: the divergences found."""

    def __init__(self, campaign_id: str) -> None:
        self.campaign_id = campaign_id
        self.replayed = 0
        self.not_replayable = 0
        self.divergences: list[Divergence] = []
        self._records: list[Recorded] = []
        self._types: dict[int, str] = {}
        self._state = CampaignState()
        self._run: list[Recorded] = []
        # Sealed tests not yet revealed, by seq: their seal's run and the campaign at their basis. A seal is
        # decided again at its reveal, when its dice (its key's) are known (docs/fairness.md).
        self._seals: dict[int, tuple[list[Recorded], dict[str, Any], CampaignState]] = {}

    @property
    def state(self) -> CampaignState:
        """The campaign before the command being closed (the replay's fold so far)."""
        return self._state

    @property
    def records(self) -> list[Recorded]:
        return self._records

    @property
    def types(self) -> dict[int, str]:
        return self._types

    def add(self, record: Recorded) -> None:
        run = self._run
        if run and record.meta.command_id is not None and record.meta.command_id == run[0].meta.command_id:
            run.append(record)
            return
        self._close()
        self._run = [record]

    def finish(self) -> list[Divergence]:
        self._close()
        # A sealed test never revealed cannot be decided yet: its dice are still secret.
        self.not_replayable += len(self._seals)
        self._seals.clear()
        return self.divergences

    def _close(self) -> None:
        run, self._run = self._run, []
        if not run:
            return
        body = run[0].meta.command
        first = run[0].event
        if isinstance(first, AttemptRefused):
            found = attempt_replay.check(self, run, first)
            if found is None:
                self.not_replayable += 1
            else:
                self.replayed += 1
                self.divergences.extend(found)
        elif body is None:
            self.not_replayable += 1
        elif isinstance(first, SecretRollSealed) and first.command is not None:
            self._seals[run[0].seq] = (run, body, self._state)
        else:
            self.replayed += 1
            self.divergences.extend(self._check(run, body))
            self.divergences.extend(self._unsealed_tests(run))
        self._records.extend(run)
        for record in run:
            self._types[record.seq] = type(record.event).__struct_config__.tag  # type: ignore[assignment]
        if any(is_voiding(r) for r in run):
            self._state = campaign_state(self._records)
        else:
            self._state = campaign_state(run, initial=self._state)

    def _unsealed_tests(self, run: list[Recorded]) -> list[Divergence]:
        """The seal of each sealed test this run reveals, decided again now that its key and dice are known."""
        problems: list[Divergence] = []
        for record in run:
            event = record.event
            if isinstance(event, SecretRollRevealed) and event.roll in self._seals:
                seal_run, body, before = self._seals.pop(event.roll)
                self.replayed += 1
                faces = [die.value for die in event.dice]
                problems.extend(self._check(seal_run, body, faces, event.key, before))
        return problems

    def _check(self, run: list[Recorded], body: dict[str, Any], faces: list[int] | None = None, key: str = "",
               state: CampaignState | None = None) -> list[Divergence]:
        first = run[0]
        command_type = first.meta.command_type or str(body.get("type", "?"))
        found = Divergence(seq=first.seq, command_type=command_type, kind="unreadable")
        faces = _faces(run) if faces is None else faces
        dice = FixedDice(faces)
        try:
            decided = self._decide(run, body, dice, key, state)
        except (msgspec.ValidationError, TypeError, ValueError) as error:
            return [msgspec.structs.replace(found, decided=str(error)[:200])]
        except DiceExhausted:
            return [msgspec.structs.replace(found, kind="dice_short", recorded=str(len(faces)))]
        except DomainError as error:
            return [msgspec.structs.replace(found, kind="refused", decided=error.message[:200])]
        problems: list[Divergence] = []
        for index in range(max(len(run), len(decided))):
            if index >= len(decided):
                extra = run[index]
                problems.append(msgspec.structs.replace(
                    found, kind="extra_event", event_seq=extra.seq, event_type=_tag(extra.event)))
                break
            if index >= len(run):
                problems.append(msgspec.structs.replace(
                    found, kind="missing_event", event_type=_tag(decided[index])))
                break
            left, right = _plain(run[index].event), _plain(decided[index])
            difference = first_difference(left, right)
            if difference is not None:
                path, recorded, rules = difference
                problems.append(msgspec.structs.replace(
                    found, kind="differs", event_seq=run[index].seq, event_type=_tag(run[index].event), path=path,
                    recorded=_short(recorded), decided=_short(rules)))
                break
        if not problems and dice.used != len(faces):
            problems.append(msgspec.structs.replace(found, kind="dice_left", recorded=str(len(faces)),
                                                    decided=str(dice.used)))
        return problems

    def _decide(self, run: list[Recorded], body: dict[str, Any], dice: FixedDice, key: str = "",
                state: CampaignState | None = None) -> list[Event]:
        first = run[0]
        state = self._state if state is None else state
        meta = first.meta
        committed = next((r.event for r in run if isinstance(r.event, DiceSeedCommitted)), None)
        revealed = next((r.event for r in run if isinstance(r.event, DiceSeedRevealed)), None)
        commitment = committed.commitment if committed is not None else ""
        # A secret roll's commitment and a reveal's key and dice come from the log, as the epoch's seed does.
        sealed = next((r.event for r in run if isinstance(r.event, SecretRollSealed)), None)
        draws = {r.event.roll: self._draw(r.event) for r in run if isinstance(r.event, SecretRollRevealed)}
        if meta.command_type == "create_campaign":
            # Recorded before the plain-text rules, a name may hold what the edge now refuses: read as recorded.
            creation = convert_as_recorded(body, CreateCampaign)
            return decide_creation(self.campaign_id, creation, meta.actor or "gm", commitment)
        command = recorded_command(body, meta.post)
        prefix = "p" if isinstance(command, InviteParticipant) else "c"
        named = getattr(command, "seqs", ())
        context = CommandContext(
            next_seq=first.seq,
            fresh_id=fresh_id(prefix, self.campaign_id, first.seq),
            fresh_commitment=commitment,
            active_seed=revealed.seed if revealed is not None else None,
            event_types={seq: self._types[seq] for seq in named if isinstance(seq, int) and seq in self._types},
            roll_commitment=sealed.commitment if sealed is not None else "",
            roll_key=key,
            secret_draws=draws,
        )
        actor = Actor(meta.actor or "", meta.role or "player")
        return decide(state, command, dice, actor, context)

    def _draw(self, revealed: SecretRollRevealed) -> SecretDraw:
        """A reveal's draw as the log gives it; a sealed test's outcome decided by the rules at its basis with
        the revealed dice (the recorded outcome is then compared with it, as any decided event)."""
        sealed = self._state.sealed.get(revealed.roll)
        if sealed is None or sealed.command is None or revealed.roll not in self._seals:
            return SecretDraw(key=revealed.key, dice=revealed.dice)
        basis = self._seals[revealed.roll][2]
        dice = FixedDice(die.value for die in revealed.dice)
        events, drawn = decide_again(basis, self.campaign_id, revealed.roll, sealed, dice)
        if dice.used != len(revealed.dice):
            raise DiceExhausted(f"sealed test {revealed.roll} rolls {dice.used} dice; its reveal shows "
                                f"{len(revealed.dice)}")
        return SecretDraw(key=revealed.key, dice=drawn, events=tuple(events))


def recorded_command(body: Any, post: PostRef | None) -> Command:
    """A command as the log keeps it, read back with the post it came from (the envelope's)."""
    command: Command = convert_as_recorded(body, _AnyCommand)
    if post is not None:
        command = msgspec.structs.replace(command, post=PostRef(id=post.id, url=post.url, author=post.author))
    return command


def _plain(event: Event) -> Any:
    """The event as JSON reads it back (tuples and lists alike, as the log stores both)."""
    return msgspec.json.decode(msgspec.json.encode(event))


def _tag(event: Event) -> str:
    return str(type(event).__struct_config__.tag)


def _faces(run: list[Recorded]) -> list[int]:
    """The command's dice faces in `k` order (a die repeated in several fields of its events counts once)."""
    by_k: dict[int, int] = {}
    outcome = 0  # a revealed sealed test's outcome events follow its reveal: their dice are the reveal's
    for record in run:
        if isinstance(record.event, SecretRollRevealed):
            outcome = record.event.events
            continue  # a sealed roll's dice, from its own key: not dice this command rolled
        if outcome > 0:
            outcome -= 1
            continue
        for die in dice_in(msgspec.to_builtins(record.event)):
            by_k.setdefault(die["k"], die["value"])
    return [by_k[k] for k in sorted(by_k)]
