"""A free roll's told answer (issue 23: the most frequent answer, told without `tell_in`'s general machinery)
is, byte for byte, the answer the general path tells: for hostile reasons, names and expressions, every
form of the sentence, a roll without dice, and links that cannot be linked. Two expectations are written
by hand from docs/history.md, "Escaping", so that the two paths cannot agree on a wrong telling."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.campaign.commands import InviteParticipant, Roll, StartSession
from domain.d100.commands import RegisterCharacter
from domain.wrath_and_glory.commands import AddCharacter
from projections.permalinks import Links, proof_link, proof_parts
from projections.rendering.markup import safe_url, safe_url_around
from projections.results import Result, told_in_general, told_result
from tests.d100.encounter_fixtures import marine
from tests.support.campaign_table import CampaignTable, SeededDice
from tests.wrath_and_glory.scenario import hero

ZW = "\u200b"
REASONS = [
    "bench", "", " padded ", "\u00a0", "[/quote][url=javascript:alert(1)]x[/url] @everyone *x* _y_",
    "**b** __u__ `c` \\ x\\y", "# heading", "> quote", "- item", "1. one", "12) twelve", "=x", "~~s~~", "||s||",
    ": c", "<script>alert(1)</script> & &amp;", "see https://evil.example and www.evil.example", "a@b.c @here",
    "line1\nline2", "a\r\nb\rc", "\n\nblank first", "tab\tin", "ctrl \x00 \x07 \x1b[31m \x7f",
    "\u200e\u202e rtl \u2028 \u2029", "[b]x[/b]", "[7, 6]", "[ spaced", "![i](http://x/y.png)", "%41%zz", "🎲 ñ",
]
NAMES = ["Brother Kai", "Heretic [b]Vox[/b] _x_", "# Head", "@everyone", "a\tb\nc", "~~s~~ www.x.com"]
LINKS = [Links(), Links("https://lex.example", "s 1/+%&?=#"), Links("HTTP://Host:8080/"), Links("//evil.example"),
         Links("javascript:alert(1)"), Links("https://h.example/a b[c]*_%zz")]


def _rolls(ruleset: str) -> list[tuple[Result, Result]]:
    table = CampaignTable(ruleset)
    table.run(StartSession())
    table.run(InviteParticipant(name="Anna", role="player"))
    anna = next(p for p in table.state.participants if p != "gm")
    for index, name in enumerate(NAMES):
        if ruleset == "wrath_and_glory":
            table.run(AddCharacter(character_id=f"c{index}", owner=anna, sheet=hero(name)))
        else:
            table.run(RegisterCharacter(character_id=f"c{index}", owner=anna, name=name, sheet=marine()))
    dice, found = SeededDice(23), list[tuple[Result, Result]]()
    for index, reason in enumerate(REASONS):
        for expression in ("2d10+3", "d100", "4", "d10+d6"):
            for who in (None, f"c{index % len(NAMES)}"):
                before, first = table.state, len(table.records)
                table.run(Roll(expression=expression, reason=reason or expression, character_id=who), dice)
                links = LINKS[len(found) % len(LINKS)]
                args = (table.records[first:], before, table.state, links, "c id%[x]" if index % 3 else "c-test")
                found.append((told_result(*args), told_in_general(*args)))
    return found


@pytest.mark.parametrize("ruleset", ["deathwatch", "wrath_and_glory"])
def test_a_free_roll_told_by_its_shortcut_is_the_general_telling_byte_for_byte(ruleset: str) -> None:
    pairs = _rolls(ruleset)
    assert len(pairs) == len(REASONS) * 8
    for fast, general in pairs:
        assert msgspec.json.encode(fast) == msgspec.json.encode(general)
    assert any(fast["rolls"] == [] for fast, _ in pairs)  # "4" rolls no die: no proof


@pytest.mark.parametrize("links", [Links(), Links("javascript:alert(1)")])
def test_a_roll_with_a_hostile_reason_of_several_lines_is_told_escaped(links: Links) -> None:
    table = CampaignTable("deathwatch")
    table.run(StartSession())
    before, first = table.state, len(table.records)
    table.run(Roll(expression="d10", reason="# x\n> www.evil.example ~~a~~ \x07"), [4])
    result = told_result(table.records[first:], before, table.state, links, "c-test")
    seq = first + 1
    # Plain text as typed; a url nobody may link is not linked: its label stands alone.
    proof = f"{'' if links == Links() else 'javascript:alert(1)'}/ui/campaigns/c-test/rolls/{seq}"
    md_link = f"[proof #{seq}]({proof})" if links == Links() else f"proof #{seq}"
    bb_link = f"[url={proof}]proof #{seq}[/url]" if links == Links() else f"proof #{seq}"
    assert result["rendered"]["en"] == f"Roll d10 (# x\n> www.evil.example ~~a~~ \x07): [4] = 4\nproof: {proof}"  # type: ignore[index]
    # Each line escaped and the second indented (its `>` would open a quote); Markdown: `[`, `]` escaped,
    # `www.` broken, `~~` split; BBCode: the face's `[` before a digit stays; a control character shows as
    # its picture in both.
    assert result["rendered_markdown"]["en"] == (  # type: ignore[index]
        f"Roll d10 (# x\n    \\> www{ZW}.evil.example ~{ZW}~a~{ZW}~ \u2407): \\[4\\] = 4 · {md_link}")
    assert result["rendered_bbcode"]["en"] == (  # type: ignore[index]
        f"Roll d10 (# x\n\u00a0\u00a0\u00a0\u00a0> www{ZW}.evil.example ~~a~~ \u2407): [4] = 4 · {bb_link}")


_URL_BITS = st.sampled_from(["http://", "https://", "HTTP://", "//", "/", ":", ":8080", ":123456", "%", "%4", "%41",
                             "%zz", "?", "#", "&", "=", " ", "[", "]", "*", "_", "\\", "é", "\n", "h", "h.example",
                             "rolls", "0", "12"])
URL_TEXTS = st.lists(_URL_BITS | st.text(max_size=2), max_size=8).map("".join)


@settings(max_examples=400, deadline=None)
@given(base=URL_TEXTS, share=st.none() | URL_TEXTS, campaign=URL_TEXTS,
       seq=st.integers(min_value=0, max_value=10**15))
def test_a_proof_links_safe_parts_are_safe_url_of_every_proof_link(base: str, share: str | None, campaign: str,
                                                                   seq: int) -> None:
    links = Links(base, share)
    head, tail = proof_parts(links, campaign)
    assert f"{head}{seq}{tail}" == proof_link(links, campaign, seq)
    around = safe_url_around(head, tail)
    if around is not None:
        assert f"{around[0]}{seq}{around[1]}" == safe_url(proof_link(links, campaign, seq))
    else:
        assert safe_url(proof_link(links, campaign, seq)) is None
    # Any head, tail and number: the parts are right, or not given.
    found = safe_url_around(base + "/rolls/", campaign)
    assert found is None or f"{found[0]}{seq}{found[1]}" == safe_url(f"{base}/rolls/{seq}{campaign}")
