"""DuckDuckGo parsers on the real captured pages, and the adapter's request and errors."""

from __future__ import annotations

import httpx
import pytest

from scout.adapters.duckduckgo import parse_html, parse_lite
from scout.adapters.normalize import to_sources
from scout.errors import ParseError, RateLimited, Unavailable
from scout.adapters.contract import SearchRequest
from scout.schemas.sources import Source
from tests.adapters.helpers import fixture_text, make_adapter
from tests.fakes.providers import FakeProviders

LITE_WRAPPED = "duckduckgo/lite-weather-san-francisco.html"
LITE_DIRECT = "duckduckgo/lite-dentists-in-mumbai.html"
HTML = "duckduckgo/html-eino.html"
HTML_NO_MORE = "duckduckgo/html-eino-no-more-results.html"
HTML_EOF = "duckduckgo/html-eino-eof-no-results.html"
ANOMALY = "duckduckgo/anomaly-lite-challenge.html"


def sources(hits: list) -> list[Source]:
    return to_sources(hits, adapter="duckduckgo", limit=100, max_chars=400)


# --- lite endpoint, real pages --------------------------------------------------------


def test_lite_page_with_uddg_wrapped_links() -> None:
    page = fixture_text(LITE_WRAPPED)
    parsed = parse_lite(page)
    assert parsed.no_results is False
    # every raw href is a DuckDuckGo redirect ...
    assert all(h.url.startswith("//duckduckgo.com/l/?uddg=") for h in parsed.hits)
    out = sources(parsed.hits)
    assert len(out) == 10
    assert out[0].title == "10 Day Weather - Downtown, San Francisco, California"
    # ... unwrapped to the real target (its %2520 decoded once to %20)
    assert out[0].url == "https://weather.com/weather/tenday/l/San%20Francisco%20CA%20USCA0987:1:US"
    assert out[1].url == "https://www.accuweather.com/en/us/san-francisco/94103/weather-forecast/347629"
    assert out[2].url == "https://forecast.weather.gov/zipcity.php?inputstring=San+Francisco,CA"
    assert out[-1].title == "San Francisco Bay Area Weather | KRON4"
    assert out[-1].url == "https://www.kron4.com/weather-san-francisco"
    assert not any("duckduckgo.com" in s.url for s in out)
    assert all(s.snippet for s in out)
    assert out[0].snippet.startswith("Be prepared with the most accurate 10-day forecast for "
                                     "Downtown, San Francisco, California")
    # timestamps are kept where the row has one (rows 3, 4 and 6), absent elsewhere
    assert [(s.rank, s.published) for s in out if s.published] == [
        (3, "2026-01-20T09:43:00.0000000"), (4, "2026-01-20T00:00:00.0000000"),
        (6, "2026-01-20T00:00:00.0000000")]
    assert [s.rank for s in out] == list(range(1, 11))
    assert out[0].meta["display_url"] == "weather.com/weather/tenday/l/San Francisco CA USCA0987:1:US"


def test_lite_page_with_direct_links() -> None:
    parsed = parse_lite(fixture_text(LITE_DIRECT))
    assert all(h.url.startswith("https://") for h in parsed.hits)
    out = sources(parsed.hits)
    assert len(out) == 10
    assert out[0].title == "Best Dentists Near Me in Mumbai - Practo"
    assert out[0].url == "https://www.practo.com/mumbai/dentist"
    assert out[1].title == "Top 10+ Dentists in Mumbai, India • Check Prices & Reviews"
    assert out[-1].title == "15 Best Dentists in Mumbai"
    assert out[-1].url == "https://bestmumbai.in/dentist"
    assert all(s.snippet for s in out)
    assert "doctor's timings" in out[0].snippet  # &#x27; decoded
    assert all(s.published is None for s in out)


def test_lite_result_table_renamed_is_a_parse_error() -> None:
    """A mutated copy whose result rows lost their class: ParseError, never []."""
    page = fixture_text(LITE_DIRECT)
    mutated = page.replace("class='result-link'", "class='result-title'")
    assert mutated != page
    with pytest.raises(ParseError) as info:
        parse_lite(mutated)
    assert "not recognised" in info.value.message


def test_lite_snippet_class_renamed_still_reads_titles() -> None:
    # only the title row is essential; a renamed snippet cell costs the snippet, not the row
    mutated = fixture_text(LITE_DIRECT).replace("class='result-snippet'", "class='abstract'")
    out = sources(parse_lite(mutated).hits)
    assert len(out) == 10 and all(s.snippet == "" for s in out)


def test_lite_sponsored_rows_are_dropped() -> None:
    page = fixture_text(LITE_DIRECT)
    # mark result 2 as an ad the way the lite page does, and make result 5's link an ad
    # redirect (duckduckgo.com/y.js): both rows must vanish
    row2 = page.rfind("<tr>", 0, page.index("2.&nbsp;"))
    page = page[:row2] + '<tr class="result-sponsored">' + page[row2 + 4:]
    page = page.replace('href="https://www.practo.com/mumbai/dentist/mumbai-central"',
                        'href="https://duckduckgo.com/y.js?ad_domain=practo.com&amp;u3=x"')
    parsed = parse_lite(page)
    assert parsed.sponsored == 2
    out = sources(parsed.hits)
    assert len(out) == 8
    urls = [s.url for s in out]
    assert "https://www.whatclinic.com/dentists/india/mumbai" not in urls
    assert not any("y.js" in u or "mumbai-central" in u for u in urls)
    assert [s.rank for s in out] == list(range(1, 9))


def test_anomaly_page_is_rate_limited() -> None:
    with pytest.raises(RateLimited) as info:
        parse_lite(fixture_text(ANOMALY))
    assert "challenge" in info.value.message
    # the html endpoint serves the same challenge form
    with pytest.raises(RateLimited):
        parse_html(fixture_text(ANOMALY))


def test_lite_no_more_results_is_an_empty_answer() -> None:
    head = fixture_text(LITE_DIRECT).split("<!-- Web results are present -->")[0]
    page = head + "<table><tr><td>No more results.</td></tr></table></body></html>"
    parsed = parse_lite(page)
    assert parsed.hits == [] and parsed.no_results is True


def test_lite_eof_row_is_an_empty_answer() -> None:
    page = FakeProviders()._lite.render_no_hits("qwxzqwxz nothing")
    assert "EOF" in page
    parsed = parse_lite(page)
    assert parsed.hits == [] and parsed.no_results is True


def test_lite_page_without_results_or_marker_is_a_parse_error() -> None:
    head = fixture_text(LITE_DIRECT).split("<!-- Web results are present -->")[0]
    with pytest.raises(ParseError):
        parse_lite(head + "</body></html>")
    with pytest.raises(ParseError):
        parse_lite("")


# --- html endpoint, real pages --------------------------------------------------------


def test_html_page() -> None:
    parsed = parse_html(fixture_text(HTML))
    out = sources(parsed.hits)
    assert len(out) == 10
    assert out[0].title == "GitHub - cloudwego/eino: The ultimate LLM/AI application development ..."
    assert out[0].url == "https://github.com/cloudwego/eino"
    assert out[1].title == "Eino: 概述 | CloudWeGo"
    assert out[1].url == "https://www.cloudwego.io/zh/docs/eino/overview"
    assert out[-1].title == "Eino - Wikipedia"
    assert out[-1].url == "https://en.wikipedia.org/wiki/Eino"
    assert all(s.snippet for s in out)
    assert out[-1].snippet.startswith("Eino is a Finnish and Estonian masculine given name")
    assert [(s.rank, s.published) for s in out if s.published] == [
        (2, "2025-06-23T00:00:00.0000000"), (4, "2025-06-13T00:00:00.0000000"),
        (5, "2025-01-16T00:00:00.0000000"), (6, "2025-01-16T00:00:00.0000000"),
        (7, "2025-06-20T00:00:00.0000000"), (8, "2025-06-19T00:00:00.0000000")]


def test_html_no_more_results_page() -> None:
    parsed = parse_html(fixture_text(HTML_NO_MORE))
    assert parsed.hits == [] and parsed.no_results is True


def test_html_eof_no_hit_page() -> None:
    """The lone 'EOF' row linking to a Google search is DuckDuckGo saying "no hits"."""
    page = fixture_text(HTML_EOF)
    assert ">EOF</a>" in page
    parsed = parse_html(page)
    assert parsed.hits == [] and parsed.no_results is True


def test_html_result_class_renamed_is_a_parse_error() -> None:
    mutated = fixture_text(HTML).replace('class="result__a"', 'class="result__link"')
    with pytest.raises(ParseError):
        parse_html(mutated)
    gone = fixture_text(HTML).replace('class="result results_links', 'class="hit results_links')
    with pytest.raises(ParseError):
        parse_html(gone)


def test_html_partly_changed_markup_is_counted() -> None:
    page = fixture_text(HTML).replace(
        '<a rel="nofollow" class="result__a" href="https://en.wikipedia.org/wiki/Eino">',
        '<a rel="nofollow" class="result__title-link" href="https://en.wikipedia.org/wiki/Eino">')
    parsed = parse_html(page)
    assert len(parsed.hits) == 9 and parsed.unrecognised == 1
    reply = make_adapter("duckduckgo", _serve(200, page), mode="html").call(
        SearchRequest(query="eino"))
    assert reply.meta["unrecognised_rows"] == 1 and len(reply.value) == 9


def test_html_ads_are_dropped() -> None:
    page = fixture_text(HTML).replace(
        '<div class="result results_links results_links_deep web-result ">',
        '<div class="result result--ad results_links results_links_deep web-result ">', 1)
    out = sources(parse_html(page).hits)
    assert len(out) == 9 and out[0].url == "https://www.cloudwego.io/zh/docs/eino/overview"


def test_lite_page_is_not_read_as_html_mode() -> None:
    with pytest.raises(ParseError):
        parse_html(fixture_text(LITE_DIRECT))


# --- the adapter: request, status handling -------------------------------------------


def _serve(status: int, body: str, seen: list[httpx.Request] | None = None):
    def handler(request: httpx.Request) -> httpx.Response:
        if seen is not None:
            seen.append(request)
        return httpx.Response(status, text=body, headers={"Content-Type": "text/html"})
    return httpx.MockTransport(handler)


def test_adapter_requests_lite_endpoint_with_region(monkeypatch) -> None:
    monkeypatch.delenv("SCOUTE_DUCKDUCKGO_BASE_URL", raising=False)
    seen: list[httpx.Request] = []
    ddg = make_adapter("duckduckgo", _serve(200, fixture_text(LITE_DIRECT), seen),
                       region="in-en", base_url="https://lite.duckduckgo.com")
    out = ddg.search("dentists in Mumbai", limit=4)
    assert len(out) == 4 and out[0].adapter == "duckduckgo"
    url = seen[0].url
    assert (url.host, url.path) == ("lite.duckduckgo.com", "/lite/")
    assert url.params["q"] == "dentists in Mumbai" and url.params["kl"] == "in-en"
    assert seen[0].method == "GET"


def test_adapter_html_mode_uses_html_endpoint(monkeypatch) -> None:
    monkeypatch.delenv("SCOUTE_DUCKDUCKGO_BASE_URL", raising=False)
    seen: list[httpx.Request] = []
    # the shipped config names the lite host; mode: html follows to the html host
    ddg = make_adapter("duckduckgo", _serve(200, fixture_text(HTML), seen), mode="html",
                       base_url="https://lite.duckduckgo.com")
    reply = ddg.call(SearchRequest(query="eino", limit=10))
    assert len(reply.value) == 10 and reply.meta["mode"] == "html"
    assert (seen[0].url.host, seen[0].url.path) == ("html.duckduckgo.com", "/html/")


@pytest.mark.parametrize("status", [202, 200])
def test_adapter_challenge_is_rate_limited_whatever_the_status(status: int) -> None:
    ddg = make_adapter("duckduckgo", _serve(status, fixture_text(ANOMALY)))
    with pytest.raises(RateLimited) as info:
        ddg.search("does caffeine affect sleep")
    assert info.value.status == status and info.value.adapter == "duckduckgo"


def test_adapter_unreadable_202_is_throttling_not_a_markup_change() -> None:
    ddg = make_adapter("duckduckgo", _serve(202, "<html><body></body></html>"))
    with pytest.raises(RateLimited) as info:
        ddg.search("x")
    assert info.value.status == 202
    ddg200 = make_adapter("duckduckgo", _serve(200, "<html><body></body></html>"))
    with pytest.raises(ParseError):
        ddg200.search("x")


def test_adapter_no_results_is_an_answer() -> None:
    ddg = make_adapter("duckduckgo", _serve(200, fixture_text(HTML_EOF)), mode="html")
    assert ddg.search("testtesttesttesttesttesttesttesttesttesttest") == []


def test_adapter_timeout_is_unavailable() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("timed out", request=request)
    with pytest.raises(Unavailable):
        make_adapter("duckduckgo", httpx.MockTransport(handler)).search("x")


def test_adapter_reports_unknown_options() -> None:
    seen: list[httpx.Request] = []
    ddg = make_adapter("duckduckgo", _serve(200, fixture_text(LITE_DIRECT), seen))
    reply = ddg.call(SearchRequest(query="q", options={"time": "w", "topic": "news"}))
    assert seen[0].url.params["df"] == "w"
    assert reply.meta["ignored_options"] == ["topic"]
