"""One thing two shops sell is one option (scout/steps/samething.py, joined by
``to_candidates``), and its shops' prices are offers, not sources that disagree
(scout/adapters/facts.py ``shop_offers``): the price is the cheapest, each shop's is kept
(``Candidate.offers``) and cited in the report, and the synthesis says no disagreement."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.adapters.facts import shop_offers
from scout.report.render import make_report_env
from scout.report.citations import Citations
from scout.schemas.records import Candidate, Evidence
from scout.schemas.sources import Source
from scout.schemas.task import Money
from scout.stepkit.params import ExtractRules
from scout.steps import rank_enrich
from scout.steps.extract import to_candidates
from scout.steps.samething import one_thing

RULES = ExtractRules(record="candidate")


def _src(title: str, url: str, snippet: str = "") -> Source:
    return Source(title=title, url=url, snippet=snippet, adapter="x")


@pytest.mark.parametrize("a, b, same", [
    ("Pago de Carraovejas Crianza 2019", "Carraovejas Crianza 2019", True),   # the maker
    ("Apple MacBook Air 13 M3", "MacBook Air 13 M3", True),                   # the brand
    ("Bodegas Emilio Moro 2019", "Emilio Moro 2019", True),                   # the winery
    ("Senior Data Scientist", "Data Scientist", False),          # two words alone: two jobs
    ("Apple MacBook Pro Max Edition", "MacBook Pro Max Edition", True),  # three words
    ("Emilio Moro Malleolus 2019", "Emilio Moro 2019", False),   # a word between: another wine
    ("iPhone 15 128 GB", "iPhone 15", False),                    # a version after it
    ("Protos Crianza 2019", "Crianza 2019", False),              # names no one wine
    ("2 x Protos Crianza 2019", "Protos Crianza 2019", False),   # a number before it
    ("Protos Crianza 2019", "Protos Crianza 2019", False),       # the same words: the key's
])
def test_one_thing_is_its_name_with_a_maker_before_it(a: str, b: str, same: bool) -> None:
    from scout.steps.extract import _ordered_words

    assert one_thing(_ordered_words(a), _ordered_words(b)) is same
    assert one_thing(_ordered_words(b), _ordered_words(a)) is same


def test_another_shops_listing_of_one_thing_joins_it() -> None:
    cands, _ = to_candidates([
        _src("Pago de Carraovejas Crianza 2019", "https://vinos.test/carraovejas",
             "Pago de Carraovejas Crianza 2019. 24,90 €."),
        _src("Emilio Moro 2019", "https://vinos.test/emilio-moro", "21,00 €."),
        _src("Carraovejas Crianza 2019", "https://shop.test/carraovejas-crianza-2019",
             "Carraovejas Crianza 2019, Ribera del Duero. 23,50 €."),
        _src("Emilio Moro Malleolus 2019", "https://shop.test/malleolus", "45,00 €."),
    ], RULES, adapter="x", phase="F1", query="ribera del duero crianza 2019")
    assert [c.name for c in cands] == ["Pago de Carraovejas Crianza 2019", "Emilio Moro 2019",
                                       "Emilio Moro Malleolus 2019"]
    assert cands[0].sources == ["https://vinos.test/carraovejas",
                                "https://shop.test/carraovejas-crianza-2019"]


def _money(amount: float) -> Money:
    return Money(amount=amount, currency="EUR", comparator="=")


def _ev(url: str, amount: float, kind: str = "snippet") -> Evidence:
    return Evidence(id=url + str(amount), kind=kind, subject="w", url=url, text="x",
                    price=_money(amount))


def _wine(*evidence: Evidence, sources: tuple[str, ...] = ()) -> Candidate:
    return Candidate(key="w", name="Pago de Carraovejas Crianza 2019", url=sources[0],
                     sources=list(sources), evidence=list(evidence))


A, B = "https://vinos.test/carraovejas", "https://www.shop.test/carraovejas"


def test_two_shops_prices_are_offers_and_the_price_is_the_cheapest() -> None:
    (out,), _ = rank_enrich.enrich([_wine(_ev(A, 24.90), _ev(B, 23.50), sources=(A, B))], [],
                            "EUR", None)
    assert out.price is not None and out.price.amount == 23.50
    assert [(o.shop, o.price.amount) for o in out.offers] == [("shop.test", 23.50),
                                                              ("vinos.test", 24.90)]


def test_sources_that_are_no_shops_listing_keep_the_conservative_price() -> None:
    """A review page's price is no offer: one shop and a review disagree, the highest."""
    review = "https://blog.test/review"
    (out,), _ = rank_enrich.enrich([_wine(_ev(A, 24.90), _ev(review, 29.0, "review"), sources=(A,))],
                            [], "EUR", None)
    assert out.price is not None and out.price.amount == 29.0 and out.offers == []
    assert "offers" not in out.model_dump()  # artifacts of no two shops hash as before


def test_one_shops_pages_are_one_offer() -> None:
    page = "https://vinos.test/carraovejas/2019"
    assert shop_offers([(A, _money(24.9)), (page, _money(26.0))], {A, page},
                       lambda m: m.amount) == []


@pytest.mark.parametrize("lang, cell", [
    ("en", "| 23.50 EUR [1]; 24.90 EUR [2] |"),
    ("es", "| 23,50 € [1]; 24,90 € [2] |"),
])
def test_the_report_cites_each_shops_price_cheapest_first(tmp_path: Path, lang: str,
                                                          cell: str) -> None:
    (out,), _ = rank_enrich.enrich([_wine(_ev(A, 24.90), _ev(B, 23.50), sources=(A, B))], [],
                            "EUR", None)
    (tmp_path / "t.md.j2").write_text('{% import "_report.md.j2" as r with context %}'
                                      '| {{ r.price_shown(c) }}{{ r.cite_figure(c, "price") }} |')
    citations = Citations()
    md = make_report_env(tmp_path, lang).get_template("t.md.j2").render(c=out,
                                                                        citations=citations)
    assert md == cell
    assert [c["url"] for c in citations.items] == [B, A]


@pytest.mark.parametrize("offers, disagree", [([B, A], False), ([], True)])
def test_the_synthesis_says_two_shops_prices_disagree_on_nothing(offers: list[str],
                                                                 disagree: bool) -> None:
    from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
    from scout.adapters.extractive import ExtractiveAdapter
    from scout.config.settings import ExtractiveSettings

    name = "Pago de Carraovejas Crianza 2019"
    req = SynthesisRequest(
        question="q", task={"budget": {"amount": 25, "currency": "EUR"}},
        task_types={"budget": "money"}, candidates=[name],
        evidence=[EvidenceItem(url=u, title=name, subject="w", kind="snippet",
                               text=f"{name}. {p} €.", price=_money(p))
                  for u, p in ((A, 24.90), (B, 23.50))],
        subjects=[SubjectBrief(key="w", name=name, rank=1, offers=offers,
                               price=_money(23.50 if offers else 24.90))])
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    assert bool([c for c in syn.conflicts if c.field == "price"]) is disagree
    assert ("disagree" in syn.text) is disagree
    facts = [f.text for c in syn.candidates for f in c.facts]
    said = f"{name} is offered on 2 sites, cheapest first: 23.50 EUR, 24.90 EUR."
    assert (said in facts) is not disagree, facts
