"""An author's pattern can never hang a run: the shapes whose backtracking explodes are
refused by ``scout validate`` (scout.spec.regexcheck), and any pattern that still runs
past its time on a text is stopped with an error naming its place (scout.spec.saferegex);
a phase's templates and expressions share one CPU budget (scout.spec.sandbox)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from jinja2 import TemplateError

from scout.errors import TemplateLimit
from scout.spec import factcache, regexcheck, saferegex, sandbox

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.delenv(factcache.OFF_ENV, raising=False)
    monkeypatch.setenv(factcache.CACHE_ENV, str(tmp_path / "cache"))
    factcache.flush()
    regexcheck.regex_error.cache_clear()
    yield
    factcache.flush()
    regexcheck.regex_error.cache_clear()


HOSTILE = [
    r"(x+x+)+y",              # two repeats of one character, side by side, repeated
    r"(.*a){12}x",            # a count of an ambiguous body: length ** 12
    r"(a|a)*b",               # alternatives that match the same text
    r"^(a|aa)+$",             # alternatives of other lengths that start alike
    r"(b|bb|bbb)*c",
    r"(\w+\s?)+$",
    r"([a-z]+[a-z0-9]+)+$",   # classes that overlap
    r"(\d+\.?\d*)+%",
    r"(?:[\w.-]+\s*)+@",
    r"(ab|[a-z]b)+c",
    r"(?i)(?:Hotel|HOTEL)+!",  # one word in two cases, matched case-blind
    r"(x?x?)+y",
    r"(?:\s*,?\s*\w+)+;",
    r"(.*){1,32000}[bc]",
    r"(?:.*,){8}Z",
]


@pytest.mark.parametrize("pattern", HOSTILE)
def test_a_pattern_that_backtracks_without_end_is_refused(pattern: str) -> None:
    with pytest.raises(ValueError, match="would hang on some texts"):
        regexcheck.check_regex(pattern)


KEPT = [
    r"(\.\w+)*", r"(\w+\s)+", r"\w+(\s\w+)*", r"(\w+\s?)++", r"(?>(\w+\s?)+)",
    r"(a|ab)*c",  # one way through each text: the b decides
    r"(?:Tripadvisor|TheFork)+", r"(\w|\d)+$",  # re reads one class of both
    r"(?:[-+]?\d+,)+", r"\s*[-|–]\s*(?:Booking\.com|Expedia)\s*$",
    r"(?:\bno|\bsin)\s+(?P<value>[A-Z][\w-]+(?:\s*(?:,|\bni\b|\by\b)\s*[A-Z][\w-]+)*)",
    r"(?i)\b(?:best|top|mejores)\s+\d+\b", r"(?:[^,]*,){8}Z",  # the comma ends each
]


@pytest.mark.parametrize("pattern", KEPT)
def test_real_patterns_are_kept(pattern: str) -> None:
    assert regexcheck.check_regex(pattern) == pattern


def _shipped() -> list[str]:
    found: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            for key, value in x.items():
                if key == "pattern" and isinstance(value, str):
                    found.add(value)
                elif key in ("strip_patterns", "exclude_patterns") and isinstance(value, list):
                    found.update(v for v in value if isinstance(v, str))
                else:
                    walk(value)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for folder in ("examples", "pipelines"):
        for path in sorted((ROOT / folder).rglob("*.yaml")):
            try:
                for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")):
                    walk(doc)
            except yaml.YAMLError:
                continue
    return sorted(found)


def test_every_shipped_pattern_is_kept() -> None:
    shipped = _shipped()
    assert len(shipped) > 40  # the walk found the kinds' patterns
    refused = {p: regexcheck.regex_error(p) for p in shipped}
    assert {p: e for p, e in refused.items() if e is not None} == {}


@pytest.mark.parametrize("pattern, text", [
    (r"^(a|aa)+$", "a" * 60 + "!"),
    (r"(.*){1,32000}[bc]", "a" * 40),
    (r"^(\w|\w\w)+$", "ab" * 30 + "-"),
])
def test_a_pattern_past_its_time_is_stopped_naming_its_place(
        pattern: str, text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # a kind checked before these shapes were known (or one no check sees) still runs them
    monkeypatch.setattr(saferegex, "MATCH_SECONDS", 0.2)
    saferegex._compiled.cache_clear()
    start = time.monotonic()
    with pytest.raises(saferegex.PatternTimeout) as err:
        saferegex.search(pattern, text, where="extract.exclude_patterns[3]")
    assert time.monotonic() - start < 10
    assert err.value.code == "RUN024" and err.value.hint
    assert "extract.exclude_patterns[3]" in str(err.value) and repr(pattern) in str(err.value)


def test_extract_and_the_request_parser_stop_a_slow_pattern(monkeypatch: pytest.MonkeyPatch,
                                                            ) -> None:
    from scout.schemas.sources import Source
    from scout.spec.models import InputSpec
    from scout.stepkit.params import ExtractRules
    from scout.steps.extract import clean_name, excluded
    from scout.task.parser import parse_query

    monkeypatch.setattr(saferegex, "MATCH_SECONDS", 0.2)
    slow = r"^(\w|\w\w)+$"
    rules = ExtractRules.model_construct(**{**ExtractRules().__dict__,
                                            "strip_patterns": [r"\s*-\s*Booking$", slow]})
    with pytest.raises(saferegex.PatternTimeout, match=r"extract\.strip_patterns\[1\]"):
        clean_name("ab" * 30 + "-", rules)
    rules = ExtractRules.model_construct(**{**ExtractRules().__dict__, "exclude_patterns": [slow]})
    src = Source(title="ab" * 30 + "-", url="https://example.org/x", snippet="")
    with pytest.raises(saferegex.PatternTimeout, match=r"extract\.exclude_patterns\[0\]"):
        excluded(src, rules)
    inputs = {"brand": InputSpec.model_construct(**{**InputSpec(type="string").__dict__,
                                                    "pattern": r"(\w|\w\w)+\s*$"})}
    with pytest.raises(saferegex.PatternTimeout, match=r"inputs\.brand\.pattern"):
        parse_query("hoteles baratos " + "ab" * 30 + "?", inputs)


def test_the_same_patterns_read_the_same_values() -> None:
    # what the bounded run finds is what re finds: values, spans, groups
    import re
    for pattern, text in [(r"(?P<value>\d+)\s*(?:€|eur)", "hasta 200 € o 300 eur"),
                          (r"(?i)\b(best|top) \d+\b", "Top 10 hotels - Best 5"),
                          (r"\s*[-|]\s*(Tripadvisor|TheFork).*$", "Casa Lucio - TheFork, Madrid")]:
        assert [(m.span(), m.groups()) for m in saferegex.finditer(pattern, text, re.I, where="x")] \
            == [(m.span(), m.groups()) for m in re.finditer(pattern, text, re.I)]
        assert saferegex.sub(pattern, "", text, where="x") == re.sub(pattern, "", text)
    with pytest.raises(re.error):
        saferegex.search("(unclosed", "x", where="x")


def _cpu_seconds(fn: Any) -> float:
    """The most CPU one call of ``fn`` takes in this thread (of three): a budget for
    several calls is set from it, since the same call takes 0.15 s on an idle machine and
    twice that on a loaded one (a fixed budget near one call's cost was spent by the
    first call under load)."""
    spent = []
    for _ in range(3):
        start = time.thread_time()
        fn()
        spent.append(time.thread_time() - start)
    return max(spent)


def test_a_phase_s_expressions_share_one_budget() -> None:
    from scout.orchestrator.scope import evaluate
    # each evaluation is well inside its own 30 s; together they pass the phase's budget
    slow = "range(90000) | map('string') | list | length"
    budget = round(4 * _cpu_seconds(lambda: evaluate(slow, {})), 3)
    done = 0
    with pytest.raises(sandbox.PhaseTimeSpent) as err, sandbox.phase_budget(budget):
        for _ in range(10_000):
            evaluate(slow, {}, where="phase 'rank': ")
            done += 1
    # stopped by the budget shared by the evaluations: past one, long before 10,000
    assert 1 <= done < 100
    assert isinstance(err.value, TemplateLimit) and err.value.code == "RUN020"
    # rank reads a Jinja error as "could not check" and goes on: this one ends the phase
    assert not isinstance(err.value, TemplateError)
    assert f"{budget:g} s of CPU in all" in str(err.value)
    # outside a phase (and in the next one) the budget is each render's own again
    assert evaluate("1 + 1", {}) == 2
    with sandbox.phase_budget(budget):
        assert evaluate(slow, {}) == 90000


def test_a_phase_s_budget_stops_a_rank_where_over_many_records() -> None:
    from scout.spec.templating import make_env
    env = make_env()
    where = env.compile_expression("range(90000) | map('string') | list | length > 5",
                                   undefined_to_none=False)
    budget = 4 * _cpu_seconds(where)
    seen = 0
    with pytest.raises(sandbox.PhaseTimeSpent), sandbox.phase_budget(budget):
        for _ in range(10_000):
            try:
                where()
            except (TemplateError, TypeError, AttributeError, ValueError):
                pytest.fail("the budget spent is no 'could not check'")
            seen += 1
    # records were ranked until the budget they share was spent, not one record's own
    assert 1 <= seen < 100
