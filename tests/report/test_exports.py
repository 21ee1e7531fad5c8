"""CSV, JSON and PDF forms of the report: typed columns that parse back to the same
rows, no spreadsheet formula from provider text, and a PDF whose text can be extracted."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from scout.report.exports import (CANDIDATE_COLUMNS, candidates_csv, chromium, html_to_pdf,
                                  report_json, shortlist_csv)
from scout.schemas.records import Candidate, Candidates, RankedItem, Shortlist
from scout.schemas.task import Money


def _artifacts() -> tuple[Candidates, Shortlist]:
    bonay = Candidate(key="casa-bonay", name="Casa Bonay", url="https://casabonay.com",
                      domain="casabonay.com", adapter="duckduckgo", rating=9.2,
                      rating_count=1234, price=Money(amount=180, currency="EUR", per="night"))
    arts = Candidate(key="arts", name="Hotel Arts", rating=9.3,
                     price=Money(amount=420, min=380, currency="EUR", per="night",
                                 tax="excluded"))
    evil = Candidate(key="evil", name="=HYPERLINK(\"http://x\",\"click\")", flags=["price unknown"])
    cands = Candidates(items=[bonay, arts, evil])
    short = Shortlist(items=[RankedItem(candidate=bonay, rank=1)],
                      excluded=[(arts, ["over budget"]), (evil, ["price unknown"])])
    return cands, short


def test_candidates_csv_parses_back_with_typed_columns() -> None:
    cands, short = _artifacts()
    rows = list(csv.DictReader(io.StringIO(candidates_csv(cands, short))))
    assert list(rows[0]) == CANDIDATE_COLUMNS and len(rows) == 3
    bonay, arts, evil = rows
    assert (bonay["rank"], bonay["shortlisted"], bonay["price"], bonay["currency"]) == \
        ("1", "true", "180", "EUR")
    assert float(bonay["rating"]) == 9.2 and int(bonay["rating_count"]) == 1234
    assert arts["rank"] == "" and arts["shortlisted"] == "false"
    # what the report says beside the amount: "380–420 € + IVA/noche"; a page that says
    # neither leaves them empty, never a guess
    assert (arts["price_min"], arts["price_per"], arts["price_tax"]) == \
        ("380", "night", "excluded")
    assert (bonay["price_min"], bonay["price_tax"], evil["price"]) == ("", "", "")
    assert arts["excluded_because"] == "over budget"
    assert evil["name"].startswith("'=")  # never a formula in a spreadsheet
    assert evil["flags"] == "price unknown"


@pytest.mark.parametrize("name", [
    " =HYPERLINK(\"http://x\",\"click\")", "\u200b=1+1", "\u202e+cmd|' /C calc'!A0",
    "\x00@SUM(A1)", "\uff1dHYPERLINK(\"http://x\")", "\u3000\uff0b1", "\n-2+3",
    "\ufeff=1", "x\udcff=1"])
def test_no_cell_starts_a_formula_behind_spaces_or_invisible_marks(name: str) -> None:
    """What hides a formula's start from the plain rule: spaces some importers trim,
    invisible and control characters, the full-width signs CJK spreadsheets read as
    ASCII. Each cell is written quoted as text, and the file is UTF-8 text."""
    cands = Candidates(items=[Candidate(key="k", name=name)])
    text = candidates_csv(cands)
    text.encode("utf-8")
    [row] = csv.DictReader(io.StringIO(text))
    cell = row["name"]
    assert cell.startswith("'") or cell.lstrip(" \u3000")[0] not in "=+-@\uff1d\uff0b", cell
    assert not [c for c in cell if c in "\x00\u200b\u202e\ufeff"]


def test_a_price_per_user_a_month_says_both_and_its_tax_in_the_shortlist_csv() -> None:
    plan = Candidate(key="plan", name="Plan", price=Money(
        amount=8, currency="EUR", per="month", each="user", tax="included"))
    [row] = csv.DictReader(io.StringIO(shortlist_csv(Shortlist(
        items=[RankedItem(candidate=plan, rank=1)]))))
    assert (row["price"], row["price_per"], row["price_each"], row["price_tax"]) == \
        ("8", "month", "user", "included")


def test_shortlist_csv_is_in_rank_order() -> None:
    _, short = _artifacts()
    rows = list(csv.DictReader(io.StringIO(shortlist_csv(short))))
    assert [(r["rank"], r["name"], r["price_per"]) for r in rows] == [("1", "Casa Bonay", "night")]


def test_report_json_holds_the_artifacts() -> None:
    cands, short = _artifacts()
    data = json.loads(report_json({"candidates": cands, "shortlist": short, "title": "T"}))
    assert data["title"] == "T"
    assert [c["name"] for c in data["candidates"]["items"]][:2] == ["Casa Bonay", "Hotel Arts"]
    assert data["shortlist"]["items"][0]["rank"] == 1


@pytest.mark.skipif(chromium() is None, reason="headless Chromium is not installed")
def test_pdf_from_the_html_has_extractable_text(tmp_path: Path) -> None:
    from pypdf import PdfReader

    html = tmp_path / "report.html"
    html.write_text("<!DOCTYPE html><html><body><h1>Hotels in Barcelona</h1>"
                    "<p>Casa Bonay — 180 € / noche</p></body></html>", encoding="utf-8")
    pdf = tmp_path / "report.pdf"
    html_to_pdf(html, pdf)
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "Hotels in Barcelona" in text and "Casa Bonay" in text
    assert not (tmp_path / "report.pdf.part").exists()


@pytest.mark.skipif(chromium() is None, reason="headless Chromium is not installed")
def test_the_pdf_loads_nothing_a_page_points_at(tmp_path: Path) -> None:
    """An HTML report without the built-in policy (a project's template, outside text
    written with | safe): printing it embeds no local file and requests nothing, from
    any address, by picture, stylesheet, @import, frame or script."""
    from pypdf import PdfReader

    from tests.fakes.server import FakeServer, Reply

    secret = tmp_path / "secret.txt"
    secret.write_text("TOPSECRET-FILE", encoding="utf-8")
    with FakeServer() as srv:
        srv.route("GET", "/", lambda req: Reply(200, b"x", "text/plain"))
        here = srv.url.replace("127.0.0.1", "localhost")
        html = tmp_path / "report.html"
        html.write_text(
            f"<!DOCTYPE html><html><head><style>@import url({srv.url}/import); body "
            f"{{background: url({here}/css)}}</style></head><body><h1>Hotels</h1>"
            f'<img src="{srv.url}/img"><iframe src="{secret.as_uri()}"></iframe>'
            f'<iframe src="{srv.url}/frame"></iframe><object data="{secret.as_uri()}">'
            f'</object><script>fetch("{srv.url}/js")</script></body></html>',
            encoding="utf-8")
        html_to_pdf(html, tmp_path / "report.pdf")
        assert srv.log == []
    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "report.pdf").pages)
    assert "Hotels" in text and "TOPSECRET" not in text


@pytest.mark.parametrize("page", ["<!DOCTYPE html><html><head><title>t</title></head>",
                                  "<!doctype html><p>x", "<p>x</p>", "<HEAD lang=es>x"])
def test_the_printed_page_declares_the_policy_before_anything_it_loads(page: str) -> None:
    from scout.report.exports import inert_page

    out = inert_page(page)
    at = out.index('<meta http-equiv="Content-Security-Policy"')
    assert out.replace(out[at:out.index(">", at) + 1], "") == page
    assert "<" not in out[:at].lower().replace("<!doctype html>", "").replace(
        "<html>", "").replace("<head>", "").replace("<head lang=es>", "")


def test_pdf_without_chromium_is_a_clear_error(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from scout.errors import ScoutError

    monkeypatch.setenv("SCOUTE_CHROMIUM", str(tmp_path / "no-such-browser"))
    with pytest.raises(ScoutError) as err:
        html_to_pdf(tmp_path / "r.html", tmp_path / "r.pdf")
    assert err.value.code == "REP001" and "chromium" in (err.value.hint or "")


def test_exports_keep_no_credential_of_a_found_address() -> None:
    """report.json and the CSV files are the report too: a candidate's address with a
    login or a token in it is written without them."""
    shady = Candidate(key="shady", name="Shady Inn",
                      url="https://admin:hunter2@shady.test/book?id=3&access_token=tok-77",
                      adapter="duckduckgo")
    cands = Candidates(items=[shady])
    short = Shortlist(items=[RankedItem(candidate=shady, rank=1)])
    texts = [candidates_csv(cands, short), shortlist_csv(short),
             report_json({"candidates": cands, "shortlist": short})]
    for text in texts:
        assert "hunter2" not in text and "tok-77" not in text, text
        assert "https://shady.test/book?id=3&access_token=REDACTED" in text
    assert json.loads(texts[2])["shortlist"]["items"][0]["candidate"]["name"] == "Shady Inn"
