"""A build of every kit never skips a game silently, and builds games in parallel.

Before: a generic card game (``pnpkit new``) with a YAML syntax error passed ``check`` and a
build of every kit skipped it and reported success; a game of 1500 cards was refused with
"no kit for g" (exit 2)."""

from __future__ import annotations

import pickle
import shutil
from pathlib import Path

import pytest
from tests.writing import ShippedKit

from pnpkit.app import pipeline
from pnpkit.app.build import build_kits
from pnpkit.app.cli import main
from pnpkit.errors import BuildError, DataError, KitsFailed, Location, Problem
from pnpkit.games import find_game
from pnpkit.layout.print_settings import DEFAULTS
from pnpkit.load.limits import MAX_PRINTED_CARDS

REPO = Path(__file__).resolve().parents[2]
Capture = pytest.CaptureFixture[str]
SMALL = ("high-seas", "tabletop-fleets")
"""Two quick kits."""


OTHERS = ("high-seas", "salvage-run")
"""Beside ``g``: a shipped game and another card game made by ``pnpkit new``, both quick."""


@pytest.fixture
def data(tmp_path: Path, capsys: Capture) -> Path:
    """A shipped game, and two designer's card games (``pnpkit new``), one of them ``g``."""
    folder = tmp_path / "data"
    shutil.copytree(REPO / "data" / OTHERS[0], folder / OTHERS[0])
    assert main(["new", OTHERS[1], "--data", str(folder)]) == 0
    assert main(["new", "g", "--data", str(folder)]) == 0
    capsys.readouterr()
    return folder


def _break_yaml(data: Path) -> tuple[Path, int]:
    path = data / "g" / "game.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    number = next(i for i, line in enumerate(lines, start=1) if line.startswith("title:"))
    lines[number - 1] = lines[number - 1].replace("title: ", "title: [", 1)
    path.write_text("".join(lines), encoding="utf-8")
    return path, number


def test_a_card_game_with_a_yaml_error_fails_check_and_every_build(
    data: Path, tmp_path: Path, capsys: Capture
) -> None:
    path, line = _break_yaml(data)
    message = f"{path}:{line + 1}:1: YAML syntax: while parsing a flow sequence"
    assert main(["check", "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert f"error: {message}" in err
    assert err.splitlines()[-1] == "1 problem in 3 games"
    out = tmp_path / "output"
    assert main(["build", "-q", "--data", str(data), "--out", str(out), "--jobs", "2"]) == 1
    err = capsys.readouterr().err
    assert f"error: {message}" in err
    assert err.splitlines()[-1] == "error: 1 of 3 games failed (g); the other 2 built"
    assert "Traceback" not in err
    assert sorted(p.name for p in out.iterdir()) == sorted(OTHERS)  # the others are built
    assert all(any((out / game).glob("*.pdf")) for game in OTHERS)


def test_a_failure_crosses_processes_whole() -> None:
    problem = Problem(Location("data/g/game.yaml", 7, 1), "title", "bad", "good")
    failed = KitsFailed({"g": DataError([problem])}, 2)
    again = pickle.loads(pickle.dumps(failed))
    assert isinstance(again.failures["g"], DataError)
    assert again.failures["g"].problems == (problem,)
    assert str(again) == str(failed)


def _card_game(data: Path, cards: int) -> Path:
    """``g`` with ``cards`` different cards, every field written at its longest."""
    path = data / "g" / "game.yaml"
    head = path.read_text(encoding="utf-8").split("decks:")[0]
    text = ("Draw a card; " * 30)[:300].strip()
    body = "".join(
        f"      - key: {f'c{i}-'.ljust(40, 'x')}\n"
        f"        name: {f'Card {i} '.ljust(40, 'n')}\n"
        f"        kind: {'k' * 30}\n"
        f"        value: {i % 9999}\n"
        f"        text: {text}\n"
        "        icon: cutlass\n"
        "        copies: 1\n"
        for i in range(cards)
    )
    deck = '  - key: crew\n    title: Crew\n    colour: "#7a4a1d"\n    icon: anchor\n    cards:\n'
    path.write_text(f"{head}decks:\n{deck}{body}", encoding="utf-8")
    return path


@pytest.mark.slow
def test_the_largest_card_game_the_card_limit_allows_reads_whole(
    tmp_path: Path, capsys: Capture
) -> None:
    """30 000 values in one file (the old limit was 20 000): the card limit is the one that
    binds. (``check`` then draws every face, as the build would: that is its cost, not the
    reader's, so it is left to the card game's own tests.)"""
    data = tmp_path / "data"
    assert main(["new", "g", "--data", str(data)]) == 0
    capsys.readouterr()
    path = _card_game(data, MAX_PRINTED_CARDS)
    assert path.stat().st_size > 1_000_000  # over the old file limit too
    game = find_game("g", data / "g").read(data / "g")
    assert sum(card.copies for deck in game.decks for card in deck.cards) == MAX_PRINTED_CARDS


def test_one_card_over_the_limit_is_refused_by_the_card_limit(
    tmp_path: Path, capsys: Capture
) -> None:
    data = tmp_path / "data"
    assert main(["new", "g", "--data", str(data)]) == 0
    path = _card_game(data, 0)
    short = "".join(
        f"      - {{key: c{i}, name: Card {i}}}\n" for i in range(MAX_PRINTED_CARDS + 1)
    )
    path.write_text(path.read_text(encoding="utf-8") + short, encoding="utf-8")
    capsys.readouterr()
    assert main(["check", "g", "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert (
        f"decks: the decks print {MAX_PRINTED_CARDS + 1} cards, copies included "
        f"(allowed: at most {MAX_PRINTED_CARDS} in a game)"
    ) in err


def planned(game: str, data: Path) -> list[str]:
    """The file names of ``game``'s documents, in the order its kit writes them."""
    done = pipeline.checked(find_game(game, data / game), data / game)
    return [plan.filename for plan in pipeline.documents(done, DEFAULTS)]


@pytest.mark.slow
def test_games_built_in_parallel_are_the_same_bytes(
    tmp_path: Path, data_dir: Path, shipped_kit: ShippedKit
) -> None:
    two = build_kits(list(SMALL), data_dir, tmp_path / "two", jobs=2)
    # each game's kit built alone, in one process (the shipped kits, built once for the run)
    one = [shipped_kit(game) / name for game in SMALL for name in planned(game, data_dir)]
    assert sorted(one) == sorted(p for game in SMALL for p in shipped_kit(game).iterdir())
    assert [p.relative_to(tmp_path / "two") for p in two] == [
        Path(p.parent.name, p.name) for p in one
    ]  # game by game, in the order asked, each game's documents in its own order
    assert [p.read_bytes() for p in one] == [p.read_bytes() for p in two]
    leftovers = [p for p in (tmp_path / "two").rglob(".*")]
    assert leftovers == []


def test_jobs_must_be_a_whole_number_from_one(capsys: Capture) -> None:
    assert main(["build", "--jobs", "0"]) == 2
    assert "'0' is not a number of jobs (allowed: 1 or more)" in capsys.readouterr().err


@pytest.mark.slow
def test_one_games_documents_drawn_in_parallel_are_the_same_bytes(
    tmp_path: Path, data_dir: Path, shipped_kit: ShippedKit
) -> None:
    two = build_kits(["high-seas"], data_dir, tmp_path / "two", jobs=2)
    # drawn in one process (the shipped kit, built once for the run)
    one = [shipped_kit("high-seas") / name for name in planned("high-seas", data_dir)]
    assert len(one) > 2
    assert sorted(one) == sorted(shipped_kit("high-seas").iterdir())
    assert [p.read_bytes() for p in one] == [p.read_bytes() for p in two]
    assert sorted(p.name for p in (tmp_path / "two").iterdir()) == ["high-seas"]


def test_a_document_that_fails_verification_in_a_worker_fails_the_build(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pnpkit.verify.check as check

    monkeypatch.setattr(check, "_margin_problem", lambda *args: "1 mark inside the margin")
    out = tmp_path / "out"
    with pytest.raises(BuildError, match=r"high-seas/\S+\.pdf did not verify"):
        build_kits(["high-seas"], data_dir, out, jobs=2)
    assert (
        not out.exists()
        or list(out.rglob("*")) == [out / "high-seas"]
        or not any(out.rglob("*.pdf"))
    )
