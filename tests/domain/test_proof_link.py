"""THE proof permalink (projections/permalinks.py): written around its seq from parts kept per links and campaign,
it stays what `page_link` writes for the roll's path, whatever the base, the campaign id or the share key hold."""

from __future__ import annotations

from projections.permalinks import Links, page_link, proof_link


def test_a_proof_link_is_the_proof_page_of_the_roll() -> None:
    # docs/fairness.md: a roll's proof page is /ui/campaigns/{id}/rolls/{seq}, opened by the share key if any.
    assert proof_link(Links(), "c1", 7) == "/ui/campaigns/c1/rolls/7"
    assert proof_link(Links(base="https://lex.example/", share="k/1 x"), "c1", 12) == \
        "https://lex.example/ui/campaigns/c1/rolls/12?share=k%2F1%20x"


def test_a_proof_link_is_what_page_link_writes_for_any_links() -> None:
    bases = ["", "/", "https://lex.example", "http://h:8000/", "http://a\x00b", "https://x/?q=1"]
    shares = [None, "", "abc", "a?b&c", "\x00", "%00", "ü/é"]
    ids = ["c1", "camp-\x00", "a?b", ""]
    for base in bases:
        for share in shares:
            for campaign_id in ids:
                links = Links(base=base, share=share)
                for seq in (0, 1, 42, 123456789):
                    assert proof_link(links, campaign_id, seq) == page_link(links, campaign_id, f"/rolls/{seq}")
