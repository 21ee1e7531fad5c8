"""What a product kind (used cars, laptops) needs from the spec layer, found by writing one
from the docs: ``task.lang`` in a phase's templates (the docs tell authors to write
``{% if task.lang == "es" %}``), the ``stated``/``mentions`` filters that read specs out of
a candidate's titles and evidence, and ``rank.reasons`` (what a report says when a
``where`` leaves a record out)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.spec.filters import mentions, stated
from scout.validate import validate_paths

CONFIG = Path(__file__).resolve().parent / "fixtures" / "adapters.yaml"

KIND = """\
apiVersion: scout/v1
name: cars
inputs:
  max_km: {type: integer}
phases:
  F0: {uses: task, produces: [task]}
  F1:
    uses: search
    needs: [task]
    produces: [candidates]
    chain: web
    with: {query: "{% if task.lang == 'es' %}coche{% else %}car{% endif %} {{ task.max_km }}",
           extract: {record: candidate}}
  R1:
    uses: rank
    needs: [task, candidates]
    produces: [shortlist]
    with:
      items: candidates
      as: car
      where: ["car | stated('km') is none or car | stated('km') <= task.max_km"]
      reasons: [REASONS]
"""


def _codes(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "cars.yaml"
    path.write_text(text)
    return [p.code for p in validate_paths([path], config=CONFIG).files[0].problems
            if p.severity == "error"]


def test_task_lang_and_the_spec_filters_validate_in_phase_templates(tmp_path) -> None:
    # task.lang was refused (SPEC052) in with: templates though templates accepted it
    ok = KIND.replace("REASONS", "\"{{ 'más km' if task.lang == 'es' else 'over' }} {{ car.name }}\"")
    assert _codes(tmp_path, ok) == []


def test_more_reasons_than_where_expressions_is_a_spec_error(tmp_path) -> None:
    assert "SPEC031" in _codes(tmp_path, KIND.replace("REASONS", "a, b"))


def test_a_reason_using_an_unknown_name_is_located(tmp_path) -> None:
    assert "SPEC051" in _codes(tmp_path, KIND.replace("REASONS", '"{{ vehicle.name }}"'))


@pytest.mark.parametrize("text,units,pick,expected", [
    ("Toyota RAV4, 85.000 km, 18.500 €", ("km",), "max", 85000),
    ("km: 120,000 — or 90000 km after the repair", ("km",), "min", 90000),
    ("matriculado en el año 2019", ("año", "year"), "max", 2019),
    ("autonomía de 10,5 horas", ("horas", "hours"), "max", 10.5),
    ("16GB RAM, 512 GB SSD", ("gb",), "first", 16),
    ("no figures here", ("km",), "max", None),
    ("1.5 km from the centre", ("km",), "max", 1.5),
])
def test_stated_reads_a_number_next_to_its_unit(text, units, pick, expected) -> None:
    assert stated(text, *units, pick=pick) == expected


def test_stated_reads_a_candidates_name_aliases_and_evidence() -> None:
    car = {"name": "Corolla 2019", "aliases": ["Corolla, 60.000 km"],
           "evidence": [{"text": "now 75.000 km", "title": ""}]}
    assert stated(car, "km") == 75000 and stated(car, "km", pick="min") == 60000


def test_stated_refuses_a_bad_pick_or_no_unit() -> None:
    with pytest.raises(ValueError, match="pick"):
        stated("5 km", "km", pick="median")
    with pytest.raises(ValueError, match="unit"):
        stated("5 km")


def test_mentions_is_accent_and_case_blind_and_whole_word() -> None:
    text = "Cambio AUTOMÁTICO, navegador y cámara"
    assert mentions(text, ["automatico", "navegador"])
    assert not mentions(text, ["automatico", "towbar"])
    assert mentions(text, ["towbar", "camara"], every=False)
    assert not mentions("navegadora", "navegador")  # a whole word, not a prefix
    assert mentions(text, [])  # nothing required: true


@pytest.mark.parametrize("text,word", [
    ("Navegadores de serie", "navegador"),
    ("young adult fiction for teens", "teen"),
    ("divulgació per a adolescents", "adolescent"),
    ("disponible en tapas blandas y ebook", "tapa blanda"),
])
def test_mentions_finds_a_word_in_the_plural(text, word) -> None:
    """A listing names a kind's word in the plural as a request does (the request reader
    takes an enum word singular or plural): it is the same thing."""
    assert mentions(text, word)
    # a short word keeps its exact form: "a" is no "as", "e" no "es"
    assert not mentions("es", "e") and not mentions("as good as new", "a")
    # a plural the text negates is not named either
    assert not mentions("sin navegadores", "navegador")


@pytest.mark.parametrize("text,named", [
    ("Piso de 2 habitaciones, no amueblado", False),
    ("2 bedrooms, not furnished", False),
    ("No se admiten mascotas", False),
    ("Pets: no. Furnished? no", False),
    ("Flat without a furnished kitchen", False),
    ("sin mascotas", False),
    ("No smoking, pets welcome", True),          # the negation stops at punctuation
    ("Amueblado, admite mascotas", True),
    ("no pets in the garden; furnished flat, pets allowed", True),  # also named plainly
    # refused after the word, as notices write it
    ("Pets not allowed", False),
    ("Pets are not permitted in the flat", False),
    ("Mascotas no admitidas", False),
    ("Mascotas prohibidas", False),
    ("Furnished: no", False),
    ("Pets allowed, smoking not allowed", True),  # the refusal is smoking's
    # said to be absent, as a spec sheet says of a part or an extra
    ("Furnished flat not available until May", False),
    ("Pets not included in the rent", False),
    ("Mascotas no incluidas", False),
    ("Amueblado no disponible", False),
    ("Furnished, pets not included", True),       # furnished is still named
])
def test_mentions_does_not_count_a_word_the_listing_negates(text, named) -> None:
    # "no amueblado" and "not furnished" passed a furnished filter, "no se admiten
    # mascotas" a pets one
    assert mentions(text, ["furnished", "amueblado", "pets", "mascotas"], every=False) is named


@pytest.mark.parametrize("text, named", [
    ("Folding e-bike, 300 Wh, hydraulic brakes not fitted: rim brakes.", False),
    ("Frenos hidráulicos no incluidos de serie", False),
    ("Hydraulic disc brakes, charger not included", True),   # the charger is absent
    ("Frenos hidráulicos montados", True),
])
def test_mentions_does_not_count_a_part_said_to_be_absent(text, named) -> None:
    # "hydraulic brakes not fitted" passed a filter on hydraulic brakes
    assert mentions(text, ["hydraulic", "hidráulicos"], every=False) is named


def test_stated_reads_a_number_joined_to_its_unit_by_a_hyphen() -> None:
    assert stated("Furnished 2-bed flat, 75 m2", "bed", "bedroom") == 2
    assert stated("Bright 3-bedroom house", "bed", "bedroom") == 3


@pytest.mark.parametrize("text,expected", [
    ("Piso de dos habitaciones, 70 m²", 2),
    ("Bright two-bedroom flat", 2),
    ("Estudio con una habitación", 1),
    ("tres habitaciones y dos baños", 3),
])
def test_stated_reads_a_count_written_as_a_word(text, expected) -> None:
    # Spanish listings spell small counts: "dos habitaciones" read as unknown bedrooms
    assert stated(text, "habitaciones", "habitación", "bedroom") == expected


LIST_ENUM = """\
apiVersion: scout/v1
name: feats
inputs:
  features: {type: list, items: string, enum: [automatic, navigation, towbar], default: DEFAULT}
phases:
  F0: {uses: task, produces: [task]}
"""


@pytest.mark.parametrize("text,lo,hi", [
    ("Campamento para niños de 8 a 12 años", 8, 12),
    ("Day camp, ages 6-12. €45 per day", 6, 12),
    ("Edades: 13-15 años", 13, 15),
    ("Para niños entre 5 y 9 años", 5, 9),
    ("Ages 4 to 11, lunch included", 4, 11),
    ("Para niños de 10 años", 10, 10),                  # one age: both picks read it
    ("Ages 12-8", 12, 12),                              # no range: the age next to the word
])
def test_stated_reads_both_ends_of_a_range(text: str, lo: int, hi: int) -> None:
    # "de 8 a 12 años" read 12 alone: a camp's youngest age was never stated, so
    # pick='min' read its oldest
    units = ("años", "years", "ages", "edades")
    assert (stated(text, *units, pick="min"), stated(text, *units, pick="max")) == (lo, hi)
    assert stated("Pisos de 2-3 bedrooms", "bedrooms", pick="min") == 2


@pytest.mark.parametrize("default,ok", [("[automatic]", True), ("[automatic, sunroof]", False)])
def test_a_list_inputs_default_is_checked_item_by_item_against_its_enum(tmp_path, default, ok) -> None:
    # the whole list was compared with the enum, so every list default was refused
    codes = _codes(tmp_path, LIST_ENUM.replace("DEFAULT", default))
    assert (codes == []) == ok and (ok or "SPEC014" in codes)


def test_a_list_inputs_mission_and_set_values_fit_its_enum_item_by_item(tmp_path) -> None:
    from scout.errors import UsageError
    from scout.orchestrator.mission_request import coerce_inputs
    from scout.spec.loader import load_pipeline

    pipeline_file = tmp_path / "feats.yaml"
    pipeline_file.write_text(LIST_ENUM.replace("DEFAULT", "[towbar]"))
    mission = tmp_path / "m.yaml"
    mission.write_text(f"apiVersion: scout/v1\nkind: Mission\npipeline: {pipeline_file.name}\n"
                       "inputs:\n  features: [automatic, navigation]\n")
    assert [p.code for p in validate_paths([mission], config=CONFIG).files[0].problems
            if p.severity == "error"] == []
    pipeline = load_pipeline(pipeline_file).model
    assert coerce_inputs(pipeline, {"features": "automatic, navigation"})["features"] == [
        "automatic", "navigation"]
    with pytest.raises(UsageError, match="'sunroof' is not one of"):
        coerce_inputs(pipeline, {"features": "automatic, sunroof"})


def test_a_synonym_set_by_a_mission_or_set_becomes_the_enum_value(tmp_path) -> None:
    from scout.orchestrator.mission_request import coerce_inputs
    from scout.spec.loader import load_pipeline

    text = LIST_ENUM.replace("DEFAULT", "[enganche]").replace(
        "enum: [automatic, navigation, towbar]",
        "enum: [automatic, navigation, towbar], synonyms: {towbar: [enganche], navigation: [gps]}")
    pipeline_file = tmp_path / "feats.yaml"
    pipeline_file.write_text(text)
    assert _codes(tmp_path, text) == []  # the default is a synonym: valid
    pipeline = load_pipeline(pipeline_file).model
    assert coerce_inputs(pipeline, {"features": "GPS, automatic"})["features"] == [
        "navigation", "automatic"]
    bad = text.replace("synonyms: {towbar:", "synonyms: {sunroof: [techo], towbar:")
    assert _codes(tmp_path, bad) == ["SPEC012"]  # located, saying which key enum lacks


def test_a_template_of_another_project_above_the_spec_says_how_to_use_it(tmp_path) -> None:
    # validating examples/used-cars/... from the repository root used the root's config,
    # and SPEC054 suggested a hotel template instead of saying where this one is
    import shutil

    root = Path(__file__).resolve().parents[2]
    project = tmp_path / "kinds" / "cars"
    (project / "pipelines").mkdir(parents=True)
    (project / "templates").mkdir()
    (project / "config").mkdir()
    (project / "templates" / "cars_report.md.j2").write_text("# cars\n")
    shutil.copy(root / "config" / "adapters.yaml", project / "config" / "adapters.yaml")
    (tmp_path / "config").mkdir()
    shutil.copy(root / "config" / "adapters.yaml", tmp_path / "config" / "adapters.yaml")
    (tmp_path / "templates").mkdir()
    spec = project / "pipelines" / "cars.yaml"
    spec.write_text(
        "apiVersion: scout/v1\nname: t\nphases:\n  F0: {uses: task, produces: [task]}\n"
        "  F6:\n    uses: report\n    needs: [task]\n"
        "    with: {template: cars_report.md.j2}\n    produces: [report]\n")
    [p] = [p for p in validate_paths([spec], config=tmp_path / "config" / "adapters.yaml"
                                     ).problems if p.code == "SPEC054"]
    assert str(project / "templates") in p.hint and "--config" in p.hint
    assert validate_paths([spec], config=project / "config" / "adapters.yaml").ok
