"""Aspect and polarity reading of review sentences, English and Spanish, with negation."""

from __future__ import annotations

import pytest

from scout.adapters.aspects import FILLERS, PRODUCT, VENUE, clauses, find_aspects
from scout.adapters.aspectwords import scope_of
from scout.adapters.hygiene import quotable


def read(sentence: str) -> list[tuple[str, int]]:
    return [(h.aspect, h.polarity) for h in find_aspects(sentence)]


@pytest.mark.parametrize("sentence,expected", [
    # English
    ("The room was clean.", [("cleanliness", 1)]),
    ("The room was not clean.", [("cleanliness", -1)]),
    ("The bathroom wasn't very clean at all.", [("cleanliness", -1)]),
    ("Great location, small rooms.", [("location", 1), ("comfort", -1)]),
    ("Quiet at night and the staff were lovely.", [("noise", 1), ("staff", 1)]),
    ("It was noisy but fun.", [("noise", -1)]),  # "fun" alone names no aspect
    ("Noisy but amazing.", [("noise", -1), ("overall", 1)]),
    ("Not noisy at all.", [("noise", 1)]),
    ("No noise from the street.", [("noise", 1)]),
    ("The staff were rude.", [("staff", -1)]),
    ("Food was bland but service was fast.", [("food", -1), ("wait", 1)]),
    ("Long queue at lunch.", [("wait", -1)]),
    ("Rich broth and fresh noodles.", [("food", 1)]),
    ("Overpriced for what you get.", [("value", -1)]),
    ("The wifi was poor in the rooms.", [("wifi", -1)]),
    ("The breakfast, however, was excellent.", [("breakfast", 1)]),
    ("Built quality is excellent.", [("quality", 1)]),
    # Spanish
    ("La habitación estaba limpia.", [("cleanliness", 1)]),
    ("La habitación no estaba muy limpia.", [("cleanliness", -1)]),
    ("No muy limpio.", [("cleanliness", -1)]),
    ("Nada limpio y bastante ruidoso.", [("cleanliness", -1), ("noise", -1)]),
    ("Un poco ruidoso por la noche.", [("noise", -1)]),
    ("Poco ruido y muy tranquilo.", [("noise", 1)]),
    ("Sin ruido por la noche.", [("noise", 1)]),
    ("El personal fue muy amable.", [("staff", 1)]),
    ("El desayuno, sin embargo, es excelente.", [("breakfast", 1)]),
    ("Buena ubicación pero la cama era incómoda.", [("location", 1), ("comfort", -1)]),
    ("Muy caro para lo que ofrece.", [("value", -1)]),
    ("La comida estaba deliciosa y el servicio fue lento.", [("food", 1), ("wait", -1)]),
    ("Un hotel precioso.", []),  # weak praise with no aspect
    ("Muy bien situado, cerca de la playa.", [("location", 1)]),
    ("Five minutes from the beach and very well located.", [("location", 1)]),
    ("El baño era viejo y oscuro.", [("comfort", -1)]),
    ("Well, the room was small.", [("comfort", -1)]),
    ("Bueno, la habitación era pequeña.", [("comfort", -1)]),
    # neutral: no aspect with a sign
    ("The hotel has 67 rooms and a bar.", []),
    ("Guests rate it 9.2 out of 10.", []),
])
def test_aspects_and_polarity(sentence: str, expected: list[tuple[str, int]]) -> None:
    assert read(sentence) == expected


@pytest.mark.parametrize("text", [
    "| Casa Bonay | 180 EUR | great |",
    "|---|---|",
    "-----------",
    "=====",
    "Casa Bonay | Official Site",
    "Casa Bonay, Barcelona",
    "Welcome back to the channel, this hotel is amazing!",
    "Hola a todos, bienvenidos a mi canal, este hotel es genial.",
    "Don't forget to subscribe, the pool is great.",
    "Rooms were quiet and the staff were…",
    "Is the breakfast any good?",
    "¿El desayuno está incluido?",
    "Great!",
])
def test_not_quotable(text: str) -> None:
    # the names: candidates and the place asked about
    assert quotable(text, "Casa Bonay | Official Site", ["Casa Bonay", "Barcelona"]) is None


def test_quotable_statements_come_back_clean() -> None:
    assert quotable("The **staff** were friendly [2].", "T", []) == "The staff were friendly."


# --- a kind's scope: a product (no place in its request) is not a venue --------------------

def _product(sentence: str) -> list[tuple[str, int]]:
    return [(h.aspect, h.polarity) for h in find_aspects(sentence, PRODUCT)]


@pytest.mark.parametrize("sentence", [
    "The processor is fast and the screen is bright.",        # not a short wait
    "The car has a fast engine.",
    "Charging takes 30 minutes, which is great.",              # not a location
    "The 120Hz refresh rate is great.",                        # not value
    "Full service history, great condition.",                  # not the staff
    "Sleek design and a great docking station.",               # not atmosphere, location
    "Nice interior and a great menu system.",                  # not atmosphere, food
    "El motor es muy rápido y el diseño es bonito.",
])
def test_a_venues_aspects_are_not_read_into_a_products_review(sentence: str) -> None:
    assert _product(sentence) == []
    assert find_aspects(sentence)  # the same words do name a venue's aspects


@pytest.mark.parametrize("sentence,hits", [
    ("Battery life is fine but the fan is loud.", [("noise", -1)]),
    ("The build is solid and it is great value for the price.", [("quality", 1), ("value", 1)]),
    ("The seats are comfortable and the cabin is quiet.", [("comfort", 1), ("noise", 1)]),
    ("Coche muy limpio, el vendedor fue muy amable.", [("cleanliness", 1), ("staff", 1)]),
    ("The dealer staff were rude.", [("staff", -1)]),
    ("Absolutely amazing machine.", [("overall", 1)]),
])
def test_what_a_product_has_is_still_read(sentence: str, hits: list[tuple[str, int]]) -> None:
    assert _product(sentence) == hits


def test_the_scope_comes_from_the_kinds_inputs() -> None:
    assert scope_of({"destination": "place", "budget": "money"}) == VENUE
    assert scope_of({"budget": "money", "min_ram": "data_size"}) == PRODUCT
    assert scope_of({}) == VENUE  # an older request without types: as before


def _declared(path: str) -> tuple[dict[str, str], dict[str, list[str]]]:
    from scout.spec.loader import load_pipeline

    inputs = load_pipeline(path).model.inputs  # type: ignore[union-attr]
    return ({n: i.type for n, i in inputs.items()},
            {n: list(i.aliases) for n, i in inputs.items() if i.aliases})


@pytest.mark.parametrize("path, scope", [
    # somewhere one goes: a place input the things are at
    ("pipelines/hotel_research.yaml", VENUE),
    ("pipelines/restaurant_research.yaml", VENUE),
    ("examples/gyms/pipelines/gyms.yaml", VENUE),
    ("examples/trails/pipelines/trails.yaml", VENUE),
    # a product with a place input: where it is delivered, made, sold or covers
    ("examples/ebikes/pipelines/ebikes.yaml", PRODUCT),
    ("examples/wines/pipelines/wines.yaml", PRODUCT),
    ("examples/phoneplans/pipelines/phoneplans.yaml", PRODUCT),
    ("examples/datasets/pipelines/datasets.yaml", PRODUCT),
])
def test_a_place_input_makes_a_venue_only_where_the_things_are_at_it(path: str, scope: str
                                                                      ) -> None:
    assert scope_of(*_declared(path)) == scope


@pytest.mark.parametrize("place", [
    {"ship_to": "place"},
    {"city": "place"},  # aliased "ship to" / "envío a" below
    {"delivery_country": "place"},
    {"pais_de_envio": "place"},
])
def test_a_laptop_shipped_to_a_city_reads_a_product_s_aspects(place: dict[str, str]) -> None:
    types = {"budget": "money", "max_weight": "weight", "min_ram": "data_size",
             "delivery": "date", **place}
    aliases = {"city": ["ship to", "envío a", "entrega en"]}
    scope = scope_of(types, aliases)
    assert scope == PRODUCT
    # its review's venue words say nothing: no location, no wait, no atmosphere
    for sentence, venue, product in [
            ("Ships fast and the processor is quick, great design.",
             [("wait", 1), ("atmosphere", 1)], []),
            ("Great value, the keyboard is comfortable, 30 minutes to charge is great.",
             [("value", 1), ("comfort", 1), ("location", 1)], [("value", 1), ("comfort", 1)]),
            ("Buena relación calidad-precio y el diseño es precioso; carga en 30 minutos, "
             "genial.", [("value", 1), ("atmosphere", 1), ("location", 1)],
             [("value", 1), ("overall", 1)])]:
        assert [(h.aspect, h.polarity) for h in find_aspects(sentence, VENUE)] == venue
        assert [(h.aspect, h.polarity) for h in find_aspects(sentence, scope)] == product
    # the same kind shipped nowhere, asked for a place to collect it and a day: a venue
    assert scope_of({**types, "store": "place"}, aliases) == VENUE


def test_a_venue_s_place_named_for_a_wide_area_is_still_a_venue_with_its_days() -> None:
    # rural houses in a region for some dates: somewhere to go
    assert scope_of({"region": "place", "dates": "date", "budget": "money"}) == VENUE
    assert scope_of({"region": "place", "budget": "money"}) == PRODUCT


def test_what_the_kind_or_the_request_asks_by_is_never_a_con() -> None:
    # a job asked remote read "fully remote" as a hotel's far-off location, a con
    from scout.adapters.aspectwords import asked_words

    types = {"city": "place", "remote": "boolean", "contract": "string"}
    asked = asked_words({"values": {"city": "Madrid", "remote": True,
                                    "contract": "full-time"}}, types)
    assert {"remote", "full-time"} <= asked and "madrid" not in asked
    sentence = "Fully remote, but the office is far from the metro."
    assert find_aspects(sentence) == find_aspects(sentence, VENUE, frozenset())
    assert [(h.aspect, h.polarity) for h in find_aspects(sentence, VENUE, asked)] \
        == [("location", -1)]          # "far" still counts against, "remote" no longer
    assert [(h.aspect, h.polarity) for h in find_aspects("Fully remote.", VENUE)] \
        == [("location", -1)]
    assert find_aspects("Fully remote.", VENUE, asked) == []
    # a kind that declares "remote" as something one asks for: not a con, asked or not
    assert "remote" in asked_words({"values": {"remote": False}}, types)
    # a kind that does not (a hotel's): a remote hotel is still far away
    assert asked_words({"values": {"city": "Madrid"}}, {"city": "place"}) == frozenset()


def test_a_category_the_request_asked_for_is_no_pro_or_con() -> None:
    # an e-bike asked with a mid motor ("motor central") read "motor central Bosch" as a
    # central location, a pro, in a kind whose delivery country made it a venue's scope;
    # so with an "amplio" medical network (roomy) and an "económica" cabin (cheap)
    from scout.adapters.aspectwords import category_words

    types = {"motor": "string", "country": "place", "extras": "list", "online": "boolean"}
    synonyms = {"motor": {"mid": ["central", "motor central"]}}
    cats = category_words({"values": {"motor": "mid", "country": "Spain",
                                      "extras": ["económica"], "online": True}},
                          types, synonyms)
    assert {"mid", "central", "motor", "economica"} <= cats
    assert "spain" not in cats and "online" not in cats   # a place, a boolean: not these
    sentence = "Motor central Bosch, batería de 750 Wh."
    assert [(h.aspect, h.polarity) for h in find_aspects(sentence, VENUE)] \
        == [("location", 1)]
    assert find_aspects(sentence, VENUE, categories=cats) == []
    # other words of the same sentence still count: "limpia" is still clean
    assert [(h.aspect, h.polarity) for h in
            find_aspects("Cabina económica pero muy limpia.", VENUE, categories=cats)] \
        == [("cleanliness", 1)]
    # a category not asked is read as before
    assert find_aspects(sentence, VENUE, categories=frozenset({"hub"})) \
        == find_aspects(sentence, VENUE)


def test_an_inputs_aliases_and_synonyms_are_asked_words_too() -> None:
    """A conference kind's ``online`` input with alias "remote": "remote attendance" is
    what one may ask for, not a far-off location; an enum value's synonyms likewise."""
    from scout.adapters.aspectwords import asked_words

    types = {"city": "place", "online": "boolean", "setting": "string"}
    sentence = "Remote attendance is possible."
    plain = asked_words({"values": {"city": "Lisboa"}}, types)
    assert [(h.aspect, h.polarity) for h in find_aspects(sentence, VENUE, plain)] \
        == [("location", -1)]
    asked = asked_words({"values": {"city": "Lisboa"}}, types,
                        {"online": ["virtual", "remote", "en línea"]})
    assert {"online", "virtual", "remote", "linea"} <= asked
    assert find_aspects(sentence, VENUE, asked) == []
    # the request asked a secluded setting, whose synonyms say "apartado": no con either
    synonyms = {"setting": {"secluded": ["remote", "apartado"]}}
    asked = asked_words({"values": {"setting": "secluded"}}, types, None, synonyms)
    assert {"secluded", "remote", "apartado"} <= asked
    assert find_aspects("Un hotel apartado y tranquilo.", VENUE, asked) == \
        [h for h in find_aspects("Un hotel apartado y tranquilo.", VENUE) if h.polarity > 0]


@pytest.mark.parametrize("sentence", [
    "Acer Aspire 3 con 8 GB RAM ampliable a 16 GB, 256 GB SSD, 1,8 kg.",  # no "spacious"
    "Habitación doble cara al mar, 120 € la noche.",                      # faces, no "dear"
    "Hotel al borde del mar, a 5 minutos del centro histórico.",          # edge, no "rude"
    "Un Bordeaux de 2018 con notas de frutos rojos.",                     # a wine, no staff
    "Regular room from 150 EUR per night.",                               # usual, not so-so
    "Extra bed available on request.",                                    # additional
    "Combustible no incluido, limpieza final 150 €, fianza 2.000 €.",     # a fee, not clean
    "Servicio de limpieza semanal incluido.",                            # a service
])
def test_a_polar_words_other_sense_is_no_pro_or_con(sentence: str) -> None:
    assert [h for h in read(sentence) + _product(sentence)
            if h[0] in ("comfort", "value", "staff", "cleanliness")] == []


@pytest.mark.parametrize("sentence,hit", [
    ("La habitación era amplia y luminosa.", ("comfort", 1)),
    ("Una cena bastante cara para lo que es.", ("value", -1)),
    ("El recepcionista fue muy borde.", ("staff", -1)),
    ("La comida era regular y el servicio lento.", ("food", -1)),
    ("Limpieza impecable y personal atento.", ("cleanliness", 1)),
    ("Todo limpísimo.", ("cleanliness", 1)),
    ("Hotel Praktik Rambla: from 135 EUR per night, breakfast extra.", ("breakfast", -1)),
])
def test_the_polar_sense_is_still_read(sentence: str, hit: tuple[str, int]) -> None:
    assert hit in read(sentence)


def test_what_the_kind_finds_is_no_aspect_of_it() -> None:
    # a trail kind's "walk" is the trail itself: "an easy walk of 6 km" said nothing of a
    # location, yet read as a hotel's "walking distance"
    from scout.adapters.aspectwords import own_words

    own = own_words(["trail", "walk", "ruta de senderismo"])
    assert {"walk", "walks", "trail", "trails", "ruta", "rutas"} <= own
    sentence = "An easy family walk of 6 km, flat and great for kids."
    assert [h.aspect for h in find_aspects(sentence)] == ["location"]
    assert find_aspects(sentence, VENUE, frozenset(), own) == []
    # another kind's word still names its aspect: a hotel "a short walk from the beach"
    assert [(h.aspect, h.polarity) for h in
            find_aspects("A great short walk from the beach.", VENUE, frozenset(),
                         own_words(["hotel"]))] == [("location", 1)]


@pytest.mark.parametrize("nouns, sentence", [
    (["trail", "walk", "ruta"], "A comfortable walk along the river."),
    (["trail", "walk", "ruta"], "Una ruta cómoda y bien señalizada."),
    (["room", "habitación"], "A spacious room with a view of the park."),
])
def test_a_word_of_an_aspect_said_of_the_thing_itself_praises_the_thing(nouns, sentence):
    # "A comfortable walk" was a pro labelled "comfort" (a room's): said of what the kind
    # finds, it is the thing as a whole, labelled so for any kind
    from scout.adapters.aspects import OVERALL
    from scout.adapters.aspectwords import own_words

    assert [h.aspect for h in find_aspects(sentence, VENUE, frozenset(),
                                           own_words(nouns))] == [OVERALL]
    # said of a cue of its own aspect, still that aspect ("comfortable seats on the walk")
    assert [h.aspect for h in find_aspects("Comfortable seats at the start of the walk.",
                                           VENUE, frozenset(), own_words(nouns))] \
        == ["comfort"]
    # an aspect anything has keeps its label: an expensive tariff is its value
    assert [h.aspect for h in find_aspects("Una tarifa cara para lo que ofrece.", VENUE,
                                           frozenset(), own_words(["tarifa"]))] == ["value"]


def test_the_synthesis_request_carries_the_kind_s_nouns() -> None:
    # left out of the dump while empty: a kind that declares no nouns asks as before
    from scout.adapters.contract import SynthesisRequest

    assert "kind_nouns" not in SynthesisRequest(question="q").model_dump()
    assert SynthesisRequest(question="q", kind_nouns=["walk"]).model_dump()["kind_nouns"] \
        == ["walk"]


@pytest.mark.parametrize("sentence", [
    # a listing's amenity and spec lines: a field and its yes/no value is a fact the page
    # states (rank's mentions/where check it against the wish), no one's praise or complaint
    "Breakfast included: yes",
    "Breakfast included: No",
    "Desayuno incluido: no",
    "Desayuno incluido: Sí",
    "Staff speaks English: yes",
    "Habitaciones tranquilas: sí ✓",
    "Quiet rooms: true",
    "Parking = false",
    "¿Desayuno incluido? Sí",
    "Breakfast included - yes",
    "Gimnasio: sí | Desayuno incluido: no | Piscina: no",
])
def test_a_field_s_yes_or_no_is_no_pro_or_con(sentence: str) -> None:
    assert read(sentence) == []


@pytest.mark.parametrize("sentence,expected", [
    # the opinion beside such a field is still read
    ("Air conditioning: Yes. Breakfast included: No. The staff were lovely.", [("staff", 1)]),
    ("Wifi: sí | Personal muy amable y atento", [("staff", 1)]),
    ("Rooms were clean: yes, spotless.", [("cleanliness", 1)]),
    # prose beside what a price includes: its own opinion is read, the fact is none
    ("El desayuno, no incluido, es caro.", [("value", -1)]),
    ("Breakfast included and the staff were lovely.", [("staff", 1)]),
])
def test_an_opinion_beside_a_field_is_still_read(sentence: str, expected) -> None:
    assert read(sentence) == expected


@pytest.mark.parametrize("sentence", [
    # what a stay or a price includes, said in prose, is the same fact as the field
    # "Breakfast included: yes": it meets a wish or not (rank checks it), no praise
    "Breakfast included.",
    "Breakfast was not included.",
    "Desayuno incluido.",
    "El desayuno no está incluido.",
    "Wifi and parking included in the price.",
    "IVA incluido",
])
def test_what_is_included_is_a_fact_not_a_pro_or_con(sentence: str) -> None:
    assert read(sentence) == []


@pytest.mark.parametrize("filler", FILLERS)
def test_every_filler_goes_wherever_it_stands_and_only_as_a_whole_word(filler: str) -> None:
    plain = clauses("the breakfast was cold and the bed soft")
    for said in (f"{filler} the breakfast was cold and the bed soft",
                 f"the breakfast was cold and {filler} the bed soft",
                 f"the breakfast was cold and the bed soft {filler}",
                 f"{filler} the breakfast was cold {filler} and the bed soft"):
        assert clauses(said) == plain, said
    # a word that only holds a filler stays: "howevers" is no "however"
    assert filler + "s" in " ".join(clauses(f"the {filler}s were cold"))
