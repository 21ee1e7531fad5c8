"""The HTTP API (``scout serve``): FastAPI app in :mod:`.app`, bind rules and auth in
:mod:`.security`, start-up in :mod:`.serve`. The handlers call :mod:`scout.audit` and
:mod:`scout.api`, exactly what the CLI calls."""
