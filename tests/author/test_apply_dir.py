"""`scout apply DIR`: every `kind: Mission` in it, one summary, exit code = the worst."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from scout.cli.run_cmds import worst_exit
from scout.testing import FakeProviders, Result, offline_config
from scout.testing.project import KEY_ENV
from scout.testing.fake_http import FAKE_KEY
from tests.author.helpers import run


@pytest.fixture()
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    assert run("init", "tea-rooms", "--dir", str(tmp_path))[0] == 0
    missions = tmp_path / "pipelines" / "missions"
    (missions / "porto.yaml").write_text(
        "apiVersion: scout/v1\nkind: Mission\nmission_id: tea-porto\n"
        "pipeline: ../tea_rooms.yaml\nquery: tea rooms in Porto\n")
    (missions / "notes.yaml").write_text("title: not a scout file\n")  # skipped
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.setenv(KEY_ENV, FAKE_KEY)
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    with FakeProviders() as fake:
        fake.search(".", [Result("Leaf", "https://leaf.test/", "Leaf, rated 9/10, 12 EUR.")])
        cfg = tmp_path / "config" / "adapters.yaml"
        cfg.write_text(yaml.safe_dump(offline_config(tmp_path / "pipelines" / "tea_rooms.yaml",
                                                     fake)))
        yield tmp_path, fake


def test_apply_dir_converges_every_mission(project) -> None:
    root, fake = project
    args = ["apply", str(root / "pipelines" / "missions"), "--runs-dir", str(root / "runs")]
    code, out, err = run(*args)
    assert code == 0, out + err
    assert "applied 2 mission(s)" in out
    assert "tea-rooms-example.yaml" in out and "porto.yaml" in out and "notes.yaml" not in out
    assert (root / "runs" / "tea-porto" / "report.md").is_file()
    assert (root / "runs" / "tea-rooms-example" / "report.md").is_file()
    calls = len(fake.calls)
    code, out, _ = run(*args)  # converged: nothing asked again
    assert code == 0 and len(fake.calls) == calls


def test_apply_dir_exit_code_is_the_worst(project) -> None:
    root, _ = project
    bad = root / "pipelines" / "missions" / "broken.yaml"
    bad.write_text("apiVersion: scout/v1\nkind: Mission\npipeline: ../nope.yaml\nquery: x\n")
    code, out, err = run("apply", str(root / "pipelines" / "missions"),
                         "--runs-dir", str(root / "runs"))
    assert code == 2  # a spec error beats the successes
    assert "applied 3 mission(s)" in out
    line = next(x for x in out.splitlines() if "broken.yaml" in x)
    assert "error SPEC060" in line and "exit 2" in line
    assert "SPEC060" in err


def test_apply_dir_refuses_query_and_empty_folders(project, tmp_path: Path) -> None:
    root, _ = project
    code, _, err = run("apply", str(root / "pipelines" / "missions"), "--query", "x")
    assert code == 2 and "folder of missions" in err
    (tmp_path / "empty").mkdir()
    code, _, err = run("apply", str(tmp_path / "empty"))
    assert code == 2 and "no 'kind: Mission' files" in err


def test_worst_exit_order() -> None:
    assert worst_exit([0, 4, 1]) == 1
    assert worst_exit([0, 3, 1]) == 3
    assert worst_exit([4, 2, 3]) == 2
    assert worst_exit([0, 0]) == 0 and worst_exit([0, 4]) == 4
