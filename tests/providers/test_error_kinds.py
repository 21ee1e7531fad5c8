"""Each exception class declares its kind; a chain failure is a ChainFailed carrying its
cause and links (no attributes patched onto exceptions)."""

from __future__ import annotations

import inspect

import pytest

import scout.errors as errors
from scout.errors import (ERROR_KINDS, ChainFailed, PhaseTimeout, PoolExhausted, ProviderError,
                          StepError, Unavailable, Unreachable)


def _provider_classes() -> list[type[ProviderError]]:
    return [c for _, c in inspect.getmembers(errors, inspect.isclass)
            if issubclass(c, ProviderError) and c not in (ProviderError, ChainFailed)]


def test_every_provider_error_class_declares_a_kind_a_spec_or_journal_can_name() -> None:
    kinds = {}
    for cls in _provider_classes():
        kinds[cls.__name__] = cls.kind
        assert cls.kind != ProviderError.kind, cls  # declared, not the base's default
    # retry.on names are kinds some class declares (timeout / step_error: run errors)
    declared = set(kinds.values()) | {PhaseTimeout.kind, StepError.kind}
    assert set(ERROR_KINDS) <= declared
    assert Unreachable.kind == Unavailable.kind == "unavailable"  # retried alike
    assert "_KIND_BY_CLASS" not in vars(errors)


def test_chain_failed_takes_kind_code_and_retryability_from_its_cause() -> None:
    cause = PoolExhausted("every token is out", adapter="px", retry_after=60.0, hint="add one")
    err = ChainFailed("phase 'P': every adapter failed", cause=cause, links=["a", "b"])
    assert isinstance(err, ProviderError) and err.cause is cause
    assert (err.kind, err.code, err.retryable, err.exit_code) == ("pool_exhausted", "PRV006",
                                                                  True, 3)
    assert (err.adapter, err.retry_after, err.hint) == ("px", 60.0, "add one")
    assert err.links == ("a", "b")
    assert ChainFailed.code == "PRV021"


@pytest.mark.parametrize("cls", [c for c in _provider_classes()])
def test_no_provider_error_instance_grows_undeclared_attributes(cls) -> None:
    exc = cls("x") if cls is not errors.RateLimited else cls("x", challenge=True)
    assert not hasattr(exc, "links") and not hasattr(exc, "_scout_tries")
