"""The one helper every distributed test uses to run a real ``redis-server``.

``redis_server`` (a pytest fixture, session-wide) starts ``/usr/bin/redis-server`` (or the
one on ``PATH``) on 127.0.0.1 on a free port with no persistence (``--save ''
--appendonly no``), waits until it answers PING, yields a :class:`RedisServer` and stops it
at the end. Where redis-server or the ``redis`` package (extra ``dist``) is missing, the
tests that use it are skipped with the reason.

``redis_url`` (function scope) gives each test its own empty database: it flushes db 0 and
returns ``redis://127.0.0.1:PORT/0``. Use it from a conftest with::

    from tests.dist.redis_server import redis_server, redis_url  # noqa: F401

or start one by hand (benchmarks): ``with RedisServer.start() as srv: srv.url``.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def redis_binary() -> str | None:
    found = shutil.which("redis-server")
    if found:
        return found
    return "/usr/bin/redis-server" if Path("/usr/bin/redis-server").is_file() else None


@dataclass
class RedisServer:
    port: int
    proc: subprocess.Popen[bytes]
    workdir: Path
    log: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def db_url(self, db: int) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    @classmethod
    def start(cls, workdir: str | Path | None = None, timeout: float = 10.0) -> "RedisServer":
        binary = redis_binary()
        if binary is None:
            raise FileNotFoundError("redis-server is not installed")
        import tempfile

        wd = Path(workdir or tempfile.mkdtemp(prefix="scout-redis-"))
        wd.mkdir(parents=True, exist_ok=True)
        for _ in range(5):  # a free port can be taken by someone else before we bind it
            port = free_port()
            proc = subprocess.Popen(
                [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                 "--appendonly", "no", "--dir", str(wd), "--protected-mode", "yes"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            srv = cls(port, proc, wd)
            if srv._wait(timeout):
                return srv
            srv.stop()
        raise RuntimeError("redis-server did not start")

    def _wait(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return True
            except OSError:
                pass
            time.sleep(0.05)
        return False

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)

    def __enter__(self) -> "RedisServer":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    if redis_binary() is None:
        pytest.skip("redis-server is not installed (Debian package redis-server; "
                    ".ci/run installs it)")
    pytest.importorskip("redis", reason="the redis package is not installed "
                        "(pip install 'scout[dist]')")
    srv = RedisServer.start(tmp_path_factory.mktemp("redis"))
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    import redis

    client = redis.Redis(host="127.0.0.1", port=redis_server.port, db=0)
    client.flushdb()
    client.close()
    return redis_server.url
