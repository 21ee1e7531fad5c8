"""A filter called with arguments it cannot take is a validation error (SPEC057), located
like the validator's other errors: at the template's file:line, or at the YAML field of an
expression; the hint shows how the filter is called. Checked from each filter's
signature (scout's and Jinja's own) and the rules a filter declares (``arg_rule``)."""

from __future__ import annotations

import json
import shutil
import types
from pathlib import Path

import pytest

from scout.spec.filtersig import call_problem, shown
from scout.spec.templating import analyse
from tests.author.helpers import ROOT, run

USED_CARS = ROOT / "examples" / "used-cars"


@pytest.fixture()
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(USED_CARS, tmp_path / "used-cars")
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path / "used-cars"))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    return tmp_path / "used-cars"


def _validate(project: Path) -> tuple[int, list[dict]]:
    code, out, _ = run("validate", "--format", "json", str(project / "pipelines"))
    return code, [p for f in json.loads(out)["files"] for p in f["problems"]]


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def _problem(expr: str) -> str | None:
    found = [call_problem(name, call) for name, call in analyse(expr, expression=True).calls]
    return next((f for f in found if f), None)


def test_stated_without_a_unit_in_a_rank_where(project: Path) -> None:
    spec = project / "pipelines" / "used_cars.yaml"
    _edit(spec, "car | stated('km') <= task.max_km", "car | stated() <= task.max_km")
    code, problems = _validate(project)
    [p] = [p for p in problems if p["code"] == "SPEC057"]
    line = next(i for i, row in enumerate(spec.read_text().splitlines(), 1) if "stated()" in row)
    assert code == 2 and p["file"].endswith("used_cars.yaml") and p["line"] == line
    assert "'stated'" in p["message"] and 'stated("km")' in p["message"]
    assert p["hint"].startswith("call it as stated(*units, pick='max', of=None, not_of=None)")


def test_bad_filter_calls_in_a_report_template(project: Path) -> None:
    tmpl = project / "templates" / "used_cars_report.md.j2"
    _edit(tmpl, '{% set km = c | stated("km") %}',
          '{% set km = c | stated("km", pick="median") %}{{ c.name | truncate(9, true, "…", 0, 1) }}'
          '{{ [km] | map("round", "x") | list }}')
    line = next(i for i, row in enumerate(tmpl.read_text().splitlines(), 1) if "median" in row)
    code, problems = _validate(project)
    found = sorted((p["message"].split(": ", 1)[1], p["line"], p["file"]) for p in problems
                   if p["code"] == "SPEC057")
    assert code == 2 and [f[1:] for f in found] == [(line, str(tmpl))] * 3
    assert "'precision' must be a number, not 'x'" in found[0][0]  # the filter map names
    assert "pick must be one of max, min, first, not 'median'" in found[1][0]
    assert "too many positional arguments" in found[2][0]


@pytest.mark.parametrize("expr,wrong", [
    ("c | stated()", 'name at least one unit, e.g. stated("km")'),
    ("c | stated('')", "a unit cannot be empty"),
    ("c | stated('km', pick='avg')", "pick must be one of max, min, first, not 'avg'"),
    ("c | stated('km', pik='min')", "unexpected keyword argument 'pik' (did you mean 'pick'?)"),
    ("c | mentions(['a'], evry=false)", "unexpected keyword argument 'evry' (did you mean 'every'?)"),
    ("c | mentions", "needs the argument 'words'"),
    ("x | number('two')", "'digits' must be a number or none, not 'two'"),
    ("x | money(1, 'EUR', 3)", "too many positional arguments"),
    ("x | rating(scale='10')", "'scale' must be a number or none, not '10'"),
    ("x | rating(7)", "7 is not a rating scale (one of 5, 10, 100, or none for the kind's)"),
    ("x | rating(scale=50)", "50 is not a rating scale"),
    ("x | shorten(width=none)", "'width' must be a number, not None"),
    ("x | l10n(lang='es')", "'lang' is set by scout, not by the template"),
    ("x | replace('a')", "needs the argument 'new'"),           # Jinja's own filters too
    ("x | join(', ', 'name', 3)", "too many positional arguments"),
    ("x | value('yaer')", "'yaer' is not an input type"),
    # a filter named to map is called with map's other arguments and every keyword
    ("x | map('round', 'x')", "'precision' must be a number, not 'x'"),
    ("x | map('replace', 'a') | list", "needs the argument 'new'"),
    ("x | map('stated') | list", 'name at least one unit, e.g. stated("km")'),
    ("x | map('truncate', 9, tru=true)", "unexpected keyword argument 'tru'"),
])
def test_wrong_calls(expr: str, wrong: str) -> None:
    assert wrong in (_problem(expr) or "")


@pytest.mark.parametrize("expr", [
    "c | stated('km')", "c | stated('año', 'year', pick='min')", "c | stated(task.unit)",
    "c | stated(*units)", "c | stated('km', pick=task.pick)", "c | mentions(task.features)",
    "c | mentions(['a'], every=false)", "x | number", "x | number(1)", "x | money(0)",
    "x | value('money')", "x | value('year')", "x | value(task.types[name])", "x | replace('a', 'b')", "x | join(', ')", "'%s' | format(x)",
    "x | map('upper') | list", "x | truncate(9)", "x | default('—')", "x | round(1, 'floor')",
    "x | rating(100)", "x | rating(scale=5)", "x | rating(task.scale)", "x | rating(none)",
    "x | map('round', 1) | list", "x | map('replace', '_', ' ')", "x | map('stated', 'km')",
    "x | map(attribute='price') | list", "x | map('round', method='floor') | list",
])
def test_right_calls_pass(expr: str) -> None:
    assert _problem(expr) is None


def test_hint_shows_the_call_without_what_scout_binds() -> None:
    assert shown("stated") == "stated(*units, pick='max', of=None, not_of=None)"
    assert shown("number") == "number(digits=None)"          # lang: bound by the report
    assert shown("replace") == "replace(old, new, count=None)"


def test_a_huge_number_literal_is_a_syntax_problem_not_a_crash() -> None:
    from scout.spec.templating import JinjaCheckError

    with pytest.raises(JinjaCheckError, match="literal Jinja cannot read"):
        analyse("x | number(" + "9" * 5000 + ")", expression=True)
    assert _problem("x | number(" + "9" * 30 + ")") is None  # big, but only known as a value


def test_a_c_function_filter_gets_the_signature_inspect_reads() -> None:
    """Jinja's length/count (len) and abs are C functions: their signature is read from
    ``__text_signature__`` without inspect's tokenize; it must be what inspect says."""
    import inspect

    from jinja2.defaults import DEFAULT_FILTERS

    from scout.spec import filtersig

    builtins = {n: f for n, f in DEFAULT_FILTERS.items()
                if isinstance(f, types.BuiltinFunctionType)}
    assert {"length", "count", "abs"} <= set(builtins)
    for name, fn in builtins.items():
        found = filtersig._signature(name)
        assert found is not None
        expected = list(inspect.signature(fn).parameters.values())[1:]
        assert list(found[0].parameters.values()) == expected, name
        assert found[1] is False
    [(_, call)] = analyse("items | length(3)", expression=True).calls
    assert call_problem("length", call) == "too many positional arguments"
    [(_, call)] = analyse("items | length", expression=True).calls
    assert call_problem("length", call) is None


def test_the_cache_of_answers_depends_on_every_module_that_defines_a_filter() -> None:
    """What call_problem() said is kept on disk, keyed by the code that decides it: every
    module a scout filter (and its argument rule) is written in must be in the key, or an
    edited rule is answered from the old one."""
    import inspect

    from scout.spec.factcache import module_file
    from scout.spec.filters import FILTERS
    from scout.spec.filtersig import FILTER_MODULES

    keyed = {module_file(m) for m in FILTER_MODULES}
    for name, fn in FILTERS.items():
        assert inspect.getsourcefile(fn) in keyed, name
        rule = getattr(fn, "arg_rule", None)
        if rule is not None:
            assert inspect.getsourcefile(rule) in keyed, name


@pytest.mark.parametrize("expr, bad", [
    ("x | money('€')", "'€' is no currency"),
    ("x | money(0, 'euros')", "'euros' is no currency"),
    ("x | money(currency='US$')", "'US$' is no currency"),
    ("x | money(1, 2)", "'currency' must be none or text"),
    ("x | money('EUR', 'USD')", "name one currency"),
    ("x | money('EUR')", None),
    ("x | money(2, 'usd')", None),
    ("x | money(currency=c.price.currency)", None),     # known at run time
    ("x | money(0)", None),
])
def test_money_names_a_currency_by_its_code(expr: str, bad: str | None) -> None:
    problem = _problem(expr)
    assert (problem is None) if bad is None else (problem is not None and bad in problem)
