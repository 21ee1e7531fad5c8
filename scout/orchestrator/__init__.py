"""The orchestrator: runs a validated pipeline as a durable, resumable mission.

``dag.py`` (the phase graph), ``runner.py`` (the scheduler, with ``decisions.py``,
``failures.py``, ``fanout.py``, ``phase_run.py``), ``planner.py`` (``scout plan``),
``mission.py`` (one mission end to end, asked by ``mission_request.py``, ended as
``mission_result.py`` says; ``mission_runner.py`` keeps the seed's names), ``state.py`` / ``state_store.py`` (the
state log and phase.json), ``artifact_store.py``, ``fingerprint.py``, ``scope.py``
(Jinja in phase scope), ``locks.py``, ``events.py`` and ``progress.py``.
See docs/running.md.
"""
