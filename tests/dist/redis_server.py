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

from tests.ports import PortInUse, retry_in_use


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

        def start(port: int) -> RedisServer:
            proc = subprocess.Popen(
                [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                 "--appendonly", "no", "--dir", str(wd), "--protected-mode", "yes"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            srv = cls(port, proc, wd)
            if srv._wait(timeout):
                return srv
            srv.stop()
            raise PortInUse(f"redis-server could not serve on {port}")

        # redis cannot bind port 0 (it means "no TCP"): a port another worker took
        # between the pick and the start is another try (tests/ports.py)
        try:
            return retry_in_use(start)
        except PortInUse:
            raise RuntimeError("redis-server did not start") from None

    def _wait(self, timeout: float) -> bool:
        """True once *this* redis-server answers on the port: its INFO names our
        process, so another worker's server on a port we lost does not count."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                    s.sendall(b"INFO server\r\n")
                    reply = b""
                    while b"process_id:" not in reply or not reply.endswith(b"\r\n"):
                        chunk = s.recv(65536)
                        if not chunk:
                            break
                        reply += chunk
                    if f"process_id:{self.proc.pid}\r\n".encode() in reply:
                        return True
                    if b"process_id:" in reply:  # someone else's server: ours will fail
                        return False
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
