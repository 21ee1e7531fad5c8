"""``scout mcp --http``: streamable HTTP under ``scout serve``'s bind rules — loopback
without a token (loopback Host names only: DNS rebinding is refused), a bearer token
for everything once ``SCOUTE_API_TOKEN`` is set, and no start on a non-loopback
address without one. A real server process on 127.0.0.1, the SDK's HTTP client."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from tests.mcp.conftest import demo_root, server_env
from tests.ports import start_process

TOKEN = "mcp-test-token-3c9f1e0b7a5d42"
INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {},
    "clientInfo": {"name": "t", "version": "0"}}}
HEADERS = {"accept": "application/json, text/event-stream",
           "content-type": "application/json"}


def _ours(port: int) -> bool:
    """The server on ``port`` is an MCP endpoint: anything but a 404 at /mcp."""
    return httpx.get(f"http://127.0.0.1:{port}/mcp", timeout=1.0).status_code != 404


@contextlib.contextmanager
def http_server(root: Path, env: dict[str, str] | None = None,
                host: str = "127.0.0.1") -> Iterator[str]:
    # on a port the server binds itself (tests/ports.py): no other worker can take it
    proc, port = start_process(
        lambda port: [sys.executable, "-m", "scout", "mcp", "--http", "--host", host,
                      "--port", str(port)],
        ready=_ours, timeout=60, cwd=root, env=server_env(root, env),
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.mark.anyio
async def test_loopback_without_token_serves_the_tools(tmp_path: Path) -> None:
    with http_server(demo_root(tmp_path)) as url:
        async with Client(url) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            result = await client.call_tool("validate", {"path": "pipelines"})
    assert {"validate", "plan", "apply"} <= names
    assert result.structured_content["ok"] is True


def test_a_foreign_host_header_is_refused_without_a_token(tmp_path: Path) -> None:
    with http_server(demo_root(tmp_path)) as url:
        ok = httpx.post(url, json=INIT, headers=HEADERS)
        rebound = httpx.post(url, json=INIT, headers={**HEADERS, "host": "evil.example:80"})
        origin = httpx.post(url, json=INIT, headers={**HEADERS,
                                                     "origin": "http://evil.example"})
    assert ok.status_code == 200
    assert rebound.status_code in (400, 421)
    assert origin.status_code in (400, 403)


@pytest.mark.anyio
async def test_with_a_token_every_request_needs_it(tmp_path: Path) -> None:
    env = {"SCOUTE_API_TOKEN": TOKEN}
    with http_server(demo_root(tmp_path), env) as url:
        missing = httpx.post(url, json=INIT, headers=HEADERS)
        wrong = httpx.post(url, json=INIT, headers={**HEADERS,
                                                    "authorization": "Bearer nope-" + "x" * 20})
        async with httpx2.AsyncClient(headers={"authorization": f"Bearer {TOKEN}"}) as http:
            async with Client(streamable_http_client(url, http_client=http)) as client:
                result = await client.call_tool("validate", {"path": "pipelines"})
    for response in (missing, wrong):
        assert response.status_code == 401
        assert TOKEN not in response.text
    assert result.structured_content["ok"] is True


def test_non_loopback_bind_without_token_does_not_start(tmp_path: Path) -> None:
    root = demo_root(tmp_path)
    env = server_env(root)
    proc = subprocess.run([sys.executable, "-m", "scout", "mcp", "--http", "--host", "0.0.0.0",
                           "--port", "0"], cwd=root, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 3
    assert "CFG020" in proc.stderr and "Traceback" not in proc.stderr
