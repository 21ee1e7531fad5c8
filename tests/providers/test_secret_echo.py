"""Echoes of a secret a hostile or careless provider writes back, against the one scrubber
(:class:`scout.adapters.contract.redact.SecretScrubber`) the journal, recordings, errors,
reports and the HTTP API share: every spelling of the value, whole or in part, goes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.adapters.contract import Secret
from scout.adapters.contract.redact import SecretScrubber, scrub_values

KEY = "azk-5c1f0e9a7b3d4e21-Q7ZLmX2c8RkVt"


def _echoes(value: str) -> dict[str, str]:
    half = len(value) // 2
    return {"upper": value.upper(), "lower": value.lower(), "swapped": value.swapcase(),
            "upper piece": value.upper()[3:15], "lower suffix": value.lower()[-10:],
            "upper split": value[:half].upper() + "\n" + value[half:].upper()}


@pytest.mark.parametrize("how", list(_echoes(KEY)))
def test_a_key_echoed_in_another_letter_case_is_scrubbed_whole_or_in_part(how: str) -> None:
    echoed = _echoes(KEY)[how]
    scrubber = SecretScrubber()
    scrubber.add(Secret("AZURE_OPENAI_API_KEY", KEY))
    text = f'{{"error": {{"message": "Access denied for key {echoed}."}}}}'
    out = scrubber.text(text)
    assert "[secret:AZURE_OPENAI_API_KEY]" in out, out
    folded = out.lower()
    assert not any(KEY.lower()[i:i + 8] in folded for i in range(len(KEY) - 7)), out
    assert scrub_values(text, [KEY]).count("REDACTED") >= 1  # the helper for code without one
    assert out.startswith('{"error": {"message": "Access denied for key ')  # the rest kept


def test_ordinary_words_and_a_placeholders_own_name_stay() -> None:
    scrubber = SecretScrubber()
    scrubber.add(Secret("GOOGLE_CSE_ID", "replay-placeholder-GOOGLE_CSE_ID"))
    scrubber.add(Secret("K", KEY))
    text = "Google CSE id google_cse_id: Hotel Arts, 5 stars"
    assert scrubber.text(text) == text


@pytest.mark.parametrize("param", ["api-key", "API_KEY", "Subscription-Key", "x-api-key",
                                   "sig", "key", "access_token"])
def test_a_credential_in_a_query_is_redacted_whatever_its_spelling(param: str) -> None:
    from scout.adapters.contract.http import redact_url, url_secrets

    url = f"https://res.example.net/openai/v1?api-version=2024-10-21&{param}=s3cr3t-Q7ZLmX2c"
    assert "s3cr3t" not in redact_url(url) and "api-version=2024-10-21" in redact_url(url)
    assert url_secrets(url) == ["s3cr3t-Q7ZLmX2c"]


def test_a_urls_password_and_secret_query_values_are_its_secrets() -> None:
    from scout.adapters.contract.http import url_secrets

    assert url_secrets("https://lab:pa55-w0rd@gw.example.net/v1?key=AIzaK3y&q=hotels") == \
        ["pa55-w0rd", "AIzaK3y"]
    assert url_secrets("https://gw.example.net/v1?keywords=hotels") == []
    assert url_secrets("https://gw.example.net:notaport/v1") == []
    assert url_secrets(None) == []


def test_what_the_http_api_and_mcp_print_is_scrubbed_of_header_and_url_secrets(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """:func:`scout.audit.secrets.known_secrets`, the last scrub of every HTTP API and MCP
    answer, knows every variable a model's headers read (an ordinary-looking name too)
    and the credentials in its base_url."""
    from scout.audit.secrets import known_secrets
    from tests.integration.helpers import write_config

    monkeypatch.delenv("SCOUTE_OPENAI_BASE_URL", raising=False)
    write_config(tmp_path, None, {"openai": {
        "base_url": "https://lab:pw-4e21c8RkVt@gw.example.net/v1?api-key=qk-9x8y7z6wQ7",
        "headers": {"X-Org": {"env": "ORG_ID"}, "X-Title": "scout lab"}}})
    org = "org-deadbeef99Zq"
    scrubber = known_secrets(tmp_path, tmp_path / "config" / "adapters.yaml",
                             {"ORG_ID": org})
    said = scrubber.text(f"org {org.upper()}, login pw-4e21c8RkVt, key qk-9x8y7z6wQ7; "
                         "scout lab")
    assert said == ("org [secret:ORG_ID], login [secret:SCOUTE_OPENAI_BASE_URL], "
                    "key [secret:SCOUTE_OPENAI_BASE_URL]; scout lab")
