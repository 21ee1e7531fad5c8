"""Start the HTTP API: bind checks first (:func:`scout.server.security.api_token`), then
uvicorn.

    server = build_server("127.0.0.1", 8077, root=Path("."))   # a uvicorn.Server
    server.run()                                                # blocks; Ctrl-C stops it
"""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from scout.paths import runs_dir as default_runs
from scout.server.security import api_token

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8077


def build_server(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, *, root: Path,
                 runs_dir: str | Path | None = None, config_path: str | None = None,
                 env: Mapping[str, str] | None = None, log_level: str = "info",
                 access_log: bool = True) -> Any:
    """A configured ``uvicorn.Server``; raises ``ConfigError`` (CFG020) when the bind
    address needs a token that is not set."""
    import uvicorn

    from scout.server.app import ServerSettings, create_app

    env = os.environ if env is None else env
    token = api_token(host, env)
    settings = ServerSettings(root=root, runs_dir=default_runs(runs_dir, root=root),
                              config_path=config_path, token=token)
    config = uvicorn.Config(create_app(settings), host=host, port=port, log_level=log_level,
                            access_log=access_log, server_header=False, proxy_headers=False,
                            lifespan="off")
    server = uvicorn.Server(config)
    server.scout_auth = token is not None  # type: ignore[attr-defined]
    return server


def bound_port(server: Any) -> int | None:
    """The port a started server listens on (useful with port 0)."""
    for s in getattr(server, "servers", []):
        for sock in s.sockets:
            if sock.family in (socket.AF_INET, socket.AF_INET6):
                return int(sock.getsockname()[1])
    return None


def run_until_stopped(server: Any, host: str, port: int) -> None:
    """``server.run()`` (blocks; Ctrl-C stops it). uvicorn logs why it could not start
    (e.g. the port is taken) and exits 1: that becomes a usage error with a hint."""
    from scout.errors import UsageError

    try:
        server.run()
    except SystemExit:
        if not server.started:
            host_problem = _host_problem(host)
            if host_problem is not None:
                raise UsageError(f"could not serve on {host}:{port}: {host_problem}",
                                 hint="pass --host an address of this machine: 127.0.0.1 "
                                      "(the default), or 0.0.0.0 for every interface"
                                 ) from None
            raise UsageError(f"could not serve on {host}:{port} (see the error above)",
                             hint="choose another --port, or stop what listens there") from None
        raise


def _host_problem(host: str) -> str | None:
    """Why no socket can be bound to ``host`` on any port (it does not resolve, or it is
    not an address of this machine), or None when the host is fine (so the port is not)."""
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError, ValueError) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        return f"the host {host!r} does not resolve ({why})"
    last: OSError | None = None
    for family, kind, proto, _, addr in infos:
        try:
            with socket.socket(family, kind, proto) as sock:
                sock.bind((addr[0], 0, *addr[2:]))
            return None
        except OSError as exc:
            last = exc
    why = (last.strerror or str(last)) if last is not None else "no address"
    return f"the host {host!r} cannot be bound here ({why}): it is not an address of this machine"
