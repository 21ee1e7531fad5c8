"""Report environments share compiled templates in-process and keep them on disk for the
next process (scout.report.codecache); an edited template recompiles."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from jinja2.bccache import bc_magic

from scout.report import render
from scout.spec import factcache


@pytest.fixture(autouse=True)
def _empty(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No compiled code in memory, and a cache folder of the test's own (empty)."""
    monkeypatch.delenv(factcache.OFF_ENV, raising=False)
    monkeypatch.setenv(factcache.CACHE_ENV, str(tmp_path / "cache"))
    render.forget_compiled()


def _count_compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    env_cls = type(render.make_report_env(Path("."), "en"))
    original = env_cls.compile

    def counting(self, source, name=None, filename=None, raw=False, defer_init=False):
        seen.append(name)
        return original(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(env_cls, "compile", counting)
    return seen


def test_a_second_mission_reuses_the_compiled_template(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "r.md.j2").write_text("{{ _('Sources') }}: {{ n | number }}\n")
    seen = _count_compiles(monkeypatch)
    first = render.make_report_env(tmp_path, "en").get_template("r.md.j2").render(n=1234)
    again = render.make_report_env(tmp_path, "en").get_template("r.md.j2").render(n=1234)
    assert seen == ["r.md.j2"]  # compiled once, for both missions
    assert first == again == "Sources: 1,234\n"


def test_languages_do_not_share_compiled_code(tmp_path: Path) -> None:
    """Jinja folds a filter on a literal at compile time: the code is per language."""
    (tmp_path / "r.md.j2").write_text("{{ _('Sources') }}: {{ 1234 | number }}\n")
    en = render.make_report_env(tmp_path, "en").get_template("r.md.j2").render()
    es = render.make_report_env(tmp_path, "es").get_template("r.md.j2").render()
    assert (en, es) == ("Sources: 1,234\n", "Fuentes: 1.234\n")


def test_an_edited_template_is_compiled_again(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "r.md.j2"
    path.write_text("old {{ x }}\n")
    assert render.make_report_env(tmp_path).get_template("r.md.j2").render(x=1) == "old 1\n"
    path.write_text("new {{ x }}\n")
    os.utime(path, (1, 1))
    seen = _count_compiles(monkeypatch)
    assert render.make_report_env(tmp_path).get_template("r.md.j2").render(x=1) == "new 1\n"
    assert seen == ["r.md.j2"]


def test_the_same_template_in_another_root_is_not_compiled_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each offline mission copies its kind's templates into a root of its own: one
    compile a process, and a render error still names this root's file and line."""
    from scout.report.locate import render_error_location

    roots = [tmp_path / "a", tmp_path / "b"]
    for root in roots:
        root.mkdir()
        (root / "r.md.j2").write_text("{{ _('Sources') }}\n{{ x.y.z }}\n")
    seen = _count_compiles(monkeypatch)
    where = []
    for root in roots:
        template = render.make_report_env(root, "en").get_template("r.md.j2")
        assert template.filename == str(root / "r.md.j2")
        with pytest.raises(Exception) as caught:
            template.render(x={})
        where.append(render_error_location(caught.value, "r.md.j2", root)[0])
    assert seen == ["r.md.j2"]
    assert [(w.file, w.line) for w in where] == [(str(r / "r.md.j2"), 2) for r in roots]


def test_a_filter_on_a_literal_is_each_missions_own(tmp_path: Path) -> None:
    """Compiled code is shared; a filter's answer on a literal is not (no constant folding:
    the rating scale and the project's words are each mission's)."""
    (tmp_path / "r.md.j2").write_text("{{ 8 | rating }} {{ 'wifi' | l10n }}\n")
    ten = render.make_report_env(tmp_path, "en").get_template("r.md.j2").render()
    hundred = render.make_report_env(tmp_path, "en", rating_scale=100).get_template(
        "r.md.j2").render()
    assert ten != hundred
    assert ten == render.make_report_env(tmp_path, "en").get_template("r.md.j2").render()


def _kept(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / "report-code").glob("*"))


def test_the_next_process_loads_the_code_from_disk(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI runs one mission a process: the next one does not compile again."""
    root = tmp_path / "root"
    root.mkdir()
    (root / "r.md.j2").write_text("{{ _('Sources') }}: {{ n | number }}\n")
    first = render.make_report_env(root, "es").get_template("r.md.j2").render(n=1234)
    assert len(_kept(tmp_path)) == 1
    render.forget_compiled()  # what a new process has in memory
    seen = _count_compiles(monkeypatch)
    again = render.make_report_env(root, "es").get_template("r.md.j2").render(n=1234)
    assert seen == []
    assert first == again == "Fuentes: 1.234\n"


@pytest.mark.parametrize("kept", [b"", b"not jinja's code", b"j2" + b"\x80" * 40,
                                  bc_magic + b"\x80\x02garbage", bc_magic])
def test_a_kept_file_that_is_not_jinjas_code_is_compiled_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kept: bytes) -> None:
    root = tmp_path / "root"
    root.mkdir()
    (root / "r.md.j2").write_text("{{ x }} {{ _('Sources') }}\n")
    render.make_report_env(root, "en").get_template("r.md.j2")
    [path] = _kept(tmp_path)
    path.write_bytes(kept)
    render.forget_compiled()
    seen = _count_compiles(monkeypatch)
    assert render.make_report_env(root, "en").get_template("r.md.j2").render(x=1) == "1 Sources\n"
    assert seen == ["r.md.j2"]
    render.forget_compiled()  # rewritten: the next process loads it
    assert render.make_report_env(root, "en").get_template("r.md.j2").render(x=2) == "2 Sources\n"
    assert seen == ["r.md.j2"]


def test_nothing_is_kept_with_the_cache_off(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(factcache.OFF_ENV, "1")
    (tmp_path / "r.md.j2").write_text("{{ x }}\n")
    seen = _count_compiles(monkeypatch)
    for _ in range(2):
        render.forget_compiled()
        assert render.make_report_env(tmp_path, "en").get_template("r.md.j2").render(x=1) == "1\n"
    assert seen == ["r.md.j2", "r.md.j2"] and _kept(tmp_path) == []


def test_a_cache_folder_that_cannot_be_written_only_costs_a_compile(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(factcache.CACHE_ENV, str(blocked))
    (tmp_path / "r.md.j2").write_text("{{ x }}\n")
    seen = _count_compiles(monkeypatch)
    for _ in range(2):
        render.forget_compiled()
        assert render.make_report_env(tmp_path, "en").get_template("r.md.j2").render(x=1) == "1\n"
    assert seen == ["r.md.j2", "r.md.j2"] and blocked.read_text() == "not a folder"
