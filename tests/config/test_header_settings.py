"""Config values sent as header lines are one line of what a header can carry: a
``user_agent`` or an e-mail ``from`` with a line break (which could add a header or a
recipient), a control character or a non-ASCII letter is a located error in the config,
never a failure of every call ("connection failed", a bare UnicodeEncodeError)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.config.loader import load_config
from scout.errors import SpecInvalid

CONFIG = """\
apiVersion: scout/v1
kind: Config
adapters:
  searxng: {type: searxng, user_agent: USER_AGENT}
  smtp: {type: smtp, from: SENDER}
"""


@pytest.mark.parametrize(("user_agent", "sender", "field"), [
    ('"scout\\r\\nX-Injected: 1"', "lab@example.org", "user_agent"),
    ('"scout\\u0000"', "lab@example.org", "user_agent"),
    ("scoutñ/1", "lab@example.org", "user_agent"),
    ("scout/1", '"lab@example.org\\r\\nBcc: evil@x.test"', "'from'"),
    ("scout/1", '"lab@example.org\\nRCPT TO:<evil@x.test>"', "'from'"),
])
def test_a_header_value_on_more_than_one_line_is_a_located_error(
        tmp_path: Path, user_agent: str, sender: str, field: str) -> None:
    path = tmp_path / "adapters.yaml"
    path.write_text(CONFIG.replace("USER_AGENT", user_agent).replace("SENDER", sender),
                    encoding="utf-8")
    with pytest.raises(SpecInvalid) as info:
        load_config(path)
    (problem,) = info.value.problems
    assert problem.location.line in (4, 5) and field in problem.message


def test_ordinary_header_values_load(tmp_path: Path) -> None:
    path = tmp_path / "adapters.yaml"
    path.write_text(CONFIG.replace("USER_AGENT", '"scout/1.0 (+https://lab.example)"')
                    .replace("SENDER", '"Laboratório <lab@example.org>"'), encoding="utf-8")
    cfg = load_config(path)
    assert cfg.adapters["searxng"].user_agent == "scout/1.0 (+https://lab.example)"
