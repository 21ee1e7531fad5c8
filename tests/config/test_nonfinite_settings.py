"""YAML's ``.inf`` and ``.nan`` in a config or spec someone else wrote are located errors
(every spec and config model refuses them): they passed each bound written ``ge=0``, and
a tariff of ``.inf`` made every call cost Infinity, which ``scout plan --format json``
then wrote (no JSON parser but Python's reads it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.config.loader import load_config
from scout.errors import SpecInvalid

CONFIG = """\
apiVersion: scout/v1
kind: Config
adapters:
  tavily:
    type: tavily
    tariff: {per_credit: VALUE, as_of: "2026"}
"""


@pytest.mark.parametrize(("value", "said"), [(".inf", "inf"), (".nan", "nan"),
                                             ("-.inf", "-inf")])
def test_a_tariff_that_is_no_number_is_a_located_error(tmp_path: Path, value: str,
                                                       said: str) -> None:
    path = tmp_path / "adapters.yaml"
    path.write_text(CONFIG.replace("VALUE", value))
    with pytest.raises(SpecInvalid) as info:
        load_config(path)
    assert [(p.message, p.location.line) for p in info.value.problems] == [
        (f"adapters.tavily.tariff.per_credit: must be a finite number (got {said})", 6)]


def test_a_finite_tariff_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "adapters.yaml"
    path.write_text(CONFIG.replace("VALUE", "0.008"))
    cfg = load_config(path)
    assert cfg.adapters["tavily"].tariff.per_credit == 0.008
