"""Secret rules tests decided by the rules (docs/fairness.md, "Secret rules tests"): fixed dice, numbers worked
by hand from RULES.md A2 (d100 tests) and B (Wrath & Glory pools)."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

from domain.campaign.commands import CreateCharacter, RevealSecretRoll
from domain.campaign.decide import CommandContext, CreateCampaign, SecretDraw, decide_creation
from domain.campaign.events import GmNoted, ParticipantJoined, SecretRollSealed
from domain.campaign.sealed_reveal import decide_again
from domain.campaign.sealed_tests import outcome_bytes, outcome_commitment
from domain.campaign.state import CampaignState
from domain.commands import Actor, Command
from domain.d100.commands import EditSheet
from domain.d100.commands import RollTest as D100Test
from domain.d100.events import TestRolled as D100TestRolled
from domain.d100.sheet import Sheet
from domain.dice import FixedDice
from domain.dispatch import decide
from domain.errors import Forbidden, RuleViolation
from domain.events import Event, event_type
from domain.wrath_and_glory.commands import GainGlory, SpendGlory
from domain.wrath_and_glory.commands import RollTest as WngTest
from projections.recorded import EventMeta, Recorded
from projections.replay import campaign_state

CAMPAIGN = "3f2c1b9e-7d4a-4c2b-9e1f-0a5b6c7d8e9f"
GM = Actor("gm", "gm")
KEY = "11" * 32
MAGUS = {"characteristics": {"WS": 35, "BS": 30, "S": 35, "T": 35, "Ag": 30, "Int": 30, "Per": 38, "WP": 40,
                             "Fel": 30},
         "skills": {"Awareness": {"characteristic": "Per", "kind": "basic", "training": "trained"}}, "wounds": 12}


class Table:
    """A Deathwatch campaign folded from its events, with a GM who decides commands against it."""

    def __init__(self) -> None:
        self.records: list[Recorded] = []
        self.add(decide_creation(CAMPAIGN, CreateCampaign(name="t", ruleset="deathwatch"), "gm", "c" * 64))

    @property
    def state(self) -> CampaignState:
        return campaign_state(self.records)

    def add(self, events: list[Event]) -> list[Event]:
        for event in events:
            self.records.append(Recorded(len(self.records) + 1, event, EventMeta(actor="gm", role="gm")))
        return events

    def run(self, command: Command, faces: list[int] | None = None, actor: Actor = GM,
            commitment: str = "") -> list[Event]:
        nonce = len(self.records) + 1
        context = CommandContext(next_seq=nonce, fresh_id=f"c-{nonce}", fresh_commitment="",
                                 roll_key=KEY if commitment else "", roll_commitment=commitment)
        return self.add(decide(self.state, command, FixedDice(faces or []), actor, context))


def magus_table() -> Table:
    table = Table()
    table.run(CreateCharacter(name="Cult Magus", character_id="magus", kind="npc", sheet=MAGUS))
    return table


def awareness(**fields: Any) -> D100Test:
    return D100Test(test_id="t1", character_id="magus", skill="Awareness", difficulty="difficult", secret=True,
                    **fields)


def test_sealed_awareness_test_records_its_shape_and_commitment_never_its_die() -> None:
    # RULES A2: Awareness (basic, trained) tests Per 38; Difficult −10: target 28. A roll of 17 succeeds by
    # floor((28 − 17) / 10) = 1 degree. The seal holds none of it: only the command, its basis and one d100.
    table = magus_table()
    basis = table.state.version
    [seal] = table.run(awareness(), [17], commitment="ab" * 32)
    assert isinstance(seal, SecretRollSealed)
    assert seal.shape == (100,) and seal.basis == basis and seal.character_id == "magus"
    assert seal.reason == "Awareness" and seal.gm == "gm" and seal.command is not None
    assert seal.command["skill"] == "Awareness" and seal.command["secret"] is True
    assert "17" not in repr(seal) and "28" not in repr(seal)
    assert table.state.sealed[len(table.records)].outcome == seal.outcome


def test_sealed_awareness_test_revealed_after_the_gm_edits_the_npc_keeps_the_sealed_outcome() -> None:
    table = magus_table()
    basis = table.state.version
    [seal] = table.run(awareness(), [17], commitment="ab" * 32)
    roll = len(table.records)
    # Between the seal and the reveal the GM makes the Magus blind (Per 5): the sealed outcome does not move.
    blind = {**MAGUS, "characteristics": {**MAGUS["characteristics"], "Per": 5}}
    table.run(EditSheet(character_id="magus", sheet=msgspec.convert(blind, Sheet), reason="blinded"))
    sealed = table.state.sealed[roll]
    at_basis = campaign_state([r for r in table.records if r.seq <= basis])
    events, dice = decide_again(at_basis, CAMPAIGN, roll, sealed, FixedDice([17]))
    [rolled] = events
    assert isinstance(rolled, D100TestRolled)
    assert (rolled.base, rolled.target, rolled.roll, rolled.success, rolled.degrees) == (38, 28, 17, True, 1)
    assert [(d.k, d.sides, d.value) for d in dice] == [(0, 100, 17)]
    assert outcome_commitment(KEY, events) == seal.outcome
    # Against the edited sheet the same die would fail (Per 5 − 10: target −5): which is why the basis counts.
    now, _ = decide_again(table.state, CAMPAIGN, roll, sealed, FixedDice([17]))
    assert outcome_commitment(KEY, now) != seal.outcome


def test_only_the_gm_seals_a_test_and_a_sealed_test_spends_nothing() -> None:
    table = magus_table()
    with pytest.raises(Forbidden):
        table.run(awareness(), [17], actor=Actor("p1", "player"), commitment="ab" * 32)
    with pytest.raises(RuleViolation) as spending:
        table.run(awareness(fate_bonus=True), [17], commitment="ab" * 32)
    assert spending.value.rule == "secret_test"


HERO = {"kind": "hero", "name": "Brother Kai", "defence": 3, "resilience": 4, "wounds": 10, "shock": 10,
        "attributes": {"intellect": 2, "willpower": 2}, "skills": {"awareness": 1}}
SENTRY = {"name": "Ork sentry", "kind": "adversary", "defence": 2, "resilience": 8, "wounds": 10, "shock": 5,
          "attributes": {"initiative": 2, "intellect": 3}, "skills": {"awareness": 2}}


def test_a_sealed_wrath_six_gains_glory_onto_the_glory_held_at_the_reveal() -> None:
    # RULES B1: Intellect 3 + Awareness 2 = a pool of 5 d6, the last the Wrath die; a Wrath 6 gains 1 Glory.
    table = Table()
    table.records.clear()
    table.add(decide_creation(CAMPAIGN, CreateCampaign(name="t", ruleset="wrath_and_glory", options={"tier": 2}),
                              "gm", "c" * 64))
    table.add([ParticipantJoined(participant_id="p1", name="Ana", role="player")])
    table.run(CreateCharacter(name="Brother Kai", character_id="kai", kind="pc", owner="p1", sheet=HERO))
    table.run(CreateCharacter(name="Ork sentry", character_id="sentry", kind="npc", sheet=SENTRY))
    table.run(GainGlory(amount=2))
    basis = table.state
    sealed_test = WngTest(character_id="sentry", skill="awareness", dn=3, secret=True)
    [seal] = table.run(sealed_test, [4, 5, 1, 2, 6], commitment="ab" * 32)
    roll = len(table.records)
    assert isinstance(seal, SecretRollSealed) and seal.shape == (6, 6, 6, 6, 6)
    table.run(SpendGlory(amount=2))  # between the seal and the reveal the group spends its Glory
    sealed = table.state.sealed[roll]
    events, dice = decide_again(basis, CAMPAIGN, roll, sealed, FixedDice([4, 5, 1, 2, 6]))
    assert [type(e).__name__ for e in events] == ["TestRolled", "GloryGained"]
    assert outcome_commitment(KEY, events) == seal.outcome
    context = CommandContext(next_seq=roll + 2, fresh_id="r", fresh_commitment="",
                             secret_draws={roll: SecretDraw(key=KEY, dice=dice, events=tuple(events))})
    revealed = table.add(decide(table.state, RevealSecretRoll(seq=roll), FixedDice([]), GM, context))
    assert [type(e).__name__ for e in revealed] == ["SecretRollRevealed", "TestRolled", "GloryGained"]
    # The Glory gained at the basis read 2 → 3; the group holds 0 now, and gains 1 onto it.
    rules = table.state.rules
    assert rules is not None and rules.glory == 1


def test_a_reveal_whose_outcome_is_not_the_sealed_one_is_refused() -> None:
    table = magus_table()
    [seal] = table.run(awareness(), [17], commitment="ab" * 32)
    roll = len(table.records)
    events, dice = decide_again(table.state, CAMPAIGN, roll, table.state.sealed[roll], FixedDice([18]))
    context = CommandContext(next_seq=roll + 1, fresh_id="r", fresh_commitment="",
                             secret_draws={roll: SecretDraw(key=KEY, dice=dice, events=tuple(events))})
    with pytest.raises(RuleViolation) as refused:
        decide(table.state, RevealSecretRoll(seq=roll), FixedDice([]), GM, context)
    assert refused.value.rule == "secret_test"


def test_the_outcome_bytes_are_pythons_canonical_json() -> None:
    """The domain encodes with msgspec; docs/fairness.md states json.dumps(sort_keys, compact, no ASCII escape)."""
    table = magus_table()
    events = [GmNoted(text="Ave \U0001f3b2 «Imperator»\n\t\x01 \u2028 end"),
              *table.run(D100Test(test_id="t9", character_id="magus", skill="Awareness"), [33])]
    listed = [{"type": event_type(e), "data": {k: v for k, v in msgspec.to_builtins(e).items() if k != "type"}}
              for e in events]
    assert outcome_bytes(events) == json.dumps(listed, sort_keys=True, separators=(",", ":"),
                                               ensure_ascii=False).encode()
