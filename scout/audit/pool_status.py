"""The token pool's state per token — name, strategy, status, counters — never a value.

Reads ``config/token_pool_config.json`` (for the pools, strategies, token names and
where each value comes from: ``env:NAME`` or literal) and
``runtime/token_pool_state.json`` (status, requests, errors, last error, last success;
written atomically by the pool, so it is read here without its lock). A token whose rest
(``until``) is over is shown ``active``, as the next pick would see it. Without a pool
config the answer is ``configured: false`` and no rows.
"""

from __future__ import annotations

import datetime as dt
import os
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from scout.fsutil import loads_stored, read_stored
from scout.errors import ScoutError
from scout.providers.pool_config import load_pool_config
from scout.providers.pool import POOL_STATE_NAME
from scout.providers.preflight import pool_config_path


def _iso(epoch: Any) -> str | None:
    if not isinstance(epoch, (int, float)) or isinstance(epoch, bool):
        return None
    try:
        return dt.datetime.fromtimestamp(epoch, dt.timezone.utc).isoformat(timespec="seconds")
    except (OverflowError, OSError, ValueError):
        return None


def _state(runtime_dir: Path) -> dict[str, Any]:
    try:
        data = loads_stored(read_stored(runtime_dir / POOL_STATE_NAME))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def pool_status(root: Path, config_path: str | Path | None = None, *,
                env: Mapping[str, str] | None = None,
                clock: Callable[[], float] = time.time) -> dict[str, Any]:
    """``{"configured", "config", "state_file", "tokens": [...]}``; raises ``ConfigError``
    when the pool config is unsafe (mode) or invalid, and ``SpecInvalid`` when the config
    named (``config_path`` or ``SCOUTE_CONFIG``) is missing, not a file or not valid: its
    folder holds the pool, so no other folder's is shown instead."""
    from scout.config.loader import load_config

    env = os.environ if env is None else env
    try:
        config = load_config(config_path)
    except ScoutError:
        if config_path or os.environ.get("SCOUTE_CONFIG"):
            # a config named but unusable: reading ./config's pool instead would
            # audit the wrong keys
            raise
        config = None
    path = pool_config_path(config, root)
    runtime = root / "runtime"
    out: dict[str, Any] = {"configured": path.is_file(), "config": str(path),
                           "state_file": str(runtime / POOL_STATE_NAME), "tokens": []}
    if not path.is_file():
        return out
    pools = load_pool_config(path, env)
    state = (_state(runtime).get("pools") or {})
    now = clock()
    for pool in pools.values():
        ps = state.get(pool.name) or {}
        toks = ps.get("tokens") or {}
        for t in pool.tokens:
            st = toks.get(t.name) or {}
            status = st.get("status", "active")
            until = st.get("until")
            if status != "active" and isinstance(until, (int, float)) and until <= now:
                status, until = "active", None  # rested: the next pick takes it
            last_error = st.get("last_error")
            if isinstance(last_error, dict):
                last_error = {"at": _iso(last_error.get("at")), "kind": last_error.get("kind"),
                              "message": last_error.get("message")}
            out["tokens"].append({
                "pool": pool.name, "name": t.name, "strategy": pool.strategy,
                "weight": t.weight, "value_from": f"env:{t.env}" if t.env else "literal",
                "value_set": t.secret is not None, "status": status, "until": _iso(until),
                "requests": int(st.get("requests") or 0), "errors": int(st.get("errors") or 0),
                "last_error": last_error, "last_success": _iso(st.get("last_success")),
                "last_used": _iso(st.get("last_used")),
            })
    return out
