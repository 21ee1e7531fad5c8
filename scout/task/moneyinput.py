"""The money input's reading, one turn of the request parser's reading loop
(:func:`scout.task.parser.parse_query`): the amount an input of type ``money`` reads, by
its own label among the kind's other amounts (a pair's ends, rivals such as a fee beside
a budget), said to be none ("sin matrícula"), per a period or a unit of work, with its
tax basis; the currency word read as a code is noted. What each step means lives in the
modules it calls (:mod:`scout.task.money`, :mod:`scout.task.moneypair`,
:mod:`scout.task.moneylabels`, :mod:`scout.task.moneyunits`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.task.accept import default_currency
from scout.task.currencyword import shared_by
from scout.task.enums import rival_words
from scout.task.others import blanked
from scout.task.parse_notes import ParseResult, note
from scout.task.readers import CLAIMED, QueryText


def read_money(name: str, spec: InputSpec, inputs: dict[str, InputSpec], text: QueryText,
               result: ParseResult, territories: list[str], others: list[tuple[int, int]],
               unit_spans: list[tuple[int, int]],
               found: Callable[[str, Any, tuple[int, int]], None],
               _: Callable[[str], str]) -> tuple[Any, tuple[int, int]] | None:
    """The value and span the money input ``name`` reads from ``text``, or None; the other
    end of a pair it reads is set through ``found``, and the span of a unit of work a
    price is per is added to ``unit_spans``. ``territories``: the request's countries;
    ``others``: the spans of other parts of the request (another thing's price)."""
    from scout.task.money import find_money, iter_money
    from scout.task.pricelabel import labelled
    from scout.task.moneypair import ends as money_ends
    from scout.task.moneypair import is_floor as money_is_floor_end
    from scout.task.moneypair import partner as money_partner
    from scout.task.moneypair import pick as pick_money
    from scout.task.moneylabels import currency_of as money_currency
    from scout.task.moneylabels import owner as money_owner
    from scout.task.moneylabels import pick as pick_labelled
    from scout.task.moneylabels import rivals as money_rivals
    from scout.task.moneylabels import said_none, unit_owner
    from scout.task.itemcount import counted_price, unit_price
    from scout.task.moneyunits import periodic, unit_span
    from scout.task.stretch import stretched
    from scout.task.taxbasis import with_basis

    hit: tuple[Any, tuple[int, int]] | None = None
    free = blanked(text.free, others, CLAIMED)
    end = money_partner(name, inputs)
    # "matrícula 20 €" beside "cuota 40 €", "0,14 €/kWh" beside a budget a month
    rivals = money_rivals(name, inputs)
    money = pick_money(name, (
        h for h in iter_money(free, text.original, territories, lang=result.lang)
        if not rivals or money_owner(free, h[1], rivals) in (None, name))) \
        if end is not None else pick_labelled(name, free, iter_money(
            free, text.original, territories, lang=result.lang), rivals) \
        if rivals else None
    if money is None and end is None:
        money = find_money(free, text.original, territories,
                           default_currency=default_currency(spec), lang=result.lang)
        if money is not None and rivals and (money_owner(free, money[1], rivals)
                                             or unit_owner(money[0], rivals)) not in (None, name):
            money = None  # another input's amount (by its label, or by its unit: "por watt")
    assumed: tuple[str, str, str, str] | None = None
    if money is None and end is None and not default_currency(spec):
        from scout.task.localamount import local_money

        # "hasta 40.000" for a ride in Buenos Aires: the place's currency, where nothing
        # else could be meant (scout.task.localamount, docs/authoring.md)
        local = local_money(free, text, result.lang)
        if local is not None and (not rivals or money_owner(free, local[1], rivals) in (None, name)):
            money, assumed = (local[0], local[1], None), local[2]
    if money is None and end is None and rivals \
            and (none := said_none(free, name, spec)):
        # "sin matrícula": none of it, 0 in the currency of the request's
        # money, read or still to read ("alquiler hasta 900 € y sin fianza")
        code = money_currency([*result.values.values(), *(h[0] for h in iter_money(
            free, text.original, territories, lang=result.lang))], territories) \
            or default_currency(spec)
        if code:
            hit = (Money(amount=0.0, currency=code), none)
    if money is not None and end is not None and money[0].min is not None \
            and end not in result.values:  # "between 50,000 and 200,000 EUR"
        low, high = money_ends(money[0])
        mine, other = (low, high) if money_is_floor_end(name) else (high, low)
        found(end, other, money[1])
        money = (mine, money[1], money[2])
    if money is not None:  # "day pass €18", "420 € por 10 días"
        said = money
        money = periodic(money, text.free)
        if money[0] == said[0] and money[1] != said[1] and any(
                s.type == "duration" and n not in result.values for n, s in inputs.items()):
            # "£4 a month for 24 months": the rate's own period, then how long it is
            # bought for, which the kind's duration input reads (a term, a stay)
            money = said
        # "300 € cada una" for 3 pipettes: one's, not a person's
        money = (unit_price(money[0], inputs), money[1], money[2])
        # "80 € por muestra" for a count of samples: one sample's
        money = (*counted_price(money[0], money[1], free, inputs), money[2])
        if end is None:  # "ideally £150 a month, £200 tops": the most it may cost at all
            first = money[1]
            money, conditions = stretched(money, free, text.original, territories,
                                          result.lang)
            if money[1] != first:
                # the amount it bends is the budget's too, no fee's; what the stretch is
                # for ("si incluye la renta") is no requirement
                for span in (first, *conditions):
                    text.claim(span)
    if money is not None and money[0].per is None and spec.per is not None:
        # the kind's basis for a budget the request says none of: a hire's "3 días,
        # máximo 400 €" is for the three days (``InputSpec.per``)
        money = (money[0].model_copy(update={"per": spec.per}), money[1], money[2])
    if money is not None and (unit := unit_span(text.free, money[0], money[1])):
        unit_spans.append(unit)
    if money is not None:  # its label too ("sesión de 60 €": no place "Sesión")
        # a pair's ends share their label ("estimated value under 200k")
        labels = [*spec.aliases, *(inputs[end].aliases if end else ())]
        hit = (money[0], with_basis(free, labelled(
            text.free, money[1], [name.replace("_", " "), *labels]),
            rival_words(inputs, name)))
        if assumed is not None:
            code, money_name, country, amount = assumed
            note(result, name, _(
                "{name}: {amount} has no currency; it was read in {money} ({code}), the "
                "currency of {country}; write the currency code if you meant another").format(
                    name=result.label(name), amount=amount, money=money_name, code=code,
                    country=country))
        shared = shared_by(money[2]) if money[2] else ()
        if money[2] and shared and money[0].currency != "USD":
            # "12 palos", "80 lucas" with no place that says whose: the guess is named as
            # one among the countries that say it, never made silently
            shared = (money[0].currency, *(c for c in shared if c != money[0].currency))
            codes = ", ".join(shared[:5]) + (", …" if len(shared) > 5 else "")
            note(result, name, _(
                "{name}: '{word}' is said for several currencies ({codes}) and the request "
                "names no place that says which, so it was read as {code}; write the "
                "currency code if you meant another").format(
                    name=result.label(name), word=money[2], codes=codes,
                    code=money[0].currency))
        elif money[2] and money[0].currency != "USD":  # USD: the usual reading
            note(result, name, _(
                "{name}: read '{word}' as {code}; write the currency code if you "
                "meant another").format(name=result.label(name),
                                        word=money[2], code=money[0].currency))
    return hit
