"""``python -m tests.mcp.launch``: the real ``scout mcp`` (stdio) with the e2e world's
adapter factory (YouTube's two adapters faked, pages resolved to the fake server), so
live missions over MCP run against the local fake providers like tests/e2e do."""

from __future__ import annotations

import functools
import sys

if __name__ == "__main__":
    import scout.providers.hook as hook
    from scout.cli import main
    from tests.e2e.world import adapter_factory

    hook.ProviderOptions = functools.partial(  # type: ignore[misc]
        hook.ProviderOptions, adapter_factory=adapter_factory(False))
    sys.exit(main(["mcp", *sys.argv[1:]]))
