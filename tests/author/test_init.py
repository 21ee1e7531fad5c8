"""`scout init KIND`: the generated kind validates, runs offline, and its own test passes."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from scout.testing import FakeProviders, Result, run_pipeline
from tests.author.helpers import ROOT, run


@pytest.mark.parametrize("kind", ["coworking-spaces", "ultralight-laptops"])
def test_init_writes_a_kind_that_validates_runs_and_tests(tmp_path: Path, kind: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))  # the author's project
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    code, out, err = run("init", kind, "--dir", str(tmp_path))
    assert code == 0, err
    file = kind.replace("-", "_")
    pipeline = tmp_path / "pipelines" / f"{file}.yaml"
    for p in (pipeline, tmp_path / "templates" / f"{file}_report.md.j2",
              tmp_path / "pipelines" / "missions" / f"{kind}-example.yaml",
              tmp_path / "tests" / f"test_{file}.py", tmp_path / "config" / "adapters.yaml"):
        assert p.is_file(), p
    code, out, _ = run("validate", str(tmp_path / "pipelines"))
    assert code == 0 and out.strip().endswith("2 file(s) valid"), out
    assert "warning" not in out
    # runs against scout.testing, through the Mission it wrote
    with FakeProviders() as fake:
        fake.search(".", [Result("Alpha", "https://alpha.test/", "Alpha, rated 9/10, 100 EUR.")])
        res = run_pipeline(tmp_path / "pipelines" / "missions" / f"{kind}-example.yaml",
                           fake=fake, workdir=tmp_path / "work")
    assert res.exit_code == 0, res.result.reason
    assert "Alpha" in res.report and res.report_html.startswith("<!DOCTYPE html>")
    # the shortlist links each candidate by its citation, as real reports do
    # (tests.kinds.assert_cites_sources); the sources list numbers it the same
    cited = re.search(r"\| \[(\d+)\]\(https://alpha\.test/\) \|", res.report)
    assert cited, res.report
    assert re.search(rf"^{cited.group(1)}\. .*https://alpha\.test/", res.report, re.M), res.report
    # and its own generated test passes, run as the author would (a fresh pytest)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           str(tmp_path / "tests" / f"test_{file}.py")], cwd=tmp_path,
                          capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "1 passed" in proc.stdout


@pytest.mark.parametrize("inputs", [(), ("brand", "weight_kg:number"), ("city:place",)])
def test_the_kind_asks_only_what_it_was_given_and_runs_without_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, inputs: tuple[str, ...]) -> None:
    """No input is required: a request that names no place (or brand) still runs; the
    report lays out the shared sections scout ships (no _report.md.j2 in the project)."""
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    args = [a for i in inputs for a in ("--input", i)]
    assert run("init", "folding-bikes", "--dir", str(tmp_path), *args)[0] == 0
    pipeline = tmp_path / "pipelines" / "folding_bikes.yaml"
    declared = yaml.safe_load(pipeline.read_text())["inputs"]
    names = [i.partition(":")[0] for i in inputs] or ["place"]
    # what the author asked for and nothing else; the example kind without any
    assert list(declared) == (names if inputs else ["place", "budget", "min_rating"])
    assert not any(spec.get("required") for spec in declared.values())
    assert declared[names[0]]["type"] == ((inputs[0].partition(":")[2] or "string")
                                          if inputs else "place")
    assert not list((tmp_path / "templates").glob("_*.j2"))
    code, out, _ = run("validate", str(tmp_path / "pipelines"))
    assert code == 0 and "warning" not in out, out
    with FakeProviders() as fake:
        fake.search(".", [Result("Brompton C Line", "https://brompton.test/",
                                 "Brompton C Line, rated 9/10, from 1,200 EUR.")])
        res = run_pipeline(pipeline, fake=fake, workdir=tmp_path / "work",
                           query="folding bikes under 2000 EUR")
        searched = [q for q in fake.queries() if q]
    assert res.exit_code == 0, res.result.reason
    # answer first, from the shared sections: shortlist, synthesis, then the appendix
    report = res.report
    assert "Brompton C Line" in report and "## Shortlist" in report
    assert report.index("## Shortlist") < report.index("## Synthesis") < report.index("## Sources")
    # a query names nothing the request did not give ("in " + an empty place)
    assert searched and all(not q.rstrip().endswith(" in") and " in  " not in q
                            for q in searched), searched


@pytest.mark.parametrize("spec, said", [
    ("Brand", "the name must be"), ("city:plase", "did you mean 'place'?"),
    ("lang:string", "'lang' is taken"), ("tags:list", "unknown type 'list'"),
    # the name of an artifact the kind's phases produce: a kind that failed validation
    # (SPEC020) was written with exit 0
    ("task:place", "'task' is taken"), ("candidates:string", "'candidates' is taken"),
    ("report:string", "'report' is taken"),
    # the Task's own methods and properties: validate refuses them (SPEC076), so init did
    # write a kind that failed validation
    ("get:string", "'get' is taken"), ("first_of_type:string", "'first_of_type' is taken"),
    ("copy:string", "'copy' is taken")])
def test_init_refuses_bad_inputs(tmp_path: Path, spec: str, said: str) -> None:
    code, _, err = run("init", "vets", "--dir", str(tmp_path), "--input", spec)
    assert code == 2 and said in err
    assert not (tmp_path / "pipelines").exists()


@pytest.mark.parametrize("bad", ["Coworking", "1laptops", "co--work", "a b", "../x", "", "x_y"])
def test_init_refuses_bad_names(tmp_path: Path, bad: str) -> None:
    code, _, err = run("init", bad, "--dir", str(tmp_path))
    assert code == 2 and "not a valid kind name" in err
    assert not (tmp_path / "pipelines").exists()


def test_init_does_not_overwrite_without_force(tmp_path: Path) -> None:
    assert run("init", "vets", "--dir", str(tmp_path))[0] == 0
    pipeline = tmp_path / "pipelines" / "vets.yaml"
    pipeline.write_text("# mine\n")
    code, _, err = run("init", "vets", "--dir", str(tmp_path))
    assert code == 2 and "not overwriting" in err and str(pipeline) in err
    assert pipeline.read_text() == "# mine\n"
    assert run("init", "vets", "--dir", str(tmp_path), "--force")[0] == 0
    assert "apiVersion: scout/v1" in pipeline.read_text()


def test_init_keeps_an_existing_config(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "adapters.yaml").write_text("# the team's\n")
    code, out, _ = run("init", "vets", "--dir", str(tmp_path))
    assert code == 0 and "keyless config" not in out
    assert (tmp_path / "config" / "adapters.yaml").read_text() == "# the team's\n"


def test_an_area_input_is_searched_with_its_unit(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # "{{ task.size }}" searched for "flats 45.0": the square metres lost their unit
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    assert run("init", "flats", "--dir", str(tmp_path), "--input", "city:place",
               "--input", "size:area")[0] == 0
    pipeline = tmp_path / "pipelines" / "flats.yaml"
    assert run("validate", str(pipeline))[0] == 0
    with FakeProviders() as fake:
        fake.search(".", [Result("Piso en Gràcia", "https://pisos.test/gracia", "45 m², 900 EUR.")])
        res = run_pipeline(pipeline, fake=fake, workdir=tmp_path / "work",
                           query="flats in Barcelona of at least 45.5 m2 under 1000 EUR")
        searched = [q for q in fake.queries() if q]
    assert res.exit_code == 0, res.result.reason
    assert searched[0] == "flats in Barcelona 45.5 m2", searched


def _searched(tmp_path: Path, kind: str, args: list[str], query: str) -> list[str]:
    """The queries a kind ``scout init`` wrote searches for ``query`` (validated first)."""
    assert run("init", kind, "--dir", str(tmp_path), "--force", *args)[0] == 0
    pipeline = tmp_path / "pipelines" / f"{kind.replace('-', '_')}.yaml"
    code, out, _ = run("validate", str(pipeline))
    assert code == 0 and "warning" not in out, out
    with FakeProviders() as fake:
        fake.search(".", [Result("Forn Baluard", "https://forn.test/", "Ensaïmades, 9/10.")])
        res = run_pipeline(pipeline, fake=fake, workdir=tmp_path / f"w{abs(hash(query))}",
                           query=query)
        searched = [q for q in fake.queries() if q]
    assert res.exit_code == 0, res.result.reason
    return searched


def test_a_subject_input_is_searched_as_the_words_the_request_was_about(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # an outside author's kind: what the request is about, and where
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    args = ["--input", "city:place", "--input", "pastry:subject"]
    searched = _searched(tmp_path, "bakeries", args, "ensaimada bakeries in Palma")
    declared = yaml.safe_load((tmp_path / "pipelines" / "bakeries.yaml").read_text())
    assert declared["inputs"]["pastry"]["type"] == "subject"
    assert searched[0] == "bakeries in Palma ensaimada", searched
    assert searched[1] == "Forn Baluard in Palma ensaimada reviews", searched


@pytest.mark.parametrize("es, query, first, fanned", [
    # with its Spanish name: that name, and the place after "en"
    (["--es", "panaderías"], "dónde comprar las mejores ensaimadas en Palma",
     "panaderías en Palma ensaimadas", "Forn Baluard en Palma ensaimadas opiniones"),
    (["--es", "residencias de mayores"], "residencias de mayores en Zaragoza",
     "residencias de mayores en Zaragoza", "Forn Baluard en Zaragoza opiniones"),
    # without one: the request's own words, never the English slug ("carehomes in ...")
    ([], "residencias para mayores con jardín cerca de Zaragoza",
     "residencias para mayores con jardín cerca de Zaragoza",
     "Forn Baluard en Zaragoza residencias opiniones"),
])
def test_a_spanish_request_searches_in_spanish(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, es: list[str], query: str,
        first: str, fanned: str) -> None:
    # "hire proyector y pantalla in Valencia 3 días delivery", "carehomes in Zaragoza":
    # the English slug and "in" started every query of a Spanish request
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    args = [*es, "--input", "city:place", "--input", "what:subject"]
    searched = _searched(tmp_path, "carehomes", args, query)
    assert searched[0] == first, searched
    assert searched[1] == fanned, searched
    # a yes/no input's English name is no Spanish search word either
    # ("hire proyector y pantalla in Valencia 3 días delivery")
    hire = ["--es", "alquiler", "--input", "item:subject", "--input", "city:place",
            "--input", "delivery:boolean"]
    asked = _searched(tmp_path, "hire", hire, "alquiler de proyector en Valencia con entrega")
    said = _searched(tmp_path, "hire", hire, "projector hire in Valencia with delivery")
    assert said == ["hire projector in Valencia delivery",
                    "Forn Baluard projector in Valencia delivery reviews"], said
    assert asked == ["alquiler proyector en Valencia",
                     "Forn Baluard proyector en Valencia opiniones"], asked
    text = (tmp_path / "pipelines" / "carehomes.yaml").read_text(encoding="utf-8")
    question = yaml.safe_load(text)["phases"]["P3"]["with"]["question"]
    assert "{% if task.lang == 'es' %}¿" in question  # the synthesis asks in Spanish too


def test_the_report_title_is_in_the_request_language(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # an events kind's Spanish report was titled "events in Madrid 2026-12-05 to 2026-12-06":
    # the joining word and the dates were English
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    assert run("init", "events", "--dir", str(tmp_path), "--input", "city:place",
               "--input", "dates:date", "--input", "when:month")[0] == 0
    pipeline = tmp_path / "pipelines" / "events.yaml"
    assert run("validate", str(pipeline))[0] == 0
    titles = {}
    for query in ("conciertos en Madrid del 3 al 7 de junio de 2027",
                  "concerts in Madrid from June 3 to 7, 2027"):
        with FakeProviders() as fake:
            fake.search(".", [Result("Sala Clamores", "https://clamores.test/", "Jazz, 20 EUR.")])
            res = run_pipeline(pipeline, fake=fake, workdir=tmp_path / query[:5],
                               query=query)
        assert res.exit_code == 0, res.result.reason
        titles[query[:5]] = res.report.splitlines()[0]
    # the English kind name is not a Spanish title's; the parts are separated
    assert titles["conci"] == "# Madrid · 3–7 de junio de 2027 · junio de 2027"
    assert titles["conce"] == "# Events: Madrid · June 3 – 7, 2027 · June 2027"


def _asked_table(report: str, heading: str) -> list[list[str]]:
    """The cells of the "What you asked" table (header row first, the |---| row left out)."""
    lines = report.splitlines()
    start = lines.index(f"## {heading}")
    rows = []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if line.startswith("|") and not line.startswith("|---"):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def test_the_asked_table_reads_right_whatever_the_inputs_are_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # an input named "field" read "field | field" ("campo | campo"): a row's label was the
    # column header's word; the same with "from" (origen), "value", "source"
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    names = ["field", "value", "source", "campo", "from", "origen"]
    args = [a for n in names for a in ("--input", n)]
    assert run("init", "grants", "--dir", str(tmp_path), *args)[0] == 0
    pipeline = tmp_path / "pipelines" / "grants.yaml"
    for query, heading in (("grants under 300 EUR", "What you asked"),
                           ("becas por menos de 300 euros", "Lo que pediste")):
        with FakeProviders() as fake:
            fake.search(".", [Result("Beca Uno", "https://uno.test/", "Beca Uno, 100 EUR.")])
            res = run_pipeline(pipeline, fake=fake, workdir=tmp_path / query[:5], query=query)
        assert res.exit_code == 0, res.result.reason
        header, *rows = _asked_table(res.report, heading)
        labels = [r[0] for r in rows]
        assert len(labels) == len(set(labels)) >= len(names), rows  # which row is which
        headers = {h.casefold() for h in header}
        assert not headers & {cell.casefold() for r in rows for cell in r}, (header, rows)


def test_the_dashboard_request_table_tells_alike_labels_apart() -> None:
    # the dashboard's request table labels its rows as the report does
    from scout.server.dashboard_data import request_view

    task = {"query": "q", "lang": "es",
            "values": {"field": "NLP", "campo": "lingüística", "topic": "x"},
            "types": {"field": "string", "campo": "string", "topic": "string"},
            "sources": {"field": "query", "campo": "query", "topic": "query"}}
    labels = [row[0] for row in request_view(task, "es").rows]
    assert len(set(labels)) == 3, labels
    assert "campo" in labels and "campo (field)" in labels


def _kind_report(tmp_path: Path, kind: str, args: list[str], query: str,
                 results: list[Result]) -> str:
    assert run("init", kind, "--dir", str(tmp_path), "--force", *args)[0] == 0
    pipeline = tmp_path / "pipelines" / f"{kind.replace('-', '_')}.yaml"
    code, out, _ = run("validate", str(pipeline))
    assert code == 0 and "warning" not in out, out
    with FakeProviders() as fake:
        fake.search(".", results)
        res = run_pipeline(pipeline, fake=fake, workdir=tmp_path / f"w{abs(hash(query))}",
                           query=query)
    assert res.exit_code == 0, res.result.reason
    return res.report


@pytest.mark.parametrize("query, title", [
    ("congresos de lingüística computacional en España del 1 de marzo al 31 de mayo de "
     "2027 online", "# Congresos: lingüística computacional · España · 1 de marzo – 31 de mayo de 2027"),
    ("computational linguistics conferences in Spain from March 1 to May 31, 2027 online",
     "# Conferences: computational linguistics · Spain · March 1 – May 31, 2027 · online")])
def test_a_kind_titles_its_report_in_the_request_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, query: str, title: str) -> None:
    # "conferences lingüística computacional en España 1 mar – 31 may 2027 online": the
    # English kind name in a Spanish title, and no separators between its parts
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    args = ["--es", "congresos", "--input", "topic:subject", "--input", "place:place",
            "--input", "dates:date", "--input", "online:boolean"]
    report = _kind_report(tmp_path, "conferences", args, query,
                          [Result("ACL 2027", "https://acl.test/", "ACL 2027, hybrid.")])
    assert report.splitlines()[0] == title
    # the scaffold says where the title is changed
    text = (tmp_path / "pipelines" / "conferences.yaml").read_text(encoding="utf-8")
    assert "# the report's title" in text and "--es" in text


@pytest.mark.parametrize("query", ["congresos de historia en Salamanca",
                                   "history conferences in Salamanca"])
def test_a_kind_without_ratings_flags_no_rating(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                query: str) -> None:
    # every conference was flagged "rating unknown" ("valoración desconocida"): scout init
    # added a min_rating the author never asked for
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    args = ["--input", "topic:subject", "--input", "city:place"]
    report = _kind_report(tmp_path, "conferences", args, query, [
        Result("Congreso de Historia", "https://historia.test/", "Salamanca, octubre."),
        Result("Jornadas de Archivos", "https://archivos.test/", "Salamanca, 12 EUR.")])
    declared = yaml.safe_load((tmp_path / "pipelines" / "conferences.yaml").read_text())
    assert list(declared["inputs"]) == ["topic", "city"]
    low = report.lower()
    for words in ("rating unknown", "valoración desconocida", "rating vs minimum",
                  "valoración frente al mínimo", "price unknown", "precio desconocido"):
        assert words not in low, words
    assert "Congreso de Historia" in report and "Jornadas de Archivos" in report


def test_declared_criteria_rank_and_the_kind_s_own_test_passes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a money input caps the price and a rating input is a minimum rating, whatever they
    # are named; they are not searched for ("vets 7.0 300 EUR"); the kind's test passes
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    assert run("init", "vets", "--dir", str(tmp_path), "--input", "city:place",
               "--input", "fee:money", "--input", "stars:rating")[0] == 0
    pipeline = tmp_path / "pipelines" / "vets.yaml"
    with FakeProviders() as fake:
        fake.search(".", [Result("Vet A", "https://a.test/", "Vet A, rated 9/10, 50 EUR."),
                          Result("Vet B", "https://b.test/", "Vet B, rated 5/10, 40 EUR."),
                          Result("Vet C", "https://c.test/", "Vet C, rated 9/10, 500 EUR.")])
        for name in "ABC":  # each one's reviews speak of it alone
            fake.search(rf"Vet {name} .*reviews", [Result(f"Vet {name} reviews",
                                                           f"https://r.test/{name}", "Kind.")])
        res = run_pipeline(pipeline, fake=fake, workdir=tmp_path / "work",
                           query="vets in Porto under 100 EUR rated at least 7")
        searched = [q for q in fake.queries() if q]
    assert res.exit_code == 0, res.result.reason
    shortlist = [i["candidate"]["name"] for i in res.artifact("shortlist")["items"]]
    assert shortlist == ["Vet A"], shortlist
    assert searched[0] == "vets in Porto", searched
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           str(tmp_path / "tests" / "test_vets.py")], cwd=tmp_path,
                          capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize("name", ["con{{ x }}gresos", "it's", "a\x1b[31mb", "50%", "a\\b"])
def test_a_spanish_name_that_would_break_the_title_is_refused(tmp_path: Path,
                                                               name: str) -> None:
    code, _, err = run("init", "events", "--dir", str(tmp_path), "--es", name)
    assert code == 2 and "--es" in err
    assert not (tmp_path / "pipelines").exists()


def test_an_accented_spanish_name_titles_the_report(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    report = _kind_report(tmp_path, "talks", ["--es", "charlas  técnicas", "--input",
                                              "city:place"], "charlas en Bilbao",
                          [Result("Charla", "https://charla.test/", "Bilbao.")])
    assert report.splitlines()[0] == "# Charlas técnicas: Bilbao"


def test_init_writes_currency_rates_so_a_budget_in_another_currency_is_checked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A keyless `scout init` config had no currency table: a 90 EUR course against
    "under $100" was flagged "no rate to USD" and never checked, and a free listing had
    no price without a budget (found writing examples/courses)."""
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    code, _, err = run("init", "yoga-classes", "--dir", str(tmp_path))
    assert code == 0, err
    config = yaml.safe_load((tmp_path / "config" / "adapters.yaml").read_text())
    assert config["currency"]["base"] == "EUR" and config["currency"]["rates"]["USD"] > 0
    with FakeProviders() as fake:
        fake.search(".", [Result("Alpha Yoga", "https://alpha.test/", "Alpha Yoga, 120 EUR."),
                          Result("Beta Yoga", "https://beta.test/", "Beta Yoga, 80 EUR.")])
        res = run_pipeline(tmp_path / "pipelines" / "yoga_classes.yaml", fake=fake,
                           workdir=tmp_path / "work", query="yoga classes under $100")
    assert res.exit_code == 0, res.result.reason
    names = [i["candidate"]["name"] for i in res.artifact("shortlist")["items"]]
    assert names == ["Beta Yoga"]                 # 120 EUR is over 100 USD, 80 EUR is not
    assert "no rate to USD" not in res.report



@pytest.mark.parametrize(("query", "listings", "kept"), [
    # a clinic in Mexico priced in pesos, a budget in euros: 800 MXN is ~40 EUR, 2.500 ~126
    ("dentista en Guadalajara por menos de 60 EUR",
     [("Clínica Norte", "Limpieza dental 800 MXN."),
      ("Clínica Sur", "Limpieza dental 2.500 MXN.")], ["Clínica Norte"]),
    ("dentist in Monterrey under 100 EUR",
     [("Sonrisa Dental", "Cleaning: MXN 1,500."), ("Dental Premium", "Cleaning: MXN 3,900.")],
     ["Sonrisa Dental"]),
    # and the lab's other currencies
    ("dentista en Santiago por menos de 50 EUR",
     [("Dental Andes", "Limpieza 45.000 CLP."), ("Dental Costa", "Limpieza 75.000 CLP.")],
     ["Dental Andes"]),
    ("dentista en Lima por menos de 30 EUR",
     [("Odonto Miraflores", "Profilaxis S/ 90."), ("Odonto Surco", "Profilaxis S/ 250.")],
     ["Odonto Miraflores"]),
    ("dentista en Montevideo por menos de 40 EUR",
     [("Dental Pocitos", "Limpieza 1.500 UYU."), ("Dental Centro", "Limpieza 2.900 UYU.")],
     ["Dental Pocitos"]),
    ("dentista en Bogotá por menos de 40 EUR",
     [("Sonría Bogotá", "Limpieza 120.000 COP."), ("Dental 93", "Limpieza 300.000 COP.")],
     ["Sonría Bogotá"]),
    ("dentista en Córdoba, Argentina por menos de 40 EUR",
     [("Consultorio Nueva Córdoba", "Limpieza 35.000 ARS."),
      ("Consultorio Cerro", "Limpieza 60.000 ARS.")], ["Consultorio Nueva Córdoba"]),
])
def test_init_s_rates_compare_the_lab_s_pesos_and_soles_with_a_budget_in_euros(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, query: str,
        listings: list[tuple[str, str]], kept: list[str]) -> None:
    """`scout init`'s table had no MXN, CLP, COP, ARS, PEN or UYU: a listing in pesos
    against a budget in euros was flagged "no rate" and never checked."""
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    code, _, err = run("init", "dentists", "--dir", str(tmp_path), "--input", "city:place",
                       "--input", "budget:money")
    assert code == 0, err
    rates = yaml.safe_load((tmp_path / "config" / "adapters.yaml").read_text())["currency"]
    assert {"MXN", "CLP", "COP", "ARS", "PEN", "UYU"} <= set(rates["rates"])
    with FakeProviders() as fake:
        fake.search(".", [Result(name, f"https://{i}.test/", f"{name}. {text}")
                          for i, (name, text) in enumerate(listings)])
        res = run_pipeline(tmp_path / "pipelines" / "dentists.yaml", fake=fake,
                           workdir=tmp_path / "work", query=query)
    assert res.exit_code == 0, res.result.reason
    names = [i["candidate"]["name"] for i in res.artifact("shortlist")["items"]]
    assert names == kept, (names, res.report[-3000:])
    assert "no rate to" not in res.report and "sin tipo de cambio" not in res.report

def test_the_spanish_name_reaches_the_request_parser(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """`--es` is written to the project's Spanish catalog, where the parser finds the
    kind's name: a Spanish request that names the kind names no subject and no place."""
    import datetime as dt

    from scout.spec.models import InputSpec
    from scout.task.parser import parse_query

    args = ["--es", "salas de escape", "--input", "topic:subject", "--input", "place:place"]
    assert run("init", "escape-rooms", "--dir", str(tmp_path), *args)[0] == 0
    spec = yaml.safe_load((tmp_path / "pipelines" / "escape_rooms.yaml").read_text("utf-8"))
    inputs = {n: InputSpec(**s) for n, s in spec["inputs"].items()}

    def read(query: str, locales: Path | None) -> dict[str, object]:
        return parse_query(query, inputs, today=dt.date(2026, 12, 6), kind="escape-rooms",
                           locales=locales).values

    locales = tmp_path / "locales"
    assert read("salas de escape de terror en Madrid", locales) == {"topic": "terror",
                                                                    "place": "Madrid"}
    assert read("salas de escape madrid", locales) == {"place": "Madrid"}
    assert read("escape rooms de terror en Madrid", locales)["topic"] == "terror"
    # without the catalog the kind's Spanish name is read as what the request is about
    assert "salas" in str(read("salas de escape de terror en Madrid", None)["topic"])
    # again, and over an author's own translation: one entry, the author's kept
    catalog = locales / "es" / "LC_MESSAGES" / "messages.po"
    assert run("init", "escape-rooms", "--dir", str(tmp_path), "--force", *args)[0] == 0
    assert catalog.read_text("utf-8").count('msgid "escape rooms"') == 1
    catalog.write_text(catalog.read_text("utf-8").replace('"salas de escape"', '"escape rooms"'),
                       encoding="utf-8")
    assert run("init", "escape-rooms", "--dir", str(tmp_path), "--force", "--es", "otra",
               "--input", "topic:subject")[0] == 0
    assert 'msgstr "otra"' not in catalog.read_text("utf-8")
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))  # the author's project
    code, out, _ = run("validate", str(tmp_path / "pipelines"))
    assert code == 0 and "warning" not in out, out


@pytest.mark.parametrize("lang, spanish_word, title", [
    ("en", None, "Conferences: NLP · online"),
    ("es", None, "Congresos: NLP"),                  # the English flag left out
    ("es", "en línea", "Congresos: NLP · en línea"),  # the author's Spanish word
    ("en", "en línea", "Conferences: NLP · online")])
def test_a_yes_no_input_reads_in_the_title_in_its_own_language(
        lang: str, spanish_word: str | None, title: str) -> None:
    """A yes/no input shows as its name, which is English: a Spanish title leaves it out
    ("Congresos: NLP · online" read as a slip) until the author writes its Spanish word
    in the slot the scaffold keeps for it."""
    from types import SimpleNamespace

    from scout.scaffold import _title
    from scout.spec.templating import make_env

    text = _title("conferences", "congresos", [("topic", "subject"), ("online", "boolean")])
    if spanish_word:
        assert text.count("task.lang != 'es' else none") == 1
        text = text.replace("task.lang != 'es' else none", f"task.lang != 'es' else {spanish_word!r}")
    task = SimpleNamespace(lang=lang, topic="NLP", online=True, query="q")
    assert make_env().from_string(text).render(task=task) == title
    task.online = False
    assert make_env().from_string(text).render(task=task) == title.split(" · ")[0]


@pytest.mark.parametrize("inputs, values, english, spanish", [
    ([("copies", "integer")], {"copies": 3}, "Printing: 3 copies", "Imprenta: 3"),
    ([("city", "place"), ("min_guests", "number")], {"city": "Soria", "min_guests": 12},
     "Printing: Soria · 12 guests", "Imprenta: Soria · 12"),
])
def test_a_number_s_word_has_a_spanish_slot_of_its_own(
        inputs: list[tuple[str, str]], values: dict[str, object], english: str,
        spanish: str) -> None:
    """'3 copies' was English in both language slots (`'copies' if task.lang != 'es'
    else 'copies'`): a Spanish title shows the number alone until the author writes the
    Spanish word in the slot kept for it, as a yes/no input's."""
    from types import SimpleNamespace

    from scout.scaffold import _asked, _title
    from scout.spec.templating import make_env

    text = _title("printing", "imprenta", inputs)
    render = make_env().from_string

    def task(lang: str) -> SimpleNamespace:
        return SimpleNamespace(lang=lang, query="q", **{n: values.get(n) for n, _ in inputs})

    assert render(text).render(task=task("en")) == english
    assert render(text).render(task=task("es")) == spanish
    word = english.rsplit(" ", 1)[1]
    slot = f"({word!r} if task.lang != 'es' else none)"
    assert text.count(slot) == 1
    own = text.replace(slot, f"({word!r} if task.lang != 'es' else 'copias')")
    assert render(own).render(task=task("es")) == spanish + " copias"
    # the searches keep the same slot: the author replaces it everywhere at once
    asked = _asked(inputs)
    assert slot in asked
    assert word not in render(asked).render(task=task("es"))
    assert word in render(asked).render(task=task("en"))


def test_a_spanish_kind_as_init_writes_it_validates_without_a_note(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # `scout init --es` wrote a kind whose validate said SPEC078 for the `place` input it
    # had scaffolded itself: every input name init writes on its own is in scout's catalog
    from scout.scaffold import DEFAULT_INPUTS
    from scout.validate.catalogs import translators

    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    assert run("init", "coworking-spaces", "--dir", str(tmp_path), "--es",
               "espacios de coworking")[0] == 0
    found = translators(tmp_path / "locales", "es")
    assert found is not None and all(found[2](name) for name, _ in DEFAULT_INPUTS)
    code, out, _ = run("validate", str(tmp_path / "pipelines"))
    assert code == 0 and "SPEC078" not in out and "missions/.." not in out, out


def test_init_writes_the_schemas_its_files_name_and_keeps_existing_ones(tmp_path: Path) -> None:
    # every file init writes starts `# yaml-language-server: $schema=../schemas/…`: an
    # editor finds the schema there in a new project, without a `scout schema` first
    from scout.scaffold import init_kind
    from scout.validate.jsonschema import stale_schemas

    written = [w.path for w in init_kind("coworking-spaces", tmp_path)]
    assert tmp_path / "schemas" / "pipeline.schema.json" in written
    assert stale_schemas(tmp_path / "schemas") == []
    for path in written:
        if path.suffix == ".yaml":
            named = re.search(r"\$schema=(\S+)", path.read_text(encoding="utf-8"))
            assert named and (path.parent / named.group(1)).resolve().is_file(), path
    # a project's own (even stale) schemas are the author's: `scout schema` rewrites them
    own = tmp_path / "schemas" / "config.schema.json"
    own.write_text("{}\n")
    again = [w.path for w in init_kind("folding-bikes", tmp_path)]
    assert own.read_text() == "{}\n" and own not in again


@pytest.mark.parametrize("inputs, budget", [
    ([("declared_value", "money"), ("budget", "money")], "budget"),   # named, not first
    ([("budget", "money"), ("signup_fee", "money")], "budget"),
    ([("deposit", "money"), ("max_rent", "money")], "max_rent"),
    ([("insured_for", "money"), ("parcels", "integer")], "insured_for"),  # the only one
])
def test_only_the_budget_caps_another_money_input_is_no_filter(
        inputs: list[tuple[str, str]], budget: str) -> None:
    # "insured for 8,000 EUR" was "the most it may cost" and left every courier out as
    # "over budget": only the budget caps the price; another amount is the request's
    from scout.scaffold import _criteria, _inputs_yaml, budget_input

    assert budget_input(inputs) == budget
    where = _criteria(inputs)["__WHERE__"]
    filters = [w.strip()[3:-1] for w in where.splitlines() if "task." in w]
    assert filters == [f"task.{budget} is none or c.price is none or "
                       f"c.price.amount <= task.{budget}.amount"]
    assert where.count("over budget") == 1
    said = yaml.safe_load("inputs:\n" + _inputs_yaml(inputs))["inputs"]
    for name, kind in inputs:
        if kind == "money":
            most = "the most it may cost" in said[name]["description"]
            assert most == (name == budget), (name, said[name])


def test_a_declared_value_is_read_and_leaves_nothing_out(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    args = ["--input", "declared_value:money", "--input", "budget:money"]
    report = _kind_report(tmp_path, "couriers", args,
                          "couriers for a parcel insured for 8,000 EUR under 60 EUR", [
                              Result("Envíos Uno", "https://uno.test/",
                                     "Envíos Uno: 40 EUR; declared value up to 10,000 EUR."),
                              Result("Envíos Dos", "https://dos.test/", "Envíos Dos: 90 EUR.")])
    # the 40 EUR courier is kept: 8,000 EUR is no cap; the 90 EUR one is over the budget
    shortlist = report.split("## Shortlist", 1)[1].split("\n## ", 1)[0]
    assert "Envíos Uno" in shortlist and "Envíos Dos" not in shortlist


def test_the_next_commands_init_prints_work_as_printed_from_another_project(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # init called from inside one project (the repo: its config/ and templates/) writing
    # into another (--dir): the printed commands, followed line by line, validate the new
    # kind, not look for its template in the project the author stood in
    monkeypatch.delenv("SCOUTE_RESEARCH_ROOT", raising=False)
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    monkeypatch.chdir(ROOT)
    project = tmp_path / "my project"
    code, out, err = run("init", "vets", "--dir", str(project))
    assert code == 0, err
    steps = [line.strip() for line in out.split("next:\n", 1)[1].splitlines()]
    assert steps[0].startswith("cd ") and len(steps) == 4, steps
    monkeypatch.chdir(" ".join(shlex.split(steps[0])[1:]))
    validate = shlex.split(steps[1])
    assert validate[:2] == ["scout", "validate"]
    code, out, err = run(*validate[1:])
    assert code == 0, out + err
    assert (Path.cwd() / shlex.split(steps[3])[2]).is_file()
    # written in the folder it is called in, there is nothing to change to
    code, out, _ = run("init", "cats")
    assert code == 0 and "  cd " not in out and "  scout validate pipelines/cats.yaml" in out
