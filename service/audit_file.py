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
from service.verification_said import Said

# Where the heads of `--expect` come from, in a problem about one of them: the option's name in both languages.
# (In Spanish "registro" is the campaign's log, as everywhere else; the head record is "la línea de cabeza".)
_EXPECTED = Said("--expect", "--expect")


class Unreadable(ValueError):
    """The file (or an `--expect`) cannot be checked at all; its English message is `str()`, as before."""

    def __init__(self, en: str, es: str) -> None:
        super().__init__(en)
        self.said = Said(en, es)

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
        raise Unreadable(
            f"--expect takes SEQ:HASH or CAMPAIGN:SEQ:HASH (a hash of 16 to 64 hex digits), not {text!r}",
            f"--expect admite SEQ:HASH o CAMPAÑA:SEQ:HASH (un hash de 16 a 64 cifras hexadecimales), no {text!r}",
        )
    return Expectation(match.group("campaign"), int(match.group("seq")), match.group("hash").lower())


class _Peek(msgspec.Struct):
    """What the first pass reads of a line; everything else is skipped without being built."""

    campaign_id: str | None = None
    type: str | None = None
    data: msgspec.Raw = msgspec.Raw()
    head: msgspec.Raw = msgspec.Raw()


_peek = msgspec.json.Decoder(_Peek)


def _lines(path: Path) -> Iterator[tuple[int, bytes]]:
    with path.open("rb") as file:
        for number, line in enumerate(file, start=1):
            if line.strip():
                yield number, line


def _first_pass(path: Path) -> tuple[list[str], dict[str, list[dict[str, Any]]]]:
    campaigns: dict[str, None] = {}
    epoch_records: dict[str, list[dict[str, Any]]] = {}
    for number, line in _lines(path):
        try:
            peeked = _peek.decode(line)
        except msgspec.DecodeError as error:
            # The decoder's own words say where in the line: quoted as msgspec writes them.
            raise Unreadable(f"line {number} is not JSON: {error}",
                             f"la línea {number} no es JSON: {error}") from error
        except msgspec.ValidationError as error:
            raise Unreadable(f"line {number} is not an event record: {error}",
                             f"la línea {number} no es un evento exportado: {error}") from error
        if peeked.campaign_id is None:
            if not peeked.head:
                raise Unreadable(f"line {number} is neither an event record nor a head record",
                                 f"la línea {number} no es ni un evento exportado ni una línea de cabeza")
            continue
        campaigns.setdefault(peeked.campaign_id)
        if peeked.type in ("dice_seed_committed", "dice_seed_revealed") and peeked.data:
            data = msgspec.json.decode(peeked.data)
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
                raise Unreadable(
                    f"the file holds {len(campaigns)} campaigns: write --expect CAMPAIGN:SEQ:HASH to say whose head",
                    f"el archivo contiene {len(campaigns)} campañas: escribe --expect CAMPAÑA:SEQ:HASH para decir de "
                    "cuál es la cabeza",
                )
            target = campaigns[0]
        if target not in verifiers:
            raise Unreadable(f"--expect names campaign {target}, which the file does not hold",
                             f"--expect nombra la campaña {target}, que el archivo no contiene")
        verifiers[target].expect(expectation.seq, expectation.hash_prefix, _EXPECTED)
    with_head: set[str] = set()
    for number, line in _lines(path):
        record = msgspec.json.decode(line)
        if not isinstance(record, dict):
            raise Unreadable(f"line {number} is not an event record", f"la línea {number} no es un evento exportado")
        head = record.get("head")
        if "campaign_id" not in record and isinstance(head, dict):
            campaign = head.get("campaign_id")
            if campaign not in verifiers:
                raise Unreadable(f"line {number}: a head record for campaign {campaign!r}, which has no events here",
                                 f"línea {number}: una línea de cabeza de la campaña {campaign!r}, que aquí no "
                                 "tiene eventos")
            version, head_hash = head.get("version"), head.get("head_hash")
            where = Said(f"the export's head record (line {number})",
                         f"la línea de cabeza de la exportación (línea {number})")
            if not isinstance(version, int) or not isinstance(head_hash, str):
                verifiers[campaign].report.problems.append(Said(
                    f"{where.en} has no whole-number version and hash",
                    f"{where.es} no tiene una versión entera y un hash",
                ))
            else:
                verifiers[campaign].head(version, head_hash, where)
            with_head.add(campaign)
            continue
        verifiers[str(record["campaign_id"])].add(record)
    reports = []
    for campaign, verifier in verifiers.items():
        if campaign not in with_head:
            verifier.report.problems.append(Said(
                "the export has no head record for this campaign: the file was cut short, or it is not an export",
                "la exportación no tiene línea de cabeza de esta campaña: el archivo se cortó, o no es una "
                "exportación",
            ))
        reports.append(verifier.finish())
    return reports
