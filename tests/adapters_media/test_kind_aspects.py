"""A kind's aspects come from the kind: a restaurant's food and its wait for a table were
read in every venue's reviews (a gym's "class menu", a coworking's "reservation", a
hotel's "delicious" breakfast labelled food), and a paper or a dataset, which nobody
buys or rates, got a venue's or a product's pros and cons. Now a place's food and wait
are read only for a kind whose declaration is about eating, and a kind that neither
prices, rates nor locates what it finds reads none. Both languages; shipped kinds and
kinds written here."""

from __future__ import annotations

import pytest

from scout.adapters.aspects import EATING, OVERALL, find_aspects
from scout.adapters.aspectwords import aspects_of, scope_of
from tests.adapters_media.test_aspects import _declared


def _kind(path: str) -> tuple[str, frozenset[str] | None]:
    from scout.spec.loader import load_pipeline

    model = load_pipeline(path).model
    types, aliases = _declared(path)
    synonyms = {n: dict(i.synonyms) for n, i in model.inputs.items()  # type: ignore[union-attr]
                if getattr(i, "synonyms", None)}
    return scope_of(types, aliases), aspects_of(types, aliases, synonyms, list(model.nouns))


def _hits(path: str, sentence: str) -> list[tuple[str, int]]:
    scope, aspects = _kind(path)
    return [(h.aspect, h.polarity) for h in find_aspects(sentence, scope, aspects=aspects)]


@pytest.mark.parametrize("path", ["pipelines/restaurant_research.yaml",
                                  "examples/catering/pipelines/catering.yaml"])
def test_a_kind_about_eating_reads_food_and_the_wait(path: str) -> None:
    assert ("food", 1) in _hits(path, "The broth was delicious, though the queue was slow.")
    assert ("food", -1) in _hits(path, "Los platos llegaron fríos y sosos.")
    assert ("wait", -1) in _hits(path, "Una espera muy lenta para sentarse.")


@pytest.mark.parametrize("path, sentence", [
    ("pipelines/hotel_research.yaml", "The food was delicious and the queue at check-in quick."),
    ("examples/gyms/pipelines/gyms.yaml", "Un menú de clases genial, y la espera para las máquinas es lenta."),
    ("examples/coworking/pipelines/coworking.yaml", "Reservation was quick and the menu of plans is great."),
    ("examples/trails/pipelines/trails.yaml", "Delicious picnic spot, no queues at the start."),
])
def test_a_kind_not_about_eating_reads_no_food_and_no_wait(path: str, sentence: str) -> None:
    assert not {a for a, _ in _hits(path, sentence)} & EATING, _hits(path, sentence)


def test_its_own_aspects_are_still_read() -> None:
    assert _hits("pipelines/hotel_research.yaml", "Friendly staff, but a noisy room.") \
        == [("staff", 1), ("noise", -1)]
    assert ("location", 1) in _hits("examples/gyms/pipelines/gyms.yaml",
                                    "Muy bien ubicado, cerca del metro.")


@pytest.mark.parametrize("path", ["examples/papers/pipelines/papers.yaml",
                                  "examples/datasets/pipelines/datasets.yaml"])
def test_a_kind_with_no_aspects_gets_none(path: str) -> None:
    assert _kind(path)[1] == frozenset()
    for sentence in ("An excellent, very clean dataset; quiet on the details.",
                     "Un trabajo excelente, aunque caro y de mala calidad."):
        assert _hits(path, sentence) == []


@pytest.mark.parametrize("types, aliases, nouns, eats", [
    # a kind written elsewhere: its nouns, an input's name or alias say it is about eating
    ({"town": "place", "price": "money"}, {}, ["taberna", "tabernas"], True),
    ({"where": "place", "plato": "subject"}, {}, [], True),
    ({"where": "place", "people": "integer"}, {"people": ["comensales"]}, [], True),
    ({"where": "place", "price": "money"}, {}, ["escape room", "sala de escape"], False),
    ({"where": "place", "bar_member": "boolean"}, {"bar_member": ["colegiado"]}, ["law firm"],
     False),
])
def test_whether_a_kind_is_about_eating_comes_from_its_declaration(
        types: dict, aliases: dict, nouns: list, eats: bool) -> None:
    aspects = aspects_of(types, aliases, None, nouns)
    assert aspects is not None and OVERALL in aspects
    assert (EATING <= aspects) is eats


def test_a_product_s_aspects_and_an_older_request() -> None:
    laptop = aspects_of({"budget": "money", "min_ram": "data_size"})
    assert laptop is not None and "quality" in laptop and "food" not in laptop
    assert aspects_of({}) is None  # no types declared: every aspect, as before
