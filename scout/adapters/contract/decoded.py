"""A response body decoded in bounded steps: a decompression bomb costs what is read.

httpx decodes ``Content-Encoding`` one network chunk at a time with no output limit: a
64 KB gzip chunk of zeros is 64 MB in memory before any caller can count it, and a
stacked ``Content-Encoding: gzip, gzip`` turns 2 KB into a gigabyte in a single step
(a third layer exhausts any machine). The readers of :mod:`scout.adapters.contract.http`
and :mod:`scout.adapters.page` stop at a byte cap, but only between chunks.

:func:`iter_decoded` reads the raw (still encoded) stream and inflates it with zlib's
``max_length``, so no step yields more than :data:`STEP` bytes and a reader that stops
pulling stops the inflation too. It decodes what scout asks for (:data:`ACCEPT_ENCODING`,
sent explicitly so an optional httpx extra never adds a coding this cannot bound) and
refuses the rest: a stacked or unknown coding is no web page scout asked for.
"""

from __future__ import annotations

import codecs
import zlib
from collections.abc import Iterator

import httpx

#: the most bytes one decoding step yields
STEP = 64 * 1024

#: what scout says it accepts; every coding named here is decoded by :func:`iter_decoded`
ACCEPT_ENCODING = "gzip, deflate"

_WBITS = {"gzip": 16 + zlib.MAX_WBITS, "x-gzip": 16 + zlib.MAX_WBITS,
          "deflate": zlib.MAX_WBITS}


class BadEncoding(httpx.DecodingError):
    """A body that is not what its ``Content-Encoding`` says. An :class:`httpx.DecodingError`
    (as httpx's own), mapped by :func:`~scout.adapters.contract.http.mapped`."""

    def __init__(self, message: str, coding: str) -> None:
        super().__init__(message)
        self.coding = coding


class UnsupportedEncoding(BadEncoding):
    """A ``Content-Encoding`` scout did not ask for: stacked, or unknown."""


def codings(response: httpx.Response) -> list[str]:
    """The response's content codings, outermost last, ``identity`` left out."""
    raw = response.headers.get("content-encoding", "")
    return [c for c in (part.strip().lower() for part in raw.split(",")) if c and
            c != "identity"]


def iter_decoded(response: httpx.Response, step: int = STEP) -> Iterator[bytes]:
    """The body of a streamed ``response``, decoded, in chunks of at most ``step`` bytes
    (a raw chunk when there is no coding). Raises :class:`UnsupportedEncoding` for more
    than one coding or one outside :data:`ACCEPT_ENCODING`, and
    :class:`BadEncoding` for a body that is not what its coding says."""
    if hasattr(response, "_content"):
        # read whole when it was made (an in-memory reply: a replayed cassette, a test's
        # transport); httpx decoded it then, there is nothing left to bound
        yield from response.iter_bytes(step)
        return
    found = codings(response)
    if not found:
        yield from response.iter_raw()
        return
    if len(found) > 1 or found[0] not in _WBITS:
        coding = ", ".join(found)
        coding = coding if len(coding) <= 80 else coding[:79] + "…"
        raise UnsupportedEncoding(f"Content-Encoding '{coding}' is not one scout accepts",
                                  coding)
    wbits = _WBITS[found[0]]
    inflater = zlib.decompressobj(wbits)
    started = False
    for raw in response.iter_raw():
        data = raw
        if not started and data and found[0] == "deflate":
            # 'deflate' is a zlib stream by the RFC, raw deflate from some servers (as
            # httpx and browsers, accept both): the first bytes tell which
            try:
                zlib.decompressobj(wbits).decompress(data[:64], 1)
            except zlib.error:
                inflater = zlib.decompressobj(-zlib.MAX_WBITS)
        started = started or bool(data)
        while data:
            try:
                out = inflater.decompress(data, step)
            except zlib.error as exc:
                raise BadEncoding(f"the body is not valid {found[0]}: {exc}", found[0]) from exc
            data = inflater.unconsumed_tail
            if out:
                yield out
            if inflater.eof:
                break
        if inflater.eof:
            # a gzip member ends the body (as httpx reads it): trailing bytes are ignored
            break
    tail = inflater.flush()
    if tail:
        yield tail


#: the encodings a browser decodes a page in (the WHATWG Encoding Standard's, less the
#: "replacement" and "x-user-defined" ones), as Python names them. A label outside them
#: is no text a browser would show: UTF-7 (a page that reads as script only to scout)
#: or one of Python's byte codecs ('rot13', 'zlib', 'hex': ``bytes.decode`` raises)
_WEB_ENCODINGS = frozenset(codecs.lookup(label).name for label in (
    "utf-8", "ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6",
    "iso-8859-7", "iso-8859-8", "iso-8859-10", "iso-8859-13", "iso-8859-14", "iso-8859-15",
    "iso-8859-16", "koi8-r", "koi8-u", "mac-roman", "cp874", "cp1250", "cp1251", "cp1252",
    "cp1253", "cp1254", "cp1255", "cp1256", "cp1257", "cp1258", "mac-cyrillic", "gbk",
    "gb18030", "big5", "big5hkscs", "euc-jp", "iso-2022-jp", "shift_jis", "cp932", "euc-kr",
    "cp949", "utf-16-le", "utf-16-be", "utf-16"))

#: encodings a browser reads as a superset (WHATWG): Latin-1 and ASCII as windows-1252,
#: GB2312 as GBK, TIS-620 and ISO-8859-11 as windows-874, ISO-8859-9 as windows-1254,
#: EUC-KR as windows-949
_WEB_ALIASES = {codecs.lookup(name).name: web for name, web in (
    ("latin-1", "cp1252"), ("ascii", "cp1252"), ("gb2312", "gbk"), ("tis-620", "cp874"),
    ("iso8859-11", "cp874"), ("iso8859-9", "cp1254"), ("euc-kr", "cp949"))}
#: WHATWG labels Python does not know, as the Python codec a browser uses for them
_WEB_LABELS = {
    "windows-874": "cp874", "dos-874": "cp874", "x-cp1250": "cp1250", "x-cp1252": "cp1252",
    "iso-8859-8-i": "iso-8859-8", "logical": "iso-8859-8", "visual": "iso-8859-8",
    "koi": "koi8-r", "koi8": "koi8-r", "koi8-ru": "koi8-u", "mac": "mac-roman",
    "csmacintosh": "mac-roman", "x-mac-roman": "mac-roman", "x-mac-cyrillic": "mac-cyrillic",
    "x-mac-ukrainian": "mac-cyrillic", "gb_2312": "gbk", "gb_2312-80": "gbk",
    "csgb2312": "gbk", "x-gbk": "gbk", "cn-big5": "big5", "x-x-big5": "big5",
    "x-euc-jp": "euc-jp", "cseucpkdfmtjapanese": "euc-jp", "x-sjis": "cp932",
    "windows-31j": "cp932", "cseuckr": "cp949", "csksc56011987": "cp949",
    "iso-ir-149": "cp949", "ks_c_5601-1989": "cp949", "ksc_5601": "cp949",
    "windows-949": "cp949", "unicode-1-1-utf-8": "utf-8", "unicodefffe": "utf-16-be",
    "csunicode": "utf-16-le", "iso-10646-ucs-2": "utf-16-le", "ucs-2": "utf-16-le",
    "unicode": "utf-16-le", "unicodefeff": "utf-16-le"}

_BOMS = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
         (codecs.BOM_UTF16_BE, "utf-16-be"))


def web_encoding(label: str | None) -> str | None:
    """The Python codec for a charset label, when it names an encoding a browser decodes
    a web page in; None for a label that is unknown, not a text encoding, or UTF-7."""
    if not label:
        return None
    label = label.strip()
    label = _WEB_LABELS.get(label.lower(), label)
    try:
        name = codecs.lookup(label).name
    except (LookupError, ValueError):  # unknown, or a label with a NUL in it
        return None
    name = _WEB_ALIASES.get(name, name)
    return name if name in _WEB_ENCODINGS else None


def bom_encoding(head: bytes) -> str | None:
    """The encoding a byte-order mark at the start of a body names (it overrides any
    label, as in a browser), or None."""
    for bom, name in _BOMS:
        if head.startswith(bom):
            return name
    return None
