"""A first transfer, order or lesson offered free or cheaper ("Primer envío gratis", "first
lesson £5, then £38") is no price: the price read is what every time after it costs, and
rank flags the offer so the report shows it. A first time's own price with no rise after
it ("Primera consulta: 60 €") stays the price. Kinds someone else wrote
(examples/drivingschools, examples/tutors), both languages."""

from __future__ import annotations

import pytest

from scout.i18n.messages import localize
from scout.steps.extract import find_price
from scout.steps.promoprice import first_months, first_time
from tests.steps.kindrank import kept, left_out, rank_kind


@pytest.mark.parametrize(("text", "amount"), [
    ("Primera clase por 10 €, después 35 € la clase", 35),
    ("First lesson £5, then £30 per lesson", 30),
    ("1st ride for $2, then $12 a ride", 12),
    ("Tu primer pedido a 1 €, luego 6,50 € por pedido", 6.5),
    # no rise said: a first visit's own price is what a new patient pays
    ("Primera consulta: 60 €. Revisión: 40 €", 60),
    ("First consultation £80, follow-up £50", 80),
])
def test_a_first_times_price_before_a_rise_is_not_the_price(text: str, amount: float) -> None:
    price = find_price(text)
    assert price is not None and price.amount == amount


@pytest.mark.parametrize(("text", "words"), [
    ("Primer envío gratis. Comisión por envío: 3,99 €.", "Primer envío gratis"),
    ("Sin comisiones en tu primera transferencia; después 1,99 €",
     "Sin comisiones en tu primera transferencia"),
    ("1st transfer free! Standard fee $3.99", "1st transfer free"),
    ("Free delivery on your first order, then €4.99", "Free delivery on your first order"),
    ("50% off your first lesson. Lessons £32", "50% off your first lesson"),
    ("Primera sesión al 50 %. Sesión 45 €", "Primera sesión al 50 %"),
])
def test_a_first_times_offer_is_quoted_and_not_a_months(text: str, words: str) -> None:
    assert first_time(text) == words
    assert first_months(text) is None  # no contract's months are averaged over it
    price = find_price(text)
    assert price is not None and price.amount > 1  # the price after the offer


@pytest.mark.parametrize("text", ["Primera consulta: 60 €", "First class honours, £30",
                                  "Clase de prueba 35 €", "first floor flat, £900 pcm"])
def test_a_first_thing_that_is_no_offer_is_quoted_by_nothing(text: str) -> None:
    assert first_time(text) is None


def test_a_first_lesson_cheaper_is_no_price_at_a_driving_school() -> None:
    short = rank_kind("drivingschools", "driving lessons in Leeds under £35 per lesson", {
        "drive": "Leeds Drive: first lesson £5, then £38 per lesson.",
        "motoring": "Kirkstall School of Motoring, Leeds: 50% off your first lesson. "
                    "Lessons £32."})
    # £5 was the price read: the dearer school passed a £35 budget on its first lesson
    assert set(left_out(short)) == {"drive"} and left_out(short)["drive"].price.amount == 38
    flag = ("offer for a first time only, compared at the price paid every time after it: "
            "“50% off your first lesson”")
    assert flag in kept(short)["motoring"].flags
    assert localize(flag, "es") == ("oferta solo para la primera vez, comparada con el precio "
                                    "que se paga cada vez después: «50% off your first lesson»")


def test_a_first_class_free_is_flagged_at_a_tutor_in_spanish() -> None:
    short = rank_kind("tutors", "profesor de matemáticas en Sevilla, máximo 30 € la hora", {
        "lucia": "Profe Lucía, Sevilla: clases de matemáticas a 25 € la hora. Primera clase "
                 "gratis.",
        "mates": "Academia de matemáticas Sevilla: primera clase por 10 €, después 35 € la "
                 "hora."})
    assert kept(short)["lucia"].price.amount == 25
    assert any("“Primera clase gratis”" in f for f in kept(short)["lucia"].flags)
    assert left_out(short)["mates"].price.amount == 35
