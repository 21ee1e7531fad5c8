"""Preflight and ``scout doctor`` for the ``openai`` adapter: the key, a local base URL
(``SCOUTE_<NAME>_BASE_URL``) that makes the key optional, or neither (skipped visibly)."""

from __future__ import annotations

from pathlib import Path

from scout.config.settings import OpenAISettings
from scout.providers.doctor import doctor
from scout.i18n.messages import localize
from scout.providers.preflight import check_adapter, credential_hint
from tests.integration.helpers import write_config

KEYED = OpenAISettings(type="openai", base_url="https://api.openai.com/v1",
                       credentials={"env": "OPENAI_API_KEY"})


def no_pools() -> dict:
    raise AssertionError("no pool is configured")


def test_the_key_alone_is_enough() -> None:
    av = check_adapter(KEYED, {"OPENAI_API_KEY": "sk-x"}, no_pools, "openai")
    assert av.ok and av.source == "env"


def test_a_local_base_url_makes_the_key_optional() -> None:
    env = {"SCOUTE_OPENAI_BASE_URL": "http://127.0.0.1:11434/v1"}
    av = check_adapter(KEYED, env, no_pools, "openai")
    assert av.ok and av.source == "none"
    # the variable follows the adapter's name, like every base-URL override
    assert not check_adapter(KEYED, env, no_pools, "ollama").ok
    assert check_adapter(KEYED, {"SCOUTE_OLLAMA_BASE_URL": "http://h:1/v1"}, no_pools,
                         "ollama").ok


def test_neither_is_a_clear_reason_and_hint() -> None:
    av = check_adapter(KEYED, {}, no_pools, "openai")
    assert not av.ok and av.missing_env == ("OPENAI_API_KEY",)
    assert av.reason == "neither OPENAI_API_KEY nor SCOUTE_OPENAI_BASE_URL is set"
    hint = credential_hint("openai", KEYED, av.missing_env, optional=True)
    assert "export OPENAI_API_KEY=..." in hint and "SCOUTE_OPENAI_BASE_URL" in hint


def test_an_adapter_without_credentials_needs_nothing() -> None:
    local = OpenAISettings(type="openai", base_url="http://127.0.0.1:8080/v1")
    av = check_adapter(local, {}, no_pools, "llamacpp")
    assert av.ok and av.source == "none"


def test_doctor_reports_each_case(tmp_path: Path) -> None:
    config = write_config(tmp_path)
    path = tmp_path / "config" / "adapters.yaml"
    assert "openai" in config.adapters

    def line(env: dict[str, str]):
        (check,) = [c for c in doctor(path, tmp_path, env) if c.name == "adapter openai (openai)"]
        return check

    skipped = line({})
    assert skipped.status == "warn" and "neither OPENAI_API_KEY nor SCOUTE_OPENAI_BASE_URL" \
        in skipped.detail
    assert line({"SCOUTE_OPENAI_BASE_URL": "http://127.0.0.1:11434/v1"}).detail == \
        "no credential needed"
    assert line({"OPENAI_API_KEY": "sk-x"}).detail == "credential set"
    chain = [c for c in doctor(path, tmp_path, {"OPENAI_API_KEY": "sk-x"})
             if c.name == "chain synthesis"][0]
    assert chain.detail == "answers with: openai → extractive"


def test_every_skip_reason_of_a_keyless_run_reads_in_spanish() -> None:
    """A keyless run's report lists why each keyed adapter was skipped; in a Spanish
    report none of those reasons may stay English (the openai one once did)."""
    from scout.config.loader import load_config
    from scout.i18n.messages import localize

    root = Path(__file__).resolve().parents[2]
    config = load_config(root / "config" / "adapters.yaml")
    reasons = {}
    for name, settings in config.adapters.items():
        av = check_adapter(settings, {}, lambda: {}, name)
        if not av.ok:
            reasons[name] = av.reason
    assert {"openai", "tavily", "perplexity"} <= set(reasons)
    for name, reason in reasons.items():
        es = localize(reason, "es")
        assert es != reason and "not set" not in es and "neither" not in es, (name, es)


def test_a_header_variable_no_server_would_take_is_named_before_any_call() -> None:
    """A 200 KB variable behind a header got a server's bare 431 that names nothing; a
    line break in it, a failed call: preflight names the variable (never its value)."""
    gateway = OpenAISettings(type="openai", base_url="https://gw.example/v1",
                             headers={"X-Title": "lab", "X-Org": {"env": "ORG_HEADER"}})
    huge = "orgval-SENTINEL-" + "x" * 200_000
    av = check_adapter(gateway, {"ORG_HEADER": huge}, no_pools, "gw")
    assert not av.ok and av.missing_env == ()
    assert av.reason == "ORG_HEADER holds 200016 characters, more than the 8000 an HTTP " \
        "header takes"
    assert localize(av.reason, "es") == "ORG_HEADER tiene 200016 caracteres, más de los " \
        "8000 que admite una cabecera HTTP"
    broken = check_adapter(gateway, {"ORG_HEADER": "org\r\nX-Injected: 1"}, no_pools, "gw")
    assert not broken.ok and "ORG_HEADER" in (broken.reason or "")
    assert "Injected" not in (broken.reason or "")
    assert check_adapter(gateway, {"ORG_HEADER": "o" * 8000}, no_pools, "gw").ok


def test_doctor_names_a_header_variable_too_long_to_send(tmp_path: Path) -> None:
    config = write_config(tmp_path, overrides={"openai": {
        "headers": {"X-Org": {"env": "ORG_HEADER"}}}})
    path = tmp_path / "config" / "adapters.yaml"
    (check,) = [c for c in doctor(path, tmp_path, {"OPENAI_API_KEY": "sk-x",
                                                   "ORG_HEADER": "o" * 9000})
                if c.name == "adapter openai (openai)"]
    assert "ORG_HEADER holds 9000 characters" in check.detail and check.status != "ok"
    assert check.hint is None  # no 'export OPENAI_API_KEY=...': both are set
    assert "openai" in config.adapters
