"""``--config`` and the environment variables that shape a run: the config named is the one
used (never ./config in its place), a path that is not a file says what it is, and an
unusable value of a variable is named, never read as a limit that refuses everything."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from scout.cli import main

ROOT = Path(__file__).resolve().parents[2]
PIPELINE = str(ROOT / "pipelines" / "hotel_research.yaml")


def _pool(folder: Path, token: str) -> None:
    (folder / "config").mkdir(parents=True)
    shutil.copy(ROOT / "config" / "adapters.yaml", folder / "config" / "adapters.yaml")
    pool = folder / "config" / "token_pool_config.json"
    pool.write_text(json.dumps({"pools": {"tavily": {"strategy": "failover", "tokens": [
        {"name": token, "value": "env:TAVILY_KEY_X"}]}}}), encoding="utf-8")
    pool.chmod(0o600)


@pytest.fixture
def two_configs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """./config with pool token 'here', other/config with pool token 'there'."""
    _pool(tmp_path, "here")
    _pool(tmp_path / "other", "there")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    monkeypatch.delenv("SCOUTE_TOKEN_POOL_CONFIG", raising=False)
    return tmp_path


def test_pool_status_reads_the_pool_beside_the_config_given(
        two_configs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = two_configs / "other" / "config" / "adapters.yaml"
    assert main(["pool", "status", "--config", str(other), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [t["name"] for t in data["tokens"]] == ["there"]


@pytest.mark.parametrize("bad", ["missing.yaml", "folder", "not_config.json"])
def test_pool_status_refuses_a_config_it_cannot_use_instead_of_reading_dot_config(
        two_configs: Path, capsys: pytest.CaptureFixture[str], bad: str) -> None:
    """It printed ./config's pool (token 'here') for any --config that did not load."""
    (two_configs / "folder").mkdir()
    (two_configs / "not_config.json").write_text('{"pools": {}}', encoding="utf-8")
    code = main(["pool", "status", "--config", str(two_configs / bad), "--json"])
    out, err = capsys.readouterr()
    assert code == 2
    # asked for JSON, the answer is the error (docs/agents.md), never ./config's pool
    assert set(json.loads(out)) == {"error"} and "'here'" not in out
    assert "internal error" not in err
    assert str(two_configs / bad) in err
    want = {"missing.yaml": "CFG005", "folder": "CFG006", "not_config.json": "SPEC0"}[bad]
    assert want in err


def test_pool_status_without_a_config_still_reads_dot_config(
        two_configs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pool", "status", "--json"]) == 0
    assert [t["name"] for t in json.loads(capsys.readouterr().out)["tokens"]] == ["here"]


@pytest.mark.parametrize("path,what", [
    ("/dev/zero", "a character device"),
    ("FOLDER", "a folder"),
    ("FIFO", "a named pipe (FIFO)"),
])
@pytest.mark.parametrize("command", [
    ["validate", PIPELINE],
    ["doctor"],
    ["apply", PIPELINE, "--query", "hotels in Rome", "--progress", "none"],
], ids=["validate", "doctor", "apply"])
def test_a_config_that_is_not_a_regular_file_says_what_it_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        path: str, what: str, command: list[str]) -> None:
    """``--config /dev/zero`` was reported as CFG005 'config file not found'."""
    monkeypatch.chdir(tmp_path)
    if path == "FOLDER":
        path = str(tmp_path)
    elif path == "FIFO":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        path = str(tmp_path / "fifo")
        os.mkfifo(path)
    elif not Path(path).exists():
        pytest.skip(f"no {path} here")
    code = main([*command, "--config", path])
    out, err = capsys.readouterr()
    err = out + err  # validate and doctor report on stdout
    assert code in (2, 3)
    if command != ["doctor"]:  # doctor's lines name the check, not the code
        assert "CFG006" in err
    assert f"is {what}, not a regular file" in err
    assert "not found" not in err
    assert "internal error" not in err


@pytest.mark.parametrize("value", ["-1", "0", "abc", "5MB", "1.5"])
@pytest.mark.parametrize("command", [
    ["validate", PIPELINE],
    ["apply", PIPELINE, "--query", "hotels in Rome", "--progress", "none"],
], ids=["validate", "apply"])
def test_an_unusable_spec_size_limit_is_named_not_applied(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        value: str, command: list[str]) -> None:
    """``SCOUTE_MAX_SPEC_BYTES=-1`` refused every spec as 'over the -1-byte limit'."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCOUTE_MAX_SPEC_BYTES", value)
    code = main([*command, "--runs-dir", str(tmp_path / "runs")] if command[0] == "apply"
                else command)
    out, err = capsys.readouterr()
    assert code == 2
    assert "USE001" in err and "SCOUTE_MAX_SPEC_BYTES" in err and repr(value) in err
    assert "-byte limit" not in out + err
    assert not (tmp_path / "runs").exists()


def test_the_api_keeps_the_default_limit_for_an_unusable_value(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from scout.paths import DEFAULT_MAX_SPEC_BYTES, max_spec_bytes

    for value in ("-1", "0", "abc", ""):
        monkeypatch.setenv("SCOUTE_MAX_SPEC_BYTES", value)
        assert max_spec_bytes() == DEFAULT_MAX_SPEC_BYTES
    monkeypatch.setenv("SCOUTE_MAX_SPEC_BYTES", "1234")
    assert max_spec_bytes() == 1234


def test_help_still_answers_with_an_unusable_spec_size_limit(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("SCOUTE_MAX_SPEC_BYTES", "-1")
    assert main(["validate", "--help"]) == 0
    assert "Usage:" in capsys.readouterr().out


TOKEN = "abcdefghijklmnopqrstuvwxyz0123456789"


@pytest.mark.parametrize("host,why", [
    ("192.0.2.1", "not an address of this machine"),  # TEST-NET-1: never local
    ("no such host", "does not resolve"),
])
def test_serve_on_a_host_it_cannot_bind_blames_the_host(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        host: str, why: str) -> None:
    """The hint said 'choose another --port' when the host was the problem."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCOUTE_API_TOKEN", TOKEN)
    code = main(["serve", "--host", host, "--port", "0"])
    err = capsys.readouterr().err
    assert code == 2
    assert "USE001" in err and why in err and "--host" in err
    assert "--port" not in err


def test_serve_on_a_taken_port_still_blames_the_port(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    monkeypatch.chdir(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["serve", "--port", str(port)])
    err = capsys.readouterr().err
    assert code == 2
    assert "choose another --port" in err


@pytest.mark.parametrize("option,what", [("--batch-id", "batch id"),
                                         ("--mission-id", "mission id")])
@pytest.mark.parametrize("value", ["", "   "])
def test_an_empty_batch_id_is_refused_like_an_empty_mission_id(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        option: str, what: str, value: str) -> None:
    """``--batch-id ''`` silently ran under the default id; ``--mission-id ''`` was refused."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "q.csv").write_text("query\nhotels in Rome\n", encoding="utf-8")
    runs = tmp_path / "runs"
    command = (["batch", "apply", PIPELINE, "--queries", "q.csv"] if option == "--batch-id"
               else ["apply", PIPELINE, "--query", "hotels in Rome"])
    code = main([*command, option, value, "--runs-dir", str(runs), "--replay", str(tmp_path),
                 "--progress", "none"])
    err = capsys.readouterr().err
    assert code == 2
    assert f"error USE002: {what} is empty" in err
    assert not runs.exists()


def test_a_bad_batch_id_is_called_a_batch_id(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "q.csv").write_text("query\nhotels in Rome\n", encoding="utf-8")
    code = main(["batch", "apply", PIPELINE, "--queries", "q.csv", "--batch-id", "../up",
                 "--runs-dir", str(tmp_path / "runs"), "--replay", str(tmp_path),
                 "--progress", "none"])
    err = capsys.readouterr().err
    assert code == 2
    assert "batch id '../up' is a path" in err and "mission id" not in err
