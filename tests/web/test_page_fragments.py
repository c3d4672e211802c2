"""The pages' pure parts: labels in both languages, the standing a reader follows, compare lines, post blocks."""

from __future__ import annotations

import re

from domain.campaign.state import CampaignState, Character
from domain.commands import PostRef
from domain.events import RestoringEvent, VoidingEvent
from projections.permalinks import Links, proof_link
from projections.rendering.frames import Frame
from projections.rendering.page_words import LABELS, label
from projections.rendering.state_view import CharacterView, StateView, compare, standing, state_view
from projections.rendering.timeline import blocks, row
from service.codec import event_classes
from service.web.page_queries import CORRECTION_TYPES


def test_page_labels_exist_in_both_languages_with_the_same_placeholders() -> None:
    for key, (en, es) in LABELS.items():
        assert en.strip() and es.strip(), key
        assert sorted(re.findall(r"\{(\w+)\}", en)) == sorted(re.findall(r"\{(\w+)\}", es)), key
    assert label("state_after", "es", what=label("post_n", "es", post=1042)) == "Estado justo tras el mensaje 1042"


def test_the_corrections_query_lists_every_voiding_and_restoring_event() -> None:
    corrections = {tag for tag, cls in event_classes().items() if issubclass(cls, (VoidingEvent, RestoringEvent))}
    assert corrections == set(CORRECTION_TYPES)


def test_proof_permalinks_point_at_the_proof_page() -> None:
    assert proof_link(Links(), "c1", 7) == "/ui/campaigns/c1/rolls/7"
    assert proof_link(Links(base="https://dice.example.org/", share="lxs_k"), "c1", 7) == (
        "https://dice.example.org/ui/campaigns/c1/rolls/7?share=lxs_k"
    )


def test_standing_reads_wounds_left_fate_magnitude_and_conditions() -> None:
    d100 = {"sheet": {"wounds": 20}, "damage": 8, "fate": 2, "fate_max": 3, "fatigue": 1, "critical": 0,
            "magnitude": None, "conditions": [{"name": "stunned", "rounds": 1}], "ammo": {"bolter": 25}, "jammed": []}
    shown, maxima = standing(d100)
    assert shown == {"wounds": 12, "fate": 2, "fatigue": 1, "conditions": ("stunned",), "ammo": ("bolter 25",)}
    assert maxima == {"wounds": 20, "fate": 3}
    horde, _ = standing({"sheet": {"wounds": 0}, "damage": 0, "magnitude": 9, "magnitude_start": 30, "fate": 0})
    assert "wounds" not in horde and horde["magnitude"] == 9
    troop, troop_max = standing({"sheet": {"kind": "troop", "wounds": 1, "shock": 1, "members": 20}, "wounds": 1,
                                 "shock": 1, "wrath": 0, "members_left": 14, "conditions": []})
    assert troop["members_left"] == 14 and troop_max["members_left"] == 20


def _view(kai: dict[str, int | tuple[str, ...]], cultists: int, glory: int) -> StateView:
    return StateView(version=1, encounters=(), missions=(), pools={"glory": glory, "glory_cap": 6}, characters=(
        CharacterView(character_id="kai", name="Kai", kind="pc", standing=kai, maxima={}),
        CharacterView(character_id="c", name="the cultists", kind="npc", standing={"magnitude": cultists}, maxima={}),
    ))


def test_compare_says_what_changed_between_two_points_in_the_readers_words() -> None:
    before = _view({"wounds": 12, "fate": 3, "conditions": ()}, 30, 2)
    after = _view({"wounds": 4, "fate": 2, "conditions": ("stunned",)}, 9, 3)
    assert compare(before, after, "en") == [
        "Kai: wounds 12 → 4, Fate 3 → 2, conditions — → stunned", "the cultists: magnitude 30 → 9", "Glory 2 → 3"]
    assert compare(before, after, "es")[1] == "the cultists: magnitud 30 → 9"
    assert compare(before, before, "en") == []


def test_a_state_without_rules_shows_its_characters_and_nothing_else() -> None:
    state = CampaignState(characters={"kai": Character("kai", "Kai", "gm", "pc", {}, 3)})
    view = state_view(state)
    assert [c.name for c in view.characters] == ["Kai"] and view.encounters == () and view.pools == {}


def _frame(seq: int, post: str | None, actor: str = "ana", session: int | None = 1) -> Frame:
    return Frame(seq=seq, type="gm_noted", summary=f"line {seq}", post=PostRef(id=post, author="Ana") if post else None,
                 actor=actor, session=session)


def test_rows_are_grouped_by_post_and_by_an_actors_unposted_commands() -> None:
    frames = [_frame(1, None, "gm", None), _frame(2, None, "gm", None), _frame(3, "p1"), _frame(4, "p1"),
              _frame(5, "p2"), _frame(6, None, "gm")]
    grouped = blocks(frames, [row(f, {}, "en") for f in frames])
    assert [[r.seq for r in b.rows] for b in grouped] == [[1, 2], [3, 4], [5], [6]]
    assert grouped[1].author == "Ana" and grouped[1].last_seq == 4
