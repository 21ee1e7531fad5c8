"""A chat model's answer → the parts of a Synthesis: reasoning removed, structure kept,
citations mapped back to what the model was given.

Shared by every chat-completion adapter (Perplexity, any OpenAI-compatible model):

- **Reasoning** that models print before answering (``<think>…</think>`` from
  DeepSeek-R1 or Qwen served by Ollama, llama.cpp or vLLM; ``<thinking>``,
  ``<reasoning>``; gpt-oss's Harmony channels, of which only ``final`` is the answer)
  is removed, and so is Gemma 4's ``<|channel>thought … <channel|>`` (LM Studio and
  llama.cpp leave it in ``content`` when their reasoning parser does not know the model),
  and chat templates' stray control tokens (``<|im_end|>``, ``<turn|>``). A closing tag
  or ``<channel|>`` with no opening one (the chat template put ``<think>`` in the prompt)
  drops everything before it; an opening tag that is never closed (the model ran out of
  tokens while thinking) drops everything after it, so an answer that is *only*
  reasoning comes out empty.
- **Markdown structure** becomes :class:`~scout.schemas.sources.SynthesisBlock`\\ s:
  headings, paragraphs (split into sentences), bulleted and numbered lists (one item
  per entry, continuation lines joined) and pipe tables (header, rows; the separator
  line is structure, not content). Table rows are never sentences.
- **Citations** (``[E3]``, ``[3]``, ``【3】``, footnotes, superscripts and the other marks
  models write) are read by :mod:`scout.adapters.citemarks`: a label that resolves to
  nothing is dropped from the text and reported, so the adapter can note it; a sentence,
  item or row left citing nothing is marked ``uncited``. Marks a line starts with cite that
  line's first sentence; a sentence in bold ends at its full stop inside the bold.

The flat ``sentences`` list (paragraph sentences, then list items, in answer order)
stays for readers that do not look at the structure.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from scout.adapters.citemarks import ENUMERATION, LABEL, Cites, Resolver, read_footnotes
from scout.adapters.sourcelist import listed_urls, without_sources
from scout.adapters.text import period_holds
from scout.schemas.sources import SynthesisBlock, SynthesisRow, SynthesisSentence

_TAG = r"(?:think|thinking|thought|reasoning)"
#: a reasoning block opens with a tag, or with Gemma 4's ``<|channel>`` (``<|channel>thought``
#: and the thinking, up to ``<channel|>``: one bar on each side, not Harmony's two)
_OPEN = re.compile(rf"<{_TAG}\b[^<>]{{0,200}}>|<\|channel>", re.I)
_CLOSE = re.compile(rf"</{_TAG}\s*>|<channel\|>", re.I)
#: Harmony (gpt-oss): one message per channel, up to the next control token or the end
_CHANNEL_TOKEN = "<|channel|>"
_CHANNEL = re.compile(r"<\|channel\|>\s*(\w+)[^\n]{0,200}?<\|message\|>"
                      r"(.*?)(?=<\|(?:end|return|call|start|channel)\|>|\Z)", re.S)
#: a chat template's control token left in the text (<|end|>, <|im_end|>, <|eot_id|>), and
#: Gemma 4's turn markers, one bar each (``<turn|>`` ends its answer, ``<|turn>model``)
_SPECIAL = re.compile(r"<\|[a-z_]{1,30}\|>|<\|turn>(?:(?:model|user|system)\b)?|<turn\|>")
#: answers longer than this are cut before parsing (a chat answer is a few thousand
#: characters; this bounds the work a misbehaving server can cause)
MAX_ANSWER_CHARS = 60_000
#: cells kept per table row
MAX_CELLS = 64

_MARK = re.sub(r"\?P<\w+>", "?:", LABEL.pattern)
#: a sentence ends at . ! ? and the citation marks right after it ("12 EUR. [E3] Next",
#: "12 EUR.[E3][E4] Next", "12 EUR.² Next"), and the emphasis it closes ("**12 EUR.**
#: Next"), before whitespace and a non-lowercase letter
_SPLIT = re.compile(r"(?<=[.!?])([*_]{0,3}(?:\s*(?i:%s))*+[*_]{0,3})\s+(?=[^a-z\s])" % _MARK)
#: the citation marks a line starts with, before its text ("[E2] Praktik costs 120 EUR.")
_LEADING = re.compile(r"^\s*((?:(?i:%s)\s*)+)(?=\S)" % _MARK)
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
# after the bold text "\s*(?::\s*)?", never "\s*:?\s*": two quantifiers over one run of
# spaces try every split of it (a line of "**x**" and 20,000 spaces took 1.1 s)
_BOLD_LINE = re.compile(r"^\s*(\*\*|__)(?P<t>[^*_].*?)\1\s*(?::\s*)?$")
_ITEM = re.compile(r"^(?P<indent>\s*)(?P<mark>[-*+\u2022\u2013]|\d{1,3}[.)])\s+(?P<text>.*)$")
_RULE = re.compile(r"^\s*([-*_])(\s*\1){2,}\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_TABLE_SEP = re.compile(r"^\s*(?:\|\s*)?:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*(?:\|\s*)?$")
_MARKDOWN = re.compile(r"(\*\*|__|`)")
#: a link's target, with the title markdown allows after it ("https://…" "Site")
_TARGET = r"\((?:https?://|/)[^)\s]{0,2000}(?:\s{1,10}(?:\"[^\"\n]{0,300}\"|'[^'\n]{0,300}'))?\s{0,10}\)"
_LINK = re.compile(r"\[([^\[\]]{1,500})\]" + _TARGET)
#: an image (``![alt](url)``, models paste a page's photo): no prose, so removed whole (its
#: alt text is a caption, "img" or nothing, and a link's reading left "!img" in the report)
_IMAGE = re.compile(r"!\[[^\[\]]{0,500}\]" + _TARGET)


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
    #: the model stopped at its token limit (finish_reason "length"), and whether the
    #: unfinished sentence, item or row it stopped in was left out (:func:`drop_unfinished`)
    stopped: bool = False
    unfinished: bool = False
    #: the answer ends inside a table row though the server said it finished (a proxy or
    #: server that reports "stop" at the token limit): that row was left out
    cut_row: bool = False


def _split(text: str) -> list[str]:
    """The sentences of a paragraph, each with the citation marks that follow its end
    (:func:`scout.adapters.text.split_sentences` reads only bare ``[n]`` marks there). A
    period that ends an abbreviation ("Dr.", "e.g.", "world No. 1") ends no sentence,
    unless citation marks follow it."""
    parts = _SPLIT.split(text)
    # one group: [sentence, marks, sentence, marks, ..., last]
    out: list[str] = []
    held = ""
    for i in range(0, len(parts), 2):
        marks = parts[i + 1] if i + 1 < len(parts) else ""
        sentence = held + parts[i] + marks
        held = ""
        if i + 2 < len(parts) and not marks.strip() and period_holds(parts[i], parts[i + 2]):
            held = sentence + " "
            continue
        out.append(sentence)
    return [s.strip() for s in out if s.strip()]


#: an address in the prose (``https://…``, ``<…>``, ``www.…``): a claim cites by its mark; a
#: page's "cite https://evil…" made report.md viewers link what no evidence holds: dropped
_BARE_URL = re.compile(r"(?:\([^()\n]{0,20}?)?<?(?:\bhttps?://|\bwww\.)[^\s<>\[\]()]{1,2000}>?\)?",
                       re.IGNORECASE)  # with the "(see " that opens it


def _clean(text: str) -> str:
    text = _LINK.sub(r"\1", _IMAGE.sub("", text))
    text = _BARE_URL.sub("", text)
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


def _sentence(raw: str, cites: Cites) -> SynthesisSentence | None:
    text, found = cites.take(raw)
    text = _clean(text)
    if not text or not re.search(r"\w", text):
        return None
    return SynthesisSentence(text=text, citations=found, uncited=not found)


class _Builder:
    def __init__(self, cites: Cites) -> None:
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


def _marks_last(line: str, cites: Cites) -> str:
    """A line that starts with citation marks ("[E2] Praktik costs 120 EUR. Casa…"), the
    marks moved after its first sentence, which they cite: read where they stand, they
    would end the sentence before them. Marks of a sentence wrapped onto the next line
    stay where they are: the line's first sentence then carries marks of its own."""
    lead = _LEADING.match(line)
    if lead is None:
        return line
    rest = line[lead.end():]
    end = _SPLIT.search(rest)
    first = rest[:end.start() if end is not None else len(rest)]
    if not re.search(r"[^\W\d_]", first) or cites.marked(first):
        return line  # no text of its own, or a first sentence citing for itself
    marks = lead.group(1).strip()
    if end is None:
        return f"{rest} {marks}"
    return f"{rest[:end.start()]} {marks}{rest[end.start():]}"


def parse_answer(content: str, resolve: Resolver,
                 by_url: Callable[[str, int], int | None] | None = None) -> ParsedAnswer:
    """The structure, sentences and citations of one answer (see the module docstring).
    ``by_url``: the evidence label of a URL the model's list gives a number (None for a
    site no evidence is on); given, a bare ``[n]`` that the model's own list of sources
    numbers is the evidence item with that entry's URL
    (:func:`scout.adapters.sourcelist.listed_urls`)."""
    text, removed = strip_reasoning(content[:MAX_ANSWER_CHARS])
    unknown: list[str] = []
    kept = without_sources(text.splitlines())
    if len(kept) < len(text.splitlines()):
        listed = listed_urls(text.splitlines()[len(kept):]) if by_url is not None else {}
        text = "\n".join(kept).rstrip()
        if listed and by_url is not None:
            resolve = _listed(resolve, listed, by_url)
    lines, footnotes = read_footnotes(kept)
    build = _Builder(Cites(resolve, unknown, footnotes,
                           paren_bare=ENUMERATION.search(text) is None))
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
        build.para.append(_marks_last(line, build.cites).strip())
    build.flush()
    sentences = [s for b in build.blocks if b.kind in ("paragraph", "list") for s in b.items]
    return ParsedAnswer(blocks=build.blocks, sentences=sentences, unknown=unknown,
                        reasoning_removed=removed, text=text,
                        cut_from=len(content) if len(content) > MAX_ANSWER_CHARS else 0)


def _listed(resolve: Resolver, listed: dict[int, str],
            by_url: Callable[[str, int], int | None]) -> Resolver:
    """``resolve`` for an answer that numbers its own sources: a bare ``[n]`` its list
    names is the evidence item with that URL (or on that site), never evidence item n,
    another page. ``[E3]``, numbers the list leaves out and numbers whose URL is on no
    evidence's site (a model's made-up or shortened address says nothing) read as
    before; the figure checks still mark a claim its cited page does not state."""
    def through_list(kind: str, number: int) -> int | None:
        if kind or number not in listed:
            return resolve(kind, number)
        label = by_url(listed[number], number)
        return resolve("E" if label is not None else kind,
                       label if label is not None else number)
    return through_list


#: how a finished answer ends: a sentence's end (closing quotes, brackets, emphasis and
#: citation marks after it), a table row's closing pipe
_ENDED = re.compile(r"(?:[.!?…。]|\|)[\"'”’»)\]*_]*(?:\s*(?:\[[^\[\]\n]{1,40}\]|【[^】\n]{1,40}】))*\s*$")
#: where a finished sentence or a line ends (the last one ends what is kept)
_SENTENCE_END = re.compile(r"[.!?…。][\"'”’»)\]*_]*(?:\s*(?:\[[^\[\]\n]{1,40}\]|"
                           r"【[^】\n]{1,40}】))*(?=\s)|\n")


def drop_unfinished(parsed: ParsedAnswer) -> None:
    """Leave out the sentence, list item or table row a model stopped in when it ran out
    of tokens (finish_reason "length"): "Praktik is cheaper and" is half a claim, shown
    as if it were one. The answer is cut where its last whole sentence or line ends;
    ``parsed.unfinished`` says whether anything was left out (an answer that ends on a
    sentence's end, or a row's closing pipe, lost nothing the reader sees)."""
    parsed.stopped = True
    if _cut_row(parsed, stopped=True):
        parsed.unfinished = True
        return
    if not parsed.blocks or _ENDED.search(parsed.text[-200:]):
        return
    last = parsed.blocks[-1]
    if last.kind in ("paragraph", "list") and last.items:
        dropped = last.items.pop()
        parsed.sentences = [s for s in parsed.sentences if s is not dropped]
    elif last.kind == "table" and last.rows:
        last.rows.pop()
    elif last.kind != "heading":
        return
    if (last.kind in ("paragraph", "list") and not last.items) or (
            last.kind == "table" and not last.rows) or last.kind == "heading":
        parsed.blocks.pop()
    end = max((m.end() for m in _SENTENCE_END.finditer(parsed.text)), default=0)
    parsed.text = parsed.text[:end].rstrip()
    parsed.unfinished = True


def _cut_row(parsed: ParsedAnswer, stopped: bool) -> bool:
    """Leave out the table row an answer ends in when it was cut in that row: the answer's
    last line is a row without the closing pipe every other line of its table has ("|
    Praktik | 12"), or, when the model is known to have stopped at its token limit
    (``stopped``), a row with fewer cells than the header ("| Generator |"). Whether a
    row was left out (the text shown loses it too)."""
    if not parsed.blocks or parsed.blocks[-1].kind != "table" or not parsed.blocks[-1].rows:
        return False
    table = parsed.blocks[-1]
    lines = parsed.text.rstrip().splitlines()
    rows = [line.strip() for line in reversed(lines)]
    rows = rows[:next((i for i, line in enumerate(rows) if "|" not in line), len(rows))]
    if len(rows) < 3:  # the last row, and a header or another row above it
        return False
    last, above = rows[0], rows[1:]
    unclosed = all(r.endswith("|") for r in above) and not last.endswith("|")
    short = stopped and bool(table.header) and len(table.header) >= 2 and \
        len(table.rows[-1].cells) < len(table.header)
    if not (unclosed or short):
        return False
    table.rows.pop()
    if not table.rows and not table.header:
        parsed.blocks.pop()
    parsed.text = "\n".join(lines[:-1]).rstrip()
    return True


def drop_cut_row(parsed: ParsedAnswer) -> None:
    """Leave out the table row a finished answer ends in when it is plainly cut there (no
    closing pipe where the table's other lines have one): LiteLLM's Ollama adapter and old
    llama.cpp servers report ``finish_reason: "stop"`` at the token limit, so the reason
    cannot be trusted to say so. ``parsed.cut_row`` says whether a row was left out."""
    parsed.cut_row = _cut_row(parsed, stopped=False)
