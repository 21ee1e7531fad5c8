"""Configuration that cannot be used (exit 3): missing credentials, a chain with no
configured link, the ml extra absent, ``scout serve`` exposed without a token."""

from __future__ import annotations

from scout.errors.base import EXIT_PROVIDER, ScoutError


class ConfigError(ScoutError):
    """Configuration that cannot be used: missing credentials, bad file modes, bad config."""

    code = "CFG000"
    exit_code = EXIT_PROVIDER


class NoUsableLink(ConfigError):
    """Every link of a phase's chain is a ``name?`` link that is not configured. A step
    that can do without its chain (``uses: images``: first-party photos only) catches it;
    any other phase fails with it like any CFG010."""

    code = "CFG010"


class MLUnavailable(ConfigError):
    """An ML feature (semantic dedup, embedding rank) was asked for without the ml extra."""

    code = "ML001"


class MLBackendError(ConfigError):
    """The configured ml device/dtype cannot run natively here (e.g. bf16 forced on sm_75)."""

    code = "ML002"


class MLModelError(ConfigError):
    """The embedding model could not be found or loaded without a download."""

    code = "ML003"


class UnsafeBind(ConfigError):
    """``scout serve`` on a non-loopback address without a (long enough) API token."""

    code = "CFG020"
