"""``scout mcp``: scout as a Model Context Protocol server, for agents.

* :mod:`.models`: the typed results every tool returns (their JSON Schemas are the
  tools' output schemas);
* :mod:`.tools`: the tools themselves, each a thin call of :mod:`scout.api` with paths
  confined to the framework root and every result scrubbed of secret values;
* :mod:`.kinds`: the ``kinds`` tool, the research kinds (pipeline files) an agent can
  run and the inputs each reads;
* :mod:`.arguments`: what each tool argument takes, and refusals of them as USE001;
* :mod:`.server`: the MCP server (official SDK), its resources, and the stdio and
  streamable-HTTP transports (the HTTP one under ``scout serve``'s bind rules).
"""
