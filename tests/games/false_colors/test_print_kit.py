"""What issue 13 asks of the False Colors kit, read back from its PDFs: every hex whole once on
the tiled hex chart, seat numbers on every chart, tokens for six fleets, our own choices marked,
the wording fixed, and no column or token sheet left half empty."""

from __future__ import annotations

import dataclasses
import math
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from tests.pdfread import page_texts

from pnpkit.games.false_colors.data import load_kit
from pnpkit.games.false_colors.tracks import HexFormation, corner_layers
from pnpkit.layout.tiled_pdf import REGION_COLOR
from pnpkit.model.cells import Hex
from pnpkit.model.ours import MARK, NOTE
from pnpkit.render.vector import Words
from pnpkit.verify.content import read_page

DATA = Path(__file__).resolve().parents[3] / "data" / "false-colors"
Point = tuple[float, float]


def _pages(path: Path) -> list[str]:
    return [" ".join(text.split()) for text in page_texts(path)]


def _loop(segments: list[tuple[Point, Point]]) -> list[Point]:
    """The drawn segments joined into one closed outline (fails if they do not close)."""

    def key(p: Point) -> tuple[int, int]:
        return (round(p[0] * 10), round(p[1] * 10))

    links: dict[tuple[int, int], list[int]] = {}
    for i, (a, b) in enumerate(segments):
        links.setdefault(key(a), []).append(i)
        links.setdefault(key(b), []).append(i)
    assert all(len(v) == 2 for v in links.values()), "the trim outline is not one closed line"
    start = segments[0][0]
    loop, here, used = [start], key(start), set()
    while True:
        index = next(i for i in links[here] if i not in used)
        used.add(index)
        a, b = segments[index]
        nxt = b if key(a) == here else a
        here = key(nxt)
        if len(used) == len(segments):
            break
        loop.append(nxt)
    return loop


def _inside(point: Point, polygon: list[Point]) -> bool:
    x, y = point
    hit = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def test_the_tiled_hex_chart_shows_every_hex_whole_exactly_once(letter_kit: Path) -> None:
    """Per sheet: the trim outline as drawn (the region colour) and every hex label where it is
    printed; a hex counts when all of it (its corners, found from its label) lies inside the
    outline. Assembled, the six sheets show 217 hexes of 217, none twice."""
    chart = load_kit(DATA).charts["hex"]
    side = chart.cell_size / math.sqrt(3)
    path = letter_kit / "chart-hex.pdf"
    reader = PdfReader(path)
    document = pdfium.PdfDocument(path)
    seen: dict[str, int] = {}
    sheets = len(reader.pages) - 1
    assert sheets == 6
    for number in range(sheets):
        content = read_page(reader, reader.pages[number])
        outline = _loop(
            [
                ((s.x0, s.y0), (s.x1, s.y1))
                for s in content.segments
                if s.color is not None
                and all(abs(a - b) < 1e-3 for a, b in zip(s.color, REGION_COLOR, strict=True))
            ]
        )
        text = document[number].get_textpage()
        labels = []
        for i in range(text.count_rects()):
            box = text.get_rect(i)
            word = text.get_text_bounded(*box).strip()
            if re.fullmatch(r"[A-Q]\d{1,2}", word):
                labels.append((word, box))
        assert len(labels) == 217  # every label is in the sheet's drawing; the outline picks
        for word, (left, bottom, right, _) in labels:
            # the label sits above the hex's centre by 0.58 of its side (charts.draw)
            centre = ((left + right) / 2, bottom - 0.58 * side)
            corners = [
                (
                    centre[0] + (side - 4.0) * math.cos(math.radians(30 + 60 * k)),
                    centre[1] + (side - 4.0) * math.sin(math.radians(30 + 60 * k)),
                )
                for k in range(6)
            ]
            if all(_inside(p, outline) for p in [centre, *corners]):
                seen[word] = seen.get(word, 0) + 1
    assert len(seen) == 217 and sorted(set(seen.values())) == [1]  # 217 of 217, once each


@pytest.mark.parametrize(("chart", "seats"), [("square", 4), ("duel", 2), ("hex", 6)])
def test_every_chart_numbers_its_seats(letter_kit: Path, chart: str, seats: int) -> None:
    sheets = " ".join(_pages(letter_kit / f"chart-{chart}.pdf")[:-1])
    for seat in range(1, seats + 1):
        assert f"Seat {seat}" in sheets
    assert f"Seat {seats + 1}" not in sheets
    if chart == "hex":
        overview = " ".join(_pages(letter_kit / "chart-hex-overview.pdf"))
        assert all(f"Seat {seat}" in overview for seat in range(1, 7))


def test_the_rulebook_seats_two_to_six_captains_and_marks_our_choices(letter_kit: Path) -> None:
    text = " ".join(_pages(letter_kit / "rulebook.pdf"))
    # the hex seatings come from the chart's data; which corners 2–5 captains take and how
    # Triads alternate are not in the source rules, so they carry the mark
    for captains, seats in (("2", "1, 4"), ("3", "1, 3, 5"), ("4", "1, 2, 4, 5"), ("5", "1–5")):
        assert f"{captains} {seats}{MARK}" in text
    assert f"Triads{MARK}: 1 + 3 + 5 against 2 + 4 + 6" in text
    assert "Pairs: 1 + 2 against 3 + 4" in text  # the source rules give this one: no mark
    # Pirates!: every number is ours, and the square seats two or four captains, never three
    assert f"at least 24{MARK} points" in text and f"gives 1{MARK} more order" in text
    assert "three captains on the square chart" not in text.lower()
    assert f"North-east{MARK} corner (seat 6)" in text  # the wind's start
    assert text.count(NOTE) == 4  # the footnote, in every page's footer


def test_wording_issue_13(letter_kit: Path) -> None:
    rulebook = " ".join(_pages(letter_kit / "rulebook.pdf"))
    card = " ".join(_pages(letter_kit / "rules-card.pdf"))
    for text in (rulebook, card):
        assert "pnpkit" not in text  # no command-line tool in the player rules
        assert re.search(r"(?<![\w−])-8\b", text) is None  # a minus sign, not a hyphen
        assert "−8" in text
    assert "fighting may start in round 1" not in rulebook
    assert "without it, ships may fight from round 1" in rulebook
    assert "only a Privateer that attacks her can sink her" not in rulebook
    assert "by a Fireship she attacks, and by another First Rate" in rulebook
    square, hexes = (
        re.search(rf"{name}[^.]*: anchorages tinted per seat[^.]*\.", rulebook)
        for name in ("12 × 12", "hexagon of radius 8")
    )
    assert square and "wings hatched" in square.group(0)
    assert hexes and "wings" not in hexes.group(0)  # the hex chart has no wings


def test_play_aids_have_markers_a_wind_rose_and_secret_scores(letter_kit: Path) -> None:
    first, rose, log, _ = _pages(letter_kit / "play-aids.pdf")
    assert "Markers" in first and "round" in first and "wind" in first and "quiet" in first
    assert "Wind rose" in rose and "1 East" in rose and "6 North-east" in rose
    assert f"North-east{MARK} corner (seat 6)" in rose
    for n in range(1, 7):
        assert f"{n} " in first
    assert first.count("Squadron") == 6  # six rows of ships lost
    assert "In Open Water with three or more they stay secret" in first
    assert NOTE in first
    assert "Captain's log" in log and "harbors" in log and "total" in log
    assert "Orders go on the order slips, never here" in log and "ship at" not in log


def test_order_slips_apart_from_the_log_and_a_quiet_round_counter(letter_kit: Path) -> None:
    """Orders are shown at the reveal and the log holds the secret score: the orders go on a
    slip a round, cut apart; the no-stalling rule has a track to count quiet rounds on."""
    first, _, _, slips = _pages(letter_kit / "play-aids.pdf")
    assert slips.startswith("Order slips One sheet for each captain")
    assert [int(n) for n in re.findall(r"Round (\d+)", slips)] == list(range(1, 25))
    assert slips.count("ship at") == 24 * 4  # 3 orders and the Admiral's on every slip
    quiet = first[first.index("Quiet rounds") : first.index("Markers")]
    assert "After a round with no fight and no harbor or Capital changing hands" in quiet
    assert "On 6, every ring still 3 or more rounds away closes a round early" in quiet
    assert "0 1 2 3 4 5 6 storm hurries" in quiet


def _column_ends(path: Path, page: int) -> tuple[float, float]:
    """The lowest text of the left and of the right column (points from the page's bottom)."""
    reader = PdfReader(path)
    content = read_page(reader, reader.pages[page])
    width = float(reader.pages[page].mediabox.width)
    body = [p.box for p in content.painted if p.kind == "text" and p.box[1] > 40.0]
    left = min(b[1] for b in body if b[2] < width / 2)
    right = min(b[1] for b in body if b[0] > width / 2)
    return left, right


def test_rulebook_columns_are_balanced(letter_kit: Path) -> None:
    path = letter_kit / "rulebook.pdf"
    for page in range(4):
        left, right = _column_ends(path, page)
        assert abs(left - right) < 60.0, (page + 1, left, right)  # within five lines
        assert max(left, right) < 792 * 0.45  # and more than half the page is text


def test_the_standard_formation_is_printed_and_marked(letter_kit: Path) -> None:
    """The source rules name a standard formation but do not give it: ours, marked, printed on
    the play aids' second page (front row first) and named in the rulebook's setting up."""
    kit = load_kit(Path("data/false-colors"))
    assert kit.game.ours.of("formation")
    rows = kit.game.formation_rows
    placed = [cell for row in rows for cell in row if cell != "."]
    assert sorted(placed) == sorted(s.key for s in kit.game.roster for _ in range(s.count))
    _, rose, _, _ = _pages(letter_kit / "play-aids.pdf")
    assert rose.startswith(f"Standard formation{MARK} ")
    keys = " ".join(cell for row in rows for cell in row if cell != ".")
    assert f"front, toward the middle {keys} your edge" in rose
    rulebook = " ".join(_pages(letter_kit / "rulebook.pdf"))
    assert f"or in the play aids' standard formation{MARK}, ratings facing you" in rulebook


def test_what_the_seed_leaves_open_about_quiet_rounds_is_ruled_and_marked(
    letter_kit: Path,
) -> None:
    """The seed counts rounds "with no fight and no harbor or Capital changing hands" and says
    neither whether a harbor's first holder changes its hands nor whether the truce counts: our
    rulings, marked, on the quiet rounds track and in the rulebook's No stalling."""
    first = _pages(letter_kit / "play-aids.pdf")[0]
    quiet = first[first.index("Quiet rounds") : first.index("Markers")]
    hands = (
        "A harbor or the Capital changes hands when it scores for a side other than the one it "
        f"last scored for, or scores for the first time{MARK}."
    )
    assert hands in quiet
    assert f"The truce (round 1) is never a quiet round: the marker stays on 0{MARK}." in quiet
    rulebook = " ".join(_pages(letter_kit / "rulebook.pdf"))
    stalling = rulebook[rulebook.index("No stalling.") :]
    assert stalling.index(hands) < 400
    assert f"The truce (round 1) is never a quiet round: the count starts after it{MARK}." in (
        stalling
    )


def test_a_game_without_a_truce_says_nothing_of_it_on_the_quiet_track(tmp_path: Path) -> None:
    """``truce_rounds: 0`` (the table plays from round 1): no ruling about a truce printed."""
    from pnpkit.games.false_colors.aid_layout import quiet_note

    kit = load_kit(DATA)
    words = {"quiet_note": "Count quiet rounds.", "quiet_truce": "The truce is never one."}
    assert quiet_note(kit.game, words.__getitem__).endswith("The truce is never one.")
    plain = dataclasses.replace(kit.game, truce_rounds=0)
    assert quiet_note(plain, words.__getitem__) == "Count quiet rounds."


def test_the_hex_charts_standard_formation_is_drawn_hex_by_hex(letter_kit: Path) -> None:
    """ "As near to this as the corner allows" left the hex chart's formation open: the hex
    formation (ours, marked) names a ship for every hex of a corner's anchorage, row by row
    from the front (3 steps from the corner) to the corner hex, and the play aids draw it in
    the anchorage's own shape, each key in its hex."""
    kit = load_kit(DATA)
    game = kit.game
    assert game.ours.of("hex_formation")
    rows = game.hex_formation_rows
    assert [len(row) for row in rows] == [7, 5, 3, 1]
    placed = sorted(cell for row in rows for cell in row if cell != ".")
    assert placed == sorted(s.key for s in game.roster for _ in range(s.count))
    # the drawing's layers are the hex chart's real anchorage, turned to face the middle
    chart = kit.charts["hex"]
    for seat in chart.seats:
        hexes = [h for h in seat.anchorage if isinstance(h, Hex)]
        corner = next(h for h in hexes if h.length() == chart.radius and h.q * h.r * h.s == 0)
        offsets = {(h.q - corner.q, h.r - corner.r) for h in hexes}
        drawn = {cell for layer in corner_layers(len(rows)) for cell in layer}
        inward = (-corner.q // chart.radius, -corner.r // chart.radius)  # toward the middle
        turned = [
            turns
            for turns in range(6)
            if {_turn(o, turns) for o in offsets} == drawn and _turn(inward, turns) == (0, -1)
        ]
        assert len(turned) == 1, seat.name
    for k, layer in enumerate(reversed(corner_layers(len(rows)))):
        assert len(layer) == 2 * k + 1
        assert all(max(abs(q), abs(r), abs(q + r)) == k for q, r in layer)
    # every key printed in its hex: the drawing's words sit in the hexes of their row
    drawing = HexFormation(rows)
    keys = [w for w in drawing.items() if isinstance(w, Words) and len(w.text) == 1]
    expected = [
        (key, drawing.centre(q, r))
        for row, layer in zip(rows, corner_layers(len(rows)), strict=True)
        for key, (q, r) in zip(row, layer, strict=True)
        if key != "."
    ]
    assert len(keys) == len(expected) == game.fleet_size
    for word, (key, (x, y)) in zip(keys, expected, strict=True):
        assert word.text == key
        assert math.isclose(word.at[0], x) and abs(word.at[1] - y) < drawing.across / 2
    aids = _pages(letter_kit / "play-aids.pdf")[1]
    assert (
        f"Standard formation on the hex chart{MARK} Your anchorage on the hex chart is the 16"
        in (aids)
    )
    assert "as near to this as the corner allows" not in aids
    assert "your corner" in aids


def _turn(offset: tuple[int, int], turns: int) -> tuple[int, int]:
    """An axial offset turned ``turns`` sixth turns, as :meth:`Hex.rotated` turns a hex."""
    hexed = Hex(*offset).rotated(turns)
    return hexed.q, hexed.r


def test_a_hex_formation_smaller_than_the_hex_anchorage_is_refused() -> None:
    """Rows of a corner's shape that fill fewer hexes than the hex chart's anchorage (16) are
    refused at ``hex_formation``, saying how many rows would fill it."""
    from pnpkit.games.false_colors.aid_layout import formation_problems

    kit = load_kit(DATA)
    assert formation_problems(kit.game, kit.charts) == []
    small = dataclasses.replace(kit.game, hex_formation=("2 4 . 2 4", "3 5 7", "A"))
    (problem,) = formation_problems(small, kit.charts)
    assert problem.field == "hex_formation"
    assert "3 rows of 9 hexes in all" in str(problem)
    assert "4 rows, 16 hexes: the hex chart's anchorage" in str(problem)
    assert formation_problems(small, {}) == []  # no hex chart, nothing to fill
