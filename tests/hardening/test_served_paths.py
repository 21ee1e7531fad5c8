"""What the HTTP API's errors say back to a client. A damaged run dir under a runs dir
outside the served root (``SCOUTE_RUNS_DIR``) is named as under ``runs``, never by the
machine's absolute path (it said ``/data/scout-runs/m/state.log.jsonl`` to any client);
a bidi override or NUL the client sent is quoted as its escape, not replayed raw."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from scout.orchestrator.state_store import LOG_NAME
from scout.server.app import ServerSettings, create_app


def test_a_damaged_run_elsewhere_is_named_under_runs(tmp_path: Path) -> None:
    root, runs = tmp_path / "lab", tmp_path / "data" / "scout-runs"
    root.mkdir()
    (runs / "m1" / LOG_NAME).mkdir(parents=True)  # a folder where the state log goes
    client = TestClient(create_app(ServerSettings(root=root, runs_dir=runs)),
                        base_url="http://127.0.0.1:8077")
    for url in ("/api/missions/m1", "/missions/m1"):
        answer = client.get(url)
        assert answer.status_code == 503, (url, answer.text)
        assert f"runs/m1/{LOG_NAME}" in answer.text, answer.text
        assert str(tmp_path) not in answer.text, answer.text


def test_a_bidi_override_sent_comes_back_as_its_escape(tmp_path: Path) -> None:
    client = TestClient(create_app(ServerSettings(root=tmp_path, runs_dir=tmp_path / "runs")),
                        base_url="http://127.0.0.1:8077")
    answer = client.get("/api/cost-summary", params={"since": "\u202e7d\x00"})
    assert answer.status_code == 400, answer.text
    message = answer.json()["error"]["message"]
    assert "\\u202e7d" in message and "\u202e" not in message and "\x00" not in message
