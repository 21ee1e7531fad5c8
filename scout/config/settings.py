"""Settings models of every adapter type (their registry: :mod:`scout.config.adaptertypes`).

This module is deliberately light (pydantic only): ``scout validate`` checks
``config/adapters.yaml`` against these models without importing httpx, selectolax or
yt-dlp. Implementations are imported lazily through ``AdapterType.impl``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from scout.config.baseurl import AZURE_VERSION_PROBLEM, azure_without_version, base_url_problem
from scout.config.headers import HeaderValue, duplicate_names, env_value_problem, \
    header_env, header_problem, key_header_problem
from scout.spec.basics import Backoff, Duration, RetryPolicy, StrictModel, new_dict, new_list

Capability = Literal["search", "videos", "transcripts", "synthesize", "fetch", "email",
                     "images", "thumbnail"]


class RateCap(StrictModel):
    """Token bucket applied before each request: ``per_minute`` refill, ``burst`` capacity."""

    per_minute: float = Field(gt=0, le=100000)
    burst: int = Field(default=1, ge=1, le=10000)


class Tariff(StrictModel):
    """What one call costs, in USD. Cost = usage x tariff (see docs/providers.md)."""

    per_request: float = Field(default=0.0, ge=0)
    per_credit: float = Field(default=0.0, ge=0)
    per_1k_input_tokens: float = Field(default=0.0, ge=0)
    per_1k_output_tokens: float = Field(default=0.0, ge=0)
    as_of: str | None = Field(default=None, description="date of the published price")
    source: str | None = Field(default=None, description="where the price was read")


class Credentials(StrictModel):
    """Where a keyed adapter finds its secret: one environment variable or a token pool."""

    env: str | None = Field(default=None, pattern=r"^[A-Z_][A-Z0-9_]*$")
    pool: str | None = Field(default=None, description="pool name in token_pool_config.json")

    @model_validator(mode="after")
    def _one(self) -> "Credentials":
        if (self.env is None) == (self.pool is None):
            raise ValueError("set exactly one of 'env' or 'pool'")
        return self


class AdapterSettings(StrictModel):
    """Settings shared by every adapter type."""

    type: str
    base_url: str | None = None
    timeout: Duration = 20.0
    rate: RateCap | None = None
    retry: RetryPolicy = Field(default_factory=lambda: RetryPolicy(attempts=3))
    retry_after_max: Duration = Field(default=60.0, description="cap on a Retry-After wait")
    cache_ttl: Duration = Field(default=86400.0, description="0s disables caching")
    breaker_cooldown: Duration = Field(
        default=300.0, description="skip the adapter this long after it is rate limited"
    )
    tariff: Tariff = Field(default_factory=lambda: Tariff())  # not the class (scout.spec.basics.new_list)
    credentials: Credentials | None = None
    user_agent: str | None = None

    @field_validator("base_url")
    @classmethod
    def _an_apis_address(cls, value: str | None) -> str | None:
        why = None if value is None else base_url_problem(value)
        if why is not None:
            raise ValueError(why)
        return value

    @model_validator(mode="after")
    def _sendable_user_agent(self) -> "AdapterSettings":
        # a header value: a line break or a non-ASCII character in it failed every call
        # of the adapter, as "connection failed" or a bare UnicodeEncodeError
        if self.user_agent is not None and not (
                self.user_agent.isascii() and self.user_agent.isprintable()):
            raise ValueError("'user_agent' is sent as an HTTP header: one line of ASCII "
                             "characters, no line break, control character or accent")
        return self

    def required_env(self) -> list[str]:
        """Environment variables this adapter cannot run without (for preflight)."""
        return [self.credentials.env] if self.credentials and self.credentials.env else []

    def secret_env(self) -> list[str]:
        """Variables whose values are sent to the provider and must stay out of recordings
        and the journal (scrubbed like keys); a replay gets placeholders for them."""
        return [self.credentials.env] if self.credentials and self.credentials.env else []

    def resolved_base_url(self, name: str) -> str | None:
        """``SCOUTE_<NAME>_BASE_URL`` overrides the configured base URL."""
        env = os.environ.get(base_url_env(name))
        return env or self.base_url

    def url_variables(self, name: str) -> list[str]:
        """The variables whose value becomes this adapter's base URL, first read first."""
        return [base_url_env(name)]

    def env_url_problem(self, name: str, env: Mapping[str, str]) -> str | None:
        """Why the base URL a variable in ``env`` gives adapter ``name`` can be no
        provider's API, naming the variable (never its value, which may hold a key), or
        None. The address rules are a config file's base_url's (SPEC012): a variable set
        by a CI job, a container or a ``.env`` shipped with a project would otherwise
        send the adapter's requests, its key included, to a cloud metadata address, and
        a ``file://`` URL failed every call as "connection failed"."""
        for var in self.url_variables(name):
            value = env.get(var)
            if not value:
                continue
            why = base_url_problem(value)
            return None if why is None else f"{var} {why}"
        return None

    def env_problem(self, env: Mapping[str, str]) -> tuple[str, int] | None:
        """(a variable, its length; -1: not one line of ASCII) whose value this adapter
        cannot send (a header's longer than scout.config.headers.MAX_VALUE_CHARS), for
        preflight to name before a call fails; None when every value can be sent."""
        return None

    def keyless_env(self, name: str) -> str | None:
        """A variable that, when set, makes this adapter usable without its key (a local
        server needs none); None for adapters that always need their credentials."""
        return None


def base_url_env(name: str) -> str:
    """The variable that overrides an adapter's base URL: ``SCOUTE_<NAME>_BASE_URL``."""
    return f"SCOUTE_{name.upper()}_BASE_URL"


class DuckDuckGoSettings(AdapterSettings):
    mode: Literal["lite", "html"] = "lite"
    region: str | None = Field(default=None, description="kl parameter, e.g. es-es")
    max_chars: int = Field(default=400, ge=20, le=5000)


class BraveSettings(AdapterSettings):
    country: str | None = None
    max_chars: int = Field(default=400, ge=20, le=5000)


class TavilySettings(AdapterSettings):
    search_depth: Literal["basic", "advanced"] = "basic"
    include_answer: bool = False
    include_usage: bool = True
    max_chars: int = Field(default=400, ge=20, le=5000)


class GoogleSettings(AdapterSettings):
    cx_env: str = Field(default="GOOGLE_CSE_ID", pattern=r"^[A-Z_][A-Z0-9_]*$")
    max_chars: int = Field(default=400, ge=20, le=5000)

    def required_env(self) -> list[str]:
        return super().required_env() + [self.cx_env]

    def secret_env(self) -> list[str]:
        # the engine id travels in the query string next to the key: a recording made
        # with one cx must replay with none (or another), so it is scrubbed like the key
        return super().secret_env() + [self.cx_env]


class SelfHostedSettings(AdapterSettings):
    """An adapter for a server the user runs (SearxNG): without a ``base_url`` in the
    config, its URL is read from the variable ``url_env`` names, and that URL is the
    credential that makes the adapter usable."""

    url_env: str = Field(default="SEARXNG_URL", pattern=r"^[A-Z_][A-Z0-9_]*$")

    def required_env(self) -> list[str]:
        return [] if self.base_url else [self.url_env]

    def resolved_base_url(self, name: str) -> str | None:
        return super().resolved_base_url(name) or os.environ.get(self.url_env)

    def url_variables(self, name: str) -> list[str]:
        return super().url_variables(name) + ([] if self.base_url else [self.url_env])


class SearxngSettings(SelfHostedSettings):
    max_chars: int = Field(default=400, ge=20, le=5000)
    engines: list[str] | None = None


class PerplexitySettings(AdapterSettings):
    """Perplexity's own API: the key as a Bearer credential, no other header. A gateway in
    front of Sonar (OpenRouter's ``perplexity/sonar``), or one that wants its own headers,
    is an ``openai`` link, which takes ``headers`` and ``key_header``."""

    model: str = "sonar"
    search_context_size: Literal["low", "medium", "high"] = "low"
    context_budget_chars: int = Field(default=12000, ge=500, le=500000)
    max_tokens: int = Field(default=800, ge=16, le=32000)

    @model_validator(mode="before")
    @classmethod
    def _no_headers(cls, data: Any) -> Any:
        said = [k for k in ("headers", "key_header") if isinstance(data, dict) and k in data]
        if said:  # "unknown key" would not say where such a setting goes
            raise ValueError(f"{' and '.join(said)}: the perplexity type calls Perplexity's "
                             f"own API, which takes the key as Bearer and no other header; "
                             f"for a gateway in front of Sonar, or headers of your own, use "
                             f"type: openai (base_url, model: perplexity/sonar on OpenRouter)")
        return data


class OpenAISettings(AdapterSettings):
    """Any server speaking the Chat Completions API: OpenAI, Ollama, vLLM, llama.cpp's
    server, LM Studio… ``base_url`` ends where ``/chat/completions`` is appended (…/v1)."""

    model: str = "gpt-4o-mini"
    context_budget_chars: int = Field(default=12000, ge=500, le=500000)
    max_tokens: int | None = Field(default=800, ge=16, le=128000,
                                   description="answer length cap; null sends none")
    max_tokens_param: Literal["max_tokens", "max_completion_tokens"] = Field(
        default="max_tokens", description="OpenAI's reasoning models (o-series, gpt-5) "
        "take max_completion_tokens; local servers take max_tokens")
    temperature: float | None = Field(default=None, ge=0, le=2,
                                      description="null leaves the server's default")
    timeout: Duration = 60.0
    key_header: str | None = Field(
        default=None, description="the header the key goes in, bare, instead of "
        "'Authorization: Bearer' (Azure OpenAI deployment URLs: api-key)")
    headers: dict[str, HeaderValue] = Field(
        default_factory=new_dict, description="extra headers sent with every call, each a "
        "value or {env: VARIABLE} (OpenRouter: HTTP-Referer, X-Title)")

    @model_validator(mode="after")
    def _sendable(self) -> "OpenAISettings":
        problems = [key_header_problem(self.key_header)] if self.key_header else []
        problems += [header_problem(k, v, self.key_header) for k, v in self.headers.items()]
        problems += [f"headers '{a}' and '{b}' are one header (header names ignore letter "
                     f"case): keep one" for a, b in duplicate_names(self.headers)]
        if self.key_header and self.credentials is None:
            problems.append("key_header names where the key goes, but there is no key: "
                            "add credentials: {env: VARIABLE}")
        if self.base_url and azure_without_version(self.base_url):
            problems.append(AZURE_VERSION_PROBLEM)
        said = [p for p in problems if p]
        if said:
            raise ValueError("; ".join(said))
        return self

    def required_env(self) -> list[str]:
        return super().required_env() + header_env(self.headers)

    def secret_env(self) -> list[str]:
        return super().secret_env() + header_env(self.headers)

    def env_problem(self, env: Mapping[str, str]) -> tuple[str, int] | None:
        return env_value_problem(self.headers, env)

    def keyless_env(self, name: str) -> str | None:
        # pointing the adapter at a local server (SCOUTE_OPENAI_BASE_URL) is enough: the
        # key, when also set, is still sent (vLLM and LM Studio can require one)
        return base_url_env(name) if self.credentials and self.credentials.env else None


class YtDlpSettings(AdapterSettings):
    max_results: int = Field(default=10, ge=1, le=100)


class TranscriptSettings(AdapterSettings):
    languages: list[str] = Field(default_factory=lambda: ["en"])
    translate_to: str | None = Field(default=None, description="translate when not available")
    proxy: str | None = Field(default=None, description="HTTP(S) proxy URL for the library")


class PageSettings(AdapterSettings):
    max_bytes: int = Field(default=2_000_000, ge=1024, le=50_000_000)
    max_redirects: int = Field(default=5, ge=0, le=20)
    content_types: list[str] = Field(
        default_factory=lambda: ["text/html", "application/xhtml+xml"]
    )
    allow_hosts: list[str] = Field(
        default_factory=new_list, description="SSRF allowlist: hosts/IPs allowed although private"
    )
    max_text_chars: int = Field(default=20000, ge=100, le=2_000_000)


class ThumbnailSettings(PageSettings):
    """The ``thumbnail`` adapter: the page adapter's SSRF guard and redirect checks, for
    images. The answer is decoded (Pillow) and re-encoded small, so what reaches the run
    dir is a JPEG/PNG scout wrote, never the bytes a host sent."""

    max_bytes: int = Field(default=5_000_000, ge=1024, le=50_000_000,
                           description="largest image read; a bigger one is refused")
    content_types: list[str] = Field(
        default_factory=lambda: ["image/jpeg", "image/png", "image/webp", "image/gif"])
    max_side: int = Field(default=320, ge=32, le=1024,
                          description="longest side of the re-encoded thumbnail (pixels)")
    max_pixels: int = Field(default=40_000_000, ge=10_000, le=200_000_000,
                            description="decoded size refused above this (decompression bombs)")
    quality: int = Field(default=80, ge=30, le=95, description="JPEG quality")


class ImageSearchSettings(AdapterSettings):
    """Shared by the keyed image-search adapters (Brave, Google): the most photos kept per
    answer (SearxNG's images adapter is self-hosted and declares its own)."""

    max_results: int = Field(default=20, ge=1, le=100)


class BraveImagesSettings(ImageSearchSettings):
    country: str | None = None
    safesearch: Literal["off", "strict"] = "strict"


class GoogleImagesSettings(ImageSearchSettings):
    cx_env: str = Field(default="GOOGLE_CSE_ID", pattern=r"^[A-Z_][A-Z0-9_]*$")
    safe: Literal["off", "active"] = "active"

    def required_env(self) -> list[str]:
        return super().required_env() + [self.cx_env]

    def secret_env(self) -> list[str]:
        return super().secret_env() + [self.cx_env]  # travels in the query string


class SearxngImagesSettings(SelfHostedSettings):
    # self-hosted first (one base, no mixin); the photo cap of the image-search adapters
    max_results: int = Field(default=20, ge=1, le=100)
    engines: list[str] | None = None


class ExtractiveSettings(AdapterSettings):
    max_sentences: int = Field(default=8, ge=1, le=100,
                               description="most evidence sentences quoted per candidate")
    max_pros: int = Field(default=3, ge=0, le=20, description="pros quoted per candidate")
    max_cons: int = Field(default=3, ge=0, le=20, description="cons quoted per candidate")
    near_budget: float = Field(default=0.15, ge=0, le=1,
                               description="over budget by at most this fraction: a near miss")
    near_rating: float = Field(default=0.5, ge=0, le=10,
                               description="under the minimum rating by at most this: a near miss")
    stale_days: int = Field(default=365, ge=1,
                            description="dated evidence older than this is called out of date")
    cache_ttl: Duration = 0.0


class SmtpSettings(AdapterSettings):
    """Mail delivery over SMTP (``uses: email``). The server, login and TLS mode come from
    one URL in the environment, ``smtp://user:pass@host:587?starttls=true`` or
    ``smtps://user:pass@host:465`` (docs/adapters_media.md); the whole value is treated
    as a secret."""

    url_env: str = Field(default="SCOUTE_SMTP_URL", pattern=r"^[A-Z_][A-Z0-9_]*$")
    sender: str | None = Field(default=None, alias="from",
                               description="From: address (default: the URL's user)")
    ca_file: str | None = Field(default=None, description="CA bundle for a private "
                                "server's certificate (default: the system's)")
    max_bytes: int = Field(default=20_000_000, ge=1024, le=100_000_000,
                           description="largest message sent, attachments included")
    cache_ttl: Duration = 0.0  # a delivery is a side effect: never answered from cache

    @model_validator(mode="after")
    def _one_line_sender(self) -> "SmtpSettings":
        # a header or an SMTP command written with a line break in it could add
        # recipients (Python refuses it too, but only mid-send, as a ValueError)
        if self.sender is not None and any(c < " " or c == "\x7f" for c in self.sender):
            raise ValueError("'from' must be one address on one line, with no line break "
                             "or control character in it")
        return self

    def required_env(self) -> list[str]:
        return [self.url_env]

    def secret_env(self) -> list[str]:
        return [self.url_env]

    def url_variables(self, name: str) -> list[str]:
        return []  # its server is url_env's smtp:// URL, checked by scout.adapters.smtp


def build_shared_models() -> None:
    """Build the models every adapter's settings embed before the first adapter's: each
    adapter type's schema then reuses them instead of generating them again (a config of
    16 adapter types generated RateCap and Credentials 16 times each; benchmarks/cli.py).
    The same models are built either way, only once."""
    for model in (Backoff, RetryPolicy, RateCap, Credentials, Tariff):
        model.model_rebuild()
