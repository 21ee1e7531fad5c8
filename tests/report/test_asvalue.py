"""A value a Markdown report template writes reads as written (scout/report/asvalue.py):
a table row's value stays in its cell, no value starts emphasis or a www. autolink,
whether or not the kind's template remembered ``md_cell``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from scout.report.asvalue import as_written, table_cell
from scout.report.render import make_report_env
from scout.spec.filters import md_cell

TITLES = ["Casa Bonay | Booking.com", "two\nlines | and\r\nmore", "ends in a backslash \\",
          "a \\| b", "a \\\\| b", "| leading", "trailing |"]


def _cells(md: str) -> list[list[str]]:
    """The rows of the first table markdown-it finds in ``md``, as cell texts."""
    html = MarkdownIt("commonmark").enable("table").render(md)
    body = html.split("<tbody>", 1)[1] if "<tbody>" in html else ""
    return [re.findall(r"<td>(.*?)</td>", row, re.S) for row in body.split("</tr>")[:-1]]


def _render(tmp_path: Path, source: str, **context: object) -> str:
    (tmp_path / "kind.md.j2").write_text(source)
    return make_report_env(tmp_path).get_template("kind.md.j2").render(**context)


@pytest.mark.parametrize("title", TITLES)
def test_a_value_in_a_table_row_stays_in_its_cell(tmp_path: Path, title: str) -> None:
    md = _render(tmp_path, "| name | site |\n|---|---|\n"
                 "{% for c in cs %}\n| {{ c.title }} | {{ c.site }} |\n{% endfor %}\n",
                 cs=[{"title": title, "site": "x"}, {"title": "b", "site": "y"}])
    rows = _cells(md)
    assert [len(r) for r in rows] == [2, 2], md
    assert rows[0][0] == " ".join(title.replace("\r", "").split()).strip() or "\\" in title
    assert rows[0][1] == "x" and rows[1] == ["b", "y"], md


def test_what_the_template_composes_keeps_its_pipes_and_lines(tmp_path: Path) -> None:
    """A row the template builds (``join(" | ")``, a macro's cells, a translated header)
    and a value outside a table are not made one cell."""
    md = _render(tmp_path, '{% macro two(a) %}{{ a }} | {{ a }}{% endmacro %}'
                 '| a | b | c | d |\n|---|---|---|---|\n'
                 '| {{ cells | join(" | ") }} | {{ two("m") }} |\n\n{{ text }}\n',
                 cells=["x", "y"], text="line one\n\nline | two")
    assert _cells(md) == [["x", "y", "m", "m"]], md
    assert md.endswith("line one\n\nline | two\n")


@pytest.mark.parametrize("text", ["__init__", "gpt*4o*mini", "**bold** claim", "~~gone~~",
                                  "_private_ field", "see www.example.com/x", "a *b*",
                                  "book at https://phish.example/login now"])
def test_no_value_starts_emphasis_or_a_www_link(tmp_path: Path, text: str) -> None:
    md = _render(tmp_path, "- {{ v }}\n| {{ v }} |\n|---|\n", v=text)
    html = MarkdownIt("commonmark").enable("table").enable("strikethrough").render(md)
    assert not any(tag in html for tag in ("<em>", "<strong>", "<s>", "<del>")), html
    assert "www." not in md.replace("www\\.", "") and "https://" not in md  # no autolink
    assert html.count(text.replace("*", "*")) == 2, html  # shown as written, twice


@pytest.mark.parametrize("text", ["TAVILY_API_KEY not set", "5 * 4 = 20", "gpt-4o_mini_2024",
                                  "https://ex.com/a_b*c", "photos/ab_cd.jpg", "#src-1"])
def test_what_cannot_be_markdown_is_left_as_it_is(text: str) -> None:
    """The raw Markdown, which an agent reads, gains no backslash it does not need."""
    assert as_written(text) == text


@pytest.mark.parametrize("text", TITLES + ["__init__", "www.x.com"])
def test_the_rules_are_idempotent_and_agree_with_md_cell(text: str) -> None:
    assert "www." not in md_cell(text).replace("www\\.", "")  # md_cell links nothing either
    once = table_cell(as_written(text))
    assert table_cell(as_written(once)) == once
    assert table_cell(md_cell(text)) == md_cell(text)


def test_safe_and_scouts_markup_keep_their_markdown(tmp_path: Path) -> None:
    from markupsafe import Markup

    md = _render(tmp_path, "{{ m }} {{ s | safe }}", m=Markup("**own**"), s="*vouched*")
    assert md == "**own** *vouched*"


def test_the_dag_scout_draws_keeps_its_mermaid() -> None:
    """The mermaid block is Markdown scout built: its names are written as they are."""
    from markupsafe import Markup

    from scout.report.context import MissionView

    view = MissionView(mission_id="m", pipeline="p",
                       mermaid='flowchart LR\n    F1["F1: search x_ [succeeded]"]\n'
                               '    F1 -->|_raw_| F2')
    said = view.mermaid_in("es")
    assert isinstance(said, Markup) and "x_ " in said and "|_raw_|" in said


def test_trans_blocks_includes_and_raw_text_still_render(tmp_path: Path) -> None:
    (tmp_path / "part.md.j2").write_text("| {{ v }} |\n")
    md = _render(tmp_path, "{% trans n=v %}Hello {{ n }}{% endtrans %}\n"
                 "{% raw %}{{ v }}{% endraw %}\n{% include 'part.md.j2' %}", v="a|b")
    assert md == "Hello a|b{{ v }}| a\\|b |\n"  # trim_blocks: no newline after a tag


def test_a_page_full_of_blanks_is_kept_in_its_cell_in_linear_time() -> None:
    # a scraped snippet is often runs of blanks; the old rule retried each run from every
    # position (100,000 blanks and a line break: about a minute for one cell)
    import time

    blanks = "\t " * 50_000
    text = "Casa" + blanks + "Bonay\n" + blanks + "|x"
    start = time.process_time()  # CPU: a loaded machine stretches wall time, not this
    cell = table_cell(text)
    assert time.process_time() - start < 2.0
    # the run with the line break becomes one space; a run without one is left as it is
    assert cell == "Casa" + blanks + "Bonay \\|x"
    assert table_cell("a \r\n\t b\n\nc   d") == "a b c   d"
