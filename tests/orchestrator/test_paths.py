"""Mission ids are safe slugs; anything that could escape the runs dir is refused."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from scout.errors import UnsafeMissionId
from scout.paths import (derive_mission_id, mission_dir, runs_dir, said_under_root,
                         validate_mission_id)

UNSAFE = ["../x", "..", ".", "/etc/passwd", "/tmp/x", "", "   ", "a/b", "a\\b", "x\0y",
          "UPPER", "-lead", "sp ace", "a" * 129]


@pytest.mark.parametrize("bad", UNSAFE)
def test_unsafe_ids_are_rejected(bad, tmp_path):
    with pytest.raises(UnsafeMissionId) as e:
        mission_dir(tmp_path, bad)
    assert e.value.code == "USE002" and e.value.exit_code == 2 and e.value.hint


def test_messages_say_what_is_wrong():
    with pytest.raises(UnsafeMissionId, match="is empty"):
        validate_mission_id("")
    with pytest.raises(UnsafeMissionId, match="is a path.*escape the runs dir"):
        validate_mission_id("../x")
    with pytest.raises(UnsafeMissionId, match="is a path"):
        validate_mission_id("/abs/path")
    with pytest.raises(UnsafeMissionId) as e:
        validate_mission_id("Hotel Barcelona")
    assert "hotel-barcelona" in e.value.hint


def test_safe_ids_map_inside_the_runs_dir(tmp_path):
    for good in ("m1", "hotel-barcelona-2026-09", "a.b_c-d", "0"):
        assert mission_dir(tmp_path, good) == (tmp_path / good).resolve()


def test_symlinked_mission_dir_cannot_escape(tmp_path):
    (tmp_path / "runs").mkdir()
    (tmp_path / "runs" / "evil").symlink_to(tmp_path)
    with pytest.raises(UnsafeMissionId, match="outside the runs dir"):
        mission_dir(tmp_path / "runs", "evil")


def test_derived_ids_are_stable_and_safe():
    a = derive_mission_id("hotel-research", "Hotels in Barcelona!", {"budget": "200 EUR"})
    assert a == derive_mission_id("hotel-research", "Hotels in Barcelona!", {"budget": "200 EUR"})
    assert a != derive_mission_id("hotel-research", "Hotels in Barcelona!", {"budget": "100 EUR"})
    assert a.startswith("hotel-research-hotels-in-barcelona-")
    validate_mission_id(a)


def test_runs_dir_resolution(tmp_path, monkeypatch):
    monkeypatch.delenv("SCOUTE_RUNS_DIR", raising=False)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    assert runs_dir() == tmp_path / "runs"
    monkeypatch.setenv("SCOUTE_RUNS_DIR", str(tmp_path / "elsewhere"))
    assert runs_dir() == tmp_path / "elsewhere"
    assert runs_dir("x") == __import__("pathlib").Path("x")


@pytest.mark.parametrize("bad", ["../x", "/tmp/evil", ""])
def test_cli_apply_rejects_unsafe_ids_before_touching_anything(bad, ws, sub_env, scout_cmd):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:echo, produces: [a]}
    """)
    out = subprocess.run(scout_cmd + ["apply", str(p), "--query", "q", "--mission-id", bad,
                                      "--runs-dir", str(ws.runs), "--config", str(ws.config)],
                         env=sub_env, cwd=ws.root, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2, out.stderr
    assert "USE002" in out.stderr and "mission id" in out.stderr
    assert "Traceback" not in out.stderr
    assert not ws.runs.exists() and ws.calls() == []


def test_a_spanish_request_names_its_mission_in_readable_words() -> None:
    """Accents are dropped from the id's words, not the letters they sit on: 'dónde' is
    'donde', never 'd-nde'; the digest still tells requests apart that differ only there."""
    a = derive_mission_id("restaurant-research", "¿Dónde comer paella en València?")
    assert a.startswith("restaurant-research-donde-comer-paella-en-valencia-")
    assert a != derive_mission_id("restaurant-research", "¿Donde comer paella en Valencia?")
    validate_mission_id(a)


@pytest.mark.parametrize("bad", ["a" * 60000, "../" * 20000, "A" * 200 + "\x1b[31m"])
def test_a_huge_refused_id_is_quoted_cut(bad) -> None:
    """A 60 kB id (a URL, an MCP argument) is refused with the start of it and its
    length, not echoed back whole; control characters stay escaped."""
    with pytest.raises(UnsafeMissionId) as info:
        validate_mission_id(bad)
    message = str(info.value.message)
    assert len(message) < 300 and f"({len(bad)} characters)" in message
    assert "\x1b" not in message


def test_said_under_root_names_paths_under_the_root_and_the_root_itself_relative(
        tmp_path: Path) -> None:
    root = tmp_path / "lab"
    said = said_under_root({"a": [f"give a path under {root} (relative)",
                                  f"{root}/runs/m/state.log.jsonl", f"{root}",
                                  f"{root}2/x and {root}-old"]}, root)
    assert said == {"a": ["give a path under . (relative)", "runs/m/state.log.jsonl", ".",
                          f"{root}2/x and {root}-old"]}  # a neighbour is not the root


def test_said_under_root_names_a_runs_dir_elsewhere_as_runs(tmp_path: Path) -> None:
    root, runs = tmp_path / "lab", tmp_path / "data" / "scout-runs"
    text = f"cannot use a file ({runs}/m/state.log.jsonl) under {runs}; root {root}/x"
    assert said_under_root(text, root, runs) == (
        "cannot use a file (runs/m/state.log.jsonl) under runs; root x")
    # a runs dir under the root is said by its own name there
    assert said_under_root(f"{root}/my-runs/m", root, root / "my-runs") == "my-runs/m"
