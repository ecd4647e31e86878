"""ReportLab's per-attribute shape checks are off wherever pnpkit draws, however ReportLab was
first loaded (they cost a fifth of converting a card face and change nothing printed)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

PROBE = """
import {first}
import pnpkit.render.faces.renderer
from reportlab import rl_config
from reportlab.graphics import shapes
print(rl_config.shapeChecking, shapes.shapeChecking)
"""


def _checks(first: str, env: dict[str, str]) -> list[str]:
    """What ReportLab's config and shapes module say in a fresh interpreter that loads
    ``first``, then pnpkit's card renderer."""
    return subprocess.run(
        [sys.executable, "-c", PROBE.format(first=first)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout.split()


@pytest.mark.parametrize("first", ["pnpkit.layout.document", "pnpkit.render", "reportlab"])
def test_shape_checks_are_off_whatever_loaded_reportlab_first(first: str) -> None:
    env = {k: v for k, v in os.environ.items() if k != "RL_shapeChecking"}
    assert _checks(first, env) == ["0", "0"]


def test_a_developer_can_still_ask_for_them() -> None:
    env = {**os.environ, "RL_shapeChecking": "1"}
    assert _checks("pnpkit.layout.document", env) == ["1", "1"]
