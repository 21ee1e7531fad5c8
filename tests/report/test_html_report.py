"""report.html shows pictures instead of source text and links its citations: the DAG
as SVG in place of the mermaid block, the price/rating chart after the shortlist, every
[n] marker a link to its numbered source; nothing in it loads from elsewhere. Data
formats (csv, json) are written when asked and parse back."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from tests.steps import test_report_step as base


def test_html_has_the_dag_and_chart_as_svg_and_linked_citations(tmp_path: Path) -> None:
    art, run_dir = base._render(tmp_path)
    html = (run_dir / "report.html").read_text()
    md = (run_dir / "report.md").read_text()
    assert "```mermaid" in md  # GitHub renders the Markdown's block
    assert "language-mermaid" not in html and "flowchart TD" not in html
    assert html.count('<svg xmlns="http://www.w3.org/2000/svg" class="dag"') == 1
    assert 'data-phase="Y1" data-state="failed_terminal"' in html
    # the picture names the state in words, as the report's text does
    assert "failed (final)" in html and "failed terminal" not in html
    assert html.count('<figure class="chart">') == 1
    assert html.index("</table>") < html.index('<figure class="chart">')  # after the shortlist
    markers = set(re.findall(r'<a class="cite" href="#src-(\d+)">\[\1\]</a>', html))
    anchors = set(re.findall(r'<li id="src-(\d+)">', html))
    assert markers and markers <= anchors
    assert anchors == {str(n) for n in range(1, art.citations + 1)}
    # self-contained: nothing is fetched by the page (links to sources are fine)
    assert not re.search(r'<(img|script|link|iframe|source|video|audio)\b[^>]*\b(src|href)=',
                         html)
    assert "url(" not in html.split("</style>")[0].split("<style>")[-1]


def test_an_amount_never_breaks_from_its_currency(tmp_path: Path) -> None:
    """'180 EUR/night ≤ 200 EUR' wrapped as '200' / 'EUR' in a narrow cell (phone, print):
    report.html joins them with a no-break space; report.md keeps plain spaces."""
    from scout.report.htmlpost import keep_amounts_whole

    _, run_dir = base._render(tmp_path)
    html = (run_dir / "report.html").read_text()
    assert "180\u00a0EUR/night" in html and "≤ 200\u00a0EUR" in html
    assert "200 EUR" not in html.split("<main>", 1)[1].split("<svg", 1)[0]
    assert "180 EUR/night [1] ≤ 200 EUR" in (run_dir / "report.md").read_text()
    # text only: never inside a tag, a link's text or code
    out = keep_amounts_whole('<a href="/x?p=200 EUR">200 €</a> <code>5 EUR</code> 9 €')
    assert out == '<a href="/x?p=200 EUR">200 €</a> <code>5 EUR</code> 9\u00a0€'


def test_citation_markers_inside_code_or_links_are_left_alone() -> None:
    from scout.report.htmlpost import link_citations

    body = ('<p>Quiet [1] and <code>a[1]</code> and <a href="x">see [1]</a></p>'
            '<ol><li><a href="https://a.test/?q=1&amp;b=2">A</a></li></ol>')
    out = link_citations(body, [(1, "https://a.test/?q=1&b=2")])
    assert out.count('href="#src-1"') == 1
    assert "<code>a[1]</code>" in out and '<a href="x">see [1]</a>' in out
    assert '<li id="src-1"><a href="https://a.test/?q=1&amp;b=2">' in out


def test_csv_and_json_formats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from scout.stepkit.params import ReportParams

    real = ReportParams.__init__

    def with_formats(self, **kw):  # type: ignore[no-untyped-def]
        kw["formats"] = ["md", "html", "csv", "json"]
        real(self, **kw)

    monkeypatch.setattr(ReportParams, "__init__", with_formats)
    art, run_dir = base._render(tmp_path)
    assert {"csv", "candidates_csv", "json"} <= set(art.files)
    short = list(csv.DictReader(io.StringIO((run_dir / "shortlist.csv").read_text())))
    assert short[0]["rank"] == "1" and short[0]["name"] == "Casa Bonay"
    assert short[0]["price"] == "180" and short[0]["currency"] == "EUR"
    cands = list(csv.DictReader(io.StringIO((run_dir / "candidates.csv").read_text())))
    assert {r["name"] for r in cands} >= {"Casa Bonay", "Hotel Arts Barcelona"}
    arts = next(r for r in cands if r["name"] == "Hotel Arts Barcelona")
    # the criterion it failed, as the rank phase wrote it
    assert arts["shortlisted"] == "false" and arts["excluded_because"] == "over budget"  # the reason, not the expression
    data = json.loads((run_dir / "report.json").read_text())
    assert data["task"]["values"]["destination"] == "Barcelona"
    assert data["artifacts"]["shortlist"]["items"][0]["candidate"]["name"] == "Casa Bonay"


def test_a_past_month_is_flagged_at_the_top_of_the_report(tmp_path: Path) -> None:
    import datetime as dt

    from scout.schemas.task import DateRange, Month, Task

    _, run_dir = base._render(tmp_path / "en")  # September 2026, asked on 2026-11-29
    md = (run_dir / "report.md").read_text()
    assert md.index("> **Note:** September 2026 is already past") < md.index("## Shortlist")
    _, run_dir = base._render(tmp_path / "es", lang="es")
    assert "> **Atención:** septiembre de 2026 ya ha pasado" in (run_dir / "report.md").read_text()
    today = dt.date(2026, 12, 1)
    task = Task(values={"month": Month(year=2026, month=12), "dates": DateRange(
        start=dt.date(2026, 11, 1), end=dt.date(2026, 11, 30))}, today=today)
    assert task.past_inputs == ["dates"]  # the current month is not past


def test_the_html_report_prints_well(tmp_path: Path) -> None:
    _, run_dir = base._render(tmp_path)
    html = (run_dir / "report.html").read_text()
    css = html.split("<style>", 1)[1].split("</style>", 1)[0]
    printing = css.split("@media print", 1)[1]
    assert "break-inside: avoid" in printing  # tables and pictures are not cut in two
    assert 'a[href^="http"]::after' in printing  # a printed link still says where it goes
