"""Extra HTTP headers a chat model's adapter sends, from config, and which header names
carry a secret.

``headers:`` maps a header name to a literal value or ``{env: NAME}`` (read from the
environment when the call is made): OpenRouter's optional ``HTTP-Referer`` / ``X-Title``,
a gateway's own routing or tenant header. ``key_header:`` names the header the adapter's
key goes in, bare, instead of ``Authorization: Bearer …`` (Azure OpenAI's deployment
URLs take ``api-key``).

A header whose name looks like it carries a secret (:func:`secret_header`: ``api-key``,
``X-Auth-Token``, ``Cookie``…) must take its value from the environment, never the config
file (which is committed and shown); the header is never written into a recording
(:mod:`scout.providers.record`). Every variable a header reads is scrubbed like a key from
the journal, recordings, errors and answers (``secret_env``), whatever the header's name:
``X-Org: {env: OPENAI_API_KEY}`` sends a key under a name nobody could call secret, and
a value that is not secret needs no variable (it is written in the file as it is).

This module is light (pydantic only): ``scout validate`` reads it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from pydantic import Field

from scout.spec.basics import StrictModel

#: an HTTP header name (RFC 9110 token)
_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
#: words in a header name that say its value is a credential
_SECRET_WORDS = re.compile(r"key|token|secret|auth|passw|cookie|session|signature|credential",
                           re.I)
#: headers scout writes itself: a config value would fight them (the key goes through
#: ``credentials`` and ``key_header``, the user agent through ``user_agent``)
RESERVED = frozenset({"authorization", "content-type", "content-length", "host", "accept",
                      "accept-encoding", "transfer-encoding", "connection", "user-agent"})


class HeaderFromEnv(StrictModel):
    """A header value read from an environment variable when the call is made."""

    env: str = Field(pattern=r"^[A-Z_][A-Z0-9_]*$")


HeaderValue = str | HeaderFromEnv


def secret_header(name: str) -> bool:
    """Whether a header's name says its value is a credential (redacted wherever shown)."""
    return bool(_SECRET_WORDS.search(name))


def header_problem(name: str, value: HeaderValue, key_header: str | None) -> str | None:
    """Why a configured header cannot be sent as written, or None."""
    if not _TOKEN.fullmatch(name):
        return f"header name '{name}' is not an HTTP header name (letters, digits and '-')"
    if name.lower() in RESERVED:
        return (f"header '{name}' is set by scout itself: the key goes in credentials "
                f"(and key_header), the user agent in user_agent")
    if key_header is not None and name.lower() == key_header.lower():
        return f"header '{name}' is key_header's: the key goes in credentials"
    if isinstance(value, str):
        if secret_header(name):
            return (f"header '{name}' looks like a secret: write its value as "
                    f"{{env: VARIABLE}} and export that variable, never in the config file")
        if not (value.isascii() and value.isprintable()):
            return (f"header '{name}': its value is sent as an HTTP header: one line of "
                    f"ASCII characters, no line break, control character or accent")
    return None


def key_header_problem(key_header: str) -> str | None:
    """Why ``key_header`` cannot carry the key, or None."""
    if not _TOKEN.fullmatch(key_header):
        return f"key_header '{key_header}' is not an HTTP header name (letters, digits and '-')"
    if key_header.lower() in RESERVED - {"authorization"}:
        return f"key_header '{key_header}' is a header scout sets itself"
    return None


def header_env(headers: Mapping[str, HeaderValue]) -> list[str]:
    """The variables the headers read: each needed as a key is, and scrubbed as one."""
    return [v.env for v in headers.values() if isinstance(v, HeaderFromEnv)]


def resolve_headers(headers: Mapping[str, HeaderValue], env: Mapping[str, str]
                    ) -> tuple[dict[str, str], list[str]]:
    """(the headers to send, the values read from the environment, to scrub from errors).
    A variable that is unset or empty leaves its header out (preflight names it first);
    one that no header can carry raises ValueError naming the variable, never its value."""
    out: dict[str, str] = {}
    secrets: list[str] = []
    for name, value in headers.items():
        text = value if isinstance(value, str) else (env.get(value.env) or "").strip()
        if not text:
            continue
        if not (text.isascii() and text.isprintable()):
            raise ValueError(value.env if isinstance(value, HeaderFromEnv) else name)
        out[name] = text
        if isinstance(value, HeaderFromEnv):  # any variable may hold a key (module doc)
            secrets.append(text)
    return out, secrets
