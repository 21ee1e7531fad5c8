"""An agent's view of the CLI (docs/agents.md): ``--json`` is ``--format json`` on every
command that prints JSON, and a command asked for JSON that fails prints the error on
stdout as one JSON object (the HTTP API's shape), with the exit code it returns."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest

from scout.cli import cli, main

ROOT = Path(__file__).resolve().parent.parent.parent
PIPELINE = str(ROOT / "pipelines" / "hotel_research.yaml")


def _commands(group: click.Group, prefix: str = "") -> list[tuple[str, click.Command]]:
    out: list[tuple[str, click.Command]] = []
    for name, cmd in group.commands.items():
        if isinstance(cmd, click.Group):
            out += _commands(cmd, f"{prefix}{name} ")
        else:
            out.append((prefix + name, cmd))
    return out


def test_every_command_that_prints_json_takes_json() -> None:
    lacking = [name for name, cmd in _commands(cli)
               if any(isinstance(p, click.Option) and "--format" in p.opts
                      and isinstance(p.type, click.Choice) and "json" in p.type.choices
                      for p in cmd.params)
               and not any("--json" in getattr(p, "opts", ()) for p in cmd.params)]
    assert lacking == []


def test_json_and_format_json_print_the_same(capsys: pytest.CaptureFixture[str]) -> None:
    answers = []
    for flag in (["--json"], ["--format", "json"]):
        assert main(["graph", PIPELINE, *flag]) == 0
        answers.append(json.loads(capsys.readouterr().out))
    assert answers[0] == answers[1] and answers[0]


@pytest.mark.parametrize("args,code", [
    (["apply", PIPELINE, "--query", "hotels in Rome", "--set", "nope=1", "--json"], "USE001"),
    (["status", "no-such-mission", "--format", "json"], "USE003"),
    (["apply", PIPELINE, "--bogus", "--json"], "USE001"),
])
def test_an_error_asked_for_as_json_is_json_on_stdout(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        args: list[str], code: str) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCOUTE_RUNS_DIR", str(tmp_path / "runs"))
    rc = main(args)
    out, err = capsys.readouterr()
    error = json.loads(out)["error"]
    assert rc == 2 == error["exit_code"] and error["code"] == code and error["message"]
    assert code in err  # a person still reads it on stderr


def test_an_invalid_spec_lists_every_problem(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "p.yaml"
    bad.write_text("apiVersion: scout/v1\nkind: Pipeline\nname: p\nphases:\n"
                   "  F0: {uses: tsak, produces: [task]}\n", encoding="utf-8")
    assert main(["apply", str(bad), "--query", "x", "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert [p["code"] for p in error["problems"]] == ["SPEC030"]
    assert error["problems"][0]["line"] == 5


def test_without_json_an_error_leaves_stdout_empty(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["status", "no-such-mission", "--runs-dir", "/nonexistent-runs"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "USE003" in err
