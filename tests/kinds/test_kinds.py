"""Two research kinds written from the docs alone (an outside author's view), run end to
end offline with scout.testing in English and Spanish: laptops under a budget (no place,
a custom report template) and museum exhibitions in a city in a month (no budget, the
built-in default report)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scout.testing import FakeProviders, Result, run_pipeline
from tests.kinds import shortlist_names as _names

HERE = Path(__file__).resolve().parent
LAPTOPS = HERE / "pipelines" / "laptops.yaml"
EXHIBITIONS = HERE / "pipelines" / "exhibitions.yaml"

SHOP = [
    Result("Dell XPS 13 (2026)", "https://shop.test/dell-xps-13",
           "Dell XPS 13, rated 8.8/10, from 1,099 USD. Weighs 1.2 kg."),
    Result("MacBook Air 15 M4", "https://shop.test/macbook-air-15",
           "MacBook Air 15, rated 9.2/10, 1.599 €."),
    Result("Lenovo ThinkPad X1 Carbon", "https://shop.test/x1-carbon",
           "ThinkPad X1 Carbon Gen 13, rated 9.0/10, 1.149 €."),
    Result("Acer Aspire 3", "https://shop.test/aspire-3", "Acer Aspire 3, rated 5.9/10, 449 €."),
]
HOTEL_WORDS = re.compile(r"(?i)\b(hotels?|night|noche|habitaci[oó]n|room|stay|guests?|huéspedes)\b")


def _laptops(tmp_path: Path, query: str):
    with FakeProviders() as fake:
        fake.search(r".", SHOP)
        fake.search(r"XPS .*review", [Result("Dell XPS 13 review", "https://reviews.test/xps",
                                              "Dell XPS 13: reviewers rate it 8.6 out of 10.")])
        run = run_pipeline(LAPTOPS, fake=fake, workdir=tmp_path, query=query)
        queries = fake.queries()
    assert run.exit_code == 0, run.result.reason
    return run, queries


@pytest.mark.parametrize("query,lang,amount,currency,use", [
    ("best ultralight laptop under $1500", "en", 1500, "USD", "ultralight"),
    ("portátiles para programar por menos de 1200 euros", "es", 1200, "EUR", "programar"),
])
def test_laptops_end_to_end(tmp_path, query, lang, amount, currency, use):
    run, queries = _laptops(tmp_path, query)
    task = run.artifact("task")
    assert task["lang"] == lang
    assert task["values"]["budget"]["amount"] == amount
    assert task["values"]["budget"]["currency"] == currency
    assert task["values"]["use"] == use
    # one shop listing four laptops gives four candidates, not one merged laptop
    assert len(run.artifact("candidates")["items"]) == 4
    names = _names(run)
    if currency == "EUR":
        assert names[:2] == ["Lenovo ThinkPad X1 Carbon", "Dell XPS 13 (2026)"]
        assert "MacBook Air 15 M4" not in names  # over budget
    else:
        # this config has no rates: a price in EUR is never checked against a budget in
        # USD as a raw amount (1,599 "over", 1,149 "under"): kept, flagged, unchecked
        flags = {i["candidate"]["name"]: i["candidate"]["flags"]
                 for i in run.artifact("shortlist")["items"]}
        assert flags["MacBook Air 15 M4"][0] == flags["Lenovo ThinkPad X1 Carbon"][0] \
            == "price in EUR, no rate to USD"
        assert flags["Dell XPS 13 (2026)"] == []
    assert "Acer Aspire 3" not in names      # under the minimum rating
    assert any(use in q and str(amount) in q for q in queries)  # the search used the Task
    report = run.report
    assert ("## Selección" in report) == (lang == "es") and ("## Shortlist" in report) == (lang == "en")
    assert ("1.200 €" in report) if lang == "es" else ("1,500 USD" in report)
    assert "https://shop.test/x1-carbon" in report and re.search(r"\[\d+\]", report)
    assert not HOTEL_WORDS.search(report), HOTEL_WORDS.search(report)
    assert run.report_html and "<html" in run.report_html.lower()


MUSEUMS = [
    Result("Sorolla en el Prado", "https://www.museodelprado.test/sorolla",
           "Exhibition at the Prado, 1 March - 30 April 2027, tickets 15 EUR."),
    Result("Picasso y la escultura", "https://www.museoreinasofia.test/picasso",
           "Reina Sofía, free entry, until 20 March 2027."),
]


@pytest.mark.parametrize("query,lang,month_word,heading", [
    ("museum exhibitions in Madrid in March 2027", "en", "March 2027", "## The request as understood"),
    ("exposiciones en museos de Madrid en marzo de 2027", "es", "marzo de 2027",
     "## La petición tal como se entendió"),
])
def test_exhibitions_default_report(tmp_path, query, lang, month_word, heading):
    with FakeProviders() as fake:
        fake.search(r".", MUSEUMS)
        run = run_pipeline(EXHIBITIONS, fake=fake, workdir=tmp_path, query=query)
        queries = fake.queries()
    assert run.exit_code == 0, run.result.reason
    task = run.artifact("task")
    assert task["lang"] == lang
    assert task["values"]["city"] == "Madrid"
    assert task["values"]["month"] == {"month": 3, "year": 2027}
    assert any("Madrid" in q for q in queries)
    report = run.report
    assert heading in report
    assert month_word in report  # the month as the report's language writes it
    assert {"Sorolla en el Prado", "Picasso y la escultura"} <= {
        i["candidate"]["name"] for i in run.artifact("shortlist")["items"]}
    assert "https://www.museodelprado.test/sorolla" in report and re.search(r"\[\d+\]", report)
    if lang == "es":  # no English words left in the generic parts of a Spanish report
        assert not re.search(r"\| \w+ \| March 2027 \|", report)  # the Task table
        assert "| query |" not in report and "| consulta |" in report
        assert "## shortlist" not in report
        # the tables' cells too: money as Spanish writes it, not "15 EUR"
        assert "| 15 € |" in report and "| 15 EUR |" not in report
