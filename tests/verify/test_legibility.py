"""The print checks every build runs: no text under 6 pt, colours that tell things apart in gray."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.writing import write_plan

from pnpkit.layout.document import Document
from pnpkit.layout.paper import LETTER
from pnpkit.layout.plan import DocumentPlan, with_colors
from pnpkit.render import fonts
from pnpkit.verify import verify_pdf
from pnpkit.verify.promises import (
    ColorMember,
    ColorSetPromise,
    Promises,
    gray_level,
)

RGB = tuple[float, float, float]


def _doc(path: Path, draw: Callable[[Document], None]) -> Path:
    doc = Document(path, LETTER, title="t")
    draw(doc)
    doc.save()
    return path


def _words(size: float, text: str = "Sloop 3") -> Callable[[Document], None]:
    def draw(doc: Document) -> None:
        doc.canvas.setFont(fonts.REGULAR, size)
        doc.canvas.drawString(72, 300, text)

    return draw


# text size -------------------------------------------------------------------------------------


def test_five_point_text_fails_with_its_page_size_and_words(tmp_path: Path) -> None:
    path = _doc(tmp_path / "five.pdf", _words(5))
    assert verify_pdf(path) == [f"{path}: page 1: 1 text run smaller than 6 pt: 5.00 pt 'Sloop 3'"]


def test_six_point_text_passes(tmp_path: Path) -> None:
    assert verify_pdf(_doc(tmp_path / "six.pdf", _words(6))) == []


class _Label:
    """A drawable that writes 10 pt words, as a token or a card face would."""

    width = 100.0
    height = 20.0

    def draw(self, c: object) -> None:
        c.setFont(fonts.BOLD, 10)  # type: ignore[attr-defined]
        c.drawString(2, 5, "Frigate")  # type: ignore[attr-defined]


def _form_at(scale: float) -> Callable[[Document], None]:
    def draw(doc: Document) -> None:
        name = doc.form(_Label())
        for row in range(3):  # one form, drawn three times: one entry, counted
            doc.canvas.saveState()
            doc.canvas.translate(100, 200 + 50 * row)
            doc.canvas.scale(scale, scale)
            doc.canvas.doForm(name)
            doc.canvas.restoreState()

    return draw


def test_ten_point_text_in_a_form_scaled_by_half_fails(tmp_path: Path) -> None:
    path = _doc(tmp_path / "form.pdf", _form_at(0.5))
    assert verify_pdf(path) == [
        f"{path}: page 1: 3 text runs smaller than 6 pt: 5.00 pt 'Frigate' ×3"
    ]
    assert verify_pdf(_doc(tmp_path / "form-ok.pdf", _form_at(0.6))) == []


def test_turning_text_does_not_shrink_it_and_squeezing_it_does(tmp_path: Path) -> None:
    def turned(doc: Document) -> None:
        c = doc.canvas
        c.saveState()
        c.translate(300, 300)
        c.rotate(37)
        c.setFont(fonts.REGULAR, 6)
        c.drawString(0, 0, "turned but 6 pt")
        c.restoreState()

    assert verify_pdf(_doc(tmp_path / "turned.pdf", turned)) == []

    def squat(doc: Document) -> None:
        c = doc.canvas
        c.saveState()
        c.translate(300, 300)
        c.scale(2.0, 0.5)  # wide but only 4 pt tall
        c.setFont(fonts.REGULAR, 8)
        c.drawString(0, 0, "squat")
        c.restoreState()

    problems = verify_pdf(_doc(tmp_path / "squat.pdf", squat))
    assert len(problems) == 1 and "4.00 pt 'squat'" in problems[0]


def test_text_hidden_by_a_clip_or_made_of_spaces_is_not_reported(tmp_path: Path) -> None:
    def hidden(doc: Document) -> None:
        c = doc.canvas
        c.saveState()
        path = c.beginPath()
        path.rect(300, 300, 50, 50)
        c.clipPath(path, stroke=0, fill=0)
        c.setFont(fonts.REGULAR, 4)
        c.drawString(72, 72, "outside the clip")
        c.restoreState()
        c.setFont(fonts.REGULAR, 4)
        c.drawString(72, 400, "   ")

    assert verify_pdf(_doc(tmp_path / "hidden.pdf", hidden)) == []


# colour sets -----------------------------------------------------------------------------------


def _gray(level: int) -> RGB:
    return (level / 255.0, level / 255.0, level / 255.0)


def test_gray_levels_are_poppler_s_weights() -> None:
    # pdftoppm -gray prints pure red, green and blue as 77, 150 and 28 (measured, poppler 22.12);
    # BT.601's 0.299/0.587/0.114 would give 76, 150 and 29.
    assert [gray_level(c) for c in ((1, 0, 0), (0, 1, 0), (0, 0, 1))] == [77, 150, 28]
    assert gray_level((1, 1, 1)) == 255 and gray_level((0, 0, 0)) == 0
    assert gray_level(_gray(137)) == 137


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
def test_gray_levels_match_what_pdftoppm_prints(tmp_path: Path) -> None:
    colours: list[RGB] = [
        (0.0, 0.447, 0.698),  # Okabe–Ito blue
        (0.902, 0.624, 0.0),  # orange
        (0.0, 0.62, 0.451),  # bluish green
        (0.8, 0.475, 0.655),  # reddish purple
        (1.0, 0.0, 0.0),
        (0.0, 0.0, 1.0),
    ]

    def swatches(doc: Document) -> None:
        for i, colour in enumerate(colours):
            doc.canvas.setFillColorRGB(*colour)
            doc.canvas.rect(72 + 72 * i, 72, 72, 72, stroke=0, fill=1)

    pdf = _doc(tmp_path / "swatches.pdf", swatches)
    subprocess.run(
        ["pdftoppm", "-gray", "-r", "72", "-singlefile", str(pdf), str(tmp_path / "g")],
        check=True,
    )
    header, _, pixels = (tmp_path / "g.pgm").read_bytes().partition(b"\n255\n")
    width = int(header.split()[1])
    row = 792 - 108  # a row through the swatches (top-down)
    printed = [pixels[row * width + 108 + 72 * i] for i in range(len(colours))]
    assert printed == [gray_level(c) for c in colours]


def _seats(
    a: RGB, b: RGB, cues: tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]
) -> Callable[[Document], None]:
    def draw(doc: Document) -> None:
        c = doc.canvas
        for i, colour in enumerate((a, b)):
            c.setFillColorRGB(*colour)
            c.rect(100 + 120 * i, 300, 100, 100, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(fonts.BOLD, 12)
        c.drawString(110, 280, "North")
        c.drawString(230, 280, "South")
        doc.promise_colors(
            what="seats",
            members=[
                ColorMember("seat 1", a, cues[0]),
                ColorMember("seat 2", b, cues[1]),
            ],
        )

    return draw


def test_two_seat_colours_ten_levels_apart_fail(tmp_path: Path) -> None:
    a, b = (1.0, 0.0, 0.0), _gray(87)  # red prints 77
    assert gray_level(b) - gray_level(a) == 10
    path = _doc(tmp_path / "seats.pdf", _seats(a, b, ((), ())))
    assert verify_pdf(path) == [
        f"{path}: seats: 'seat 1' #FF0000 (gray 77) and 'seat 2' #575757 (gray 87) are 10 "
        "levels apart in grayscale (need 40) and differ by no pattern, emblem or label"
    ]


def test_colours_forty_levels_apart_pass(tmp_path: Path) -> None:
    a, b = (1.0, 0.0, 0.0), _gray(117)
    assert gray_level(b) - gray_level(a) == 40
    assert verify_pdf(_doc(tmp_path / "seats.pdf", _seats(a, b, ((), ())))) == []
    c = _gray(116)  # 39 levels: one short
    assert len(verify_pdf(_doc(tmp_path / "short.pdf", _seats(a, c, ((), ()))))) == 1


def test_ten_levels_apart_pass_with_different_patterns_but_not_with_the_same(
    tmp_path: Path,
) -> None:
    a, b = (1.0, 0.0, 0.0), _gray(87)
    stripes, dots = (("pattern", "stripes"),), (("pattern", "dots"),)
    assert verify_pdf(_doc(tmp_path / "p.pdf", _seats(a, b, (stripes, dots)))) == []
    # the same pattern, or a pattern on one only, or cues of different kinds: no second cue
    emblem = (("emblem", "anchor"),)
    for cues in ((stripes, stripes), (stripes, ()), (stripes, emblem)):
        problems = verify_pdf(_doc(tmp_path / "same.pdf", _seats(a, b, cues)))
        assert len(problems) == 1 and "differ by no pattern, emblem or label" in problems[0]


def test_a_label_cue_must_be_written_on_the_page(tmp_path: Path) -> None:
    a, b = (1.0, 0.0, 0.0), _gray(87)
    written = ((("label", "North"),), (("label", "South"),))
    assert verify_pdf(_doc(tmp_path / "l.pdf", _seats(a, b, written))) == []
    missing = ((("label", "North"),), (("label", "West"),))
    path = _doc(tmp_path / "m.pdf", _seats(a, b, missing))
    assert verify_pdf(path) == [
        f"{path}: seats: 'seat 2''s label 'West' is written on none of pages 1"
    ]


def test_a_promised_colour_must_be_filled_on_its_pages(tmp_path: Path) -> None:
    def draw(doc: Document) -> None:
        doc.canvas.setFillColorRGB(1, 0, 0)
        doc.canvas.rect(100, 100, 50, 50, stroke=0, fill=1)
        doc.next_page()
        doc.canvas.setFillColorRGB(0, 0, 1)
        doc.canvas.rect(100, 100, 50, 50, stroke=0, fill=1)
        doc.canvas.setStrokeColorRGB(1, 1, 0)  # a stroke is not a fill
        doc.canvas.rect(200, 100, 50, 50, stroke=1, fill=0)
        doc.promise_colors(
            what="fleets",
            members=[
                ColorMember("Red", (1.0, 0.0, 0.0)),
                ColorMember("Blue", (0.0, 0.0, 1.0)),
                ColorMember("Yellow", (1.0, 1.0, 0.0)),
            ],
            pages=[1, 2, 3],
        )

    path = _doc(tmp_path / "fills.pdf", draw)
    assert verify_pdf(path) == [
        f"{path}: fleets: promised on page 3, which is missing",
        f"{path}: fleets: 'Yellow' #FFFF00 is filled on none of pages 1, 2, 3",
    ]


def test_colour_promises_travel_as_json_and_refuse_unknown_cues() -> None:
    promise = ColorSetPromise(
        "factions",
        (
            ColorMember("Pirate", (0.13, 0.13, 0.13), (("emblem", "skull"), ("label", "P"))),
            ColorMember("Navy", (0.1, 0.4, 0.75), (("emblem", "crown"),)),
        ),
        (2, 3),
    )
    back = Promises.from_json(Promises(color_sets=(promise,)).to_json())
    assert back.color_sets == (promise,)
    with pytest.raises(ValueError, match="cue kind 'colour' is not one of pattern, emblem, label"):
        ColorMember("x", (0.0, 0.0, 0.0), (("colour", "red"),))


def test_tounicode_maps_read_chars_ranges_and_arrays() -> None:
    from pnpkit.verify.unicode import read_cmap

    cmap = b"""/CIDInit /ProcSet findresource begin 12 dict begin begincmap
    1 begincodespacerange <00> <FF> endcodespacerange
    2 beginbfchar <01> <0053> <02> <006C006F> endbfchar
    2 beginbfrange <10> <12> <0041> <20> <21> [<00E9> <2013>] endbfrange
    endcmap CMapName currentdict /CMap defineresource pop end end"""
    assert read_cmap(cmap) == {1: "S", 2: "lo", 16: "A", 17: "B", 18: "C", 32: "é", 33: "–"}
    assert read_cmap(b"beginbfchar ( endbfchar") == {}  # unreadable: maps nothing


def test_small_text_is_checked_in_bleed_files_too(tmp_path: Path) -> None:
    def bleed(doc: Document) -> None:
        doc.set_margin(0)
        _words(4, "trim here")(doc)

    problems = verify_pdf(_doc(tmp_path / "bleed.pdf", bleed))
    assert len(problems) == 1 and "4.00 pt 'trim here'" in problems[0]


def test_a_plan_with_colors_promises_them_on_every_page_it_draws(tmp_path: Path) -> None:
    def pages(doc: Document) -> None:
        for colour in ((1.0, 0.0, 0.0), (0.0, 0.0, 1.0)):
            doc.start_page(LETTER)
            doc.canvas.setFillColorRGB(*colour)
            doc.canvas.rect(100, 100, 50, 50, stroke=0, fill=1)

    plan = DocumentPlan("two.pdf", "t", "s", pages)
    red, blue = ColorMember("Red", (1.0, 0.0, 0.0)), ColorMember("Blue", (0.0, 0.0, 1.0))
    good = write_plan(tmp_path / "good.pdf", with_colors(plan, what="fleets", members=[red, blue]))
    assert verify_pdf(good.path) == []  # 77 against 28: 49 levels apart, each filled somewhere
    green = ColorMember("Green", (0.0, 0.6, 0.0))
    bad = write_plan(tmp_path / "bad.pdf", with_colors(plan, what="fleets", members=[red, green]))
    assert verify_pdf(bad.path) == [
        f"{bad.path}: fleets: 'Red' #FF0000 (gray 77) and 'Green' #009900 (gray 90) are 13 "
        "levels apart in grayscale (need 40) and differ by no pattern, emblem or label",
        f"{bad.path}: fleets: 'Green' #009900 is filled on none of pages 1, 2",
    ]
