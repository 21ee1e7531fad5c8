"""JSON-LD as sites break it, and prices as shops write them: a currency only in the
price's own text, words after the figure, thousands dots of a currency without cents.

Captures (tests/fixtures/providers/web_pages/SOURCES.md): the JSON-LD of a real
debenhams.com product closed with one ``}`` too many (extruct issue #87), a real
organization block wrapped in ``// <![CDATA[``, extruct's samples of JavaScript escapes
and of quotes left unescaped inside strings (written by its maintainers after pages that
broke it), and schema.org's microdata Event example whose ``lowPrice`` is "$35" with no
``priceCurrency``. Each page runs through the page adapter as a mission's ``fetch`` does;
mutation tests change one thing of a capture and say so.
"""

from __future__ import annotations

import json

import pytest

from scout.adapters.extract import extract
from scout.adapters.jsonld import extract_facts, parse_blocks
from scout.adapters.ldjson import REQUOTE_CHARS, read_block
from scout.adapters.ldvalues import amount_of, currency_in, paid_whole, price_from_offers
from scout.adapters.contract import FetchRequest
from tests.adapters_media.test_page import html_reply, mock_adapter
from tests.adapters_media.test_page_facts import hotel_json, page
from tests.adapters_media.test_page_values import evidence

DEBENHAMS = "jsonld-trailing-brace-debenhams-product.html"


def block(name: str) -> str:
    """The text of a capture's first JSON-LD script."""
    return page(name).split('ld+json">', 1)[1].split("</script>", 1)[0]


# --- junk after the value ---------------------------------------------------------------------


def test_a_product_closed_twice_is_read_with_its_price() -> None:
    reply = mock_adapter(html_reply(page(DEBENHAMS))).call(
        FetchRequest(url="https://www.debenhams.com/p/60742"))
    assert reply.meta["jsonld_broken"] == 0 and reply.meta["entity_type"] == "Product"
    fetched, ev = evidence(page(DEBENHAMS), "https://www.debenhams.com/p/60742")
    assert fetched.name == "Black 'Clint' FT0511 cat eye sunglasses"
    assert fetched.price_range == "GBP 285"
    assert ev.price is not None and (ev.price.amount, ev.price.currency) == (285, "GBP")


@pytest.mark.parametrize("tail", ["}", "};", ";", " oops trailing words", "]", "}\n}}"])
def test_what_follows_a_complete_value_is_left(tail: str) -> None:
    # derived: the real block with other endings a template leaves
    text = block(DEBENHAMS).rstrip().removesuffix("}") + tail
    objects, broken = parse_blocks([text])
    assert broken == 0 and len(objects) == 1
    assert extract_facts(objects).price_range == "GBP 285"


def test_two_values_written_one_after_another_are_both_read() -> None:
    objects, broken = parse_blocks(['{"@type": "Product", "name": "a"}\n{"@type": "Thing"};'])
    assert broken == 0 and [o["@type"] for o in objects] == ["Product", "Thing"]


@pytest.mark.parametrize("text", ['{"@type": "Product", "name": "a"',  # never closed
                                  'oops {"@type": "Product"}',  # junk before the value
                                  '{"name": }', "}", "[1, 2"])
def test_a_block_with_no_complete_value_is_counted_broken(text: str) -> None:
    assert read_block(text) is None
    assert parse_blocks([text, '{"@type": "Hotel", "name": "H"}']) == (
        [{"@type": "Hotel", "name": "H"}], 1)


# --- CDATA, JavaScript escapes, unescaped quotes ---------------------------------------------


def test_a_block_wrapped_in_a_commented_cdata_section_is_read() -> None:
    found = extract(page("jsonld-cdata-comment-lubelska-organization.html"))
    assert found.jsonld_broken == 0
    assert found.jsonld[0]["@context"] == "http://schema.org/"  # "\/" is JSON's own escape
    assert extract_facts(found.jsonld).name == "Lubelska"


def test_javascript_escapes_are_read_as_the_characters_they_stand_for() -> None:
    found = extract(page("jsonld-js-escapes-extruct.html"))
    assert found.jsonld_broken == 0
    video = found.jsonld[0]
    assert video["author"] == "Bob's Channel"  # \'
    assert video["description"] == "Featuring R&B and café music"  # \x26 and \u00e9
    assert video["filePath"] == "C:\\videos\\clip.mp4"  # a lone backslash kept


def test_a_valid_block_is_read_exactly_as_written() -> None:
    # the repairs never run on a block JSON reads: its escapes stay JSON's
    text = r'{"path": "C:\\Users\\x", "q": "say \"hi\"", "u": "caf\u00e9 \/ x"}'
    assert read_block(text) == [{"path": "C:\\Users\\x", "q": 'say "hi"', "u": "café / x"}]


def test_quotes_left_unescaped_inside_strings_are_part_of_the_string() -> None:
    found = extract(page("jsonld-unescaped-quotes-extruct.html"))
    assert found.jsonld_broken == 0 and len(found.jsonld) == 2
    recipe, business = found.jsonld
    assert recipe["recipeInstructions"] == ['1. blablabla two "buttons".5. Dab  Snowmen!']
    assert business["description"] == '<p style="text-align: left;">Open daily.</p>'
    assert business["name"] == "Community Kitchen"


def test_an_unescaped_quote_in_a_real_hotel_name_keeps_its_rating() -> None:
    # derived: the real hotel JSON-LD with its name quoted inside, as a CMS writes it
    text = block("hotel-jsonld-barahona72-v2.html").replace(
        '"Hotel Barahona 72"', '"Hotel "Barahona" 72"', 1)
    assert '"Hotel "Barahona" 72"' in text
    facts = extract_facts(parse_blocks([text])[0])
    assert facts.name == 'Hotel "Barahona" 72'
    assert facts.rating == pytest.approx(8.2) and facts.rating_count == 430


def test_quotes_are_not_guessed_in_a_huge_broken_block() -> None:
    def broken(times: int) -> str:
        return '{"a": "' + 'x "y" ' * times + '"}'
    assert read_block(broken(10)) == [{"a": 'x "y" ' * 10}]
    assert read_block(broken(REQUOTE_CHARS // 6 + 1)) is None


# --- a price whose currency is in its own text -----------------------------------------------


def test_an_event_priced_from_a_dollar_figure_is_priced_in_dollars() -> None:
    fetched, ev = evidence(page("microdata-event-lowprice-dollar-schemaorg.html"))
    assert fetched.name == "Miami Heat at Philadelphia 76ers - Game 3 (Home Game 1)"
    assert fetched.price_range == "USD 35"
    assert ev.price is not None and (ev.price.amount, ev.price.currency) == (35, "USD")


@pytest.mark.parametrize("value, expected", [
    ("$35", "USD"), ("35 €", "EUR"), ("35€", "EUR"), ("EUR 12,50", "EUR"),
    ("R$ 99,90", "BRL"), ("S/ 120", "PEN"), ("Desde 35 €/noche", "EUR"),
    ("120 soles", "PEN"), ("35 - 50 EUR", "EUR"), ("35", None), ("35.00", None),
    (35, None), ("7 triệu", None), ("Priced from", None), (None, None),
])
def test_the_currency_a_price_writes_beside_its_figure(value: object, expected: str | None) -> None:
    assert currency_in(value) == expected


def test_a_stated_price_currency_wins_over_the_figure_s_sign() -> None:
    # derived: the real event's offer with a priceCurrency added
    assert price_from_offers({"lowPrice": "$35", "priceCurrency": "CAD"}, {}) == "CAD 35"
    assert price_from_offers({"lowPrice": "$35"}, {}) == "USD 35"
    assert price_from_offers({"price": "35"}, {}) == "35"


# --- words after a price's figure ---------------------------------------------------------------

#: price texts sampled from real shop pages by scrapinghub/price-parser
#: (tests/test_price_parsing.py, commit 64e213a46a40473ba4f8aa3b249917fdc64d8a16), with the
#: amount that project expects: a currency CLDR's English and Spanish names miss, a unit
#: or a note after the figure must not make the price none
REAL_PRICE_TEXTS = [
    ("419 руб.", 419), ("184,35 lei", 184.35), ("1 890 Р", 1890), ("3,500円", 3500),
    ("950 грн.", 950), ("9 472 Ft", 9472), ("3,439.00 درهم", 3439), (" 423.923 KD", 423.923),
    ("1 690,54 руб. (шт)", 1690.54), ("Цена: 19 000 руб.", 19000), ("10,75 TL", 10.75),
]


@pytest.mark.parametrize("text, amount", REAL_PRICE_TEXTS)
def test_a_real_price_text_keeps_its_amount(text: str, amount: float) -> None:
    assert amount_of(text) == pytest.approx(amount)


@pytest.mark.parametrize("text, amount, currency", [
    ("CHF 1'049,95", 1049.95, "CHF"), ("€1'049,95", 1049.95, "EUR"),  # price-parser's texts
    ("1’234’567.50 CHF", 1234567.5, "CHF"),  # a typographic apostrophe
])
def test_swiss_apostrophes_group_thousands(text: str, amount: float, currency: str) -> None:
    assert amount_of(text) == pytest.approx(amount) and currency_in(text) == currency


@pytest.mark.parametrize("text", ["35 per night", "99,00 inkl. MwSt.", "120 la noche",
                                  "1.234,50 € IVA incluido"])
def test_a_unit_or_a_tax_note_after_the_figure_leaves_it_a_price(text: str) -> None:
    assert amount_of(text) is not None


@pytest.mark.parametrize("text", ["7 triệu", "7-20 triệu", "1,2 millones", "30 mil", "2 Lakh",
                                  "1.5 Mio. €", "3 juta", "5 тыс. руб", "1万円", "2 bn"])
def test_a_word_that_multiplies_the_figure_makes_it_no_price(text: str) -> None:
    assert amount_of(text) is None


def test_a_shown_price_in_roubles_reaches_the_evidence() -> None:
    # derived: the real event example with its lowPrice written as a Russian shop shows it
    # and the currency stated in a meta, as microdata pages do
    html = page("microdata-event-lowprice-dollar-schemaorg.html").replace(
        '<span itemprop="lowPrice">$35</span>',
        '<span itemprop="lowPrice">1 890 руб.</span><meta itemprop="priceCurrency" '
        'content="RUB">')
    assert "1 890 руб." in html
    fetched, ev = evidence(html)
    assert fetched.price_range == "RUB 1890"
    assert ev.price is not None and (ev.price.amount, ev.price.currency) == (1890, "RUB")


# --- a currency paid in whole units ---------------------------------------------------------------


@pytest.mark.parametrize("low, high, expected", [
    ("118.000", "165.470", "COP 118000 - 165470"),  # as the page's own priceRange shows it
    ("118000", "165470", "COP 118000 - 165470"),  # as the capture writes them
    ("118.000,00", "165.470,00", "COP 118000 - 165470"),
])
def test_thousands_dots_of_a_currency_without_cents(low: str, high: str, expected: str) -> None:
    # derived: the real hotel JSON-LD (COP) with its offer's figures written with thousands
    # dots, and no priceRange to fall back on
    data = hotel_json()
    del data["priceRange"]
    data["makesOffer"]["priceSpecification"].update(minPrice=low, maxPrice=high)
    data["makesOffer"]["price"] = low
    assert extract_facts(parse_blocks([json.dumps(data)])[0]).price_range == expected


@pytest.mark.parametrize("offer, expected", [
    ({"price": "4.500", "priceCurrency": "EUR"}, "EUR 4.5"),  # schema.org's decimal point
    ({"price": "423.923", "priceCurrency": "KWD"}, "KWD 423.923"),  # three decimals
    ({"price": "12.500 ₫"}, "VND 12500"),  # the currency its text writes has no cents
    ({"price": "118.50", "priceCurrency": "COP"}, "COP 118.5"),
])
def test_one_dot_before_three_digits_is_a_decimal_point_unless_the_currency_has_no_cents(
        offer: dict, expected: str) -> None:
    assert price_from_offers(offer, {}) == expected


@pytest.mark.parametrize("code, whole", [("COP", True), ("clp", True), ("IDR", True),
                                         ("JPY", True), ("EUR", False), ("USD", False),
                                         ("KWD", False), ("XYZ", False), (None, False)])
def test_which_currencies_are_paid_in_whole_units(code: str | None, whole: bool) -> None:
    assert paid_whole(code) is whole


# --- a comma left out at a line end ------------------------------------------------------------


@pytest.mark.parametrize("after", ['"priceRange"', '"aggregateRating"', '"address"'])
def test_a_comma_left_out_at_a_line_end_is_read_as_there(after: str) -> None:
    # derived: the real hotel JSON-LD, indented, with the comma before one member left out
    # (schema.org's own HotelRoom example shipped so for years: "… WC."⏎ "url" : …)
    data = hotel_json()
    lines = json.dumps(data, indent=2, ensure_ascii=False).splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith(after))
    lines[at - 1] = lines[at - 1].rstrip(",")
    text = "\n".join(lines)
    with pytest.raises(json.JSONDecodeError):
        json.loads(text)
    assert read_block(text) == [data]


def test_commas_are_added_only_between_lines_and_never_inside_strings() -> None:
    text = '{\n "a": "x }\n"\n "b": [1,\n 2]\n "c": true\n "d": "e"\n}'
    assert read_block(text) == [{"a": "x }\n", "b": [1, 2], "c": True, "d": "e"}]
    assert read_block('{"a": "x" "b": 1}') is None  # on one line: not guessed


@pytest.mark.parametrize("price, expected", [
    ("$ 118.000", "USD 118000"),  # shown text: thousands, never 118 (it would pass budgets)
    ("4.500 €", "EUR 4500"), ("35,50 €", "EUR 35.5"), ("$35", "USD 35"),
])
def test_a_figure_that_writes_its_currency_is_read_as_shown_text(price: str,
                                                                  expected: str) -> None:
    # derived: the real event example's lowPrice written so (no priceCurrency anywhere)
    html = page("microdata-event-lowprice-dollar-schemaorg.html").replace(
        '<span itemprop="lowPrice">$35</span>', f'<span itemprop="lowPrice">{price}</span>')
    fetched, _ = evidence(html)
    assert fetched.price_range == expected
