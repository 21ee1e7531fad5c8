"""A yes/no input's word inside a longer word of another yes/no input is that input's: a
cleaner's "eco products" once read both ``eco`` and ``products`` (declared first, it took
"products" out of "eco products"); an office's "goods lift" both ``goods_lift`` and ``lift``.
A flag said on its own still reads, also beside the longer one."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 7)
CLEANING = {"products": InputSpec(type="boolean", aliases=["products included",
                                                           "productos incluidos"]),
            "eco": InputSpec(type="boolean", aliases=["eco products", "productos ecológicos"])}
OFFICE = {"lift": InputSpec(type="boolean", aliases=["ascensor"]),
          "goods_lift": InputSpec(type="boolean", aliases=["montacargas", "goods lift"])}


def _read(query, inputs):
    return {k: v for k, v in build_task(query, inputs, today=TODAY).values.items()
            if v is not None}


@pytest.mark.parametrize("query,want", [
    ("cleaner in Manchester, eco products", {"eco": True}),
    ("a cleaner in York who uses eco products", {"eco": True}),
    ("cleaner in Leeds, eco products and products included", {"eco": True, "products": True}),
    ("cleaner in Leeds with products", {"products": True}),
    ("limpieza en Bilbao sin productos ecológicos, productos incluidos",
     {"eco": False, "products": True}),
])
def test_a_flag_inside_another_flags_longer_word(query, want):
    got = _read(query, CLEANING)
    got.pop("lang", None)
    assert {k: got.get(k) for k in ("eco", "products") if k in got} == want


@pytest.mark.parametrize("query,want", [
    ("office in Leeds with a goods lift", {"goods_lift": True}),
    ("office in Leeds with a lift", {"lift": True}),
    ("office in Leeds with a lift and a goods lift", {"lift": True, "goods_lift": True}),
])
def test_another_kind_s_flags(query, want):
    got = _read(query, OFFICE)
    assert {k: got[k] for k in ("lift", "goods_lift") if k in got} == want
