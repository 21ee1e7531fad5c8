"""An invalid spec's problems, printed by `scout apply`, `plan` and `graph`, in the
author's language: the locale's, as `scout validate` says them (scout/i18n/problems.py).
The request's language is the report's alone, and JSON stays English for programs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from scout.cli import main

ROOT = Path(__file__).resolve().parents[2]
CONFIG = str(ROOT / "config" / "adapters.yaml")
SPANISH = {"LANG": "es_ES.UTF-8", "LC_ALL": None, "LANGUAGE": None, "LC_MESSAGES": None}
ENGLISH = {"LANG": "en_GB.UTF-8", "LC_ALL": None, "LANGUAGE": None, "LC_MESSAGES": None}


def run(args: list[str], env: dict[str, str | None]) -> tuple[int, str, str]:
    runner = CliRunner()
    with runner.isolation(env=env) as (out, err, _):
        code = main(args)
    return code, out.getvalue().decode(), err.getvalue().decode()


def broken(tmp_path: Path) -> Path:
    path = tmp_path / "bares.yaml"
    path.write_text(
        "apiVersion: scout/v1\n"
        "name: bares\n"
        "inputs:\n"
        "  barrio: {type: place}\n"
        "phases:\n"
        "  F0: {uses: task, produces: [task]}\n"
        "  F1:\n"
        "    uses: search\n"
        "    needs: [task, resultados]\n"
        "    chain: web\n"
        "    produces: [candidates]\n"
        "    with: {query: \"{{ task.barrio }} bares\", limite: 5}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [
    ["apply", "{path}", "--query", "bars in Soho under 20 GBP"],   # an English request
    ["apply", "{path}", "--query", "bares de tapas en Lavapiés"],
    ["plan", "{path}", "--query", "best cocktail bars in Lisbon"],
    ["graph", "{path}"],
])
def test_a_spanish_authors_spec_problems_are_said_in_spanish(
        tmp_path: Path, command: list[str]) -> None:
    path = broken(tmp_path)
    args = [a.replace("{path}", str(path)) for a in command] + ["--config", CONFIG]
    code, _, err = run(args, SPANISH)
    assert code == 2, err
    assert ("error SPEC021: la fase 'F1' necesita 'resultados', que ninguna fase produce "
            "ni ninguna entrada declara") in err
    assert "clave 'limite' desconocida" in err
    assert "problema(s); consulta docs/errors.md para cada código" in err
    assert "needs 'resultados'" not in err and "see docs/errors.md" not in err


@pytest.mark.parametrize("query", ["bares de tapas en Lavapiés", "bars in Soho"])
def test_an_english_author_reads_english_whatever_the_request(tmp_path: Path,
                                                              query: str) -> None:
    code, _, err = run(["apply", str(broken(tmp_path)), "--query", query, "--config", CONFIG],
                       ENGLISH)
    assert code == 2
    assert "phase 'F1' needs 'resultados', which no phase produces" in err
    assert "problem(s); see docs/errors.md for each code" in err
    assert "necesita" not in err


def test_json_stays_english(tmp_path: Path) -> None:
    code, out, _ = run(["plan", str(broken(tmp_path)), "--query", "bares en Madrid",
                        "--config", CONFIG, "--format", "json"], SPANISH)
    assert code == 2
    messages = [p["message"] for p in json.loads(out)["error"]["problems"]]
    assert any("needs 'resultados'" in m for m in messages), messages


def test_a_missing_config_is_said_in_spanish(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """CFG005, before any spec is read: the gist and the message, whole."""
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    code, _, err = run(["plan", str(broken(tmp_path)), "--query", "bares en Madrid"], SPANISH)
    assert code != 0
    assert "CFG005: no se encontró config/adapters.yaml" in err, err
    assert "(en inglés" not in err
