"""`scout plan` like Terraform: the Task, what changed and why, cost of what will run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from scout.testing import FakeProviders, Result, run_pipeline
from scout.testing.project import KEY_ENV
from scout.testing.fake_http import FAKE_KEY
from tests.author.helpers import run


@pytest.fixture()
def applied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A kind from `scout init`, applied once offline; the env points plan at that run.
    Its config synthesizes with Perplexity first (as a user with a key adds), so the
    synthesize phase asks the fake and costs something."""
    assert run("init", "tea-rooms", "--dir", str(tmp_path / "proj"))[0] == 0
    cfg_file = tmp_path / "proj" / "config" / "adapters.yaml"
    cfg = yaml.safe_load(cfg_file.read_text(encoding="utf-8"))
    cfg["adapters"]["perplexity"] = {"type": "perplexity",
                                     "credentials": {"env": "PERPLEXITY_API_KEY"}}
    cfg["chains"]["synthesis"] = ["perplexity?", "extractive"]
    cfg_file.write_text(yaml.safe_dump(cfg, sort_keys=False), encoding="utf-8")
    pipeline = tmp_path / "proj" / "pipelines" / "tea_rooms.yaml"
    work = tmp_path / "work"
    with FakeProviders() as fake:
        fake.search(".", [Result("Leaf", "https://leaf.test/", "Leaf, rated 9/10, 12 EUR.")])
        res = run_pipeline(pipeline, fake=fake, workdir=work, mission_id="tea",
                           query="tea rooms in Porto under 20 EUR")
    assert res.exit_code == 0, res.result.reason
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(work))
    monkeypatch.setenv(KEY_ENV, FAKE_KEY)
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    args = ["plan", str(pipeline), "--query", "tea rooms in Porto under 20 EUR",
            "--mission-id", "tea", "--runs-dir", str(work / "runs"),
            "--config", str(work / "config" / "adapters.yaml")]
    return work, args


def _plan(args: list[str]) -> dict:
    code, out, err = run(*args, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def test_plan_shows_the_task_and_nothing_to_do(applied) -> None:
    _, args = applied
    code, out, _ = run(*args)
    assert code == 0
    assert "request: tea rooms in Porto under 20 EUR" in out
    assert "place" in out and "Porto" in out and "20 EUR" in out
    assert "changes: none since the last run" in out
    assert "total $0.0000" in out
    doc = _plan(args)
    assert doc["task"]["values"]["place"] == "Porto"
    assert {p["action"] for p in doc["phases"]} == {"reuse"}
    assert doc["cost_estimate"]["this_apply_usd"] == 0
    assert doc["cost_estimate"]["total_usd"] > 0  # a full run would cost something


def test_plan_after_a_template_change_reruns_only_the_report(applied) -> None:
    work, args = applied
    tmpl = work / "templates" / "tea_rooms_report.md.j2"
    tmpl.write_text(tmpl.read_text() + "\nedited\n")
    doc = _plan(args)
    runs = {p["phase"]: p for p in doc["phases"] if p["action"] == "run"}
    assert list(runs) == ["F6"]
    assert runs["F6"]["cause"] == "template" and "tea_rooms_report.md.j2" in runs["F6"]["reason"]
    assert doc["cost_estimate"]["this_apply_usd"] == 0  # the report calls no provider
    code, out, _ = run(*args)
    assert "F6: template — template templates/tea_rooms_report.md.j2 changed" in out


def test_plan_after_a_config_change_reruns_the_phases_of_that_chain(applied) -> None:
    work, args = applied
    cfg = work / "config" / "adapters.yaml"
    doc = yaml.safe_load(cfg.read_text())
    doc["adapters"]["testing_synthesis"]["model"] = "sonar-pro"  # another model answers
    cfg.write_text(yaml.safe_dump(doc, sort_keys=False))
    plan = _plan(args)
    runs = {p["phase"]: p for p in plan["phases"] if p["action"] == "run"}
    assert list(runs) == ["P3"], plan["phases"]
    assert runs["P3"]["cause"] == "config"
    tentative = [p["phase"] for p in plan["phases"] if p["action"] == "reuse" and p["tentative"]]
    assert tentative == ["F6"]
    est = {p["phase"]: p["usd"] for p in plan["cost_estimate"]["phases"]}
    assert plan["cost_estimate"]["this_apply_usd"] == pytest.approx(est["P3"])
    assert plan["cost_estimate"]["this_apply_usd"] < plan["cost_estimate"]["total_usd"]
    # operational settings (rate caps, timeouts) do not rerun anything
    doc["adapters"]["testing_synthesis"]["model"] = "sonar"
    doc["adapters"]["testing_search"]["timeout"] = "30s"
    cfg.write_text(yaml.safe_dump(doc, sort_keys=False))
    assert {p["action"] for p in _plan(args)["phases"]} == {"reuse"}


def test_offline_reapply_converges(applied) -> None:
    # a second offline run (a new fake server, on another port) reuses every phase
    work, _ = applied
    pipeline = work.parent / "proj" / "pipelines" / "tea_rooms.yaml"
    with FakeProviders() as fake:
        res = run_pipeline(pipeline, fake=fake, workdir=work, mission_id="tea",
                           query="tea rooms in Porto under 20 EUR")
    assert res.exit_code == 0
    assert fake.calls == []  # nothing asked again


def test_plan_after_a_request_change_says_which_value_changed(applied) -> None:
    _, args = applied
    args = [a if a != "tea rooms in Porto under 20 EUR" else "tea rooms in Porto under 15 EUR"
            for a in args]
    code, out, _ = run(*args)
    assert code == 0
    assert "  request: budget: 20 EUR -> 15 EUR" in out
    doc = _plan(args)
    causes = {p["phase"]: p["cause"] for p in doc["phases"] if p["action"] == "run"}
    assert causes.get("F0") == "inputs", doc["phases"]


def test_plan_shows_task_values_by_their_type_not_as_json() -> None:
    # a month showed as "{'year': 2027, 'month': 3}", a boolean as "True" and a rent a
    # month lost its unit
    from types import SimpleNamespace

    from scout.cli.plan_view import request_changes, task_lines

    task = {"query": "q", "lang": "en",
            "values": {"from": {"year": 2027, "month": 3}, "furnished": True,
                       "rent": {"amount": 1500.0, "currency": "EUR", "comparator": "<=",
                                "per": "month"},
                       "beds": 2, "size": 40.0, "city": None},
            "types": {"from": "month", "furnished": "boolean", "rent": "money",
                      "beds": "integer", "size": "area", "city": "place"},
            "sources": {}}
    out = "\n".join(task_lines(SimpleNamespace(task=task)))
    assert "March 2027" in out and "yes" in out and "1,500 EUR/month" in out
    assert "40 m²" in out
    assert "{" not in out and "True" not in out
    old = {**task, "values": {**task["values"], "from": {"year": 2027, "month": 4}}}
    changes = request_changes(SimpleNamespace(previous_task=old, task=task))
    assert changes == ["from: April 2027 -> March 2027"]



def test_a_pasted_megabyte_of_request_is_cut_on_the_plan_line() -> None:
    # the parser reads 2,000 characters; the plan printed all of a pasted megabyte
    from types import SimpleNamespace

    from scout.cli.plan_view import QUERY_SHOWN, request_changes, task_lines

    query = "hotel en Sevilla " + "x" * 1_000_000 + " hasta 90 euros"
    task = {"query": query, "lang": "es", "values": {}, "types": {}, "sources": {}}
    first = task_lines(SimpleNamespace(task=task))[0]
    assert first.startswith("request: hotel en Sevilla") and "hasta 90 euros" in first
    assert len(first) < QUERY_SHOWN + 40
    old = {**task, "query": "hotel en Sevilla"}
    (change,) = request_changes(SimpleNamespace(previous_task=old, task=task))
    assert len(change) < 2 * QUERY_SHOWN


def test_plan_writes_a_spanish_requests_values_in_spanish() -> None:
    # dates, months and money of a Spanish request read as its report writes them,
    # not in English ("June 3 – 7, 2027", "1,500 EUR/month")
    from types import SimpleNamespace

    from scout.cli.plan_view import request_changes, task_lines
    from scout.schemas.task import restore
    from scout.spec.filters import FILTERS

    task = {"query": "q", "lang": "es",
            "values": {"from": {"year": 2027, "month": 3}, "furnished": True,
                       "dates": {"start": "2027-06-03", "end": "2027-06-07"},
                       "rent": {"amount": 1500.0, "currency": "EUR", "comparator": "<=",
                                "per": "month"}, "size": 40.5},
            "types": {"from": "month", "furnished": "boolean", "dates": "date",
                      "rent": "money", "size": "area"},
            "sources": {}}
    out = "\n".join(task_lines(SimpleNamespace(task=task)))
    value = FILTERS["value"]
    # each input by its Spanish label, where its value came from in Spanish too
    said = "\n".join(task_lines(SimpleNamespace(task={**task, "sources": {"from": "query"}},
                                                 lang="es")))
    # an input with no source was not given, as the report says: nothing defaulted it
    assert "  origen [from] " in said and "(consulta)" in said and "(no indicado)" in said
    assert "(query)" not in said and "(default)" not in said and "por defecto" not in said
    for name, type_name in task["types"].items():
        shown = value(restore(type_name, task["values"][name]), type_name, lang="es")
        assert shown in out, (name, shown, out)
    assert "marzo de 2027" in out and "1.500 €/mes" in out and "40,5 m²" in out and " sí " in out
    assert "March" not in out and "EUR/month" not in out and "Jun" not in out
    old = {**task, "values": {**task["values"], "from": {"year": 2027, "month": 4}}}
    changes = request_changes(SimpleNamespace(previous_task=old, task=task))
    # by its label in Spanish, the name `--set` takes beside it
    assert changes == ["origen [from]: abril de 2027 -> marzo de 2027"]


@pytest.mark.parametrize("lang, scale, rating, number, count", [
    ("es", 10, "8,0/10", "1.500,5", "1.200"), ("en", 10, "8.0/10", "1,500.5", "1,200"),
    ("es", 100, "80/100", "1.500,5", "1.200")])
def test_plan_writes_ratings_and_numbers_as_the_report_does(lang, scale, rating, number,
                                                            count) -> None:
    # a Spanish plan showed "8.0" for a rating the report writes "8,0/10"
    from types import SimpleNamespace

    from scout.api.shown import shown_values
    from scout.cli.plan_view import request_changes, task_lines
    from scout.spec.filters import FILTERS

    task = {"query": "q", "lang": lang, "rating_scale": scale, "sources": {},
            "values": {"min_rating": 8.0, "area_max": 1500.5, "guests": 1200, "pool": False},
            "types": {"min_rating": "rating", "area_max": "number", "guests": "integer",
                      "pool": "boolean"}}
    shown = shown_values(task)
    assert (shown["min_rating"], shown["area_max"], shown["guests"]) == (rating, number, count)
    for name, type_name in task["types"].items():  # the report's own filter agrees
        assert shown[name] == FILTERS["value"](task["values"][name], type_name, lang=lang,
                                               rating_scale=scale)
    out = "\n".join(task_lines(SimpleNamespace(task=task)))
    assert f" {rating} " in out and "8.0 " not in out.replace("8.0/10", "")
    old = {**task, "values": {**task["values"], "min_rating": 9.0}}
    (change,) = request_changes(SimpleNamespace(previous_task=old, task=task))
    assert change.endswith(f"-> {rating}")

def _tree(folder: Path) -> dict[str, tuple[int, int]]:
    """Every path under ``folder`` with its size and modification time (ns)."""
    return {str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*"))}


def test_plan_creates_nothing_in_a_fresh_project(tmp_path: Path, monkeypatch) -> None:
    # a plan is read-only (CI runs it on a read-only checkout): it created
    # runtime/quota.sqlite3 in the project it ran in
    proj = tmp_path / "proj"
    assert run("init", "tea-rooms", "--dir", str(proj))[0] == 0
    monkeypatch.chdir(proj)
    monkeypatch.delenv("SCOUTE_RESEARCH_ROOT", raising=False)
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    before = _tree(tmp_path)
    code, out, err = run("plan", "pipelines/tea_rooms.yaml", "--query",
                         "tea rooms in Porto under 20 EUR")
    assert code == 0, out + err
    assert "total $" in out  # the estimate was made
    assert _tree(tmp_path) == before


def test_plan_of_an_applied_mission_changes_nothing(applied, monkeypatch) -> None:
    # the run dir and runtime/ (quota database, journal, cache) exist: plan reads, writes
    # nothing, and opens no quota database (its WAL files were written on open)
    work, args = applied
    monkeypatch.setenv("SCOUTE_QUOTA_URL", "local")
    before = _tree(work)
    _plan(args)
    code, _, err = run(*args)
    assert code == 0, err
    assert _tree(work) == before


def test_plan_writes_a_kinds_enum_words_through_its_catalog() -> None:
    # `scout plan` (and MCP's plan `shown`) wrote "transmission automatic" beside "sí": an
    # enum input's value is the kind's word, read as its report reads it
    from types import SimpleNamespace

    from scout.api.shown import KindWords, shown_labels, shown_values
    from scout.cli.plan_view import request_changes, task_lines
    from scout.spec.loader import load_pipeline

    root = Path(__file__).resolve().parents[2] / "examples" / "carrental"
    words = KindWords.of(load_pipeline(root / "pipelines" / "car_rental.yaml").model, root)
    assert "transmission" in words.enums and "airport" not in words.enums
    task = {"query": "q", "lang": "es", "values": {"transmission": "automatic",
                                                   "airport": True},
            "types": {"transmission": "string", "airport": "boolean"}, "sources": {}}
    out = "\n".join(task_lines(SimpleNamespace(task=task, words=words)))
    assert " automático " in out and " sí " in out and "automatic " not in out
    assert "  cambio [transmission] " in out  # "What you asked"'s label, in Spanish
    assert shown_values(task, words)["transmission"] == "automático"
    assert shown_labels(task, words)["transmission"] == "cambio"
    old = {**task, "values": {**task["values"], "transmission": "manual"}}
    changes = request_changes(SimpleNamespace(previous_task=old, task=task, words=words))
    assert changes == ["cambio [transmission]: manual -> automático"]
    # English keeps the kind's own words; without the kind's words a value shows as stored
    english = {**task, "lang": "en"}
    assert shown_values(english, words)["transmission"] == "automatic"
    assert shown_values(task)["transmission"] == "automatic"
