"""The record fields `scout validate` knows without importing the artifact models
(scout/validate/record_fields.py) are exactly the models' own: a field added to
Candidate or Video and not to the table would be refused as a typo (SPEC052)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from scout.schemas.records import Candidate
from scout.schemas.sources import Video
from scout.validate import record_fields


def test_the_table_is_the_models_fields_and_properties() -> None:
    assert record_fields.CANDIDATE_FIELDS == record_fields._names(Candidate)
    assert record_fields.VIDEO_FIELDS == record_fields._names(Video)


def test_a_property_counts_as_a_field() -> None:
    assert "evidence_count" in record_fields._names(Candidate)  # a property, not a field
    assert "evidence_count" not in Candidate.model_fields


def test_validate_does_not_import_the_artifact_models() -> None:
    # what the table is for: `scout validate` starts without building them
    code = ("import sys; from scout.cli import run; sys.argv = ['scout', 'validate', "
            "'pipelines/']\ntry: run()\nexcept SystemExit: pass\n"
            "print('scout.schemas.records' in sys.modules, 'scout.schemas.sources' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).resolve().parents[2])
    assert out.stdout.strip().splitlines()[-1] == "False False"
