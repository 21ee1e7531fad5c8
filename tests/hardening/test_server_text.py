"""What a server answers reaches no terminal as control codes: ``scout doctor`` prints the
SMTP server's own reply (its greeting or refusal) in a check's detail, and a server that
writes an escape sequence there (a window title, a screen clear, an OSC 8 link) or a bidi
override had it printed raw."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from scout.cli import cli
from tests.integration.helpers import write_config

HOSTILE = b"554 \x1b]0;pwned\x07\x1b[2Jgo \xe2\x80\xaeaway\xc2\x9b31m\x1b]8;;http://evil.test\x07here\r\n"


@pytest.fixture
def hostile_smtp() -> Iterator[int]:
    """A server on 127.0.0.1 that greets every client with :data:`HOSTILE` and hangs up."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            with conn:
                conn.sendall(HOSTILE)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield listener.getsockname()[1]
    stop.set()
    thread.join(timeout=5)
    listener.close()


def test_doctor_prints_a_servers_reply_without_its_control_codes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hostile_smtp: int) -> None:
    write_config(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCOUTE_SMTP_URL", f"smtp://127.0.0.1:{hostile_smtp}")
    res = CliRunner().invoke(cli, ["doctor", "--config", str(tmp_path / "config" /
                                                            "adapters.yaml")])
    [line] = [ln for ln in res.output.splitlines() if ln.startswith("[FAIL] adapter smtp")]
    assert "554" in line and "go away" in line  # the server's words are still said
    assert not any(c in res.output for c in "\x1b\x07\x9b\u202e"), repr(line)
