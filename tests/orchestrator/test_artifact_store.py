"""Artifacts: validated on write and read, content-hashed, atomically replaced."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from scout.errors import ArtifactInvalid
from scout.orchestrator.artifact_store import ArtifactStore, value_hash
from scout.schemas.task import Task


def test_model_artifact_round_trip(tmp_path):
    store = ArtifactStore(tmp_path)
    task = Task(query="hotels in Rome", values={"destination": "Rome"}, today=dt.date(2026, 9, 1))
    ref, loaded = store.write("task", task, producer="F0", fingerprint="fp")
    assert ref.schema == "task" and isinstance(loaded, Task) and loaded == task
    env = json.loads(ref.path.read_text())
    assert env["schema"] == "task" and env["producer"] == "F0" and env["hash"] == ref.hash
    assert store.read("task") == task
    assert store.stored_hash("task") == ref.hash == value_hash(task)


def test_list_of_models_and_plain_json(tmp_path):
    store = ArtifactStore(tmp_path)
    ref, loaded = store.write("tasks", [Task(query="a"), Task(query="b")])
    assert ref.schema == "list[task]" and [t.query for t in store.read("tasks")] == ["a", "b"]
    ref2, loaded2 = store.write("plain", {"b": (1, 2), "a": dt.date(2026, 1, 2)})
    assert ref2.schema == "json" and loaded2 == {"a": "2026-01-02", "b": [1, 2]}
    assert store.read("plain") == loaded2


def test_hash_is_content_not_formatting(tmp_path):
    store = ArtifactStore(tmp_path)
    r1, _ = store.write("x", {"a": 1, "b": [1, 2]})
    r2, _ = store.write("x", {"b": [1, 2], "a": 1})
    assert r1.hash == r2.hash
    r3, _ = store.write("x", {"a": 2, "b": [1, 2]})
    assert r3.hash != r1.hash


def test_not_json_is_refused(tmp_path):
    store = ArtifactStore(tmp_path)
    with pytest.raises(ArtifactInvalid, match="not JSON"):
        store.write("x", {"v": float("nan")})
    with pytest.raises(ArtifactInvalid, match="not JSON"):
        store.write("x", object())
    assert not store.path("x").exists()


def test_tampered_or_damaged_files_are_detected(tmp_path):
    store = ArtifactStore(tmp_path)
    ref, _ = store.write("t", Task(query="a"))
    text = ref.path.read_text()
    ref.path.write_text(text.replace('"query":"a"', '"query":"b"'))
    with pytest.raises(ArtifactInvalid, match="recorded hash"):
        store.read("t")
    assert store.stored_hash("t") is None
    ref.path.write_text(text[:20])
    with pytest.raises(ArtifactInvalid, match="not a readable envelope"):
        store.read("t")
    with pytest.raises(ArtifactInvalid, match="missing"):
        store.read("nothing")


def test_schema_violation_on_read(tmp_path):
    store = ArtifactStore(tmp_path)
    ref, _ = store.write("t", Task(query="a"))
    env = json.loads(ref.path.read_text())
    env["data"]["unknown_field"] = 1
    from scout.orchestrator.artifact_store import canonical, content_hash
    env["hash"] = content_hash(canonical(env["data"]))
    ref.path.write_text(json.dumps(env))
    with pytest.raises(ArtifactInvalid, match="does not match schema 'task'"):
        store.read("t")


def test_atomic_writes_leave_no_temp_files(tmp_path):
    store = ArtifactStore(tmp_path, fsync=False)
    for i in range(20):
        store.write("x", {"i": i})
    assert [p.name for p in (tmp_path / "artifacts").iterdir()] == ["x.json"]
    assert store.read("x") == {"i": 19}
