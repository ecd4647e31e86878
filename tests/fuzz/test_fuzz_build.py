"""Fuzzing whole builds: data that still loads after a mutation (odd text, extreme numbers in
range, markup, unicode) is built into a folder. The build must write verified PDFs or raise a
PnpkitError for exit 1, and never leave a temporary file behind; and data that passes ``pnpkit
check`` builds (the one exception: rule text that fills more pages than its document allows is
found by the build, which typesets it). Builds take seconds, so the budget is small here and
large in ``make fuzz``."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from pnpkit.app.build import build_kits
from pnpkit.app.cli import main
from pnpkit.errors import PnpkitError
from pnpkit.games import REGISTRY as KITS
from pnpkit.layout.paper import LETTER
from pnpkit.layout.print_settings import DEFAULTS

from .harness import SCAFFOLDED, assert_clean, budget, copy_data, games, loaders, replaced
from .mutate import value_mutation, yaml_files

BUILT = [game for game in games() if game in KITS or game == SCAFFOLDED]


@pytest.fixture(scope="module")
def data_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_data(tmp_path_factory.mktemp("fuzz-build"), BUILT)


@pytest.fixture(scope="module")
def out_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz-build-out")


def loads(game: str, root: Path) -> bool:
    try:
        for load in loaders(game):
            load(root / game)
    except PnpkitError as exc:
        assert_clean(exc, root)
        return False
    return True


TYPESET_ONLY = re.compile(r"\.pages: the rule text of \S+ fills (more than )?\d+ pages on ")
"""What only the build can find: how many pages rule text fills once typeset."""


def passes_check(game: str, root: Path) -> bool:
    """Whether ``pnpkit check GAME`` passes on the data in ``root`` (its output unread)."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return main(["check", game, "--data", str(root)]) == 0


@pytest.mark.slow
@pytest.mark.parametrize("game", BUILT)
@budget(2)
@given(data=st.data())
def test_data_that_loads_builds_or_fails_cleanly(
    game: str, data_root: Path, out_root: Path, data: st.DataObject
) -> None:
    path = data.draw(st.sampled_from(yaml_files(data_root / game)), label="file")
    changed = data.draw(value_mutation(path.read_text(encoding="utf-8")), label="content")
    with replaced(path, changed):
        if not loads(game, data_root):
            event("refused by the loaders or checks")
            return
        checked = passes_check(game, data_root)
        try:
            written = build_kits([game], data_root, out_root, DEFAULTS.on(LETTER))
        except PnpkitError as exc:
            event(f"build refused: {type(exc).__name__}")
            assert_clean(exc, data_root)
            assert not checked or TYPESET_ONLY.search(str(exc)), (
                f"check passed, build refused: {exc}"
            )
        else:
            event("built")
            assert written  # the build verified each one already
            assert all(p.read_bytes().startswith(b"%PDF-") for p in written)
    leftovers = sorted(str(p) for p in out_root.rglob(".*"))  # temporary files, staging folders
    assert leftovers == [], f"left behind: {leftovers}"
