"""The registry of adapter types: each type's name, capability, settings model
(:mod:`scout.config.settings`) and implementation, imported on first use
(:meth:`AdapterType.load`), so ``scout validate`` checks ``config/adapters.yaml`` without
importing httpx, selectolax or yt-dlp.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from scout.config.settings import (AdapterSettings, BraveImagesSettings, BraveSettings, Capability,
                                   DuckDuckGoSettings, ExtractiveSettings, GoogleImagesSettings,
                                   GoogleSettings, OpenAISettings, PageSettings, PerplexitySettings,
                                   SearxngImagesSettings, SearxngSettings, SmtpSettings,
                                   TavilySettings, ThumbnailSettings, TranscriptSettings,
                                   YtDlpSettings)
from scout.suggest import did_you_mean


@dataclass(frozen=True)
class AdapterType:
    name: str
    capability: Capability
    settings: type[AdapterSettings]
    impl: str  # "module:Class", imported on first use
    keyed: bool  # needs a credential to run
    description: str

    def load(self) -> type:
        module, _, attr = self.impl.partition(":")
        return getattr(importlib.import_module(module), attr)


ADAPTER_TYPES: dict[str, AdapterType] = {
    t.name: t
    for t in [
        AdapterType("duckduckgo", "search", DuckDuckGoSettings,
                    "scout.adapters.duckduckgo:DuckDuckGoAdapter", False,
                    "DuckDuckGo lite/html endpoints (keyless)"),
        AdapterType("brave", "search", BraveSettings,
                    "scout.adapters.brave:BraveAdapter", True, "Brave Search web API"),
        AdapterType("tavily", "search", TavilySettings,
                    "scout.adapters.tavily:TavilyAdapter", True, "Tavily /search"),
        AdapterType("google", "search", GoogleSettings,
                    "scout.adapters.google:GoogleAdapter", True,
                    "Google Programmable Search JSON API (closes 2027-01-01)"),
        AdapterType("searxng", "search", SearxngSettings,
                    "scout.adapters.searxng:SearxngAdapter", False, "self-hosted SearxNG"),
        AdapterType("perplexity", "synthesize", PerplexitySettings,
                    "scout.adapters.perplexity:PerplexityAdapter", True,
                    "Perplexity chat completions (sonar)"),
        AdapterType("openai", "synthesize", OpenAISettings,
                    "scout.adapters.openai:OpenAIAdapter", True,
                    "any OpenAI-compatible Chat Completions server (OpenAI, Ollama, "
                    "vLLM, llama.cpp, LM Studio)"),
        AdapterType("extractive", "synthesize", ExtractiveSettings,
                    "scout.adapters.extractive:ExtractiveAdapter", False,
                    "local extractive synthesis (no network)"),
        AdapterType("yt_dlp", "videos", YtDlpSettings,
                    "scout.adapters.yt_dlp:YtDlpAdapter", False, "YouTube search via yt-dlp"),
        AdapterType("youtube_transcripts", "transcripts", TranscriptSettings,
                    "scout.adapters.youtube_transcripts:YouTubeTranscriptAdapter", False,
                    "youtube-transcript-api 1.x"),
        AdapterType("smtp", "email", SmtpSettings,
                    "scout.adapters.smtp:SmtpAdapter", False,
                    "e-mail delivery over SMTP / SMTPS / STARTTLS (smtplib)"),
        AdapterType("brave_images", "images", BraveImagesSettings,
                    "scout.adapters.images:BraveImagesAdapter", True,
                    "Brave Image Search API"),
        AdapterType("google_images", "images", GoogleImagesSettings,
                    "scout.adapters.images:GoogleImagesAdapter", True,
                    "Google Custom Search, searchType=image (closes 2027-01-01)"),
        AdapterType("searxng_images", "images", SearxngImagesSettings,
                    "scout.adapters.images:SearxngImagesAdapter", False,
                    "self-hosted SearxNG, categories=images"),
        AdapterType("thumbnail", "thumbnail", ThumbnailSettings,
                    "scout.adapters.thumbnail:ThumbnailFetcher", False,
                    "image fetch through the page adapter's SSRF guard, re-encoded small "
                    "(Pillow)"),
        AdapterType("page", "fetch", PageSettings,
                    "scout.adapters.page:PageAdapter", False,
                    "page fetch with JSON-LD/OpenGraph extraction and an SSRF guard"),
    ]
}


def adapter_type(name: str) -> AdapterType:
    try:
        return ADAPTER_TYPES[name]
    except KeyError:
        hint = did_you_mean(name, ADAPTER_TYPES, what="adapter types")
        raise KeyError(f"unknown adapter type '{name}'" + (f"; {hint}" if hint else "")) from None


def settings_for(type_name: str, data: dict[str, Any]) -> AdapterSettings:
    return ADAPTER_TYPES[type_name].settings.model_validate(data)
