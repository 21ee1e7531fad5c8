"""Audit and operations: what the ``scout runs|audit|journal|pool|cost`` commands and the
HTTP API (``scout serve``) both call.

* :mod:`~scout.audit.filters` — ``--since`` parsing and the journal filter;
* :mod:`~scout.audit.index` — the incremental SQLite index beside the request journal
  (the journal stays the source of truth; the index is rebuilt when stale or damaged);
* :mod:`~scout.audit.journal_lines` — the journal's whole lines, their ids, torn lines;
* :mod:`~scout.audit.journal_query` — journal queries (indexed, or a scan);
* :mod:`~scout.audit.cost` — cost aggregation (indexed, or a cold scan);
* :mod:`~scout.audit.runs` — the missions under a runs dir;
* :mod:`~scout.audit.trail` — one mission's full audit trail (JSON and Markdown);
* :mod:`~scout.audit.pool_status` — the token pool's state, never a value;
* :mod:`~scout.audit.replay` — re-issuing a journaled request through its adapter;
* :mod:`~scout.audit.secrets` — last-line scrubbing of known secret values from output.
"""
