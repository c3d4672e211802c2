"""The edge's cheap paths (issue 23) refuse and answer exactly what the slow ones did.

The NUL check skips building the URL when the raw path and query cannot hold a NUL; the campaign id check keeps
the ids already found canonical. Written from docs/errors.md ("U+0000 anywhere is 400 invalid-request") and the
campaign id rule (one canonical spelling: lowercase, hyphenated; any other names no campaign).
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from litestar import Request

from service.api.limits import refuse_nul_in_url
from service.api.problems import ApiError
from service.store import CampaignNotFound, campaign_uuid


def _request(path: str = "/campaigns/x/state", query: bytes = b"", root_path: str = "") -> Request[Any, Any, Any]:
    return Request({"type": "http", "method": "GET", "path": path, "raw_path": path.encode(), "root_path": root_path,
                    "query_string": query, "headers": [], "scheme": "http", "server": ("test", 80), "state": {}})


@pytest.mark.parametrize(
    ("path", "query", "root_path"),
    [("/campaigns/x\x00/state", b"", ""), ("/campaigns/x/state", b"at_post=\x00", ""),
     ("/campaigns/x/state", b"at_post=p%00", ""), ("/campaigns/x/state", b"x%00=1", ""),
     ("/campaigns/x/state", b"a=1&at_post=%00&at_post=1", ""), ("/campaigns/x/state", b"", "/mounted\x00")],
)
def test_edge_lean_a_nul_anywhere_in_the_url_is_refused(path: str, query: bytes, root_path: str) -> None:
    with pytest.raises(ApiError) as refused:
        refuse_nul_in_url(_request(path, query, root_path))
    assert (refused.value.status, refused.value.slug) == (400, "invalid-request")


@pytest.mark.parametrize("query", [b"", b"at_post=p%2500", b"at_post=100&lang=es", b"share=lxs_abc%20d"])
def test_edge_lean_a_url_without_nul_passes(query: bytes) -> None:
    assert refuse_nul_in_url(_request("/campaigns/x/state", query)) is None


def test_edge_lean_campaign_ids_stay_canonical_after_a_hit() -> None:
    canonical = str(uuid.uuid4())
    assert campaign_uuid(canonical) == uuid.UUID(canonical)
    assert campaign_uuid(canonical) == uuid.UUID(canonical)  # the kept answer
    for alias in (canonical.upper(), canonical.replace("-", ""), "{" + canonical + "}", "urn:uuid:" + canonical):
        with pytest.raises(CampaignNotFound):
            campaign_uuid(alias)
    with pytest.raises(CampaignNotFound):
        campaign_uuid("not-a-uuid")
