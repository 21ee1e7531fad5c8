"""``scout batch``: many missions at once (issue 16 §4).

- :mod:`scout.batch.inputs` — the missions of a batch (a folder of Mission files, or a
  pipeline plus a CSV/YAML query list), checked before anything runs;
- :mod:`scout.batch.runner` — runs them on an executor under one budget;
- :mod:`scout.batch.record` — the batch record under ``<runs-dir>/.batches/``;
- :mod:`scout.batch.progress` — the live / plain progress display.

``scout.batch.service.batch_apply`` and ``batch_status`` wire them together (on top of ``scout.api``).
"""
