"""Headless Chromium for the tests that load a page as a reader's browser would."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def chromium(what: str) -> str:
    """The installed Chromium; the test is skipped, saying ``what`` was not loaded, when none is."""
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    pytest.skip(f"no Chromium installed (apt-get install chromium); {what} not loaded")


def dump_dom(
    browser: str, url: str, profile: Path, *options: str, timeout: float
) -> subprocess.CompletedProcess[str]:
    """Load ``url`` in headless ``browser`` (a fresh profile) and print the DOM it ends with."""
    return subprocess.run(
        [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={profile}",
            *options,
            "--dump-dom",
            url,
        ],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
