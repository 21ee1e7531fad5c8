"""What `analyse` finds in a spec's Jinja, and the names of Jinja's filters and tests, are
kept on disk (scout.spec.factcache): a later process answers from there without parsing,
so `scout validate` of unchanged files does not even import jinja2; what is read back is
untrusted."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from scout.spec import factcache
from scout.spec import templating as J

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [("{{ task.city | upper }} {% for h in hotels %}{{ h.name }}{% endfor %}", False),
           ("price <= task.budget and rating is number", True),
           ("9 ** (9 ** 9)", True),  # a constant bomb
           ("{% if %}", False)]  # a syntax error


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv(factcache.OFF_ENV, raising=False)
    monkeypatch.setenv(factcache.CACHE_ENV, str(tmp_path / "cache"))
    _new_process(monkeypatch)
    return tmp_path / "cache"


def _new_process(monkeypatch: pytest.MonkeyPatch) -> None:
    factcache.flush()  # what the last process wrote as it ended (and forget what it read)
    J._analyse.cache_clear()
    J._jinja_names.cache_clear()
    J._known_filters.cache_clear()


@pytest.fixture()
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    real = J._parse_and_walk

    def counting(source: str, expression: bool):  # type: ignore[no-untyped-def]
        seen.append(source)
        return real(source, expression)

    monkeypatch.setattr(J, "_parse_and_walk", counting)
    return seen


def _results() -> list[object]:
    out: list[object] = []
    for source, expression in SOURCES:
        try:
            out.append(J.analyse(source, expression=expression))
        except J.JinjaCheckError as exc:
            out.append(("error", exc.message, exc.line))
    return out


def test_a_second_process_answers_from_disk_without_parsing(
        cache: Path, parses: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    first = _results()
    assert len(parses) == len(SOURCES)
    assert any(isinstance(r, J.JinjaUse) and r.bombs for r in first)  # the bomb is found
    assert ("error", first[-1][1], 1) == first[-1]  # type: ignore[index]
    _new_process(monkeypatch)
    assert _results() == first
    assert len(parses) == len(SOURCES)  # nothing parsed the second time


def test_an_expression_and_a_template_of_the_same_text_are_two_entries(
        cache: Path, parses: list[str]) -> None:
    # braces: neither is plain (scout.spec.plainuse), both are parsed
    as_expr = J.analyse("{'k': a.b}", expression=True)
    as_text = J.analyse("{'k': a.b}", expression=False)
    assert as_expr.names == {"a"} and as_text.names == frozenset()
    assert len(parses) == 2


@pytest.mark.parametrize("garbage", [b"", b"[1]", b'{"key": "x", "facts": {}}', "bool-line",
                                     "extra-field", "names-not-text"])
def test_a_corrupt_entry_is_parsed_again_and_rewritten(
        cache: Path, parses: list[str], monkeypatch: pytest.MonkeyPatch,
        garbage: bytes | str) -> None:
    first = _results()
    factcache.flush()
    pack = cache / "jinja-use" / factcache.PACK_NAME
    doc = json.loads(pack.read_text(encoding="utf-8"))
    for facts in doc["entries"].values():
        if garbage == "bool-line":
            if "error" in facts:
                facts["error"][1] = True
            else:
                facts["bombs"] = [["too big", True]]
        elif garbage == "extra-field":
            facts["more"] = 1
        elif garbage == "names-not-text":
            facts["names" if "names" in facts else "error"] = [1, 2]
    pack.write_bytes(garbage if isinstance(garbage, bytes) else json.dumps(doc).encode())
    _new_process(monkeypatch)
    assert _results() == first
    assert len(parses) == 2 * len(SOURCES)
    _new_process(monkeypatch)
    _results()
    assert len(parses) == 2 * len(SOURCES)  # rewritten whole


def test_the_known_names_are_the_environments_cold_and_from_disk(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    env = J.make_env()
    for _ in range(2):  # computed, then read back in a "new process"
        assert J.known_filters() == frozenset(env.filters)
        assert J.known_tests() == frozenset(env.tests)
        factcache.flush()
        assert (cache / "jinja-names").is_dir()
        _new_process(monkeypatch)


def test_a_registered_filter_is_known_with_names_from_disk(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    J.known_filters()
    _new_process(monkeypatch)
    monkeypatch.setitem(J.EXTRA_FILTERS, "shout", str.upper)
    assert "shout" in J.known_filters() and "upper" in J.known_filters()


#: what a warm `scout validate` has no need to import: jinja2 (the facts are cached) and
#: scout's filters with all they import (their names are cached with Jinja's)
LAZY = ["jinja2", "scout.spec.filters"]
#: module-level patterns (scout.lazyre) a validate of the shipped pipelines and config
#: never matches, so never compiles: the config's header rules, the cost-order units
UNCOMPILED = ["scout.config.headers", "scout.steps.costorder"]
PROBE = """
import json, re, sys
from scout.cli import main
from scout.lazyre import _LazyPattern
code = main(["validate", "pipelines/"])
lazy, uncompiled = json.loads(sys.argv[1])
loaded = [m for m in lazy if any(n == m or n.startswith(m + ".") for n in sys.modules)]
compiled = {m: {k: isinstance(v, re.Pattern) or "_compiled" in vars(v)
                for k, v in vars(sys.modules[m]).items()
                if isinstance(v, (_LazyPattern, re.Pattern))} for m in uncompiled}
print("CODE", code, "LOADED", json.dumps(loaded), "COMPILED", json.dumps(compiled))
"""


def test_validating_unchanged_files_imports_and_compiles_only_what_it_uses(
        tmp_path: Path, subprocess_env: dict[str, str]) -> None:
    env = {**subprocess_env, factcache.CACHE_ENV: str(tmp_path / "cache")}
    runs = []
    for _ in range(2):
        out = subprocess.run([sys.executable, "-c", PROBE, json.dumps([LAZY, UNCOMPILED])],
                             capture_output=True, text=True, cwd=ROOT, env=env, timeout=120,
                             check=False).stdout
        found = re.search(r"CODE (\d+) LOADED (.*) COMPILED (.*)", out)
        assert found is not None, out
        runs.append((int(found[1]), json.loads(found[2]), json.loads(found[3])))
    assert runs[0][:2] == (0, LAZY)  # cold: parsed, cached
    assert runs[1][:2] == (0, [])  # warm: all from the cache
    assert all(runs[1][2][m] for m in UNCOMPILED)  # each has patterns...
    assert {f"{m}.{k}" for m in UNCOMPILED for k, c in runs[1][2][m].items() if c} == set()


def test_the_filters_names_are_cached_with_jinjas(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from scout.spec.filters import FILTERS

    J.known_filters()
    _new_process(monkeypatch)
    names = J._jinja_names()  # read back from disk
    assert names["scout"] == frozenset(FILTERS) and "money" in names["scout"]
    assert not names["filters"] & names["scout"]
