"""A page pricing several services (scout/steps/serviceprice.py): the one the request's
subject names is the price compared ("corte 18 €, tinte 35 €, mechas 60 €" for mechas is
60 €), in both languages and any kind with a subject; a page naming none of it, or two
alike, is left as it was."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scout.schemas.records import Candidate, Evidence
from scout.schemas.task import Money
from scout.steps.rank_enrich import enrich
from scout.steps.serviceprice import asked_subject, subject_words


def _page(text: str, first: float, currency: str = "EUR") -> Candidate:
    ev = Evidence(id="e1", kind="price", url="https://shop.example/tarifas", title="Tarifas",
                  text=text, subject="c",
                  price=Money(amount=first, currency=currency, comparator="="))
    return Candidate(key="c", name="Shop", url="https://shop.example/tarifas",
                     price=ev.price, evidence=[ev])


def _priced(text: str, first: float, subject: str, currency: str = "EUR") -> float | None:
    out, _ = enrich([_page(text, first, currency)], [], currency, None,
                    checks=frozenset({"price"}), subject=subject_words(subject))
    return out[0].price.amount if out[0].price else None


@pytest.mark.parametrize("text, first, subject, price", [
    ("Corte 18 €, tinte 35 €, mechas 60 €", 18, "mechas", 60),
    ("Corte de pelo 15 €. Arreglo de barba 8 €. Afeitado clásico 12 €", 15, "afeitado", 12),
    ("Masaje sueco 50 €. Masaje tailandés 65 €. Reflexología 40 €", 50, "masaje tailandés", 65),
    ("Manicura: 20 € · Pedicura: 28 € · Uñas de gel: 35 €", 20, "uñas de gel", 35),
    ("Oil change £60, MOT £45, brake pads £120", 60, "brake pads", 120),
    ("Haircut £25 | Beard trim £12 | Hot towel shave £20", 25, "hot towel shave", 20),
    ("Corte 18 €, corte y peinado 25 €", 25, "corte", 18),   # the label with fewest words
])
def test_the_service_asked_is_the_price(text, first, subject, price) -> None:
    currency = "GBP" if "£" in text else "EUR"
    assert _priced(text, first, subject, currency) == price


@pytest.mark.parametrize("text, first, subject", [
    ("Habitación doble 95 €, desayuno 12 €", 95, "hotel"),          # no label names it
    ("Pizza margarita 9 €, pizza cuatro quesos 12 €", 9, "pizza"),  # two alike
    ("Mechas desde 60 €", 60, "mechas"),                            # one price only
    ("Corte 18 €, tinte 35 €, mechas 60 €", 18, ""),                # no subject asked
])
def test_a_page_naming_none_or_two_alike_is_left(text, first, subject) -> None:
    assert _priced(text, first, subject) == first


def test_the_subject_asked() -> None:
    task = SimpleNamespace(types={"place": "place", "service": "subject"},
                           values={"place": "Chamberí", "service": "mechas balayage"})
    assert asked_subject(task) == "mechas balayage"
    assert subject_words("las mechas") == frozenset({"mecha"})
    assert asked_subject(SimpleNamespace(types={}, values={})) is None


@pytest.mark.parametrize("text, first, subject, price", [
    # the singular asked, the page's plural, and the other way; accents folded
    ("Cortes 18 €, tintes 35 €, mechas 60 €", 18, "tinte", 35),
    ("Corte 18 €, tinte 35 €, mechas 60 €", 18, "tintes", 35),
    ("Limpieza de sofás 40 €, limpieza de colchones 30 €", 40, "colchón", 30),
    ("Limpieza de sofá 40 €, limpieza de colchón 30 €", 40, "colchones", 30),
    ("Classes: group class £12, private class £35", 12, "private classes", 35),
    ("Swedish massage £50, deep tissue massage £65", 50, "deep tissue massages", 65),
    ("Oil change £60, MOT £45, brake pads £120", 60, "brake pad", 120),
])
def test_a_plural_and_its_singular_name_one_service(text, first, subject, price) -> None:
    currency = "GBP" if "£" in text else "EUR"
    assert _priced(text, first, subject, currency) == price


def test_a_plural_keeps_the_word_whole() -> None:
    # "cortes" is "corte", never "cort"; "class" keeps its "ss"
    assert subject_words("cortes de pelo") == subject_words("corte de pelo") \
        == frozenset({"corte", "pelo"})
    assert subject_words("classes") == subject_words("class") == frozenset({"class"})
