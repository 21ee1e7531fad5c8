"""A shared Redis holding values scout did not write (a real redis-server): text where a
number goes, a negative spend, an end past its key's own expiry, a key of another type, a
document that is not JSON. Each is read as absent and replaced, the run goes on, and the
warning names the key once; none stops the run as "unreachable" or lifts a cost cap."""

from __future__ import annotations

import logging

import pytest

from scout.quota.base import BudgetScope
from scout.quota.redis import PREFIX, RedisQuota

NOW = 1_000_000.0
DAMAGED = ["abc", "nan", "inf", "-inf", "-5", "1e300", ""]


@pytest.fixture
def quota(redis_url: str) -> RedisQuota:
    return RedisQuota(redis_url, clock=lambda: NOW)


def _warned(caplog: pytest.LogCaptureFixture, key: str) -> int:
    return sum(key in r.getMessage() and r.levelno == logging.WARNING for r in caplog.records)


@pytest.mark.parametrize("value", DAMAGED)
def test_a_damaged_spend_is_read_as_none_and_keeps_the_cap(
        quota: RedisQuota, value: str, caplog: pytest.LogCaptureFixture) -> None:
    key = PREFIX + "budget:m"
    quota.client.set(key, value)
    quota.client.hset(PREFIX + "held:m", "other", value)
    scope = [BudgetScope("m", 0.25, whole=True)]
    first = quota.budget_hold(scope, 0.2)
    assert first.ok and first.spent == 0.0 and first.reserved == 0.0
    # a negative spend no longer lifts the cap: the second 0.2 would cross 0.25
    assert not quota.budget_hold(scope, 0.2).ok
    assert quota.budget_settle("m", first.id, 0.2) == pytest.approx(0.2)
    assert quota.budget_spent("m") == pytest.approx(0.2)
    if value:  # an empty value is no number scout would have written either: absent
        assert _warned(caplog, key) == 1 and _warned(caplog, "held:m other") == 1


@pytest.mark.parametrize("value", DAMAGED)
def test_a_damaged_spend_is_replaced_by_the_journal_seed(quota: RedisQuota,
                                                         value: str) -> None:
    quota.client.set(PREFIX + "budget:m", value)
    quota.budget_seed("m", 0.0)
    assert quota.budget_spent("m") == 0.0
    quota.budget_seed("m", 1.5)
    assert quota.budget_spent("m") == 1.5


@pytest.mark.parametrize("value", DAMAGED)
def test_a_damaged_rate_slot_or_cool_down_is_no_wait(
        quota: RedisQuota, value: str, caplog: pytest.LogCaptureFixture) -> None:
    for name in ("rate:tavily", "breaker:tavily"):
        quota.client.set(PREFIX + name, value, px=3_600_000)
    assert quota.cooldown_left("tavily") == 0.0
    assert quota.reserve_rate("tavily", 60, 1) == 0.0
    assert quota.reserve_rate("tavily", 60, 1) == pytest.approx(1.0)  # the cap still holds
    quota.trip("tavily", 30)
    assert quota.cooldown_left("tavily") == pytest.approx(30.0)
    if value:
        assert _warned(caplog, "breaker:tavily") == 1 and _warned(caplog, "rate:tavily") == 1


def test_an_end_later_than_its_key_expires_is_damaged(quota: RedisQuota) -> None:
    # a cool-down of a year on a key that expires in a minute (or never) was not set by
    # scout, which always sets the expiry at the end; one within it is kept
    quota.client.set(PREFIX + "breaker:a", f"{NOW + 365 * 86400:.6f}", px=60_000)
    quota.client.set(PREFIX + "breaker:b", f"{NOW + 365 * 86400:.6f}")
    quota.client.set(PREFIX + "breaker:c", f"{NOW + 50:.6f}", px=60_000)
    assert quota.cooldown_left("a") == 0.0 and quota.cooldown_left("b") == 0.0
    assert quota.cooldown_left("c") == pytest.approx(50.0)


def test_keys_of_another_type_and_documents_not_json(
        quota: RedisQuota, caplog: pytest.LogCaptureFixture) -> None:
    quota.client.rpush(PREFIX + "claim:k", "x")
    quota.client.rpush(PREFIX + "budget:m", "x")
    assert quota.claim("k", "me", 5.0).holder is None
    assert quota.budget_spent("m") == 0.0
    doc = quota.doc("pool", None)  # type: ignore[arg-type]
    for raw in ("{not json", "[1, 2]", "\"text\""):
        quota.client.set(doc.key, raw)
        assert doc.read() == {}
        assert doc.update(lambda d: d.setdefault("n", 1)) == 1 and doc.read() == {"n": 1}
    quota.client.set(doc.key, "{not json")
    spec = {"strategy": "round-robin", "tokens": [{"name": "a", "weight": 1, "ok": True}],
            "exclude": []}
    assert doc.pool_op("pick", "p", NOW, spec) == "a"
    assert _warned(caplog, "claim:k (not a string)") == 1
    assert _warned(caplog, "doc:pool") == 3  # each damaged document once


def test_the_warning_is_a_run_s_notice_in_the_request_s_language(
        quota: RedisQuota, capfd: pytest.CaptureFixture[str]) -> None:
    """It went to stderr in English through Python's last-resort handler: while a mission
    runs (orchestrator.events.LogNotices) it is one of its warning notices, shown in the
    request's language as the others are."""
    from scout.orchestrator.events import EventBus, LogNotices, Notice

    seen: list[object] = []
    relay = LogNotices(EventBus([seen.append])).attach()
    try:
        quota.client.set(PREFIX + "budget:m", "-5")
        quota.budget_spent("m")
    finally:
        relay.detach()
    (notice,) = [e for e in seen if isinstance(e, Notice)]
    assert notice.level == "warning" and "budget:m" in notice.text
    said = notice.message("es")
    assert said.startswith("backend de cuotas ") and "no es un valor que escriba scout" in said
    assert capfd.readouterr().err == ""  # not printed by the last-resort handler


@pytest.mark.parametrize("raw", ["{not json", "[1, 2]", "\"text\"", "7"])
def test_the_pool_script_says_a_document_it_replaces(
        quota: RedisQuota, raw: str, caplog: pytest.LogCaptureFixture) -> None:
    """The pool's Lua script read a document scout did not write as empty and replaced it
    without a word (only ``read`` said so): a token pool's counts vanished unexplained.
    Now it is said once, as ``read`` says it, and the pool goes on."""
    doc = quota.doc("pool", None)  # type: ignore[arg-type]
    quota.client.set(doc.key, raw)
    spec = {"strategy": "round-robin", "tokens": [{"name": "a", "weight": 1, "ok": True}],
            "exclude": []}
    assert doc.pool_op("pick", "p", NOW, spec) == "a"
    assert doc.pool_op("pick", "p", NOW, spec) == "a"  # the replaced document is scout's
    assert doc.read()["pools"]["p"]["tokens"]["a"]["requests"] == 2
    assert _warned(caplog, "doc:pool") == 1
    assert raw[:5] in caplog.text
