"""A fifth outside-author kind: laptops (examples/laptops), written from the docs alone.
A product with several specs in one unit (memory and storage are both gigabytes), a
weight in kilograms or pounds, a screen in inches, brands named by their model families
("MacBook o Dell XPS") and a graphics card. The requests are typed as people type them, in
both languages; their expected Tasks were written before the kind first ran. Four run
end to end offline with scout.testing: R1 reads each listing's specs with ``stated`` (its
``of=`` says whose gigabytes they are; TB and lbs are converted), and the report is in
the request's language, its reasons included."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.spec.loader import load_pipeline
from scout.testing import Result
from tests.kinds import assert_read_as, parse_request, run_kind, cap

KIND = Path(__file__).resolve().parents[2] / "examples" / "laptops" / "pipelines" / "laptops.yaml"
TODAY = dt.date(2026, 12, 2)


# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    "portátil para programar con 16 GB de RAM por menos de 1.000 €":
        ("es", {"budget": cap(1000), "min_ram": 16.0, "use": "programming"}),
    "best lightweight laptop under $900 with at least 512GB SSD":
        ("en", {"budget": cap(900, "USD"), "min_storage": 512.0}),
    "un portátil ligero de menos de 1,5 kg con pantalla de 14 pulgadas":
        ("es", {"max_weight": 1.5, "screen": 14.0}),
    "gaming laptop RTX 4060 under 1500 USD":
        ("en", {"budget": cap(1500, "USD"), "use": "gaming", "gpu": "4060"}),
    "MacBook o Dell XPS, máximo 1200 euros":
        ("es", {"budget": cap(1200), "brands": ["apple", "dell"]}),
    # the same classes, other words
    'laptop 14" under 3 lbs for college':
        ("en", {"screen": 14.0, "max_weight": 1.361, "use": "students"}),
    "portatil gamer rtx4070 32gb ram 1tb ssd hasta 1800€":
        ("es", {"budget": cap(1800), "min_ram": 32.0, "min_storage": 1000.0,
                "use": "gaming", "gpu": "4070"}),
    "laptop for coding, 8GB memory, 256 GB storage, under 700 dollars":
        ("en", {"budget": cap(700, "USD"), "min_ram": 8.0, "min_storage": 256.0,
                "use": "programming"}),
    "thinkpad o surface de 13,3 pulgadas con 16 gigas de ram":
        ("es", {"screen": 13.3, "min_ram": 16.0, "brands": ["lenovo", "microsoft"]}),
    "ultralight laptop under 1.2 kg, 16GB RAM, 1TB NVMe SSD, max $1,400":
        ("en", {"budget": cap(1400, "USD"), "min_ram": 16.0, "min_storage": 1000.0,
                "max_weight": 1.2}),
    "quiero un portátil que pese menos de 1.300 gramos, con almacenamiento de 2 TB":
        ("es", {"max_weight": 1.3, "min_storage": 2000.0}),
    "15.6-inch laptop with 16GB and 512GB for students":   # in the order declared
        ("en", {"screen": 15.6, "min_ram": 16.0, "min_storage": 512.0, "use": "students"}),
}


@pytest.fixture(scope="module")
def inputs():
    return load_pipeline(KIND).model.inputs


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_people_type_them(inputs, query):
    lang, want = REQUESTS[query]
    task = parse_request(KIND, query, TODAY)
    assert_read_as(task, lang, want)
    assert not [n for n in task.notes if "could not read" in n or "no se ha podido" in n]


def test_one_size_for_two_inputs_is_not_guessed(inputs):
    """'16 GB' alone could be memory or storage: the Task leaves both empty and says so,
    in the request's language, naming the inputs as the project's catalog does."""
    task = parse_request(KIND, "portátil de 15,6 pulgadas con 16 GB por menos de 600 euros", TODAY)
    assert task.values.get("min_ram") is None and task.values.get("min_storage") is None
    assert "«16 GB» podría ser RAM mínima / almacenamiento mínimo, así que no se ha leído; " \
           "escribe qué es junto al valor, p. ej. «16 GB memoria»" in task.notes
    task = parse_request(KIND, "laptop with 1 TB under $800", TODAY)
    assert task.values.get("min_storage") is None
    assert any(n.startswith("'1 TB' could be min ram / min storage") for n in task.notes)


SPAIN = [
    Result("Lenovo IdeaPad Slim 5 - PcComponentes", "https://shop.test/ideapad",
           "Lenovo IdeaPad Slim 5 con 16 GB de RAM, SSD de 512 GB, 1,46 kg, pantalla de 14 "
           "pulgadas. 799 €."),
    Result("ASUS Vivobook 15", "https://shop.test/vivobook",
           "ASUS Vivobook 15: 8 GB de RAM, 512 GB SSD, 1,7 kg, 15,6 pulgadas. 549 €."),
    Result("Apple MacBook Air M3", "https://shop.test/macbook-air",
           "MacBook Air 13 con 16GB de memoria unificada, 512GB SSD, 1,24 kg. 1.299 €."),
    Result("HP Pavilion Plus 14", "https://shop.test/pavilion",
           "HP Pavilion Plus 14: RAM de 16 GB, almacenamiento de 1 TB, 1,41 kg. 899 €."),
    # 16 GB is what it can take, not what it has
    Result("Acer Aspire 3", "https://shop.test/aspire",
           "Acer Aspire 3 con 8 GB RAM ampliable a 16 GB, 256 GB SSD, 1,8 kg. 449 €."),
]
US = [
    Result("Dell XPS 13", "https://store.test/xps-13",
           "Dell XPS 13: 16GB LPDDR5 RAM, 512GB NVMe SSD, 2.6 lbs, 13.4-inch display. $999."),
    Result("Apple MacBook Air 13 M3", "https://store.test/macbook-air",
           "MacBook Air 13 M3 with 8GB unified memory, 256GB SSD, 2.7 lbs. $1,099."),
    Result("LG Gram 14", "https://store.test/gram-14",
           "LG Gram 14: 16GB RAM, 1TB SSD, weighs just 2.2 lbs. $1,149."),
    Result("ASUS TUF Gaming A15", "https://store.test/tuf-a15",
           "ASUS TUF Gaming A15 with RTX 4060, 16 GB RAM, 1 TB SSD, 4.9 lbs. $1,099."),
    Result("Razer Blade 14", "https://store.test/blade-14",
           "Razer Blade 14: 32GB RAM, 1TB SSD, RTX 4070, 1.84 kg. $2,399."),
]
BRANDS = [
    Result("Dell XPS 14", "https://tienda.test/xps-14",
           "Dell XPS 14 con 16 GB de RAM y SSD de 512 GB, 1,68 kg. 1.149 €."),
    Result("Apple MacBook Air 15", "https://tienda.test/macbook-air-15",
           "MacBook Air 15 con 16 GB de memoria, 512 GB SSD, 1,51 kg. 1.199 €."),
    Result("Lenovo Yoga Slim 7", "https://tienda.test/yoga-slim-7",
           "Lenovo Yoga Slim 7 con 16 GB de RAM, 1 TB SSD, 1,39 kg. 999 €."),
    Result("Apple MacBook Pro 14", "https://tienda.test/macbook-pro-14",
           "MacBook Pro 14 con 18 GB de memoria, 512 GB SSD, 1,55 kg. 1.899 €."),
]
GAMING = [
    Result("ASUS TUF Gaming A15", "https://store.test/tuf-a15",
           "ASUS TUF Gaming A15 with RTX 4060, 16 GB RAM, 1 TB SSD, 2.2 kg. $1,099."),
    Result("Lenovo Legion Slim 5", "https://store.test/legion-5",
           "Lenovo Legion Slim 5, GeForce RTX 4070, 32GB RAM, 1TB SSD. $1,449."),
    Result("MSI Thin GF63", "https://store.test/gf63",
           "MSI Thin GF63 with an RTX 2050, 8GB RAM, 512GB SSD. $649."),
]


def _run(tmp_path: Path, query: str, listings: list[Result]):
    # every search gets every listing, as a shop's search would: the per-laptop
    # searches keep only the results that name their laptop by its own words
    return run_kind(KIND, tmp_path, query, listings)


@pytest.mark.parametrize("query,listings,fits,left_out,words,searched", [
    ("portátil para programar con 16 GB de RAM por menos de 1.000 €", SPAIN,
     ["Lenovo IdeaPad Slim 5", "HP Pavilion Plus 14"],          # cheapest first
     {"ASUS Vivobook 15": ["solo 8 GB de RAM"],
      "Apple MacBook Air M3": ["por encima del presupuesto"],
      "Acer Aspire 3": ["solo 8 GB de RAM"]},                   # "ampliable a 16 GB" is not it
     ["## Selección", "| 1 | Lenovo IdeaPad Slim 5 | 799 € [1] | 16 GB | 512 GB | 1,46 kg | 14\" |",
      "| 2 | HP Pavilion Plus 14 | 899 € [2] | 16 GB | 1 TB | 1,41 kg |",
      "2 portátiles de 5 anuncios por como mucho 1.000 €, con al menos 16 GB de RAM, "
      "para programar.", "| RAM mínima | 16 GB |", "| uso | programar |"],
     "portátil para programar 16 GB RAM"),
    # the reasons' numbers are written as the request's language writes them
    ("un portátil ligero de menos de 1,5 kg con pantalla de 14 pulgadas", SPAIN,
     ["Lenovo IdeaPad Slim 5", "HP Pavilion Plus 14", "Apple MacBook Air M3"],
     {"ASUS Vivobook 15": ["pesa 1,7 kg", "pantalla de 15,6 pulgadas"],
      "Acer Aspire 3": ["pesa 1,8 kg"]},
     ["3 portátiles de 5 anuncios de como mucho 1,5 kg, pantalla de 14 pulgadas.", "| peso máximo | 1,5 kg |"],
     "portátil 14\" 1,5 kg"),
    ("lightweight laptop under 3 lbs with 16GB RAM and at least 512GB SSD, max $1,200", US,
     ["Dell XPS 13", "LG Gram 14"],
     {"Apple MacBook Air 13 M3": ["only 8 GB of RAM", "only 256 GB of storage"],
      # asked in pounds: weights are written in pounds, the kilograms beside them
      "ASUS TUF Gaming A15": ["weighs 4.9 lb (2.22 kg)"],
      "Razer Blade 14": ["over budget", "weighs 4.06 lb (1.84 kg)"]},
     ["## Shortlist",
      "| 1 | Dell XPS 13 | 999 USD [1] | 16 GB | 512 GB | 2.6 lb (1.18 kg) | 13.4\" |",
      "| 2 | LG Gram 14 | 1,149 USD [2] | 16 GB | 1 TB | 2.2 lb (1 kg) |",
      "at least 512 GB of storage, at most 3 lb (1.36 kg).",
      "| maximum weight | 3 lb (1.36 kg) |"],
     "laptop 16 GB RAM 512 GB SSD"),
    ("MacBook o Dell XPS, máximo 1200 euros", BRANDS,
     ["Dell XPS 14", "Apple MacBook Air 15"],
     {"Lenovo Yoga Slim 7": ["no es de apple o dell"],
      "Apple MacBook Pro 14": ["por encima del presupuesto"]},
     ["| marcas | apple, dell |", "| 1 | Dell XPS 14 | 1.149 € [1] | 16 GB | 512 GB | 1,68 kg |"],
     "portátil apple dell"),
    ("gaming laptop RTX 4060 under 1500 USD", GAMING,
     ["ASUS TUF Gaming A15"],
     {"Lenovo Legion Slim 5": ["no 4060"], "MSI Thin GF63": ["no 4060"]},
     ["| gpu | 4060 |", "for gaming."],
     "gaming laptop 4060"),
])
def test_laptops_end_to_end(tmp_path, query, listings, fits, left_out, words, searched):
    run, queries = _run(tmp_path, query, listings)
    short = run.artifact("shortlist")
    assert [i["candidate"]["name"] for i in short["items"]] == fits
    assert {c["name"]: reasons for c, reasons in short["excluded"]} == left_out
    report = run.report
    assert all(f"**{name}**" in report for name in left_out)
    # the fake synthesis cites every sentence of the listings it was served
    assert "sin respaldo en la evidencia" not in report
    assert "not supported by the evidence" not in report
    assert all(w in report for w in words), [w for w in words if w not in report]
    # each listing is its own candidate with its own price
    prices = {c["name"]: c["price"]["amount"] for c in run.artifact("candidates")["items"]}
    assert len(prices) == len(listings)
    assert re.search(r"\[\d+\]\(https://(shop|store|tienda)\.test/", report)
    assert "stated(" not in report and "mentions(" not in report
    assert "rating unknown" not in report and "valoración desconocida" not in report
    assert any(q.startswith(searched) for q in queries), queries
    assert run.report_html and "<html" in run.report_html.lower()


def test_the_kind_validates_with_no_warning() -> None:
    """Every word of its template is translated (no SPEC059), every input is read."""
    from scout.validate import validate_paths

    report = validate_paths([KIND], config=KIND.parents[1] / "config" / "adapters.yaml")
    assert report.ok and not report.problems, [str(p) for p in report.problems]


@pytest.mark.parametrize("query,lead", [
    ("portátil para programar con 16 GB de RAM por menos de 1.000 €",
     "**Ningún portátil cumple la petición**: no se encontró ningún anuncio."),
    ("best lightweight laptop under $900 with at least 512GB SSD",
     "**No laptop fits the request**: no listing was found."),
])
def test_no_listing_found_is_not_all_left_out(tmp_path, query, lead):
    run, _ = _run(tmp_path, query, [])
    assert run.report.split("\n\n")[1] == lead


REVIEWED = [
    Result("Dell XPS 13", "https://store.test/xps-13",
           "Dell XPS 13: 16GB RAM, 512GB SSD, 2.6 lbs. $999. The processor is fast and the "
           "design is sleek. The fan is loud under load."),
    Result("LG Gram 14", "https://store.test/gram-14",
           "LG Gram 14: 16GB RAM, 1TB SSD, 2.2 lbs. $1,149. Charging takes 30 minutes, great. "
           "The build is solid and it is great value."),
]


@pytest.mark.parametrize("query,venue_words,product_words", [
    ("lightweight laptop with 16GB RAM under $1,200", ["(wait)", "(location)", "(atmosphere)"],
     ["Against (noise): “The fan is loud under load.”", "In favour (quality, value)"]),
    ("portátil con 16 GB de RAM por menos de 1.200 dólares",
     ["(espera)", "(ubicación)", "(ambiente)"],
     ["En contra (ruido): «The fan is loud under load.»", "A favor (calidad, relación"]),
])
def test_a_laptops_pros_and_cons_are_a_products_not_a_hotels(tmp_path, query, venue_words,
                                                             product_words):
    """A fast processor is no short wait, a charge in 30 minutes no location: the kind has
    no place in its request, so only what a product has is read (scout.adapters.aspects)."""
    run, _ = _run(tmp_path, query, REVIEWED)
    for words in venue_words:
        assert words not in run.report, words
    for words in product_words:
        assert words in run.report, words
