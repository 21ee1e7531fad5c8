"""An outside-author kind: opticians and eye tests (examples/opticians), written from the
docs alone. An optician is compared on what the asker needs: complete glasses of the lens
type asked (a complete pair's price, or a frame plus lenses summed, "montura desde 49 € +
cristales progresivos desde 190 €"), or contact lenses for the months asked (whole boxes,
"caja de 6 lentillas 25 €", or a subscription a month times the months), with the eye
test's fee added when one is asked and the page charges it ("Eye test £30"), never when it
is free with the glasses ("eye test £25, free with glasses"); then a free test, an
optometrist, Saturdays, delivery, children's frames. The requests are typed as the lab
types them, in both languages; three run end to end offline with scout.testing
(module-scoped: one run each), and the reports are checked for their language, their
citations, and for words that do not belong to opticians."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.testing import Result
from tests.kinds import (
    LODGING,
    PAY,
    REPORT_ENGLISH,
    REPORT_SPANISH,
    assert_cites_sources,
    assert_read_as,
    assert_says_nothing_of,
    assert_validates,
    cap,
    excluded_reasons as _excluded,
    own_pages,
    own_words as _own_words,
    parse_request,
    run_each,
    shortlist_names as _names,
    words_of,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "opticians"
KIND = PROJECT / "pipelines" / "opticians.yaml"
TODAY = dt.date(2026, 12, 8)
MONTH = 2629800  # a month's seconds (365.25 / 12 days)


# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    "óptica en Granada, gafas graduadas progresivas por menos de 300 €, con revisión de "
    "la vista gratis":
        ("es", {"place": "Granada", "product": "glasses", "lens_type": "progressive",
                "budget": cap(300.0, per="total"), "free_test": True}),
    "opticians in Bristol, eye test and single-vision glasses under £100, same-week "
    "appointment":
        ("en", {"place": "Bristol", "product": "glasses", "lens_type": "single_vision",
                "budget": cap(100.0, "GBP", per="total"), "eye_test": True}),
    "lentillas mensuales para 6 meses, menos de 90 €, envío a Zaragoza":
        ("es", {"place": "Zaragoza", "product": "contact_lenses", "supply": 6 * MONTH,
                "budget": cap(90.0, per="total"), "delivery": True}),
    "óptica en Lima con examen de vista, lunas antirreflejo, máximo 400 soles":
        ("es", {"place": "Lima", "eye_test": True, "anti_glare": True,
                "budget": cap(400.0, "PEN", per="total")}),
    "varifocals in Leeds under £250 incl. eye test, optometrist on site, open on Saturdays":
        ("en", {"place": "Leeds", "lens_type": "progressive", "eye_test": True,
                "optometrist": True, "saturday": True,
                "budget": cap(250.0, "GBP", per="total")}),
    "necesito unas gafas infantiles para mi hijo de 7 años en Valencia, máximo 120 €, que "
    "abran los sábados":
        ("es", {"place": "Valencia", "product": "glasses", "children": True,
                "saturday": True, "budget": cap(120.0, per="total")}),
    "Please find opticians in Manchester offering a free eye test and monthly contact "
    "lenses for 3 months, budget £60 total, home delivery preferred.":
        ("en", {"place": "Manchester", "product": "contact_lenses", "supply": 3 * MONTH,
                "free_test": True, "delivery": True,
                "budget": cap(60.0, "GBP", per="total")}),
    "ópticas en Sevilla con optometrista, gafas monofocales antirreflejo, cita en 3 días, "
    "menos de 150 €":
        ("es", {"place": "Sevilla", "lens_type": "single_vision", "optometrist": True,
                "anti_glare": True, "budget": cap(150.0, per="total")}),
    "lentillas diarias para 3 meses en Bilbao, máximo 100 euros, con envío a casa":
        ("es", {"place": "Bilbao", "product": "contact_lenses", "supply": 3 * MONTH,
                "delivery": True, "budget": cap(100.0, per="total")}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, every=False)


GRANADA = [
    Result("Óptica Alhambra", "https://optica.test/alhambra",
           "Óptica Alhambra: gafas progresivas completas desde 249 € (montura + cristales "
           "progresivos). Revisión de la vista gratuita. Abierto de lunes a sábado."),
    Result("Visión Genil", "https://optica.test/genil",
           "Visión Genil: montura desde 49 € + cristales progresivos desde 190 €. "
           "Antirreflejo +30 €. Revisión gratis con tus gafas."),
    Result("Óptica Albaicín", "https://optica.test/albaicin",
           "Óptica Albaicín: gafas graduadas completas 99 € (monofocales). Progresivos a "
           "partir de 320 €. Revisión de la vista gratuita."),
    Result("Ópticas Sierra", "https://optica.test/sierra",
           "Ópticas Sierra: 2x1 en gafas graduadas progresivas, 280 € el par. Examen "
           "visual 20 €."),
    Result("Óptica Realejo", "https://optica.test/realejo",
           "Óptica Realejo: progresivos entre 180 y 260 € IVA incluido, montura incluida. "
           "Revisión visual gratuita con optometrista colegiado."),
]
BRISTOL = [
    Result("Clifton Eyecare", "https://eyes.test/clifton",
           "Clifton Eyecare: eye test £25, free with glasses. Single vision glasses from £69 "
           "including frames and lenses. Appointments this week."),
    Result("Harbourside Opticians", "https://eyes.test/harbourside",
           "Harbourside Opticians: complete glasses from £49. Eye test £30. Thinner lenses "
           "+£40."),
    Result("Redland Optometrists", "https://eyes.test/redland",
           "Redland Optometrists: varifocals from £199, single vision from £89. NHS voucher "
           "accepted. Eye test £20."),
    Result("Gloucester Road Opticians", "https://eyes.test/gloucester",
           "Gloucester Road Opticians: frames from £39 plus lenses from £45 (VAT included). "
           "Sight test £20, free with any purchase."),
]
ZARAGOZA = [
    Result("LentesYa", "https://lentes.test/ya",
           "LentesYa: lentillas mensuales, caja de 6 lentillas 25 €. Envío gratis a toda "
           "España en 48 h."),
    Result("ContactoDirecto", "https://lentes.test/contacto",
           "ContactoDirecto: suscripción de lentillas mensuales 12 €/mes, envío a domicilio "
           "incluido."),
    Result("Óptica Pilar", "https://lentes.test/pilar",
           "Óptica Pilar: lentillas mensuales 3 cajas + 1 gratis, 22 € la caja de 3. "
           "Recogida en tienda."),
    Result("LentiExpress", "https://lentes.test/express",
           "LentiExpress: lentillas diarias, caja de 30 lentillas por 19,90 €, envío a "
           "domicilio en 24 h."),
]

RUNS = {
    "granada": ("óptica en Granada, gafas graduadas progresivas por menos de 300 €, con "
                "revisión de la vista gratis", GRANADA),
    "bristol": ("opticians in Bristol, eye test and single-vision glasses under £100, "
                "same-week appointment", BRISTOL),
    "zaragoza": ("lentillas mensuales para 6 meses, menos de 90 €, envío a Zaragoza",
                 ZARAGOZA),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY, seed=own_pages)


def test_progressive_glasses_with_a_free_test_in_spanish(runs):
    run, queries = runs["granada"]
    # Realejo's range is priced from 180 €; Genil's frame and lenses are 49 + 190 = 239 €
    # (never its frame's 49 €); Albaicín's progressives are 320 €, not its 99 € single vision
    assert _names(run) == ["Óptica Realejo", "Visión Genil", "Óptica Alhambra"]
    assert _excluded(run) == {
        "Óptica Albaicín": ["por encima del presupuesto"],
        "Ópticas Sierra": ["no dice que la revisión de la vista sea gratis"]}
    assert "| Visión Genil | 239 € [" in run.report
    assert queries[0] == "ópticas en Granada gafas graduadas progresivas revisión de la " \
                         "vista precios"


def test_a_spanish_request_gets_a_spanish_report(runs):
    for key in ("granada", "zaragoza"):
        run, _ = runs[key]
        assert run.report.startswith("# Ópticas: "), key
        assert "## Cómo se ha calculado cada precio" in run.report, key
        own = _own_words(run.report, RUNS[key][1], ids=True)
        english = words_of(*REPORT_ENGLISH, "opticians?", "glasses", "lenses", "eye test",
                           "boxes", "worked out", "a month")
        assert not english.search(own), (key, english.findall(own))


def test_an_eye_test_is_added_unless_free_with_the_glasses(runs):
    run, queries = runs["bristol"]
    # Clifton's £25 test is free with glasses: £69; Harbourside's £49 + £30 test = £79;
    # Gloucester Road's frames and lenses £39 + £45 = £84, its test free with a purchase;
    # Redland's single vision £89 + £20 test = £109
    assert _names(run) == ["Clifton Eyecare", "Harbourside Opticians",
                           "Gloucester Road Opticians"]
    assert _excluded(run) == {"Redland Optometrists": ["over budget"]}
    assert "extra added to the price compared: 49 GBP + 30 GBP (Eye test £30) = 79 GBP" \
        in run.report
    assert "| Harbourside Opticians | 49 GBP [2] | plus the extras asked" in run.report
    assert "| Gloucester Road Opticians | 84 GBP incl. tax [3] | as the page prices what " \
           "was asked | 84 GBP |" in run.report
    assert not re.search(r"\+ 25 GBP|\+ 20 GBP \(Sight test", run.report)
    assert run.report.startswith("# Opticians: Bristol · eye test")
    assert queries[0] == "opticians in Bristol glasses single vision eye test prices"
    own = _own_words(run.report, BRISTOL, ids=True)
    spanish = words_of(*REPORT_SPANISH, "ópticas?", "gafas", "lentillas", "revisión",
                       "cajas?", "cálculo")
    assert not spanish.search(own), spanish.findall(own)


def test_contact_lenses_for_the_months_asked_in_whole_boxes(runs):
    run, _ = runs["zaragoza"]
    # monthlies, two eyes, 6 months: 12 lenses, two boxes of 6 at 25 € (the lens's price
    # kept to the cent, 4,17 €); a subscription 12 €/mes × 6; dailies: 360 lenses, 12
    # boxes of 30 at 19,90 € is 238,80 €
    assert _names(run) == ["LentesYa", "ContactoDirecto"]
    assert _excluded(run) == {
        "Óptica Pilar": ["no dice que envíe a domicilio"],
        "LentiExpress": ["por encima del presupuesto"]}
    assert "2 cajas de 6 lentillas para 6 meses" in run.report
    assert "| LentesYa | 25 € [1] | 2 cajas de 6 lentillas para 6 meses | 50,04 € |" \
        in run.report
    assert "| ContactoDirecto | 12 €/mes [2] | 12 € al mes × 6 meses | 72 € |" in run.report


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)
        assert re.search(r"\[\d+\]", run.report.split("## ")[3]), key   # the synthesis


# words of other kinds: lodging, pay, tickets, energy tariffs
OTHER_KINDS = words_of(*LODGING, *PAY, "tickets?", "entradas", "tarifa", "tariff",
                       "permanencia", "rating unknown", "valoración desconocida",
                       ignore_case=True)


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)
