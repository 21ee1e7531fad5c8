"""What a hostile or broken provider writes *inside* a well-formed answer, through the
real adapters: numbers JSON reads as infinity (``1e400``) or figures of hundreds of
digits, a result URL of megabytes, terminal escapes or bidi controls in a page's stated
values or an image result's words, a results page of megabytes. Each reads as nothing
(or as text scout can show), never as "inf", a megabyte address or a control sequence;
JSON whose bytes are not UTF-8, and the oversized page, are errors that say why."""

from __future__ import annotations

import json

import httpx
import pytest

from scout.adapters.contract import FetchRequest, SearchRequest, Secret
from scout.adapters.normalize import MAX_URL_CHARS, as_float, as_text, canonical_url
from scout.errors import ParseError
from tests.adapters.helpers import make_adapter
from tests.adapters_media.test_page import html_reply, mock_adapter

KEY = Secret("TAVILY_API_KEY", "tvly-test-key")
#: what no stored value may hold: ESC, BEL, NUL, a C1 CSI, the bidi override and isolate
CONTROLS = "\x1b\x07\x00\x9b\u202e\u2066"


def _tavily(body: bytes, ctype: str = "application/json") -> list:
    transport = httpx.MockTransport(
        lambda r: httpx.Response(200, content=body, headers={"content-type": ctype}))
    return make_adapter("tavily", transport).call(SearchRequest(query="hotel"), KEY).value


def _result(**fields: object) -> bytes:
    row = {"title": "Casa Bonay", "url": "https://casabonay.test/", "content": "9.2",
           **fields}
    return json.dumps({"results": [row]}).encode()


# --- numbers past a float ---------------------------------------------------------------


@pytest.mark.parametrize("raw", [b"1e400", b"-1e400", b"NaN", b"Infinity"])
def test_a_title_json_reads_as_infinity_is_no_title(raw: bytes) -> None:
    body = _result(title="T").replace(b'"T"', raw)
    [source] = _tavily(body)
    assert source.title == "https://casabonay.test/"  # the URL stands in, never "inf"


@pytest.mark.parametrize("raw", [b"1e400", b"NaN", b'"nan"', b'"-inf"', b"1" + b"0" * 400])
def test_a_score_that_is_no_finite_number_is_none(raw: bytes) -> None:
    [source] = _tavily(_result(score=0.5).replace(b"0.5", raw))
    assert source.score is None


def test_as_text_and_as_float_keep_finite_numbers() -> None:
    assert as_text(7) == "7" and as_text(2.5) == "2.5" and as_text(float("inf")) == ""
    assert as_float("0.75") == 0.75 and as_float(10**400) is None


def test_a_price_of_hundreds_of_digits_is_no_price() -> None:
    block = {"@type": "Product", "name": "Lamp",
             "offers": {"price": "9" * 400, "priceCurrency": "EUR"}}
    html = (f'<html><head><script type="application/ld+json">{json.dumps(block)}</script>'
            "</head><body>x</body></html>")
    page = mock_adapter(html_reply(html)).call(FetchRequest(url="https://shop.test/")).value
    assert page.price_range is None  # was "EUR inf"


# --- a result's address -------------------------------------------------------------------


def test_a_url_longer_than_any_server_takes_is_no_result() -> None:
    long_url = "https://casabonay.test/" + "a" * 5_000_000
    body = json.dumps({"results": [
        {"title": "Long", "url": long_url, "content": "x"},
        {"title": "Casa Bonay", "url": "https://casabonay.test/rooms", "content": "y"}]})
    sources = _tavily(body.encode())
    assert [s.title for s in sources] == ["Casa Bonay"]


def test_the_url_limit_is_on_its_length() -> None:
    head = "https://casabonay.test/"
    assert canonical_url(head + "a" * (MAX_URL_CHARS - len(head))) is not None
    assert canonical_url(head + "a" * (MAX_URL_CHARS - len(head) + 1)) is None


# --- bytes that are not UTF-8 ----------------------------------------------------------------


@pytest.mark.parametrize("charset", ["", "; charset=utf-8", "; charset=rot13"])
def test_json_that_is_not_utf8_says_which_byte(charset: str) -> None:
    body = _result(title="Casa XX Bonay").replace(b"XX", b"\xff\xfe")
    with pytest.raises(ParseError, match=r"not JSON .*byte \d+ is not UTF-8") as err:
        _tavily(body, "application/json" + charset)
    assert b"Casa " in body[:int(err.value.message.split("byte ")[1].split()[0])]


# --- control sequences in what a page states ----------------------------------------------------


def test_a_pages_stated_values_carry_no_control_sequence() -> None:
    block = {"@type": "Hotel", "name": "Casa Bonay",
             "address": "Gran Via 700\x1b]0;pwned\x07, Barcelona\u202e",
             "priceRange": "\x1b[2J€€\x9b31m"}
    html = ('<html><head><meta property="og:description" content="Rooms \x1b[31mred">'
            f'<script type="application/ld+json">{json.dumps(block)}</script></head>'
            "<body><p>Sea view \x1b[2J\u2066rooms\u2069 from 90 €</p></body></html>")
    page = mock_adapter(html_reply(html)).call(FetchRequest(url="https://casabonay.test/")).value
    stored = [page.address, page.price_range, page.text, *page.opengraph.values()]
    assert not [v for v in stored if v is None or any(c in v for c in CONTROLS)]
    assert page.address == "Gran Via 700, Barcelona" and page.price_range == "€€"
    assert "Sea view" in (page.text or "") and "rooms from 90 €" in (page.text or "")
    assert page.opengraph["og:description"] == "Rooms red"


# --- image results ------------------------------------------------------------------------------


def test_an_image_result_of_hostile_fields_is_kept_readable() -> None:
    from scout.adapters.images import parse_brave

    item = {"url": "https://casabonay.test/", "title": {"text": "x"},
            "source": "casa\x1b]0;pwned\x07bonay.test",
            "properties": {"url": "https://casabonay.test/pool.jpg", "width": 1e400,
                           "height": float("nan")}}
    [photo] = parse_brave({"results": [item]})
    assert (photo.title, photo.source, photo.width, photo.height) == (
        "", "casabonay.test", None, None)  # width 1e400 raised OverflowError
    [photo] = parse_brave({"results": [{**item, "title": "Pool \u202eat\x1b[2J night"}]})
    assert photo.title == "Pool at night"


# --- an HTML results page of megabytes --------------------------------------------------------


def test_a_results_page_of_megabytes_is_refused_before_it_is_parsed() -> None:
    from scout.adapters.duckduckgo import MAX_PAGE_BYTES

    row = ('<tr><td><a class="result-link" href="https://x.test/{0}">T{0}</a></td></tr>'
           '<tr><td class="result-snippet">s</td></tr>')
    rows = "".join(row.format(i) for i in range(MAX_PAGE_BYTES // 90))
    page = f"<html><body><table>{rows}</table></body></html>".encode()
    assert len(page) > MAX_PAGE_BYTES
    transport = httpx.MockTransport(
        lambda r: httpx.Response(200, content=page, headers={"content-type": "text/html"}))
    adapter = make_adapter("duckduckgo", transport)
    with pytest.raises(ParseError, match="larger than 2,000,000 bytes"):
        adapter.call(SearchRequest(query="hotel"))
