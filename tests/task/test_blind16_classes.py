"""Classes of phrasing blind set 16 (tests/task/corpus/blind16.yaml: follow-ups,
comparisons, quarters, taxes, other rating scales, voice fillers, e-mail reply chains,
regional Spanish and English, coworking / tours / venues) found the parser misreading,
each probed beyond the corpus line with inputs written here (an outside author's kinds),
in both languages, with guards for what must stay as it was:

- taxes and extras said beside an amount ("£120 + VAT per night max", "$900 + tax",
  "100 € + IVA la noche", "IVA incluido", "all-in") made the "+" a floor and lost the
  unit after them;
- a currency written with its own country's sign ("₦85,000", "R1800", "R350 000") was
  not read; "bucks" were US dollars in Sydney; Venezuela's "verdes" were no currency.
"""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 6)  # a Sunday
# a stay: where, when, the most a night, the least rating
STAY = {"city": InputSpec(type="place"), "when": InputSpec(type="month"),
        "price": InputSpec(type="money"), "rating": InputSpec(type="rating")}
# a thing bought: what, its price, its model
GOODS = {"what": InputSpec(type="subject"), "price": InputSpec(type="money")}
# a wine: where it is from (a country names the currency), its price
WINE = {"grape": InputSpec(type="subject"), "country": InputSpec(type="place"),
        "price": InputSpec(type="money")}


def _values(query: str, inputs: dict[str, InputSpec], nouns: tuple[str, ...] = ()) -> dict:
    return build_task(query, inputs, today=TODAY, nouns=nouns).values


def _money(value: object) -> tuple[float, str, str, str | None]:
    return (value.amount, value.currency, value.comparator, value.per)  # type: ignore[attr-defined]


@pytest.mark.parametrize("query,want", [
    ("hotel in Leeds, £90 + VAT per night max", (90, "GBP", "<=", "night")),
    ("hotel in Leeds, £90 plus VAT a night", (90, "GBP", "<=", "night")),
    ("hotel en Sevilla, 100 € + IVA la noche", (100, "EUR", "<=", "night")),
    ("hotel en Sevilla 100€+IVA por noche", (100, "EUR", "<=", "night")),
    ("hotel en Lima, máximo 300 soles IGV incluido la noche", (300, "PEN", "<=", "night")),
    ("hotel in Boston, $250 + taxes per night", (250, "USD", "<=", "night")),
    ("hotel in Rome, €150 a night all-in", (150, "EUR", "<=", "night")),
    ("hotel en Bilbao, 120 € sin IVA la noche", (120, "EUR", "<=", "night")),
    # guards: a "+" with no tax after it is still a floor
    ("hotel in Rome, €120+ a night", (120, "EUR", ">=", "night")),
    ("hotel in Rome, €120 or more a night", (120, "EUR", ">=", "night")),
])
def test_taxes_beside_an_amount_change_neither_it_nor_its_unit(query: str, want: tuple) -> None:
    assert _money(_values(query, STAY)["price"]) == want


@pytest.mark.parametrize("query,want", [
    ("guesthouse in Cape Town, R1800 a night tops", (1800, "ZAR", "<=", "night")),
    ("hotel in Durban under R2500 a night", (2500, "ZAR", "<=", "night")),
    ("hotel in Lagos, ₦85,000 per night max", (85000, "NGN", "<=", "night")),
    ("hotel en Accra por menos de GH₵ 900 la noche", (900, "GHS", "<=", "night")),
    ("hotel in Perth, 200 bucks a night", (200, "AUD", "<=", "night")),
    ("hotel in Auckland under 180 bucks a night", (180, "NZD", "<=", "night")),
    ("hotel en Caracas, unos 60 verdes la noche", (60, "USD", "~", "night")),
    # guards: "bucks" with no dollar place are US dollars, and not noted as a guess
    ("hotel in Denver, 200 bucks a night", (200, "USD", "<=", "night")),
])
def test_a_country_s_own_sign_and_the_place_s_dollars(query: str, want: tuple) -> None:
    task = build_task(query, STAY, today=TODAY)
    assert _money(task.values["price"]) == want
    assert not any("write the currency code" in n for n in task.notes), task.notes


@pytest.mark.parametrize("query,want", [
    ("used bakkie, under R350 000", (350000, "ZAR")),
    # guards: a one-letter sign is a capital glued to its figure, else a model or a
    # language: a Mercedes E300, a Nikon D500, "R 4.3", a quarter "Q2"
    ("used Mercedes E300 in Madrid", None),
    ("Nikon D500 camera body", None),
    ("packages for R 4.3 statistics", None),
    ("Q2 2027 planning tool", None),
    ("r350 000 bakkie", None),
])
def test_a_one_letter_sign_is_read_only_where_it_is_money(query: str, want: tuple | None) -> None:
    price = _values(query, GOODS).get("price")
    assert (None if price is None else (price.amount, price.currency)) == want


def test_a_one_letter_sign_is_the_named_country_s_currency() -> None:
    assert _money(_values("Pinotage from South Africa under R250", WINE)["price"]) == (
        250, "ZAR", "<=", None)
    # guard: the same figure with no country named is no price
    assert _values("Pinotage under R250", WINE).get("price") is None


@pytest.mark.parametrize("query,when", [
    # an earlier stay compared with: its year is not when the new one is
    ("hotel in Porto in Q1 2027, cheaper than the €140 a night we paid there last year",
     (dt.date(2027, 1, 1), dt.date(2027, 3, 31))),
    ("same hotel as last year in Rome, for March", (2027, 3)),
    ("hotel in Rome like last year's, in March", (2027, 3)),
    ("un hotel en Cusco como el del año pasado", None),
    ("hotel en Lima, mejor que el que tuvimos el año pasado, en abril", (2027, 4)),
    # guards: "last year" said as when is still read (and flagged as gone)
    ("hotel in Rome last year", (dt.date(2025, 1, 1), dt.date(2025, 12, 31))),
    ("hotel en Roma el año pasado", (dt.date(2025, 1, 1), dt.date(2025, 12, 31))),
])
def test_an_earlier_stay_s_year_is_not_the_new_one_s(query: str, when: tuple | None) -> None:
    got = _values(query, STAY).get("when")
    if got is None or when is None:
        assert got is when, got
    elif isinstance(when[0], dt.date):
        assert (got.start, got.end) == when
    else:
        assert (got.year, got.month) == when


@pytest.mark.parametrize("query,start,end", [
    ("hotel en Cusco para los próximos 15 días", dt.date(2026, 12, 6), dt.date(2026, 12, 21)),
    ("walking tour in Lisbon in the next 10 days", dt.date(2026, 12, 6), dt.date(2026, 12, 16)),
    ("hotel in Rome over the next two weeks", dt.date(2026, 12, 6), dt.date(2026, 12, 20)),
    ("hotel en Roma en las próximas dos semanas", dt.date(2026, 12, 6), dt.date(2026, 12, 20)),
    ("apartment in Oslo for the coming 30 days", dt.date(2026, 12, 6), dt.date(2027, 1, 5)),
    # guard: "in N days" is that day
    ("hotel in Rome in 10 days", dt.date(2026, 12, 16), dt.date(2026, 12, 16)),
])
def test_days_counted_from_today(query: str, start: dt.date,
                                                             end: dt.date) -> None:
    got = _values(query, STAY)["when"]
    assert (got.start, got.end) == (start, end)


@pytest.mark.parametrize("query,want", [
    ("hotel in Porto, cheaper than the €140 a night we paid there", (140, "EUR", "<=", "night")),
    ("hotel en Oporto, más barato que los 140 € la noche que pagamos", (140, "EUR", "<=", "night")),
    ("hotel in Leeds for less than what we paid in May, £90 a night", (90, "GBP", "<=", "night")),
])
def test_a_sum_paid_before_to_beat_is_the_cap(query: str, want: tuple) -> None:
    assert _money(_values(query, STAY)["price"]) == want


def test_a_sum_already_paid_is_still_no_budget() -> None:
    got = _values("flights already booked ($450), hotel in Rome, we paid $450", STAY)
    assert got.get("price") is None, got


# a tasting or a tour an outside author writes: what it is about, where, in which language
TOUR = {"theme": InputSpec(type="subject"), "city": InputSpec(type="place"),
        "origin": InputSpec(type="place", aliases=["from", "desde"]),
        "language": InputSpec(type="string", enum=["spanish", "english", "french"],
                              synonyms={"spanish": ["en español", "spanish-speaking"],
                                        "french": ["en francés"]})}


@pytest.mark.parametrize("query,theme,city", [
    ("chamo, búscame un tour de arte en Caracas", "arte", "Caracas"),
    ("so, like, um, a food tour in Madrid, you know", "food", "Madrid"),
    ("oye, eh, queremos un tour de historia por Lima, o sea, algo tranquilo, ¿ya?", "historia", "Lima"),
    ("uh, wine tour in Napa, mate", "wine", "Napa"),
    ("Same again but for Valencia, street art this time", "street art", "Valencia"),
    ("igual que la búsqueda anterior pero en Bilbao", None, "Bilbao"),
    ("lo mismo que antes pero para Sevilla", None, "Sevilla"),
    # guards: a word that is no filler where it stands stays ("like" wanted, "ya" done)
    ("I'd like a jazz tour in New Orleans", "jazz", "New Orleans"),
])
def test_fillers_and_a_follow_up_s_opener_are_no_value(query: str, theme: str | None,
                                                       city: str) -> None:
    got = _values(query, TOUR, nouns=("tour",))
    assert (got.get("theme"), str(got.get("city"))) == (theme, city), got


@pytest.mark.parametrize("query,lang", [
    ("tour por La Habana Vieja, o sea, en español, por la tarde", "spanish"),
    ("tour por Sevilla en francés", "french"),
    ("walking tour of Rome with a Spanish-speaking guide", "spanish"),
    ("tour of Lyon in English", "english"),
])
def test_a_language_said_after_en_or_in_is_no_country(query: str, lang: str) -> None:
    got = _values(query, TOUR, nouns=("tour",))
    assert got.get("language") == lang and got.get("origin") is None, got


def test_a_nationality_adjective_still_names_a_country() -> None:
    wine = {"grape": InputSpec(type="subject"), "country": InputSpec(type="place")}
    assert str(_values("Malbec argentino", wine).get("country")) == "Argentina"


@pytest.mark.parametrize("query,want", [
    ("hotel en Cusco, nada por debajo de 8", 8.0),
    ("hotel in Rome, nothing below 8.5", 8.5),
    ("sushi in Lima, nothing under 4 stars", 8.0),
    ("hotel en Quito, ninguno inferior a 7", 7.0),
    # guards: a refused floor of money or of people is no rating
    ("hotel en Roma, nada por debajo de 80 €", None),
    ("hotel in Rome, nothing under 2 people", None),
])
def test_a_rating_floor_said_as_what_is_refused(query: str, want: float | None) -> None:
    assert _values(query, STAY).get("rating") == want


# a flat an outside author writes: its lift, terrace and a contract's term
HOME = {"city": InputSpec(type="place"),
        "lift": InputSpec(type="boolean", aliases=["ascensor", "elevator"]),
        "terrace": InputSpec(type="boolean", aliases=["terraza"]),
        "contract": InputSpec(type="boolean", aliases=["contrato", "permanencia"])}


@pytest.mark.parametrize("query,name,want", [
    ("piso en Lima, sin ascensor no me sirve", "lift", True),
    ("piso en Quito, sin terraza no nos vale", "terrace", True),
    ("flat in Leeds, without a lift it's a no-go", "lift", True),
    ("flat in Leeds, no terrace, no deal", "terrace", True),
    ("SIM plan in Spain, no lock-in contract", "contract", False),
    ("plan in Spain, no long-term contract", "contract", False),
    # guards: a flag said as not had is still false, said as wanted true
    ("piso en Madrid sin ascensor", "lift", False),
    ("piso en Madrid con ascensor", "lift", True),
])
def test_a_flag_refused_without_and_a_kind_of_it_ruled_out(query: str, name: str,
                                                           want: bool) -> None:
    assert _values(query, HOME).get(name) is want


# a video or a dataset an outside author writes: the years it covers
YEARS = {"topic": InputSpec(type="subject"), "first": InputSpec(type="year"),
         "last": InputSpec(type="year", aliases=["to", "until", "hasta"])}


@pytest.mark.parametrize("query,first,last", [
    ("data on air quality from Q1 2020 to Q4 2024", 2020, 2024),
    ("datos de empleo del H2 2019 hasta 2022", 2019, 2022),
    ("coches del 2020 pa' arriba", 2020, None),
    ("motos del 2018 para arriba", 2018, None),
    ("charlas de Kubernetes de este año o el pasado", 2025, None),
    ("talks on Rust from this year or last", 2025, None),
    # guards: a year alone, this year alone
    ("talks on Rust from this year", 2026, None),
])
def test_years_said_with_a_quarter_upwards_or_this_year_or_last(query: str, first: int,
                                                                 last: int | None) -> None:
    got = _values(query, YEARS)
    assert (got.get("first"), got.get("last")) == (first, last), got


def test_a_nationality_adjective_names_the_currency_s_country() -> None:
    got = _values("South African Pinotage under R250", WINE)
    assert _money(got["price"]) == (250, "ZAR", "<=", None)


# a computer an outside author writes: its brands
COMPUTER = {"brands": InputSpec(type="list", enum=["apple", "dell", "hp", "lenovo"]),
            "work": InputSpec(type="boolean", aliases=["remoto", "amueblado"])}


@pytest.mark.parametrize("query,want", [
    ("portátil para programar, cualquier marca menos Apple", None),
    ("any brand but Dell, for gaming", None),
    ("todo menos HP, que sea Lenovo", ["lenovo"]),
    # guard: "menos de" before a quantity rules no brand out
    ("laptop Dell o HP, menos de 1,5 kg", ["dell", "hp"]),
])
def test_a_brand_ruled_out_with_menos_or_any_but(query: str, want: list[str] | None) -> None:
    got = _values(query, COMPUTER).get("brands")
    assert (sorted(got) if got else None) == want


@pytest.mark.parametrize("query,want", [
    ("chamba de analista remota en Lima", True),
    ("casa amueblada en Sevilla", True),
    ("piso en Valencia, no amueblada", False),
    # guard: the alias as declared still reads
    ("trabajo remoto en Quito", True),
])
def test_a_spanish_adjective_alias_in_its_other_gender(query: str, want: bool) -> None:
    assert _values(query, COMPUTER).get("work") is want
