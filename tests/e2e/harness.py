"""Run the real ``scout`` CLI with YouTube's two adapters replaced by fakes.

    python -m tests.e2e.harness [--youtube-down] apply pipelines/hotel_research.yaml ...

Everything else is real: the CLI, the orchestrator, the providers layer and the HTTP
adapters (pointed at the fake server by SCOUTE_<ADAPTER>_BASE_URL in the environment).
Used in-process (``run_cli``) and as a subprocess (crash tests SIGKILL it).
"""

from __future__ import annotations

import functools
import sys

from tests.e2e.world import adapter_factory


def install(youtube_down: bool = False) -> None:
    import scout.cli.run_cmds as run_cmds
    from scout.providers.hook import ProviderOptions

    run_cmds.ProviderOptions = functools.partial(  # type: ignore[misc]
        ProviderOptions, adapter_factory=adapter_factory(youtube_down))


def run_cli(argv: list[str], *, youtube_down: bool = False) -> int:
    import scout.cli.run_cmds as run_cmds
    from scout.cli import main

    saved = run_cmds.ProviderOptions
    install(youtube_down)
    try:
        return main(argv)
    finally:
        run_cmds.ProviderOptions = saved  # type: ignore[misc]


if __name__ == "__main__":
    args = sys.argv[1:]
    down = "--youtube-down" in args
    args = [a for a in args if a != "--youtube-down"]
    install(down)
    from scout.cli import main

    sys.exit(main(args))
