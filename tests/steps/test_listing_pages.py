"""A search result that lists things ("Top 10 Dentists in Mumbai", "Los 10 mejores hoteles
…", a booking site's results page) is no candidate (scout/steps/listingpage.py): read on
real captured result pages (DuckDuckGo's "dentists in Mumbai", SearXNG's shows like
"Severance") through the search step, with the kind's nouns, and on titles that name one
thing with a number or a superlative of its own."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import time
from pathlib import Path

import pytest

from scout.adapters.contract import ChainOutcome
from scout.adapters.duckduckgo import parse_lite
from scout.adapters.normalize import to_sources
from scout.adapters.searxng import parse_results
from scout.report.render import make_report_env
from scout.report.citations import Citations
from scout.schemas.records import Candidates, Shortlist
from scout.schemas.sources import Source
from scout.spec.models import InputSpec, Phase, Pipeline
from scout.stepkit.params import ExtractRules, SearchParams
from scout.steps import search
from scout.i18n.messages import localize
from scout.schemas.records import Candidate
from scout.steps.listingpage import LISTING, is_listing_page, plurals
from scout.steps.pagestatus import off_reasons
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "providers"
TODAY = dt.date(2026, 11, 29)


def _dentists() -> list[Source]:
    page = (FIXTURES / "duckduckgo" / "lite-dentists-in-mumbai.html").read_text(encoding="utf-8")
    return to_sources(parse_lite(page).hits, adapter="duckduckgo", limit=100, max_chars=400)


def _shows() -> list[Source]:
    data = json.loads((FIXTURES / "searxng" / "search-format-json-severance.json").read_text())
    return to_sources(parse_results(data), adapter="searxng", limit=100, max_chars=400)


def _search(sources: list[Source], nouns: list[str], **rules: object) -> Candidates:
    """The search step's candidates of ``sources`` for a kind with ``nouns``."""
    task = build_task("dentists in Mumbai", {"city": InputSpec(type="place")}, today=TODAY)
    params = SearchParams(query="{{ task.city }}",
                          extract=ExtractRules(record="candidate", **rules))  # type: ignore[arg-type]
    ctx = _ctx(params, {}, task, outcome=ChainOutcome(value=sources, answered_by="duckduckgo",
                                                     chain="web"))
    pipe = Pipeline(apiVersion="scout/v1", name="k", nouns=nouns,
                    phases={"R1": Phase(uses="rank")})
    out = search.run(dataclasses.replace(ctx, pipeline=pipe))
    assert isinstance(out, Candidates)
    return out


def test_a_real_results_page_keeps_only_what_is_not_a_listing() -> None:
    out = _search(_dentists(), ["dentist", "dentista", "dental clinic"])
    names = [c.name for c in out.items]
    # nine of the ten results rank or list dentists; the tenth is one practice's site
    assert len(out.excluded) == 9
    assert "Top 10 Dentists in Mumbai 2025 | Best Dental Clinics & Specialists" in out.excluded
    assert "20 Best Dentists in Mumbai, India | DataGemba" in out.excluded
    assert "Dentist in Mumbai - List of Best Dental Doctor in Mumbai | Lybrate" in out.excluded
    assert len(names) == 1 and names[0].startswith("Dentist in Mumbai | Book Verified")
    assert "dropped 9 list/aggregator pages" in out.notes


def test_keep_makes_every_result_a_candidate() -> None:
    out = _search(_dentists(), ["dentist"], listing_pages="keep")
    assert not out.excluded and len(out.items) >= 9


def test_the_kinds_nouns_tell_a_round_up_from_a_thread() -> None:
    shows = _shows()
    listed = _search(shows, ["show", "series", "serie"]).excluded
    assert "8 Shows Like Severance to Watch Next - TV Guide" in listed
    assert "Love Severance? Here Are 10 Shows To Watch Next" in listed
    assert "20 mindbending TV shows to watch if you liked 'Severance'" in listed
    # a forum thread asking about shows is one page, not a listing
    assert not any(t.startswith("What other shows") for t in listed)
    # a kind that does not find shows has no word to read those titles by
    assert not _search(shows, ["podcast"]).excluded


@pytest.mark.parametrize("title, url", [
    ("Los 10 mejores hoteles de Barcelona (actualizado 2026)", ""),
    ("Mejores academias de inglés en Sevilla", ""),
    ("Las mejores academias de inglés de Sevilla 2025", ""),
    ("THE 10 BEST Hotels in Barcelona 2026 (from $54) - Tripadvisor", ""),
    ("Top 5 laptops under 1000 euros", ""),
    ("The best hotels in Barcelona for families", ""),
    ("Lista de academias de inglés en Sevilla", ""),
    ("Hoteles en Barcelona", "https://www.booking.com/searchresults.es.html?ss=Barcelona"),
    ("Dentists", "https://bestinthecity.in/health/top-10-dentists-in-mumbai/"),
    ("Guía", "https://example.com/travel/best-boutique-hotels-in-barcelona/"),
    ("Twitter", "https://twitter.com/search?q=laravel"),
])
def test_a_listing_is_told_by_its_title_or_address(title: str, url: str) -> None:
    assert is_listing_page(title, url), title


@pytest.mark.parametrize("title, nouns", [
    ("Hoteles en Barcelona desde 54 €", ["hotel"]),
    ("Academias de inglés en Sevilla", ["academia"]),
    ("1.234 ofertas de empleo de Data Scientist en Madrid", ["oferta de empleo", "empleo"]),
    ("Best Dental Clinics in Pune", ["clínica dental", "dental clinic"]),
    ("Las 7 clínicas dentales más recomendadas de Valencia", ["clínica dental"]),
])
def test_the_kinds_plural_tells_a_directory(title: str, nouns: list[str]) -> None:
    assert is_listing_page(title, "", nouns), title


@pytest.mark.parametrize("url, nouns", [
    ("https://example.es/blog/mejores-academias-ingles-sevilla/", ["academia"]),
    ("https://example.com/guides/best-dental-clinics/", ["dental clinic"]),
])
def test_the_kinds_plural_after_a_superlative_tells_an_address(url: str, nouns: list[str]) -> None:
    assert is_listing_page("Guía", url, nouns), url
    # the same slug without the kind's word may be one place's ("/biz/los-mejores-tacos")
    assert not is_listing_page("Guía", url, ["hotel"]), url


@pytest.mark.parametrize("title, url", [
    # a restaurant named with a superlative: its own pages, a review site's, a map's
    ("Los Mejores Tacos", "https://www.yelp.com/biz/los-mejores-tacos-madrid"),
    ("Los Mejores Tacos - Restaurante mexicano, Madrid", "https://losmejorestacos.es/"),
    ("Mejores Tacos El Güero | Carta y precios", "https://www.thefork.es/restaurante/mejores-tacos-r123"),
    ("Los Mejores Tacos", "https://maps.google.com/?q=Los+Mejores+Tacos+Madrid"),
    ("Casa Lucio", "https://www.google.com/maps/search/?api=1&query=Casa+Lucio+Madrid"),
    ("Best Tacos Ever", "https://www.google.com/maps/place/Best+Tacos+Ever/@40.4,-3.7,17z"),
    # a page with a query of its own is no search's
    ("Hotel Arts Barcelona", "https://www.hotelartsbarcelona.com/rooms?q=suite"),
    ("Museu Picasso", "https://museupicasso.bcn.cat/?query=horario"),
    # a paper whose title ranks things is one work: a DOI, an arXiv id, a PDF
    ("Top 10 algorithms in data mining", "https://link.springer.com/article/10.1007/s10115-007-0114-2"),
    ("Top 10 algorithms in data mining", "https://doi.org/10.1007/s10115-007-0114-2"),
    ("(PDF) Top 10 algorithms in data mining", "https://www.researchgate.net/publication/29467751_Top_10_algorithms_in_data_mining"),
    ("Top 10 algorithms in data mining", "https://www.semanticscholar.org/paper/Top-10-algorithms-in-data-mining-Wu-Kumar/7c1b"),
    ("The 10 best papers on transformers", "https://arxiv.org/abs/2301.01234"),
    ("Top 10 algorithms in data mining", "https://www.cs.umd.edu/~samir/498/10Algorithms-08.pdf"),
])
def test_one_thing_whose_name_ranks_is_no_listing(title: str, url: str) -> None:
    for nouns in ([], ["restaurant", "restaurante", "paper", "artículo", "hotel"]):
        assert not is_listing_page(title, url, nouns), (title, url)


@pytest.mark.parametrize("title", [
    "Los mejores tacos en Madrid: 12 taquerías que debes probar",
    "Mejores restaurantes mexicanos cerca de Sol",
    "Las mejores academias de inglés de Sevilla 2025",
    "Best Tacos in Madrid (Updated 2026)",
    "Top 10 Mexican Restaurants in Madrid - Tripadvisor",
])
def test_a_superlatives_plural_before_a_place_or_a_date_is_a_listing(title: str) -> None:
    assert is_listing_page(title, "https://example.com/post")


@pytest.mark.parametrize("title", ["Hoteles en Barcelona desde 54 €",
                                   "Academias de inglés en Sevilla"])
def test_without_the_kinds_nouns_a_plural_before_a_place_is_not_read(title: str) -> None:
    assert not is_listing_page(title, "")


@pytest.mark.parametrize("title, url", [
    ("Best Western Plus Hotel Barcelona", "https://www.bestwestern.com/en_US/book/hotels-in-barcelona/best-western-plus-hotel.html"),
    ("Hotel 1898 - Barcelona", "https://www.hotel1898.com/"),
    ("100 Montaditos Sevilla Centro", "https://spain.100montaditos.com/"),
    ("Dell XPS 13 9340 Laptop", "https://www.dell.com/en-us/shop/xps-13/spd/xps-13-9340-laptop"),
    ("Laravel 11 Tutorial for Beginners", "https://www.youtube.com/watch?v=abc"),
    ("Academia Británica de Sevilla | Clases de inglés", "https://academiabritanica.es/"),
    ("Best Friends Pet Care", "https://bestfriendspetcare.com/"),
    ("Hotel Arts Barcelona | Official Site", "https://www.hotelartsbarcelona.com/"),
    ("2 Bedroom Apartment in Gràcia", "https://example.com/flat/123"),
    ("Best Western Plus Hotel Barcelona | Ofertas 2026", "https://www.bestwestern.es/"),
])
def test_one_thing_named_with_a_number_or_a_superlative_stays(title: str, url: str) -> None:
    assert not is_listing_page(title, url, ["hotel", "restaurant", "laptop", "academia",
                                            "apartment", "pet sitter"]), title


def test_plurals_of_a_kinds_nouns() -> None:
    assert {"hotels", "hoteles"} <= plurals("Hotel")
    assert "clinicas dentales" in plurals("clínica dental")
    assert "dental clinics" in plurals("dental clinic")
    assert "agencies" in plurals("agency")
    assert plurals("academias") == {"academias"}
    assert "ofertas de empleo" in plurals("oferta de empleo")


def test_a_huge_title_and_many_nouns_stay_quick() -> None:
    nouns = [f"thing{i}" for i in range(500)]
    start = time.process_time()  # CPU, not wall: a loaded CI machine must not fail it
    assert not is_listing_page("Hotel " + "a " * 500_000, "https://x.com/" + "a/" * 100_000, nouns)
    assert time.process_time() - start < 2


def test_expand_keeps_a_listing_result_marked_and_merged_with_nothing() -> None:
    out = _search(_dentists(), ["dentist"], listing_pages="expand")
    listings = [c for c in out.items if LISTING in c.flags]
    assert not out.excluded and len(listings) == 9
    # each is a candidate of its own: two Practo pages stay two, nothing joins a listing
    assert all(c.key.startswith("listing-") and c.sources == [c.url] for c in listings)
    assert [c.name for c in out.items if LISTING not in c.flags] == [
        "Dentist in Mumbai | Book Verified Dentists | DentistInMumbai"]


def test_rank_leaves_out_a_marked_listing_whose_page_named_nothing() -> None:
    listing = Candidate(key="listing-top", name="Top 10 Dentists in Mumbai", flags=[LISTING])
    assert off_reasons(listing, TODAY) == [LISTING]
    assert localize(LISTING, "es") != LISTING
    one = Candidate(key="dr-shah", name="Dr Shah Dental Clinic")
    assert off_reasons(one, TODAY) == []


def test_the_search_counts_its_listing_drops_apart_from_the_authors_patterns() -> None:
    out = _search(_dentists(), ["dentist"], exclude_patterns=["(?i)practo"])
    assert len(out.excluded) == 9
    # the two Practo pages went by the author's pattern: the other seven as listings
    assert len(out.listings) == 7 and not any("Practo" in t for t in out.listings)
    assert not _search(_dentists(), ["dentist"], listing_pages="keep").listings


CHANGES = '{% import "_report.md.j2" as r with context %}{{ r.changes_section(shortlist, candidates) }}'


@pytest.mark.parametrize("lang, line", [
    ("en", "Not compared: 2 search results were pages that list things"),
    ("es", "Sin comparar: 2 resultados de búsqueda eran páginas que listan cosas"),
])
def test_the_report_says_how_many_listing_pages_were_not_compared(lang: str, line: str) -> None:
    env = make_report_env(Path(__file__).resolve().parents[2] / "templates", lang)
    one = Candidate(key="a", name="Clínica Dental Ruzafa")
    listed = Candidates(items=[one], listings=["Top 10 Dentists", "Top 10 Dentists", "20 Best"])
    md = env.from_string(CHANGES).render(shortlist=Shortlist(items=[]), candidates=listed,
                                         citations=Citations())
    assert line in md  # the same page found by two searches is counted once
    none = env.from_string(CHANGES).render(shortlist=Shortlist(items=[]),
                                           candidates=Candidates(items=[one]),
                                           citations=Citations())
    assert line.split(":")[0] not in none
