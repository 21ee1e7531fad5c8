"""The request's place comes off the end of candidates' names (``extract.strip_place``,
scout/steps/placenames.py), whatever the city: on real captured DuckDuckGo pages
(tests/fixtures/providers/duckduckgo/: "dentists in Mumbai", "weather san francisco") run
through the search step with a Task parsed from the request, and through the shipped
restaurant and hotel rules, which name no city any more."""

from __future__ import annotations

import re

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
import yaml

from scout.adapters.contract import ChainOutcome
from scout.adapters.duckduckgo import parse_lite
from scout.adapters.normalize import to_sources
from scout.schemas.records import Candidates
from scout.schemas.sources import Source
from scout.spec.models import InputSpec
from scout.stepkit.params import ExtractRules, SearchParams
from scout.steps import search
from scout.steps.extract import to_candidates
from scout.steps.placenames import places_of, request_places, strip_place
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "providers" / "duckduckgo"
TODAY = dt.date(2026, 11, 29)
PLACE = {"city": InputSpec(type="place", required=True)}


def _rules(kind: str) -> ExtractRules:
    spec = yaml.safe_load((ROOT / "pipelines" / f"{kind}_research.yaml").read_text())
    return ExtractRules(**spec["phases"]["F1"]["with"]["extract"])


def _captured(name: str) -> list[Source]:
    """A real lite page, parsed and normalised as the DuckDuckGo adapter does."""
    hits = parse_lite((FIXTURES / name).read_text(encoding="utf-8")).hits
    return to_sources(hits, adapter="duckduckgo", limit=100, max_chars=400)


def _search(query: str, sources: list[Source], rules: ExtractRules) -> list[str]:
    """The names (and aliases: one site's pages merge) the search step makes of
    ``sources`` for a request ``query``."""
    task = build_task(query, PLACE, today=TODAY)
    params = SearchParams(query="{{ task.city }}", extract=rules)
    ctx = _ctx(params, {}, task, outcome=ChainOutcome(value=sources, answered_by="duckduckgo",
                                                     chain="web"))
    out = search.run(ctx)
    assert isinstance(out, Candidates)
    return [n for c in out.items for n in (c.name, *c.aliases)]


# a kind's own rules: a site's name after a dash or bar (no city in them); the page's
# results are nearly all listings ("20 Best Dentists in Mumbai"), kept here to read their
# names (tests/steps/test_listing_pages.py drops them)
SITES = ExtractRules(record="candidate", strip_patterns=[r"\s*[-|]\s*(Practo|Justdial|Lybrate)$",
                                                         r"\s*[|]\s*[^|]*$"],
                     listing_pages="keep")


def test_a_real_page_loses_the_requested_city_and_its_country() -> None:
    names = _search("dentists in Mumbai", _captured("lite-dentists-in-mumbai.html"), SITES)
    # "Best Dentists Near Me in Mumbai central, Mumbai - Practo": the site, then the city
    assert "Best Dentists Near Me in Mumbai central" in names
    # "20 Best Dentists in Mumbai, India | DataGemba": Mumbai is in India
    assert "20 Best Dentists in Mumbai" in names
    # a segment that is not the place stays, and so does the city inside a name
    assert "Top 10+ Dentists in Mumbai, India • Check Prices & Reviews" in names
    assert not any(n.endswith((", Mumbai", ", India")) for n in names)


def test_the_same_page_for_another_city_keeps_every_name() -> None:
    page = _captured("lite-dentists-in-mumbai.html")
    names = _search("dentists in Toronto", page, SITES)
    assert "Best Dentists Near Me in Mumbai central, Mumbai" in names
    assert "20 Best Dentists in Mumbai, India" in names
    # Delhi is in India too: its country goes, Mumbai stays
    delhi = _search("dentists in Delhi", page, SITES)
    assert "20 Best Dentists in Mumbai" in delhi
    assert "Best Dentists Near Me in Mumbai central, Mumbai" in delhi
    off = _search("dentists in Mumbai", page, SITES.model_copy(update={"strip_place": False}))
    assert "Best Dentists Near Me in Mumbai central, Mumbai" in off


def test_a_place_inside_a_name_or_before_a_region_is_not_cut() -> None:
    sources = _captured("lite-weather-san-francisco.html")
    plain = ExtractRules(record="candidate")
    names = _search("weather in San Francisco", sources, plain)
    assert names[:2] == ["10 Day Weather - Downtown, San Francisco, California",
                         "San Francisco, CA Weather Forecast | AccuWeather"]
    assert "Live Doppler 7 | Bay Area Weather News - ABC7 San Francisco" in names
    # the author's own pattern for the region runs first; then the place goes too
    region = plain.model_copy(update={"strip_patterns": [r",\s*California$"]})
    assert _search("weather in San Francisco", sources, region)[0] == "10 Day Weather - Downtown"


RESTAURANTS = [
    ("Casa Lucio, Madrid", "https://www.casalucio.es/"),
    ("Casa Lucio - TheFork", "https://www.thefork.com/restaurant/casa-lucio-r1"),
    ("Sobrino de Botín, Madrid, España", "https://botin.es/"),
    ("Ramen Kazu, Lyon", "https://ramenkazu.fr/"),
    ("Hakata Lyon", "https://hakata-lyon.fr/"),
    ("Ramen Kazu (Lyon) - Tripadvisor", "https://www.tripadvisor.fr/Restaurant_Review-kazu"),
]


@pytest.mark.parametrize(("query", "expected"), [
    ("mejores restaurantes en Madrid", ["Casa Lucio", "Sobrino de Botín", "Ramen Kazu, Lyon",
                                        "Hakata Lyon"]),
    ("best ramen in Lyon under 25 EUR", ["Casa Lucio, Madrid", "Casa Lucio",
                                         "Sobrino de Botín, Madrid, España", "Ramen Kazu",
                                         "Hakata Lyon"]),
])
def test_the_shipped_restaurant_rules_strip_whichever_city_was_asked(query: str,
                                                                      expected: list[str]) -> None:
    sources = [Source(title=t, url=u, adapter="duckduckgo") for t, u in RESTAURANTS]
    task = build_task(query, yaml_inputs("restaurant"), today=TODAY)
    cands, _ = to_candidates(sources, _rules("restaurant"), adapter="duckduckgo", phase="F1",
                             places=request_places(task))
    assert [c.name for c in cands] == expected
    # one candidate per restaurant: "Casa Lucio, Madrid" no longer stands beside "Casa Lucio"
    if "Madrid" in query:
        assert cands[0].aliases == [] and len(cands[0].sources) == 2


def yaml_inputs(kind: str) -> dict[str, Any]:
    spec = yaml.safe_load((ROOT / "pipelines" / f"{kind}_research.yaml").read_text())
    return {name: InputSpec(**raw) for name, raw in spec["inputs"].items()}


def test_the_shipped_kinds_name_no_city() -> None:
    for path in [*(ROOT / "pipelines").glob("*.yaml"), *(ROOT / "examples").glob("*/pipelines/*.yaml")]:
        extract = [ph.get("with", {}).get("extract") or {}
                   for ph in yaml.safe_load(path.read_text()).get("phases", {}).values()]
        patterns = " ".join(p for e in extract for p in e.get("strip_patterns", []))
        for city in ("Barcelona", "Lyon", "Madrid", "Lisbon", "Lisboa", "Spain", "Paris"):
            # a whole word: a site's name may hold one ("DoYouSpain")
            assert not re.search(rf"\b{city}\b", patterns), (path.name, city)


@pytest.mark.parametrize(("name", "values", "expected"), [
    ("Hotel Condal - Barcelona, Spain", ["Barcelona"], "Hotel Condal"),
    ("Tasca Lola (Lisboa)", ["Lisboa"], "Tasca Lola"),
    ("Hotel Arts Barcelona", ["Barcelona"], "Hotel Arts Barcelona"),
    ("Barcelona", ["Barcelona"], "Barcelona"),
    ("Hotel Nena, Cancún, México", ["Cancun"], "Hotel Nena"),
    ("Hotel Nena, Mexico", ["Cancún"], "Hotel Nena"),  # the place's own country, known
    ("Casa Lucio, Spain", ["Madrid"], "Casa Lucio, Spain"),  # Madrid's country: not known
    ("Casa Lucio, Portugal", ["Lisboa"], "Casa Lucio, Portugal"),
    ("Bistro Mar, LYON", ["Lyon, France"], "Bistro Mar"),
    ("Bistro Mar, France", ["Lyon, France"], "Bistro Mar"),
])
def test_strip_place(name: str, values: list[str], expected: str) -> None:
    assert strip_place(name, places_of(values)) == expected


def test_a_task_without_a_place_strips_nothing() -> None:
    task = build_task("cheap laptops for programming", {"use": InputSpec(type="string")},
                      today=TODAY)
    assert not request_places(task) and not request_places(None)
    assert strip_place("ThinkPad X1, Madrid", request_places(task)) == "ThinkPad X1, Madrid"


@pytest.mark.parametrize(("name", "expected"), [
    ("Hotel Condal  -  Barcelona  ", "Hotel Condal"),
    ("Tasca Lola ( Lisboa )", "Tasca Lola"),
    ("Tasca Lola (Lisboa, Portugal)", "Tasca Lola"),  # the place with its country
    ("Bar Pepe | Barcelona", "Bar Pepe"),
    ("Bar Pepe, Barcelona ) x", "Bar Pepe, Barcelona ) x"),
])
def test_a_name_s_last_segment_is_read_as_before(name: str, expected: str) -> None:
    assert strip_place(name, places_of(["Barcelona", "Lisboa"])) == expected


@pytest.mark.parametrize("name", ["a," + " " * 20_000 + "x" + " " * 20_000 + ")" + " " * 20_000 + "y",
                                  "a, b" + " " * 20_000 + ")x", "a," + " " * 20_000])
def test_a_name_padded_with_spaces_is_read_in_linear_time(name: str) -> None:
    # "[^,()|·•–—]+?\s*\)?\s*$" tried every split of each run of spaces at every place the
    # segment could end: "a," and 500 spaces took 80 s
    import time

    start = time.process_time()
    assert strip_place(name, places_of(["Barcelona"])) == name
    assert time.process_time() - start < 1


@pytest.mark.parametrize("name", ["Bar Pepe" + " -" * 50_000 + ",", "Bar Pepe" + " - b" * 50_000 + "(",
                                  "Bar Pepe" + ", Barcelona" * 50_000])
def test_a_name_of_many_separators_is_read_in_linear_time(name: str) -> None:
    # the head was matched from the start: every " -" read its segment to the end before
    # failing on the last "," (4,000 of them took 1.5 s; these 50,000 took minutes)
    import time

    start = time.process_time()
    stripped = strip_place(name, places_of(["Barcelona"]))
    assert stripped == (name if "Barcelona" not in name else "Bar Pepe")
    assert time.process_time() - start < 5  # generous: well under a second here


def test_the_last_segment_is_found_as_the_whole_name_pattern_finds_it() -> None:
    # the linear reading against the pattern it replaces, on random names made of the
    # separators, brackets, spaces and line breaks that pattern weighs
    import random

    from scout.steps.placenames import _TAIL, _split_tail

    rnd = random.Random(11)
    alphabet = [*"ab ,-–—|·•()\n\t)", "Madrid", "Spain", " "]
    for _ in range(20_000):
        name = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 14)))
        end = rnd.randint(0, len(name))
        line_end = name.find("\n") % (len(name) + 1)
        m = _TAIL.match(name[:end])
        got = _split_tail(name, end, line_end)
        assert (None if got is None else (name[:got[0]], got[1])) == (
            None if m is None else (m.group("head"), m.group("tail"))), name[:end]


@pytest.mark.parametrize("title, places, want", [
    ("Renfe AVE Madrid - Barcelona", ["Madrid", "Barcelona"], "Renfe AVE Madrid - Barcelona"),
    ("Autobuses Santiago – Valparaíso", ["Santiago", "Valparaíso"],
     "Autobuses Santiago – Valparaíso"),
    ("Ferry Barcelona | Palma", ["Barcelona", "Palma"], "Ferry Barcelona | Palma"),
    ("Removals London → Barcelona", ["London", "Barcelona"], "Removals London → Barcelona"),
    # one place, or the other end not right before: the appended place still goes
    ("Hotel Condal - Barcelona", ["Barcelona"], "Hotel Condal"),
    ("Mudanzas García - Madrid", ["Madrid", "Valencia"], "Mudanzas García"),
])
def test_a_routes_second_end_is_no_appended_place(title: str, places: list[str],
                                                  want: str) -> None:
    assert strip_place(title, places_of(places)) == want
