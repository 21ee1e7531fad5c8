"""`scout --help`, `scout validate` and `scout graph` start without the HTTP server, the
HTTP client or the media libraries (issue 15 §9; benchmarks/cli.py times them)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("fastapi", "uvicorn", "starlette", "httpx", "yt_dlp", "youtube_transcript_api",
         "networkx")
PROBE = """
import json, sys
from scout.cli import main
code = main(sys.argv[1:])
loaded = sorted({m.split('.')[0] for m in sys.modules} & set(json.loads(sys.stdin.readline())))
print('\\nLOADED=' + json.dumps(loaded))
"""


@pytest.mark.parametrize("argv", [["--help"], ["validate", "pipelines/"],
                                  ["graph", "pipelines/hotel_research.yaml"],
                                  ["validate", "--help"]])
def test_light_commands_do_not_import_heavy_modules(argv: list[str],
                                                    subprocess_env: dict[str, str]) -> None:
    out = subprocess.run([sys.executable, "-c", PROBE, *argv], input=json.dumps(HEAVY) + "\n",
                         capture_output=True, text=True, cwd=ROOT, env=subprocess_env,
                         timeout=120, check=False)
    assert "LOADED=" in out.stdout, out.stderr
    loaded = json.loads(out.stdout.rsplit("LOADED=", 1)[1])
    assert loaded == [], f"scout {' '.join(argv)} imported {loaded}"


def test_apply_still_finds_its_command_lazily() -> None:
    from click.testing import CliRunner

    from scout.cli import cli

    res = CliRunner().invoke(cli, ["apply", "--help"])
    assert res.exit_code == 0 and "--replay" in res.output


def test_the_lazy_table_matches_the_commands() -> None:
    """`scout --help` shows the table's short help without importing: it must say what
    each command's own docstring says, and name the module that defines it."""
    import importlib

    from scout.cli import LAZY_COMMANDS, cli

    for name, (module, short) in LAZY_COMMANDS.items():
        importlib.import_module(f"scout.cli.{module}")
        cmd = cli.commands[name]
        assert cmd.callback is not None and cmd.callback.__module__ == f"scout.cli.{module}"
        assert cmd.get_short_help_str(limit=100) == short, name
    ctx = click.Context(cli)
    assert set(cli.list_commands(ctx)) == set(cli.commands)  # nothing registered twice


def test_help_reads_no_yaml_and_no_pydantic(subprocess_env: dict[str, str]) -> None:
    """`scout --help` parses nothing: PyYAML (the error renderer's source excerpts) and
    pydantic (the models) come with the commands that read specs."""
    out = subprocess.run([sys.executable, "-c", PROBE, "--help"],
                         input=json.dumps(["yaml", "pydantic", "jinja2"]) + "\n",
                         capture_output=True, text=True, cwd=ROOT, env=subprocess_env,
                         timeout=120, check=False)
    assert "LOADED=" in out.stdout, out.stderr
    assert json.loads(out.stdout.rsplit("LOADED=", 1)[1]) == []
