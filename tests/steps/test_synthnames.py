"""scout/steps/synthnames.py: the names a model recommends that no candidate and nothing
it was given holds, in both languages, and the names, places, brands and sentence starts
that are no alarm."""

from __future__ import annotations

import pytest

from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
from scout.schemas.sources import Citation, Synthesis, SynthesisBlock, SynthesisRow, \
    SynthesisSentence
from scout.steps.synthnames import invented_names

EVIDENCE = [
    EvidenceItem(url="https://trattoria-enzo.example/", title="Trattoria Da Enzo al 29",
                 text="Roman trattoria in Trastevere, near Piazza di Santa Maria. Book on "
                      "TheFork or call. Carbonara 14 EUR."),
    EvidenceItem(url="https://bonelli.example/menu", title="Osteria Bonelli",
                 text="Family osteria in Tor Pignattara, mains from 12 EUR, rated 4.6/5."),
]
SUBJECTS = [SubjectBrief(key="a", name="Trattoria Da Enzo", rank=1),
            SubjectBrief(key="b", name="Osteria Bonelli", rank=2),
            SubjectBrief(key="c", name="La Pergola Roma", excluded=["over budget"])]
REQUEST = SynthesisRequest(
    question="Which restaurants in Rome fit a budget of 40 EUR?", task={"city": "Roma"},
    candidates=[s.name for s in SUBJECTS], evidence=EVIDENCE, subjects=SUBJECTS)
QUERY = "restaurantes en Roma para Semana Santa por menos de 40 euros"


def read(*texts: str, kind: str = "paragraph", cites: int = 1, model: str | None = "qwen3",
         rows: list[list[str]] = ()) -> tuple[list[str], list[bool], Synthesis]:
    items = [SynthesisSentence(text=t, citations=[cites]) for t in texts]
    blocks = [SynthesisBlock(kind=kind, items=items)]
    if rows:
        blocks.append(SynthesisBlock(kind="table", header=["Restaurante", "Precio"],
                                     rows=[SynthesisRow(cells=r, citations=[cites])
                                           for r in rows]))
    syn = Synthesis(text=" ".join(texts), model=model, sentences=items, blocks=blocks,
                    citations=[Citation(index=1, url=EVIDENCE[0].url),
                               Citation(index=9, url="https://web.example/roma")])
    return invented_names(syn, REQUEST, [QUERY]), [s.uncited for s in items], syn


@pytest.mark.parametrize(("text", "named"), [
    ("Ristorante Il Gabbiano d'Oro is the best choice for dinner.", "Il Gabbiano d'Oro"),
    ("Te recomiendo la Trattoria Luna Piena, con pasta casera.", "Trattoria Luna Piena"),
    ("For a cheap lunch, my top pick is the Vecchia Fontana restaurant.", "Vecchia Fontana"),
    ("Si buscas algo económico, elige la Osteria del Ponte Rotto.", "Osteria del Ponte Rotto"),
    ("Sin duda, Casa Gialla Trastevere es la mejor opción del barrio.", "Casa Gialla Trastevere"),
])
def test_a_recommended_name_nothing_given_holds_is_marked(text: str, named: str) -> None:
    found, marked, _ = read(text, "Osteria Bonelli is cheaper.")
    assert found == [named]
    assert marked == [True, False]


def test_a_listed_option_and_a_table_row_are_read_without_a_recommending_word() -> None:
    found, marked, syn = read("Trattoria Da Enzo", "Pizzeria Sole Rosso Nuovo",
                              "Osteria Bonelli", kind="list",
                              rows=[["Trattoria Da Enzo", "14 EUR"],
                                    ["Bar Gelateria Monteverde", "9 EUR"]])
    assert found == ["Pizzeria Sole Rosso Nuovo", "Bar Gelateria Monteverde"]
    assert marked == [False, True, False]
    assert [r.uncited for r in syn.blocks[1].rows] == [False, True]


@pytest.mark.parametrize("text", [
    "Recomiendo Trattoria Da Enzo por su carbonara.",           # a verb starts the sentence
    "Para Semana Santa, la mejor opción es Osteria Bonelli.",   # the request's own words
    "Trattoria Da Enzo is the best pick near Piazza di Santa Maria.",  # a place the page names
    "Book Trattoria Da Enzo on TheFork, the best way to get a table.",  # a brand it names
    "The best area is Trastevere, and Da Enzo is the top pick.",
    "Stay around Campo de' Fiori: Osteria Bonelli is the best value.",  # placed, not offered
    "La Pergola is the finest, but it is over your budget.",    # a left-out candidate
    "Osteria Bonelli, in Tor Pignattara, is the best choice.",
    "Roma has many restaurants; Osteria Bonelli is my favourite.",
])
def test_names_places_brands_and_sentence_starts_the_answer_may_write(text: str) -> None:
    found, marked, _ = read(text)
    assert found == [] and marked == [False]


def test_a_claim_citing_a_web_result_and_the_keyless_synthesis_are_not_judged() -> None:
    assert read("Ristorante Il Gabbiano d'Oro is the best choice.", cites=9)[0] == []
    assert read("Ristorante Il Gabbiano d'Oro is the best choice.", model=None)[0] == []


def test_reading_a_misbehaving_models_answer_is_linear() -> None:
    """60,000 characters of recommended names and superlatives: each name's clause and
    place are read from bounded text, not from the whole answer before it."""
    import time

    from scout.steps.synthorder import order_contradictions

    for text in ("Zorba Quux Verde, the best pick, " * 2000, "Osteria Bonelli is the "
                 "cheapest, " * 2000, "Aa " * 20_000):
        start = time.process_time()
        _, _, syn = read(text[:60_000], kind="list")
        order_contradictions(syn, SUBJECTS)
        assert time.process_time() - start < 1.5


@pytest.mark.parametrize("text", [
    "Check Google Maps for the best route to Trattoria Da Enzo.",
    "Consulta Google Maps para encontrar la mejor ruta.",
    "Download the Quandoo App: the best way to book a table.",
    "La mejor forma de reservar: mira Citymapper Roma antes de salir.",
    "Para el mejor precio, compara Open Table y llama a Osteria Bonelli.",
    "The Michelin Guide calls Trattoria Da Enzo the best carbonara in town.",
])
def test_a_site_or_a_tool_in_a_recommending_clause_is_no_invented_option(text: str) -> None:
    """A recommending word in the clause says something of the route, the price or the
    way to book, not of the site or app the answer sends the reader to."""
    found, marked, _ = read(text)
    assert found == [] and marked == [False]


def test_a_kinds_name_after_a_verb_of_looking_up_is_still_judged() -> None:
    found, _, _ = read("Use Hotel Luna Rossa as your base, the best choice.")
    assert found == ["Hotel Luna Rossa"]


#: a lodging kind's nouns, as a pipeline's kind gives them
LODGING = REQUEST.model_copy(update={"kind_nouns": ["hostel", "apartment", "osteria"]})


def judged(text: str, request: SynthesisRequest = LODGING) -> list[str]:
    items = [SynthesisSentence(text=text, citations=[1])]
    syn = Synthesis(text=text, model="qwen3", sentences=items,
                    blocks=[SynthesisBlock(kind="paragraph", items=items)],
                    citations=[Citation(index=1, url=EVIDENCE[0].url)])
    return invented_names(syn, request, [QUERY])


@pytest.mark.parametrize(("text", "named"), [
    ("Miramar Suites es la mejor opción para cenar.", "Miramar Suites"),
    ("Miramar Suites is hands down the best choice.", "Miramar Suites"),
    ("Bellavista Hostel is the best choice for a cheap night.", "Bellavista Hostel"),
    ("Sunset Apartments offers the best terrace in town.", "Sunset Apartments"),
    ("Girasole Apartments tiene la mejor terraza del barrio.", "Girasole Apartments"),
])
def test_one_distinctive_word_and_a_kinds_noun_starting_a_sentence_is_a_name(
        text: str, named: str) -> None:
    """The first word of a sentence is capitalised by grammar, but one standing before a
    kind's noun alone is a name's: no sentence starts "Miramar Suites" otherwise."""
    assert judged(text) == [named]


@pytest.mark.parametrize("text", [
    "Boutique Hotels are the best choice in Trastevere.",   # a plural: a kind of thing
    "Otros Hoteles son la mejor opción si viajas en grupo.",
    "Cheap Hostels fill up fast; the best is Osteria Bonelli.",
    "Best Apartments: Osteria Bonelli is nearby.",          # a recommending word
    "Sunset Apartments are the best choice.",               # plural verb
])
def test_a_sentences_first_word_before_a_kinds_noun_that_names_nothing(text: str) -> None:
    assert judged(text) == []


@pytest.mark.parametrize(("text", "named"), [
    ("The best choice is Hotel Roman Pignattara.", "Hotel Roman Pignattara"),
    ("Te recomiendo la Osteria Trastevere Pignattara.", "Osteria Trastevere Pignattara"),
    ("Mi favorito: Ristorante Piazza Bonelli Family.", None),   # names Osteria Bonelli
    ("For dinner, pick the Carbonara Pignattara Hotel.", "Carbonara Pignattara Hotel"),
])
def test_a_name_made_only_of_the_sources_words_standing_apart_is_invented(
        text: str, named: str | None) -> None:
    """Every word of it is the evidence's ("Roman", "Trastevere", "Pignattara" of two
    pages), but no page writes them together: no page names it."""
    assert judged(text) == ([named] if named else [])


@pytest.mark.parametrize("text", [
    "Te recomiendo la Trattoria Santa Maria del Trastevere.",   # one page writes them
    "The best choice is the Family Osteria Pignattara.",         # "Family osteria in Tor…
    "Mi favorita es la Pizzeria Semana Santa Roma.",             # the request's words
])
def test_a_name_the_sources_write_together_is_not_invented(text: str) -> None:
    assert judged(text) == []
