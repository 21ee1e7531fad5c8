"""Extra HTTP headers a chat model's adapter sends, from config, and which header names,
query parameters and URL parts carry a secret (:func:`secret_header`,
:func:`secret_param`, :func:`url_secrets`: the config's checks and the HTTP boundary's
redaction read the same lists).

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

Header names are case-insensitive, so ``X-Title`` and ``x-title`` in one ``headers:`` are
one header written twice (:func:`duplicate_names`: refused). A value read from a variable
holds at most :data:`MAX_VALUE_CHARS` characters (:func:`env_value_problem`, checked by
preflight and again when the call is made): a server answers a longer header line with a
bare 400 or 431 that names nothing, while scout can name the variable.

This module is light (pydantic only): ``scout validate`` reads it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from urllib.parse import parse_qsl, urlsplit

from pydantic import Field

from scout.lazyre import lazy_re
from scout.spec.basics import StrictModel

#: an HTTP header name (RFC 9110 token)
_TOKEN = lazy_re(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
#: words in a header name that say its value is a credential
_SECRET_WORDS = lazy_re(r"key|token|secret|auth|passw|cookie|session|signature|credential",
                        re.I)
#: the longest value a header takes: nginx's default buffer for one header line is 8 KB
#: (``large_client_header_buffers``), the most common limit in front of an API
MAX_VALUE_CHARS = 8000
#: headers scout writes itself: a config value would fight them (the key goes through
#: ``credentials`` and ``key_header``, the user agent through ``user_agent``)
RESERVED = frozenset({"authorization", "content-type", "content-length", "host", "accept",
                      "accept-encoding", "transfer-encoding", "connection", "user-agent"})


#: query parameters that carry credentials somewhere in the wild, as :func:`secret_param`
#: spells them (lower case, "_" for "-": Azure's ``api-key``, APIM's
#: ``Subscription-Key``, a SAS URL's ``sig``); the rule below reads each of them secret
SECRET_PARAMS = frozenset({"key", "api_key", "apikey", "x_api_key", "access_token", "token",
                           "auth", "subscription_token", "subscription_key", "password",
                           "secret", "client_secret", "sig", "signature"})
#: parameter names that carry a credential: these words ending a name anywhere
#: (``accessToken``, ``X-Amz-Security-Token``, ``client_secret``) ...
_SECRET_SUFFIX = lazy_re(r"(?:token|secret|passw(?:or)?d|api_?key|signature|credentials?)$")
#: ... and these only as the whole name or its last part after ``_``/``.`` (``key``,
#: ``auth``, ``sig``, but not ``monkey`` or ``keyword``)
_SECRET_WORD = lazy_re(r"(?:^|[_.])(?:key|auth|sig|pwd|pass|sid|session(?:_?id)?)$")


def secret_param(name: str) -> bool:
    """Whether a query parameter (or a JSON body key) named ``name`` carries a credential.

    One rule for the HTTP boundary's redaction, the config's URL checks, recordings and
    the report's addresses (:func:`scout.report.inert.without_credentials`): the report
    had a wider rule of its own, so a recording, the journal and the cache key kept
    ``?accessToken=``, ``?x-goog-api-key=`` or ``?session_id=`` that a report redacted.
    """
    low = name.strip().lower().replace("-", "_")
    return low in SECRET_PARAMS or bool(_SECRET_SUFFIX.search(low) or _SECRET_WORD.search(low))


def url_secrets(url: str | None) -> list[str]:
    """The credentials a URL carries (its password, its secret query values): a
    ``base_url`` set as ``https://user:pass@host/…?api-key=…`` sends them with every
    call, and a server may echo them anywhere, so they are scrubbed as keys are."""
    if not url:
        return []
    try:
        parts = urlsplit(url.strip())
        found = [parts.password] if parts.password else []
    except ValueError:  # a port that is no number: the URL is refused where it is used
        return []
    return found + [v for k, v in parse_qsl(parts.query, keep_blank_values=True)
                    if v and secret_param(k)]


#: a URL in a line of a file, as far as a space or a quote
_URL_IN_LINE = lazy_re(r"[a-z][a-z0-9+.-]*://[^\s'\"{}]+", re.I)
#: a YAML ``name: value`` on one line (a mapping entry, flow style too): the value up to
#: the next comma or brace, so "{X-Api-Token: abc123, X-Title: t}" shows the title
_PAIR_IN_LINE = lazy_re(r"(?P<name>[!#$%&*+.^_`|~0-9A-Za-z-]+)['\"]?\s*:\s+"
                        r"(?P<value>(?!\{)[^\s,{}]+)")
#: the shortest value taken for a credential in a shown line (``max_tokens: 500`` and
#: ``key_header: api-key`` are settings, not secrets)
_SHOWN_SECRET_CHARS = 8


def masked_line(line: str) -> str:
    """A line of a config file as a problem's excerpt shows it (``scout validate`` prints
    the line under each problem, into terminals and CI logs): what a URL in it carries as
    credentials (:func:`url_secrets`), and the value of a secret-looking name written
    there (:func:`secret_header`: a header's value, a literal token of eight characters or
    more), as ``***``. The problem itself says what is wrong without quoting either."""
    def url(m: re.Match[str]) -> str:
        text = m.group(0)
        for secret in sorted(set(url_secrets(text)), key=len, reverse=True):
            text = text.replace(secret, "***")
        return text

    def pair(m: re.Match[str]) -> str:
        value = m.group("value")
        if secret_header(m.group("name")) and len(value) >= _SHOWN_SECRET_CHARS:
            return m.group(0)[:m.start("value") - m.start(0)] + "***"
        return m.group(0)

    return _PAIR_IN_LINE.sub(pair, _URL_IN_LINE.sub(url, line))


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
        if len(value) > MAX_VALUE_CHARS:
            return (f"header '{name}': its value has {len(value)} characters; a header "
                    f"takes at most {MAX_VALUE_CHARS}")
    return None


def duplicate_names(headers: Mapping[str, HeaderValue]) -> list[tuple[str, str]]:
    """Pairs of names that are one header (names are case-insensitive), in the order
    written (``key_header`` against a header is :func:`header_problem`'s)."""
    seen: dict[str, str] = {}
    pairs: list[tuple[str, str]] = []
    for name in headers:
        first = seen.setdefault(name.lower(), name)
        if first != name:
            pairs.append((first, name))
    return pairs


def env_value_problem(headers: Mapping[str, HeaderValue], env: Mapping[str, str]
                      ) -> tuple[str, int] | None:
    """(the variable, its length) for the first variable whose value no header can carry:
    longer than :data:`MAX_VALUE_CHARS`, or not one line of ASCII (length -1). Its name
    only: the value may be a secret."""
    for value in headers.values():
        if isinstance(value, HeaderFromEnv):
            text = (env.get(value.env) or "").strip()
            if len(text) > MAX_VALUE_CHARS:
                return value.env, len(text)
            if text and not (text.isascii() and text.isprintable()):
                return value.env, -1
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
    one that no header can carry (:func:`env_value_problem`) raises ValueError naming the
    variable, never its value."""
    unsendable = env_value_problem(headers, env)
    if unsendable is not None:
        raise ValueError(unsendable[0])
    out: dict[str, str] = {}
    secrets: list[str] = []
    for name, value in headers.items():
        text = value if isinstance(value, str) else (env.get(value.env) or "").strip()
        if not text:
            continue
        out[name] = text  # a literal value was checked when the config was read
        if isinstance(value, HeaderFromEnv):  # any variable may hold a key (module doc)
            secrets.append(text)
    return out, secrets
