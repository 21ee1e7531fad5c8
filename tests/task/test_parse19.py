"""Classes of phrasing an outside product kind found in the request parser (parse19: the
lab-equipment and tenders kinds), each read as ``scout apply`` reads it (the kind's
pipeline, name, nouns and catalogs), in both languages, with guards for what must stay.
The clock is injected."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from tests.kinds import parse_request

TODAY = dt.date(2026, 12, 6)
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
LAB = EXAMPLES / "labequipment" / "pipelines" / "labequipment.yaml"
TENDERS = EXAMPLES / "tenders" / "pipelines" / "tenders.yaml"


@pytest.fixture(scope="module")
def lab_with_place(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The lab-equipment kind with its delivery place as a ``place`` input (an author's
    natural choice) instead of the ``string`` + ``pattern`` it works around with."""
    root = tmp_path_factory.mktemp("lab") / "pipelines"
    root.mkdir()
    text = LAB.read_text(encoding="utf-8")
    text, n = re.subn(r"(?m)^  delivery_place: \{type: string, pattern: .*$",
                      '  delivery_place: {type: place, description: "where it goes"}', text)
    assert n == 1
    (root / "labequipment.yaml").write_text(text, encoding="utf-8")
    return root / "labequipment.yaml"


def read(kind: Path, query: str) -> dict[str, object]:
    """The values ``query`` gives ``kind``, those read only."""
    return {k: v for k, v in parse_request(kind, query, TODAY).values.items()
            if v is not None}


# ------------------------------ 1. a product's own words are no town
@pytest.mark.parametrize("query, instrument", [
    ("benchtop centrifuge under 5,000 EUR plus VAT", "benchtop centrifuge"),
    ("a refurbished ultra-low freezer, at least 500 L, under $8,000", "ultra-low freezer"),
    ("microscopio de fluorescencia, hasta 20 mil euros", "microscopio de fluorescencia"),
    ("espectrómetro de absorción atómica nuevo", "espectrómetro de absorción atómica"),
])
def test_product_words_are_no_town(lab_with_place: Path, query: str, instrument: str) -> None:
    got = read(lab_with_place, query)
    assert got.get("instrument") == instrument and "delivery_place" not in got, got


@pytest.mark.parametrize("query, place", [
    # guards: a town with its cue, a known one, one typed with its capital
    ("benchtop centrifuge, delivery to Mexico City", "Mexico City"),
    ("microscopio de fluorescencia de valencia", "Valencia"),
    ("benchtop centrifuge Sóller, under 5,000 EUR", "Sóller"),
])
def test_a_town_after_a_product_is_still_read(lab_with_place: Path, query: str,
                                              place: str) -> None:
    assert read(lab_with_place, query).get("delivery_place") == place


def test_a_chat_town_after_a_dish_stays_in_spanish() -> None:
    """Spanish chat writes the town after the dish, in lower case: still the place."""
    from scout.spec.models import InputSpec
    from scout.task.parser import parse_query

    inputs = {"dish": InputSpec(type="subject"), "city": InputSpec(type="place"),
              "budget": InputSpec(type="money")}
    got = parse_query("ramen ronda barato 20€", inputs, today=TODAY).values
    assert (got["dish"], got["city"]) == ("ramen", "Ronda")


@pytest.mark.parametrize("query", [
    "benchtop centrifuge, 3-year warranty", "balanza analítica, garantía de 2 años",
    "balanza analítica con 2 años de garantía",
])
def test_a_quantitys_label_is_no_town(lab_with_place: Path, query: str) -> None:
    """A duration read by its label ("warranty") claims the label too."""
    got = read(lab_with_place, query)
    assert got.get("min_warranty") and "delivery_place" not in got, got


# ------------------------------ 2. a count before what is asked
@pytest.mark.parametrize("query, instrument, quantity", [
    ("3 multichannel pipettes", "multichannel pipettes", 3),
    ("2 congeladores de -80 °C", "congeladores", 2),
    ("necesitamos dos centrífugas de sobremesa", "centrífugas de sobremesa", 2),
    ("Hi, we need 4 analytical balances under 3,000 EUR", "analytical balances", 4),
])
def test_a_count_before_the_subject_is_the_quantity(query: str, instrument: str,
                                                    quantity: int) -> None:
    got = read(LAB, query)
    assert (got.get("instrument"), got.get("quantity")) == (instrument, quantity), got


@pytest.mark.parametrize("query, quantity", [
    # guards: the count with its own noun wins; a length or a spec is no count of items
    ("8-channel multichannel pipette, 3 units", 3),
    ("2 años de garantía, balanza analítica", None),
    ("15000 rpm centrifuge", None),
])
def test_what_is_no_count_of_items(query: str, quantity: int | None) -> None:
    assert read(LAB, query).get("quantity") == quantity


def test_a_count_of_people_is_not_taken_from_before_the_subject() -> None:
    """"2 hotel rooms" counts no guests: only an input that counts how many of the
    thing asked takes the count."""
    from scout.task.itemcount import counts_items

    assert counts_items("quantity", []) and counts_items("n", ["unidades"])
    assert not counts_items("guests", ["personas"]) and not counts_items("max_price", [])


# ------------------------------ 3. a price for the set is the total for the quantity
@pytest.mark.parametrize("query", [
    "3 multichannel pipettes, 900 EUR the set", "3 pipetas multicanal, 900 € el lote",
    "2 freezers, under 900 EUR for the pair", "2 balanzas, 900 € por las dos",
    "2 balances, 900 EUR for both",
])
def test_a_price_for_the_set_is_the_total(query: str) -> None:
    budget = parse_request(LAB, query, TODAY).values["budget"]
    got = read(LAB, query)
    assert (budget.amount, budget.per) == (900, "total")
    # the words of the set are the amount's: no subject or place of their own
    assert not re.search(r"\b(?:set|lote|pair|dos|both)\b", str(got.get("instrument")))


@pytest.mark.parametrize("query", [
    # guards: a unit's price without the article ("per pair"; a tender's "por lote")
    "pipettes, 80 EUR per pair", "3 pipetas, 80 € cada una",
])
def test_a_price_per_unit_is_no_total(query: str) -> None:
    assert parse_request(LAB, query, TODAY).values["budget"].per != "total"


# ------------------------------ 4. a scope names the place
@pytest.mark.parametrize("query, subject, place", [
    ("EU tenders for cleaning services", "cleaning", "EU"),
    ("EU cleaning tenders, deadline end of January", "cleaning", "EU"),
    ("EU-wide tenders for IT services", "IT", "EU"),
    ("Europe-wide cleaning tenders", "cleaning", "Europe"),
    ("licitaciones de limpieza a nivel europeo", "limpieza", "Europa"),
    ("licitaciones de ámbito europeo de limpieza", "limpieza", "Europa"),
    ("cleaning tenders at European level", "cleaning", "Europe"),
    ("licitaciones de limpieza en la UE", "limpieza", "UE"),
    ("convocatorias de limpieza en Latinoamérica", "limpieza", "Latinoamérica"),
    # guards: a country's scope; a scope with no place in it names none
    ("licitaciones de limpieza a nivel español", "limpieza", "España"),
    ("licitaciones de limpieza a nivel nacional", "limpieza", None),
    ("nationwide cleaning tenders", "cleaning", None),
])
def test_a_scope_names_the_place(query: str, subject: str, place: str | None) -> None:
    got = read(TENDERS, query)
    assert (got.get("subject"), got.get("place")) == (subject, place), got


@pytest.mark.parametrize("query, place", [
    # guards: the EU's initials elsewhere are a topic's or a feature's
    ("jornadas de regulación de la UE", None),
    ("5G plan with EU roaming, under 10 EUR", None),
])
def test_the_unions_initials_elsewhere_are_no_scope(query: str, place: str | None) -> None:
    from scout.task.scope import scope_said
    from scout.task.lang import fold

    assert scope_said(fold(query), query) == place


def test_a_region_is_a_known_place_and_the_world_is_none() -> None:
    from scout.task.gazetteer import known_place_words

    assert known_place_words(["europa"]) and known_place_words(["europe"])
    assert known_place_words(["latin", "america"]) == 2
    assert not known_place_words(["world"]) and not known_place_words(["mundo"])


# ------------------------------ 5. a date with its label after it
@pytest.mark.parametrize("query, closing, published", [
    ("licitaciones de limpieza, 31 de enero como plazo, publicadas este mes",
     "2027-01-31", {"start": "2026-12-01", "end": "2026-12-31"}),
    ("licitaciones de limpieza, enero plazo", {"start": "2027-01-01", "end": "2027-01-31"}, None),
    ("cleaning tenders with a 31 January deadline, published this month",
     "2027-01-31", {"start": "2026-12-01", "end": "2026-12-31"}),
    ("licitaciones de limpieza publicadas este mes con plazo hasta finales de enero",
     {"start": "2026-12-06", "end": "2027-01-31"}, {"start": "2026-12-01", "end": "2026-12-31"}),
])
def test_a_dates_label_after_it_is_no_town(query: str, closing: object,
                                           published: object) -> None:
    """Each of the tenders' two dates is its label's, and the label left after a date
    ("como plazo") is no place ("Plazo")."""
    task = parse_request(TENDERS, query, TODAY)
    got = task.model_dump(mode="json")["values"]
    assert (got.get("closing"), got.get("published"), got.get("place")) == (
        closing, published, None), got


def test_a_labels_singular_is_no_town_either() -> None:
    """"50.000 € por lote" for the ``lots`` input (aliased ``lotes``): no place "Lote"."""
    assert "place" not in read(TENDERS, "servicios de limpieza, 3 lotes, 50.000 € por lote")


def test_initials_that_open_an_inputs_alias_are_that_inputs() -> None:
    """"EU roaming plan": the phone plans' ``eu_roaming`` feature, no country "EU"."""
    kind = EXAMPLES / "phoneplans" / "pipelines" / "phoneplans.yaml"
    got = read(kind, "EU roaming plan, 5G, under 10 EUR a month")
    assert got.get("eu_roaming") is True and "country" not in got, got


@pytest.mark.parametrize("query, dish", [
    ("tapas europeas baratas", "tapas europeas"), ("cena francesa 30 euros", "cena francesa"),
])
def test_a_region_or_nationality_adjective_is_no_town(query: str, dish: str) -> None:
    """A bare adjective of a region or a country ("europeas", "francesa") is the
    subject's, never a town ("Europeas"); a bare one is no scope either."""
    from scout.spec.models import InputSpec
    from scout.task.parser import parse_query

    inputs = {"dish": InputSpec(type="subject"), "city": InputSpec(type="place"),
              "budget": InputSpec(type="money")}
    got = parse_query(query, inputs, today=TODAY).values
    assert (got.get("dish"), got.get("city")) == (dish, None)
    assert "place" not in read(TENDERS, "licitaciones europeas de limpieza")


# ------------------------------ 4. an amount each is one unit's where the kind counts them
@pytest.mark.parametrize("types,each,per", [
    # a kind that counts how many things: one thing's, written "300 €/unidad"
    ({"quantity": []}, "unit", None),
    ({"n": ["unidades"]}, "unit", None),
    # one that counts people too, or only people, or nothing: "each" is a person's
    ({"quantity": [], "guests": ["personas"]}, None, "person"),
    ({"guests": []}, None, "person"),
    ({}, None, "person"),
])
def test_an_amount_each_is_one_units_where_the_kind_counts_them(types, each, per) -> None:
    from scout.i18n.values import format_money
    from scout.spec.models import InputSpec
    from scout.task.build import build_task

    inputs = {"item": InputSpec(type="subject"), "budget": InputSpec(type="money"),
              **{n: InputSpec(type="integer", aliases=a) for n, a in types.items()}}
    for query in ("3 pipetas, 300 € cada una", "3 pipettes, 300 EUR each"):
        money = build_task(query, inputs, today=TODAY).values["budget"]
        assert (money.amount, money.each, money.per) == (300, each, per), query
    if each:
        assert format_money(money, "es") == "300 €/unidad"


# ------------------------------ a verb of finding or getting before the count
@pytest.mark.parametrize("query, quantity", [
    ("find 3 multichannel pipettes under 300 euros each", 3),
    ("get me 2 analytical balances", 2),
    ("source 4 ultra-low freezers for the new lab", 4),
    ("encuéntrame 2 centrífugas de sobremesa", 2),
    ("consigue 3 pipetas multicanal", 3),
    ("buscar 4 balanzas analíticas de 0,1 mg", 4),
])
def test_a_finding_verb_opens_the_count_of_items(query: str, quantity: int) -> None:
    """"find 3 pipettes" counts 3 as "I need 3 pipettes" does: the verb that opens the
    request is no word between it and the count."""
    assert read(LAB, query).get("quantity") == quantity
