"""A product page's own specs (scout/adapters/pagespecs.py) in its page evidence.

Captures (tests/fixtures/providers/web_pages/SOURCES.md): the JSON-LD of a real maker's
product page (Captain Steel's insulated sheets: ``weight``/``width``/``height`` as
QuantitativeValue with UN/CEFACT codes KGM and MMT, ``material`` as a list,
``additionalProperty``), a real German product page's ``additionalProperty`` whose values
write their own units, and the real hotel JSON-LD used elsewhere (a venue: no specs).
"""

from __future__ import annotations

import ast
import json
import re
import time
from pathlib import Path

import pytest

from scout.adapters.pagespecs import LINE_CHARS, MAX_LINES, spec_lines
from scout.schemas.records import Evidence
from scout.spec.stated import stated
from tests.adapters_media.test_page_facts import page
from tests.fakes.media import hotel_page
from tests.adapters_media.test_page_values import evidence

STEEL = "product-jsonld-weight-kgm-captainsteel.html"
POWERBANK = "product-jsonld-additionalproperty-wowohcool-de.html"
HOTEL = "hotel-jsonld-barahona72-v2.html"
EBIKES = Path(__file__).parents[2] / "examples" / "ebikes" / "pipelines" / "ebikes.yaml"


def ebike_not_of() -> list[str]:
    """The words the e-bike kind's weight filter leaves figures beside out, as its pipeline
    writes them (``bike | stated('kg', not_of=[...])``)."""
    found = re.search(r"stated\('kg', not_of=(\[[^\]]*\])\)", EBIKES.read_text("utf-8"))
    assert found, "examples/ebikes no longer reads a weight with stated('kg', not_of=...)"
    return list(ast.literal_eval(found.group(1)))


def steel_json() -> dict:
    return json.loads(page(STEEL).split('json">', 1)[1].rsplit("</script>", 1)[0])


def test_quantitative_values_are_written_with_the_unit_their_code_names() -> None:
    _, ev = evidence(page(STEEL), "https://captainsteel.example/insulated-sheets")
    lines = ev.text.split("\n")
    assert "Weight: 8-15 kg" in lines  # value "8-15", unitCode KGM
    assert "Width: 1000-1200 mm" in lines  # MMT
    assert "Material: Galvanized Steel, Prepainted Steel, Polyurethane, PIR, Mineral Wool" \
        in lines
    assert "Sound Reduction: 25-30 dB" in lines  # a PropertyValue's own text
    assert ev.url == "https://captainsteel.example/insulated-sheets"  # cited to the page


def test_a_value_that_writes_its_own_unit_is_kept_as_written() -> None:
    _, ev = evidence(page(POWERBANK), "https://www.wowohcool.com/de/produkte/powerbank/")
    assert "Kapazitätsbereich: 2000mAh - 27000mAh (99,9Wh)" in ev.text.split("\n")
    assert stated({"name": "Powerbank", "evidence": [ev]}, "Wh") == 99.9


def test_the_maker_s_weight_is_preferred_to_a_review_s_impression_and_its_rider() -> None:
    _, page_ev = evidence(page(STEEL), "https://captainsteel.example/insulated-sheets")
    review = Evidence(id="r1", kind="review", url="https://forum.example/t/1",
                      text="As a 95 kg rider I carried one alone; it felt like 40 kg.")
    record = {"name": "Insulated Metal Sheets", "evidence": [page_ev, review]}
    assert stated(record, "kg") == 15  # the spec's range top, not the review's 40 or 95
    assert stated(record, "kg", not_of=ebike_not_of()) == 15  # the e-bike kind's filter
    assert stated(record, "kg", pick="min") == 8
    # without the page's spec the review's prose was all there was
    assert stated({"name": "x", "evidence": [review]}, "kg") == 40


def test_a_venue_page_is_unchanged() -> None:
    fetched, ev = evidence(hotel_page(HOTEL), "https://hotelbarahona72.com/")
    assert fetched.jsonld and spec_lines(fetched.jsonld, fetched.microdata) == []
    assert ev.text == fetched.text[:400]  # the page's opening alone, as before


def test_an_unknown_unit_code_is_left_out_not_guessed() -> None:
    block = steel_json()
    block["weight"]["unitCode"] = "XYZ"  # one value of the real block changed
    lines = spec_lines([block])
    assert "Weight: 8-15" in lines
    block["weight"] = {"@type": "QuantitativeValue", "value": 21.5, "unitCode": "kgm"}
    assert "Weight: 21.5 kg" in spec_lines([block])


def test_a_property_with_no_value_states_nothing() -> None:
    block = steel_json()
    block["additionalProperty"] = [{"@type": "PropertyValue", "name": "Battery"},
                                   {"@type": "PropertyValue", "name": "Battery",
                                    "value": 500, "unitCode": "WHR"}]
    assert [ln for ln in spec_lines([block]) if ln.startswith("Battery")] == \
        ["Battery: 500 Wh"]


def test_a_hostile_page_s_properties_are_capped_and_read_in_linear_time() -> None:
    block = steel_json()
    block["additionalProperty"] = [
        {"@type": "PropertyValue", "name": f"n{i}", "value": str(i) * 40}
        for i in range(100_000)]
    block["additionalProperty"][:3] = [
        {"@type": "PropertyValue", "name": "n" * 5000, "value": "v" * 50_000}] * 3
    started = time.perf_counter()
    lines = spec_lines([block])
    took = time.perf_counter() - started
    assert len(lines) == MAX_LINES and all(len(ln) <= LINE_CHARS for ln in lines)
    assert lines.count(lines[-1]) == 1  # a property said twice is one line
    assert took < 2  # measured ~0.01 s: only the first entries are looked at


@pytest.mark.parametrize("name, value, line", [
    # a label that names the unit of its bare figure, as spec sheets write one
    ("Weight (battery incl.) in kg", "14,8", "Weight (battery incl.) in kg: 14,8 kg"),
    ("Battery capacity in Wh", 270, "Battery capacity in Wh: 270 Wh"),
    ("Peso [kg]", "21,5", "Peso [kg]: 21,5 kg"),
    ("Autonomía (km)", "80-120", "Autonomía (km): 80-120 km"),
    # a figure that writes its own unit, or a label naming no unit, is kept as written
    ("Peso (kg)", "21,5 kg", "Peso (kg): 21,5 kg"),
    ("Size (M)", "38", "Size (M): 38"),
    ("Model (2024)", "7", "Model (2024): 7"),
])
def test_a_label_s_unit_is_written_after_its_bare_figure(name, value, line) -> None:
    block = steel_json()  # the real block, its additionalProperty replaced
    block["additionalProperty"] = [{"@type": "PropertyValue", "name": name, "value": value}]
    assert line in spec_lines([block])
