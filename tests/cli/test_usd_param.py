"""``--max-cost`` as an operator types a budget (scout.cli.params.UsdParam): a dollar sign,
``USD``, a decimal comma are read; another currency or words are USE001 saying what the
option takes (it said click's "'$5' is not a valid float range")."""

from __future__ import annotations

from pathlib import Path

import click
import pytest

from scout.cli import main
from scout.cli.params import UsdParam
from scout.errors import UsageError

ROOT = Path(__file__).resolve().parent.parent.parent
OPTION = click.Option(["--max-cost"])


@pytest.mark.parametrize("text,usd", [
    ("5", 5.0), ("0.50", 0.5), ("$5", 5.0), ("5$", 5.0), ("5 USD", 5.0), ("usd 2.5", 2.5),
    ("US$ 0.50", 0.5), ("0,50", 0.5), ("0,50 dólares", 0.5), ("1.000", 1.0), ("1,000", 1000.0),
])
def test_an_amount_of_dollars_is_read(text: str, usd: float) -> None:
    assert UsdParam().convert(text, OPTION, None) == usd


@pytest.mark.parametrize("text,hint", [
    ("5€", "convert it to USD"), ("5 EUR", "convert it to USD"), ("five", "e.g. --max-cost 0.50"),
    ("", "the shell reads an unquoted $5 as a variable"),
])
def test_anything_else_says_what_the_option_takes(text: str, hint: str) -> None:
    with pytest.raises(UsageError) as exc:
        UsdParam().convert(text, OPTION, None)
    assert exc.value.message == f"--max-cost {text!r} is not an amount of US dollars"
    assert hint in (exc.value.hint or "")


def test_apply_refuses_a_cap_in_euros_before_any_run(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    runs = tmp_path / "runs"
    code = main(["apply", str(ROOT / "pipelines" / "hotel_research.yaml"), "--query",
                 "hotels in Rome", "--max-cost", "5€", "--runs-dir", str(runs),
                 "--replay", str(tmp_path), "--progress", "none"])
    err = capsys.readouterr().err
    assert code == 2 and "USE001" in err and "not an amount of US dollars" in err, err
    assert "float range" not in err and not runs.exists()
