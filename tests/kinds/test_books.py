"""An outside-author kind: books (examples/books), written from the docs alone. A book is
asked for by its topic or genre, its author, the edition's languages and format, who it
is for, at most so many pages, published since a year, a price cap and Goodreads stars
(out of 5: the rating input's ``scale: 5``). A paperback and an ebook of one title are
two prices by design (the rank's ``variants: format``), never sources that disagree.
Requests are typed as the lab types them, in both languages; four run end to end offline
with scout.testing (module-scoped: one run each), and the report is checked for its
language, its citations, for saying what a book's pages do not state, and for words that
do not belong to a book."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.spec.loader import load_pipeline
from scout.task.build import build_task
from scout.testing import Result
from tests.kinds import (
    assert_cites_sources,
    assert_says_nothing_of,
    assert_validates,
    excluded_reasons as _excluded,
    own_words as _own_words,
    plan_output,
    run_each,
    shortlist_names as _names,
    cap,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "books"
KIND = PROJECT / "pipelines" / "books.yaml"
TODAY = dt.date(2026, 12, 2)


# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    "novela negra nórdica traducida al español, publicada después de 2015, menos de 20 €, "
    "en tapa blanda":
        ("es", {"topic": "novela negra nórdica traducida", "language": ["spanish"],
                "format": "paperback", "since": 2015, "budget": cap(20)}),
    "popular science books about climate change under 300 pages, rated 4+ on Goodreads, "
    "ebook":
        ("en", {"topic": "climate change", "format": "ebook", "max_pages": 300,
                "min_rating": 8.0}),
    "libros de divulgación sobre inteligencia artificial para adolescentes, en catalán o "
    "castellano":
        ("es", {"topic": "inteligencia artificial", "language": ["catalan", "spanish"],
                "audience": "teens"}),
    "the best biography of Ramón y Cajal in English, hardcover, under $35":
        ("en", {"topic": "Ramón y Cajal", "language": ["english"], "format": "hardcover",
                "budget": cap(35, "USD")}),
    # the same classes, other words
    "novelas de Elena Ferrante en italiano, de menos de 400 páginas":
        ("es", {"author": "Elena Ferrante", "language": ["italian"], "max_pages": 400}),
    "books by Mary Beard in English, paperback, under £25":
        ("en", {"author": "Mary Beard", "language": ["english"], "format": "paperback",
                "budget": cap(25, "GBP")}),
    "audiolibros de ciencia ficción publicados desde 2020, 4 estrellas o más en Goodreads":
        ("es", {"topic": "ciencia ficción", "format": "audiobook", "since": 2020,
                "min_rating": 8.0}),
    "children's books about dinosaurs in French under 15 euros":
        ("en", {"topic": "dinosaurs", "language": ["french"], "audience": "children",
                "budget": cap(15)}),
    "novelas gráficas para adolescentes en tapa dura":
        ("es", {"topic": "novelas gráficas", "audience": "teens", "format": "hardcover"}),
    "ensayo sobre feminismo escrito por Rebecca Solnit, libro electrónico":
        ("es", {"topic": "feminismo", "author": "Rebecca Solnit", "format": "ebook"}),
    "a history of Rome book published after 2018, at least 4.2 stars, under $30":
        ("en", {"topic": "history of Rome", "since": 2018, "min_rating": 8.4,
                "budget": cap(30, "USD")}),
    "libros infantiles sobre el espacio en gallego o euskera":
        ("es", {"topic": "espacio", "audience": "children",
                "language": ["galician", "basque"]}),
}


@pytest.fixture(scope="module")
def inputs():
    return load_pipeline(KIND).model


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(inputs, query):
    lang, want = REQUESTS[query]
    task = build_task(query, inputs.inputs, today=TODAY, locales=PROJECT / "locales",
                      kind="books", nouns=inputs.nouns)
    got = task.model_dump(mode="json")["values"]
    assert task.lang == lang
    for name, value in got.items():
        if isinstance(value, dict) and "amount" in value:
            value = {k: value.get(k) for k in ("amount", "currency", "comparator", "per")}
        assert value == want.get(name) or (not value and name not in want), \
            (name, value, want.get(name))
    assert not [n for n in task.notes if "could not read" in n or "no se ha podido" in n]


NORDIC = [
    # a paperback and an ebook in one listing: the paperback's price is compared
    Result("Los crímenes del glaciar - Casa del Libro", "https://libros.test/glaciar",
           "Los crímenes del glaciar, de Ragnar Jónasson. Traducción del islandés al "
           "español. Publicado en 2019. Tapa blanda, 352 páginas: 18,90 €. Ebook: 9,99 €. "
           "4,1/5 en Goodreads."),
    # its ebook is under the cap, its paperback is not
    Result("La sombra del fiordo", "https://libros.test/fiordo",
           "La sombra del fiordo, novela negra noruega en español. Publicado en 2021. "
           "Tapa blanda: 22,90 €. Ebook: 7,99 €. 4,3/5 en Goodreads."),
    Result("El silencio del lago", "https://libros.test/lago",
           "El silencio del lago, de Viveca Sten, en español. Publicado en 2021. Tapa dura, "
           "480 páginas: 19,90 €. 4,0/5 en Goodreads."),
    Result("La chica del tatuaje - Fnac", "https://libros.test/tatuaje",
           "La chica del tatuaje, de Stieg Larsson, en español. Publicado en 2008. Tapa "
           "blanda, 672 páginas: 12,95 €. 4,2/5 en Goodreads."),
    # states no page count and no rating: kept, and the report says so
    Result("Nieve en la frontera", "https://libros.test/nieve",
           "Nieve en la frontera, novela negra noruega en español. Tapa blanda. Publicado "
           "en 2022. 19,50 €."),
]
CAJAL = [
    # one title, two shops: its hardcover at one, its paperback at the other
    Result("Ramón y Cajal: A Life - Penguin Random House", "https://books.test/cajal-life",
           "Ramón y Cajal: A Life, a biography in English. Hardcover, 416 pages: $32.00. "
           "Published 2022. Rated 4.3/5 on Goodreads."),
    Result("Ramón y Cajal: A Life", "https://shop.test/cajal-life-paperback",
           "Ramón y Cajal: A Life. Paperback edition, 416 pages, $18.99. In English."),
    Result("The Beautiful Brain", "https://books.test/beautiful-brain",
           "The Beautiful Brain: The Drawings of Santiago Ramón y Cajal, in English. "
           "Hardcover, 208 pages, $40.00. Published 2017. Rated 4.5/5 on Goodreads."),
    Result("Cajal's Butterflies of the Soul", "https://books.test/butterflies",
           "Cajal's Butterflies of the Soul, in English. Hardcover, 352 pages, $29.95. "
           "Published 2010. Rated 4.6/5 on Goodreads. Ebook $14.99."),
    Result("Cajal: Recuerdos de mi vida", "https://books.test/recuerdos",
           "Recuerdos de mi vida, de Santiago Ramón y Cajal, en español. Tapa dura, 30 €."),
]
CLIMATE = [
    Result("The Uninhabitable Earth", "https://books.test/uninhabitable",
           "The Uninhabitable Earth: popular science on climate change. 288 pages. "
           "Hardcover $28.00, ebook $12.99. Rated 4.1/5 on Goodreads."),
    Result("How to Avoid a Climate Disaster", "https://books.test/avoid",
           "How to Avoid a Climate Disaster. 272 pages. Ebook $14.99. Rated 3.9/5 on "
           "Goodreads."),
    Result("The Ministry for the Future", "https://books.test/ministry",
           "The Ministry for the Future, climate fiction. 576 pages. Ebook $13.99. Rated "
           "4.0/5 on Goodreads."),
    Result("Not the End of the World", "https://books.test/not-the-end",
           "Not the End of the World: climate change data. 352 pages, audiobook $20. "
           "Rated 4.2/5 on Goodreads."),
    Result("Hothouse Earth", "https://books.test/hothouse",
           "Hothouse Earth: an inhabitant's guide. Ebook $9.99. Rated 4.0/5 on Goodreads."),
]
TEENS = [
    Result("Intel·ligència artificial per a joves", "https://llibres.test/ia-joves",
           "Intel·ligència artificial per a joves, divulgació per a adolescents, en català. "
           "Tapa blanda, 192 páginas, 16,90 €. 4,2/5 en Goodreads."),
    Result("La IA explicada a los jóvenes", "https://libros.test/ia-jovenes",
           "La IA explicada a los jóvenes: divulgación juvenil en español. 224 páginas. "
           "14,95 €."),
    Result("AI for Teens", "https://books.test/ai-teens",
           "AI for Teens, in English, young adult non-fiction. 240 pages, $15.99."),
    Result("Inteligencia artificial: una guía", "https://libros.test/ia-guia",
           "Inteligencia artificial: una guía para adultos, en español. 512 páginas, 24 €."),
]

RUNS = {
    "nordic": ("novela negra nórdica traducida al español, publicada después de 2015, "
               "menos de 20 €, en tapa blanda", NORDIC),
    "cajal": ("the best biography of Ramón y Cajal in English, hardcover, under $35", CAJAL),
    "climate": ("popular science books about climate change under 300 pages, rated 4+ on "
                "Goodreads, ebook", CLIMATE),
    "teens": ("libros de divulgación sobre inteligencia artificial para adolescentes, en "
              "catalán o castellano", TEENS),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The four runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY)


def test_language_format_year_and_price_for_the_asked_format(runs):
    run, queries = runs["nordic"]
    # best rated first; a paperback at 18,90 € whose ebook is 9,99 € is compared at 18,90
    assert _names(run) == ["Los crímenes del glaciar", "Nieve en la frontera"]
    assert _excluded(run) == {
        # its ebook (7,99 €) is under the cap, the paperback asked for is not
        "La sombra del fiordo": ["por encima del presupuesto"],
        "El silencio del lago": ["sin edición en tapa blanda"],
        "La chica del tatuaje": ["publicado en 2008"],
    }
    # the search is written in the request's language, the format's word too
    assert queries[0] == "libro novela negra nórdica traducida en español tapa blanda"


def test_a_spanish_request_gets_a_spanish_report_that_says_what_is_not_stated(runs):
    run, _ = runs["nordic"]
    report = run.report
    assert report.startswith("# Libros")
    assert "2 libros de 5 encontrados: sobre novela negra nórdica traducida, en español, " \
           "tapa blanda, publicado en 2015 o después, por como mucho 20 €." in report
    assert "| 1 | Los crímenes del glaciar | 18,90 € [1] | 4,1/5 [1] | 352 | 2019 | español " \
           "| tapa blanda, libro electrónico |" in report
    # no page count and no rating stated: said, never guessed
    assert "| 2 | Nieve en la frontera | 19,50 € [2] | no consta | no consta | 2022 |" in report
    own = _own_words(report, NORDIC)
    for english in ("Shortlist", "Sources", "What you asked", "not stated", "unknown",
                    "paperback", "over budget", "pages"):
        assert english not in own, english
    assert not re.search(r"\d/10\b", report)


def test_two_formats_of_one_title_are_not_sources_that_disagree(runs):
    run, queries = runs["cajal"]
    assert run.artifact("task")["lang"] == "en"
    assert _names(run) == ["Cajal's Butterflies of the Soul", "Ramón y Cajal: A Life"]
    assert _excluded(run) == {"The Beautiful Brain": ["over budget"],
                              "Cajal: Recuerdos de mi vida": ["not in English"]}
    report = run.report
    # the hardcover asked for is compared (32), the other shop's paperback (18.99) is
    # another edition, not a disagreement on one price
    assert "| 2 | Ramón y Cajal: A Life | 32 USD [2] | 4.3/5 [2] | 416 | 2022 | English |" \
        in report
    assert "disagree" not in report and "18.99" not in _own_words(report, [])
    assert "2 books out of 4 found: on Ramón y Cajal, in English, hardcover, for at most " \
           "35 USD." in report
    # the kind's words as its catalog writes them (locales/en: "English"), not the identifier
    assert queries[0] == "Ramón y Cajal book in English hardcover"
    own = _own_words(report, CAJAL)
    for spanish in ("Selección", "Fuentes", "libro", "no consta", "valoración"):
        assert spanish not in own, spanish


def test_pages_rating_and_the_ebook_price(runs):
    run, _ = runs["climate"]
    assert _names(run) == ["The Uninhabitable Earth", "Hothouse Earth"]
    assert _excluded(run) == {
        "How to Avoid a Climate Disaster": ["rated 3.9/5"],
        "The Ministry for the Future": ["576 pages"],
        "Not the End of the World": ["no ebook edition", "352 pages"],
    }
    report = run.report
    # the ebook's price, not the hardcover's 28 in the same listing
    assert "| 1 | The Uninhabitable Earth | 12.99 USD [1] | 4.1/5 [1] | 288 | not stated |" \
        in report
    # no page count stated: kept, and said it could not be checked
    assert "| 2 | Hothouse Earth | 9.99 USD [2] | 4.0/5 [2] | not stated |" in report
    assert "- **Hothouse Earth**: could not check: max pages" in report


def test_any_of_the_languages_asked_and_the_audience(runs):
    run, queries = runs["teens"]
    # a Catalan edition "per a adolescents" is for teens; either language will do
    assert _names(run) == ["Intel·ligència artificial per a joves",
                           "La IA explicada a los jóvenes"]
    assert _excluded(run) == {"AI for Teens": ["no está en catalán o español"],
                              "Inteligencia artificial: una guía": ["no es para adolescentes"]}
    assert "2 libros de 4 encontrados: sobre inteligencia artificial, en catalán o español, " \
           "para adolescentes." in run.report
    assert "| público | adolescentes |" in run.report
    assert queries[0] == "libro inteligencia artificial en catalán o español"


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)
        # the table's price and rating cells cite where they were read
        assert re.search(r"\| \d[\d.,]* (€|USD) \[\d+\] \|", run.report), key
        assert run.report_html and "<html" in run.report_html.lower()


# words of other kinds: lodging, tickets, jobs, wine, a car, a laptop, a stay's or rent's period
OTHER_KINDS = re.compile(r"(?i)\b(hotels?|nights?|noches?|habitaci[oó]n(es)?|rooms?|stay|"
                         r"guests?|huéspedes|salary|salario|tickets?|entradas|al mes|"
                         r"per month|/night|/noche|bottles?|botellas?|vintage|añada|km|RAM|"
                         r"wait|espera|location|ubicación|atmosphere|ambiente)\b")


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)
        assert "stated(" not in run.report and "mentions(" not in run.report


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/books.yaml",
                      "novelas de Elena Ferrante en italiano, de menos de 400 páginas",
                      tmp_path, capsys, monkeypatch)
    for words in ["author", "Elena Ferrante", "italian", "max_pages", "400", "F0", "R1",
                  "F6"]:
        assert words in out, words
