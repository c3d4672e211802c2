"""`lexmechanic serve` and the bench run one stack: uvloop and httptools, from one uvicorn config."""

from __future__ import annotations

import importlib

import pytest
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from service import serving


def test_serving_names_uvloop_and_httptools_and_both_are_installed() -> None:
    config = serving.uvicorn_config(serving.APP_FACTORY, factory=True, host="127.0.0.1", port=8000, workers=3)
    assert (config["loop"], config["workers"], config["factory"]) == ("uvloop", 3, True)
    assert issubclass(config["http"].func, HttpToolsProtocol)  # httptools, with the edge's bounds
    for module in ("uvloop", "httptools"):
        importlib.import_module(module)  # uvicorn[standard] is a dependency: no silent fallback to asyncio/h11
    assert "uvloop" in serving.describe(config) and "3 workers" in serving.describe(config)


def test_serving_refuses_workers_without_an_import_string() -> None:
    with pytest.raises(ValueError, match="import string"):
        serving.uvicorn_config(object(), host="127.0.0.1", port=8000, workers=2)
