"""What a step kind is made of, below the step kinds that use it: the registry of kinds
(``registry``), the built-in kinds' parameter models (``params``) and the context a step
runs with (``context``: ``StepContext``, ``Outputs``, the ``Gateway`` protocol).

The orchestrator, the validator and the step kinds read these; none of them imports a
step kind's runner (the registry imports those lazily, by name)."""
