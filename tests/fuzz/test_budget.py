"""``make test`` runs the fuzz tests on a small fixed budget; ``make fuzz`` on a multiple of it."""

from __future__ import annotations

import subprocess
from pathlib import Path

from .harness import SCALE, budget

REPO = Path(__file__).resolve().parents[2]


def test_the_budget_is_the_named_cases_times_the_scale() -> None:
    assert budget(40).max_examples == 40 * SCALE
    assert budget(40).deadline is None


def test_make_fuzz_scales_the_fuzz_tests_and_make_test_runs_them() -> None:
    fuzz = subprocess.run(
        ["make", "-n", "fuzz", "FUZZ_SCALE=7"], cwd=REPO, capture_output=True, text=True
    )
    assert "PNPKIT_FUZZ_SCALE=7" in fuzz.stdout and "tests/fuzz" in fuzz.stdout
    test = subprocess.run(["make", "-n", "test"], cwd=REPO, capture_output=True, text=True)
    pytest_line = next(line for line in test.stdout.splitlines() if "-m pytest" in line)
    assert "PNPKIT_FUZZ_SCALE" not in pytest_line
    options = pytest_line.split("-m pytest", 1)[1].split()
    assert not {"--ignore", "-m", "-k", "--deselect"} & set(options)  # tests/ as a whole
