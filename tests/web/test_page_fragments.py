"""The pages' pure parts: labels in both languages, the standing a reader follows, compare lines, post blocks."""

from __future__ import annotations

import re

from domain.campaign.state import CampaignState, Character
from domain.characters import CreateCharacter
from domain.commands import PostRef
from domain.d100.commands import GmRuling
from domain.events import RestoringEvent, VoidingEvent
from projections.permalinks import Links, proof_link
from projections.rendering.frames import Frame
from projections.rendering.page_words import LABELS, label
from projections.rendering.state_view import compare, sheet_extras, state_view
from projections.rendering.timeline import blocks, row
from service.codec import CORRECTION_TYPES, event_classes
from tests.support.campaign_table import CampaignTable

STATS = {"WS": 40, "BS": 40, "S": 40, "T": 40, "Ag": 40, "Int": 40, "Per": 40, "WP": 40, "Fel": 40}
SHEET = {"characteristics": STATS, "wounds": 20, "fate": 3, "armour": {"body": 2}, "weapons": []}


def test_page_labels_exist_in_both_languages_with_the_same_placeholders() -> None:
    for key, (en, es) in LABELS.items():
        assert en.strip() and es.strip(), key
        assert sorted(re.findall(r"\{(\w+)\}", en)) == sorted(re.findall(r"\{(\w+)\}", es)), key
    assert label("state_after", "es", what=label("post_n", "es", post=1042)) == "Estado justo tras el mensaje 1042"


def test_the_corrections_query_lists_every_voiding_and_restoring_event() -> None:
    corrections = {tag for tag, cls in event_classes().items() if issubclass(cls, (VoidingEvent, RestoringEvent))}
    assert corrections == set(CORRECTION_TYPES)


def test_the_corrections_are_the_undo_redo_retract_and_reinstate_events_the_docs_name() -> None:
    # docs/history.md and docs/api.md: a turn undone and redone, events retracted and reinstated.
    assert set(CORRECTION_TYPES) == {"turn_undone", "turn_redone", "events_retracted", "events_reinstated"}


def test_proof_permalinks_point_at_the_proof_page() -> None:
    assert proof_link(Links(), "c1", 7) == "/ui/campaigns/c1/rolls/7"
    assert proof_link(Links(base="https://dice.example.org/", share="lxs_k"), "c1", 7) == (
        "https://dice.example.org/ui/campaigns/c1/rolls/7?share=lxs_k"
    )


def test_the_sheet_adds_ammunition_jammed_weapons_and_maxima_to_the_standing() -> None:
    d100 = {"sheet": {"wounds": 20}, "damage": 8, "fate": 2, "fate_max": 3, "magnitude": None,
            "ammo": {"bolter": 25}, "jammed": ["storm_bolter"]}
    extras, maxima = sheet_extras(d100)
    assert extras == {"ammo": ("bolter 25",), "jammed": ("storm_bolter",)}
    assert maxima == {"wounds": 20, "fate": 3}
    troop, troop_max = sheet_extras({"sheet": {"kind": "troop", "wounds": 1, "shock": 1, "members": 20}})
    assert troop == {} and troop_max == {"wounds": 1, "shock": 1, "members": 20}


def test_the_sheet_names_weapons_by_their_names_not_their_ids() -> None:
    sheet = {"wounds": 20, "weapons": [{"id": "bolter", "name": "Bolter"}, {"id": "storm_bolter", "name": "Storm Bolter"}]}
    extras, _ = sheet_extras({"sheet": sheet, "ammo": {"bolter": 27, "storm_bolter": 0}, "jammed": ["storm_bolter"]})
    assert extras == {"ammo": ("Bolter 27", "Storm Bolter 0"), "jammed": ("Storm Bolter",)}


def test_compare_says_what_changed_in_the_replies_words() -> None:
    table = CampaignTable()
    table.run(CreateCharacter(name="Kai", character_id="kai", kind="pc", owner="gm", sheet=SHEET))
    before = table.state
    table.run(GmRuling(character_id="kai", set_damage=8, reason="a blast"))
    lines = compare(before, table.state, "en")
    assert lines == ["Kai: 20 → 12 wounds"], lines
    assert compare(before, table.state, "es") == ["Kai: 20 → 12 heridas"]
    assert compare(before, before, "en") == []


def test_a_state_without_rules_shows_its_characters_and_nothing_else() -> None:
    state = CampaignState(characters={"kai": Character("kai", "Kai", "gm", "pc", {}, 3)})
    view = state_view(state)
    assert [c.name for c in view.characters] == ["Kai"] and view.encounters == () and view.pools == {}


def _frame(seq: int, post: str | None, actor: str = "ana", session: int | None = 1, author: str = "Ana") -> Frame:
    return Frame(seq=seq, type="gm_noted", summary=f"line {seq}", post=PostRef(id=post, author=author) if post else None,
                 actor=actor, actor_name={"ana": "Ana", "gm": "Game Master"}.get(actor), session=session)


def test_rows_are_grouped_by_post_and_by_an_actors_unposted_commands() -> None:
    frames = [_frame(1, None, "gm", None), _frame(2, None, "gm", None), _frame(3, "p1"), _frame(4, "p1"),
              _frame(5, "p2"), _frame(6, None, "gm")]
    grouped = blocks(frames, [row(f, "en") for f in frames])
    assert [[r.seq for r in b.rows] for b in grouped] == [[1, 2], [3, 4], [5], [6]]
    assert grouped[1].author == "Ana" and grouped[1].last_seq == 4


def test_a_post_block_names_the_participant_not_the_author_the_client_claimed() -> None:
    # Issue 18, item 11 on the timeline: a player's client says the post's author is "[b]Game Master[/b]"; the
    # block is Ana's (the token that sent it), and the claim is shown as such.
    frames = [_frame(1, "p1", "ana", author="[b]Game Master[/b]"), _frame(2, "p2", "ana")]
    claimed, honest = blocks(frames, [row(f, "en") for f in frames])
    assert (claimed.author, claimed.posted_as) == ("Ana", "[b]Game Master[/b]")
    assert (honest.author, honest.posted_as) == ("Ana", None)
