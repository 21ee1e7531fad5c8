"""Make anything safe to journal, record or print.

* Known secret values (every credential the runtime handed out) are replaced by
  ``[secret:NAME]`` wherever they occur.
* Email addresses and phone numbers are replaced by ``[email]`` / ``[phone]``.
* Free-text request fields (``Request.redact``, e.g. synthesis prompts and evidence) are
  reduced to keywords: lower-cased words of three letters or more, stop words removed,
  first occurrence order, at most :data:`MAX_KEYWORDS`.
"""

from __future__ import annotations

import re
import threading
from urllib.parse import quote, quote_plus
from typing import Any

from pydantic import BaseModel

from scout.providers.contract import Request, Secret

MAX_KEYWORDS = 24

EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
# +CC followed by 8-14 digits with optional separators, or 3+ separated digit groups
PHONE = re.compile(
    r"(?<![\w/=.-])(?:\+\d{1,3}[ .-]?(?:\(?\d{1,4}\)?[ .-]?){2,5}\d{2,4}"
    r"|\(?\d{2,4}\)?[ .-]\d{2,4}[ .-]\d{2,4}(?:[ .-]\d{2,4})?)(?![\w/:.-]*\d)"
)
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")
_WORD = re.compile(r"[^\W\d_]{3,}", re.UNICODE)
STOPWORDS = frozenset(
    """the and for with that this from are was were have has had not but you your our
    their they them his her its who whom what which when where why how all any can
    will would should could into onto over under than then there here about also only
    very more most such some each other per via out off too just been being does did
    doing these those a an of to in on at by or is it as be""".split()
)


def _phone(m: re.Match[str]) -> str:
    text = m.group(0)
    digits = sum(c.isdigit() for c in text)
    if digits < 9 or digits > 15 or _ISO_DATE.match(text):
        return text
    return "[phone]"


def scrub_text(text: str) -> str:
    """Remove emails and phone numbers from a string."""
    if "@" in text:
        text = EMAIL.sub("[email]", text)
    if sum(c.isdigit() for c in text) >= 9:
        text = PHONE.sub(_phone, text)
    return text


def keywords(value: Any, limit: int = MAX_KEYWORDS) -> list[str]:
    """Keywords of any text, list or mapping (values only), for free-text fields."""
    words: list[str] = []
    seen: set[str] = set()

    def walk(v: Any) -> None:
        if len(words) >= limit:
            return
        if isinstance(v, BaseModel):
            v = v.model_dump(mode="json")
        if isinstance(v, str):
            for w in _WORD.findall(scrub_text(v).lower()):
                if w not in STOPWORDS and w not in seen and w not in ("email", "phone"):
                    seen.add(w)
                    words.append(w)
                    if len(words) >= limit:
                        return
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x)

    walk(value)
    return words


class SecretScrubber:
    """Replaces every registered secret value by its name; shared by journal and recorder."""

    def __init__(self) -> None:
        self._values: dict[str, str] = {}
        self._lock = threading.Lock()
        self._pattern: re.Pattern[str] | None = None

    def add(self, secret: Secret) -> None:
        value = secret.reveal()
        if len(value) < 4:  # too short to scrub without mangling ordinary text
            return
        # a value sent in a query string is percent-encoded there ("a:b/c" → "a%3Ab%2Fc"):
        # scrub the encoded spellings too, so a URL in a recording or message is clean
        variants = {value, quote(value, safe=""), quote_plus(value), quote(value)}
        with self._lock:
            fresh = [v for v in variants if v not in self._values]
            if fresh:
                for v in fresh:
                    self._values[v] = secret.name
                self._pattern = re.compile(
                    "|".join(re.escape(v) for v in sorted(self._values, key=len, reverse=True))
                )

    def values(self) -> list[str]:
        return list(self._values)

    def text(self, text: str) -> str:
        pattern = self._pattern
        if pattern is None or not text:
            return text
        return pattern.sub(lambda m: f"[secret:{self._values[m.group(0)]}]", text)

    def bytes(self, data: bytes) -> bytes:
        if self._pattern is None or not data:
            return data
        for value, name in list(self._values.items()):
            data = data.replace(value.encode(), f"[secret:{name}]".encode())
        return data


def scrub(obj: Any, secrets: SecretScrubber | None = None) -> Any:
    """A deep copy of ``obj`` with emails, phones and known secrets scrubbed from strings."""
    if isinstance(obj, str):
        out = scrub_text(obj)
        return secrets.text(out) if secrets else out
    if isinstance(obj, dict):
        return {k: scrub(v, secrets) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [scrub(v, secrets) for v in obj]
    if isinstance(obj, Secret):
        return f"[secret:{obj.name}]"
    return obj


def redact_request(request: Request, secrets: SecretScrubber | None = None) -> dict[str, Any]:
    """The request as journaled: type, fields, free text as keywords only."""
    data = request.model_dump(mode="json")
    for name in request.redact:
        if name in data:
            data[name] = {"keywords": keywords(data[name])}
    out = scrub(data, secrets)
    out = {"type": type(request).__name__, **out}
    return out
