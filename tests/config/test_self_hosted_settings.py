"""The self-hosted adapters (SearxNG's web and image search) share one settings base:
their URL is the credential, read from the variable ``url_env`` names unless the config
gives a ``base_url``; SCOUTE_<NAME>_BASE_URL still overrides both."""

from __future__ import annotations

import pytest

from scout.config.settings import SearxngImagesSettings, SearxngSettings, SelfHostedSettings
from scout.config.adaptertypes import ADAPTER_TYPES


@pytest.mark.parametrize("cls", [SearxngSettings, SearxngImagesSettings])
def test_the_url_from_the_environment_is_the_credential(
        cls: type[SelfHostedSettings], monkeypatch: pytest.MonkeyPatch) -> None:
    name = "my_searx"
    monkeypatch.delenv("SCOUTE_MY_SEARX_BASE_URL", raising=False)
    monkeypatch.delenv("MY_SEARX_URL", raising=False)
    s = cls(type="searxng", url_env="MY_SEARX_URL")
    assert s.required_env() == ["MY_SEARX_URL"] and s.resolved_base_url(name) is None
    monkeypatch.setenv("MY_SEARX_URL", "http://127.0.0.1:8888")
    assert s.resolved_base_url(name) == "http://127.0.0.1:8888"
    monkeypatch.setenv("SCOUTE_MY_SEARX_BASE_URL", "http://127.0.0.1:9999")
    assert s.resolved_base_url(name) == "http://127.0.0.1:9999"  # the override wins
    configured = cls(type="searxng", base_url="http://127.0.0.1:7777")
    assert configured.required_env() == []  # a configured URL needs no variable
    assert cls(type="searxng").url_env == "SEARXNG_URL"


def test_both_searxng_types_use_the_shared_base_and_keep_their_fields() -> None:
    assert ADAPTER_TYPES["searxng"].settings is SearxngSettings
    assert ADAPTER_TYPES["searxng_images"].settings is SearxngImagesSettings
    web = set(SearxngSettings.model_fields)
    images = set(SearxngImagesSettings.model_fields)
    assert {"url_env", "engines", "max_chars"} <= web and "max_results" not in web
    assert {"url_env", "engines", "max_results"} <= images and "max_chars" not in images
    assert SearxngImagesSettings(type="searxng_images").max_results == 20
    with pytest.raises(ValueError):
        SearxngImagesSettings(type="searxng_images", max_results=101)
