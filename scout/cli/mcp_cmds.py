"""``scout mcp``: scout as an MCP server for agents (thin: :mod:`scout.mcp` does it)."""

from __future__ import annotations

import os

import click

from scout.cli import cli
from scout.cli.params import PathParam, config_help
from scout.errors import EXIT_OK, ConfigError
from scout.paths import research_root

DEFAULT_MCP_PORT = 8078


@cli.command("mcp")
@click.option("--http", "use_http", is_flag=True,
              help="Serve streamable HTTP at http://HOST:PORT/mcp instead of stdio.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="(--http) Address to bind. Anything but loopback requires "
                   "SCOUTE_API_TOKEN.")
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_MCP_PORT,
              show_default=True, help="(--http) Port to bind.")
@click.option("--config", type=PathParam(), default=None,
              help=config_help("to use", near="the file a tool is given"))
def mcp_cmd(use_http: bool, host: str, port: int, config: str | None) -> int:
    """Serve scout's tools over the Model Context Protocol, for agents (Claude Desktop,
    Claude Code, any MCP client): validate, plan, apply (with progress and
    cancellation), status, runs, audit, journal, pool_status, cost; resources
    scout://missions/{id}/report and scout://missions/{id}/artifacts/{name}.

    \b
    stdio by default (the client starts `scout mcp` itself; see docs/agents.md).
    Paths given to tools must stay under the framework root ($SCOUTE_RESEARCH_ROOT or
    the current folder). --http binds 127.0.0.1 unless SCOUTE_API_TOKEN is set; with
    the token every request must send 'Authorization: Bearer <token>'.
    """
    try:
        from scout.mcp.server import build_http_server, build_mcp
        from scout.mcp.workspace import Workspace
        from scout.server.serve import run_until_stopped
    except ImportError as exc:  # pragma: no cover - mcp is a core dependency
        raise ConfigError(f"the MCP SDK is not installed ({exc})",
                          hint="pip install 'mcp>=2.3'") from None
    server = build_mcp(Workspace(root=research_root(), config=config))
    if not use_http:
        server.run("stdio")
        return EXIT_OK
    http = build_http_server(server, host, port, os.environ)
    auth = "bearer token required" if os.environ.get("SCOUTE_API_TOKEN") else \
        "no auth: loopback only"
    click.echo(f"scout MCP on http://{host}:{port}/mcp ({auth})", err=True)
    run_until_stopped(http, host, port)
    return EXIT_OK
