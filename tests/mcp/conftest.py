"""Helpers of the MCP tests: a framework root with the demo, and the SDK's own client
talking to ``scout mcp`` over stdio (a real subprocess)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from tests.e2e.conftest import world  # noqa: F401 - the e2e world fixture (test_world.py)

ROOT = Path(__file__).resolve().parents[2]
DEMO_QUERY = "find hotels in Barcelona for September 2026 under 200 EUR with good reviews"


def demo_root(root: Path) -> Path:
    """A framework root holding the shipped pipelines, config, templates and the demo
    cassette (tools only read under the root)."""
    for name in ("config", "templates", "pipelines"):
        shutil.copytree(ROOT / name, root / name)
    shutil.copytree(ROOT / "examples" / "hotel-barcelona" / "cassette",
                    root / "examples" / "hotel-barcelona" / "cassette")
    return root


def server_env(root: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {"SCOUTE_RESEARCH_ROOT": str(root), "PYTHONPATH": str(ROOT),
           "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    env.update(extra or {})
    return env


@contextlib.asynccontextmanager
async def scout_mcp(root: Path, env: dict[str, str] | None = None, module: str = "scout",
                   errlog: Any = None) -> AsyncIterator[Client]:
    """The SDK client connected over stdio to ``python -m MODULE mcp`` started in ROOT;
    the server's stderr goes to ``errlog`` (a file) when given."""
    args = ["-m", module] + (["mcp"] if module == "scout" else [])
    params = StdioServerParameters(command=sys.executable, args=args, cwd=str(root),
                                   env=server_env(root, env))
    transport = stdio_client(params, errlog=errlog if errlog is not None else sys.stderr)
    async with Client(transport, read_timeout_seconds=240) as client:
        yield client


def text_of(result: Any) -> str:
    """Everything a tool result carries, as one string (for secret scans)."""
    parts = [c.text for c in result.content if getattr(c, "text", None)]
    if result.structured_content is not None:
        parts.append(json.dumps(result.structured_content))
    return "\n".join(parts)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
