"""What a fresh process does once at start so that its first reader does not pay for it.

Each of these is a first-use cost that would otherwise land on the first request that needs it, paid by a
reader: compiling the page templates (≈ 60 ms), reading the system's MIME types (a template answer guesses
its content type: ≈ 20 ms), msgspec's type information for each handler's parameters (≈ 1–5 ms a route), the
gettext catalogs of both languages, the decoder of every event type (≈ 12 ms for all of them; a read pays
≈ 0.1 ms for each type it meets first), and the encoding of a campaign state. All are caches their libraries (or
ours) keep anyway; nothing here changes what a request answers.
"""

from __future__ import annotations

import mimetypes

import msgspec
from litestar import Litestar
from litestar.plugins.jinja import JinjaTemplateEngine
from litestar.routes import HTTPRoute

from domain.campaign.state import CampaignState
from domain.catalog import catalog
from projections.rendering.state_view import state_view
from service import codec

LANGS = ("en", "es")


def warm_up(app: Litestar) -> None:
    mimetypes.init()
    for lang in LANGS:
        catalog(lang)
    codec.prepare_decoders()
    msgspec.json.encode(state_view(CampaignState()))
    msgspec.json.encode(CampaignState())
    if isinstance(app.template_engine, JinjaTemplateEngine):
        environment = app.template_engine.engine
        for name in environment.list_templates(filter_func=lambda name: name.endswith(".html")):
            environment.get_template(name)
    for route in app.routes:
        if not isinstance(route, HTTPRoute):
            continue
        for handler in route.route_handlers:
            _type_info(handler.signature_model)
            for provide in handler.resolve_dependencies().values():
                _type_info(provide.signature_model)


def _type_info(model: type) -> None:
    try:
        # Converting nothing fails (a required parameter is missing) after msgspec has built the model's
        # type information, which it keeps on the class: that is the part worth doing now.
        msgspec.convert({}, model, strict=False, str_keys=True)
    except (msgspec.ValidationError, TypeError, ValueError):
        pass
