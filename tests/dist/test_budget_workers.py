"""``max_cost`` across Dask worker processes: with ``local:N`` and the local (SQLite)
quota backend the workers share one budget, so the mission stops as one process would;
an executor whose workers could not share it is refused (CFG055) before anything runs."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("distributed", reason="the dist extra is not installed "
                    "(pip install 'scout[dist]')")

from scout.config.loader import load_config  # noqa: E402
from scout.errors import ConfigError  # noqa: E402
from scout.orchestrator.remote import budget_reach  # noqa: E402
from scout.providers.hook import ProviderOptions  # noqa: E402
from scout.providers.journal import iter_journal, journal_streams  # noqa: E402
from tests.dist.cluster import apply, config, pipeline  # noqa: E402
from tests.dist.test_killed_worker import TAVILY  # noqa: E402
from tests.fakes.providers import FakeProviders  # noqa: E402
from tests.fakes.server import FakeServer  # noqa: E402
from tests.ports import closed_port  # noqa: E402

N = 12
SEARCH = f"""
phases:
  L: {{uses: STEPS:items, with: {{n: {N}}}, produces: [things]}}
  S: {{uses: search, needs: [things], for_each: things, as: item, chain: web,
      with: {{query: "q{{{{ item.n }}}}", limit: 3}}, produces: [found]}}
"""
CAP = 0.03


def _spend(root: Path, executor: str) -> tuple[object, int, float, int]:
    with FakeServer() as srv:
        fake = FakeProviders(srv)
        for i in range(N):  # calls overlap: every worker is paying at the same time
            fake.slow(f"q{i}", 0.3)
        config(root, executor, TAVILY.format(url=srv.url))
        result = apply(root, pipeline(root, SEARCH), max_cost=CAP,
                       provider_options=ProviderOptions(
                           env={"TAVILY_API_KEY": fake.keys["tavily"]}))
        received = len(fake.queries("tavily"))
    usd = sum(float((e.get("cost") or {}).get("usd") or 0.0)
              for e in iter_journal(root / "runtime"))
    return result, received, round(usd, 6), len(journal_streams(root / "runtime"))


def test_local_n_workers_share_one_budget(tmp_path: Path) -> None:
    one, one_received, one_usd, _ = _spend(tmp_path / "threads", "{kind: local}")
    two, received, usd, streams = _spend(tmp_path / "dask", "{kind: dask, address: 'local:2'}")
    assert one.status == two.status == "stopped_budget"
    assert one.exit_code == two.exit_code == 4
    assert streams >= 2  # the items were paid from worker processes
    price = one_usd / one_received
    # one payer over the cap at most, as in one process; never a cap per worker
    assert usd <= CAP + price + 1e-9 and received < N
    assert received <= one_received + 1
    assert usd == pytest.approx(received * price)  # every paid call journaled


@pytest.mark.parametrize("executor,extra", [
    ("{kind: dask, address: 'local:2'}", "quota: {backend: memory}\n"),
    ("{kind: dask, address: 'tcp://10.0.0.5:8786'}", ""),
])
def test_a_budget_the_workers_cannot_share_is_refused_up_front(
        tmp_path: Path, executor: str, extra: str) -> None:
    config(tmp_path, executor, extra + TAVILY.format(url="http://127.0.0.1:9"))
    p = pipeline(tmp_path, SEARCH)
    with pytest.raises(ConfigError) as exc:
        apply(tmp_path, p, max_cost=CAP, providers=False)
    assert exc.value.code == "CFG055" and exc.value.exit_code == 3
    assert "redis" in (exc.value.hint or "")
    assert not (tmp_path / "runs" / "m1").exists()  # refused before anything ran


def test_where_the_budget_holds(tmp_path: Path) -> None:
    def reach(executor: str, extra: str = "", env: dict | None = None) -> str | None:
        return budget_reach(load_config(config(tmp_path, executor, extra)), env or {})

    assert reach("{kind: local}", "quota: {backend: memory}\n") is None  # one process
    assert reach("{kind: dask, address: 'local:4'}") is None  # SQLite: one machine
    with closed_port() as port:
        assert reach(f"{{kind: dask, address: 'tcp://127.0.0.1:{port}'}}") is None
    remote = "{kind: dask, address: 'tcp://10.0.0.5:8786'}"
    assert "other machines" in (reach(remote) or "")
    assert reach(remote, "quota: {backend: 'redis://10.0.0.2:6379/0'}\n") is None
    assert reach(remote, env={"SCOUTE_QUOTA_URL": "redis://10.0.0.2:6379/0"}) is None
    assert "memory" in (reach("{kind: dask, address: 'local:2'}",
                              "quota: {backend: memory}\n") or "")
