"""`lexmechanic verify FILE`: an export checked offline, line by line, in two passes of constant memory.

The first pass reads only the dice epochs' commitments and reveals; the second checks every line with
the seeds already known (service.verification). Heads witnessed outside the file (`--expect`) and the
export's own head record catch a log cut short or rewritten (docs/audit-format.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec

from service.verification import CampaignReport, CampaignVerifier, seeds_from
from service.verification_said import Said, said

# Where the heads of `--expect` come from, in a problem about one of them: the option's name in both languages.
# (In Spanish "registro" is the campaign's log, as everywhere else; the head record is "la línea de cabeza".)
_EXPECTED = said("verify.expect")

# Bounds on one line of a file someone hands over: its bytes (read no further than this, so memory stays
# constant however long the line is) and how deep its arrays and objects nest.
MAX_LINE_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 64


class Unreadable(ValueError):
    """The file (or an `--expect`) cannot be checked at all; its English message is `str()`, as before."""

    def __init__(self, said: Said) -> None:
        super().__init__(said.en)
        self.said = said

_EXPECT = re.compile(r"^(?:(?P<campaign>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):)?"
                     r"(?P<seq>[1-9][0-9]{0,18}):(?P<hash>[0-9a-fA-F]{16,64})$")


class Expectation(msgspec.Struct, frozen=True):
    """`[CAMPAIGN:]SEQ:HASH`: event SEQ must have this hash (a prefix of at least 16 hex digits)."""

    campaign_id: str | None
    seq: int
    hash_prefix: str


def parse_expectation(text: str) -> Expectation:
    match = _EXPECT.match(text.strip())
    if match is None:
        raise Unreadable(said("verify.expect_takes_seq_hash", repr_text=repr(text)))
    return Expectation(match.group("campaign"), int(match.group("seq")), match.group("hash").lower())


class _Head(msgspec.Struct):
    """A head record's `head`: an object naming its campaign (version and hash are checked as findings)."""

    campaign_id: str
    version: Any = None
    head_hash: Any = None


class _Peek(msgspec.Struct):
    """What the first pass reads of a line; everything else is skipped without being built."""

    campaign_id: str | None = None
    type: str | None = None
    data: msgspec.Raw = msgspec.Raw()
    head: _Head | None = None


_peek = msgspec.json.Decoder(_Peek)
_record = msgspec.json.Decoder(dict[str, Any])


def _lines(path: Path) -> Iterator[tuple[int, bytes]]:
    """The file's non-blank lines, numbered; a line is never read past MAX_LINE_BYTES."""
    with path.open("rb") as file:
        number = 0
        while line := file.readline(MAX_LINE_BYTES + 1):
            number += 1
            if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
                limit = Said(f"{MAX_LINE_BYTES:,}", f"{MAX_LINE_BYTES:,}".replace(",", "."))
                raise Unreadable(said("verify.file.line_too_long", number=number, limit=limit))
            if line.strip():
                yield number, line


def _decoded(number: int, line: bytes, decoder: msgspec.json.Decoder[Any]) -> Any:
    """One line decoded, or Unreadable saying why not (the decoder's own words say where in the line)."""
    try:
        return decoder.decode(line)
    except RecursionError:
        raise _too_deep(number) from None
    except msgspec.DecodeError as error:
        raise Unreadable(said("verify.line_json", number=number, error=error)) from error
    except msgspec.ValidationError as error:
        raise Unreadable(said("verify.line_neither_event_record", number=number, error=error)) from error


def _too_deep(number: int) -> Unreadable:
    return Unreadable(said("verify.line_nests_arrays_objects", number=number, depth=MAX_DEPTH))


def _depth_within(value: Any, limit: int) -> bool:
    """Whether `value` nests no more than `limit` arrays and objects deep (walked without recursion)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        if depth + 1 > limit:
            return False
        stack.extend((child, depth + 1) for child in children)
    return True


def _first_pass(path: Path) -> tuple[list[str], dict[str, list[dict[str, Any]]]]:
    campaigns: dict[str, None] = {}
    epoch_records: dict[str, list[dict[str, Any]]] = {}
    for number, line in _lines(path):
        peeked: _Peek = _decoded(number, line, _peek)
        if peeked.campaign_id is None:
            if peeked.head is None:
                raise Unreadable(said("verify.line_neither_event_record_2", number=number))
            continue
        campaigns.setdefault(peeked.campaign_id)
        if peeked.type in ("dice_seed_committed", "dice_seed_revealed") and peeked.data:
            data = _decoded(number, peeked.data, msgspec.json.Decoder())
            epoch_records.setdefault(peeked.campaign_id, []).append({"type": peeked.type, "data": data})
    return list(campaigns), epoch_records


def verify_file(path: Path, expectations: list[Expectation] | None = None, rules: bool = False,
                ) -> list[CampaignReport]:
    """One report per campaign in the file, in the order they first appear; with `rules`, every command decided
    again (projections/rules_replay.py)."""
    campaigns, epoch_records = _first_pass(path)
    verifiers = {c: CampaignVerifier(c, seeds_from(epoch_records.get(c, [])), rules) for c in campaigns}
    for expectation in expectations or []:
        target = expectation.campaign_id
        if target is None:
            if len(campaigns) != 1:
                raise Unreadable(said("verify.file_holds_campaigns_write", len_campaigns=len(campaigns)))
            target = campaigns[0]
        if target not in verifiers:
            raise Unreadable(said("verify.expect_names_campaign_which", target=target))
        verifiers[target].expect(expectation.seq, expectation.hash_prefix, _EXPECTED)
    with_head: set[str] = set()
    for number, line in _lines(path):
        # The first pass read every line's shape; this one builds each record whole, so it bounds its depth
        # first (hashing and finding the dice walk it) and reads its shape again (the file may have changed).
        record: dict[str, Any] = _decoded(number, line, _record)
        if not _depth_within(record, MAX_DEPTH):
            raise _too_deep(number)
        campaign = record.get("campaign_id")
        if campaign is None:
            head = _decoded(number, line, _peek).head
            if head is None:
                raise Unreadable(said("verify.line_changed_while_read_2", number=number))
            if head.campaign_id not in verifiers:
                raise Unreadable(said(
                    "verify.line_head_record_campaign", number=number, repr_head_campaign_id=repr(head.campaign_id)))
            version, head_hash = head.version, head.head_hash
            where = said("verify.export_s_head_record", number=number)
            if not isinstance(version, int) or isinstance(version, bool) or not isinstance(head_hash, str):
                verifiers[head.campaign_id].report.problems.append(said(
                    "verify.whole_number_version_hash", where=Said(where.en, where.es)))
            else:
                verifiers[head.campaign_id].head(version, head_hash, where)
            with_head.add(head.campaign_id)
            continue
        if not isinstance(campaign, str) or campaign not in verifiers:
            raise Unreadable(said("verify.line_changed_while_read", number=number))
        verifiers[campaign].add(record)
    reports = []
    for campaign, verifier in verifiers.items():
        if campaign not in with_head:
            verifier.report.problems.append(said("verify.export_head_record_campaign"))
        reports.append(verifier.finish())
    return reports
