"""JSON nested deeper than Python's parser goes, wherever someone else's text is read as
JSON: ``json.loads`` raises RecursionError there, not ValueError, and a reader that
caught only ValueError crashed (an internal error) where it meant to treat the text as
not JSON. Each reader here gets the text that broke it."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.orchestrator.lease import _parse
from scout.providers.record import Exchanges
from scout.spec.models import InputSpec
from scout.task.structured import unfielded

# a request the parser keeps whole (under its 2,000 characters) that reads as a JSON
# object; and a body thousands deep, as a hostile provider may send
DEEP_QUERY = '{"a":' + "[" * 990 + "]" * 990 + "}"
DEEP_BODY = b'{"a":' + b"[" * 100_000 + b"]" * 100_000 + b"}"


def test_a_request_of_brackets_is_read_as_text() -> None:
    inputs = {"destination": InputSpec(type="place", required=True)}
    assert unfielded(DEEP_QUERY, inputs, "en") == DEEP_QUERY
    # a JSON object an agent writes is still read as fields
    assert unfielded('{"city": "Lyon", "budget": "40 EUR"}', inputs, "en") == \
        "in Lyon. budget 40 EUR"


@pytest.mark.parametrize("depth", [900, 100_000])
def test_a_recorded_body_nested_past_the_parser_is_kept_as_text(tmp_path: Path,
                                                                 depth: int) -> None:
    # 900 parses, then walking it for secrets recurses past the stack; 100,000 fails to parse
    body = b"[" * depth + b"]" * depth
    assert Exchanges(tmp_path).clean_body(body, "application/json") == body.decode()


def test_a_lease_value_nested_past_the_parser_is_no_lease() -> None:
    assert _parse(DEEP_BODY) == {}
    assert _parse(b'{"owner": "w1"}') == {"owner": "w1"}


def test_a_cached_filter_call_nested_past_the_parser_is_not_checked() -> None:
    # the fact cache is untrusted: a malformed entry is "not such a call", never an error
    from scout.spec.filtercall import decode_call

    assert decode_call(DEEP_BODY.decode()) is None
    assert decode_call('{"args": [["c", 2]], "kwargs": {}, "dynamic": false}') == ([2], {}, False)
