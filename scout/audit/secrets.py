"""The last line of defence for output: replace every known secret value by its name.

Journal lines, pool state and error messages are scrubbed where they are written; what
the audit commands and the HTTP API print is scrubbed once more with every value this
deployment knows (each adapter's ``secret_env()`` variables and the credentials in its
``base_url``, every token pool value and
``SCOUTE_API_TOKEN``), so a value that slipped into a file by another path still never
leaves. Only secret values are replaced here: e-mail/phone scrubbing stays with the
writers (it would mangle ids and timestamps in output).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scout.errors import ScoutError
from scout.adapters.contract import Secret
from scout.adapters.contract.http import base_url_secrets
from scout.adapters.contract.redact import SecretScrubber

API_TOKEN_ENV = "SCOUTE_API_TOKEN"


#: what a file's stat says changed: a rewrite (mtime, size), a replacement (inode,
#: device: an editor's rename over it) and its mode (a pool file opened up to 0644 is
#: refused, scout.providers.pool_config.check_mode)
Stamp = tuple[int, int, int, int, int] | None


def _stamp(path: Path | None) -> Stamp:
    if path is None:
        return None
    try:
        st = path.stat()
    except (OSError, ValueError):
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino, st.st_dev, st.st_mode)


@dataclass(frozen=True)
class _Known:
    """One loaded set of secrets and what it was loaded from."""

    #: the config file, the pool file and their stamps when they were read
    config_path: Path | None
    config_stamp: Stamp
    pool_path: Path
    pool_stamp: Stamp
    #: the environment it was read with, as a hash (values stay in os.environ only)
    env_hash: int
    scrubber: SecretScrubber


_cache: dict[tuple[str, str], _Known] = {}
_cache_lock = threading.Lock()


def known_secrets(root: Path, config_path: str | Path | None = None,
                  env: Mapping[str, str] | None = None) -> SecretScrubber:
    """A scrubber loaded with every secret value this deployment can name (a copy: the
    caller may add to it).

    Cached per root and config argument, and read again when the config file or the
    token pool file changes (mtime, size, inode, mode) or the environment does: the HTTP
    API and ``scout mcp`` call this for every request, which read and validated both
    files each time. A check costs two ``stat`` calls."""
    from scout.config.loader import find_config

    env = os.environ if env is None else env
    key = (str(root), str(config_path or ""))
    config_file = find_config(config_path)
    env_hash = hash(frozenset(env.items()))
    with _cache_lock:
        known = _cache.get(key)
    if known is not None and known.config_path == config_file \
            and known.config_stamp == _stamp(config_file) and known.env_hash == env_hash \
            and known.pool_stamp == _stamp(known.pool_path):
        return known.scrubber.copy()
    config_stamp = _stamp(config_file)  # before reading: a write during the read reloads
    known = _load(root, config_path, env, config_file, config_stamp, env_hash)
    with _cache_lock:
        _cache[key] = known
    return known.scrubber.copy()


def _load(root: Path, config_path: str | Path | None, env: Mapping[str, str],
          config_file: Path | None, config_stamp: Stamp, env_hash: int) -> _Known:
    """Read the secrets :func:`known_secrets` caches."""
    from scout.config.loader import load_config
    from scout.providers.pool_config import load_pool_config
    from scout.providers.preflight import pool_config_path

    scrubber = SecretScrubber()
    config = None
    try:
        config = load_config(config_path)
    except ScoutError:
        pass
    if config is not None:
        for name, settings in config.adapters.items():
            for var in settings.secret_env():
                if env.get(var):
                    scrubber.add(Secret(var, env[var]))
            for mark, value in base_url_secrets(name, settings):
                scrubber.add(Secret(mark, value))
    pool_path = pool_config_path(config, root)
    pool_stamp = _stamp(pool_path)
    if pool_path.is_file():
        try:
            for pool in load_pool_config(pool_path, env).values():
                for token in pool.tokens:
                    if token.secret is not None:
                        scrubber.add(token.secret)
        except ScoutError:
            pass  # pool status reports the problem itself
    if env.get(API_TOKEN_ENV):
        scrubber.add(Secret(API_TOKEN_ENV, env[API_TOKEN_ENV]))
    return _Known(config_file, config_stamp, pool_path, pool_stamp, env_hash, scrubber)


def deep_scrub(obj: Any, scrubber: SecretScrubber) -> Any:
    """A copy of ``obj`` with every known secret value in its strings (keys too) replaced."""
    if isinstance(obj, str):
        return scrubber.text(obj)
    if isinstance(obj, dict):
        return {deep_scrub(k, scrubber): deep_scrub(v, scrubber) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [deep_scrub(v, scrubber) for v in obj]
    return obj
