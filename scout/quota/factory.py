"""Build the configured quota backend: ``quota: {backend: ..., headroom: ...}`` in
config/adapters.yaml, ``SCOUTE_QUOTA_URL`` overriding the backend.

To add a backend: a class with the methods of :class:`scout.quota.base.Quota`, and a
branch in :func:`make_quota` for its name or URL scheme (and in :data:`BACKENDS`).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from scout.errors import ConfigError
from scout.config.models import check_backend
from scout.quota.base import Quota

ENV_URL = "SCOUTE_QUOTA_URL"
def make_quota(backend: str, runtime_dir: str | Path, *, headroom: float = 1.0,
               env: Mapping[str, str] | None = None,
               clock: Callable[[], float] = time.time) -> Quota:
    """The backend ``SCOUTE_QUOTA_URL`` (when set) or ``backend`` names."""
    env = os.environ if env is None else env
    chosen = env.get(ENV_URL) or backend
    problem = check_backend(chosen)
    if problem is not None:
        where = ENV_URL if env.get(ENV_URL) else "quota.backend"
        raise ConfigError(f"{where}: {problem}", code="CFG040",
                          hint="see docs/running.md, 'Quota backends'")
    if chosen == "memory":
        from scout.quota.memory import MemoryQuota
        return MemoryQuota(clock=clock, headroom=headroom)
    if chosen == "local":
        from scout.quota.local import LocalQuota
        return LocalQuota(runtime_dir, clock=clock, headroom=headroom)
    from scout.quota.redis import RedisQuota
    return RedisQuota(chosen, headroom=headroom,
                      clock=None if clock is time.time else clock)
