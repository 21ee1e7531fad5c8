"""Extraction rules and ranking on realistic search results (no network)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
import yaml

from scout.config.loader import load_config
from scout.schemas.records import Candidates, EvidenceSet
from scout.schemas.sources import Source
from scout.schemas.task import Money
from scout.spec.models import InputSpec, Phase, Pipeline
from scout.steps import rank, rank_enrich, search
from scout.stepkit.context import StepContext
from scout.steps.extract import find_price, find_rating, name_key, to_candidates, to_evidence
from scout.steps.placenames import places_of, request_places
from scout.stepkit.params import ExtractRules, RankParams, SearchParams
from scout.task.build import build_task
from scout.adapters.contract import ChainOutcome

ROOT = Path(__file__).resolve().parents[2]
HOTEL_SPEC = yaml.safe_load((ROOT / "pipelines/hotel_research.yaml").read_text())
F1_RULES = ExtractRules(**HOTEL_SPEC["phases"]["F1"]["with"]["extract"])


def S(title: str, url: str, snippet: str = "", adapter: str = "duckduckgo") -> Source:
    return Source(title=title, url=url, snippet=snippet, adapter=adapter)


F1_RESULTS = [
    S("THE 10 BEST Hotels in Barcelona 2026 - Tripadvisor",
      "https://www.tripadvisor.com/Hotels-g187497-Barcelona-Hotels.html"),
    S("Hotel Arts Barcelona | Official Site", "https://www.hotelartsbarcelona.com/",
      "Rated 9.1/10 from 2,345 reviews. Rooms from €320 per night"),
    S("Hotel Arts Barcelona - Booking.com", "https://www.booking.com/hotel/es/arts.html",
      "Guests rate it 8.9 out of 10"),
    S("Casa Bonay, Barcelona", "https://casabonay.com/", "from 180 EUR a night"),
    S("Hotel Casa Bonay - Booking.com", "https://www.booking.com/hotel/es/casa-bonay.html",
      "8.8/10"),
    S("Generator Barcelona - Hostelworld", "https://www.hostelworld.com/generator", ""),
]


def test_rating_and_price_readings() -> None:
    assert find_rating("Guests rate it 8.9 out of 10") == (8.9, None)
    assert find_rating("4 out of 5 (1,203 reviews)") == (8.0, 1203)
    assert find_rating("9.1/10") == (9.1, None)
    assert find_rating("a 5-star hotel on the beach") is None
    assert find_rating("no numbers here") is None
    # critics' points: out of 100 above 10 (no critic scores under 50), Spanish score words
    assert find_rating("Robert Parker: 93 puntos. 24,90 €") == (9.3, None)
    assert find_rating("91 points, Wine Spectator") == (9.1, None)
    assert find_rating("8.5 points from guests") == (8.5, None)
    assert find_rating("earn 30 points with every stay") is None
    assert find_rating("Puntuación: 92") == (9.2, None)
    assert find_rating("nota 8,5") == (8.5, None)
    price = find_price("Double room 150 € per night, breakfast 20 EUR")
    assert price == Money(amount=150, currency="EUR", comparator="=", per="night")
    assert find_price("nothing to pay") is None


def test_candidates_cleaned_filtered_and_merged() -> None:
    cands, dropped = to_candidates(F1_RESULTS, F1_RULES, adapter="duckduckgo", phase="F1",
                                   places=places_of(["Barcelona"]))
    names = [c.name for c in cands]
    assert names == ["Hotel Arts Barcelona", "Casa Bonay", "Generator Barcelona"]
    assert dropped == ["THE 10 BEST Hotels in Barcelona 2026 - Tripadvisor"]
    arts = cands[0]
    assert arts.url == "https://www.hotelartsbarcelona.com/"  # own site preferred
    assert len(arts.sources) == 2 and arts.rating == 9.1 and arts.rating_count == 2345
    assert arts.price == Money(amount=320, currency="EUR", comparator="=", per="night")
    bonay = cands[1]
    assert "Hotel Casa Bonay" in bonay.aliases  # merged by name key
    assert all(e.subject == c.key for c in cands for e in c.evidence)


def test_shared_domains_never_merge_different_candidates() -> None:
    srcs = [S("Hotel One - Booking.com", "https://www.booking.com/hotel/es/one.html"),
            S("Hotel Two - Booking.com", "https://www.booking.com/hotel/es/two.html")]
    cands, _ = to_candidates(srcs, F1_RULES, adapter="x", phase="F1")
    assert [c.name for c in cands] == ["Hotel One", "Hotel Two"]


def test_name_key_ignores_generic_words_and_accents() -> None:
    assert name_key("Hotel Arts Barcelona") == name_key("The Arts Barcelona Hotel")
    assert name_key("Hôtel Café Élysée") == "elysee"


@pytest.mark.parametrize("spanish, english", [
    ("Restaurante Botín", "Botín"),                 # the kind's noun in Spanish (the catalog's)
    ("Restaurantes Lizarran", "Lizarran Restaurants"),  # and its plural in either language
    ("Hoteles Catalonia Barcelona", "Catalonia Barcelona Hotels"),
    ("Bares El Xampanyet", "El Xampanyet Bar"),
])
def test_a_kind_s_noun_in_spanish_is_generic_as_in_english(spanish: str, english: str) -> None:
    assert name_key(spanish) == name_key(english)


def test_one_restaurant_titled_in_spanish_and_without_its_noun_is_one_candidate() -> None:
    srcs = [S("Restaurante Botín", "https://www.botin.es/"),
            S("Botín | Madrid", "https://www.tripadvisor.es/botin")]
    cands, _ = to_candidates(srcs, F1_RULES, adapter="x", phase="F1",
                             query="restaurantes en Madrid")
    assert [c.name for c in cands] == ["Restaurante Botín"]


def _ctx(params, inputs, task, item=None, outcome=None) -> StepContext:
    phase = Phase(uses="rank")
    pipe = Pipeline(apiVersion="scout/v1", name="t", phases={"R1": phase})

    class GW:
        def call(self, request):
            return outcome

    from scout.spec.templating import make_env

    def render(text: str) -> str:
        return make_env().from_string(text).render(task=task, hotel=item)

    return StepContext(
        mission_id="m", phase_id="R1", phase=phase, pipeline=pipe, params=params,
        inputs=inputs, config=load_config(ROOT / "config/adapters.yaml"), root=ROOT,
        run_dir=ROOT, today=dt.date(2026, 11, 29), task=task, item=item,
        gateway=GW(), render=render,
    )


HOTEL_INPUTS = {
    "destination": InputSpec(type="place", required=True),
    "month": InputSpec(type="month"),
    "budget": InputSpec(type="money"),
    "min_rating": InputSpec(type="rating", default=8.0),
}


def test_search_step_reviews_for_one_item_with_provenance() -> None:
    task = build_task("hotels in Barcelona under 200 EUR", HOTEL_INPUTS,
                      today=dt.date(2026, 11, 29))
    cands, _ = to_candidates(F1_RESULTS, F1_RULES, adapter="duckduckgo", phase="F1",
                             places=request_places(task))
    reviews = [S("Casa Bonay reviews", "https://www.tripadvisor.com/casa-bonay", "4.5 out of 5"),
               S("Unrelated Palace review", "https://example.com/palace", "9/10")]
    outcome = ChainOutcome(value=reviews, answered_by="duckduckgo", chain="web")
    params = SearchParams(query="{{ hotel.name }} {{ task.destination }} reviews",
                          extract=ExtractRules(record="review"))
    ctx = _ctx(params, {}, task, item=cands[1], outcome=outcome)
    ctx.phase_id = "F2"
    out = search.run(ctx)
    assert isinstance(out, EvidenceSet)
    assert [e.url for e in out.items] == ["https://www.tripadvisor.com/casa-bonay"]
    ev = out.items[0]
    assert (ev.subject, ev.rating, ev.adapter, ev.phase) == ("casa-bonay", 9.0, "duckduckgo", "F2")
    # what was dropped did not name the hotel (a fan-out's evidence need not be a review)
    assert "1 result did not name Casa Bonay" in out.notes


def test_rank_filters_by_budget_and_rating_and_converts_currency() -> None:
    task = build_task("hotels in Barcelona under 200 EUR", HOTEL_INPUTS,
                      today=dt.date(2026, 11, 29))
    cands, _ = to_candidates(F1_RESULTS, F1_RULES, adapter="duckduckgo", phase="F1",
                             places=request_places(task))
    prices = EvidenceSet(items=to_evidence(
        [S("Generator Barcelona", "https://g.example/", "beds from $60 per night")],
        ExtractRules(record="price"), kind="price", subject=cands[2], adapter="tavily",
        phase="F4")[0])
    params = RankParams(**HOTEL_SPEC["phases"]["R1"]["with"])
    inputs = {"candidates": Candidates(items=cands), "prices": prices}
    short = rank.run(_ctx(params, inputs, task))
    kept = [i.candidate.name for i in short.items]
    excluded = {c.name: reasons for c, reasons in short.excluded}
    assert "Hotel Arts Barcelona" in excluded  # 320 EUR > 200 EUR
    assert any("budget" in r for r in excluded["Hotel Arts Barcelona"])
    assert kept == ["Casa Bonay", "Generator Barcelona"]  # rated first, unknown rating last
    gen = short.items[1].candidate
    assert gen.price_converted is not None and gen.price_converted.currency == "EUR"
    assert gen.price_converted.amount == pytest.approx(60 / 1.08, abs=0.01)
    assert "rating unknown" in gen.flags
    assert short.approximate_currency and short.rates_as_of == "2026-11-01"


def test_rank_checks_the_conservative_price_and_rating_when_sources_disagree() -> None:
    from scout.schemas.records import Candidate, Evidence

    def ev(url: str, **kw) -> Evidence:
        return Evidence(id=url + str(kw), kind="price", subject="h", url=url, **kw)

    night = dict(currency="EUR", per="night")
    cand = Candidate(key="h", name="Hotel H", evidence=[
        ev("https://a.example/", price=Money(amount=135, **night)),
        # one source offering two rooms: its offer is the cheaper one
        ev("https://b.example/", price=Money(amount=190, **night)),
        ev("https://b.example/", price=Money(amount=260, **night)),
        # a bare price range (no unit) is not compared with nightly rates
        ev("https://c.example/", price=Money(amount=400, currency="EUR")),
        ev("https://a.example/r", rating=9.2, rating_count=1200),
        ev("https://d.example/r", rating=8.4),
    ])
    (out,), _ = rank_enrich.enrich([cand], [], "EUR", None)
    assert out.price == Money(amount=190, **night)  # highest of the per-source offers
    assert out.rating == 8.4 and out.rating_count == 1200  # lowest rating, largest count
    task = build_task("hotels in Barcelona under 180 EUR", HOTEL_INPUTS,
                      today=dt.date(2026, 11, 29))
    params = RankParams(**HOTEL_SPEC["phases"]["R1"]["with"])
    short = rank.run(_ctx(params, {"candidates": Candidates(items=[cand])}, task))
    # 135 EUR from one source would pass a 180 EUR budget; the conservative 190 does not
    assert short.items == [] and short.excluded[0][0].price.amount == 190


def test_one_domain_listing_different_products_keeps_them_apart() -> None:
    # a shop or review site not in shared_domains: different names on different pages
    # of one domain are different candidates (laptops, not one hotel's site)
    srcs = [S("Dell XPS 13 (2026)", "https://shop.test/dell-xps-13", "1,099 USD"),
            S("MacBook Air 15 M4", "https://shop.test/macbook-air-15", "1.599 €"),
            S("XPS 13 deals", "https://shop.test/deals/xps-13", "")]
    cands, _ = to_candidates(srcs, F1_RULES, adapter="x", phase="F1")
    assert [c.name for c in cands] == ["Dell XPS 13 (2026)", "MacBook Air 15 M4"]
    assert cands[0].aliases == ["XPS 13 deals"]  # shares a word: the same product


def test_function_words_do_not_make_two_listings_one() -> None:
    # an agency's flats are all "Piso en ..." / "Flat in ...": the kind's noun plus a
    # preposition was "most of the words" of the shorter name, so every listing of the
    # site merged into the first one with the others' prices and specs as its evidence
    srcs = [S("Piso en alquiler en calle de Embajadores, Lavapiés", "https://agencia.test/1",
              "2 habitaciones, 1.150 €/mes"),
            S("Piso en Usera", "https://agencia.test/2", "900 €/mes"),
            S("Piso con terraza en Tetuán", "https://agencia.test/3", "1.000 €/mes"),
            S("Flat in Graça", "https://agency.test/a", "€950/month"),
            S("Flat in Benfica", "https://agency.test/b", "€1,100/month"),
            S("Flat in Benfica, Lisbon", "https://agency.test/c", "")]
    cands, _ = to_candidates(srcs, F1_RULES, adapter="x", phase="F1")
    assert [c.name for c in cands] == ["Piso en alquiler en calle de Embajadores, Lavapiés",
                                       "Piso en Usera", "Piso con terraza en Tetuán",
                                       "Flat in Graça", "Flat in Benfica"]
    assert cands[4].aliases == ["Flat in Benfica, Lisbon"]  # its own words: the same flat


def test_a_word_other_candidates_listings_use_does_not_say_which_one_a_result_is_about() -> None:
    # "bedroom" is in one flat's name only, but every listing states bedrooms: the
    # penthouse's page ("3 bedrooms, ... €2,600/month") was kept as evidence about the
    # "2-bedroom apartment in Alfama", whose price then read as 2,600
    from scout.schemas.records import Candidate
    from scout.steps.extract import shared_words

    names = ["2-bedroom apartment in Alfama", "Penthouse in Chiado", "Flat in Graça"]
    texts = ["Furnished 2-bed flat, 75 m2, €1,400/month.", "3 bedrooms, 120 sqm, €2,600/month.",
             "Furnished 1 bedroom flat, 48 m2, €950/month."]
    assert shared_words(names) == frozenset()
    shared = shared_words(names, texts)
    assert "bedroom" in shared and "alfama" not in shared and "apartment" not in shared
    alfama = Candidate(key="alfama", name=names[0])
    srcs = [S("Penthouse in Chiado", "https://lx.test/chiado", texts[1]),
            S("Alfama, 2-bedroom apartment", "https://lx.test/alfama", texts[0])]
    review = ExtractRules(record="review")
    got, dropped = to_evidence(srcs, review, kind="review", subject=alfama, adapter="x",
                               phase="F2", shared=shared)
    assert [e.url for e in got] == ["https://lx.test/alfama"] and dropped == 1


def test_a_sites_home_page_merges_its_other_pages() -> None:
    srcs = [S("Welcome", "https://www.casa-azul.test/", "8.9/10"),
            S("Our rooms", "https://www.casa-azul.test/rooms", "from 120 EUR")]
    cands, _ = to_candidates(srcs, F1_RULES, adapter="x", phase="F1")
    assert [c.name for c in cands] == ["Welcome"] and cands[0].price is not None


def test_a_chains_home_page_does_not_absorb_the_hotels_its_site_names() -> None:
    """Once a site's home page was a candidate, every other page of the site joined it: a
    chain's home page took in its hotels (their prices its "disagreeing sources"). Only a
    page that names nothing of its own (a section: "Ofertas y promociones") joins; one
    naming a hotel is one, whichever of the two comes first."""
    home = S("Meliá Hotels International", "https://www.melia.test/", "Hotels worldwide")
    hotels = [S("Meliá Madrid Princesa", "https://www.melia.test/madrid/princesa", "150 EUR"),
              S("Gran Meliá Palacio de los Duques", "https://www.melia.test/madrid/duques",
                "320 EUR"),
              S("Innside Madrid Gran Vía", "https://www.melia.test/madrid/innside", "140 EUR")]
    offers = S("Ofertas y promociones", "https://www.melia.test/ofertas", "")
    for srcs in ([home, *hotels, offers], [*hotels, home, offers]):
        cands, _ = to_candidates(srcs, F1_RULES, adapter="x", phase="F1",
                                 query="hotels in Madrid")
        assert sorted(c.name for c in cands) == sorted(s.title for s in [home, *hotels])
        [chain] = [c for c in cands if c.name == home.title]
        assert chain.aliases == [offers.title] and chain.price is None
        assert all(c.price is not None for c in cands if c is not chain)


def test_one_dealer_listing_cars_of_one_make_keeps_them_apart() -> None:
    # every listing shares the make (and "hybrid"): one shared word used to merge all of
    # them into the first car, with the highest price and mileage of the lot
    srcs = [S("Toyota C-HR 1.8 Hybrid Advance", "https://cars.test/chr", "16.900 €"),
            S("Toyota Corolla 1.8 Hybrid Active", "https://cars.test/corolla", "14.500 €"),
            S("Toyota Prius Plus", "https://cars.test/prius", "15.000 €"),
            S("Toyota Corolla Hybrid Active 2019", "https://cars.test/corolla-2", "")]
    cands, _ = to_candidates(srcs, F1_RULES, adapter="x", phase="F1")
    assert [c.name for c in cands] == ["Toyota C-HR 1.8 Hybrid Advance",
                                       "Toyota Corolla 1.8 Hybrid Active", "Toyota Prius Plus"]
    assert cands[1].aliases == ["Toyota Corolla Hybrid Active 2019"]  # most words shared


def test_fan_out_evidence_names_its_candidate_by_its_own_words() -> None:
    from scout.schemas.records import Candidate
    from scout.steps.extract import shared_words

    names = ["Toyota Corolla Hybrid Active", "Toyota Yaris Hybrid City", "Toyota Prius Plus"]
    shared = shared_words(names)
    assert shared == {"toyota", "hybrid"}
    corolla = Candidate(key="corolla", name=names[0])
    srcs = [S("Toyota Yaris hybrid, 140.000 km", "https://cars.test/yaris", "11.000 €"),
            S("Corolla 1.8 specs", "https://specs.test/corolla", "85.000 km")]
    review = ExtractRules(record="review")
    got, dropped = to_evidence(srcs, review, kind="review", subject=corolla, adapter="x",
                               phase="F2", shared=shared)
    assert [e.url for e in got] == ["https://specs.test/corolla"] and dropped == 1
    # without siblings every word counts, as before: the make alone still attaches
    got, _ = to_evidence(srcs, review, kind="review", subject=corolla, adapter="x", phase="F2")
    assert len(got) == 2


def test_a_word_of_the_name_in_a_url_is_no_mention() -> None:
    """A fan-out result cites a candidate when its title or snippet names it, or its URL
    does strongly: the candidate's own site, or its whole name as a slug. One word of the
    name somewhere in the URL ("barcelona", "arts") is a page about something else."""
    from scout.schemas.records import Candidate

    arts = Candidate(key="arts", name="Hotel Arts Barcelona",
                     url="https://www.hotelartsbarcelona.com/",
                     sources=["https://www.hotelartsbarcelona.com/"])
    kept = ["https://www.hotelartsbarcelona.com/en/rooms",  # its own site
            "https://reviews.test/Hotel_Review-d190616-Hotel_Arts_Barcelona-Catalonia.html",
            "https://reviews.test/review?h=hotel-arts-barcelona"]  # its whole name
    other = ["https://blog.test/barcelona/arts-district-walk",  # a word or two, apart
             "https://www.booking.com/hotel/es/arts-and-crafts.html",
             "https://news.test/2026/hotel-barcelona-arts-festival"]  # all words, not the name
    srcs = [S("Rooms and suites", u, "Sea views from every room") for u in kept + other]
    review = ExtractRules(record="review")
    got, dropped = to_evidence(srcs, review, kind="review", subject=arts, adapter="x",
                               phase="F2")
    assert [e.url for e in got] == kept and dropped == len(other)
    # the title naming it is enough wherever the page is
    got, _ = to_evidence([S("Hotel Arts Barcelona: 9.1 on 2,000 reviews", other[0])], review,
                         kind="review", subject=arts, adapter="x", phase="F2")
    assert len(got) == 1
    # a candidate known only by an aggregator's page has no site of its own there: other
    # listings on that aggregator are not about it
    listed = Candidate(key="casa", name="Casa Bonay", url="https://www.booking.com/",
                       sources=["https://www.booking.com/"])
    got, dropped = to_evidence(
        [S("Reviews", "https://www.booking.com/hotel/es/generator.html"),
         S("Reviews", "https://www.booking.com/hotel/es/casa-bonay.html")],
        review, kind="review", subject=listed, adapter="x", phase="F2")
    assert [e.url for e in got] == ["https://www.booking.com/hotel/es/casa-bonay.html"]


def test_rank_flags_unknown_only_what_its_expressions_read() -> None:
    # a flats or cars kind never checks a rating: every record used to be "kept, though
    # not everything could be checked: rating unknown"
    from scout.schemas.records import Candidate

    task = build_task("hotels in Barcelona under 200 EUR", HOTEL_INPUTS,
                      today=dt.date(2026, 11, 29))
    flat = Candidate(key="f", name="Piso en Usera")
    params = RankParams(items="candidates", **{"as": "flat"},
                        where=["task.budget is none or flat.price is none or "
                               "flat.price.amount <= task.budget.amount"],
                        order_by=["flat['evidence_count']"])
    short = rank.run(_ctx(params, {"candidates": Candidates(items=[flat])}, task))
    assert short.items[0].candidate.flags == ["price unknown"]
    by_rating = RankParams(items="candidates", **{"as": "flat"}, order_by=["flat.rating or 0"])
    short = rank.run(_ctx(by_rating, {"candidates": Candidates(items=[flat])}, task))
    # a rating only order_by reads checked nothing: the flag says what it was for
    assert short.items[0].candidate.flags == ["rating unknown (used only to order the list)"]


def test_a_sites_pages_on_the_searched_topic_stay_apart() -> None:
    """Every result shares the query's words: two papers of one repository whose titles
    share only the topic searched for are two candidates; titles that share a word of
    their own still merge, and so does a name that is nothing but the query's words."""
    srcs = [S("Evaluating Retrieval-Augmented Generation: A Survey", "https://repo.test/abs/1"),
            S("RAGAS: Automated Evaluation of Retrieval Augmented Generation",
              "https://repo.test/abs/2"),
            S("RAGAS evaluation of retrieval augmented generation (v2)",
              "https://repo.test/abs/2v2")]
    query = "retrieval-augmented generation evaluation paper"
    cands, _ = to_candidates(srcs, F1_RULES, adapter="x", phase="F1", query=query)
    assert [c.name for c in cands] == [srcs[0].title, srcs[1].title]
    assert cands[1].aliases == [srcs[2].title]
    # without the query, the topic's words alone would make them one (what this guards),
    # but each title puts a word of its own before them: two things anyway
    # (scout.steps.samething.two_things)
    cands, _ = to_candidates(srcs[:2], F1_RULES, adapter="x", phase="F1")
    assert len(cands) == 2
    laptops = [S("Dell XPS 13", "https://shop.test/dell-xps-13"),
               S("XPS 13 deals", "https://shop.test/xps-13-deals")]
    cands, _ = to_candidates(laptops, F1_RULES, adapter="x", phase="F1", query="dell xps 13")
    assert len(cands) == 1
    # a shop's two wines share the grape searched for and one word of their own: the
    # query's words do not count towards "most of their words" either
    wines = [S("Willamette Valley Vineyards Pinot Noir 2022", "https://shop.test/wvv"),
             S("Eyrie Vineyards Pinot Noir 2020", "https://shop.test/eyrie")]
    cands, _ = to_candidates(wines, F1_RULES, adapter="x", phase="F1", query="pinot noir oregon")
    assert [c.name for c in cands] == [w.title for w in wines]


def test_a_repositorys_papers_are_never_merged_by_domain() -> None:
    """A search in Spanish for English papers: their titles share words the query does not
    have, but arXiv lists many papers, one a page, as booking.com lists hotels."""
    srcs = [S("Evaluating Retrieval-Augmented Generation: A Survey", "https://arxiv.org/abs/2405.07437"),
            S("RAGAS: Automated Evaluation of Retrieval Augmented Generation",
              "https://arxiv.org/abs/2309.15217"),
            S("Retrieval-Augmented Generation for Large Language Models: A Survey",
              "https://www.semanticscholar.org/paper/46f9f7b8")]
    cands, _ = to_candidates(srcs, F1_RULES, adapter="x", phase="F1",
                             query="artículo evaluación de generación aumentada")
    assert [c.name for c in cands] == [s.title for s in srcs]


def test_one_site_listing_offers_that_differ_by_a_quantity_keeps_them_apart() -> None:
    # a comparison site's plans share most words (the country, the units) and differ by
    # their numbers: "20 GB" and "10 GB" are two offers, not two names of one
    srcs = [S("Airalo Japan 20 GB 30 days", "https://esim.test/airalo", "26 €"),
            S("Ubigi Japan 10 GB 30 days", "https://esim.test/ubigi", "15 €"),
            S("Nomad Japan 20 GB 7 days", "https://esim.test/nomad", "18 €"),
            S("Airalo Japan 20 GB 30 days eSIM", "https://esim.test/airalo-esim", "")]
    cands, _ = to_candidates(srcs, F1_RULES, adapter="x", phase="F1", query="esim japan 20 GB")
    assert [c.name for c in cands] == ["Airalo Japan 20 GB 30 days", "Ubigi Japan 10 GB 30 days",
                                       "Nomad Japan 20 GB 7 days"]
    assert cands[0].aliases == ["Airalo Japan 20 GB 30 days eSIM"]  # same numbers: one offer
    assert [c.price.amount for c in cands if c.price] == [26, 15, 18]
    shop = [S("iPhone 15 128 GB", "https://shop.test/iphone-15-128", "799 €"),
            S("iPhone 15 256 GB", "https://shop.test/iphone-15-256", "929 €")]
    cands, _ = to_candidates(shop, F1_RULES, adapter="x", phase="F1")
    assert [c.price.amount for c in cands if c.price] == [799, 929]


def test_a_kinds_own_category_words_do_not_make_two_listings_one() -> None:
    """A directory lists many practices named by the kind's category ("Clínica Dental
    Ruzafa", "Clínica Dental Benimaclet"): those words, the pipeline's enum values and
    synonyms, say nothing of which one a title names, as the query's do not; without
    them the second clinic merged into the first, its rating and price with it."""
    from scout.spec.evidence import enum_words

    inputs = {"specialty": InputSpec(type="string", enum=["dentist", "gp"],
                                     synonyms={"dentist": ["dentista", "clínica dental"]})}
    words = enum_words(inputs)
    assert words == ["dentist", "dentista", "clínica dental", "gp"]
    srcs = [S("Clínica Dental Ruzafa", "https://dir.test/ruzafa", "4,8/5. 40 €"),
            S("Clínica Dental Benimaclet", "https://dir.test/benimaclet", "4,9/5. 35 €"),
            S("Clínica Dental Ruzafa, opiniones", "https://dir.test/ruzafa/opiniones", "")]
    cands, _ = to_candidates(srcs, F1_RULES, adapter="x", phase="F1",
                             query="dentista en Valencia", kind_words=words)
    assert [c.name for c in cands] == ["Clínica Dental Ruzafa", "Clínica Dental Benimaclet"]
    assert cands[1].price is not None and cands[1].price.amount == 35
    assert cands[0].aliases == ["Clínica Dental Ruzafa, opiniones"]  # its own word: one
    # without the kind's words they would share most words, but each has a word of its
    # own (a family's two members: scout.steps.samething.two_things), so two either way
    cands, _ = to_candidates(srcs, F1_RULES, adapter="x", phase="F1", query="dentista en Valencia")
    assert len(cands) == 2


def test_names_of_two_values_of_one_enum_input_are_two_listings() -> None:
    """A directory's "British School of Valencia" and "American School of Valencia" (a
    curriculum), a dealer's "Toyota Corolla Hybrid" and "Toyota Corolla Diesel" (a fuel)
    share most words, and the words they differ by are two values of one of the kind's
    enum inputs: two things. Merged, the second's price and rating became the first's
    (a "disagreement" of sources about one school)."""
    from scout.spec.evidence import enum_values, enum_words

    inputs = {"curriculum": InputSpec(type="string", enum=["british", "american"],
                                      synonyms={"british": ["británico"]}),
              "fuel": InputSpec(type="string", enum=["hybrid", "diesel"],
                                synonyms={"hybrid": ["híbrido"]})}
    values = enum_values(inputs)
    assert values == [[("british", "británico"), ("american",)], [("hybrid", "híbrido"), ("diesel",)]]
    schools = [S("British School of Valencia", "https://dir.test/bsv", "4,7/5. 750 €"),
               S("American School of Valencia", "https://dir.test/asv", "4,8/5. 800 €"),
               S("British School of Valencia admissions", "https://dir.test/bsv/admissions", "")]
    cars = [S("Toyota Corolla Hybrid", "https://cars.test/corolla-h", "18.900 €"),
            S("Toyota Corolla Diesel", "https://cars.test/corolla-d", "14.500 €")]
    for srcs, query, names, prices in [
            (schools, "British school in Valencia",
             ["British School of Valencia", "American School of Valencia"], [750, 800]),
            (cars, "toyota corolla", ["Toyota Corolla Hybrid", "Toyota Corolla Diesel"],
             [18900, 14500])]:
        cands, _ = to_candidates(srcs, F1_RULES, adapter="x", phase="F1", query=query,
                                 kind_words=enum_words(inputs), kind_values=values)
        assert [c.name for c in cands] == names
        assert [c.price.amount for c in cands if c.price] == prices
        # without the values they would share most words, but each has a word of its own
        # (a family's two members: scout.steps.samething.two_things), so two either way
        cands, _ = to_candidates(srcs, F1_RULES, adapter="x", phase="F1", query=query,
                                 kind_words=enum_words(inputs))
        assert len(cands) == 2
    # a page of one of them, naming its value again, is still that one
    cands, _ = to_candidates(schools, F1_RULES, adapter="x", phase="F1",
                             query="British school in Valencia", kind_values=values)
    assert cands[0].aliases == ["British School of Valencia admissions"]


def test_a_portals_street_and_offer_words_do_not_make_two_homes_one() -> None:
    """A property portal titles every home by its street and its offer ("Piso en venta en
    calle de Galileo", "Piso en venta en calle de Embajadores", "Flat for sale in Abbey
    Road"): "calle" / "road" and "venta" / "sale" say nothing of which home a title names.
    Merged, the second home's price became a "disagreement" about the first and the home
    itself was gone from the shortlist."""
    for srcs, query in [
            ([S("Piso en venta en calle de Galileo, Chamberí", "https://pisos.test/galileo",
                "345.000 €"),
              S("Piso en venta en calle de Embajadores", "https://pisos.test/embajadores",
                "289.000 €")], "piso en venta en Madrid"),
            ([S("Flat for sale in Abbey Road", "https://homes.test/abbey", "£650,000"),
              S("Flat for sale in Baker Street Road", "https://homes.test/baker", "£540,000")],
             "flat in London")]:
        cands, _ = to_candidates(srcs, F1_RULES, adapter="x", phase="F1", query=query)
        assert [c.name for c in cands] == [s.title for s in srcs]
        assert all(c.price is not None and not c.aliases for c in cands)
    # a unit both titles count alike ("2 bed") is no word of one home's own either; a
    # unit counted differently says two things, as before
    srcs = [S("2 bed flat for sale in Abbey Road, NW8", "https://homes.test/abbey", "£575,000"),
            S("2 bed flat for sale in Baker Street", "https://homes.test/baker", "£540,000")]
    cands, _ = to_candidates(srcs, F1_RULES, adapter="x", phase="F1", query="flat in London")
    assert [c.name for c in cands] == [s.title for s in srcs]
    # one home's own pages still make one candidate
    srcs = [S("Piso en venta en calle de Galileo, Chamberí", "https://pisos.test/galileo", ""),
            S("Piso en calle de Galileo, Chamberí: fotos", "https://pisos.test/galileo/fotos", "")]
    cands, _ = to_candidates(srcs, F1_RULES, adapter="x", phase="F1", query="pisos")
    assert len(cands) == 1
