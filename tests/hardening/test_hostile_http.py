"""A stranger's requests to ``scout serve`` (a real server process, raw sockets where a
client library would refuse to send them):

* a malformed chunked body to a refused request (a Host that is not loopback, the
  DNS-rebinding guard; a missing bearer token): uvicorn answers 400 while the refusal is
  on its way, and each such request printed "Exception in ASGI application" and a
  traceback in the operator's log;
* a mission id pasted with look-alike letters (a Cyrillic "а" in "mаssion", a Greek
  "ο"): refused, saying which letter is not Latin, with the id it looks like as the hint
  (before: the letter was cut out, "e.g. 'm-ssion'").
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.ports import start_process

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "h24-token-5f1c9a7e2b8d4c06"


def _serve(root: Path, token: str | None) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SCOUTE_RESEARCH_ROOT": str(root)}
    env.pop("SCOUTE_API_TOKEN", None)
    if token:
        env["SCOUTE_API_TOKEN"] = token
    auth = {"Authorization": f"Bearer {token}"} if token else {}

    def healthy(port: int) -> bool:
        return httpx.get(f"http://127.0.0.1:{port}/healthz", headers=auth,
                         timeout=2).status_code == 200

    return start_process(
        lambda port: [sys.executable, "-m", "scout", "serve", "--port", str(port),
                      "--log-level", "warning"],
        ready=healthy, cwd=root, env=env, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, text=True)


def _raw(port: int, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(request)
        got = b""
        try:
            while chunk := conn.recv(65536):
                got += chunk
        except (socket.timeout, ConnectionResetError):
            pass
    return got


@pytest.mark.parametrize("token, host", [(None, b"rebound.example"),
                                         (TOKEN, b"127.0.0.1")],
                         ids=["loopback-guard", "bearer-token"])
def test_a_bad_chunk_to_a_refused_request_leaves_no_traceback_in_the_log(
        tmp_path: Path, token: str | None, host: bytes) -> None:
    (tmp_path / "runs").mkdir()
    proc, port = _serve(tmp_path, token)
    try:
        answers = [_raw(port, b"POST /api/missions HTTP/1.1\r\nHost: " + host + b"\r\n"
                          b"Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n"
                          b"Connection: close\r\n\r\n" + junk + b"\r\n")
                   for _ in range(6) for junk in (b"zz", b"-1", b"\xff\xfe")]
        # the server still answers, as it should
        ok = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5,
                       headers={"Authorization": f"Bearer {token}"} if token else {})
        assert ok.status_code == 200
        time.sleep(0.5)  # what the refused requests logged
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=20)
    assert all(a.startswith((b"HTTP/1.1 400", b"HTTP/1.1 421", b"HTTP/1.1 401"))
               for a in answers), answers[:3]
    assert "Traceback" not in err and "Exception in ASGI" not in err, err[-3000:]
    assert TOKEN not in err


@pytest.mark.parametrize("given, letters, meant", [
    ("m\u0430ssion", ["'\u0430' (U+0430) for 'a'"], "massion"),
    ("h\u043etel-b\u0430rcelona-2026-09", ["'\u043e' (U+043E) for 'o'", "'\u0430' (U+0430) for 'a'"],
     "hotel-barcelona-2026-09"),
    ("p\u03bfrt\u03bf-trip", ["'\u03bf' (U+03BF) for 'o'"], "porto-trip"),
    ("\u0441\u0435\u0440-2026", ["'\u0441' (U+0441) for 'c'", "'\u0435' (U+0435) for 'e'",
                                 "'\u0440' (U+0440) for 'p'"], "cep-2026"),
])
def test_a_mission_id_with_look_alike_letters_says_which_and_the_id_it_looks_like(
        tmp_path: Path, given: str, letters: list[str], meant: str) -> None:
    (tmp_path / "runs").mkdir()
    proc, port = _serve(tmp_path, None)
    try:
        base = f"http://127.0.0.1:{port}"
        api = httpx.get(f"{base}/api/missions/{given}", timeout=10)
        journal = httpx.get(f"{base}/api/missions/{given}/journal", timeout=10)
        page = httpx.get(f"{base}/missions/{given}", timeout=10)
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=20)
    for answer in (api, journal):
        assert answer.status_code == 400, answer.text
        error = answer.json()["error"]
        assert error["code"] == "USE002"
        assert "letters of another alphabet that look Latin" in error["message"]
        for letter in letters:
            assert letter in error["message"], error["message"]
        assert error["hint"].endswith(f"e.g. '{meant}'"), error["hint"]
    assert page.status_code == 400 and meant in page.text
    assert "Traceback" not in err
