"""scout.lazyre: a module-level pattern is compiled when first used and then reads as the
compiled one; every such pattern in scout compiles (a typo fails here, not in a user's
run, as it failed at import before)."""

from __future__ import annotations

import copy
import importlib
import re
from pathlib import Path

import pytest

from scout.lazyre import _LazyPattern, lazy_re

SCOUT = Path(__file__).resolve().parents[1] / "scout"


def test_nothing_is_compiled_until_first_use(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, int]] = []
    real = re.compile
    monkeypatch.setattr(re, "compile", lambda p, f=0: calls.append((p, f)) or real(p, f))
    word = lazy_re(r"(?P<w>[a-z]+)(?=\d)", re.I)
    assert calls == []
    assert word.search("-- Abc1")["w"] == "Abc"  # type: ignore[index]
    assert word.sub(lambda m: m[0].upper(), "ab1 cd") == "AB1 cd"
    assert (word.pattern, word.flags & re.I, word.groupindex["w"]) == (
        r"(?P<w>[a-z]+)(?=\d)", re.I, 1)
    assert calls == [(r"(?P<w>[a-z]+)(?=\d)", re.I)]  # once, whatever is read after


def test_it_reads_as_the_compiled_pattern() -> None:
    text = "Madrid\x00hotel, 2 noches"
    for pattern, flags in ((r"[\x00-\x08]", 0), (r"\b(\w)(\w*)\b", re.U), (r"NOCHES", re.I)):
        lazy, real = lazy_re(pattern, flags), re.compile(pattern, flags)
        assert lazy.sub("-", text) == real.sub("-", text)
        assert lazy.findall(text) == real.findall(text)
        assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in real.finditer(text)]
        assert lazy.split(text) == real.split(text)


def test_a_bad_pattern_fails_when_used_and_copying_compiles_nothing() -> None:
    bad = lazy_re(r"(unclosed")
    assert "unclosed" in repr(copy.copy(bad))
    with pytest.raises(re.error):
        bad.search("x")


def _modules_with_lazy_patterns() -> list[str]:
    return sorted(".".join(p.relative_to(SCOUT.parent).with_suffix("").parts).removesuffix(
        ".__init__") for p in SCOUT.rglob("*.py")
        if "lazy_re(" in p.read_text(encoding="utf-8") and p.name != "lazyre.py")


def test_every_lazy_pattern_in_scout_compiles() -> None:
    modules = _modules_with_lazy_patterns()
    assert "scout.config.headers" in modules and "scout.termsafe" in modules
    seen = 0
    for name in modules:
        module = importlib.import_module(name)
        patterns = [v for v in vars(module).values() if isinstance(v, _LazyPattern)]
        patterns += [v for value in vars(module).values() if isinstance(value, tuple)
                     for item in value if isinstance(item, tuple)
                     for v in item if isinstance(v, _LazyPattern)]
        assert patterns, f"{name} writes lazy_re but holds no pattern at module level"
        for pattern in patterns:
            re.compile(*pattern._args)
            seen += 1
    assert seen >= 50


def test_a_run_time_pattern_is_compiled_once_whatever_else_is_compiled() -> None:
    """``compiled`` keeps its patterns when more than Python's own cache holds (512)
    are compiled in between: a mission's patterns built from a pipeline's words are
    compiled once a process, not once a mission."""
    from scout.lazyre import compiled

    word = compiled(r"(?<!\w)caf[eé]s?(?!\w)", re.IGNORECASE)
    for n in range(2000):  # another mission's words, through re's own cache
        re.compile(rf"(?<!\w)w{n}(?!\w)")
        compiled(rf"(?<!\w)v{n}(?!\w)")
    assert compiled(r"(?<!\w)caf[eé]s?(?!\w)", re.IGNORECASE) is word
    assert word.findall("Café o cafés, no cafetería") == ["Café", "cafés"]
