"""§4: a link gets an explicit bundle of services, not the runtime. chain, link and
runtime import one way (runtime -> chain -> link -> services), with no import back
even under TYPE_CHECKING, and the providers layer never imports the step registry."""

from __future__ import annotations

import ast
from pathlib import Path

import scout

PROVIDERS = Path(scout.__file__).parent / "providers"


def _imports(module: str) -> set[str]:
    tree = ast.parse((PROVIDERS / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):  # every import, TYPE_CHECKING blocks and functions too
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def test_chain_link_and_services_never_import_what_sits_above_them():
    above = {"link": {"scout.providers.chain", "scout.providers.runtime"},
             "chain": {"scout.providers.runtime"},
             "services": {"scout.providers.chain", "scout.providers.link",
                          "scout.providers.runtime"}}
    for module, banned in above.items():
        assert not _imports(module) & banned, module


def test_no_providers_module_reads_step_kinds():
    for path in PROVIDERS.glob("*.py"):
        assert not any(m.startswith("scout.steps") for m in _imports(path.stem)), path.name


def test_a_gateway_holds_the_bundle_and_nothing_else_of_the_runtime(make_runtime):
    from tests.providers.fakes import ScriptedAdapter, make_config, settings

    cfg = make_config({"a": settings()}, {"web": ["a"]})
    rt = make_runtime(cfg, {"a": ScriptedAdapter("a", cfg.adapters["a"])})
    gw = rt.gateway("F1", "web")
    assert gw.services is rt.services and gw.caller.services is rt.services
    assert not any(v is rt for v in vars(gw).values())
    assert not any(v is rt for v in vars(rt.services).values())


def test_the_hook_resolves_step_kinds_as_data_that_a_worker_can_rebuild_from(tmp_path):
    """The built-in hook turns the injected lookup into a table of the pipeline's kinds:
    the recipe a Dask worker unpickles carries it, and needs no step registry."""
    import pickle
    from types import SimpleNamespace

    from scout import api
    from scout.providers.hook import ProviderOptions, ProvidersHook
    from scout.spec.models import Pipeline
    from tests.providers.fakes import make_config, settings

    cfg = make_config({"a": settings(), "s": settings("fake_synth")},
                      {"web": ["a"], "synthesis": ["s"]})
    pipe = Pipeline.model_validate({"apiVersion": "scout/v1", "name": "p", "phases": {
        "F1": {"uses": "search", "produces": ["c"], "with": {"query": "x"}},
        "F2": {"uses": "synthesize", "produces": ["d"]}}})
    seen: list[str] = []

    def lookup(uses: str) -> str | None:
        seen.append(uses)
        return api.step_capability(uses)

    hook = ProvidersHook(tmp_path, ProviderOptions(env={}), step_capability=lookup)
    try:
        factory, _ = hook(SimpleNamespace(mission_id="m-1", max_cost=None), pipe, cfg)
        assert factory("F1", pipe.phases["F1"]).chain_name == "web"
        assert factory("F2", pipe.phases["F2"]).chain_name == "synthesis"
        assert sorted(seen) == ["search", "synthesize"]  # once per kind, when built
        recipe = pickle.loads(pickle.dumps(hook.recipe))
        rebuilt = recipe.build()
        try:
            assert rebuilt.gateway_for_phase("F2", pipe.phases["F2"]).chain_name == "synthesis"
        finally:
            rebuilt.close()
    finally:
        hook.close()
    assert api.step_capability("no_such_kind") is None
