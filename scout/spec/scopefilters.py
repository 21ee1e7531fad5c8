"""The filters bound to the scope a template renders in, which
:func:`scout.spec.templating.make_env` puts over scout's plain ones: the locale filters a
pipeline's own templates call write in the request's language (``task.lang``) and on the
kind's rating scale; ``mentions`` and ``stated`` read the pipeline's synonyms, and
``stated`` and ``tier_price`` over units in two currencies read in the one rank compares
in (:mod:`scout.spec.statedmoney`). And
:func:`in_language`, which binds a report's language (or rank's ``reasons``') over every
locale filter. jinja2 is imported when an environment is made, not with this module.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scout.spec.sandbox import BoundedSandbox


def bind_scope_filters(filters: MutableMapping[str, Any]) -> None:
    """Put the scope's filters over scout's plain ones in an environment's ``filters``."""
    for name in TASK_LANG_FILTERS:  # a report's environment binds its language over these
        filters[name] = _in_task_lang(filters[name])
    filters["mentions"] = _mentions_in_scope()
    filters["stated"] = _stated_in_scope()
    filters["tier_price"] = _tier_price_in_scope()


def in_language(env: BoundedSandbox, lang: str, rating_scale: int = 10,
                units: dict[str, str] | None = None) -> BoundedSandbox:
    """``env`` with its locale filters (``number``, ``money``, ``value``…: those taking
    ``lang``) writing ``lang``, as a report's do: text a step renders for the report, such
    as ``rank``'s ``reasons``, reads "1,68 kg" in a Spanish one, not "1.68 kg"; and its
    ratings on the kind's scale (``rating_scale``: "93/100" for critics' points), its
    lengths and weights in the request's units (``units``: Task.shown_units)."""
    import functools

    from scout.spec.filters import FILTERS

    for name, fn in FILTERS.items():
        params = _parameters(fn)
        if "lang" in params:
            bound: dict[str, Any] = {"lang": lang}
            if "rating_scale" in params:
                bound["rating_scale"] = rating_scale
            if "units" in params:
                bound["units"] = units
            env.filters[name] = functools.partial(fn, **bound)
    return env


@lru_cache(maxsize=256)  # scout's filters: a few dozen functions
def _parameters(fn: Callable[..., Any]) -> frozenset[str]:
    """The names of a filter's parameters, read once a process: every environment a
    mission makes asks them of each locale filter (thousands of ``inspect.signature``
    calls a mission otherwise)."""
    import inspect

    return frozenset(inspect.signature(fn).parameters)


#: the locale filters (scout.spec.filters) that a pipeline's own templates call: they write
#: in the request's language (``task.lang``), as a report does
TASK_LANG_FILTERS = ("money", "rating", "number", "date", "month", "value", "duration", "usd",
                     "unit", "listed")


@lru_cache(maxsize=64)
def _in_task_lang(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` in the language of the scope's ``task`` (English without one), unless the
    template names a ``lang``: an e-mail subject's ``{{ task.month | month }}`` reads
    "septiembre de 2026" for a Spanish request. The wrapper reads everything from the
    scope it renders in, so one per filter serves every environment (a mission makes a
    few hundred)."""
    from jinja2 import pass_context

    from scout.i18n import lang_of

    scaled = "rating_scale" in _parameters(fn)
    united = "units" in _parameters(fn)

    @pass_context
    def in_lang(context: Any, value: Any, *args: Any, **kwargs: Any) -> Any:
        task = context.get("task")
        if "lang" not in kwargs:
            lang = task.get("lang") if isinstance(task, dict) else getattr(task, "lang", None)
            kwargs["lang"] = lang_of(lang)
        if scaled and "rating_scale" not in kwargs:
            # the scale the report shows ratings on ("93/100" in a wines e-mail too; a
            # kind with no rating input: the one its sources stated, from the candidates
            # this scope holds), so an e-mail never says "/10" where the report says "/5";
            # imported here, when a template renders: validate only compiles (the records'
            # models cost a cold `scout validate` ~9 ms)
            from scout.schemas.ratingscale import candidates_in, rating_scale

            kwargs["rating_scale"] = rating_scale(task, candidates_in(context.get_all()))
        if united and "units" not in kwargs:  # "5 mi (8.05 km)" for a request in miles
            kwargs["units"] = getattr(task, "shown_units", None)
        return fn(value, *args, **kwargs)

    in_lang.__name__ = getattr(fn, "__name__", "filter")
    in_lang.__doc__ = fn.__doc__
    return in_lang


@lru_cache(maxsize=1)
def _mentions_in_scope() -> Callable[..., Any]:
    """``mentions`` with the pipeline's synonym table, read from the scope it runs in
    (scout.spec.filters.SYNONYMS_VAR, else the report's ``pipeline``). pass_context: Jinja
    never folds it into compiled code shared by other pipelines."""
    from jinja2 import pass_context

    from scout.spec.filters import SYNONYMS_VAR, mentions, synonym_table

    @pass_context
    def mentions_in_scope(context: Any, value: Any, words: Any, every: bool = True) -> bool:
        table = context.get(SYNONYMS_VAR)
        if table is None:
            table = synonym_table(getattr(context.get("pipeline"), "inputs", None))
        return mentions(value, words, every, synonyms=table)

    return mentions_in_scope


@lru_cache(maxsize=1)
def _stated_in_scope() -> Callable[..., Any]:
    """``stated`` whose ``of`` / ``not_of`` words are read with the pipeline's synonyms,
    found as :func:`_mentions_in_scope` finds them: ``of=[task.layout]`` names the enum
    value, and a listing writes it in its own language (``theatre`` / "teatro")."""
    import functools

    from jinja2 import pass_context

    from scout.spec.filters import SYNONYMS_VAR, stated, synonym_table
    from scout.spec.statedmoney import (DOLLAR_VAR, MONEY_VAR, TAX_VAR, one_currency,
                                        stated_in, tax_for)

    @pass_context
    @functools.wraps(stated)
    def stated_in_scope(context: Any, value: Any, *units: str, **kw: Any) -> Any:
        table = context.get(SYNONYMS_VAR)
        if table is None:
            table = synonym_table(getattr(context.get("pipeline"), "inputs", None))
        money = context.get(MONEY_VAR)
        # an amount said before tax put on the basis rank compares on (its TAX_VAR)
        tax = context.get(TAX_VAR)
        kw.pop("tax", None)
        if money:  # units in two currencies read in the one compared (scout.spec.statedmoney)
            return stated_in(stated, value, units, money, {"synonyms": table, **kw},
                             local_dollar=bool(context.get(DOLLAR_VAR)), tax=tax)
        return stated(value, *units, synonyms=table, tax=tax_for(tax, one_currency(units)),
                      **kw)

    return stated_in_scope


@lru_cache(maxsize=1)
def _tier_price_in_scope() -> Callable[..., Any]:
    """``tier_price`` whose units in two currencies or more (``'€', '£'``) are read apart
    and converted to the one rank compares in, as ``stated``'s are
    (:func:`scout.spec.statedmoney.stated_in`): a UK lab's "96+ samples £60" against a
    budget in euros was compared as 60 €."""
    import functools

    from jinja2 import pass_context

    from scout.spec.statedmoney import DOLLAR_VAR, MONEY_VAR, stated_in
    from scout.spec.tiersaid import tier_price

    @pass_context
    @functools.wraps(tier_price)
    def tier_price_in_scope(context: Any, value: Any, count: Any, *units: str,
                            **kw: Any) -> Any:
        money = context.get(MONEY_VAR)
        if not money:
            return tier_price(value, count, *units, **kw)

        def read(value: Any, *group: str, **kw: Any) -> Any:
            return tier_price(value, count, *group, **kw)

        return stated_in(read, value, units, money, kw,
                         local_dollar=bool(context.get(DOLLAR_VAR)))

    return tier_price_in_scope
