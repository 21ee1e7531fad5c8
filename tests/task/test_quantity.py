"""The ``data_size`` and ``weight`` input types: memory, storage and weight read from
requests as people write them, in English and Spanish, in gigabytes and kilograms (found
writing the laptops kind: with an ``integer`` and aliases, "512GB SSD" was read as the
memory, "1 TB" as 1 and "3 lbs" as 3 kilograms). A product states several sizes in one
unit, so the word next to a value says which input it is."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.i18n.values import format_value
from scout.spec.models import InputSpec
from scout.task.parser import parse_query
from scout.task.values import coerce

TODAY = dt.date(2026, 12, 2)
RAM = InputSpec(type="data_size", aliases=["ram", "memory", "memoria"])
DISK = InputSpec(type="data_size", aliases=["ssd", "storage", "almacenamiento", "disco"])
WEIGHT = InputSpec(type="weight")
# the declared order decides where values no word names go: memory first
LAPTOP = {"budget": InputSpec(type="money"), "min_ram": RAM, "min_storage": DISK,
          "max_weight": WEIGHT, "thing": InputSpec(type="subject")}


def _read(query: str, inputs: dict[str, InputSpec] = LAPTOP):
    got = parse_query(query, inputs, today=TODAY)
    unread = [n for n in got.notes if "could not read" in n or "no se ha podido" in n]
    assert not unread, unread
    return got.values


@pytest.mark.parametrize("query,ram,disk", [
    # the word after the value, with or without a joining word or one word more
    ("laptop with 16GB RAM", 16.0, None),
    ("portátil con 16 GB de RAM", 16.0, None),
    ("portatil 8 gb de memoria", 8.0, None),
    ("32 GB DDR5 RAM gaming laptop", 32.0, None),
    ("8GB unified memory macbook", 8.0, None),
    ("512GB SSD laptop", None, 512.0),
    ("laptop with 1 TB NVMe SSD", None, 1000.0),
    ("2TB of storage", None, 2000.0),
    ("un portátil con 1 tera de disco", None, 1000.0),
    ("16 gigas de memoria y 1 tera de almacenamiento", 16.0, 1000.0),
    # the word before it
    ("RAM: 32GB, SSD: 2TB", 32.0, 2000.0),
    ("portátil con RAM de 16 GB y SSD de 512 GB", 16.0, 512.0),
    ("memoria de al menos 16 GB", 16.0, None),
    ("storage of at least 256 GB", None, 256.0),
    # a comparison is claimed with it; the order of the words does not matter
    ("at least 512GB SSD and at least 16GB RAM", 16.0, 512.0),
    ("mínimo 1 TB SSD, al menos 16 GB de RAM", 16.0, 1000.0),
    ("laptop 16GB/512GB", 16.0, 512.0),                 # one for each input, in order
    ("laptop 16GB 1TB", 16.0, 1000.0),
    ("1024 MB RAM netbook", 1.024, None),                # MB converted
    ("16 GiB RAM", 17.18, None),                         # binary units, exactly
])
def test_sizes_go_to_the_input_named_next_to_them(query, ram, disk) -> None:
    got = _read(query)
    assert got.get("min_ram") == (pytest.approx(ram, abs=0.01) if ram else None)
    assert got.get("min_storage") == disk


@pytest.mark.parametrize("query,weight", [
    ("laptop under 1.5 kg", 1.5),
    ("portátil de menos de 1,5 kg", 1.5),
    ("ultraligero de 999 g", 0.999),
    ("que pese menos de 1.300 gramos", 1.3),           # a group of thousands
    ("laptop under 3 lbs", 1.361),                     # pounds converted
    ("under 2.5 pounds and 16GB RAM", 1.134),
    ("menos de 3 libras", 1.361),
    ("2 kilos máximo", 2.0),
    ("peso máximo: 1,2 kg", 1.2),
    ("48 oz tablet", 1.361),
])
def test_weights_are_read_in_kilograms(query, weight) -> None:
    assert _read(query).get("max_weight") == pytest.approx(weight, abs=0.001)


@pytest.mark.parametrize("query", [
    "4G laptop with LTE",          # a mobile network, not four grams
    "5g phone",
    "a 16 km de Madrid",
    "£3",                          # money: the sign says it
])
def test_what_is_no_weight(query) -> None:
    got = parse_query(query, LAPTOP, today=TODAY)
    assert got.values.get("max_weight") is None


def test_pounds_are_a_weight_where_a_weight_is_asked_for() -> None:
    """"pounds" / "libras" name a weight and a currency: a kind that declares a weight
    reads them as one; its budget in pounds is written with £ or GBP."""
    got = parse_query("laptop under 3 pounds, max £900", LAPTOP, today=TODAY).values
    assert got["max_weight"] == pytest.approx(1.361, abs=0.001)
    assert (got["budget"].amount, got["budget"].currency) == (900, "GBP")
    # a kind without a weight input reads them as money, as before
    money = parse_query("laptop under 900 pounds", {"budget": InputSpec(type="money")},
                        today=TODAY).values
    assert (money["budget"].amount, money["budget"].currency) == (900, "GBP")


def test_one_size_for_two_inputs_is_not_guessed() -> None:
    got = parse_query("portátil con 16 GB por menos de 900 €", LAPTOP, today=TODAY)
    assert "min_ram" not in got.values and "min_storage" not in got.values
    assert got.notes[-1].startswith("«16 GB» podría ser min ram / min storage")
    # said once: the value is not also "could not read"
    assert not [n for n in got.notes if "no se ha podido" in n]
    # with one input of the type, a size alone is that input's
    one = parse_query("laptop with 16 GB", {"min_ram": RAM}, today=TODAY)
    assert one.values["min_ram"] == 16.0


def test_sizes_are_not_the_subject() -> None:
    """A size is claimed even when no input reads it, so it is no part of what a
    request is about."""
    got = parse_query("macbook air 16GB 1.24 kg", {"thing": InputSpec(type="subject")},
                      today=TODAY)
    assert got.values["thing"] == "macbook air"


@pytest.mark.parametrize("kind,written,value", [
    ("data_size", 16, 16.0), ("data_size", "16 GB", 16.0), ("data_size", "1 TB", 1000.0),
    ("data_size", "512gb", 512.0), ("data_size", "16", 16.0),
    ("weight", 1.5, 1.5), ("weight", "1,5 kg", 1.5), ("weight", "3 lbs", 1.361),
    ("weight", "1200 g", 1.2),
])
def test_defaults_missions_and_set(kind, written, value) -> None:
    assert coerce(kind, written) == pytest.approx(value, abs=0.001)


@pytest.mark.parametrize("kind,written", [
    ("data_size", "lots"), ("data_size", True), ("data_size", -1), ("data_size", "16 kg"),
    ("weight", "light"), ("weight", "3 GB"), ("weight", [1]),
])
def test_what_is_not_a_size_or_a_weight(kind, written) -> None:
    with pytest.raises(ValueError):
        coerce(kind, written)


@pytest.mark.parametrize("kind,value,lang,shown", [
    ("data_size", 16.0, "en", "16 GB"), ("data_size", 1000.0, "es", "1 TB"),
    ("data_size", 1500.0, "es", "1,5 TB"), ("data_size", 1024.0, "en", "1,024 GB"),
    ("data_size", 0.5, "en", "500 MB"),
    ("weight", 1.361, "en", "1.36 kg"), ("weight", 1.5, "es", "1,5 kg"), ("weight", 2.0, "en", "2 kg"),
])
def test_shown_in_the_readers_language(kind, value, lang, shown) -> None:
    assert format_value(value, kind, lang) == shown


@pytest.mark.parametrize("query,inches", [
    ('laptop 14" for students', 14.0),
    ("portátil de 15,6\" ligero", 15.6),
    ("laptop 13.3″", 13.3),
    ("15.6-inch laptop", 15.6),
    ("pantalla de 14 pulgadas", 14.0),
])
def test_a_number_alias_may_be_a_symbol(query, inches) -> None:
    """An alias like '"' (inches) has no word boundary at its edges."""
    screen = {"screen": InputSpec(type="number", aliases=["inches", "inch", "pulgadas", '"', "″"])}
    assert _read(query, screen)["screen"] == inches


# a number input aliased by a unit a data size is also written in: the value written in
# that unit is the number's (found writing examples/broadband: "fibra 600 Mb" was read as
# 600 MB of mobile data, and the speed left unset)
HOME = {"budget": InputSpec(type="money"),
        "min_speed": InputSpec(type="number", aliases=["Mb", "Mbps", "megas"]),
        "mobile_data": InputSpec(type="data_size", aliases=["datos", "data", "gigas"])}
GPU = {"vram": InputSpec(type="data_size", aliases=["VRAM", "memory"]),
       "min_bandwidth": InputSpec(type="number", aliases=["GB/s", "TB/s"])}


@pytest.mark.parametrize("query, inputs, want", [
    ("fibra 600 Mb en Valencia", HOME, {"min_speed": 600.0, "mobile_data": None}),
    ("internet de 300 megas sin permanencia", HOME, {"min_speed": 300.0, "mobile_data": None}),
    ("fibra 1000mb y móvil con 30 gigas", HOME, {"min_speed": 1000.0, "mobile_data": 30.0}),
    ("home broadband, 500 Mbps, 20 GB of mobile data", HOME,
     {"min_speed": 500.0, "mobile_data": 20.0}),
    ("a GPU with 80 GB of VRAM and at least 2000 GB/s", GPU,
     {"vram": 80.0, "min_bandwidth": 2000.0}),
    # with no number input aliased so, a size is a size as before
    ("portátil con 16 GB de RAM", LAPTOP, {"min_ram": 16.0}),
])
def test_a_unit_another_input_is_aliased_by_is_its_number(query, inputs, want):
    got = parse_query(query, inputs, today=TODAY).values
    assert {k: got.get(k) for k in want} == want
