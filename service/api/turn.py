"""Whose turn it is (any reader of the campaign): the running encounter's round, turn, acting character and
its player, and the order, with the sentence a person reads in the request's language."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request, Response, get
from litestar.params import FromPath

from domain.catalog import text
from domain.message import message
from projections.whose_turn import turn_sentence, whose_turn
from service.api import negotiation
from service.api.answers import reading
from service.api.auth import campaign_reader
from service.api.services import Injected, Services


@get(
    "/campaigns/{campaign_id:str}/turn",
    summary="Whose turn it is: encounter, round, turn, acting character and its player, order",
    responses=reading("/turn"),
)
async def turn_read(
    request: Request[Any, Any, Any], campaign_id: FromPath[str], services: Injected[Services],
) -> Response[dict[str, Any]]:
    await campaign_reader(request, services.store, campaign_id)
    state = await services.cache.at_head(campaign_id)
    lang, _ = negotiation.language(request)
    turn = whose_turn(state, lang)
    if turn is None:
        body: dict[str, Any] = {"version": state.version, "encounter": None, "round": None, "turn": None,
                                "acting": None, "order": [], "text": text(message("notify.no_encounter"), lang)}
    else:
        body = {"version": state.version, **msgspec.to_builtins(turn), "text": text(turn_sentence(turn), lang)}
    return Response(body, headers={"Content-Language": lang, "Vary": "Accept-Language"})
