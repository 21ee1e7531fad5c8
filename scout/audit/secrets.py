"""The last line of defence for output: replace every known secret value by its name.

Journal lines, pool state and error messages are scrubbed where they are written; what
the audit commands and the HTTP API print is scrubbed once more with every value this
deployment knows (each adapter's ``secret_env()`` variables, every token pool value and
``SCOUTE_API_TOKEN``), so a value that slipped into a file by another path still never
leaves. Only secret values are replaced here: e-mail/phone scrubbing stays with the
writers (it would mangle ids and timestamps in output).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from scout.errors import ScoutError
from scout.adapters.contract import Secret
from scout.adapters.contract.redact import SecretScrubber

API_TOKEN_ENV = "SCOUTE_API_TOKEN"


def known_secrets(root: Path, config_path: str | Path | None = None,
                  env: Mapping[str, str] | None = None) -> SecretScrubber:
    """A scrubber loaded with every secret value this deployment can name."""
    from scout.config.loader import load_config
    from scout.providers.pool_config import load_pool_config
    from scout.providers.preflight import pool_config_path

    env = os.environ if env is None else env
    scrubber = SecretScrubber()
    config = None
    try:
        config = load_config(config_path)
    except ScoutError:
        pass
    if config is not None:
        for settings in config.adapters.values():
            for var in settings.secret_env():
                if env.get(var):
                    scrubber.add(Secret(var, env[var]))
    pool_path = pool_config_path(config, root)
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
    return scrubber


def deep_scrub(obj: Any, scrubber: SecretScrubber) -> Any:
    """A copy of ``obj`` with every known secret value in its strings (keys too) replaced."""
    if isinstance(obj, str):
        return scrubber.text(obj)
    if isinstance(obj, dict):
        return {deep_scrub(k, scrubber): deep_scrub(v, scrubber) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [deep_scrub(v, scrubber) for v in obj]
    return obj
