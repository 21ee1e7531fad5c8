"""A worker process picking tokens from one pool through the quota backend's shared
state: ``python -m tests.dist.pool_worker BACKEND RUNTIME_DIR POOL_CONFIG N OUT.json``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from scout.providers.pool_config import load_pool_config
from scout.providers.pool import POOL_STATE_NAME, TokenPool
from scout.quota.factory import make_quota


def main(backend: str, runtime: str, config: str, n: str, out: str) -> int:
    quota = make_quota(backend, runtime, env={})
    state = Path(runtime) / POOL_STATE_NAME
    pool = TokenPool(load_pool_config(config, {}), state, durable=False,
                     doc=quota.doc("token_pool_state", state))
    picked = [pool.pick("p").name for _ in range(int(n))]
    Path(out).write_text(json.dumps(picked))
    quota.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
