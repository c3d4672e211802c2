"""The interactive API docs: Swagger UI from the package's own files, so the page works with no network.

The page, its script, style sheet and icon are served by this service (service/static/swagger-ui/, the
vendored swagger-ui-dist with its licence); the page loads the schema from /schema/openapi.json. Swagger
UI's online validator badge is switched off: it would send the schema's URL to a third party. The page runs
no inline script (its options are a JSON data block that our swagger-init.js reads), so its policy allows
scripts, styles and requests from this service only (DOCS_HEADERS).
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from litestar import Request
from litestar.datastructures import CacheControlHeader, ResponseHeader
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin, SwaggerRenderPlugin
from litestar.openapi.spec import Components, SecurityScheme
from litestar.router import Router
from litestar.static_files import create_static_files_router

ASSETS = Path(__file__).resolve().parent.parent / "static" / "swagger-ui"
ASSETS_PATH = "/assets/swagger-ui"  # under the OpenAPI router's path (/schema)
DAY = 24 * 3600

# What Swagger UI needs and no more: its script, style sheet and icons from here (its CSS embeds data: images);
# fetch() of the schema and of "Try it out" to this service only; no frame around it, no <base>, no Referer.
DOCS_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
               "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
DOCS_HEADERS = [ResponseHeader(name="Content-Security-Policy", value=DOCS_POLICY)]

# Swagger UI's options (https://swagger.io/docs/open-source-tools/swagger-ui/usage/configuration/).
OPTIONS: dict[str, Any] = {
    "dom_id": "#swagger-ui",
    "deepLinking": True,
    "validatorUrl": None,
    "persistAuthorization": True,
    "displayRequestDuration": True,
    "docExpansion": "list",
    "defaultModelsExpandDepth": 0,
    "filter": True,
    "layout": "BaseLayout",
}

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} — interactive API docs</title>
<link rel="icon" type="image/png" sizes="32x32" href="{assets}/favicon-32x32.png">
<link rel="icon" type="image/png" sizes="16x16" href="{assets}/favicon-16x16.png">
<link rel="stylesheet" href="{assets}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script type="application/json" id="swagger-options">{options}</script>
<script src="{assets}/swagger-ui-bundle.js"></script>
<script src="{assets}/swagger-init.js"></script>
</body>
</html>
"""


class OfflineSwaggerUI(SwaggerRenderPlugin):
    """Swagger UI at /schema/swagger, every asset it loads served from the package."""

    def __init__(self, path: str = "/swagger") -> None:
        super().__init__(path=path, favicon="")

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        schema_url = self.get_openapi_json_route(request)
        base = schema_url.rsplit("/", 1)[0]
        page = PAGE.format(
            title=html.escape(str(openapi_schema["info"]["title"])),
            assets=html.escape(base + ASSETS_PATH),
            # Data, never run; "</" escaped so no value can close the element.
            options=json.dumps({**OPTIONS, "url": schema_url}).replace("</", "<\\/"),
        )
        return page.encode()

    def receive_router(self, router: Router) -> None:
        router.register(
            create_static_files_router(
                path=ASSETS_PATH,
                directories=[ASSETS],
                name="swagger-ui-assets",
                cache_control=CacheControlHeader(max_age=DAY, public=True),
            )
        )


def openapi_config() -> OpenAPIConfig:
    """The schema at /schema/openapi.json and its docs page at /schema/swagger, with bearer tokens to try it."""
    bearer = SecurityScheme(
        type="http", scheme="bearer",
        description="A campaign token (the GM's from POST /campaigns, a participant's from an invitation), or "
        "the instance admin token (LEXMECHANIC_ADMIN_TOKEN): GET /events always needs it, POST /campaigns "
        "when it is set.",
    )
    return OpenAPIConfig(
        title="Lexmechanic",
        version="1.0.0",
        description="Event-sourced campaign log for play-by-post Warhammer 40,000 games. Every error is an "
        "RFC 9457 problem document (application/problem+json). Authorize with a token to try the endpoints. "
        "See docs/ for every contract.",
        path="/schema",
        openapi_router=Router(path="/schema", route_handlers=[], include_in_schema=False,
                              response_headers=DOCS_HEADERS),
        render_plugins=[OfflineSwaggerUI(), JsonRenderPlugin()],
        components=Components(security_schemes={"bearer": bearer}),
        security=[{"bearer": []}],
    )
