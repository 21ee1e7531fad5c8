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
