"""Shared limits of the providers layer (rate caps, breaker, budget, claims, pool state)
behind one interface, :class:`scout.quota.base.Quota`; backends memory, local (SQLite),
redis. Built by :func:`scout.quota.factory.make_quota`."""
