"""The environment variables scout reads (scout.config.envvars.READ) match its code and
docs/running.md, and a variable set under a near-miss name is named by `scout doctor`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scout.config.envvars import READ, stray_variables

ROOT = Path(__file__).resolve().parent.parent.parent
NAME = re.compile(r"\bSCOUTE?_[A-Z][A-Z0-9_]*\b")


def test_every_variable_the_code_reads_is_listed() -> None:
    # a new SCOUTE_ variable not in READ would make the doctor call it a stray
    used = {m for p in (ROOT / "scout").rglob("*.py") if p.name != "envvars.py"
            for m in NAME.findall(p.read_text())}
    assert used - READ == set() and READ - used == set()


def test_docs_list_every_variable() -> None:
    text = (ROOT / "docs" / "running.md").read_text()
    table = text.split("## Environment variables", 1)[1].split("\n## ", 1)[0]
    assert sorted(v for v in READ if f"`{v}`" not in table) == []


@pytest.mark.parametrize("name,meant", [
    ("SCOUT_CONFIG", "SCOUTE_CONFIG"), ("SCOUTE_RUN_DIR", "SCOUTE_RUNS_DIR"),
    ("SCOUT_RESEARCH_ROOT", "SCOUTE_RESEARCH_ROOT"), ("SCOUTE_OPENAI_URL", "SCOUTE_OPENAI_BASE_URL"),
    ("SCOUTE_SOMETHING", None),
])
def test_a_stray_variable_is_named_with_the_one_meant(name: str, meant: str | None) -> None:
    env = {name: "x", "SCOUTE_CONFIG_X": "", "PATH": "/bin", "SCOUTE_RUNS_DIR": "runs"}
    strays = dict(stray_variables(env))
    assert strays[name] == meant and "SCOUTE_RUNS_DIR" not in strays and "PATH" not in strays


def test_an_adapters_own_variable_is_no_stray() -> None:
    env = {"SCOUTE_DUCKDUCKGO_BASE_URL": "http://127.0.0.1:1"}
    assert stray_variables(env, also={"SCOUTE_DUCKDUCKGO_BASE_URL"}) == []
    assert stray_variables(env) != []
