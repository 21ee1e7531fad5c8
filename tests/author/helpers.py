"""Shared helpers of the author-loop tests: run the real CLI entry point, a repo copy."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from scout.cli import main

ROOT = Path(__file__).resolve().parent.parent.parent
CONFIG = ROOT / "config" / "adapters.yaml"


def run(*args: str) -> tuple[int, str, str]:
    """Call the console-script entry point (main) and capture what it prints."""
    runner = CliRunner()
    with runner.isolation() as (out, err, _):
        code = main(list(args))
    return code, out.getvalue().decode(), err.getvalue().decode()
