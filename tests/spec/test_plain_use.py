"""scout.spec.plainuse reads the plainest spec strings without Jinja: whatever it answers
must be exactly what Jinja's parse and walk (scout.spec.templating._parse_and_walk) find,
and anything else must go to Jinja (None)."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

from scout.spec.plainuse import plain_use
from scout.spec.templating import JinjaCheckError, JinjaUse, _parse_and_walk, analyse

ROOT = Path(__file__).resolve().parents[2]
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _strings(value: object, seen: set[int]) -> list[str]:
    if isinstance(value, str):
        return [value]
    if id(value) in seen:  # an alias (the hostile corpus has alias bombs)
        return []
    seen.add(id(value))
    if isinstance(value, dict):
        return [s for v in list(value.values()) + list(value) for s in _strings(v, seen)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v, seen)]
    return []


def _repository_strings() -> list[str]:
    """Every string of every YAML file in the repository (pipelines, examples, fixtures,
    the hostile corpus)."""
    found: set[str] = set()
    paths = [p for top in ("pipelines", "examples", "tests", "docs", "scout")
             for p in (ROOT / top).rglob("*.yaml")]
    for path in sorted(paths):
        if path.stat().st_size > 1_000_000:
            continue
        try:
            docs = list(yaml.load_all(path.read_text(encoding="utf-8"), Loader=_LOADER))
        except Exception:  # noqa: BLE001 - a deliberately broken fixture
            continue
        for doc in docs:
            found.update(_strings(doc, set()))
    return sorted(found)


def _same_as_jinja(source: str, expression: bool) -> bool:
    """False when the plain reading differs from Jinja's; True when they agree or it
    left the string to Jinja."""
    plain = plain_use(source, expression)
    if plain is None:
        return True
    try:
        jinja = _parse_and_walk(source, expression)
    except RecursionError:
        return False
    return isinstance(jinja, JinjaUse) and jinja == plain


def test_every_repository_string_reads_as_jinja_reads_it() -> None:
    strings = _repository_strings()
    read = 0
    for source in strings:
        for expression in (False, True):
            assert _same_as_jinja(source, expression), (source, expression)
            read += plain_use(source, expression) is not None
    # the shape is common: the repository's pipelines have hundreds of such strings
    assert read > 100, read


_PIECES = ["{{", "}}", "{{ ", " }}", "{{-", "-}}", "{%", "%}", "{#", "#}", "{", "}",
           "a", "task", "hotel", ".", ".name", ".city", ".0", "[0]", "_", "x1", "1x",
           "true", "none", "None", "and", "or", "not", "if", "else", "in", "is", "loop",
           "class", "def", "ñ", "é", "|", "upper", "(", ")", "'", '"', " ", "\t", "\n",
           "\r", "\u00a0", "-", "+", "~", "reviews", "{{ a.b }}", "{{ task.city }}"]


@pytest.mark.parametrize("seed", range(4))
def test_generated_strings_read_as_jinja_reads_them(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(1500):
        source = "".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 12)))
        for expression in (False, True):
            assert _same_as_jinja(source, expression), (source, expression)


@pytest.mark.parametrize(("source", "names", "attrs"), [
    ("{{ hotel.name }} {{ task.destination }} reviews", {"hotel", "task"},
     (("hotel", "name"), ("task", "destination"))),
    ("{{hotel.candidate.name}}", {"hotel"}, (("hotel", "candidate"),)),
    ("restaurantes en {{ task.city }}, {{ task.city }} otra vez", {"task"},
     (("task", "city"), ("task", "city"))),
    ("{{\n  video.id\n}}", {"video"}, (("video", "id"),)),
    ("{{ loop }}", {"loop"}, ()),
    ("sin plantilla", set(), ()),
])
def test_plain_strings_are_read_without_jinja(source: str, names: set[str],
                                              attrs: tuple[tuple[str, str], ...]) -> None:
    got = plain_use(source, False)
    assert got == JinjaUse(names=frozenset(names), attrs=attrs)
    assert got == _parse_and_walk(source, False)


@pytest.mark.parametrize("source", [
    "{{ task.month | month }}", "{{ task.budget or 'any' }}", "{{- task.city }}",
    "{{ task.city -}}", "{% if task.month %}{{ task.month }}{% endif %}", "{# note #}",
    "{{ none }}", "{{ task.true }}", "{{ task[0] }}", "{{ task.0 }}", "{{ año.mes }}",
    "{{ task . city }}", "{{ task.city }", "{ {{ task.city }}", "{{ task.city }}}",
    "{{ _('hola') }}", "{{ a.b }} {{", "}} {{ a }}", "{{ not.x }}",
])
def test_anything_else_goes_to_jinja(source: str) -> None:
    assert plain_use(source, False) is None
    assert _same_as_jinja(source, False)


@pytest.mark.parametrize(("source", "plain"), [
    ("task.notify_email", True), ("  hotel.evidence_count ", True), ("hotel.rating or 0", False),
    ("task.budget is none", False), ("none", False), ("task.x == 1", False), ("", False),
    ("a.b) }}{{ (c", False), ("a\n.b", False),
])
def test_expressions(source: str, plain: bool) -> None:
    assert (plain_use(source, True) is not None) is plain
    assert _same_as_jinja(source, True)


def test_errors_are_still_jinja_s() -> None:
    """A plain-looking string Jinja refuses is never read as plain."""
    for source in ("{{ task.city }} {{ }}", "{{ task.city }} {% endif %}"):
        with pytest.raises(JinjaCheckError):
            analyse(source)


def test_a_cold_validate_of_plain_strings_needs_no_jinja2(tmp_path: Path) -> None:
    """The point of it: a pipeline whose strings are all plain validates from an empty
    cache without importing jinja2 (it did for each string before)."""
    project = tmp_path / "project"
    (project / "pipelines").mkdir(parents=True)
    (project / "pipelines" / "plain.yaml").write_text(textwrap.dedent("""\
        apiVersion: scout/v1
        kind: Pipeline
        name: museums
        description: Museums of a city
        inputs:
          city: {type: place}
        phases:
          F0: {uses: task, produces: [task]}
          S1:
            uses: search
            needs: [task]
            chain: web
            with: {query: "museos en {{ task.city }}", extract: {record: candidate}}
            produces: [museums]
          S2:
            uses: search
            needs: [task, museums]
            for_each: museums
            as: museum
            chain: web
            with: {query: "{{ museum.name }} {{ task.city }} opening hours",
                   extract: {record: review}}
            produces: [reviews]
        """), encoding="utf-8")
    code = ("import sys, runpy\n"
            "sys.argv = ['scout', 'validate', 'pipelines/']\n"
            "try:\n"
            "    runpy.run_module('scout', run_name='__main__')\n"
            "except SystemExit as exc:\n"
            "    print('exit', exc.code, 'jinja2' in sys.modules)\n")
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(tmp_path),
           "SCOUTE_TEMPLATE_CACHE_DIR": str(tmp_path / "cache")}
    out = subprocess.run([sys.executable, "-c", code], cwd=project, env=env,
                         capture_output=True, text=True, check=False, timeout=120)
    assert "exit 0 False" in out.stdout, out.stdout + out.stderr
