"""What authors who wrote a kind from the docs alone tripped on in a report template,
caught by ``scout validate`` before a mission is paid for: a ``{% set %}`` inside a loop
meant for after it (SPEC088), a constant past the sandbox's bounds (SPEC070, else RUN020
at run time), ``map('gettext')`` (SPEC053, whose hint names ``map('l10n')``), and a
SPEC059 located at its ``_()`` call and named from the current folder, as the pipeline's
problems are; a template too deep for Jinja's parser (SPEC050, not an internal error)."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.author.helpers import ROOT, run

SLIPS = """
{% set seen = [] %}
{% for c in shortlist.items %}{% set seen = seen + [c] %}{% endfor %}
{{ seen | length }}
{{ 'a' * 10**9 }}
{{ range(10**9) | list }}
{{ task.features | map('gettext') | join(', ') }}
{{ task.features | map('l10n') | join(', ') }}
| {{ _("price") }} | {{ _("the listed car") }} |
"""


@pytest.fixture(scope="module")
def validated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, list[dict]]]:
    """The used-cars kind with SLIPS at the end of its template, validated from inside
    the project (``scout validate pipelines``); its problems."""
    project = tmp_path_factory.mktemp("slips") / "used-cars"
    shutil.copytree(ROOT / "examples" / "used-cars", project)
    tmpl = project / "templates" / "used_cars_report.md.j2"
    tmpl.write_text(tmpl.read_text() + SLIPS)
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(project)
        mp.setenv("SCOUTE_RESEARCH_ROOT", str(project))
        mp.delenv("SCOUTE_CONFIG", raising=False)
        code, out, _ = run("validate", "--format", "json", "pipelines")
    assert code == 2  # the bombs are errors
    yield project, [p for f in json.loads(out)["files"] for p in f["problems"]]


def _at(project: Path, written: str) -> int:
    lines = (project / "templates" / "used_cars_report.md.j2").read_text().splitlines()
    return next(i for i, row in enumerate(lines, 1) if row == written)


def test_a_set_a_loop_keeps_is_a_located_warning(validated: tuple[Path, list[dict]]) -> None:
    project, problems = validated
    [p] = [p for p in problems if p["code"] == "SPEC088"]
    line = _at(project, "{% for c in shortlist.items %}{% set seen = seen + [c] %}{% endfor %}")
    assert p["severity"] == "warning" and p["line"] == line
    assert p["col"] == len("{% for c in shortlist.items %}{% set ") + 1  # at 'seen'
    assert f"line {line - 1} set" in p["message"] and "for loop" in p["message"]
    assert "namespace(seen=" in p["hint"] and "ns.seen" in p["hint"]


def test_constant_bombs_of_a_report_template_are_errors(
        validated: tuple[Path, list[dict]]) -> None:
    project, problems = validated
    bombs = {p["line"]: p for p in problems if p["code"] == "SPEC070"}
    assert set(bombs) == {_at(project, "{{ 'a' * 10**9 }}"),
                          _at(project, "{{ range(10**9) | list }}")}
    assert all(p["severity"] == "error" for p in bombs.values())
    assert "range() of more than 100,000 items" in bombs[max(bombs)]["message"]


def test_map_gettext_names_the_filter_that_translates_each(
        validated: tuple[Path, list[dict]]) -> None:
    project, problems = validated
    [p] = [p for p in problems if p["code"] == "SPEC053"]
    assert "'gettext'" in p["message"] and "map('l10n')" in p["hint"]
    # map('l10n') is known (no SPEC053), and writes the reader's words (below)
    assert p["line"] == _at(project, "{{ task.features | map('gettext') | join(', ') }}")


def test_spec059_is_at_its_call_and_named_as_the_pipeline_is(
        validated: tuple[Path, list[dict]]) -> None:
    project, problems = validated
    [p] = [p for p in problems if p["code"] == "SPEC059"]
    written = '| {{ _("price") }} | {{ _("the listed car") }} |'
    assert p["line"] == _at(project, written)
    assert written[p["col"] - 1:].startswith('_("the listed car")')
    assert p["file"] == os.path.join("templates", "used_cars_report.md.j2")
    assert p["hint"].endswith(os.path.join("locales", "es", "LC_MESSAGES", "messages.po"))
    assert not p["hint"].split(" to ")[-1].startswith("/")
    files = {q["file"] for q in problems}
    assert not [f for f in files if os.path.isabs(f)]


@pytest.mark.parametrize("lang, shown", [("es", "cambio automático, navegador, precio"),
                                         ("en", "automatic, navigation, price")])
def test_map_l10n_writes_each_word_of_a_list_in_the_readers_language(
        validated: tuple[Path, list[dict]], lang: str, shown: str) -> None:
    """The kind's catalog (its enum words), then scout's (``price``), as ``_()`` reads."""
    from scout.report.render import make_report_env

    project, _ = validated
    (project / "templates" / "each.md.j2").write_text("{{ xs | map('l10n') | join(', ') }}")
    env = make_report_env(project / "templates", lang)
    assert env.get_template("each.md.j2").render(
        xs=["automatic", "navigation", "price"]) == shown


@pytest.mark.parametrize("line, msgid, at", [
    ('| {{ _("car") }} | {{ _("price") }} |', "price", '_("price")'),
    ("{{ pgettext('menu', 'Open') }} {{ gettext('Open') }}", "Open", "pgettext("),
    ("{{ x }} {% trans n=1 %}{{ n }} car{% endtrans %}", "%(n)s car", "trans n=1"),
    ("{{ ngettext(", "%(num)d car", "ngettext("),  # its literals on the next lines
])
def test_a_msgid_is_located_at_its_call(line: str, msgid: str, at: str) -> None:
    from scout.report.locate import msgid_column

    assert line[msgid_column(line, msgid) - 1:].startswith(at)


def test_a_template_nested_too_deep_to_parse_is_spec050_not_an_internal_error() -> None:
    """Jinja's parser recurses (about 90 brackets deep): validate said "internal error"."""
    from scout.validate.templates import TemplateSyntax, template_facts

    source = "# title\n{{ " + "(" * 300 + "1" + ")" * 300 + " }}\n"
    with pytest.raises(TemplateSyntax) as err:
        template_facts(source, name="deep.md.j2", filename="deep.md.j2")
    assert err.value.lineno == 2 and "nested too deeply" in (err.value.message or "")


def test_each_bomb_among_many_constants_is_found_at_its_line() -> None:
    """The constants are rendered together, then halved down to the ones that fail: a
    ``1/0`` beside them is left to run time, each bomb is said at its own line."""
    from scout.spec.templating import analyse

    source = ("{{ 2 * 3 }}\n" * 50 + "{{ 1 / 0 }}\n{{ 'a' * 10**9 }}\n"
              + "{{ [4] * 5 }}\n" * 50 + "{{ range(10**9) | list }}\n")
    assert [line for _, line in analyse(source).bombs] == [52, 103]
