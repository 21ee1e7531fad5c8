"""A real uvicorn serving the scout API on 127.0.0.1 (an ephemeral port), in a thread."""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from scout.server.serve import bound_port, build_server


class LiveServer:
    def __init__(self, root: Path, env: Mapping[str, str]) -> None:
        self.server: Any = build_server("127.0.0.1", 0, root=root, env=env,
                                        log_level="warning", access_log=False)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.url = ""

    def __enter__(self) -> "LiveServer":
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.01)
        self.url = f"http://127.0.0.1:{bound_port(self.server)}"
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
