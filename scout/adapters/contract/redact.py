"""Make anything safe to journal, record or print.

* Known secret values (every credential the runtime handed out) are replaced by
  ``[secret:NAME]`` wherever they occur.
* Email addresses and phone numbers are replaced by ``[email]`` / ``[phone]``.
* Free-text request fields (``Request.redact``, e.g. synthesis prompts and evidence, and
  ``Request.free_fields``, e.g. a search query rendered from the user's own words) are
  reduced to keywords: lower-cased words of three letters or more (no digits), English
  and Spanish stop words removed, first occurrence order, at most :data:`MAX_KEYWORDS`.
* Secret values are matched in every spelling a provider may echo them in (raw,
  percent-encoded, JSON- and HTML-escaped, base64, e.g. in a Basic-auth header), in
  either letter case (a server that upper-cases what it echoes still shows the key).
"""

from __future__ import annotations

import re
import string
import threading
from functools import lru_cache
from typing import Any

from pydantic import BaseModel

from scout.adapters.contract import Request, Secret

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
    doing these those a an of to in on at by or is it as be
    los las del con por para una uno unos unas que como más mas pero sus les este esta
    estos estas ese esa eso esos esas ser son fue era muy sin sobre entre hasta desde
    donde cuando también tambien nos mis tus hay está esta están estan sea ver cada
    todo toda todos todas otro otra otros otras porque qué cuál cual quien quién
    the de el la en y o un al lo se su le ya""".split()
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


# --- secret values in every spelling -------------------------------------------------

_NAMED = {"&": ("&amp;",), "<": ("&lt;",), ">": ("&gt;",), '"': ("&quot;",),
          "'": ("&apos;", "&#39;")}
_JSON_SHORT = {'"': '\\"', "\\": "\\\\", "/": "\\/", "\b": "\\b", "\f": "\\f",
               "\n": "\\n", "\r": "\\r", "\t": "\\t"}
#: shortest value scrubbed (a shorter one would mangle ordinary text)
MIN_SECRET = 4
#: the shortest piece of a secret replaced on its own, wherever it appears
FRAGMENT = 8
#: shortest run of base64 characters replaced (shorter ones match ordinary words)
MIN_B64 = 8


def _hex(n: int, width: int) -> str:
    """A hexadecimal number matching either case (``%2f`` and ``%2F``)."""
    return "".join(f"[{d.lower()}{d.upper()}]" if d.isalpha() else d
                   for d in f"{n:0{width}x}")


def _char_pattern(c: str) -> str:
    """Every way one character of a secret is written by the encoders providers use:
    itself, percent-encoded (UTF-8 bytes, either hex case; ``+`` for a space),
    JSON-escaped (``\\uXXXX`` either case, surrogate pairs, the short escapes), and HTML
    character references."""
    if c.isascii() and c.isalnum():  # no encoder in use rewrites a letter or digit
        return c
    forms = [re.escape(c)]
    # %25 repeated: a value percent-encoded twice (a URL inside a URL)
    forms.append("".join("%(?:25)*" + _hex(b, 2) for b in c.encode("utf-8")))
    cp = ord(c)
    # one or more backslashes: JSON inside JSON escapes its escapes again
    if cp > 0xFFFF:
        hi, lo = 0xD800 + ((cp - 0x10000) >> 10), 0xDC00 + ((cp - 0x10000) & 0x3FF)
        forms.append(f"\\\\+u{_hex(hi, 4)}\\\\+u{_hex(lo, 4)}")
    else:
        forms.append(f"\\\\+u{_hex(cp, 4)}")
    if c in _JSON_SHORT:
        forms.append("\\\\+" + re.escape(_JSON_SHORT[c][1:]) if c != "\\" else "\\\\+")
    if c == " ":
        forms.append(r"\+")
    forms.append(f"&#0*{cp};")
    forms.append(f"&#[xX]0*{_hex(cp, 1)};")
    forms.extend(re.escape(f) for f in _NAMED.get(c, ()))
    return "(?:" + "|".join(forms) + ")"


def _base64_cores(value: str) -> list[str]:
    """Runs of base64 text that appear wherever ``value`` is base64-encoded inside a
    longer text (``user:key`` in a Basic-auth header) or alone: one per alignment of the
    value in the 3-byte groups, standard and URL-safe alphabets, padding dropped."""
    import base64

    raw = value.encode("utf-8")
    out: set[str] = set()
    for skip in range(3):
        body = raw[skip:]
        body = body[: len(body) - len(body) % 3]
        if not body:
            continue
        for enc in (base64.b64encode, base64.urlsafe_b64encode):
            core = enc(body).decode()
            if len(core) >= MIN_B64:
                out.add(core)
    # the value alone, padded, ends in a partial group: its full encoding too
    for enc in (base64.b64encode, base64.urlsafe_b64encode):
        whole = enc(raw).decode().rstrip("=")
        if len(whole) >= MIN_B64:
            out.add(whole)
    return sorted(out, key=len, reverse=True)


def secret_pattern(value: str) -> str:
    """A regular expression matching ``value`` in any of the spellings a provider may
    echo it in: raw, percent-encoded, JSON-escaped, HTML-escaped (mixed freely, one
    character at a time) or base64-encoded."""
    spelled = "".join(_char_pattern(c) for c in value)
    return "|".join([spelled, *(re.escape(c) for c in _base64_cores(value))])


_ALNUM_RUN = re.compile(r"[A-Za-z0-9]{3,}")
#: ASCII letters lower-cased, nothing else: a folded text keeps its length, so a position
#: found in it is the same position in the text
_FOLD = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def _fold(text: str) -> str:
    return text.translate(_FOLD)


class _Matcher:
    """One secret: its pattern, and literal anchors that every match contains (the
    longest run of letters and digits, which no encoding rewrites, or one of the base64
    runs), so texts that hold none of them (nearly all) skip the regular expression."""

    def __init__(self, name: str, value: str) -> None:
        self.name = name
        # any letter case: an upper-cased echo of a key is the key to anyone who reads it
        self.pattern = re.compile(secret_pattern(value), re.IGNORECASE)
        #: the value folded: pieces are looked for in a folded text
        self.value = _fold(value)
        # pieces that spell the secret's (public) name are not secret: a placeholder
        # value such as "replay-placeholder-GOOGLE_CSE_ID" shares them with its mark
        grams = {self.value[i:i + FRAGMENT] for i in range(len(value) - FRAGMENT + 1)}
        grams = {g for g in grams if g not in _fold(name)}
        self.grams = re.compile("|".join(sorted(re.escape(g) for g in grams))) \
            if grams and "://" not in value else None
        # (a URL-shaped secret, e.g. an SMTP URL, holds host and user names that are
        # ordinary text elsewhere: it is matched whole, in every spelling, not in pieces)
        # every FRAGMENT-long piece of the value contains one of its half-length pieces
        # that start at a multiple of FRAGMENT/2: cheap probes before the expression
        half = FRAGMENT // 2
        self.probes = [self.value[i:i + half]
                       for i in range(0, len(value) - half + 1, half)]
        runs = sorted(_ALNUM_RUN.findall(value), key=len, reverse=True)
        self.anchors: list[str] | None = \
            [_fold(a) for a in (runs[0], *_base64_cores(value))] if runs else None

    def sub(self, text: str, repl: str) -> str:
        folded = _fold(text)
        if self.anchors is None or any(a in folded for a in self.anchors):
            out = self.pattern.sub(repl, text)
            if out != text:
                text, folded = out, _fold(out)
        return self._fragments(text, folded, repl)

    def _fragments(self, text: str, folded: str, repl: str) -> str:
        """Any run of :data:`FRAGMENT` or more characters of the value that is still in
        ``text`` (a provider echoing part of the key, a key cut by a size limit, an
        encoding not listed above around its letters and digits) is replaced too."""
        if self.grams is None or not any(p in folded for p in self.probes):
            return text
        out: list[str] = []
        pos = 0
        for m in self.grams.finditer(folded):
            if m.start() < pos:
                continue
            start, end = m.start(), m.end()
            at = self.value.find(m.group(0))
            k = at + (end - start)
            while end < len(text) and k < len(self.value) and folded[end] == self.value[k]:
                end += 1
                k += 1
            out.append(text[pos:start])
            out.append(repl)
            pos = end
        if not out:
            return text
        out.append(text[pos:])
        return "".join(out)


class SecretScrubber:
    """Replaces every registered secret value by ``[secret:NAME]``, whatever its
    encoding; shared by the journal, the recorder, error texts and the HTTP API."""

    def __init__(self) -> None:
        self._values: dict[str, str] = {}
        self._lock = threading.Lock()
        self._matchers: list[_Matcher] = []

    def add(self, secret: Secret) -> None:
        self.add_value(secret.name, secret.reveal())

    def add_value(self, name: str, value: str) -> None:
        if len(value) < MIN_SECRET or value in self._values:
            return
        with self._lock:
            if value in self._values:
                return
            self._values[value] = name
            # longest first: a secret that contains another is replaced whole
            self._matchers = sorted([*self._matchers, _Matcher(name, value)],
                                    key=lambda m: -len(m.pattern.pattern))

    def values(self) -> list[str]:
        return list(self._values)

    def copy(self) -> SecretScrubber:
        """A scrubber with the same secrets that can be added to on its own (the
        matchers are shared, not compiled again)."""
        other = SecretScrubber()
        with self._lock:
            other._values = dict(self._values)
            other._matchers = list(self._matchers)
        return other

    def text(self, text: str) -> str:
        if not text or not self._matchers:
            return text
        return _outside_marks(text, self._sub)

    def _sub(self, text: str) -> str:
        for m in self._matchers:
            text = m.sub(text, f"[secret:{m.name}]")
        return text

    def bytes(self, data: bytes) -> bytes:
        if not self._matchers or not data:
            return data
        # surrogateescape keeps bytes that are not UTF-8 exactly as they were
        text = data.decode("utf-8", "surrogateescape")
        return self.text(text).encode("utf-8", "surrogateescape")


def scrub_values(text: str, values: Any, name: str = "REDACTED") -> str:
    """``text`` with each of ``values`` (any encoding) replaced by ``name``: for code
    that holds the secret values but no :class:`SecretScrubber`."""
    vals = sorted({v for v in values if v and len(v) >= MIN_SECRET}, key=len, reverse=True)
    if not text or not vals:
        return text

    def sub(part: str) -> str:
        for v in vals:
            part = _matcher(v).sub(part, name)
        return part

    return _outside_marks(text, sub)


#: what a scrubbed value became; never matched again (a placeholder value can share
#: letters with a secret's name)
_MARK = re.compile(r"\[secret:[A-Za-z0-9_.:-]{1,128}\]|REDACTED")


def _outside_marks(text: str, sub: Any) -> str:
    """``sub`` applied to the parts of ``text`` between replacement marks."""
    if "[secret:" not in text and "REDACTED" not in text:
        return sub(text)
    parts = _MARK.split(text)
    marks = _MARK.findall(text)
    out = [sub(parts[0])]
    for mark, part in zip(marks, parts[1:]):
        out.append(mark)
        out.append(sub(part))
    return "".join(out)


@lru_cache(maxsize=256)
def _matcher(value: str) -> _Matcher:
    return _Matcher("", value)


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


def without_secrets(value: Any, secrets: SecretScrubber) -> Any:
    """``value`` (a reply's: a model, a list or mapping of them, text) with every known
    secret replaced in its strings, and otherwise as it is: the same object where nothing
    changed, a copy of a model (``model_copy``) where a field did. Emails and phone
    numbers stay: in a reply they are data (a hotel's), not a leak."""
    if isinstance(value, str):
        out = secrets.text(value)
        return value if out == value else out
    if isinstance(value, BaseModel):
        changed = {}
        for name in type(value).model_fields:
            old = getattr(value, name)
            new = without_secrets(old, secrets)
            if new is not old:
                changed[name] = new
        return value.model_copy(update=changed) if changed else value
    if isinstance(value, (list, tuple)):
        items = [without_secrets(v, secrets) for v in value]
        return value if all(a is b for a, b in zip(items, value)) else type(value)(items)
    if isinstance(value, dict):
        pairs = {k: without_secrets(v, secrets) for k, v in value.items()}
        return value if all(pairs[k] is v for k, v in value.items()) else pairs
    return value


def redact_request(request: Request, secrets: SecretScrubber | None = None) -> dict[str, Any]:
    """The request as journaled: type, fields, free text as keywords only."""
    data = request.model_dump(mode="json")
    for name in request.redact | request.free_fields:
        if name in data:
            data[name] = {"keywords": keywords(data[name])}
    out = scrub(data, secrets)
    out = {"type": type(request).__name__, **out}
    return out
