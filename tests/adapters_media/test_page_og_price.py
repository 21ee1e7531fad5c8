"""A page's price stated only in its product meta tags (``product:price:amount`` /
``product:price:currency``, and the ``og:price:*`` form Shopify and Pinterest write).

Capture (tests/fixtures/providers/web_pages/SOURCES.md): the ``<head>`` of a real fye.com
product page (extruct's test sample), whose ``product:price:*`` tags say USD 17.99 and
which has no JSON-LD. No real page with the ``og:price:*`` form, a decimal comma in the
tag or a zero amount was found: those tests change that one thing in the capture, and say
so.
"""

from __future__ import annotations

import pytest

from scout.adapters.extract import extract, og_price
from tests.adapters_media.test_page import V1, V2
from tests.adapters_media.test_page_facts import page
from tests.adapters_media.test_page_values import evidence

FYE = page("opengraph-product-fye-head.html")
TAGS = ('<meta property="product:price:amount" content="17.99" />\n'
        '<meta property="product:price:currency" content="USD" />')


def test_a_product_page_s_price_tags_are_its_price() -> None:
    fetched, ev = evidence(FYE, "https://www.fye.com/better-off-dead.html")
    assert fetched.opengraph["product:availability"] == "in stock"
    assert fetched.price_range == "USD 17.99"
    assert ev.price is not None and (ev.price.amount, ev.price.currency) == (17.99, "USD")


@pytest.mark.parametrize(("amount", "currency", "said"), [
    ("17,99", "EUR", "EUR 17.99"),        # a decimal comma, as European shops write it
    ("1.299,00", "EUR", "EUR 1299"),      # and its thousands dot
    ("1,299.00", "usd", "USD 1299"),      # Shopify's thousands comma; a lowercase code
    ("17.99", "", "17.99"),               # no currency tag: the figure alone (no price)
    ("89.900", "COP", "COP 89900"),       # thousands dot of a currency paid in whole pesos
    ("89.900", "USD", "USD 89.9"),        # and a decimal point where cents exist
    ("0.00", "USD", None),                # a shop's placeholder, as a 0 offer is
    ("call us", "USD", None),
])
def test_the_tags_amount_is_read_in_the_page_s_own_format(amount: str, currency: str,
                                                          said: str | None) -> None:
    # the capture's tags, in the og:price:* form and with another amount and currency
    html = FYE.replace(TAGS, f'<meta property="og:price:amount" content="{amount}" />\n'
                             f'<meta property="og:price:currency" content="{currency}" />')
    assert html != FYE
    assert og_price(extract(html).opengraph) == said


def test_a_structured_offer_wins_over_the_tags() -> None:
    # the real hotel JSON-LD (COP 118.000 - 165.470) with fye's tags put in its page
    fetched, _ = evidence(TAGS + "\n" + V2, "https://hotelbarahona72.com/")
    assert fetched.price_range == "COP 118.000 - 165.470"


def test_the_tags_figure_wins_over_a_price_range_of_signs() -> None:
    # the real hotel JSON-LD whose priceRange is "$$" (no figure), with fye's tags
    fetched, ev = evidence(TAGS + "\n" + V1, "https://hotelbarahona72.com/")
    assert fetched.price_range == "USD 17.99" and ev.price is not None
    assert evidence(V1, "https://hotelbarahona72.com/")[0].price_range == "$$"


def test_a_product_page_s_availability_tag_is_read_where_no_structured_offer_is() -> None:
    # the real capture says "in stock": nothing to say
    fetched, ev = evidence(FYE, "https://www.fye.com/better-off-dead.html")
    assert (fetched.availability, ev.availability) == (None, None)
    # the same capture with that one tag changed (no real out-of-stock head was found)
    for tag, said in (("out of stock", "out of stock"), ("preorder", "pre-order"),
                      ("discontinued", "discontinued")):
        html = FYE.replace('content="in stock"', f'content="{tag}"')
        assert html != FYE
        fetched, ev = evidence(html, "https://www.fye.com/better-off-dead.html")
        assert (fetched.availability, ev.availability) == (said, said)


def test_a_structured_offer_s_availability_wins_over_the_tags() -> None:
    # the real hotel JSON-LD, priced, with fye's tags saying out of stock put in its page
    tags = TAGS + '\n<meta property="product:availability" content="out of stock" />'
    fetched, _ = evidence(tags + "\n" + V2, "https://hotelbarahona72.com/")
    assert fetched.availability is None
