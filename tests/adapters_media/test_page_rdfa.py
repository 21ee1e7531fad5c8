"""Pages that describe their entity in RDFa Lite (``vocab`` / ``typeof`` / ``property``).

Captures (tests/fixtures/providers/web_pages/SOURCES.md): a site's own product markup in
RDFa (an Offer of 15,000,000 IDR, the shown figure written "15.000.000,00"), and
schema.org's Restaurant example ("GreatFood") in RDFa, as a plugin ships it, beside the
same example in microdata: both must give the same facts. Other cases change one thing
of these and say so.
"""

from __future__ import annotations

import pytest

from scout.adapters.extract import extract
from scout.adapters.jsonld import extract_facts
from scout.adapters.microdata import MAX_ITEMS
from tests.adapters_media.test_page_facts import page
from tests.adapters_media.test_page_values import evidence

PRODUCT = "rdfa-product-offer-idr-site-view.html"
RDFA_RESTAURANT = "rdfa-restaurant-greatfood-schemaorg.html"


def items(html: str) -> list[dict]:
    return extract(html).microdata


def test_a_product_in_rdfa_gives_its_name_and_priced_offer() -> None:
    fetched, ev = evidence(page(PRODUCT), "https://shop.example/iphone-6")
    assert fetched.name == "Iphone 6"
    assert fetched.price_range == "IDR 15000000"  # content="15000000", not the shown text
    assert ev.price is not None and (ev.price.amount, ev.price.currency) == (15_000_000, "IDR")
    product = fetched.microdata[0]
    assert product["offers"]["availability"] == "http://schema.org/InStock"  # <link href>
    assert product["description"].startswith("Bersiaplah untuk iPhone tertipis")


def test_rdfa_and_microdata_of_the_same_restaurant_give_the_same_facts() -> None:
    rdfa = extract_facts(items(page(RDFA_RESTAURANT)))
    micro = extract_facts(items(page("microdata-restaurant-greatfood-schemaorg.html")))
    assert rdfa == micro
    assert (rdfa.entity_type, rdfa.name, rdfa.price_range) == ("Restaurant", "GreatFood", "$$")
    assert rdfa.rating == pytest.approx(8.0) and rdfa.rating_count == 250
    assert rdfa.address == "1901 Lemur Ave, Sunnyvale, CA, 94086"


def test_an_rdfa_property_s_value_is_its_content_or_the_address_it_names() -> None:
    restaurant = items(page(RDFA_RESTAURANT))[0]
    assert restaurant["url"] == "http://www.greatfood.com"  # href on a <div>
    assert restaurant["openingHours"] == ["Mo-Sa 11:00-14:30", "Mo-Th 17:00-21:30",
                                          "Fr-Sa 17:00-22:00"]  # <meta content>
    assert restaurant["servesCuisine"] == ["Middle Eastern", "Mediterranean"]


@pytest.mark.parametrize("vocab, prefix, expected", [
    ('vocab="http://schema.org/"', "", "GreatFood"),
    ('vocab="https://schema.org/"', "schema:", "GreatFood"),  # prefixed terms too
    ("", "schema:", "GreatFood"),  # no vocab: only schema:-prefixed terms are read
    ("", "http://schema.org/", "GreatFood"),  # full URLs
    ('vocab="http://xmlns.com/foaf/0.1/"', "", None),  # another vocabulary's terms
    ("", "", None),  # bare terms with no vocab in force
])
def test_only_schema_org_terms_are_read(vocab: str, prefix: str, expected: str | None) -> None:
    # derived: the real restaurant block with its vocab and terms rewritten
    html = page(RDFA_RESTAURANT).replace('vocab="https://schema.org/" ', vocab + " ")
    html = html.replace('typeof="', f'typeof="{prefix}').replace('property="',
                                                                 f'property="{prefix}')
    assert extract_facts(items(html)).name == expected


def test_opengraph_and_other_vocabularies_properties_are_left_out() -> None:
    # derived: og: meta tags (RDFa too) and a CMS's dc:/foaf: terms beside the real block
    html = ('<html prefix="og: http://ogp.me/ns#"><head>'
            '<meta property="og:title" content="Cath\'s page"></head><body>'
            + page(RDFA_RESTAURANT).replace(
                '<span property="name">GreatFood</span>',
                '<span property="name dc:title">GreatFood</span>'
                '<span property="foaf:nick">GF</span>')
            + "</body></html>")
    found = items(html)
    assert len(found) == 1 and found[0]["name"] == "GreatFood"
    assert not any(":" in key for key in found[0])
    assert extract(html).opengraph["og:title"] == "Cath's page"


def test_an_element_using_microdata_is_read_as_microdata() -> None:
    html = ('<div itemscope itemtype="https://schema.org/Hotel" vocab="https://schema.org/" '
            'typeof="Restaurant"><span itemprop="name" property="alternateName">H</span></div>')
    assert items(html) == [{"@type": "Hotel", "name": "H"}]


def test_rdfa_items_are_bounded_on_hostile_markup() -> None:
    html = '<div vocab="https://schema.org/">' + '<p typeof="Product"></p>' * (MAX_ITEMS + 50)
    assert len(items(html + "</div>")) == MAX_ITEMS
