"""A chat completion sent once more inside one providers-layer call, for both synthesis
adapters (``openai``, ``perplexity``): the two cases where asking again differently can
help, which the providers layer's retry of the *same* request never would.

* :func:`send_fitting` — a prompt over the model's context window
  (:func:`scout.adapters.chat_config.window_exceeded`) is sent once more with less
  evidence: cut to what the window leaves once ``max_tokens`` is reserved, where the
  server's words say the window and the prompt's tokens (OpenAI, vLLM, DeepSeek,
  llama.cpp), else to half.
* :func:`insist` — an answer written in the other of scout's languages than the
  request's (a model that ignored the instruction) is asked for once more with a firmer
  instruction; a second answer in the wrong language is not used
  (:func:`wrong_twice`), so the chain's next link, the local synthesis written in the
  request's language, stands in and says why.

Every request sent is counted (:class:`Sends`), so the cost record and the budget are
charged for each (:func:`combined`): a refused or a discarded answer is no free one. An
error raised after an answer was paid for carries that usage (``ProviderError.paid``),
which the providers layer charges as it does an answer's. The budget holds what the
call's requests together may cost (:func:`call_bound`), so a resend never takes a
mission past its ``max_cost``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

import httpx

from scout.adapters.chat_config import window_exceeded, window_numbers
from scout.adapters.contract import Reply, Usage, usage_bound
from scout.adapters.prompt import LANGUAGES, Prompt
from scout.errors import ParseError, ProviderError
from scout.schemas.sources import Synthesis
from scout.i18n import N_, translations
from scout.i18n.numbers import format_number


@dataclass
class Sends:
    """What one call sent: the prompt first built, the one whose answer is read, and how
    many requests left (each is charged)."""

    first: Prompt
    prompt: Prompt
    count: int = 1
    #: the evidence was cut to fit the model's context window
    shrunk: bool = False
    #: the language the model first answered in, when it was asked again (en / es)
    insisted: str | None = None


def combined(*usages: Usage) -> Usage:
    """What several requests consumed together: requests, tokens and any price the
    provider reported, each added (None only where no request said it). Where some
    reported their price and others did not, the others are kept apart
    (``Usage.unpriced``), so the tariff prices them beside the reported figure."""
    def add(values: list[int | None] | list[float | None]) -> float | None:
        said = [v for v in values if v is not None]
        return sum(said) if said else None

    def whole(parts: list[Usage]) -> Usage:
        tokens_in = add([u.input_tokens for u in parts])
        tokens_out = add([u.output_tokens for u in parts])
        return Usage(requests=sum(u.requests for u in parts),
                     credits=add([u.credits for u in parts]),
                     input_tokens=None if tokens_in is None else int(tokens_in),
                     output_tokens=None if tokens_out is None else int(tokens_out),
                     reported_usd=add([u.reported_usd for u in parts]))

    total = whole(list(usages))
    # each usage's own unpriced part, and every usage that reported no price while
    # another did: priced by the tariff, never hidden behind the reported figure
    unpriced = [u.unpriced for u in usages if u.unpriced is not None]
    if total.reported_usd is not None:
        unpriced += [u.model_copy(update={"unpriced": None}) for u in usages
                     if u.reported_usd is None]
    if unpriced:
        total.unpriced = whole(unpriced)
    return total


def call_bound(prompt: Prompt, lang: str, max_tokens: int | None) -> Usage:
    """What one call sending ``prompt`` may consume at most, all its requests together:
    the budget's hold before it leaves (``Adapter.estimate_usage``). The worst case is a
    first request refused for the context window (its fee: :func:`send_fitting` counts it),
    the smaller one answered in the other language, and the firmer one (:func:`insist`),
    both at ``max_tokens``; the smaller prompt is bounded by ``prompt``. A request in
    neither of scout's languages is never asked again."""
    answer = usage_bound([prompt.system, prompt.user], max_tokens)
    others = [code for code in LANGUAGES if code != lang]
    if lang not in LANGUAGES or not others:
        return combined(Usage(requests=1), answer)
    firmer = insist(prompt, lang, others[0])
    return combined(Usage(requests=1), answer,
                    usage_bound([firmer.system, firmer.user], max_tokens))


def charged(exc: ProviderError, usage: Usage) -> ProviderError:
    """``exc``, carrying what was paid for before it was raised (the providers layer
    charges it to the cost record and the budget)."""
    paid = getattr(exc, "paid", None)
    exc.paid = combined(paid, usage) if isinstance(paid, Usage) else usage
    return exc


def send_fitting(send: Callable[[Prompt], httpx.Response], prompt: Prompt,
                 rebuild: Callable[[int], Prompt], max_tokens: int | None, name: str
                 ) -> tuple[httpx.Response, Sends]:
    """The response to ``prompt`` and what was sent; over the model's context window,
    the response to a smaller prompt (``rebuild(chars)``: the same request with its
    evidence cut to ``chars``), sent once. ParseError saying why when no smaller prompt
    can be answered or the smaller one is refused too (after the server's own words)."""
    sends = Sends(prompt, prompt)
    try:
        return send(prompt), sends
    except ParseError as exc:
        if not window_exceeded(exc):
            raise
        smaller = _smaller(prompt, exc, rebuild, max_tokens, name)
    sends.prompt, sends.count, sends.shrunk = smaller, 2, True
    try:
        return send(smaller), sends
    except ProviderError as again:
        # the first request left too: the budget counts it, refused or not
        if not window_exceeded(again):
            charged(again, Usage(requests=1))
            raise
        raise charged(ParseError(
            N_("{error}; sent again with its evidence cut to {chars} characters, it was "
               "refused again").format(error=again.message, chars=len(smaller.user)),
            adapter=name, status=again.status, hint=again.hint), Usage(requests=2)) from again


def _smaller(prompt: Prompt, exc: ParseError, rebuild: Callable[[int], Prompt],
             max_tokens: int | None, name: str) -> Prompt:
    """The prompt with less evidence, for a server that said ``prompt`` is over its
    context window: cut to what the window leaves once ``max_tokens`` is reserved, where
    the error says the window and the prompt's tokens, else to half. ParseError saying
    why not where no smaller prompt can be answered: ``max_tokens`` fills the window
    itself, or no evidence would be left."""
    window, tokens, answer = window_numbers(exc.message)
    out = max(max_tokens or 0, answer or 0)
    if window is not None and out >= window * 0.8:
        raise ParseError(N_("{error}; max_tokens ({out}) leaves no room for the prompt "
                            "in the model's context window of {window} tokens").format(
                                error=exc.message, out=out, window=window),
                         adapter=name, status=exc.status, hint=exc.hint) from exc
    share = 0.5
    if window is not None and tokens is not None and tokens > 0:
        share = min(0.8, max(0.1, 0.85 * (window - out) / tokens))
    smaller = rebuild(max(int(len(prompt.user) * share), 500))
    if smaller.evidence_used == 0 or len(smaller.user) >= len(prompt.user):
        raise ParseError(N_("{error}; a smaller request would hold none of the "
                            "evidence").format(error=exc.message),
                         adapter=name, status=exc.status, hint=exc.hint) from exc
    return smaller


def shrunk_note(sends: Sends, total: int, lang: str) -> str:
    """The synthesis note saying the prompt was sent again smaller, in ``lang``."""
    _ = translations(lang).gettext
    return _("the prompt was larger than the model's context window: it was sent again "
             "with its evidence cut from {before} to {after} characters ({used} of "
             "{total} evidence items)").format(
                 before=format_number(len(sends.first.user), lang),
                 after=format_number(len(sends.prompt.user), lang),
                 used=sends.prompt.evidence_used, total=total)


def record_sends(reply: Reply[Synthesis], sends: Sends, total: int, request_lang: str,
                 **meta: object) -> Reply[Synthesis]:
    """``reply`` with what its sends did: the note when the prompt was sent again smaller,
    and the meta the journal keeps (the prompt sent last, its evidence, how many sends),
    the same for every chat adapter; ``meta``: an adapter's own keys beside them."""
    if sends.shrunk:
        reply.value.notes.append(shrunk_note(sends, total, request_lang))
    sent = sends.prompt
    reply.meta.update(prompt_chars=len(sent.user), evidence_used=sent.evidence_used,
                      evidence_dropped=sent.evidence_dropped,
                      evidence_cut=sent.evidence_cut, evidence_shrunk=sends.shrunk,
                      sends=sends.count, **meta)
    return reply


#: what the model is told the second time, after an answer in the other language
_FIRMER = ("Your previous answer was written in {written}, which is wrong: the reader asked "
           "in {language}. Write every sentence of the answer in {language}; keep names, "
           "titles and quotes as the evidence writes them.")


def insist(prompt: Prompt, lang: str, written: str) -> Prompt:
    """``prompt`` with a firmer instruction to answer in ``lang``, after an answer written
    in ``written`` (both ``en`` / ``es``): said in the system message and again last in
    the user message, where models that drift attend most."""
    firmer = _FIRMER.format(written=LANGUAGES[written], language=LANGUAGES[lang])
    return dataclasses.replace(prompt, system=f"{prompt.system} {firmer}",
                               user=f"{prompt.user}\n\n{firmer}")


def insisted_note(lang: str, written: str) -> str:
    """The synthesis note saying the answer was asked for a second time, in ``lang``."""
    _ = translations(lang).gettext
    if written == "en":
        return _("the model first answered in English, not in Spanish, the language of the "
                 "request: it was asked once more, firmly, to answer in Spanish, and both "
                 "answers are counted in the costs")
    return _("the model first answered in Spanish, not in English, the language of the "
             "request: it was asked once more, firmly, to answer in English, and both "
             "answers are counted in the costs")


def wrong_twice(name: str, lang: str, written: str, status: int | None) -> ParseError:
    """The error for a model that answered in ``written`` again when asked firmly for
    ``lang``: its answer is not used (whole msgids, so the report says them in the
    reader's language)."""
    if written == "en":
        message = N_("{adapter}: the model answered in English twice, though the request "
                     "is in Spanish: its answer is not used")
    else:
        message = N_("{adapter}: the model answered in Spanish twice, though the request "
                     "is in English: its answer is not used")
    return ParseError(message.format(adapter=name), adapter=name, status=status,
                      hint=N_("use a model that follows the instruction to answer in the "
                              "request's language, or set lang to the language it writes"))


def answered(read: Callable[[httpx.Response, Prompt], Reply[Synthesis]],
             send: Callable[[Prompt], httpx.Response], response: httpx.Response,
             sends: Sends, lang: str, name: str,
             usage_of: Callable[[httpx.Response], Usage]) -> Reply[Synthesis]:
    """The reply read from ``response`` (``read``: the adapter's parse, which sets
    ``meta["answer_lang"]`` to the other of scout's languages when the answer is written
    in it). An answer in the other language is asked for once more with a firmer
    instruction (:func:`insist`); a second one in it is refused (:func:`wrong_twice`).
    The reply's usage counts every request sent; an answer refused after it was paid
    for (``usage_of``: what its body says it consumed) raises carrying that usage."""
    before = Usage(requests=sends.count - 1)  # sent and refused before the answer
    try:
        reply = read(response, sends.prompt)
    except ProviderError as exc:
        charged(exc, combined(before, usage_of(response)))
        raise
    written = reply.meta.get("answer_lang")
    if written not in LANGUAGES or written == lang or lang not in LANGUAGES:
        reply.usage = combined(before, reply.usage)
        return reply
    spent = combined(before, reply.usage)
    strict = insist(sends.prompt, lang, written)
    try:
        response = send(strict)
    except ProviderError as exc:
        charged(exc, spent)
        raise
    sends.prompt, sends.count, sends.insisted = strict, sends.count + 1, written
    try:
        again = read(response, strict)
    except ProviderError as exc:
        charged(exc, combined(spent, usage_of(response)))
        raise
    spent = combined(spent, again.usage)
    if again.meta.get("answer_lang") == written:
        raise charged(wrong_twice(name, lang, written, again.status), spent)
    again.usage = spent
    again.value.notes.append(insisted_note(lang, written))
    return again
