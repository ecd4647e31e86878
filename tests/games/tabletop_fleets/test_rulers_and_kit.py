"""The printed rulers measure what they say (verify), a wrong ruler is caught, and the kit builds."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from tests.pdfread import forms_drawn, page_sizes, page_texts, print_scaling, text_of
from tests.writing import ShippedKit, replace_once

from pnpkit.app.build import build_kits
from pnpkit.app.cli import main
from pnpkit.build.control import BuildControl
from pnpkit.errors import DataError
from pnpkit.games.tabletop_fleets.kit import place_ruler, rulers, write_rulers
from pnpkit.games.tabletop_fleets.load import load_tabletop
from pnpkit.games.tabletop_fleets.rulers import Band, Ruler, pieces
from pnpkit.layout.document import Document
from pnpkit.layout.paper import LETTER
from pnpkit.render import fonts
from pnpkit.units import CM, INCH
from pnpkit.verify import verify_pdf
from pnpkit.verify.promises import MIN_TEXT_SIZE, Promises

GAME = "tabletop-fleets"


def test_rulers_are_the_seed_lengths_and_pieces_join_to_them(data_dir: Path) -> None:
    game = load_tabletop(data_dir / GAME)
    straight, tipped, move = rulers(game)
    assert straight.length == pytest.approx(45 * CM)
    assert tipped.length == pytest.approx(70 * CM)
    # the bands are the rules' hit zones: straight out from the muzzle, tipped up from where
    # it comes down, each to the farthest it carries
    assert (straight.bands[0].low, straight.bands[0].high) == pytest.approx((0, 45 * CM))
    assert (tipped.bands[0].low, tipped.bands[0].high) == pytest.approx((38 * CM, 70 * CM))
    assert move.step == pytest.approx(game.click)
    for ruler in (straight, tipped, move):
        cut = pieces(ruler, game.ruler_piece, game.ruler_width)
        assert len(cut) > 1
        assert sum(p.span for p in cut) == pytest.approx(ruler.length)
        assert all(p.span <= game.ruler_piece + 1e-6 for p in cut)


def test_ruler_pages_verify(tmp_path: Path, data_dir: Path) -> None:
    game = load_tabletop(data_dir / GAME)
    cut = tuple(p for r in rulers(game) for p in pieces(r, game.ruler_piece, game.ruler_width))
    path = tmp_path / "rulers.pdf"
    doc = Document(path, title="rulers")
    write_rulers(doc, cut, LETTER, "rulers")
    doc.save()
    assert verify_pdf(path) == []
    promises = Promises.from_json(_promises_json(path))
    piece_promises = [p for p in promises.rulers if "piece" in p.what]
    assert len(piece_promises) == len(cut)
    assert sum(p.length for p in piece_promises) == pytest.approx(
        sum(r.length for r in rulers(game))
    )


def test_a_wrong_ruler_is_caught(tmp_path: Path, data_dir: Path) -> None:
    game = load_tabletop(data_dir / GAME)
    piece = pieces(rulers(game)[0], game.ruler_piece, game.ruler_width)[0]
    path = tmp_path / "wrong.pdf"
    doc = Document(path, LETTER.landscape(), title="wrong ruler")
    doc.canvas.translate(40, 200)
    doc.canvas.scale(0.97, 1.0)  # as a printer's "fit to page" would: 3 % short
    doc.canvas.translate(-40, -200)
    place_ruler(doc, piece, 40, 200)
    doc.save()
    problems = verify_pdf(path)
    assert any("Shot: straight out piece 1" in p and "promised" in p for p in problems), problems


def _promises_json(path: Path) -> str:
    from pypdf import PdfReader

    from pnpkit.verify.check import stored_promises

    return stored_promises(PdfReader(str(path))) or ""


@pytest.mark.slow
def test_kit_builds_and_reads_back(data_dir: Path, shipped_kit: ShippedKit) -> None:
    kit = shipped_kit(GAME)  # the shipped data, as `pnpkit build` writes it
    written = sorted(kit.iterdir())
    names = [p.name for p in written]
    assert names == [
        "duplex-calibration.pdf",
        "fleet-pieces.pdf",
        "print-this-kit.pdf",
        "rulers.pdf",
        "rules-reference.pdf",
        "score-sheet.pdf",
        "ship-cards.pdf",
        "table-layout-example.pdf",
        "table-pieces.pdf",
    ]
    game = load_tabletop(data_dir / GAME)
    cards = kit / "ship-cards.pdf"
    drawn = forms_drawn(cards)
    assert len(drawn) == 2 * len(game.ships)  # a front and a back each
    for path in written:
        assert print_scaling(path) == "/None"
        assert verify_pdf(path) == []
        assert all(s in {(612.0, 792.0), (792.0, 612.0)} for s in page_sizes(path))
    text = "\n".join(page_texts(cards))
    assert "Industry" in text and "Queen's Fleet" in text
    score = "\n".join(page_texts(kit / "score-sheet.pdf"))
    for value in ("8 each", "4 each", "1 each", "+8", "60"):
        assert value in score


@pytest.mark.slow
def test_a_designers_new_ship_appears_without_code(tmp_path: Path, data_copy: Path) -> None:
    path = data_copy / GAME / "game.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace(
        "\nshots:",
        "\n  - key: mary-rose\n    name: Mary Rose\n    faction: corsairs\n"
        "    fittings: {turret: 1, masts: 1}\n\nshots:",
    )
    path.write_text(text, encoding="utf-8")
    only = frozenset({"ship-cards.pdf"})  # the one document that shows it
    assert build_kits([GAME], data_copy, tmp_path, control=BuildControl(only=only)) == [
        tmp_path / GAME / "ship-cards.pdf"
    ]
    cards = tmp_path / GAME / "ship-cards.pdf"
    assert "Mary Rose" in text_of(cards)
    assert len(forms_drawn(cards)) == 2 * len(load_tabletop(data_copy / GAME).ships) == 34


def test_bad_data_names_file_line_and_column(data_copy: Path) -> None:
    path = data_copy / GAME / "game.yaml"
    text = path.read_text(encoding="utf-8").replace("move_count: 4", "move_count: 12")
    text = text.replace("fittings: {masts: 2}", "fittings: {mast: 2}")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_tabletop(data_copy / GAME)
    lines = [str(p) for p in caught.value.problems]
    assert any(
        line.startswith(f"{path}:")
        and "factions[1].move_count: 12 is out of range (allowed: 1–9)" in line
        for line in lines
    ), lines
    assert any(
        "fittings.mast: 'mast' is not known; did you mean 'masts'? (allowed: turret, cargo, masts)"
        in line
        for line in lines
    ), lines


def test_cli_table_layout_json_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table-layout", "--crews", "3", "--seed", "11", "--format", "json"]) == 0
    first = capsys.readouterr().out
    assert main(["table-layout", "--crews", "3", "--seed", "11", "--format", "json"]) == 0
    assert capsys.readouterr().out == first
    data = json.loads(first)
    assert data["crews"] == 3 and len(data["islands"]) == 3
    assert data["clearance_in"] == 12.0


def test_cli_table_layout_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table-layout", "--crews", "8", "--seed", "1"]) == 2
    assert "allowed: 1–7" in capsys.readouterr().err
    assert main(["table-layout", "--crews", "2", "--seed", "1", "--islands", "many"]) == 2
    assert main(["table-layout", "--crews", "7", "--seed", "1", "--islands", "30"]) == 1
    assert "cannot deal 30 islands" in capsys.readouterr().err


def test_cli_table_layout_pdf_verifies(tmp_path: Path) -> None:
    target = tmp_path / "round.pdf"
    args = ["table-layout", "--crews", "5", "--seed", "3", "--table", "round"]
    assert main([*args, "--format", "pdf", "--out", str(target)]) == 0
    assert verify_pdf(target) == []
    assert "scale 1 : 8" in text_of(target)
    # a round table's layout comes with the angle template its placings are measured with
    layout, template = page_texts(target)
    assert "anticlockwise from crew 1's seat" in layout
    assert template.startswith("Angle template for round tables")
    numbers = set(template.split())
    assert {str(d) for d in range(0, 360, 15)} <= numbers
    promises = Promises.from_json(_promises_json(target))
    bar = [r for r in promises.rulers if r.what.startswith("layout scale bar")]
    assert bar and bar[0].length == pytest.approx(12 * INCH / 8)
    (scale,) = [r for r in promises.rulers if r.what == "angle template cm scale"]
    assert scale.length == pytest.approx(8 * CM)
    square = tmp_path / "square.pdf"
    args = ["table-layout", "--crews", "2", "--seed", "3", "--format", "pdf", "--out", str(square)]
    assert main(args) == 0
    assert len(page_sizes(square)) == 1


@pytest.mark.slow
def test_kit_bytes_repeat_and_a4_builds(
    tmp_path: Path, data_dir: Path, shipped_kit: ShippedKit
) -> None:
    again = build_kits([GAME], data_dir, tmp_path / "two")
    first = [shipped_kit(GAME) / p.name for p in again]
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in again]
    a4 = sorted(shipped_kit(GAME, "a4").glob("*.pdf"))
    assert [p.name for p in a4] == sorted(p.name for p in again)
    for path in a4:
        assert verify_pdf(path) == []
        assert all({round(w), round(h)} == {595, 842} for w, h in page_sizes(path)), path


def test_cli_max_islands_deals_at_least_one_per_crew(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["table-layout", "--crews", "2", "--seed", "5", "--islands", "max", "--format", "json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["islands"]) > 2


def test_cli_table_layout_unwritable_target_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    long_name = tmp_path / ("x" * 300 + ".pdf")
    args = ["table-layout", "--crews", "2", "--seed", "1", "--format", "pdf"]
    assert main([*args, "--out", str(long_name)]) == 2
    assert "cannot write" in capsys.readouterr().err
    assert main(["table-layout", "--crews", "2", "--seed", "1", "--data", str(tmp_path)]) == 2


def _labelled(ruler: Ruler, longest: float) -> list[tuple[int, float, float] | None]:
    """Each piece's band label: (piece number, size, centre), or None."""
    return [
        None if (placed := piece.band_label(ruler.bands[0])) is None else (piece.index, *placed)
        for piece in pieces(ruler, longest, 0.75 * INCH)
    ]


def test_a_band_is_labelled_where_its_label_fits_and_never_under_6_pt() -> None:
    """Cut every 8 cm, the 30–45 cm band's first stretch (30–32 cm) is too short for its label:
    it was set at 5.7 pt there, and the build stopped at verify ('text smaller than 6 pt')
    after check had passed. Now that stretch goes unlabelled; the next two carry it."""
    band = Band(30 * CM, 45 * CM, "straight out 30–45 cm", "#f6d8a8")
    ruler = Ruler("Shot", 45 * CM, CM, "cm", bands=(band,))
    labels = _labelled(ruler, 8 * CM)
    assert [label and label[0] for label in labels] == [None, None, None, None, 4, 5]
    assert all(label is None or label[1] >= MIN_TEXT_SIZE for label in labels)


def test_a_band_too_narrow_for_its_label_is_labelled_once_at_6_pt_on_its_piece() -> None:
    band = Band(10 * CM, 11 * CM, "a long label for a narrow band", "#f6d8a8")
    ruler = Ruler("Shot", 20 * CM, CM, "cm", bands=(band,))
    (only,) = [label for label in _labelled(ruler, 8 * CM) if label is not None]
    index, size, centre = only
    assert (index, size) == (1, MIN_TEXT_SIZE)
    half = fonts.text_width(band.label, fonts.SEMIBOLD, MIN_TEXT_SIZE) / 2
    assert half < centre < 8 * CM - half  # kept on its piece


def test_a_short_piece_titles_itself_shorter_never_under_6_pt() -> None:
    ruler = Ruler("Shot: straight out", 41 * CM, CM, "cm")
    *_, last = pieces(ruler, 20 * CM, 0.75 * INCH)
    assert last.span == pytest.approx(CM)
    assert last.title() == ("3/3", MIN_TEXT_SIZE)
    first = pieces(ruler, 20 * CM, 0.75 * INCH)[0]
    assert first.title() == ("Shot: straight out · piece 1 of 3", 7.0)


def test_rulers_cut_short_build_and_verify(tmp_path: Path, data_dir: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(data_dir / GAME, data / GAME)
    replace_once(data / GAME / "game.yaml", "piece: 20cm", "piece: 8cm")
    assert main(["build", GAME, "--data", str(data), "--out", str(tmp_path / "out"), "-q"]) == 0


def test_a_strip_too_narrow_for_its_words_is_refused_at_its_width(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """At 0.4 in (allowed before) a piece's title ran off the strip; at 0.6 in into the band's
    label."""
    data = tmp_path / "data"
    shutil.copytree(data_dir / GAME, data / GAME)
    line = replace_once(data / GAME / "game.yaml", "width: 0.75in", "width: 0.6in")
    assert main(["check", GAME, "--data", str(data)]) == 1
    assert capsys.readouterr().err.splitlines()[0] == (
        f"error: {data / GAME / 'game.yaml'}:{line}:10: ruler.width: 0.6in is out of range "
        "(allowed: 0.75in–1.5in)"
    )


def test_a_table_for_one_crew_deals_its_example_for_one(data_dir: Path) -> None:
    """With ``table.max_crews: 1`` the example page asked for two crews and the build stopped
    with a usage error (exit 2) for data that passed check (found by `make fuzz`)."""
    from dataclasses import replace

    from pnpkit.games.tabletop_fleets.kit import example_layout

    game = load_tabletop(data_dir / GAME)
    assert example_layout(game).crews == 2
    alone = replace(game, table=replace(game.table, max_crews=1))
    assert example_layout(alone).crews == 1


def test_printed_bands_are_the_hit_zones_and_labels_stay_inside_the_cut_lines(
    tmp_path: Path, data_dir: Path
) -> None:
    """The shaded bands once said 30–45 and 50–70 cm where the rules hit 0–45 and 38–70; the
    click labels at a piece's ends ran past its cut line. Each piece is printed alone and read
    back: its words, and where every word sits."""
    import pypdfium2 as pdfium

    game = load_tabletop(data_dir / GAME)
    x, y = 40.0, 300.0
    for ruler in rulers(game):
        for piece in pieces(ruler, game.ruler_piece, game.ruler_width):
            path = tmp_path / "piece.pdf"
            doc = Document(path, LETTER.landscape(), title="piece")
            place_ruler(doc, piece, x, y)
            doc.save()
            words = text_of(path)
            if ruler.name.startswith("Shot: straight"):
                assert "hits the first ship in line 0–45 cm" in words
            if ruler.name.startswith("Shot: tipped") and piece.index == 2:
                assert "hits the first ship in line 38–70 cm" in words
            pdf = pdfium.PdfDocument(str(path))
            text = pdf[0].get_textpage()
            for i in range(text.count_rects()):
                left, _, right, _ = text.get_rect(i)
                on_piece = x - 0.01 <= left and right <= x + piece.span + 0.01
                on_tab = piece.has_tab and left >= x + piece.span
                assert on_piece or on_tab, (
                    ruler.name,
                    piece.index,
                    text.get_text_bounded(left, _, right, _),
                )
            pdf.close()


def test_spray_and_bounce_are_printed_as_a_marked_chance(tmp_path: Path, data_dir: Path) -> None:
    """The seed's shots spray a few degrees and bounce to a stop somewhere in their carry; the
    kit prints both as a die roll (ours): the deviation template, and where the ball stops on
    each roll, read back from the rulers and the rules."""
    from math import atan, degrees

    from pnpkit.games.tabletop_fleets.kit import chance

    game = load_tabletop(data_dir / GAME)
    printed = chance(game)
    assert printed.mark == "†"
    assert [round(d / CM, 6) for d in printed.stops[0][1]] == [30, 33, 36, 39, 42, 45]
    assert [round(d / CM, 6) for d in printed.stops[1][1]] == [50, 54, 58, 62, 66, 70]
    # the template's outer lines sit 3° either side of its middle
    rise = printed.half - 6.0
    assert degrees(atan(rise / printed.length)) == pytest.approx(3.0)
    only = frozenset({"rulers.pdf", "rules-reference.pdf"})
    build_kits([GAME], data_dir, tmp_path, control=BuildControl(only=only))
    rulers_text = " ".join(text_of(tmp_path / GAME / "rulers.pdf").split())
    assert "Spray and bounce†: one six-sided die, the template and this table" in rulers_text
    assert "Straight out: stops at 30 cm 33 cm 36 cm 39 cm 42 cm 45 cm" in rulers_text
    assert "Tipped up: stops at 50 cm 54 cm 58 cm 62 cm 66 cm 70 cm" in rulers_text
    assert "left line middle middle middle middle right line" in rulers_text
    rules = " ".join(text_of(tmp_path / GAME / "rules-reference.pdf").split())
    assert "a shot sprays up to 3°† either way" in rules
    assert "straight out at 30, 33, 36, 39, 42 and 45 cm" in rules
