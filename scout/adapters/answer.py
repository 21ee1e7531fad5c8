"""A chat model's answer → the parts of a Synthesis: reasoning removed, structure kept,
citations mapped back to what the model was given.

Shared by every chat-completion adapter (Perplexity, any OpenAI-compatible model):

- **Reasoning** that models print before answering (``<think>…</think>`` from
  DeepSeek-R1 or Qwen served by Ollama, llama.cpp or vLLM; ``<thinking>``,
  ``<reasoning>``; gpt-oss's Harmony channels, of which only ``final`` is the answer)
  is removed, and so are chat templates' stray control tokens (``<|im_end|>``). A closing tag with no opening one (the chat template
  put ``<think>`` in the prompt) drops everything before it; an opening tag that is
  never closed (the model ran out of tokens while thinking) drops everything after it,
  so an answer that is *only* reasoning comes out empty.
- **Markdown structure** becomes :class:`~scout.schemas.sources.SynthesisBlock`\\ s:
  headings, paragraphs (split into sentences), bulleted and numbered lists (one item
  per entry, continuation lines joined) and pipe tables (header, rows; the separator
  line is structure, not content). Table rows are never sentences.
- **Citations**: ``[E3]`` names evidence item 3 of the prompt (``prompt.py`` labels
  them so); a bare ``[3]`` is resolved by the adapter (a web citation for Perplexity,
  evidence item 3 for a model that has only the evidence). Models write other marks too,
  and these are read as well: ``[E1, E4]``, ``[E1][E4]``, ``[E1; 4]``, ``[E1 y E4]``,
  ranges ``[E1-E3]`` / ``[E1–E3]`` / ``[E1-3]``, ``(E2)`` (in parentheses only with the E,
  or after a word: ``(Fuente: 2)``; a bare ``(2)`` is an enumeration), OpenAI's ``【3】`` /
  ``【3†source】``, footnotes ``[^2]`` (a definition line ``[^2]: [E4] …`` maps it to E4
  and is dropped from the text), ``[Fuente: E2]`` / ``[Source E2]`` / ``[Sources: E1, E3]``,
  a label linked to its URL ``[E2](https://…)`` and superscripts ``¹`` / ``¹˒³`` after a
  word or punctuation (not ``m²``, ``km²``, ``10³``, ``x²``). Brackets that are no citation
  stay text: a bare number of four digits or 0 (``[2024]``, ``[2020-2024]``, ``[0]``),
  words (``[sic]``), a link's text. Marks right after a sentence's full stop (``… 120 EUR.
  [E3] Next``) belong to that sentence. A label that resolves to nothing is dropped from
  the text and reported, so the adapter can note it; a sentence, item or row left citing
  nothing is marked ``uncited``.

The flat ``sentences`` list (paragraph sentences, then list items, in answer order)
stays for readers that do not look at the structure.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from scout.schemas.sources import SynthesisBlock, SynthesisRow, SynthesisSentence

#: resolve(kind, number) → Citation.index, or None when the label points at nothing.
#: ``kind`` is "E" for an evidence label, "" for a bare number.
Resolver = Callable[[str, int], "int | None"]

_TAG = r"(?:think|thinking|reasoning)"
_OPEN = re.compile(rf"<{_TAG}\b[^<>]{{0,200}}>", re.I)
_CLOSE = re.compile(rf"</{_TAG}\s*>", re.I)
#: Harmony (gpt-oss): one message per channel, up to the next control token or the end
_CHANNEL_TOKEN = "<|channel|>"
_CHANNEL = re.compile(r"<\|channel\|>\s*(\w+)[^\n]{0,200}?<\|message\|>"
                      r"(.*?)(?=<\|(?:end|return|call|start|channel)\|>|\Z)", re.S)
#: a chat template's control token left in the text (<|end|>, <|im_end|>, <|eot_id|>)
_SPECIAL = re.compile(r"<\|[a-z_]{1,30}\|>")
#: answers longer than this are cut before parsing (a chat answer is a few thousand
#: characters; this bounds the work a misbehaving server can cause)
MAX_ANSWER_CHARS = 60_000
#: cells kept per table row
MAX_CELLS = 64

#: a citation group's items: E3, 3, E1-E3 / E1–E3 / E1-3 (a range), joined by , ; & "and" "y"
_ITEM_RE = r"E?\s?\d{1,4}(?:\s*[-\u2013\u2014]\s*E?\s?\d{1,4})?"
#: one way only to read the space between two items, and the items are never given back
#: (possessive): an unclosed "[Fuente: E1, E1, …" from a model must fail in linear time,
#: where overlapping spaces made it exponential (a minute for 8 KB)
_SEP_RE = r"(?:\s*[,;&]\s*(?:(?:and|y)\s+)?|\s+(?:and|y)\s+)"
_GROUP_RE = rf"{_ITEM_RE}(?:{_SEP_RE}{_ITEM_RE})*+"
#: words models put before the labels: [Fuente: E2], [Source E2], (see E1, E3)
_WORD_RE = (r"(?:sources?|fuentes?|evidence|evidencias?|refs?|references?|referencias?|"
            r"see|ver|v[eé]ase|cf\.?|seg[uú]n)")
#: one citation mark, in any of the forms models write (see :meth:`_Cites.take`)
_LABEL = re.compile(
    rf"\[\s*(?:(?P<sw>{_WORD_RE})\s*+:?\s*+)?(?P<sq>{_GROUP_RE})\s*\]"
    r"(?:\((?:https?://|/)[^)\s]{0,2000}\))?"                      # [E2](url): a linked label
    rf"|\[\^(?P<fn>\d{{1,4}})\]"                                   # [^2]: a footnote mark
    rf"|\(\s*(?:(?P<pw>{_WORD_RE})\s*+:?\s*+)?(?P<pa>{_GROUP_RE})\s*\)"  # (E2), (Fuente: E2)
    rf"|\u3010\s*(?P<lt>{_GROUP_RE})\s*(?:\u2020[^\u3011]{{0,40}})?\u3011"  # 【3】, 【3†source】
    r"|(?P<sup>[\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+"          # superscripts: ¹, ²˒³
    r"(?:[,\u02d2\u22c5\u00b7][\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+)*)",
    re.I)
_ONE = re.compile(r"(E?)\s?(\d+)(?:\s*[-\u2013\u2014]\s*(E?)\s?(\d+))?", re.I)
_SUPERSCRIPT = str.maketrans("\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079",
                             "0123456789")
#: words a superscript number follows as an exponent, not a citation: m², km², ft³
_UNITS = frozenset("m cm mm km dm ft in mi yd".split())
#: a range longer than this is not expanded (its ends are read)
MAX_RANGE = 20
#: a sentence ends at . ! ? and the citation marks right after it ("12 EUR. [E3] Next",
#: "12 EUR.[E3][E4] Next", "12 EUR.² Next"), before whitespace and a non-lowercase letter
_SPLIT = re.compile(r"(?<=[.!?])((?:\s*(?i:%s))*+)\s+(?=[^a-z\s])"
                    % re.sub(r"\?P<\w+>", "?:", _LABEL.pattern))
#: a footnote's definition line: "[^2]: E2, Casa Bonay (https://…)"
_FOOTNOTE_DEF = re.compile(r"^\s{0,3}\[\^(\d{1,4})\]:\s?(.*)$")
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_BOLD_LINE = re.compile(r"^\s*(\*\*|__)(?P<t>[^*_].*?)\1\s*:?\s*$")
_ITEM = re.compile(r"^(?P<indent>\s*)(?P<mark>[-*+\u2022\u2013]|\d{1,3}[.)])\s+(?P<text>.*)$")
_RULE = re.compile(r"^\s*([-*_])(\s*\1){2,}\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_MARKDOWN = re.compile(r"(\*\*|__|`)")
_LINK = re.compile(r"\[([^\[\]]{1,500})\]\((?:https?://|/)[^)\s]{0,2000}\)")


def _harmony(text: str) -> tuple[str, bool]:
    """The ``final`` channel of an answer in OpenAI's Harmony format (gpt-oss through a
    server whose reasoning parser is off: ``<|channel|>analysis<|message|>thoughts<|end|>
    <|start|>assistant<|channel|>final<|message|>answer``), and whether another channel
    (analysis, commentary: the model's thinking) was dropped. No final channel means the
    model never got to answer: nothing is left. Other chat templates' stray tokens
    (``<|im_end|>``, ``<|eot_id|>``) are removed too: they are never prose."""
    if _CHANNEL_TOKEN not in text:
        return _SPECIAL.sub("", text), False
    kept: list[str] = []
    dropped = False
    for m in _CHANNEL.finditer(text):
        if m.group(1).lower() == "final":
            kept.append(m.group(2))
        else:
            dropped = True
    return _SPECIAL.sub("", "\n\n".join(kept)), dropped or not kept


def strip_reasoning(text: str) -> tuple[str, bool]:
    """``text`` without reasoning blocks, and whether any were removed (one linear scan)."""
    text, harmony = _harmony(text)
    if harmony:
        out, _ = strip_reasoning(text)
        return out, True
    first_open = _OPEN.search(text)
    first_close = _CLOSE.search(text)
    pos = 0
    if first_close is not None and (first_open is None or first_close.start() < first_open.start()):
        pos = first_close.end()  # the opening tag was part of the prompt template
    kept: list[str] = []
    while True:
        opening = _OPEN.search(text, pos)
        if opening is None:
            kept.append(text[pos:])
            break
        kept.append(text[pos:opening.start()])
        close = _CLOSE.search(text, opening.end())
        if close is None:
            break  # never closed: the rest is unfinished reasoning
        pos = close.end()
    out = "".join(kept).strip()
    return out, out != text.strip()


@dataclass
class ParsedAnswer:
    blocks: list[SynthesisBlock] = field(default_factory=list)
    sentences: list[SynthesisSentence] = field(default_factory=list)
    #: labels as written that resolved to nothing, in order of appearance, no repeats
    unknown: list[str] = field(default_factory=list)
    reasoning_removed: bool = False
    text: str = ""  # the answer as shown: reasoning removed, markdown kept
    #: the answer's length when it was longer than MAX_ANSWER_CHARS and cut there (0: whole)
    cut_from: int = 0


class _Cites:
    """Collects the citations of one piece of text and the labels that resolved to nothing.

    ``footnotes``: what a footnote mark ``[^n]`` names, from the answer's definition lines
    (``[^2]: [E4] Casa Bonay`` → evidence item 4); a mark without one is a bare ``[n]``."""

    def __init__(self, resolve: Resolver, unknown: list[str],
                 footnotes: dict[int, tuple[str, int]] | None = None) -> None:
        self.resolve = resolve
        self.unknown = unknown
        self.footnotes = footnotes or {}

    def take(self, text: str) -> tuple[str, list[int]]:
        """(text without its citation labels, Citation.index values in order)."""
        found: list[int] = []

        def one(match: re.Match[str]) -> str:
            labels = _labels(match, self.footnotes)
            if labels is None:
                return match.group(0)  # no citation: [2024], (2), m², [sic]
            for kind, number in labels:
                index = self.resolve(kind, number)
                if index is None:
                    label = f"[{kind}{number}]"
                    if label not in self.unknown:
                        self.unknown.append(label)
                elif index not in found:
                    found.append(index)
            return ""

        return _LABEL.sub(one, text), found


def _group(text: str) -> list[tuple[str, int]]:
    """The (kind, number) labels of a group's text: "E1, E3-E5" → E1, E3, E4, E5."""
    labels: list[tuple[str, int]] = []
    for part in re.split(r"[,;&]|\s(?:and|y)\s", text, flags=re.I):
        m = _ONE.search(part)
        if m is None:
            continue
        first = int(m.group(2))
        kind = "E" if m.group(1) or m.group(3) else ""
        if m.group(4) is None:
            labels.append((kind, first))
            continue
        last = int(m.group(4))
        numbers = range(first, last + 1) if 0 <= last - first <= MAX_RANGE else (first, last)
        labels += [(kind, n) for n in numbers]
    return labels


def _superscript(match: re.Match[str]) -> list[tuple[str, int]] | None:
    """A superscript number is a citation after punctuation or a word ("EUR¹", "rooms.²"),
    not after a digit (10³), a space, a single letter (x²) or a unit (m², km²)."""
    before = match.string[max(0, match.start() - 40):match.start()]
    if not before or before[-1].isdigit() or before[-1].isspace():
        return None
    word = re.search(r"[^\W\d_]+$", before)
    if word is not None and (len(word.group(0)) < 2 or word.group(0).lower() in _UNITS):
        return None
    numbers = re.split(r"[,\u02d2\u22c5\u00b7]", match.group("sup").translate(_SUPERSCRIPT))
    if any(len(n) > 4 for n in numbers):
        return None  # labels have at most four digits, as in brackets; a longer run is text
    return [("", int(n)) for n in numbers if n]


def _labels(match: re.Match[str], footnotes: dict[int, tuple[str, int]]
            ) -> list[tuple[str, int]] | None:
    """The labels one mark names, or None when it is no citation but text."""
    if match.group("fn") is not None:
        n = int(match.group("fn"))
        return [footnotes.get(n, ("", n))]
    if match.group("sup") is not None:
        return _superscript(match)
    group = match.group("sq") or match.group("pa") or match.group("lt")
    labels = _group(group)
    if not labels:
        return None
    worded = match.group("sw") or match.group("pw")
    bare = [n for kind, n in labels if not kind]
    if match.group("pa") is not None and bare and not worded:
        return None  # "(2)", "(1, 3)": an enumeration; only (E2) or (Fuente: 2) cite
    if bare and not worded and any(n == 0 or n >= 1000 for n in bare):
        return None  # a year or an amount in brackets: [2024], [2020-2024]; labels are 1-based
    return labels


def _footnotes(lines: list[str]) -> tuple[list[str], dict[int, tuple[str, int]]]:
    """The answer's lines without footnote definitions, and what each footnote names: the
    first evidence label of its definition ("[^1]: [E3] Casa Bonay", "[^1]: E3")."""
    kept: list[str] = []
    named: dict[int, tuple[str, int]] = {}
    for line in lines:
        m = _FOOTNOTE_DEF.match(line)
        if m is None:
            kept.append(line)
            continue
        label = re.search(r"\bE\s?(\d{1,4})\b", m.group(2), re.I)
        if label is not None:
            named.setdefault(int(m.group(1)), ("E", int(label.group(1))))
    return kept, named


def _split(text: str) -> list[str]:
    """The sentences of a paragraph, each with the citation marks that follow its end
    (:func:`scout.adapters.text.split_sentences` reads only bare ``[n]`` marks there)."""
    parts = _SPLIT.split(text)
    # one group: [sentence, marks, sentence, marks, ..., last]
    out = (parts[i] + (parts[i + 1] if i + 1 < len(parts) else "")
           for i in range(0, len(parts), 2))
    return [s.strip() for s in out if s.strip()]


def _clean(text: str) -> str:
    text = _LINK.sub(r"\1", text)
    text = _MARKDOWN.sub("", text)
    # a space before punctuation goes; matched from a run's first space only, and never
    # given back, so a long run of spaces is read once (it was quadratic: 2 s for 20 KB)
    text = re.sub(r"(?<!\s)\s++([.,;:!?])", r"\1", text)
    return " ".join(text.split())


def _cells(line: str) -> list[str]:
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    cells = re.split(r"(?<!\\)\|", body, maxsplit=MAX_CELLS)[:MAX_CELLS]
    return [c.replace("\\|", "|").strip() for c in cells]


def _is_table_line(line: str) -> bool:
    stripped = line.strip()
    return stripped.startswith("|") and stripped.count("|") >= 2


def _sentence(raw: str, cites: _Cites) -> SynthesisSentence | None:
    text, found = cites.take(raw)
    text = _clean(text)
    if not text or not re.search(r"\w", text):
        return None
    return SynthesisSentence(text=text, citations=found, uncited=not found)


class _Builder:
    def __init__(self, cites: _Cites) -> None:
        self.cites = cites
        self.blocks: list[SynthesisBlock] = []
        self.para: list[str] = []
        self.items: list[tuple[bool, list[str]]] = []  # (ordered, lines of one item)
        self.table: list[str] = []

    def flush(self) -> None:
        if self.para:
            items = [s for s in (_sentence(raw, self.cites)
                                 for raw in _split(" ".join(self.para))) if s]
            if items:
                self.blocks.append(SynthesisBlock(kind="paragraph", items=items))
            self.para = []
        if self.items:
            items = [s for s in (_sentence(" ".join(lines), self.cites)
                                 for _, lines in self.items) if s]
            if items:
                self.blocks.append(SynthesisBlock(kind="list", ordered=self.items[0][0],
                                                  items=items))
            self.items = []
        if self.table:
            self._flush_table()
            self.table = []

    def _flush_table(self) -> None:
        lines = self.table
        header: list[str] = []
        if len(lines) >= 2 and _TABLE_SEP.match(lines[1]):
            header = [_clean(self.cites.take(c)[0]) for c in _cells(lines[0])]
            lines = lines[2:]
        rows: list[SynthesisRow] = []
        for line in lines:
            if _TABLE_SEP.match(line):
                continue
            found: list[int] = []
            cells: list[str] = []
            for cell in _cells(line):
                text, cited = self.cites.take(cell)
                cells.append(_clean(text))
                found += [n for n in cited if n not in found]
            if any(cells):
                rows.append(SynthesisRow(cells=cells, citations=found, uncited=not found))
        if header or rows:
            self.blocks.append(SynthesisBlock(kind="table", header=header, rows=rows))

    def heading(self, text: str) -> None:
        self.flush()
        clean = _clean(self.cites.take(text)[0]).rstrip(":").strip()
        if clean:
            self.blocks.append(SynthesisBlock(kind="heading", text=clean))


def parse_answer(content: str, resolve: Resolver) -> ParsedAnswer:
    """The structure, sentences and citations of one answer (see the module docstring)."""
    text, removed = strip_reasoning(content[:MAX_ANSWER_CHARS])
    unknown: list[str] = []
    lines, footnotes = _footnotes(text.splitlines())
    build = _Builder(_Cites(resolve, unknown, footnotes))
    in_fence = False
    for i, line in enumerate(lines):
        if _FENCE.match(line):
            build.flush()
            in_fence = not in_fence
            continue
        if in_fence:
            build.para.append(line.strip())
            continue
        if not line.strip():
            build.flush()
            continue
        if _is_table_line(line) or ("|" in line and (
                build.table or (i + 1 < len(lines) and "|" in lines[i + 1]
                                and _TABLE_SEP.match(lines[i + 1])))):
            # pipe rows, or rows without outer pipes under a header with a |---| line
            if not build.table:
                build.flush()
            build.table.append(line)
            continue
        if build.table:
            build.flush()
        heading = _HEADING.match(line) or _BOLD_LINE.match(line)
        if heading is not None:
            build.heading(heading.group(2) if heading.re is _HEADING else heading.group("t"))
            continue
        if _RULE.match(line):
            build.flush()
            continue
        item = _ITEM.match(line)
        if item is not None:
            if build.para:
                build.flush()
            ordered = item.group("mark")[0].isdigit()
            build.items.append((ordered, [item.group("text")]))
            continue
        if build.items and (line[:1].isspace() or not build.para):
            # an indented (or lazy) continuation of the last list item
            build.items[-1][1].append(line.strip())
            continue
        build.para.append(line.strip())
    build.flush()
    sentences = [s for b in build.blocks if b.kind in ("paragraph", "list") for s in b.items]
    return ParsedAnswer(blocks=build.blocks, sentences=sentences, unknown=unknown,
                        reasoning_removed=removed, text=text,
                        cut_from=len(content) if len(content) > MAX_ANSWER_CHARS else 0)
