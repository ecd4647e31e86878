"""The play aids lay out every value ``check`` lets through, on Letter and A4: a long game's
round track wraps into more rows and its captain's log goes on over pages, a large roster's
tally of ships lost wraps into lines, and an aid that does not fit goes on to the next page;
what still cannot fit one page (a very long score track, a huge roster of seven fleets) is
refused by ``check`` at the field, with the range that fits."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.writing import replace_once

from pnpkit.app.cli import main
from pnpkit.build.write import draw
from pnpkit.games import find_game
from pnpkit.games.false_colors.aid_layout import LOG_MIN_LINE, log_pages
from pnpkit.games.false_colors.aids import play_aids_document
from pnpkit.games.false_colors.tracks import SunkTally
from pnpkit.layout.paper import A4, LETTER, Paper
from pnpkit.render.vector import Words
from pnpkit.verify.check import verify_pdf

Capture = pytest.CaptureFixture[str]
PAPERS = (LETTER, A4)

SEVENTH_FLEET = """\
  - key: black
    name: Black Squadron
    colour: "#111111"
    ink: "#FFFFFF"
    emblem: skull
    pattern: diagonal
"""


def check(capsys: Capture, data: Path) -> tuple[int, list[str]]:
    """``pnpkit check``'s exit code and problems (the seating reports left out)."""
    code = main(["check", "false-colors", "--data", str(data)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    assert err.endswith("1 problem in 1 game\n" if code else "")
    return code, [line for line in out.splitlines() if ": seating report: " not in line]


def pages_of(data: Path, paper: Paper) -> int:
    """The play aids drawn on ``paper`` from ``data``: verified (nothing in the margin) and
    counted."""
    folder = data / "false-colors"
    game = find_game("false-colors", folder)
    kit = game.load(folder)
    plan = play_aids_document(
        "play-aids.pdf", kit.game, kit.charts, kit.rules, paper, subject="test"
    )
    body, _ = draw(plan)
    assert verify_pdf(f"play-aids-{paper.name}.pdf", data=body) == []
    return len(re.findall(rb"/Type /Page\b", body))


def set_rounds(data: Path, rounds: int) -> None:
    replace_once(data / "false-colors" / "game.yaml", "rounds: 24 ", f"rounds: {rounds} ")


def set_score_track(data: Path, top: int) -> int:
    return replace_once(
        data / "false-colors" / "rules.yaml",
        "score_track: {ours: 59}",
        f"score_track: {{ours: {top}}}",
    )


def set_fleet_size(data: Path, size: int) -> int:
    """The roster's Cutters made so many that a fleet has ``size`` ships (and the standard
    formations, square and hex, which stand the shipped roster, left out); the line of
    ``fleet_size``."""
    replace_once(data / "false-colors" / "roster.yaml", "count: 3", f"count: {size - 11}")
    game = data / "false-colors" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    for key in ("formation", "hex_formation"):
        start = text.index(f"\n{key}: ") + 1
        text = text[:start] + text[text.index("\n", start) + 1 :]
    game.write_text(text, encoding="utf-8")
    return replace_once(
        data / "false-colors" / "game.yaml", "fleet_size: 14 ", f"fleet_size: {size} "
    )


def add_seventh_fleet(data: Path) -> None:
    path = data / "false-colors" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    end = text.index("\n", text.index("pattern:", text.index("key: red"))) + 1
    path.write_text(text[:end] + SEVENTH_FLEET + text[end:], encoding="utf-8")


def test_shipped_play_aids_are_four_pages(data_dir: Path) -> None:
    """The tracks, markers and tally; the wind rose; the captain's log; the order slips."""
    for paper in PAPERS:
        assert pages_of(data_dir, paper) == 4


@pytest.mark.parametrize("rounds", [37, 99])
def test_a_long_game_passes_check_and_prints(capsys: Capture, data_copy: Path, rounds: int) -> None:
    set_rounds(data_copy, rounds)
    code, lines = check(capsys, data_copy)
    assert (code, lines) == (0, ["checked 1 game: no problems"])
    for paper in PAPERS:
        assert pages_of(data_copy, paper) >= 5  # the aids, log and slips go on over pages


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_a_99_round_log_has_every_round_once_on_readable_lines(paper: Paper) -> None:
    parts = log_pages(99, "Your orders and your own score, round by round.", paper)
    assert len(parts) > 1
    assert [n for part in parts for n in range(part.first, part.last + 1)] == list(range(1, 100))
    assert all(part.line >= LOG_MIN_LINE for part in parts)
    assert [part.final for part in parts] == [False] * (len(parts) - 1) + [True]
    assert log_pages(24, "A note.", paper) == [log_pages(24, "A note.", paper)[0]]


def test_a_score_track_of_99_prints(capsys: Capture, data_copy: Path) -> None:
    set_score_track(data_copy, 99)
    assert check(capsys, data_copy) == (0, ["checked 1 game: no problems"])
    for paper in PAPERS:
        pages_of(data_copy, paper)


def test_the_longest_score_track_check_allows_prints(capsys: Capture, data_copy: Path) -> None:
    set_score_track(data_copy, 459)
    assert check(capsys, data_copy) == (0, ["checked 1 game: no problems"])
    for paper in PAPERS:
        pages_of(data_copy, paper)


@pytest.mark.parametrize(
    ("top", "says"),
    [
        (460, "460 makes the play aid “Score track” longer than a page"),
        (999, "999 makes the play aid “Score track” longer than a page"),
        (0, "0 is too small for the play aid “Score track”"),
    ],
)
def test_a_score_track_past_one_page_is_refused_at_its_field(
    capsys: Capture, data_copy: Path, top: int, says: str
) -> None:
    line = set_score_track(data_copy, top)
    code, lines = check(capsys, data_copy)
    assert code == 1
    path = data_copy / "false-colors" / "rules.yaml"
    assert lines == [
        f"{path}:{line}:16: numbers.score_track: {says} "
        "(allowed: 1–459, what one page of letter and a4 holds)",
    ]


@pytest.mark.parametrize("size", [33, 99])
def test_a_large_roster_passes_check_and_prints(
    capsys: Capture, data_copy: Path, size: int
) -> None:
    set_fleet_size(data_copy, size)
    assert check(capsys, data_copy) == (0, ["checked 1 game: no problems"])
    for paper in PAPERS:
        pages_of(data_copy, paper)


def test_seven_fleets_of_99_ships_are_refused_at_fleet_size(
    capsys: Capture, data_copy: Path
) -> None:
    add_seventh_fleet(data_copy)
    line = set_fleet_size(data_copy, 99)
    code, lines = check(capsys, data_copy)
    assert code == 1
    path = data_copy / "false-colors" / "game.yaml"
    assert lines == [
        f"{path}:{line}:13: fleet_size: 99 makes the play aid “Ships lost” longer than a page "
        "(allowed: 1–96 with 7 fleets, what one page of letter and a4 holds)",
    ]


def test_seven_fleets_of_96_ships_print(capsys: Capture, data_copy: Path) -> None:
    add_seventh_fleet(data_copy)
    set_fleet_size(data_copy, 96)
    assert check(capsys, data_copy) == (0, ["checked 1 game: no problems"])
    for paper in PAPERS:
        pages_of(data_copy, paper)


def test_the_tally_wraps_its_boxes_into_lines_without_shrinking_them() -> None:
    width = LETTER.width - 39.0
    tally = SunkTally(
        ("1 Blue", "2 Red"), (("7", 1), ("2", 70)), width, row=24.0, name_column=118.0
    )
    assert (tally.per_line, tally.lines, tally.height) == (25, 3, 2 * 3 * 24.0)
    boxes = [item for item in tally.items() if not isinstance(item, Words)]
    assert len(boxes) == 2 * (1 + 71)
    words = [item for item in tally.items() if isinstance(item, Words)]
    assert [w.text for w in words].count("2") == 140
    assert all(w.at[0] <= width for w in words)
    one_line = SunkTally(("1 Blue",), (("7", 14),), width, row=24.0, name_column=118.0)
    assert (one_line.lines, one_line.height) == (1, 24.0)
