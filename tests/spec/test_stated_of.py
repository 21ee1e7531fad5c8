"""``stated(..., of=...)`` reads the value a record states next to the words asked as
``mentions`` reads a word: by any word of its synonym group (the pipeline's enum
``synonyms``, in every place a template runs: rank expressions and report templates), in
the singular or the plural, and across a cap (``de hasta``, ``up to``, ``máximo``), so a
venue's "Teatro: 120 personas" or "banquetes de hasta 120 comensales" is the capacity of
the layout asked, and one stated for another layout is not."""

from __future__ import annotations

import pytest

from scout.spec.filters import SYNONYMS_VAR, stated, synonym_table
from scout.spec.models import InputSpec
from scout.spec.templating import make_env

INPUTS = {"layout": InputSpec(type="string", enum=["theatre", "banquet", "standing"],
                              synonyms={"theatre": ["teatro", "auditorio"],
                                        "banquet": ["banquete"], "standing": ["cóctel"]})}
TABLE = synonym_table(INPUTS)
UNITS = "'people', 'personas', 'comensales'"


class Pipeline:
    inputs = INPUTS


@pytest.mark.parametrize(("text", "layout", "seats"), [
    ("Capacidad: Teatro: 120 personas, escuela: 60 personas", "theatre", 120),  # a synonym
    ("120 personas en teatro, 60 en escuela", "theatre", 120),
    ("Banquete: 80 comensales; cóctel 200 personas", "banquet", 80),
    ("Hacienda para banquetes de hasta 120 comensales", "banquet", 120),   # plural, a cap
    ("Ballroom: theatre for up to 250 people, banquet 120 people", "theatre", 250),
    ("Cóctel: máximo 300 personas", "standing", 300),
    ("Up to 400 people standing", "theatre", None),        # another layout's: not stated
    ("Salón para 90 personas en cóctel", "banquet", None),
    ("Banquete para 80 comensales, cóctel 200 personas", "banquet", 80),  # what it is for
    ("Theatre for 250 people; standing for 400 people", "theatre", 250),
    ("Auditorio para 300 personas", "standing", None),
])
def test_of_reads_the_value_beside_a_synonym_of_the_word_asked(text: str, layout: str,
                                                               seats: int | None) -> None:
    venue = {"name": "Sala", "evidence": [{"text": text}]}
    rank_scope = make_env().compile_expression(
        f"venue | stated({UNITS}, of=[layout])")(venue=venue, layout=layout,
                                                 **{SYNONYMS_VAR: TABLE})
    # a report template finds the synonyms from its pipeline
    report = make_env().from_string(
        f"{{{{ venue | stated({UNITS}, of=[layout]) }}}}").render(
        venue=venue, layout=layout, pipeline=Pipeline())
    assert rank_scope == seats and report == str(seats)


def test_without_synonyms_of_reads_its_own_words_only() -> None:
    text = "Teatro: 120 personas"
    assert stated(text, "personas", of=["theatre"]) is None
    assert stated(text, "personas", of=["theatre"], synonyms=TABLE) == 120
    # not_of reads them too: a terrace's metres are no room's
    assert stated("Sala de 90 m2, banquete de 40 m2", "m2", not_of=["banquet"],
                  synonyms=TABLE) == 90


def test_a_cap_before_the_value_reads_only_beside_the_word_asked() -> None:
    # "hasta" alone is no word of the record's: the value must still stand by "RAM"
    assert stated("RAM de hasta 32 GB, SSD de hasta 2 TB", "GB", of=["RAM"]) == 32
    assert stated("SSD de hasta 2 TB", "GB", of=["RAM"]) is None


@pytest.mark.parametrize("text,units,value", [
    # a unit is read in the singular and the plural, as pages write either
    ("5-day turnaround, GDPR compliant", ("days", "días"), 5),
    ("Entrega en 1 día.", ("days", "días"), 1),
    ("Delivery in 3 days.", ("day",), 3),
    ("Plazo: 10 días laborables", ("día",), 10),
    # a short unit or one ending in no letter is read as written
    ("85.000 km", ("km",), 85000),
    ("3 bedrooms", ("bed",), None),
])
def test_a_unit_is_read_in_either_number(text, units, value):
    assert stated(text, *units) == value


@pytest.mark.parametrize("text,value", [
    # the time a thing takes is said after "en" / "in" / "within": "entrega en 2 semanas"
    ("Balanza nueva, precisión 0,1 mg, entrega en 2 semanas. 2.400 €.", 2),
    ("Delivery in 3 weeks, 2-year warranty.", 3),
    ("Delivery within 1 week.", 1),
    ("Entrega en un plazo de 4 semanas.", 4),
    # another thing's weeks are still not the delivery's
    ("Garantía de 2 años, soporte en 3 semanas.", None),
])
def test_of_reads_a_time_said_after_in(text: str, value: int | None) -> None:
    assert stated(text, "semanas", "weeks", of=["entrega", "delivery"]) == value


@pytest.mark.parametrize(("text", "of", "units", "want"), [
    # said to be absent, its clause ending there: 0 of it
    ("Cuota 30 € al mes, sin matrícula.", ["matrícula", "joining fee"], ("€", "£"), 0),
    ("No joining fee, £20 a month.", ["matrícula", "joining fee"], ("€", "£"), 0),
    ("Sin matrícula ni permanencia.", ["permanencia"], ("meses",), 0),
    ("no joining fee and no contract", ["contract"], ("months",), 0),
    # an amount of it, or words that go on, are not its absence
    ("Matrícula: 30 €.", ["matrícula"], ("€",), 30),
    ("sin matrícula de 20 €", ["matrícula"], ("€",), 20),
    ("No RAM upgrade possible, 8 GB", ["RAM"], ("GB",), None),
    ("Piscina y sauna, 40 €/mes", ["matrícula"], ("€",), None),
])
def test_a_thing_said_to_be_absent_states_none_of_it(text, of, units, want):
    assert stated(text, *units, of=of) == want


# a price list's band: the ages it covers stand between its word and its price
@pytest.mark.parametrize(("text", "of", "want"), [
    ("Forfait día adulto 56 €; niño de 6 a 11 años 42 €.", ["niño"], 42),
    ("Adult day pass CHF 79, child (6-15) CHF 45, senior 65+ CHF 67.", ["child"], 45),
    ("Adult day pass CHF 79, child (6-15) CHF 45, senior 65+ CHF 67.", ["senior"], 67),
    ("Forfait 52 €. Niños hasta 10 años: 40 €.", ["niño"], 40),
    ("junior 12-17 years €38, adult €50", ["junior"], 38),
    ("Entrada general 20 €, mayores de 65 años 12 €", ["mayores"], 12),
    ("Forfait adulto 56 €", ["niño"], None),             # no child's band stated
    ("forfait 2 90 €", ["forfait"], None),                # a bare number is no band
])
def test_a_band_of_ages_between_the_word_and_its_price(text, of, want) -> None:
    assert stated(text, "€", "CHF", of=of, pick="min") == want


# the people a ticket is for stand between its word (one word more allowed) and its price
@pytest.mark.parametrize(("text", "want"), [
    ("Adulto 22 €. Entrada familiar 2 adultos + 2 niños 89 €.", 89),
    ("Adult £18, family ticket (2 adults + 2 children) £48.", 48),
    ("Adult €25. Family ticket for 2 adults and 2 children €60.", 60),
    ("Family ticket (2+2) €50", 50),
    ("Billete familiar para 2 adultos y 3 niños: 75 €", 75),
    ("Abono familiar 120 €", 120),
    ("family room 2 90 €", None),                        # a bare number is still none
    ("Adult €25, child €15. Open to families.", None),   # no family ticket stated
])
def test_the_people_a_ticket_is_for_between_the_word_and_its_price(text, want) -> None:
    assert stated(text, "€", "£", of=["family", "familiar"], pick="min") == want


# a currency written before its amount is that amount's, never the number's before it
@pytest.mark.parametrize(("text", "of", "want"), [
    ("Adult day pass CHF 72, children 6-12 CHF 48.", ["children"], 48),
    ("Kids under 6 CHF 20, adults CHF 70", ["kids"], 20),
    ("children 6-12: 48 CHF", ["children"], 48),           # after its amount, as ever
    ("Adult 72 CHF, child 48 CHF", ["child"], 48),
])
def test_a_currency_before_its_amount_is_not_the_age_before_it(text, of, want) -> None:
    assert stated(text, "CHF", of=of, pick="min") == want


@pytest.mark.parametrize(("text", "value"), [
    # a label that says where before its colon: the fee is the word's
    ("Menús desde 19 €/persona. Entrega en Valencia: 40 €.", 40),
    ("Coffee break £9.50 per person. Delivery to South Kensington: £25.", 25),
    ("Delivery within the M25: £30, staff £18 per hour.", 30),
    # not without the colon, nor another label's value
    ("Entrega en Valencia y menús de 40 €.", None),
    ("Entrega en Valencia. Camareros: 18 €.", None),
])
def test_of_reads_a_value_after_a_label_saying_where(text: str, value: int | None) -> None:
    assert stated(text, "€", "£", of=["entrega", "delivery"]) == value


@pytest.mark.parametrize("text, of, want", [
    ("Ida y vuelta desde 89,90 €. Básico desde 45 €", ["ida y vuelta"], 89.9),
    ("Open return from £45, single £25", ["return"], 45),
    ("Prémium a partir de 60 €, Básico 30 €", ["prémium"], 60),
    ("Family ticket: from £48, adult £18", ["family ticket"], 48),
    ("Vuelos desde Madrid: 45 €", ["vuelos"], None),  # a place after "desde", no price cue
])
def test_a_price_said_from_after_its_word_is_its(text, of, want):
    """A price list's "from" between the word and its least (scout/spec/statednear.py)."""
    from scout.spec.stated import stated as _stated
    assert _stated(text, "€", "£", of=of) == want


@pytest.mark.parametrize("text, units, of, want", [
    # a charge's noun between the word and its value, as price lists label an extra (a
    # courier's "Collection fee £4" read nothing for of=['collection'])
    ("Pennine: up to 2 kg £14.50. Collection fee £4. Tracked.", ("£",), ["collection"], 4),
    ("Collection charge: £6.50 per booking", ("£",), ["collection"], 6.5),
    ("Fuel surcharge 12%, VAT 20%", ("%",), ["fuel"], 12),
    ("Recogida: tarifa 3 €. Entrega en 24 h.", ("€",), ["recogida"], 3),
    ("Seguro: coste 5 € por envío", ("€",), ["seguro"], 5),
    ("Recogida a domicilio, cargo de 3,50 €", ("€",), ["recogida a domicilio"], 3.5),
    # no charge's noun, no label: prose, not the word's
    ("Collection available. Price £14", ("£",), ["collection"], None),
    ("Fuel is included; surcharge-free. From 12 €", ("€",), ["fuel"], None),
])
def test_a_charges_noun_between_the_word_and_its_value(text, units, of, want):
    assert stated(text, *units, of=of) == want


@pytest.mark.parametrize("text, units, of, want", [
    # an extra said free or included costs 0 of it (a courier's "Recogida gratis" read
    # nothing, so a kind adding the collection fee could not tell free from unknown)
    ("Envío 20 €. Recogida gratis.", ("€",), ["recogida"], 0),
    ("Free collection, up to 2 kg £9", ("£",), ["collection"], 0),
    ("Seguro gratis. Entrega en 24 h", ("€",), ["seguro"], 0),
    ("Camareros incluidos.", ("€",), ["camareros"], None),  # included: no fee said
    ("Matrícula gratuita, cuota 35 € al mes", ("€",), ["matrícula"], 0),
    # a condition after it: no price of it said
    ("Free collection over £50. Collection fee £4", ("£",), ["collection"], 4),
    ("Recogida gratuita a partir de 3 cajas", ("€",), ["recogida"], None),
    ("Collection fee £4. Free collection for members", ("£",), ["collection"], 4),
    # a quantity, not money: "included" says no amount of it
    ("Equipaje gratis", ("kg",), ["equipaje"], None),
])
def test_an_extra_said_free_costs_nothing(text, units, of, want):
    assert stated(text, *units, of=of, pick="max") == want
