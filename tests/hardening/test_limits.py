"""Limits, each refused with a clear error naming the place and what is allowed: file size,
alias expansion ("billion laughs"), nesting depth, chart sizes, card counts, text lengths.

Images: no game's data names an image or any other file (card art comes from the templates in
``templates/``, icons are words from a fixed list), so there is no image size to limit.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from pnpkit.app.cli import main
from pnpkit.errors import DataError
from pnpkit.games.false_colors.charts.load.chart import load_chart
from pnpkit.games.high_seas.load import load_high_seas
from pnpkit.load.yamlnode import MAX_BYTES, MAX_DEPTH, MAX_NODES, load_yaml, parse_yaml

REPO = Path(__file__).resolve().parents[2]

MEGABYTES = 8
"""Peak memory it may cost: generous, and far below what the expansion would take."""


def costs(action: Callable[[], object], memory: bool = True) -> tuple[DataError, float]:
    """Run ``action`` (which must raise DataError), then again under tracemalloc; its error and
    peak MB. (How long it takes is for ``make bench``, not for tests.)"""
    with pytest.raises(DataError) as caught:
        action()
    if not memory:
        return caught.value, 0.0
    tracemalloc.start()
    try:
        with pytest.raises(DataError):
            action()
        peak = tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()
    return caught.value, peak


def laughs(levels: int = 12, width: int = 10) -> str:
    """A "billion laughs" document: each level is ``width`` aliases of the one before."""
    lines = ['a0: &a0 "lol"']
    for level in range(1, levels):
        items = ", ".join(f"*a{level - 1}" for _ in range(width))
        lines.append(f"a{level}: &a{level} [{items}]")
    return "\n".join(lines) + "\n"


def test_a_billion_laughs_is_refused_quickly_and_cheaply() -> None:
    text = laughs()  # 10**11 values once expanded; a few hundred bytes on disk
    error, megabytes = costs(lambda: parse_yaml(text, "bomb.yaml"))
    (problem,) = error.problems
    assert str(problem).startswith("bomb.yaml:6:")  # a5, the first value over the limit
    assert f"expands to more than {MAX_NODES} values through aliases" in str(problem)
    assert megabytes < MEGABYTES


def test_a_billion_laughs_in_a_game_file_is_exit_1_naming_the_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(REPO / "data" / "high-seas", data / "high-seas")
    (data / "high-seas" / "game.yaml").write_text(laughs(), encoding="utf-8")
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(["check", "high-seas", "--data", str(data)])
    assert code == 1
    assert f"error: {data / 'high-seas' / 'game.yaml'}:6:" in err.getvalue()


def test_aliases_within_the_limit_still_load() -> None:
    tree = parse_yaml(laughs(levels=4), "ok.yaml")  # 1 + 10 + 100 + 1000 values
    assert tree.where.line == 1


def test_a_file_over_the_size_cap_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"x: " + b"y" * (5 * MAX_BYTES) + b"\n")
    error, megabytes = costs(lambda: load_yaml(big))
    assert str(error) == f"{big}: file too large (allowed: at most {MAX_BYTES} bytes)"
    assert megabytes < 3 * MAX_BYTES / 1e6  # it read one cap's worth, not five


def test_a_long_flat_list_stops_while_it_is_read() -> None:
    text = "x: [" + "0," * (MAX_BYTES // 2 - 10) + "0]\n"
    assert len(text) <= MAX_BYTES  # the largest file read: 2 000 000 values
    error, _ = costs(lambda: parse_yaml(text, "flat.yaml"), memory=False)
    assert str(error).startswith(f"flat.yaml:1:{3 + 2 * MAX_NODES}: ")  # key x, then items
    assert f"the file holds more than {MAX_NODES} values" in str(error)


def test_every_shipped_file_is_far_below_the_value_limit() -> None:
    for path in sorted((REPO / "data").rglob("*.yaml")):
        text = path.read_text("utf-8")
        assert text.count("\n") < MAX_NODES / 10, path


@pytest.mark.parametrize("opener", ["[", "{a: ", "- "])
def test_deep_nesting_is_refused_before_python_recursion_is_near(opener: str) -> None:
    if opener == "- ":
        text = (
            "".join("  " * i + "-\n" for i in range(MAX_DEPTH + 10))
            + "  " * (MAX_DEPTH + 10)
            + "x\n"
        )
    else:
        text = opener * 500
    error, megabytes = costs(lambda: parse_yaml(text, "deep.yaml"))
    assert f"nested more than {MAX_DEPTH} levels deep" in str(error)
    assert str(error).startswith("deep.yaml:1:") or opener == "- "
    assert megabytes < MEGABYTES


def test_a_self_referring_alias_is_refused() -> None:
    error, _ = costs(lambda: parse_yaml("a: &x [1, *x]\n", "loop.yaml"))
    assert "alias *x refers to the value it is inside" in str(error)


# --- game data ----------------------------------------------------------------------------------


@pytest.fixture
def chart_file(tmp_path: Path) -> Callable[[str, str], Path]:
    def make(old: str, new: str) -> Path:
        text = (REPO / "data" / "false-colors" / "charts" / "square.yaml").read_text("utf-8")
        assert old in text
        path = tmp_path / "square.yaml"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        return path

    return make


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("width: 12", "width: 61", "width: 61 is out of range (allowed: 1–60)"),
        ("width: 12", "width: 100000000000", "width: 100000000000 is out of range (allowed: 1–60)"),
        ("height: 12", "height: -4", "height: -4 is out of range (allowed: 1–60)"),
        (
            "random_islands: 20",
            "random_islands: 3601",
            "random_islands: 3601 is out of range (allowed: 0–3600)",
        ),
    ],
)
def test_chart_sizes_are_limited(
    chart_file: Callable[[str, str], Path], old: str, new: str, says: str
) -> None:
    path = chart_file(old, new)
    with pytest.raises(DataError) as caught:
        load_chart(path)
    lines = path.read_text("utf-8").splitlines()
    line = next(i for i, text in enumerate(lines) if text.startswith(new)) + 1
    assert any(
        str(p).startswith(f"{path}:{line}:") and says in str(p) for p in caught.value.problems
    )


def test_a_hex_chart_radius_is_limited(tmp_path: Path) -> None:
    text = (REPO / "data" / "false-colors" / "charts" / "hex.yaml").read_text("utf-8")
    path = tmp_path / "hex.yaml"
    path.write_text(text.replace("radius: 8", "radius: 31", 1), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_chart(path)
    assert "radius: 31 is out of range (allowed: 1–30)" in str(caught.value)


@pytest.fixture
def high_seas(tmp_path: Path) -> Path:
    shutil.copytree(REPO / "data" / "high-seas", tmp_path / "high-seas")
    return tmp_path / "high-seas"


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("    count: 10\n", "    count: 100\n", "crew[0].count: 100 is out of range (allowed: 1–99)"),
        ("    count: 10\n", "    count: -1\n", "crew[0].count: -1 is out of range (allowed: 1–99)"),
        ("  crew_cards: 30", "  crew_cards: 1000", "components.crew_cards: 1000 is out of range (allowed: 1–999)"),
        ("    name: Cannoneer", "    name: " + "C" * 41, "crew[0].name: is 41 characters long (allowed: at most 40)"),
        ("    name: Cannoneer", "    name: ''", "crew[0].name: is empty"),
        ("title: High Seas", "title: '" + "T" * 201 + "'", "title: is 201 characters long (allowed: at most 200)"),
    ],
)  # fmt: skip
def test_card_counts_and_text_lengths_are_limited(
    high_seas: Path, old: str, new: str, says: str
) -> None:
    game = high_seas / "game.yaml"
    text = game.read_text("utf-8")
    assert old in text
    game.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_high_seas(high_seas)
    line = game.read_text("utf-8")[: game.read_text("utf-8").index(new)].count("\n") + 1
    line += new.startswith("\n") or new.startswith("    count")  # the value, not the line before
    matching = [p for p in caught.value.problems if says in str(p)]
    assert matching, caught.value
    assert str(matching[0]).startswith(f"{game}:")
    assert matching[0].where.line >= 1


def test_a_deck_larger_than_its_component_list_does_not_build(high_seas: Path) -> None:
    """Card counts are bounded twice: each count by its range and the deck by the rules'
    component list, which the checks compare before anything is drawn."""
    game = high_seas / "game.yaml"
    game.write_text(
        game.read_text("utf-8").replace("    count: 10\n", "    count: 99\n", 1), "utf-8"
    )
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(
            [
                "build",
                "high-seas",
                "--data",
                str(high_seas.parent),
                "--out",
                str(high_seas.parent / "out"),
            ]
        )
    assert code == 1
    assert "119" in err.getvalue() and "30" in err.getvalue()
    assert not (high_seas.parent / "out" / "high-seas" / "crew-cards.pdf").exists()


def test_a_generic_card_game_printing_too_many_cards_is_refused(tmp_path: Path) -> None:
    """Each card's copies are bounded (1–99) and the file's values too, yet 200 cards of 99
    copies stay within both and would print 19 800 cards: the game's total is bounded."""
    from pnpkit.app.new_game import scaffold
    from pnpkit.games.cardgame.load import load_card_game
    from pnpkit.load.limits import MAX_PRINTED_CARDS

    game, *_ = scaffold(tmp_path, "many-cards")
    text = game.read_text("utf-8")
    assert "    cards:\n" in text
    many = "".join(
        f"      - key: c{i}\n        name: Card {i}\n        copies: 99\n" for i in range(200)
    )
    game.write_text(text.replace("    cards:\n", "    cards:\n" + many, 1), "utf-8")
    with pytest.raises(DataError) as caught:
        load_card_game(game.parent)
    (problem,) = [p for p in caught.value.problems if p.field == "decks"]
    line = game.read_text("utf-8").splitlines().index("decks:") + 1
    assert str(problem).startswith(f"{game}:{line + 1}:")
    assert f"copies included (allowed: at most {MAX_PRINTED_CARDS} in a game)" in str(problem)


def test_the_shipped_generic_example_is_far_below_the_card_limit(tmp_path: Path) -> None:
    from pnpkit.app.new_game import scaffold
    from pnpkit.games.cardgame.load import load_card_game

    game, *_ = scaffold(tmp_path, "example")
    loaded = load_card_game(game.parent)
    assert 0 < sum(c.copies for d in loaded.decks for c in d.cards) < 100
