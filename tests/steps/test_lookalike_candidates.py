"""Names that look alike are two candidates, and one's source is no evidence for the
other (scout/steps/samething.py ``two_things`` and ``numbered_otherwise``, used by
scout.steps.extract ``to_candidates`` and ``names_candidate``): the more specific name
is another thing, not the same one said more fully."""

from __future__ import annotations

import pytest

from scout.schemas.records import Candidate
from scout.schemas.sources import Source
from scout.stepkit.params import ExtractRules
from scout.steps.extract import (_ordered_words, evidence_shared, names_candidate,
                                 others_words, to_candidates, to_evidence)
from scout.steps.samething import numbered_otherwise, two_things

F1 = ExtractRules(record="candidate")
PRICE = ExtractRules(record="price")


def _src(title: str, url: str, snippet: str = "") -> Source:
    return Source(title=title, url=url, snippet=snippet, adapter="x")


@pytest.mark.parametrize("a, b, two", [
    ("ThinkPad X1 Carbon Gen 11", "ThinkPad X1 Carbon Gen 12", True),  # a generation
    ("Iberia IB 6251 Madrid JFK", "Iberia IB 6253 Madrid JFK", True),  # a flight number
    ("Iberia MAD–JFK", "Iberia evening MAD–JFK", True),  # a time between the words
    ("NH Collection Madrid", "NH Madrid Atocha", True),  # two members of one family
    # a site's pages and a maker's name say the same thing more fully
    ("Dell XPS 13", "XPS 13", False),
    ("Dell XPS 13 (2026)", "XPS 13 deals", False),
    ("Clínica Dental Ruzafa", "Clínica Dental Ruzafa, opiniones", False),
    ("Piso en venta en calle de Galileo, Chamberí", "Piso en calle de Galileo, Chamberí: fotos",
     False),
    ("Toyota Corolla 1.8 Hybrid Active", "Toyota Corolla Hybrid Active 2019", False),
])
def test_two_things(a: str, b: str, two: bool) -> None:
    assert two_things(_ordered_words(a), _ordered_words(b)) is two
    assert two_things(_ordered_words(b), _ordered_words(a)) is two


def test_one_site_keeps_look_alike_listings_apart_with_their_own_prices() -> None:
    # one site listing both used to make them one candidate: the second's listing was
    # evidence for the first, its price and its "evening" with it
    for srcs in [
        [_src("Iberia MAD–JFK", "https://flights.test/iberia", "departs 10:05. €640"),
         _src("Iberia evening MAD–JFK", "https://flights.test/iberia-pm", "19:30. €500")],
        [_src("NH Collection Madrid Eurobuilding", "https://nh.test/eurobuilding", "180 €"),
         _src("NH Madrid Atocha", "https://nh.test/atocha", "95 €")],
        [_src("Lenovo ThinkPad X1 Carbon Gen 11", "https://shop.test/x1-g11", "1.299 €"),
         _src("Lenovo ThinkPad X1 Carbon Gen 12", "https://shop.test/x1-g12", "1.799 €")],
    ]:
        cands, _ = to_candidates(srcs, F1, adapter="x", phase="F1")
        assert [c.name for c in cands] == [s.title for s in srcs]
        assert all(c.sources == [s.url] and not c.aliases for c, s in zip(cands, srcs))
        assert len({c.price.amount for c in cands if c.price}) == 2


def test_a_text_numbering_the_model_otherwise_is_about_the_other() -> None:
    said = _ordered_words("Lenovo ThinkPad X1 Carbon Gen 12 review: 11 hours of battery")
    assert numbered_otherwise(_ordered_words("ThinkPad X1 Carbon Gen 11"), said)
    assert not numbered_otherwise(_ordered_words("ThinkPad X1 Carbon Gen 12"), said)
    # a comparison names both; a name with no number is never numbered otherwise
    both = _ordered_words("Gen 11 vs Gen 12")
    assert not numbered_otherwise(_ordered_words("ThinkPad X1 Carbon Gen 11"), both)
    assert not numbered_otherwise(_ordered_words("Hotel Arts"), said)


@pytest.mark.parametrize("names, page, owner", [
    (["ThinkPad X1 Carbon Gen 11", "ThinkPad X1 Carbon Gen 12"],
     "ThinkPad X1 Carbon Gen 12 review: 1.799 €, 11 hours of battery", 1),
    (["iPhone 14", "iPhone 15"], "iPhone 15 precio: 959 €", 1),
    (["iPhone 15", "iPhone 15 Pro"], "iPhone 15 Pro: 1.219 €", 1),
    (["iPhone 15", "iPhone 15 Pro"], "iPhone 15: 959 €", 0),
    (["Iberia MAD–JFK", "Iberia evening MAD–JFK"], "Iberia evening MAD–JFK: 500 €", 1),
    (["Iberia IB 6251 MAD–JFK", "Iberia IB 6253 MAD–JFK"], "IB 6253 Madrid New York 500 €", 1),
    (["Hotel Arts", "Arts Hotel Lisbon"], "Arts Hotel Lisbon: desde 120 €", 1),
])
def test_a_source_about_one_look_alike_is_evidence_for_it_alone(names: list[str], page: str,
                                                                owner: int) -> None:
    shared = evidence_shared(names, ["", ""])
    src = _src(page, "https://reviews.test/p", "")
    got = []
    for name in names:
        subject = Candidate(key=name, name=name)
        ev, _ = to_evidence([src], PRICE, kind="price", subject=subject, adapter="x",
                            phase="F2", shared=shared, others=others_words(names, subject, shared))
        got.append(bool(ev))
    assert got == [i == owner for i in range(len(names))]
    assert names_candidate(names[owner], page, shared)


@pytest.mark.parametrize("first, second", [
    ("iPhone 15", "iPhone 15 Pro"),
    ("Hotel Arts Residences", "Hotel Arts"),  # either seen first
    ("Samsung Galaxy S24", "Samsung Galaxy S24 Ultra"),
])
def test_one_site_keeps_a_variant_said_after_the_name_apart(first: str, second: str) -> None:
    # the variant's word goes on with the name itself: they merged, the variant's price
    # with them
    srcs = [_src(first, "https://site.test/a", "999 €"), _src(second, "https://site.test/b",
                                                             "1.219 €")]
    cands, _ = to_candidates(srcs, F1, adapter="x", phase="F1", query="hotels in barcelona")
    assert [(c.name, c.aliases) for c in cands] == [(first, []), (second, [])]


@pytest.mark.parametrize("first, second", [
    ("Clínica Dental Ruzafa", "Clínica Dental Ruzafa, opiniones"),  # after a mark
    ("Dell XPS 13", "Dell XPS 13 deals"),  # in lower case: the page's words
    ("iPhone 15", "iPhone 15 Reviews"),  # a page about it: its reviews
    ("Hotel Arts", "Hotel Arts Barcelona"),  # the place the search asked for
    ("iPhone 15", "iPhone 15 128 GB"),  # a number: left to the specs' check
    # a section of its site, with a capital, in either language
    ("Hotel Arts", "Hotel Arts Rooms & Suites"),
    ("Hotel Arts", "Hotel Arts Habitaciones"),
    ("Casa Bonay", "Casa Bonay Galería"),
    ("Samsung Galaxy S24", "Samsung Galaxy S24 Specifications"),
    # the country it is in, which the search did not ask for
    ("Hotel Arts", "Hotel Arts Spain"),
    ("Hotel Arts", "Hotel Arts España"),
])
def test_words_a_site_adds_after_a_name_are_still_its_page(first: str, second: str) -> None:
    srcs = [_src(first, "https://site.test/a"), _src(second, "https://site.test/b")]
    cands, _ = to_candidates(srcs, F1, adapter="x", phase="F1", query="hotels in barcelona")
    assert [(c.name, c.aliases) for c in cands] == [(first, [second])]


@pytest.mark.parametrize("query", ["hotels in Madrid", "NH hotels", "hoteles"])
@pytest.mark.parametrize("home_first", [True, False])
def test_a_chain_s_home_page_titled_by_its_brand_takes_in_none_of_its_hotels(
        query: str, home_first: bool) -> None:
    # the hotel's name goes on right after the brand with a word of its own (its place
    # asked may come between): another thing than the chain; a section after a mark is
    # still the home page's
    home = _src("NH Hotels", "https://www.nh-hotels.com/")
    hotel = _src("NH Madrid Nacional", "https://www.nh-hotels.com/hotel/nh-madrid-nacional")
    contact = _src("NH Hotels | Contacto", "https://www.nh-hotels.com/contacto")
    srcs = [home, hotel, contact] if home_first else [hotel, home, contact]
    cands, _ = to_candidates(srcs, F1, adapter="x", phase="F1", query=query)
    got = {c.name: c.aliases for c in cands}
    assert got == {"NH Madrid Nacional": [], "NH Hotels": ["NH Hotels | Contacto"]}


def test_one_restaurant_s_site_is_still_one_candidate() -> None:
    # its name then its section after a mark, or the place asked: its pages
    srcs = [_src("Casa Botín", "https://www.botin.es/"),
            _src("Casa Botín: Reservas", "https://www.botin.es/reservas"),
            _src("Casa Botín Madrid", "https://www.botin.es/historia"),
            _src("Nuestra historia", "https://www.botin.es/historia")]
    cands, _ = to_candidates(srcs, F1, adapter="x", phase="F1", query="restaurantes en Madrid")
    assert [(c.name, c.aliases) for c in cands] == [
        ("Casa Botín", ["Casa Botín: Reservas", "Casa Botín Madrid", "Nuestra historia"])]
