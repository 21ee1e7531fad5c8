"""Coercion of values people write (defaults, mission inputs, --set) into input types."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import INPUT_TYPES, DateRange, Money, Month
from scout.task.values import (
    coerce,
    currency_code,
    parse_date,
    parse_money,
    parse_month,
    parse_rating,
    to_jsonable,
)


@pytest.mark.parametrize(
    "text, amount, currency, comparator",
    [
        ("200 EUR", 200.0, "EUR", "<="),
        ("€200", 200.0, "EUR", "<="),
        ("$99.50", 99.5, "USD", "<="),
        ("200 euros", 200.0, "EUR", "<="),
        ("1.234,50 EUR", 1234.5, "EUR", "<="),
        ("1,234.50 USD", 1234.5, "USD", "<="),
        ("12,5 EUR", 12.5, "EUR", "<="),
        ("< 150 GBP", 150.0, "GBP", "<"),
        (">=80 chf", 80.0, "CHF", ">="),
        ("R$ 300", 300.0, "BRL", "<="),
    ],
)
def test_money(text, amount, currency, comparator) -> None:
    m = parse_money(text)
    assert (m.amount, m.currency, m.comparator) == (amount, currency, comparator)


def test_money_from_mapping_and_model() -> None:
    m = Money(amount=5, currency="EUR")
    assert parse_money(m) is m
    assert parse_money({"amount": 10, "currency": "USD"}).amount == 10
    assert str(parse_money("200 EUR")) == "200 EUR"


@pytest.mark.parametrize(
    "value, words",
    [
        ("cheap", "is not an amount with a currency"),
        ("200", "is not an amount with a currency"),
        (200, "written as an amount with a currency"),
        ("200 xx1", "is not an amount"),
    ],
)
def test_money_errors(value, words) -> None:
    with pytest.raises(ValueError, match=words):
        parse_money(value)


def test_money_mapping_errors_are_plain_words() -> None:
    with pytest.raises(ValueError) as info:
        coerce("money", {"amount": -1, "currency": "eur"})
    text = str(info.value)
    assert text.startswith("not a valid money (")
    assert "amount:" in text and "currency:" in text
    assert "pydantic" not in text and "errors.pydantic.dev" not in text


def test_currency_code() -> None:
    assert currency_code("€") == "EUR"
    assert currency_code("bucks") == "USD"
    assert currency_code("sek") == "SEK"
    assert currency_code("euro-ish") is None


@pytest.mark.parametrize(
    "text, year, month",
    [
        ("2026-09", 2026, 9),
        ("2026-9", 2026, 9),
        ("September 2026", 2026, 9),
        ("sept 2026", 2026, 9),
        ("Sep. 2026", 2026, 9),
        (dt.date(2026, 3, 14), 2026, 3),
    ],
)
def test_month(text, year, month) -> None:
    assert parse_month(text) == Month(year=year, month=month)


def test_month_without_a_year_is_the_next_one() -> None:
    today = dt.date(2026, 10, 5)
    assert parse_month("september", today=today) == Month(year=2027, month=9)
    assert parse_month("next december", today=today) == Month(year=2026, month=12)
    assert str(parse_month("2026-09")) == "September 2026"


@pytest.mark.parametrize(
    "value, words",
    [
        ("2026-13", "there is no month 13"),
        ("2026-00", "there is no month 0"),
        ("3026-01", "out of range"),
        ("Septembre 2026", "is not a month"),
        (202609, "a month is written as"),
    ],
)
def test_month_errors(value, words) -> None:
    with pytest.raises(ValueError, match=words):
        parse_month(value)


def test_date_and_range() -> None:
    assert parse_date("2026-09-15") == dt.date(2026, 9, 15)
    r = parse_date("2026-09-15..2026-09-20")
    assert isinstance(r, DateRange) and (r.end - r.start).days == 5
    assert str(r) == "2026-09-15 to 2026-09-20"


@pytest.mark.parametrize(
    "value, words",
    [
        ("2026-02-30", "is not a day of the calendar"),
        ("15/09/2026", "write YYYY-MM-DD"),
        ("2026-09-20..2026-09-15", "ends before it starts"),
        (20260915, "a date is written as"),
    ],
)
def test_date_errors(value, words) -> None:
    with pytest.raises(ValueError, match=words):
        parse_date(value)


@pytest.mark.parametrize(
    "value, score",
    [(8, 8.0), (4.5, 4.5), ("4.5/5", 9.0), ("8/10", 8.0), ("4 out of 5", 8.0), ("8,5", 8.5),
     ("9+", 9.0), ("0", 0.0)],
)
def test_rating_is_normalised_to_ten(value, score) -> None:
    assert parse_rating(value) == score


@pytest.mark.parametrize(
    "value, words",
    [(11, "outside the 0-10 scale"), (-1, "outside"), ("6/5", "not a valid rating"),
     ("great", "is not a rating"), (True, "a rating is a number"), (None, "a rating is")],
)
def test_rating_errors(value, words) -> None:
    with pytest.raises(ValueError, match=words):
        parse_rating(value)


@pytest.mark.parametrize(
    "type_name, value, expected",
    [
        ("string", "  Barcelona ", "Barcelona"),
        ("string", 42, "42"),
        ("place", "Barcelona", "Barcelona"),
        ("subject", " pulpo a la gallega ", "pulpo a la gallega"),
        ("integer", "3", 3),
        ("integer", 3.0, 3),
        ("number", "2.5", 2.5),
        ("number", 2, 2.0),
        ("boolean", "yes", True),
        ("boolean", "off", False),
        ("boolean", False, False),
        ("list", "a, b ,c", ["a", "b", "c"]),
        ("list", ["x", 1], ["x", "1"]),
    ],
)
def test_coerce_simple_types(type_name, value, expected) -> None:
    assert coerce(type_name, value) == expected


@pytest.mark.parametrize(
    "type_name, value, words",
    [
        ("string", {"a": 1}, "expected text, got a mapping"),
        ("string", None, "got nothing"),
        ("place", "  ", "cannot be empty"),
        ("subject", " ", "a subject cannot be empty; leave the input out"),
        ("integer", "3.5", "is not a whole number"),
        ("integer", True, "got a boolean"),
        ("integer", "9" * 400, "too large a whole number"),  # past any float: compared
        pytest.param("integer", 10 ** 400, "too large", id="int-past-a-float-integer"),
        ("number", "many", "is not a number"),
        # --set, a mission: no NaN, no infinity; said as what they are, not "no number"
        ("number", "nan", "'nan' is not a finite number"),
        ("number", "-inf", "'-inf' is not a finite number"),
        ("number", "1e400", "'1e400' is not a finite number"),
        ("number", " -2.5E+999 ", "is not a finite number"),
        ("number", float("inf"), "'inf' is not a finite number"),
        pytest.param("number", 10 ** 400, "is not a finite number", id="int-past-a-float"),
        ("number", "x" * 5000, r"^'x+…x+' is not a number$"),  # cut, not echoed whole
        ("money", "9" * 400 + " EUR", "too large a number"),
        ("money", {"amount": float("inf"), "currency": "EUR"}, "finite number"),
        ("boolean", "maybe", "is not a boolean"),
        ("list", 5, "expected a list"),
        ("colour", "red", "unknown input type 'colour'"),
    ],
)
def test_coerce_errors(type_name, value, words) -> None:
    with pytest.raises(ValueError, match=words):
        coerce(type_name, value)


def test_list_items_are_coerced_and_errors_name_the_item() -> None:
    assert coerce("list", "4/5, 9", items="rating") == [8.0, 9.0]
    with pytest.raises(ValueError, match=r"item 2: 'x' is not a rating"):
        coerce("list", ["8", "x"], items="rating")


def test_every_input_type_has_a_coercion() -> None:
    samples = {"string": "a", "subject": "ramen", "integer": 1, "year": 2019, "number": 1.5, "area": "60 m2",
               "boolean": True, "place": "Rome",
               "month": "2026-09", "date": "2026-09-01", "money": "5 EUR", "rating": 7,
               "duration": "20m", "data_size": "16 GB", "weight": "1.5 kg", "length": "5 mi",
               "volume": "10 m3",
               "list": "a, b"}
    assert set(samples) == set(INPUT_TYPES)
    for t, v in samples.items():
        coerce(t, v)


def test_to_jsonable() -> None:
    assert to_jsonable(parse_money("5 EUR")) == {"amount": 5.0, "currency": "EUR",
                                                  "comparator": "<=", "per": None}
    assert to_jsonable([dt.date(2026, 1, 2)]) == ["2026-01-02"]
    assert to_jsonable(3) == 3


def test_a_request_amount_past_any_float_is_no_budget() -> None:
    # 400 nines read as an infinite budget, which a Task stores as null and cannot read back
    from scout.task.build import build_task
    from scout.spec.models import InputSpec

    inputs = {"place": InputSpec(type="place", required=True),
              "budget": InputSpec(type="money", default="300 EUR")}
    for query in ("hotel in Paris under " + "9" * 400 + " euros",
                  "hotel in Paris under " + "9" * 400,
                  "hotel en París entre 80 y " + "9" * 400 + " euros"):
        task = build_task(query, inputs, today=dt.date(2027, 1, 10))
        assert task.values.get("budget") in (None, Money(amount=300, currency="EUR"))
        assert type(task).model_validate_json(task.model_dump_json()) == task
    assert build_task("hotel in Paris under 200 euros", inputs,
                      today=dt.date(2027, 1, 10)).values["budget"].amount == 200


@pytest.mark.parametrize("query", ["novelas de menos de {n} páginas", "books under {n} pages"])
def test_a_count_of_hundreds_of_digits_in_a_request_is_no_value(query: str) -> None:
    # an int past any float was the input's value: compared with a stated figure, it raised
    from scout.spec.models import InputSpec
    from scout.task.build import build_task

    inputs = {"max_pages": InputSpec(type="integer", aliases=["páginas", "pages"])}
    huge = build_task(query.format(n="9" * 400), inputs).model_dump(mode="json")["values"]
    assert not huge.get("max_pages")
    said = build_task(query.format(n="300"), inputs).model_dump(mode="json")["values"]
    assert said["max_pages"] == 300


@pytest.mark.parametrize("query", ["hotel en Madrid por menos de {n} euros",
                                   "hotel in Madrid under {n} euros"])
def test_a_note_shows_a_figure_of_hundreds_of_digits_by_its_ends(query: str) -> None:
    # the "could not read" note quoted all 400 digits back to a person or an agent
    from scout.spec.models import InputSpec
    from scout.task.build import build_task

    inputs = {"town": InputSpec(type="place"), "budget": InputSpec(type="money")}
    notes = build_task(query.format(n="9" * 400), inputs).notes
    unread = [n for n in notes if "9999" in n]
    assert unread and all(len(n) < 120 and "…" in n for n in unread)


@pytest.mark.parametrize("value", ["9" * 5000, "1e400", "nan", "-inf", float("inf"),
                                   "9" * 400 + "/10"])
@pytest.mark.parametrize("scale", [None, 5, 100])
def test_a_rating_that_is_not_finite_is_refused_as_such(value, scale) -> None:
    """'9' * 5000 was read as a float, infinite, and refused as 'rating inf'."""
    with pytest.raises(ValueError) as err:
        parse_rating(value, scale)
    said = str(err.value)
    assert "inf" not in said.replace("'-inf'", "").replace("'inf'", "") \
        and len(said) < 200, said
    assert "is not a finite number" in said, said


#: a refusal of each kind ``--set`` and a Mission's inputs can meet, with the input type
REFUSALS = [("month", "2026-13"), ("month", "2300-05"), ("month", "someday"),
            ("date", "2026-02-30"), ("date", "tomorrow"), ("rating", "150"),
            ("rating", "11"), ("rating", "9" * 5000), ("rating", "great"),
            ("integer", "9" * 400), ("integer", "3.5"), ("number", "many"),
            ("string", {"a": 1}), ("string", ["a"]), ("list", 5),
            ("boolean", "maybe"), ("money", "lots")]


@pytest.mark.parametrize(("type_name", "value"), REFUSALS + [("list:rating", "8, great")])
def test_every_value_refusal_is_said_in_spanish(type_name, value) -> None:
    """A `--set` refusal sits inside a Spanish message for a Spanish request: each one is
    in the catalog, none stays English there."""
    from scout.i18n.messages import localize

    kind, _, items = type_name.partition(":")
    with pytest.raises(ValueError) as err:
        coerce(kind, value, items=items or None)
    english = str(err.value)
    assert localize(english, "es") != english, english


@pytest.mark.parametrize("scale", [5, 100])
def test_a_rating_on_its_scale_is_refused_in_spanish_too(scale) -> None:
    from scout.i18n.messages import localize

    for value in ("great", str(scale * 2), [1]):
        with pytest.raises(ValueError) as err:
            coerce("rating", value, scale=scale)
        assert localize(str(err.value), "es") != str(err.value), err.value


@pytest.mark.parametrize("value", ["klingon", "a (b", "x) y", "x" * 5000])
def test_a_language_refusal_is_said_in_spanish_whatever_was_written(value) -> None:
    """What the person wrote is quoted: a parenthesis in it that does not close left the
    whole refusal in English."""
    from scout.i18n.messages import localize
    from scout.task.lang import coerce_lang

    with pytest.raises(ValueError) as err:
        coerce_lang(value)
    said = localize(str(err.value), "es")
    assert said.startswith(f"'{value[:20]}") and "' no es un idioma" in said, said
    assert len(said) < 200, said
