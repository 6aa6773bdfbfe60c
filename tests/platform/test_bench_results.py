"""bench/RESULTS.md: each section says which commit it measured and how loaded the machine
was, so that two runs' figures can be told apart (issue 36)."""

from __future__ import annotations

import os
import subprocess
import sys
import types

import pytest

from bench import run_all
from bench.common import ROOT


def test_a_section_names_its_commit_cores_and_load(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = types.ModuleType("bench.bench_fake", "A bench that measures nothing.")
    fake.run = list  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bench.bench_fake", fake)
    stamp = run_all._section("bench_fake")[2]
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    assert f"at commit {head}" in stamp
    assert f"on {os.cpu_count()} cores" in stamp
    assert stamp.count("(1 min)") == 2  # the load at the start and at the end
