"""A sixth game added as a fixture (tests/fixtures/games/lighthouse): one folder with its own
component, its data and templates, and one registry line are all it takes to check, build and
export it through the same commands as the bundled games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pnpkit.app.cli import main
from pnpkit.games import REGISTRY, register
from pnpkit.verify import verify_pdf

HOME = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "lighthouse"


@pytest.fixture
def registered() -> Iterator[None]:
    register("lighthouse", "tests.fixtures.games.lighthouse")  # the one registry line
    yield
    REGISTRY.pop("lighthouse")


def test_the_sixth_game_checks_and_builds(registered: None, tmp_path: Path) -> None:
    data = HOME / "data"
    assert main(["check", "lighthouse", "--data", str(data)]) == 0
    assert main(["build", "lighthouse", "--data", str(data), "--out", str(tmp_path), "-q"]) == 0
    built = sorted(p.name for p in (tmp_path / "lighthouse").iterdir())
    assert built == ["beacon-dial.pdf", "duplex-calibration.pdf", "keeper-cards.pdf"]
    for name in built:
        assert verify_pdf(tmp_path / "lighthouse" / name) == []


def test_the_sixth_games_rules_are_checked(
    registered: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "lighthouse"
    game.mkdir()
    (game / "game.yaml").write_text(
        (HOME / "data" / "lighthouse" / "game.yaml").read_text().replace("sectors: 8", "sectors: 3")
    )
    assert main(["check", "lighthouse", "--data", str(tmp_path)]) == 1
    assert "sectors: 3 sectors (allowed: 4 to 12)" in capsys.readouterr().out


def test_without_its_registry_line_the_folder_is_not_a_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "lighthouse", "--data", str(HOME / "data")]) == 1
    assert "kit: missing" in capsys.readouterr().err
