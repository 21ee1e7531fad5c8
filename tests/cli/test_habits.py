"""An option another tool has (``--offline``, ``--dry-run``, ``--budget``, ``--lang``) is
told scout's way to say it, where the command has that way (scout.cli.habits); click's
spelling guess ("--budget": "Did you mean '--set'?") is not offered then."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.cli import main
from scout.cli.habits import HABITS

ROOT = Path(__file__).resolve().parent.parent.parent
PIPELINE = str(ROOT / "pipelines" / "hotel_research.yaml")


@pytest.mark.parametrize("args,said", [
    (["apply", PIPELINE, "--offline"], "replay a recording: --replay DIR"),
    (["apply", PIPELINE, "--dry-run"], "scout plan (the same arguments)"),
    (["apply", PIPELINE, "--budget=5"], "the cost cap is --max-cost USD"),
    (["batch", "apply", PIPELINE, "--budget", "5"], "the cost cap is --max-cost USD"),
    (["plan", PIPELINE, "--lang", "es"], "--set lang=es"),
    (["init", "bakeries", "--lang", "es"], "--es NAME gives the kind its Spanish name"),
    (["validate", PIPELINE, "--idioma", "es"], "--lang es (or en)"),
    (["validate", PIPELINE, "--locale=es_ES"], "--lang es (or en)"),
    (["apply", PIPELINE, "-o", "out/"], "--runs-dir DIR"),
])
def test_another_tools_option_is_told_scouts(args: list[str], said: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "USE001" in err and said in err and "Did you mean" not in err, err


def test_no_habit_is_offered_where_the_command_has_no_such_way(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["graph", PIPELINE, "--lang", "es"]) == 2
    err = capsys.readouterr().err
    assert "No such option '--lang'" in err and "--set" not in err


def test_every_way_names_an_option_some_command_takes() -> None:
    from scout.cli import cli
    import click

    def options(group: click.Group) -> set[str]:
        out: set[str] = set(group.name and [group.name] or [])
        for cmd in group.commands.values():
            out |= options(cmd) if isinstance(cmd, click.Group) else (
                {o for p in cmd.params for o in getattr(p, "opts", ())} | {cmd.name or ""})
        return out

    known = options(cli)
    assert sorted({needs for ways in HABITS.values() for needs, _ in ways} - known) == []
