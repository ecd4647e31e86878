"""The benchmarks (``make bench``) live in ``bench/``, beside the package: pnpkit never imports
them, the wheel does not carry them (``tests/app/test_install.py``), and each game's module in
``bench/games/`` is found through the registry, so a game renamed without its benchmark would
lose its rows in silence."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bench import game_benches
from bench.__main__ import modules
from pnpkit.games import REGISTRY

REPO = Path(__file__).resolve().parent.parent
SRC = REPO / "src" / "pnpkit"


def imports_the_benchmarks(source: str) -> bool:
    """Whether ``source`` imports ``bench`` or a module of it."""
    for node in ast.walk(ast.parse(source)):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        if any(name == "bench" or name.startswith("bench.") for name in names):
            return True
    return False


def test_pnpkit_never_imports_the_benchmarks() -> None:
    found = [
        str(path.relative_to(SRC))
        for path in sorted(SRC.rglob("*.py"))
        if imports_the_benchmarks(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_scan_would_see_an_import_of_the_benchmarks() -> None:
    assert imports_the_benchmarks("from bench.command import measure\n")
    assert imports_the_benchmarks("import bench\n")
    assert not imports_the_benchmarks("from pnpkit.layout import bench_marks\n")


def test_every_game_benchmark_is_found_through_the_registry() -> None:
    written = {p.stem for p in (REPO / "bench" / "games").glob("*.py") if p.stem != "__init__"}
    found = {module.__name__.rpartition(".")[2] for _, module in game_benches()}
    assert written == found
    assert found <= {package.rpartition(".")[2] for package in REGISTRY.values()}
    assert {"false_colors", "tabletop_fleets"} <= found
    run = {module.__name__ for module in modules()}
    assert {f"bench.games.{name}" for name in found} <= run
    assert {"bench.cards", "bench.fresh", "bench.kits", "bench.starter", "bench.tiling"} <= run
    assert "bench.watch" in run


@pytest.mark.slow
def test_the_kit_benchmark_builds_a_kit_with_the_api_of_today() -> None:
    """Its build runs in a script of its own, which neither mypy nor an import can check: run
    it once (a change to ``build_kits`` once broke ``make bench`` with every test green)."""
    from bench.kits import measure

    figures = measure("high-seas", runs=1)
    assert figures["files"] >= 5 and figures["pages"] > figures["files"]


def test_the_card_benchmark_writes_distinct_cards_that_pass_the_check(tmp_path: Path) -> None:
    """The deck :mod:`bench.cards` times is what it says: every card's name, text and numbers
    its own, read by ``pnpkit check`` without a problem (a refused deck would time an error)."""
    import csv
    import io

    from bench.cards import NUMBERS, card_table, write_game
    from pnpkit.app.pipeline import examine

    cards = list(csv.DictReader(io.StringIO(card_table(5))))
    assert len(cards) == 5
    for column in ("key", "name", "text"):
        assert len({card[column] for card in cards}) == 5
    assert len({tuple(card[n] for n in NUMBERS) for card in cards}) == 5
    examined = examine("bench-cards", write_game(tmp_path, 5))
    assert [*examined.violations, *examined.faces] == []
