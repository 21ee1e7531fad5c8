"""Helpers for the adapter tests: fixture files, adapters wired to a transport."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx

from scout.config.adaptertypes import ADAPTER_TYPES, settings_for
from scout.adapters.contract import SearchAdapter
from scout.adapters.contract.http import make_client

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "providers"


def fixture_text(relpath: str) -> str:
    return (FIXTURES / relpath).read_text(encoding="utf-8")


def fixture_json(relpath: str) -> Any:
    return json.loads(fixture_text(relpath))


def make_adapter(type_name: str, transport: httpx.BaseTransport | None = None,
                 name: str | None = None, **settings: Any) -> SearchAdapter:
    """An adapter of ``type_name`` built as the providers layer would build it."""
    s = settings_for(type_name, {"type": type_name, **settings})
    cls = ADAPTER_TYPES[type_name].load()
    return cls(name or type_name, s, make_client(s, transport=transport))
