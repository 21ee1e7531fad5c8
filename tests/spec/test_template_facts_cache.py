"""`scout validate` parses each report template once per content in a process (the shared
sections are imported by every pipeline's report) and, through the on-disk cache
(scout.spec.factcache), once per content across processes; a changed template is checked
again, not answered from what an older text said, and what the cache holds is untrusted."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from scout.spec import factcache
from scout.validate import templates as T
from scout.validate import validate_paths

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for d in ("config", "templates", "pipelines"):
        shutil.copytree(ROOT / d, tmp_path / d)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    monkeypatch.delenv(factcache.OFF_ENV, raising=False)
    monkeypatch.setenv(factcache.CACHE_ENV, str(tmp_path / "cache"))  # empty: cold
    monkeypatch.setattr(T, "_FACTS", type(T._FACTS)())  # this test's own cache
    # the built-in templates' facts ship with scout and are parsed by no one
    # (tests/spec/test_builtin_facts.py); here they go through the disk cache as before
    monkeypatch.setattr(T, "shipped_facts", lambda: {})
    return tmp_path


def _new_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """What another `scout validate` starts with: nothing in memory, the disk as it is."""
    factcache.flush()  # what the last one wrote as it ended (and forget what it read)
    monkeypatch.setattr(T, "_FACTS", type(T._FACTS)())


def _pack(project: Path) -> Path:
    return project / "cache" / "template-facts" / factcache.PACK_NAME


def _entries(project: Path) -> dict[str, object]:
    return json.loads(_pack(project).read_text(encoding="utf-8"))["entries"]


@pytest.fixture()
def parses(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often each template file is parsed by the template checks."""
    seen: Counter[str] = Counter()
    env = T._parse_env()
    real = env.parse

    def counting(source: str, name: str | None = None, filename: str | None = None):
        file = Path(filename or name or "?").name
        # a pipeline's inline templates (rank's reasons) are several texts of one file:
        # each text counts on its own
        seen[f"{file}:{source}" if file.endswith(".yaml") else file] += 1
        return real(source, name, filename)

    monkeypatch.setattr(env, "parse", counting)
    return seen


def _problems(result) -> list:
    return [p for f in result.files for p in f.problems]


def test_every_pipeline_and_mission_is_checked_but_each_template_parsed_once(
        project: Path, parses: Counter[str]) -> None:
    result = validate_paths([project / "pipelines"])
    assert len(result.files) >= 3 and result.ok, _problems(result)
    # both shipped reports import the shared sections, and the mission checks its
    # pipeline again: without the cache these are parsed once per report
    assert parses["_report.md.j2"] == 1 and parses["_synthesis.md.j2"] == 1
    assert parses and set(parses.values()) == {1}, parses


def test_a_changed_template_is_checked_again(project: Path, parses: Counter[str]) -> None:
    assert not [p for p in _problems(validate_paths([project / "pipelines"]))
                if p.severity == "error"]
    # the project's own copy of the shared section (it overrides the packaged one)
    shared = project / "templates" / "_report.md.j2"
    shipped = ROOT / "scout" / "report" / "builtin" / "_report.md.j2"
    shared.write_text(shipped.read_text(encoding="utf-8") + "\n{{ no_such_artifact }}\n",
                      encoding="utf-8")
    problems = _problems(validate_paths([project / "pipelines" / "hotel_research.yaml"]))
    [p] = [p for p in problems if p.code == "SPEC051"]
    assert "no_such_artifact" in p.message and p.location.file == str(shared)
    assert parses["_report.md.j2"] == 2  # the new text was parsed, the old one is not reused


def test_a_syntax_error_names_each_file_that_has_it(project: Path) -> None:
    bad = "{% if %}\n"
    for name in ("hotel_report.md.j2", "restaurant_report.md.j2"):
        (project / "templates" / name).write_text(bad, encoding="utf-8")
    problems = _problems(validate_paths([project / "pipelines" / "hotel_research.yaml",
                                         project / "pipelines" / "restaurant_research.yaml"]))
    files = sorted(Path(p.location.file).name for p in problems if p.code == "SPEC050")
    assert files == ["hotel_report.md.j2", "restaurant_report.md.j2"]


def test_a_second_process_reads_the_facts_from_disk_and_parses_nothing(
        project: Path, parses: Counter[str], monkeypatch: pytest.MonkeyPatch) -> None:
    first = validate_paths([project / "pipelines"])
    cold = sum(parses.values())
    assert cold >= 4 and len(_entries(project)) == cold  # one entry per template text
    _new_process(monkeypatch)
    second = validate_paths([project / "pipelines"])
    assert sum(parses.values()) == cold  # the hits parsed nothing
    assert _problems(second) == _problems(first) and second.ok


def test_an_edited_template_is_parsed_again_in_the_next_process(
        project: Path, parses: Counter[str], monkeypatch: pytest.MonkeyPatch) -> None:
    validate_paths([project / "pipelines"])
    report = project / "templates" / "hotel_report.md.j2"
    report.write_text(report.read_text(encoding="utf-8") + "\n{{ not_in_scope }}\n",
                      encoding="utf-8")
    _new_process(monkeypatch)
    problems = _problems(validate_paths([project / "pipelines" / "hotel_research.yaml"]))
    assert parses["hotel_report.md.j2"] == 2 and parses["_report.md.j2"] == 1
    [p] = [p for p in problems if p.code == "SPEC051"]
    assert "not_in_scope" in p.message and p.location.file == str(report)


@pytest.mark.parametrize("garbage", [
    b"", b"{not json", b"[]", b'{"key": "another", "facts": {}}',
    # our key, but facts of the wrong shape: a line that is no number, an unknown use,
    # a missing field, a bound name that is not text
    "uses-bool-line", "uses-unknown-kind", "missing-imports", "bound-int",
    "too-big",  # valid JSON and our facts, after 4 MiB of spaces: not read whole
])
def test_a_corrupt_or_foreign_entry_is_ignored_and_rewritten(
        project: Path, parses: Counter[str], monkeypatch: pytest.MonkeyPatch,
        garbage: bytes | str) -> None:
    want = _problems(validate_paths([project / "pipelines"]))
    cold = sum(parses.values())
    doc = json.loads(_pack(project).read_text(encoding="utf-8"))
    for facts in doc["entries"].values():
        if garbage == "uses-bool-line":
            facts["uses"] = [["name", "x", True]]
        elif garbage == "uses-unknown-kind":
            facts["uses"] = [["macro", "x", 1]]
        elif garbage == "missing-imports":
            del facts["imports"]
        elif garbage == "bound-int":
            facts["bound"] = [1]
    data = garbage if isinstance(garbage, bytes) else json.dumps(doc).encode()
    if garbage == "too-big":
        data = b" " * (factcache.MAX_PACK_BYTES + 1) + data
    _pack(project).write_bytes(data)
    _new_process(monkeypatch)
    assert _problems(validate_paths([project / "pipelines"])) == want
    assert sum(parses.values()) == 2 * cold  # every entry was a miss ...
    _new_process(monkeypatch)
    validate_paths([project / "pipelines"])
    assert sum(parses.values()) == 2 * cold  # ... and was rewritten whole


def test_an_unwritable_cache_neither_fails_nor_is_tried_again(
        project: Path, parses: Counter[str], monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = project / "not-a-folder"
    blocker.write_text("a file where the cache folder would be\n", encoding="utf-8")
    monkeypatch.setenv(factcache.CACHE_ENV, str(blocker / "cache"))
    tries: list[Path] = []
    real = factcache.write_atomic

    def counting(path, data, **kw):  # type: ignore[no-untyped-def]
        tries.append(Path(path))
        return real(path, data, **kw)

    monkeypatch.setattr(factcache, "write_atomic", counting)
    monkeypatch.setattr(T, "_STORE", factcache.FactStore("template-facts", T._STORE._depends))
    result = validate_paths([project / "pipelines"])
    assert result.ok, _problems(result)
    assert sum(parses.values()) >= 4 and len(tries) == 1  # the first failure stops it


def test_the_cache_can_be_turned_off(project: Path, parses: Counter[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(factcache.OFF_ENV, "1")
    validate_paths([project / "pipelines"])
    _new_process(monkeypatch)
    validate_paths([project / "pipelines"])
    assert not (project / "cache").exists()
    assert parses["_report.md.j2"] == 2  # parsed in each process


def test_the_cache_folder_follows_the_environment(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(factcache.OFF_ENV, raising=False)
    monkeypatch.delenv(factcache.CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert factcache.cache_dir() == tmp_path / "xdg" / "scout"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/is/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert factcache.cache_dir() == tmp_path / "home" / ".cache" / "scout"
    monkeypatch.setenv(factcache.CACHE_ENV, str(tmp_path / "mine"))
    assert factcache.cache_dir() == tmp_path / "mine"
    monkeypatch.setenv(factcache.OFF_ENV, "1")
    assert factcache.cache_dir() is None


def test_the_key_names_the_text_and_the_code_that_reads_it(tmp_path: Path) -> None:
    code = tmp_path / "extract.py"
    code.write_text("v1\n", encoding="utf-8")
    store = factcache.FactStore("t", lambda: [str(code)])
    key = store.key("{{ a }}")
    assert key != store.key("{{ b }}")
    code.write_text("version 2\n", encoding="utf-8")  # the extraction code changed
    assert factcache.FactStore("t", lambda: [str(code)]).key("{{ a }}") != key
    assert factcache.FactStore("u", lambda: [str(code)]).key("{{ a }}") != key
