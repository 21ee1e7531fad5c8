"""``rank``'s ``variants:`` (scout/steps/variantprice.py): an item sold in versions at
their own prices (a book's paperback and ebook, a course online or on site). A source's
amount labelled with a version's word is that version's price; the asked version's is
compared, the cheapest version's when none is asked, and two versions' prices are never
sources that disagree (the keyless synthesis's "Sources disagree on the price")."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from scout.schemas.records import Candidate, Candidates, Evidence
from scout.spec.models import InputSpec, Phase, Pipeline
from scout.steps import rank
from scout.steps.variantprice import variant_prices
from scout.stepkit.params import RankParams
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx

FORMATS = {"paperback": ["paperback", "tapa blanda"], "hardcover": ["hardcover", "tapa dura"],
           "ebook": ["ebook", "libro electrónico"]}


@pytest.mark.parametrize("text,want", [
    # the label before the amount, in its clause; a ". " ends a clause, "$32.00" does not
    ("Tapa blanda, 352 páginas: 18,90 €. Ebook: 9,99 €. 4,1/5 en Goodreads.",
     {"paperback": 18.9, "ebook": 9.99}),
    ("Hardcover, 416 pages: $32.00. Published 2022.", {"hardcover": 32.0}),
    # after the amount, in its own segment; each amount its nearest label
    ("$12 paperback, $25 hardcover", {"paperback": 12.0, "hardcover": 25.0}),
    ("Paperbacks $12, hardcover $25; ebooks from $7.99",
     {"paperback": 12.0, "hardcover": 25.0, "ebook": 7.99}),
    ("TAPA DURA 24,90 € · libro electronico 12 €", {"hardcover": 24.9, "ebook": 12.0}),
    # an amount no version labels, or a version word with no amount: nothing
    ("Only 19,50 €. Also as an ebook.", {}),
])
def test_each_amount_is_the_version_its_clause_names(text, want):
    got = {v: m.amount for v, m in variant_prices(text, FORMATS).items()}
    assert got == want


INPUTS = {"topic": InputSpec(type="subject"), "budget": InputSpec(type="money"),
          "format": InputSpec(type="string", enum=list(FORMATS),
                              synonyms={k: v[1:] for k, v in FORMATS.items()})}


def _book(key: str, *texts: str) -> Candidate:
    from scout.steps.extract import find_price

    return Candidate(key=key, name=key, url=f"https://books.test/{key}", evidence=[
        Evidence(id=f"{key}{i}", kind="snippet", subject=key, url=f"https://shop{i}.test/{key}",
                 text=t, price=find_price(t)) for i, t in enumerate(texts)])


def _rank(query: str, *books: Candidate, variants: str | None = "format"):
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 2))
    params = RankParams(items="candidates", as_="book", variants=variants,
                        where=["task.budget is none or book.price is none or "
                               "book.price.amount <= task.budget.amount"],
                        order_by=["book.price.amount if book.price else none"],
                        descending=False)
    ctx = _ctx(params, {"candidates": Candidates(items=list(books))}, task)
    pipe = Pipeline(apiVersion="scout/v1", name="books", inputs=INPUTS,
                    phases={"R1": Phase(uses="rank")})
    return rank.run(dataclasses.replace(ctx, pipeline=pipe))


# one title, two shops: the hardcover at one, the paperback and the ebook at the other
LIFE = ("Hardcover, 416 pages: $32.00.", "Paperback $18.99, ebook $9.99.")


def test_the_asked_version_is_compared_not_the_dearest_source():
    short = _rank("a biography of Cajal, paperback, under $20", _book("life", *LIFE))
    [item] = short.items
    assert item.candidate.price.amount == 18.99          # not the hardcover's 32
    # the other versions' prices are not the record's: no disagreement to report
    assert {e.price.amount for e in item.candidate.evidence if e.price} == {18.99}


def test_none_asked_the_cheapest_version_is_compared():
    short = _rank("a biography of Cajal under $15", _book("life", *LIFE))
    assert [i.candidate.price.amount for i in short.items] == [9.99]
    # without variants, the same sources disagree and the highest is checked
    short = _rank("a biography of Cajal under $15", _book("life", *LIFE), variants=None)
    assert [c.key for c, _ in short.excluded] == ["life"]


def test_a_version_no_source_prices_is_unknown_not_another_versions_price():
    short = _rank("a biography of Cajal, ebook, under $20",
                  _book("life", "Hardcover, 416 pages: $32.00."),
                  _book("brain", "The Beautiful Brain. 208 pages, $19.00."))
    kept = {i.candidate.key: i.candidate for i in short.items}
    assert kept["life"].price is None and "price unknown" in kept["life"].flags
    # an amount no version labels is read as before
    assert kept["brain"].price.amount == 19.0


@pytest.mark.parametrize("query,text", [
    ("a biography of Cajal, ebook, under $20", "Hardcover, 416 pages: $32.00."),
    ("biografía de Cajal en ebook, menos de 30 €", "Tapa dura, 416 páginas: 24,90 €."),
    ("biografía de Cajal, tapa blanda, máximo 20 €", "Ebook 9,99 €."),
])
def test_a_record_priced_off_another_version_has_no_price_for_the_one_asked(query, text):
    # the search's own record carries the price its snippet states (the accountants
    # kind's "autónomos 40 €/mes" for a company asked): the evidence's was taken away
    # as another version's, and the record's own stood, compared as the one asked
    from scout.steps.extract import find_price

    book = _book("life", text).model_copy(update={"price": find_price(text)})
    assert book.price is not None
    [item] = _rank(query, book).items
    assert item.candidate.price is None and "price unknown" in item.candidate.flags
