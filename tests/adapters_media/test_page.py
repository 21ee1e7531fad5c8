"""Page fetch and extraction: real hotel JSON-LD, OpenGraph, main text, limits, statuses."""

from __future__ import annotations

import gzip
import json

import httpx
import pytest

from scout.adapters.extract import extract
from scout.adapters.jsonld import extract_facts, parse_blocks
from scout.adapters.page import PageAdapter
from scout.config.settings import PageSettings
from scout.errors import AuthError, Blocked, RateLimited, Rejected, Unavailable
from scout.adapters.contract import FetchRequest
from tests.fakes.media import FIXTURES, hotel_page, page_routes
from tests.fakes.server import Fault, FakeServer

PUBLIC_IP = "93.184.216.34"
V1 = (FIXTURES / "web_pages" / "hotel-jsonld-barahona72-v1.html").read_text(encoding="utf-8")
V2 = (FIXTURES / "web_pages" / "hotel-jsonld-barahona72-v2.html").read_text(encoding="utf-8")


def mock_adapter(handler, **settings: object) -> PageAdapter:
    cfg = PageSettings(type="page", **settings)
    return PageAdapter("page", cfg, httpx.Client(transport=httpx.MockTransport(handler)),
                       resolver=lambda host: [PUBLIC_IP])


def html_reply(body: str | bytes, status: int = 200, ctype: str = "text/html; charset=utf-8",
               **headers: str):
    def handler(request: httpx.Request) -> httpx.Response:
        content = body.encode() if isinstance(body, str) else body
        return httpx.Response(status, content=content, headers={"content-type": ctype, **headers})
    return handler


# --- the real hotel JSON-LD --------------------------------------------------------------


def test_real_jsonld_v1_rating_and_price_range() -> None:
    page = mock_adapter(html_reply(V1)).call(FetchRequest(url="https://hotelbarahona72.com/")).value
    assert page.name == "Hotel Barahona 72"
    assert page.rating == pytest.approx(8.2)  # 4.1 of 5 (bestRating absent: schema.org's 5)
    assert page.rating_count == 430  # reviewCount
    assert page.price_range == "$$"
    assert page.address == "Carrera 49 #72-19, Barranquilla, Atlantico, CO"
    assert page.jsonld[0]["@type"] == "Hotel"


def test_real_jsonld_v2_rating_and_price_range() -> None:
    reply = mock_adapter(html_reply(V2)).call(FetchRequest(url="https://hotelbarahona72.com/"))
    page = reply.value
    assert page.rating == pytest.approx(8.2)  # 4.1 of bestRating 5
    assert page.rating_count == 430
    assert page.price_range == "COP 118.000 - 165.470"
    assert page.address == "Carrera 49 #72-19, Barranquilla, Atlantico, CO"
    assert page.jsonld[0]["aggregateRating"]["ratingValue"] == "4.1"
    assert reply.meta["entity_type"] == "Hotel" and reply.meta["jsonld"] == 1


def test_price_range_falls_back_to_the_real_offer_when_price_range_is_absent() -> None:
    objects, _ = parse_blocks([V2.split(">", 1)[1].rsplit("</script>", 1)[0]])
    del objects[0]["priceRange"]
    assert extract_facts(objects).price_range == "COP 118000 - 165470"


def test_graph_lists_references_and_rating_scales() -> None:
    block = json.dumps({
        "@context": "https://schema.org",
        "@graph": [
            {"@type": "WebSite", "name": "Booking site"},
            {"@type": ["Hotel", "LodgingBusiness"], "@id": "#h", "name": "Casa Azul",
             "aggregateRating": {"@id": "#r"},
             "address": "Carrer de Mallorca 1, Barcelona",
             "offers": [{"@type": "Offer", "price": "150", "priceCurrency": "EUR"},
                        {"@type": "Offer", "price": "95.5", "priceCurrency": "EUR"}]},
            {"@type": "AggregateRating", "@id": "#r", "ratingValue": "8,6",
             "bestRating": "10", "ratingCount": "1,234"},
        ],
    })
    facts = extract_facts(parse_blocks([block])[0])
    assert facts.name == "Casa Azul" and facts.entity_type == "Hotel"
    assert facts.rating == pytest.approx(8.6) and facts.rating_count == 1234
    assert facts.price_range == "EUR 95.5 - 150"
    assert facts.address == "Carrer de Mallorca 1, Barcelona"


def test_top_level_list_product_with_aggregate_offer() -> None:
    block = json.dumps([
        {"@type": "BreadcrumbList", "itemListElement": []},
        {"@type": "Product", "name": "Laptop X",
         "aggregateRating": {"@type": "AggregateRating", "ratingValue": 4.5, "reviewCount": 12},
         "offers": {"@type": "AggregateOffer", "lowPrice": 899, "highPrice": 1099,
                    "priceCurrency": "USD"}},
    ])
    facts = extract_facts(parse_blocks([block])[0])
    assert (facts.name, facts.rating, facts.rating_count, facts.price_range) == \
        ("Laptop X", 9.0, 12, "USD 899 - 1099")


def test_restaurant_nested_under_main_entity() -> None:
    block = json.dumps({"@type": "WebPage", "mainEntity": {
        "@type": "Restaurant", "name": "Bar Pinotxo", "priceRange": "€€",
        "address": {"@type": "PostalAddress", "streetAddress": "La Boqueria 466",
                    "addressLocality": "Barcelona", "postalCode": "08001"}}})
    facts = extract_facts(parse_blocks([block])[0])
    assert facts.name == "Bar Pinotxo" and facts.price_range == "€€"
    assert facts.address == "La Boqueria 466, Barcelona, 08001"


def test_a_broken_block_does_not_hide_the_good_one() -> None:
    html = "<script type='application/ld+json'>{not json</script>" + V1
    found = extract(html)
    assert found.jsonld_broken == 1 and len(found.jsonld) == 1
    assert extract_facts(found.jsonld).rating == pytest.approx(8.2)


# --- OpenGraph and main text -------------------------------------------------------------


def test_full_page_opengraph_and_main_text() -> None:
    page = mock_adapter(html_reply(hotel_page())).call(
        FetchRequest(url="https://hotelbarahona72.com/")).value
    assert page.title == "Hotel Barahona 72 | Barranquilla"
    assert page.opengraph["og:title"] == "Hotel Barahona 72"
    assert page.opengraph["og:image"].endswith("barahona-18.webp")
    assert page.price_range == "COP 118.000 - 165.470"
    lines = page.text.splitlines()
    assert lines[0] == "Hotel Barahona 72"  # the article's own header survives
    assert "Hotel economico sobre la Calle 72, barrio Prado, Barranquilla." in lines
    for boilerplate in ("Contacto", "cookies", "Ofertas", "derechos", "trackScroll",
                        "dataLayer", "@context", "font-family"):
        assert boilerplate not in page.text, boilerplate


def test_text_is_capped_at_max_text_chars() -> None:
    body = "<main>" + "<p>Una frase larga sobre el hotel.</p>" * 200 + "</main>"
    page = mock_adapter(html_reply(body), max_text_chars=100).call(
        FetchRequest(url="https://h.example/")).value
    assert len(page.text) == 100


def test_charset_from_meta_when_the_header_has_none() -> None:
    body = '<html><head><meta charset="iso-8859-1"><title>Caf\xe9</title></head></html>'
    page = mock_adapter(html_reply(body.encode("latin-1"), ctype="text/html")).call(
        FetchRequest(url="https://h.example/")).value
    assert page.title == "Café"


# --- limits ------------------------------------------------------------------------------


def test_body_is_cut_at_max_bytes_and_marked_truncated() -> None:
    head = V2.encode()
    body = b"<html><head>" + head + b"</head><body>" + b"<p>x</p>" * 5000 + b"</body></html>"
    reply = mock_adapter(html_reply(body), max_bytes=8192).call(
        FetchRequest(url="https://h.example/"))
    assert reply.meta["bytes"] == 8192 and reply.meta["truncated"] is True
    assert reply.value.truncated is True
    assert reply.value.rating == pytest.approx(8.2)  # JSON-LD in <head> survived the cut


def test_a_pages_title_and_name_are_cleaned_and_cut_as_search_titles_are() -> None:
    """A megabyte <title> or JSON-LD name travelled whole into the candidates, the report
    and the prompt; a colour code or bidi override stayed in it."""
    from scout.adapters.normalize import TITLE_CHARS

    body = ("<html><head><title>" + "Casa Bonay " * 100_000 + "</title>"
            '<script type="application/ld+json">{"@type": "Hotel", "name": "Casa\\u001b[31m '
            '\\u202eBonay\\n  Barcelona' + " x" * 100_000 + '", "aggregateRating": '
            '{"ratingValue": "9.1", "bestRating": "10"}}</script></head><body><p>Rated 9/10.'
            "</p></body></html>")
    page = mock_adapter(html_reply(body), max_bytes=2_000_000).call(
        FetchRequest(url="https://h.example/")).value
    assert page.title and len(page.title) <= TITLE_CHARS and page.title.startswith("Casa Bonay")
    assert page.name and len(page.name) <= TITLE_CHARS
    assert page.name.startswith("Casa Bonay Barcelona x") and page.rating == pytest.approx(9.1)
    ordinary = mock_adapter(html_reply("<title>Hotel Barahona 72 –\n  Madrid</title><p>x</p>")
                            ).call(FetchRequest(url="https://h.example/")).value
    assert ordinary.title == "Hotel Barahona 72 – Madrid"


def test_size_cap_applies_to_the_decompressed_body() -> None:
    raw = b"<html><body>" + b"a" * 200_000 + b"</body></html>"
    handler = html_reply(gzip.compress(raw), **{"content-encoding": "gzip"})
    reply = mock_adapter(handler, max_bytes=4096).call(FetchRequest(url="https://h.example/"))
    assert reply.meta["bytes"] == 4096 and reply.value.truncated


def test_small_body_is_not_truncated() -> None:
    reply = mock_adapter(html_reply(V1)).call(FetchRequest(url="https://h.example/"))
    assert reply.meta["truncated"] is False and reply.meta["bytes"] == len(V1.encode())


@pytest.mark.parametrize("ctype", ["application/pdf", "image/jpeg", "application/json"])
def test_wrong_content_type_is_blocked_before_the_body_is_read(ctype: str) -> None:
    with pytest.raises(Blocked, match=ctype):
        mock_adapter(html_reply(b"%PDF-1.7", ctype=ctype)).call(
            FetchRequest(url="https://h.example/doc"))


def test_extra_content_types_can_be_allowed() -> None:
    page = mock_adapter(html_reply("<title>t</title>", ctype="text/plain"),
                        content_types=["text/html", "text/plain"]).call(
        FetchRequest(url="https://h.example/")).value
    assert page.content_type == "text/plain"


def test_redirects_are_followed_up_to_the_limit() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        n = int(request.url.path.strip("/") or 0)
        if n < 3:
            return httpx.Response(301, headers={"location": f"/{n + 1}"})
        return httpx.Response(200, text=V1, headers={"content-type": "text/html"})

    reply = mock_adapter(handler, max_redirects=3).call(FetchRequest(url="https://h.example/0"))
    assert reply.meta["redirects"] == 3
    assert reply.value.final_url == "https://h.example/3"
    assert reply.value.url == "https://h.example/0"
    with pytest.raises(Rejected, match="more than 2 redirects"):
        mock_adapter(handler, max_redirects=2).call(FetchRequest(url="https://h.example/0"))


@pytest.mark.parametrize("status,error", [(404, Rejected), (401, AuthError), (403, AuthError),
                                          (429, RateLimited), (503, Unavailable)])
def test_error_statuses_are_mapped(status: int, error: type) -> None:
    with pytest.raises(error):
        mock_adapter(html_reply("nope", status=status, **{"retry-after": "7"})).call(
            FetchRequest(url="https://h.example/"))


def test_429_keeps_retry_after() -> None:
    with pytest.raises(RateLimited) as info:
        mock_adapter(html_reply("", status=429, **{"retry-after": "7"})).call(
            FetchRequest(url="https://h.example/"))
    assert info.value.retry_after == 7.0


def test_connection_failure_is_unavailable() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("boom", request=request)

    with pytest.raises(Unavailable, match="connection failed"):
        mock_adapter(handler).call(FetchRequest(url="https://h.example/"))


# --- a real local server, allowlisted ---------------------------------------------------


def test_fetch_from_local_fake_server_when_127_0_0_1_is_allowlisted() -> None:
    with FakeServer() as srv:
        page_routes(srv, {"/hotel": hotel_page()}, redirects={"/go": "/hotel"})
        cfg = PageSettings(type="page", allow_hosts=["127.0.0.1"])
        adapter = PageAdapter("page", cfg)
        try:
            reply = adapter.call(FetchRequest(url=f"{srv.url}/go"))
        finally:
            adapter.client.close()
        assert reply.value.final_url == f"{srv.url}/hotel"
        assert reply.value.rating == pytest.approx(8.2)
        assert reply.meta["redirects"] == 1
        assert [e.path for e in srv.log] == ["/go", "/hotel"]

        blocked = PageAdapter("page", PageSettings(type="page"))  # no allowlist
        with pytest.raises(Blocked, match="127.0.0.1 is a loopback address"):
            blocked.call(FetchRequest(url=f"{srv.url}/hotel"))
        assert len(srv.log) == 2  # the refused request never reached the server


def test_local_server_faults_map_to_provider_errors() -> None:
    with FakeServer() as srv:
        page_routes(srv, {"/hotel": hotel_page()})
        srv.fault("/hotel", Fault.status(429, headers={"Retry-After": "3"}),
                  Fault.status(500), Fault.reset())
        adapter = PageAdapter("page", PageSettings(type="page", allow_hosts=["127.0.0.1"]))
        with pytest.raises(RateLimited):
            adapter.call(FetchRequest(url=f"{srv.url}/hotel"))
        with pytest.raises(Unavailable):
            adapter.call(FetchRequest(url=f"{srv.url}/hotel"))
        with pytest.raises(Unavailable):
            adapter.call(FetchRequest(url=f"{srv.url}/hotel"))
        assert adapter.call(FetchRequest(url=f"{srv.url}/hotel")).value.name == \
            "Hotel Barahona 72"
