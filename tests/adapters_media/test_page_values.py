"""Values as pages write them: prices with decimal commas and thousands dots, microdata
values in ``content`` attributes, a job posting's pay, and which node a page is about
when it also names its publisher.

Captures (tests/fixtures/providers/web_pages/SOURCES.md): the JSON-LD of a real topcv.vn
job posting (pay written in words), schema.org's own microdata Event example (values in
``content`` of ``<div>``/``<span>``, as extruct's test sample keeps it) and the real hotel
JSON-LD used elsewhere. No real page with a decimal-comma price in its JSON-LD, or with a
numeric ``baseSalary``, was found: those cases change one value of a real block, and each
test says so.
"""

from __future__ import annotations

import json

import pytest

from scout.adapters.contract import FetchRequest
from scout.adapters.extract import extract
from scout.adapters.jsonld import extract_facts
from scout.steps.fetch import page_evidence
from tests.adapters_media.test_page import html_reply, mock_adapter
from tests.adapters_media.test_page_facts import hotel_json, page, script

EVENT = "microdata-event-content-attributes-schemaorg.html"
JOB = "jobposting-jsonld-topcv-trimmed.html"


def facts_of(html: str):
    found = extract(html)
    return extract_facts(found.jsonld + found.microdata)


def job_json() -> dict:
    body = page(JOB).split(">", 1)[1].rsplit("</script>", 1)[0]
    return json.loads(body)


def evidence(html: str, url: str = "https://shop.example/p/1"):
    fetched = mock_adapter(html_reply(html)).call(FetchRequest(url=url)).value
    return fetched, page_evidence(fetched, None, adapter="page", phase="p",
                                  wanted=["jsonld", "opengraph", "text"])


# --- microdata values in content attributes ---------------------------------------------------


def test_microdata_reads_the_content_attribute_of_any_element() -> None:
    # <div itemprop="price" content="13.00">$13.00</div> and a <span … content="USD" />
    # that HTML does not close (it holds the tickets link): the attribute is the value
    item = extract(page(EVENT)).microdata[0]
    assert item["startDate"] == "2013-09-14T21:30"  # not the shown "Sat Sep 14"
    assert item["offers"]["price"] == "13.00"
    assert item["offers"]["priceCurrency"] == "USD"  # not the link's text "Tickets"
    assert item["offers"]["url"] == "http://www.ticketfly.com/purchase/309433"
    fetched, ev = evidence(page(EVENT), "https://www.hi-dive.com/events/typhoon")
    assert fetched.price_range == "USD 13"
    assert ev.price is not None and (ev.price.amount, ev.price.currency) == (13, "USD")


def test_an_empty_content_attribute_leaves_the_shown_text() -> None:
    # derived from the capture: the price's content attribute emptied
    html = page(EVENT).replace('itemprop="price" content="13.00"', 'itemprop="price" content=""')
    assert extract(html).microdata[0]["offers"]["price"] == "$13.00"
    assert facts_of(html).price_range == "USD 13"


# --- prices written the page's own way ------------------------------------------------------------


@pytest.mark.parametrize("price, expected", [
    ("118.000,50", "COP 118000.5 - 165470"),  # thousands dot, decimal comma
    ("118 000,50", "COP 118000.5 - 165470"),   # thousands space
    ("118\u00a0000", "COP 118000 - 165470"),   # a no-break space, as French pages write it
    ("118,000.50", "COP 118000.5 - 165470"),   # the English way
    ("118000", "COP 118000 - 165470"),
])
def test_offer_prices_with_the_page_s_separators(price: str, expected: str) -> None:
    # derived: the real hotel JSON-LD without its priceRange, its offer's minPrice written
    # as shops in Spain, France or Colombia write it (before: "118.000,50" read 118.0005)
    data = hotel_json()
    del data["priceRange"]
    data["makesOffer"]["priceSpecification"]["minPrice"] = price
    del data["makesOffer"]["price"]
    assert facts_of(script(json.dumps(data))).price_range == expected


def test_two_dots_are_thousands_and_big_amounts_stay_whole() -> None:
    # derived as above: the offer's maxPrice with two thousands dots and cents (before,
    # any amount of more than six digits was printed "1.16547e+06" and read as 1.16547)
    data = hotel_json()
    del data["priceRange"]
    data["makesOffer"]["priceSpecification"]["maxPrice"] = "1.165.470,50"
    assert facts_of(script(json.dumps(data))).price_range == "COP 118000 - 1165470.5"


def test_one_dot_before_three_digits_stays_schema_org_s_decimal_point() -> None:
    # "4.500" is 4.5 (schema.org's numbers use a decimal point), not four thousand five
    # hundred: a rating read as 4500 would be clamped to a perfect 10
    data = hotel_json()
    data["aggregateRating"]["ratingValue"] = "4.500"
    assert facts_of(script(json.dumps(data))).rating == pytest.approx(9.0)


def test_a_price_in_a_shop_s_own_format_reaches_the_evidence() -> None:
    # derived: the real hotel JSON-LD with "1.234,50 €" as its offer's price
    data = hotel_json()
    del data["priceRange"], data["makesOffer"]["priceSpecification"]
    data["makesOffer"].update(price="1.234,50 €", priceCurrency="EUR")
    _, ev = evidence(script(json.dumps(data)))
    assert ev.price is not None and (ev.price.amount, ev.price.currency) == (1234.5, "EUR")


# --- a job posting ----------------------------------------------------------------------------


def test_a_real_job_posting_is_the_page_s_entity() -> None:
    # before: a JobPosting has a title, no name, so no entity and no facts at all
    facts = facts_of(page(JOB))
    assert facts.entity_type == "JobPosting"
    assert facts.name.startswith("Chuyên viên tư vấn khóa học")
    # jobLocation's address; its street field repeats the town, said once
    assert facts.address == "TP. HCM, Hồ Chí Minh, 700000, Việt Nam"


def test_pay_written_with_a_word_for_millions_is_no_price() -> None:
    # the capture's baseSalary: minValue "7 triệu" (7 million); read as 7 VND it would
    # pass any salary floor's check the wrong way, so the page states no price
    assert job_json()["baseSalary"]["value"]["minValue"] == "7 triệu"
    fetched, ev = evidence(page(JOB), "https://www.topcv.vn/viec-lam/17698.html")
    assert fetched.price_range is None and ev.price is None


def test_a_numeric_salary_is_the_job_s_price_per_its_period() -> None:
    # derived: the capture's salary written in figures, as schema.org's example does
    data = job_json()
    data["baseSalary"]["value"].update(minValue=7000000, maxValue=20000000, value=None)
    html = script(json.dumps(data))
    assert facts_of(html).price_range == "VND 7000000 - 20000000 per month"
    _, ev = evidence(html)
    assert ev.price is not None
    assert (ev.price.amount, ev.price.currency, ev.price.per) == (7000000, "VND", "month")


def test_the_job_posting_wins_over_its_site_s_organization_block() -> None:
    # derived: the hiring organization also stated as a top-level block, as sites add one
    # for themselves; the page is about the posting, not about the company
    org = job_json()["hiringOrganization"]
    html = script(json.dumps(org)) + page(JOB)
    facts = facts_of(html)
    assert facts.entity_type == "JobPosting" and facts.name != org["name"]
    # with no posting on the page, the organization is still read
    assert facts_of(script(json.dumps(org))).name == "I Can Read"


# --- which node a real page is about -----------------------------------------------------------
# Three recipe pages saved by hhursev/recipe-scrapers (their JSON-LD script elements kept
# verbatim). A recipe is no kind scout knows by name, which is the point: a page about a
# thing of any type must not be read as its publisher or its FAQ.


def test_a_spanish_page_is_about_its_recipe_not_its_faq_article_or_publisher() -> None:
    # one @graph: an FAQPage whose mainEntity lists 3 Questions, a NewsArticle, the
    # publisher (a NewsMediaOrganization) and the Recipe; before, the first Question
    # ("¿Se puede preparar el risotto con antelación?") was taken for the page's subject
    facts = facts_of(page("recipe-jsonld-faq-hogarmania-es.html"))
    assert (facts.entity_type, facts.name) == ("Recipe", "Risotto de queso")
    assert (facts.rating, facts.rating_count) == (8.0, 3)  # 4 of 5, 3 reviews


def test_a_page_about_a_thing_of_any_type_is_not_read_as_its_publisher() -> None:
    # the Recipe in one block, the site's Organization in a @graph beside it: before, the
    # Organization ("Abuela's Cuban Counter") was the page's name
    facts = facts_of(page("recipe-jsonld-name-in-markup-abuelascounter.html"))
    assert facts.entity_type == "Recipe"
    assert facts.name == "Alita Oliva’s Roast Chicken"  # written "<strong>…<\/strong>"


def test_html_escapes_in_a_real_name_are_read_as_the_text() -> None:
    # food52 escaped its "&" twice: "Sticky Pomegranate &amp;amp; Black Pepper …"
    facts = facts_of(page("recipe-jsonld-escaped-name-food52.html"))
    assert facts.name == "Sticky Pomegranate & Black Pepper Chicken Wings"
    assert facts.rating == pytest.approx(9.11)


def test_a_free_extra_beside_paid_offers_is_not_the_page_s_price() -> None:
    # a Spanish business's JSON-LD (web_pages/SOURCES.md): sessions 45-65 EUR and a free
    # assessment ("Valoración", price "0"); the service costs 45-65, it is not free
    facts = facts_of(page("service-jsonld-free-offer-siluetas-es.html"))
    assert (facts.entity_type, facts.name) == ("Service", "Maderoterapia en Córdoba")
    assert facts.price_range == "EUR 45 - 65"
    # derived: with the paid offer removed, a lone 0 is no price either (a placeholder
    # for "ask us" reads the same), never a free listing that passes every budget
    data = json.loads(page("service-jsonld-free-offer-siluetas-es.html").split(">", 1)[1]
                      .rsplit("</script>", 1)[0])
    data["offers"] = data["offers"][1:]
    _, ev = evidence(script(json.dumps(data)))
    assert ev.price is None


@pytest.mark.parametrize("price, expected", [
    ("1.234,50 € IVA incluido", "EUR 1234.5"),  # words after the currency: still the price
    ("1.234,50 EUR", "EUR 1234.5"),
    ("1,2 millones", None),                      # a multiplier in words: no price, never 1.2
    ("7-20 triệu", None),                        # the capture's range, as its "value" says
])
def test_words_after_a_price(price: str, expected: str | None) -> None:
    # derived: the real hotel JSON-LD with its offer's price written so, no priceRange
    data = hotel_json()
    del data["priceRange"], data["makesOffer"]["priceSpecification"]
    data["makesOffer"].update(price=price, priceCurrency="EUR")
    assert facts_of(script(json.dumps(data))).price_range == expected


@pytest.mark.parametrize("flag", [True, "true", "True", "https://schema.org/True",
                                  ["http://schema.org/True"]])
def test_an_entity_free_to_attend_is_free_though_its_offer_is_0(flag) -> None:
    # derived from the capture above: its lone 0 offer, and the page now saying it is free
    # to attend (schema.org isAccessibleForFree): a free event passes a budget as 0
    data = json.loads(page("service-jsonld-free-offer-siluetas-es.html").split(">", 1)[1]
                      .rsplit("</script>", 1)[0])
    data["offers"] = data["offers"][1:]
    data["isAccessibleForFree"] = flag
    assert facts_of(script(json.dumps(data))).price_range == "Free"
    data["isAccessibleForFree"] = "False"
    assert facts_of(script(json.dumps(data))).price_range is None
