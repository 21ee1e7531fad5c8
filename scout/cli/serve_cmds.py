"""``scout serve``: the HTTP API (thin: :mod:`scout.server` does it)."""

from __future__ import annotations

import click

from scout.cli import cli
from scout.cli.params import PathParam, config_help
from scout.errors import EXIT_OK
from scout.server.serve import DEFAULT_HOST, DEFAULT_PORT, build_server, \
    run_until_stopped


@cli.command("serve")
@click.option("--host", default=DEFAULT_HOST, show_default=True,
              help="Address to bind. Anything but loopback requires SCOUTE_API_TOKEN.")
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT,
              show_default=True, help="Port to bind.")
@click.option("--runs-dir", type=PathParam(file_okay=False), default=None,
              help="Where run dirs live (default: $SCOUTE_RUNS_DIR or <root>/runs).")
@click.option("--config", type=PathParam(), default=None,
              help=config_help("for the token pool's location and the secrets to hide"))
@click.option("--log-level", type=click.Choice(["critical", "error", "warning", "info",
                                                "debug"]), default="info", show_default=True,
              help="How much the server logs (uvicorn's levels).")
def serve_cmd(host: str, port: int, runs_dir: str | None, config: str | None,
              log_level: str) -> int:
    """Serve the dashboard and the read-only HTTP API.

    Pages: / (missions), /missions/{id} (live phases, DAG, costs, journal, report), /cost.
    API: /api/missions, /api/missions/{id}[/journal|/report], /api/pool,
    /api/cost-summary, /healthz; OpenAPI at /openapi.json, docs at /docs and /redoc.

    Binds 127.0.0.1 by default. To bind another address set SCOUTE_API_TOKEN (16+
    characters): every request must then send 'Authorization: Bearer <token>'. Without
    it scout refuses to start (CFG020, exit 3).
    """
    from scout.config.loader import config_root

    # the runs of the config's project, where apply keeps them (docs/running.md)
    server = build_server(host, port, root=config_root(config), runs_dir=runs_dir,
                          config_path=config, log_level=log_level)
    auth = "bearer token required" if server.scout_auth else "no auth: loopback only"
    click.echo(f"scout dashboard and API on http://{host}:{port}/ ({auth}); OpenAPI at "
               "/openapi.json",
               err=True)
    run_until_stopped(server, host, port)
    return EXIT_OK
