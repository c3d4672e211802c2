"""A command (or one event) as a reader is told it: its sentences, who changed and how, the proofs of its
rolls, and the numbers a bot adds up; everything derived from the events and the states around them, so a
retried command is told exactly as the first time."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import msgspec
import msgspec.inspect as schema

from domain.campaign.state import CampaignState
from domain.dice import Die, has_dice
from domain.engine import Lang
from domain.events import Event
from domain.rulesets import surface_for
from projections.permalinks import Links, proof_link
from projections.recorded import Recorded
from projections.rendering.names import namer
from projections.rendering.standing import StandingChange, change_text, standing_changes
from projections.rendering.summaries import summarize, summarize_in
from projections.rendering.vocabulary import bare_word
from projections.replay import campaign_state, is_voiding


class Roll(msgspec.Struct, frozen=True):
    """An event that rolled dice, and the permalink of its proof."""

    seq: int
    proof: str


class Told(msgspec.Struct, frozen=True, kw_only=True):
    """What a command did, in one language: one sentence per event, the standing changes, the rolls."""

    lang: Lang
    sentences: list[str]
    changed: list[StandingChange]
    changes: list[str]
    rolls: list[Roll]
    numbers: dict[str, int]

    def text(self) -> str:
        """Plain text: the sentences, then who changed, then the proofs (one per line)."""
        if not self.changes and not self.rolls:
            return "\n".join(self.sentences)
        proof = bare_word("proof", self.lang)
        return "\n".join([*self.sentences, *self.changes, *[f"{proof}: {r.proof}" for r in self.rolls]])


# Types whose encoded form holds nothing else than these (numbers, words, flags …): never a die.
_CLOSED = (schema.BoolType, schema.IntType, schema.FloatType, schema.StrType, schema.NoneType, schema.LiteralType,
           schema.EnumType, schema.BytesType, schema.DateTimeType, schema.DateType, schema.TimeType, schema.UUIDType,
           schema.DecimalType, schema.TimeDeltaType)


def _may_hold(kind: schema.Type, seen: set[int]) -> bool:
    if isinstance(kind, _CLOSED):
        return False
    if isinstance(kind, schema.StructType):
        if id(kind) in seen:  # a recursive type: its other fields are looked at where it was met first
            return False
        seen.add(id(kind))
        names = {f.encode_name for f in kind.fields}
        return {"k", "sides", "value"} <= names or any(_may_hold(f.type, seen) for f in kind.fields)
    if isinstance(kind, (schema.ListType, schema.VarTupleType, schema.SetType, schema.FrozenSetType)):
        return _may_hold(kind.item_type, seen)
    if isinstance(kind, schema.TupleType):
        return any(_may_hold(item, seen) for item in kind.item_types)
    if isinstance(kind, schema.UnionType):
        return any(_may_hold(item, seen) for item in kind.types)
    return True  # a dict, Any, anything else: it may


@lru_cache(maxsize=512)
def _dice_fields(kind: type) -> tuple[tuple[str, object], ...] | None:
    """The fields (with their defaults) of an event type where a die may be, read once per type from its
    schema (bounded by the event types the code knows); None when the event itself might read as one."""
    info = schema.type_info(kind)
    if not isinstance(info, schema.StructType) or {"k", "sides", "value"} <= {f.encode_name for f in info.fields}:
        return None
    return tuple((f.name, f.default) for f in info.fields if _may_hold(f.type, set()))


def may_roll(kind: type) -> bool:
    """Whether an event of this type can hold a die at all (an object of exactly k, sides and value where
    `has_dice` looks). Most of a command's events cannot: their answer need not encode and walk them."""
    return _dice_fields(kind) != ()


def rolled(event: Event) -> bool:
    """Whether `has_dice` finds a die in the event as it is encoded, looking only in the fields where its
    type can hold one (a roll's faces, not its reason or its terms)."""
    kind = type(event)
    fields = _dice_fields(kind)
    if fields is None:
        return has_dice(msgspec.to_builtins(event))
    omitted = kind.__struct_config__.omit_defaults  # a field at its default is not encoded
    for name, default in fields:
        value = getattr(event, name)
        if omitted and value == default:
            continue
        # A roll's faces (a tuple of dice, the common case): a `Die` encodes as exactly k, sides and value,
        # which is what `has_dice` looks for, so its first item answers without encoding the rest.
        if isinstance(value, tuple) and value and type(value[0]) is Die:
            return True
        if has_dice(msgspec.to_builtins(value)):
            return True
    return False


def tell(records: Sequence[Recorded], before: CampaignState, after: CampaignState, lang: Lang, links: Links,
         campaign_id: str) -> Told:
    """The command whose events are `records`, folded from `before` to `after` (the caller folds `after`
    again when an event voids or restores earlier ones)."""
    return tell_in(records, before, after, (lang,), links, campaign_id)[lang]


def tell_in(records: Sequence[Recorded], before: CampaignState, after: CampaignState, langs: Sequence[Lang],
            links: Links, campaign_id: str) -> dict[Lang, Told]:
    """`tell` in each of `langs`: what does not depend on the language (the states between the events, the
    names, the numbers, the rolls, who changed) is worked out once."""
    name = namer(after)
    phrases = surface_for(before.ruleset).phrases
    numbers: dict[str, int] = {}
    rolls: list[Roll] = []
    states: list[CampaignState] = []
    state = before
    for index, recorded in enumerate(records):
        states.append(state)
        for key, value in phrases.numbers(recorded.event).items():
            numbers[key] = numbers.get(key, 0) + value
        if rolled(recorded.event):
            rolls.append(Roll(recorded.seq, proof_link(links, campaign_id, recorded.seq)))
        if index + 1 < len(records):  # the state after the last event is not read: `after` is
            state = after if is_voiding(recorded) else campaign_state([recorded], initial=state)
    changed = standing_changes(before, after, name)
    ruleset = before.ruleset or after.ruleset
    if len(records) == 1:  # a command of one event (a roll, the most frequent): told as the loop below tells it
        event = records[0].event
        return {lang: Told(lang=lang, sentences=[sentence] if sentence else [summarize(event, before, lang, name)],
                           changed=changed, changes=[change_text(c, lang, ruleset) for c in changed] if changed else [],
                           rolls=rolls, numbers=numbers)
                for lang, sentence in zip(langs, summarize_in(event, before, langs, name, brief=True), strict=True)}
    # Each event's sentence in every language at once (a roll's message is built once for all of them).
    briefs = [summarize_in(recorded.event, at, langs, name, brief=True)
              for recorded, at in zip(records, states, strict=True)]
    told: dict[Lang, Told] = {}
    for index, lang in enumerate(langs):
        sentences: list[str] = []
        minor: list[str] = []
        for recorded, at, said in zip(records, states, briefs, strict=True):
            sentence = said[index]
            if sentence:
                sentences.append(sentence)
            else:
                minor.append(summarize(recorded.event, at, lang, name))
        # A command whose every event is told with others (none here to tell it) still gets its line.
        told[lang] = Told(lang=lang, sentences=sentences or minor, changed=changed,
                          changes=[change_text(c, lang, ruleset) for c in changed], rolls=rolls, numbers=numbers)
    return told
