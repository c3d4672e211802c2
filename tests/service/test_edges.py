"""The edges hold no plumbing of their own: a handler receives the service objects it names (Litestar dependency
injection), never looks them up, never shows them as request parameters, and reads the database only through the
event store, whose SQL all lives in service/queries.py."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from service.api.services import service_dependencies
from service.app import create_app
from service.settings import Settings
from service.web import web_dependencies

SERVICE = Path(__file__).parents[2] / "service"
EDGES = sorted([*(SERVICE / "api").glob("*.py"), *(SERVICE / "web").glob("*.py")])
# The app's state is read only by the lifespans that fill it and where the services are provided from it.
PROVIDERS = {SERVICE / "app.py", SERVICE / "api" / "services.py", SERVICE / "web" / "__init__.py"}
# The web sessions' own table (docs/web.md, "Signing in") is kept by its module, as share links are by theirs:
# its statements are in service/queries.py too.
OWN_TABLES = {SERVICE / "web" / "sessions.py"}
SQL = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\s", re.IGNORECASE)


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


@pytest.mark.parametrize("path", sorted(SERVICE.rglob("*.py")), ids=lambda p: str(p.relative_to(SERVICE)))
def test_edges_no_handler_looks_up_the_services_in_the_app_state(path: Path) -> None:
    if path in PROVIDERS:
        return
    reads = [node.lineno for node in ast.walk(_tree(path))
             if isinstance(node, ast.Attribute) and node.attr == "state"
             and (isinstance(node.value, ast.Attribute) and node.value.attr == "app"
                  or isinstance(node.value, ast.Name) and node.value.id == "app")]
    assert reads == [], f"{path.relative_to(SERVICE)} reads app.state at lines {reads}: name the object instead"


@pytest.mark.parametrize("path", EDGES, ids=lambda p: str(p.relative_to(SERVICE)))
def test_edges_the_pages_and_the_api_run_no_sql_of_their_own(path: Path) -> None:
    tree = _tree(path)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    statements = [node.lineno for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                  and SQL.match(node.value)]
    assert statements == [], f"{path.relative_to(SERVICE)} holds SQL at lines {statements}: it goes in queries.py"
    if path not in OWN_TABLES:
        pools = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr == "pool"]
        assert pools == [], f"{path.relative_to(SERVICE)} uses the pool at lines {pools}: read through EventStore"


def test_edges_no_service_object_is_a_request_parameter_in_the_openapi_document() -> None:
    # The document is built from the handlers' signatures; no database is reached for it.
    app = create_app(Settings(database_url="postgresql://nobody@127.0.0.1:1/none"))
    injected = {*service_dependencies(), *web_dependencies()}
    assert injected == {"services", "web"}
    document = app.openapi_schema.to_schema()
    named = {parameter["name"].lower()
             for path in document["paths"].values() for operation in path.values() if isinstance(operation, dict)
             for parameter in operation.get("parameters", [])}
    assert named, "the document lists no parameter at all: this test reads it wrongly"
    assert named.isdisjoint(injected), sorted(named & injected)
