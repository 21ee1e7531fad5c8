"""The facts of scout's built-in report templates ship with the package
(scout/report/builtin/facts.json, scout.validate.builtin_facts): they are current, a
cold `scout validate` parses only the project's own templates, it reports exactly what
parsing would, and an edited copy or another jinja2 is parsed as before."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import jinja2
import pytest

from scout.spec import factcache
from scout.validate import builtin_facts as B
from scout.validate import templates as T
from scout.validate import validate_paths

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_facts_are_current() -> None:
    assert B.PATH.read_text(encoding="utf-8") == B.render(), \
        f"stale: run {B.REGENERATE}"
    doc = json.loads(B.PATH.read_text(encoding="utf-8"))
    names = sorted(e["file"] for e in doc["templates"].values())
    assert names == sorted(p.name for p in B.BUILTIN.glob("*.j2"))


def test_the_jinja2_version_is_read_without_importing_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert B.jinja2_version() == jinja2.__version__
    monkeypatch.delitem(__import__("sys").modules, "jinja2")
    assert B.jinja2_version() == jinja2.__version__  # from the file


@pytest.fixture()
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for d in ("config", "templates", "pipelines"):
        shutil.copytree(ROOT / d, tmp_path / d)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    monkeypatch.setenv(factcache.OFF_ENV, "1")  # no disk cache: parsed or shipped
    monkeypatch.setattr(T, "_FACTS", type(T._FACTS)())
    return tmp_path


@pytest.fixture()
def parses(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    seen: Counter[str] = Counter()
    env = T._parse_env()
    real = env.parse

    def counting(source: str, name: str | None = None, filename: str | None = None):
        seen[Path(filename or name or "?").name] += 1
        return real(source, name, filename)

    monkeypatch.setattr(env, "parse", counting)
    return seen


def _forget() -> None:
    for cached in (B._doc, B.shipped, B.translated):
        cached.cache_clear()


def _problems(result) -> list:
    return [p for f in result.files for p in f.problems]


def test_a_cold_run_parses_only_the_projects_templates_and_reports_the_same(
        project: Path, parses: Counter[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # a project template that reads what is not in scope, and the shared section
    report = project / "templates" / "hotel_report.md.j2"
    report.write_text(report.read_text(encoding="utf-8") + "\n{{ not_in_scope }}\n",
                      encoding="utf-8")
    shipped = _problems(validate_paths([project / "pipelines"]))
    # the pipelines' own inline templates (rank's reasons) are not report templates
    assert {n for n in parses if not n.endswith(".yaml")} == {
        "hotel_report.md.j2", "restaurant_report.md.j2"}, parses
    assert any(p.code == "SPEC051" for p in shipped)
    monkeypatch.setattr(T, "_FACTS", type(T._FACTS)())
    monkeypatch.setattr(T, "shipped_facts", lambda: {})
    parsed = _problems(validate_paths([project / "pipelines"]))
    assert {"_report.md.j2", "_synthesis.md.j2"} <= set(parses)
    assert parsed == shipped


def test_an_edited_copy_of_a_builtin_template_is_parsed(
        project: Path, parses: Counter[str]) -> None:
    shared = project / "templates" / "_report.md.j2"
    shipped = B.BUILTIN / "_report.md.j2"
    shared.write_text(shipped.read_text(encoding="utf-8") + "\n{{ no_such_artifact }}\n",
                      encoding="utf-8")
    problems = _problems(validate_paths([project / "pipelines" / "hotel_research.yaml"]))
    [p] = [p for p in problems if p.code == "SPEC051"]
    assert "no_such_artifact" in p.message and p.location.file == str(shared)
    assert parses["_report.md.j2"] == 1


@pytest.mark.parametrize("doc", [
    None,  # no file
    "not json",
    {"format": 2, "jinja2": jinja2.__version__, "templates": {}},
    "other-jinja2",
    "bad-facts",
])
def test_another_jinja2_or_a_damaged_file_means_parsing(
        project: Path, parses: Counter[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path, doc: object) -> None:
    real = json.loads(B.PATH.read_text(encoding="utf-8"))
    path = tmp_path / "facts.json"
    if doc == "other-jinja2":
        real["jinja2"] = "0.0.1"
        path.write_text(json.dumps(real), encoding="utf-8")
    elif doc == "bad-facts":
        for entry in real["templates"].values():
            entry["facts"]["uses"] = [["name", "x", True]]
        path.write_text(json.dumps(real), encoding="utf-8")
    elif doc is not None:
        path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    monkeypatch.setattr(B, "PATH", path)
    _forget()
    try:
        result = validate_paths([project / "pipelines"])
    finally:
        _forget()
    assert result.ok, _problems(result)
    assert parses["_report.md.j2"] == 1 and parses["_synthesis.md.j2"] == 1


def test_scouts_translated_msgids_are_babels_answer() -> None:
    """What the catalog check asks of scout's own catalog, from the shipped list and from
    Babel, for every entry and for texts it lacks."""
    from scout.i18n import _catalog
    from scout.validate.catalogs import _translated

    for lang in ("es",):
        shipped = B.translated(lang)
        catalog = _catalog(lang)
        assert shipped and catalog is not None
        asks = [(m.id[0] if isinstance(m.id, (tuple, list)) else m.id, m.context or "")
                for m in catalog if m.id]
        asks += [("no such text", ""), (asks[0][0], "no such context")]
        for msgid, context in asks:
            assert ((msgid, context or None) in shipped) == \
                _translated(catalog, msgid, context), (msgid, context)


def test_a_validate_whose_templates_use_gettext_reads_no_catalog(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import scout.i18n

    reads: list[str] = []
    real = scout.i18n._catalog.__wrapped__
    monkeypatch.setattr(scout.i18n, "_catalog", lambda lang: reads.append(lang) or real(lang))
    monkeypatch.setattr("scout.validate.catalogs._catalog", scout.i18n._catalog)
    with_shipped = _problems(validate_paths([project / "pipelines"]))
    assert reads == []
    monkeypatch.setattr(B, "translated", lambda lang: None)
    monkeypatch.setattr("scout.validate.catalogs.translated", B.translated)
    monkeypatch.setattr(T, "_FACTS", type(T._FACTS)())
    assert _problems(validate_paths([project / "pipelines"])) == with_shipped
    assert reads and set(reads) == {"es"}  # once per pipeline: the stand-in keeps no cache
