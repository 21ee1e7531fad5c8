"""tests/ports.py: the race-free ports the service tests use."""

from __future__ import annotations

import errno
import os
import socket
import subprocess
import sys

import pytest

from tests.ports import PortInUse, closed_port, has_proc, listening_ports, retry_in_use, \
    start_process


def test_a_closed_port_refuses_and_cannot_be_taken_meanwhile() -> None:
    with closed_port() as port:
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.1", port), timeout=2)
        with socket.socket() as other, pytest.raises(OSError) as taken:
            other.bind(("127.0.0.1", port))
        assert taken.value.errno == errno.EADDRINUSE


def test_retry_in_use_tries_another_port_and_only_on_address_in_use() -> None:
    tried: list[int] = []

    def start(port: int) -> int:
        tried.append(port)
        if len(tried) == 1:
            raise OSError(errno.EADDRINUSE, "Address already in use")
        if len(tried) == 2:
            raise PortInUse("lost it")
        return port

    assert retry_in_use(start) == tried[-1] and len(tried) == 3

    def broken(port: int) -> int:
        raise OSError(errno.EACCES, "Permission denied")

    with pytest.raises(OSError) as exc:
        retry_in_use(broken)
    assert exc.value.errno == errno.EACCES


@pytest.mark.skipif(not has_proc(), reason="reads /proc (Linux)")
def test_listening_ports_are_the_process_own() -> None:
    with socket.create_server(("127.0.0.1", 0)) as srv:
        port = srv.getsockname()[1]
        assert port in listening_ports(os.getpid())
        with closed_port() as idle:  # bound, not listening: not a server
            assert idle not in listening_ports(os.getpid())
    assert port not in listening_ports(os.getpid())


def test_start_process_finds_the_port_the_server_bound() -> None:
    server = ("import http.server, sys; http.server.ThreadingHTTPServer("
              "('127.0.0.1', int(sys.argv[1])), http.server.SimpleHTTPRequestHandler"
              ").serve_forever()")
    proc, port = start_process(lambda p: [sys.executable, "-c", server, str(p)],
                               ready=lambda p: socket.create_connection(
                                   ("127.0.0.1", p), timeout=2).close() is None,
                               timeout=60, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    try:
        assert port > 0 and proc.poll() is None
        if has_proc():
            assert listening_ports(proc.pid) == {port}
    finally:
        proc.kill()
        proc.wait(10)


def test_a_server_that_dies_says_why() -> None:
    with pytest.raises(AssertionError, match="(?s)exited.*boom"):
        start_process(lambda p: [sys.executable, "-c", "import sys; sys.exit('boom')"],
                      ready=lambda p: True, timeout=30, stdout=subprocess.DEVNULL,
                      stderr=subprocess.PIPE)
