"""Generic campaign commands: given events, when a command, then these events or this refusal."""

from __future__ import annotations

import msgspec
import pytest

from domain.campaign.commands import (
    CreateCharacter,
    EndSession,
    GmNote,
    InviteParticipant,
    Reinstate,
    Retract,
    RevealDiceSeed,
    Roll,
    StartSession,
)
from domain.campaign.decide import CommandContext, CreateCampaign, decide_campaign, decide_creation
from domain.campaign.events import (
    CharacterCreated,
    DiceRolled,
    DiceSeedCommitted,
    DiceSeedRevealed,
    EventsRetracted,
    GmNoted,
    ParticipantJoined,
    SessionEnded,
    SessionStarted,
)
from domain.campaign.permissions import authorize
from domain.campaign.state import CampaignState
from domain.commands import Actor, Command
from domain.d100.events import Recruit
from domain.d100.sheet import Sheet
from domain.dice import Die, FixedDice
from domain.dispatch import decide
from domain.errors import Forbidden, RuleViolation, UnknownEntity
from domain.events import Event
from projections.recorded import EventMeta, Recorded
from projections.replay import campaign_state

GM = Actor("gm", "gm")
PLAYER = Actor("p-1", "player")
OTHER = Actor("p-2", "player")
WATCHER = Actor("o-1", "observer")
CONTEXT = CommandContext(next_seq=9, fresh_id="c-new", fresh_commitment="bb" * 32, active_seed="cc" * 32)


def given(*events: Event) -> CampaignState:
    created = decide_creation("c1", CreateCampaign(name="Kill Team", ruleset="deathwatch"), "gm", "aa" * 32)
    everything = [
        *created,
        ParticipantJoined(participant_id="p-1", name="Ana", role="player"),
        ParticipantJoined(participant_id="p-2", name="Bea", role="player"),
        ParticipantJoined(participant_id="o-1", name="Obs", role="observer"),
        *events,
    ]
    return campaign_state([Recorded(i + 1, e, EventMeta()) for i, e in enumerate(everything)])


def when(state: CampaignState, command: Command, actor: Actor = GM, faces: list[int] | None = None, **context: object) -> list[Event]:
    authorize(state, actor, command)
    ctx = CommandContext(
        next_seq=state.version + 1, fresh_id="c-new", fresh_commitment="bb" * 32, active_seed="cc" * 32, **context  # type: ignore[arg-type]
    )
    return decide_campaign(state, command, FixedDice(faces or []), actor, ctx)


def test_creation_commits_the_first_dice_epoch() -> None:
    state = given()
    assert state.epoch is not None and state.epoch.epoch == 1 and not state.epoch.revealed
    assert state.participants["gm"].role == "gm"


def test_start_session_reveals_the_old_epoch_and_commits_a_new_one() -> None:
    events = when(given(), StartSession(title="Into the hive"))
    assert events == [
        DiceSeedRevealed(epoch=1, seed="cc" * 32),
        DiceSeedCommitted(epoch=2, commitment="bb" * 32, algorithm=2),
        SessionStarted(session=1, title="Into the hive"),
    ]


def test_start_session_refused_while_one_is_open() -> None:
    with pytest.raises(RuleViolation, match="session 1 is still open"):
        when(given(SessionStarted(session=1)), StartSession())


def test_end_session_reveals_the_seed_and_starts_a_new_epoch() -> None:
    state = given(DiceSeedCommitted(epoch=2, commitment="dd" * 32), SessionStarted(session=1))
    assert when(state, EndSession()) == [
        SessionEnded(session=1),
        DiceSeedRevealed(epoch=2, seed="cc" * 32),
        DiceSeedCommitted(epoch=3, commitment="bb" * 32, algorithm=2),
    ]


def test_end_session_refused_without_an_open_session() -> None:
    with pytest.raises(RuleViolation, match="no session is open"):
        when(given(), EndSession())


def test_reveal_at_any_time_starts_a_new_epoch() -> None:
    assert [type(e) for e in when(given(), RevealDiceSeed())] == [DiceSeedRevealed, DiceSeedCommitted]


def test_roll_records_dice_and_total() -> None:
    events = when(given(), Roll(expression="2d10+3", reason="damage"), faces=[9, 2])
    assert events == [
        DiceRolled(
            expression="2d10+3",
            reason="damage",
            terms=events[0].terms,  # type: ignore[attr-defined]
            dice=(Die(0, 10, 9), Die(1, 10, 2)),
            total=14,
        )
    ]


def test_roll_refuses_a_bad_expression_naming_the_rule() -> None:
    with pytest.raises(RuleViolation) as refused:
        when(given(), Roll(expression="200d6", reason="x"))
    assert refused.value.rule == "dice_expression"


def test_roll_for_an_unknown_character_is_unknown() -> None:
    with pytest.raises(UnknownEntity):
        when(given(), Roll(expression="d100", reason="x", character_id="ghost"))


def test_character_ids_are_unique() -> None:
    state = given(CharacterCreated(character_id="aurelius", name="Aurelius", owner="p-1", kind="pc"))
    with pytest.raises(RuleViolation, match="already exists"):
        when(state, CreateCharacter(name="Again", id="aurelius"))


def test_character_owner_must_be_a_participant() -> None:
    with pytest.raises(UnknownEntity, match="not a participant"):
        when(given(), CreateCharacter(name="X", owner="nobody"))


def test_character_without_id_gets_the_fresh_one() -> None:
    (event,) = when(given(), CreateCharacter(name="Brother Kai"), actor=PLAYER)
    # A Deathwatch character: its d100 part is a sheet made from its (here empty) stats.
    d100_part = msgspec.to_builtins(Recruit(sheet=Sheet(characteristics={})))
    assert event == CharacterCreated(
        character_id="c-new", name="Brother Kai", owner="p-1", kind="pc", stats={}, rules=d100_part
    )


def test_invite_uses_the_fresh_participant_id() -> None:
    assert when(given(), InviteParticipant(name="Cleo", role="observer")) == [
        ParticipantJoined(participant_id="c-new", name="Cleo", role="observer")
    ]


def test_retract_only_rolls_and_notes() -> None:
    state = given(GmNoted(text="oops"))
    seq = state.version
    assert when(state, Retract(seqs=(seq,), reason="typo"), event_types={seq: "gm_noted"}) == [
        EventsRetracted(voids=(seq,), reason="typo")
    ]
    with pytest.raises(RuleViolation, match="cannot be retracted"):
        when(state, Retract(seqs=(2,), reason="x"), event_types={2: "participant_joined"})


def test_retract_of_a_future_event_is_unknown() -> None:
    with pytest.raises(UnknownEntity):
        when(given(), Retract(seqs=(999,), reason="x"))


def test_reinstate_needs_a_retracted_event() -> None:
    with pytest.raises(RuleViolation, match="not retracted"):
        when(given(GmNoted(text="x")), Reinstate(seqs=(7,), reason="x"))


# Permissions: each role against each command kind.
ALL_COMMANDS: list[Command] = [
    InviteParticipant(name="X", role="player"),
    StartSession(),
    EndSession(),
    RevealDiceSeed(),
    GmNote(text="x"),
    Retract(seqs=(1,), reason="x"),
    Reinstate(seqs=(1,), reason="x"),
    CreateCharacter(name="Mine"),
    CreateCharacter(name="Npc", kind="npc"),
    CreateCharacter(name="For another", owner="p-2"),
    Roll(expression="d100", reason="x"),
    Roll(expression="d100", reason="x", character_id="kai"),
    Roll(expression="d100", reason="x", character_id="bea-char"),
]
PLAYER_MAY = {7, 10, 11}


@pytest.mark.parametrize("index", range(len(ALL_COMMANDS)))
def test_permissions_each_role_each_command(index: int) -> None:
    state = given(
        CharacterCreated(character_id="kai", name="Kai", owner="p-1", kind="pc"),
        CharacterCreated(character_id="bea-char", name="Bea's", owner="p-2", kind="pc"),
    )
    command = ALL_COMMANDS[index]
    authorize(state, GM, command)
    with pytest.raises(Forbidden, match="observers may read"):  # the one gate, before any rule
        decide(state, command, FixedDice([]), WATCHER, CONTEXT)
    if index in PLAYER_MAY:
        authorize(state, PLAYER, command)
    else:
        with pytest.raises(Forbidden):
            authorize(state, PLAYER, command)


def test_new_epochs_are_committed_under_dice_algorithm_2() -> None:
    committed = [e for e in when(given(), RevealDiceSeed()) if isinstance(e, DiceSeedCommitted)]
    assert [e.algorithm for e in committed] == [2]


def test_contributed_entropy_moves_the_epochs_digest() -> None:
    from domain.campaign.commands import ContributeEntropy
    from domain.campaign.entropy import NO_CONTRIBUTIONS, next_digest
    from domain.campaign.events import EntropyContributed

    state = given(DiceSeedCommitted(epoch=2, commitment="dd" * 32, algorithm=2))
    (event,) = when(state, ContributeEntropy(entropy="for the Emperor"))
    assert event == EntropyContributed(epoch=2, entropy="for the Emperor", digest=next_digest(NO_CONTRIBUTIONS, "for the Emperor"))


def test_entropy_is_refused_in_an_algorithm_1_epoch() -> None:
    from domain.campaign.commands import ContributeEntropy

    with pytest.raises(RuleViolation, match="algorithm 1"):
        when(given(DiceSeedCommitted(epoch=2, commitment="dd" * 32)), ContributeEntropy(entropy="x"))


def test_entropy_quota_counts_each_participants_contributions_to_the_epoch() -> None:
    """Given five contributions by Ana to epoch 2 (and one to epoch 1), her sixth is refused; Bea's is not."""
    from domain.campaign.commands import ContributeEntropy
    from domain.campaign.entropy import NO_CONTRIBUTIONS
    from domain.campaign.events import EntropyContributed

    created = decide_creation("c1", CreateCampaign(name="Kill Team", ruleset="deathwatch"), "gm", "aa" * 32)
    joined = [ParticipantJoined(participant_id="p-1", name="Ana", role="player"),
              ParticipantJoined(participant_id="p-2", name="Bea", role="player")]
    ana = EventMeta(actor="p-1", role="player")
    recorded = [Recorded(i + 1, e, EventMeta()) for i, e in enumerate([*created, *joined])]
    recorded.append(Recorded(6, EntropyContributed(epoch=1, entropy="old", digest=NO_CONTRIBUTIONS), ana))
    recorded.append(Recorded(7, DiceSeedRevealed(epoch=1, seed="cc" * 32), EventMeta()))
    recorded.append(Recorded(8, DiceSeedCommitted(epoch=2, commitment="dd" * 32, algorithm=2), EventMeta()))
    recorded += [Recorded(9 + n, EntropyContributed(epoch=2, entropy=f"{n}", digest=NO_CONTRIBUTIONS), ana)
                 for n in range(5)]
    state = campaign_state(recorded)
    assert state.epoch is not None and state.epoch.contributed == {"p-1": 5}
    with pytest.raises(RuleViolation) as refused:
        when(state, ContributeEntropy(entropy="a sixth"), PLAYER)
    assert refused.value.rule == "entropy_quota"
    (event,) = when(state, ContributeEntropy(entropy="Bea's"), OTHER)
    assert isinstance(event, EntropyContributed) and event.epoch == 2
