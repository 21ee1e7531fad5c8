"""An input's ``pattern`` and an extract step's regexes are checked by compiling them
(scout.spec.regexcheck), and the answer is kept in the fact cache: a later process gets
the same answer without compiling, and what it reads back is untrusted."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scout.spec import factcache, regexcheck

PATTERNS = [r"^[a-z]+$", r"(?i)\b(best|top)\b.*", "(unclosed", "a{2,1}", r"(?<=a+)b",
            "[z-a]", r"\p{L}", "x" * 3000]


def _re_answer(pattern: str) -> str | None:
    try:
        re.compile(pattern)
        return None
    except re.error as exc:
        return str(exc)


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv(factcache.OFF_ENV, raising=False)
    monkeypatch.setenv(factcache.CACHE_ENV, str(tmp_path / "cache"))
    factcache.flush()
    regexcheck.regex_error.cache_clear()
    yield tmp_path / "cache"
    factcache.flush()
    regexcheck.regex_error.cache_clear()


def _new_process() -> None:
    factcache.flush()
    regexcheck.regex_error.cache_clear()


@pytest.mark.parametrize("pattern", PATTERNS)
def test_the_answer_is_re_s_own_fresh_and_from_the_cache(cache: Path, pattern: str) -> None:
    expected = _re_answer(pattern)
    assert regexcheck.regex_error(pattern) == expected
    _new_process()
    compiled: list[str] = []
    real = re.compile
    try:
        re.compile = lambda p, *a: compiled.append(p) or real(p, *a)  # type: ignore[assignment]
        assert regexcheck.regex_error(pattern) == expected
    finally:
        re.compile = real  # type: ignore[assignment]
    assert compiled == []  # answered from the cache: nothing compiled again


def test_check_regex_raises_with_re_s_message(cache: Path) -> None:
    assert regexcheck.check_regex("a+") == "a+"
    with pytest.raises(ValueError, match=r"'\(unclosed' is not a valid regular expression: "
                                         r"missing \), unterminated subpattern"):
        regexcheck.check_regex("(unclosed")


def test_a_tampered_entry_is_a_miss_not_an_answer(cache: Path) -> None:
    assert regexcheck.regex_error("(bad") is not None
    _new_process()
    pack = cache / "regex" / factcache.PACK_NAME
    doc = json.loads(pack.read_text())
    for key in doc["entries"]:  # an answer of another shape
        doc["entries"][key] = {"error": 0}
    pack.write_text(json.dumps(doc))
    assert regexcheck.regex_error("(bad") == _re_answer("(bad")


def test_an_entry_saying_ok_is_only_used_for_its_own_text(cache: Path) -> None:
    assert regexcheck.regex_error("fine") is None
    _new_process()
    assert regexcheck.regex_error("(fine") == _re_answer("(fine")


def test_the_validator_reports_a_bad_input_pattern(cache: Path, tmp_path: Path) -> None:
    from scout.validate import validate_file

    spec = tmp_path / "p.yaml"
    spec.write_text(Path(__file__).with_name("invalid").joinpath("with_bad_regex.yaml")
                    .read_text())
    for _ in range(2):  # fresh, then answered from the cache
        report = validate_file(spec)
        assert any("not a valid regular expression" in p.message for p in report.problems)
        _new_process()


@pytest.mark.parametrize("pattern", [
    r"(a+)+$", r"(\w+\s?)+$", r"(x*)*", r"(?:x+)+y", r"((a+)b?)+", r"(.*)*x", r"(a|(b+))+",
    r"^(\d+)*$", r"(?:\s*\w+\s*)+:", r"(a+){20}", r"(a{2,3})+"])
def test_a_group_that_repeats_its_own_repeat_is_refused(cache: Path, pattern: str) -> None:
    # run over a provider's title, "(\w+\s?)+$" took 2.6 s on 22 letters and a "!", and
    # doubles with each letter more: the kind's search step never ended
    with pytest.raises(ValueError, match="would hang on some texts"):
        regexcheck.check_regex(pattern)
    _new_process()
    with pytest.raises(ValueError, match="would hang on some texts"):  # from the cache
        regexcheck.check_regex(pattern)


@pytest.mark.parametrize("pattern", [
    r"(\.\w+)*", r"(\w+\s)+", r"\w+(\s\w+)*", r"(\w+\s?)++", r"(?>(\w+\s?)+)", r"a+b+",
    r"(ab)+", r"(a{2})+", r"(x?)+", r"\s*[-|–]\s*(Amazon(\.\w+)*|PcComponentes)\s*$",
    r"(?i)\b(best|top|\d+ (laptops|portátiles))\b", r"(?:\d{1,3}(?:[.,]\d{3})+)"])
def test_repeats_that_each_need_something_of_their_own_are_kept(cache: Path,
                                                                 pattern: str) -> None:
    assert regexcheck.check_regex(pattern) == pattern
