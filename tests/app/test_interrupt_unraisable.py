"""A Ctrl-C that lands where nobody can catch it (a fork handler, a finaliser) ends the command
without Python's "Exception ignored in" traceback; any other such exception is still reported."""

from __future__ import annotations

import sys
from types import SimpleNamespace
from typing import Any

import pytest

from pnpkit.app import cli


def _unraisable(exc: BaseException) -> Any:
    return SimpleNamespace(
        exc_type=type(exc), exc_value=exc, exc_traceback=None, err_msg=None, object=None
    )


def test_a_ctrl_c_nobody_could_catch_is_quiet_once_interrupted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    reported: list[BaseException] = []
    monkeypatch.setattr(sys, "__unraisablehook__", lambda u: reported.append(u.exc_value))
    monkeypatch.setattr(cli, "_interrupted", True)
    cli._quiet_after_interrupt(_unraisable(KeyboardInterrupt()))
    assert reported == []


def test_other_exceptions_nobody_could_catch_are_still_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reported: list[BaseException] = []
    monkeypatch.setattr(sys, "__unraisablehook__", lambda u: reported.append(u.exc_value))
    monkeypatch.setattr(cli, "_interrupted", True)
    error = ValueError("broken finaliser")
    cli._quiet_after_interrupt(_unraisable(error))
    monkeypatch.setattr(cli, "_interrupted", False)
    interrupt = KeyboardInterrupt()
    cli._quiet_after_interrupt(_unraisable(interrupt))  # no Ctrl-C came: not ours to hide
    assert reported == [error, interrupt]
