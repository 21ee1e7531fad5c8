"""Helpers of the integration tests: the shipped config with test chains, journal views.

The integration tests run the REAL providers layer (``ProviderRuntime``, gateways, token
pool, journal) and the REAL adapters against the local fake provider server. The adapter
settings are the shipped ones (``config/adapters.yaml``: rate caps, retries, breaker
cool-downs, tariffs), so a test fails when the shipped defaults and the code disagree;
only the chains are replaced, and the adapters are pointed at the fake server through
``SCOUTE_<ADAPTER>_BASE_URL`` exactly as a deployment would.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from scout.config.loader import load_config
from scout.config.models import Config
from scout.providers.journal import read_journal

ROOT = Path(__file__).resolve().parents[2]
SHIPPED_CONFIG = ROOT / "config" / "adapters.yaml"
SHIPPED_PIPELINE = ROOT / "pipelines" / "hotel_research.yaml"
#: every credential the shipped config can use ("no keys at all" deletes them all)
KEY_VARS = ("TAVILY_API_KEY", "GOOGLE_API_KEY", "GOOGLE_CSE_ID", "BRAVE_API_KEY",
            "PERPLEXITY_API_KEY", "SEARXNG_URL", "SCOUTE_TOKEN_POOL_CONFIG",
            "OPENAI_API_KEY", "SCOUTE_OPENAI_BASE_URL")


def write_config(root: Path, chains: dict[str, list[str]] | None = None,
                 overrides: dict[str, dict[str, Any]] | None = None) -> Config:
    """``root/config/adapters.yaml`` = the shipped adapters (+ overrides) with ``chains``
    (None: the shipped chains)."""
    doc = yaml.safe_load(SHIPPED_CONFIG.read_text(encoding="utf-8"))
    for name, extra in (overrides or {}).items():
        doc["adapters"][name] = {**doc["adapters"][name], **extra}
    if chains is not None:
        doc["chains"] = chains
    path = root / "config" / "adapters.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return load_config(path)


def journal(root: Path, *, with_sent: bool = False) -> list[dict[str, Any]]:
    """The journal lines, read with the providers' own reader; no torn lines allowed.

    ``sent`` lines (one before each paid try) are checked here — every one answered by
    the line that ends its try, none in doubt — and left out unless ``with_sent``, so
    tests read the tries themselves."""
    from scout.providers.in_doubt import SENT, call_id, in_doubt_of

    read = read_journal(root / "runtime")
    assert read.torn == []
    entries = read.entries
    assert in_doubt_of(entries).calls == 0, "a paid try without its answer line"
    sent = [call_id(e) for e in entries if e["result"] == SENT]
    answered = [call_id(e) for e in entries if e["result"] != SENT and call_id(e)]
    assert sorted(sent) == sorted(answered)
    return entries if with_sent else [e for e in entries if e["result"] != SENT]


def steps(entries: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """(adapter, result, error kind, chain.answered_by) per journal line."""
    return [(e["adapter"], e["result"], (e["error"] or {}).get("kind"),
             e["chain"]["answered_by"]) for e in entries]


def find_leaks(values: tuple[str, ...] | list[str], folders: list[Path],
               **texts: str) -> dict[str, list[str]]:
    """Which secret ``values`` appear in any file under ``folders`` or in ``texts``.

    Returns {where: [values found]} for every hit ({} when clean). Asserts that something
    was scanned, so a wrong folder cannot make the scan pass vacuously.
    """
    hits: dict[str, list[str]] = {}
    scanned = 0
    for name, text in texts.items():
        found = [v for v in values if v in text]
        if found:
            hits[name] = found
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                scanned += 1
                data = path.read_bytes().decode("utf-8", "replace")
                found = [v for v in values if v in data]
                if found:
                    hits[str(path)] = found
    assert scanned > 0, f"nothing to scan under {folders}"
    return hits
