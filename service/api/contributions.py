"""`GET /campaigns/{id}/rolls/{seq}/contributions`: every entropy contribution a roll's dice mixed in.

A roll's proof lists only the last few (service/proofs.py, `LISTED`), since an epoch recorded before the quota
may hold hundreds; this gives them all, as stored (hashes and all), a page at a time, for any reader or the
proof page's Verify to recompute the digest chain from the first one (docs/fairness.md).
"""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Request, get
from litestar.params import FromPath, QueryParameter

from domain.message import message
from service.api.answers import reading
from service.api.problems import ApiError
from service.api.services import Injected, Services
from service.store import MAX_SEQ
from service.web.reader import read_actor


@get(
    "/campaigns/{campaign_id:str}/rolls/{seq:int}/contributions",
    summary="Every entropy contribution a roll's dice mixed in, as stored, a page at a time",
    responses=reading("/rolls/12/contributions"),
)
async def roll_contributions(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    seq: FromPath[int],
    services: Injected[Services],
    after_seq: Annotated[int, QueryParameter(ge=0, le=MAX_SEQ)] = 0,
    limit: Annotated[int, QueryParameter(ge=1, le=1000)] = 100,
) -> dict[str, Any]:
    """The whole list a proof shows only the end of (`entropy.contributions_url`), for any reader to check.

    Readable as every read (token, share link) and also with the pages' sign-in cookie, as the live stream
    is: the proof page's Verify fetches it from the reader's browser.
    """
    await read_actor(request, services.store, campaign_id)
    stored = await services.store.stored_one(campaign_id, seq) if 1 <= seq <= MAX_SEQ else None
    provenance = stored.envelope.dice if stored is not None else None
    if stored is None or provenance is None:
        raise ApiError(404, "not-found", message("edge.not_found.not_a_roll", seq=seq))
    epoch, nonce = provenance.epoch, provenance.nonce
    page = await services.store.contributions(campaign_id, epoch, nonce, after_seq, limit)
    return {
        "campaign_id": campaign_id, "seq": seq, "epoch": epoch, "nonce": nonce,
        "count": await services.store.count_contributions(campaign_id, epoch, nonce),
        "contributions": page, "next_after_seq": page[-1].seq if page else after_seq,
    }
