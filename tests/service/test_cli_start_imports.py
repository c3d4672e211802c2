"""`lexmechanic post` and `state` start light (issue 21 item 3): they read the catalogs without msgspec or the
rules' packages, and the client's own catalog reader says every client sentence as domain.catalog does."""

from __future__ import annotations

import string
import subprocess
import sys

import pytest

from domain.catalog import catalog, text
from domain.message import LANGS, message
from service.client.words import say

HEAVY = ("msgspec", "domain.message", "domain.catalog", "domain.rulesets", "projections", "litestar", "asyncpg")


@pytest.mark.parametrize("modules", ["service.client.writing", "service.client.reads", "service.client.table_setup"])
def test_a_client_command_imports_nothing_heavy(modules: str) -> None:
    probe = (f"import sys, service.cli, {modules}; "
             f"print(' '.join(m for m in {HEAVY!r} if any(k == m or k.startswith(m + '.') for k in sys.modules)))")
    loaded = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True).stdout.split()
    assert loaded == []


def _client_ids() -> set[str]:
    return {key if isinstance(key, str) else key[0] for key in catalog("en")
            if (key if isinstance(key, str) else key[0]).startswith(("client.", "reply.word."))}


@pytest.mark.parametrize("lang", LANGS)
def test_the_clients_reader_says_what_the_catalog_says(lang: str) -> None:
    ids = _client_ids()
    assert len(ids) > 50
    for message_id in sorted(ids):
        for count in (1, 2, 21):
            forms = [catalog(lang).get(message_id)] + [catalog(lang).get((message_id, i)) for i in (0, 1)]
            names = {field for form in forms if form for _, field, _, _ in string.Formatter().parse(form) if field}
            params: dict[str, str | int] = {name: f"<{name}>" for name in names}
            if "count" in names:
                params["count"] = count
            assert say(message_id, lang, **params) == text(message(message_id, **params), lang)  # type: ignore[arg-type]


def test_the_clients_reader_refuses_an_unknown_id() -> None:
    with pytest.raises(LookupError):
        say("client.no_such_message", "es")
