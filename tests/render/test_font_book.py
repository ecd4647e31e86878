"""The font families (:mod:`pnpkit.render.font_book`): the three built in from pip packages, a
game's own font files from ``assets/fonts/``, each measured as ReportLab measures it and
embedded in a PDF that verifies; a file that cannot be a face is a problem at the file."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import font_fjallaone
import font_source_serif_pro
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

from pnpkit.build.context import BuildContext
from pnpkit.build.write import write_document
from pnpkit.errors import DataError
from pnpkit.games.printable import read_game
from pnpkit.layout.document import Document
from pnpkit.layout.paper import LETTER
from pnpkit.layout.plan import DocumentPlan
from pnpkit.render import fonts
from pnpkit.render.font_book import MAX_FONT_BYTES
from pnpkit.verify.check import verify_pdf

SERIF_FILES = Path(font_source_serif_pro.__file__).parent / "files"
BUILT_IN_FACES = tuple(face for styles in fonts.BUILT_IN.table.values() for face in styles.values())


def _fonts_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "my-game" / "assets" / "fonts"
    folder.mkdir(parents=True)
    return folder


def _copy(name: str, folder: Path, as_name: str) -> Path:
    target = folder / as_name
    shutil.copyfile(SERIF_FILES / name, target)
    return target


def test_the_built_in_families_and_their_faces() -> None:
    book = fonts.font_book(None)
    assert book.families == fonts.FAMILIES == ("sans", "serif", "display")
    assert fonts.WEIGHTS == ("normal", "semibold", "bold")
    assert book.face("sans") == fonts.REGULAR
    assert book.face("sans", "bold") == fonts.BOLD
    assert book.face("sans", italic=True) == fonts.ITALIC
    assert book.face("serif", "semibold") == "SourceSerifPro-Semibold"
    assert book.face("serif", italic=True) == "SourceSerifPro-It"
    assert book.face("display") == "FjallaOne-Regular"
    with pytest.raises(KeyError):
        book.face("display", "bold")
    with pytest.raises(KeyError):
        book.face("sans", "bold", italic=True)
    with pytest.raises(KeyError):
        book.face("fraktur")
    assert book.allowed() == "sans, serif, display"
    assert book.allowed("sans") == "normal, semibold, bold, italic"
    assert book.allowed("display") == "normal"
    assert book.allowed("fraktur") == "sans, serif, display"


def test_every_built_in_face_is_a_ttf_of_its_pip_package() -> None:
    packages = {
        "SourceSans": "font_source_sans_pro",
        "SourceSerif": "font_source_serif_pro",
        "Fjalla": "font_fjallaone",
    }
    for face in BUILT_IN_FACES:
        path = fonts.font_path(face)
        assert path.is_file() and path.suffix == ".ttf", face
        package = next(p for prefix, p in packages.items() if face.startswith(prefix))
        assert package in path.parts, face
    assert fonts.font_path("FjallaOne-Regular").parent == (
        Path(font_fjallaone.__file__).parent / "files"
    )


def test_a_face_no_book_holds_has_no_file() -> None:
    with pytest.raises(KeyError):
        fonts.font_path("Helvetica")


@pytest.mark.parametrize("face", BUILT_IN_FACES)
def test_every_built_in_face_reads_as_reportlab_reads_it(face: str) -> None:
    from pnpkit.render.font_tables import code_points, metrics

    fonts.register_face(face)
    fonts.register_face(face)  # idempotent
    theirs = pdfmetrics.getFont(face).face
    ours = metrics(fonts.font_path(face))
    assert ours.widths == theirs.charWidths
    assert ours.default == theirs.defaultWidth
    assert code_points(fonts.font_path(face)) == frozenset(theirs.charToGlyph)


@settings(max_examples=150, deadline=None)
@given(
    text=st.text(st.sampled_from("AaWwil1 .,;’–ÆßØŁœ€&?!()\u00a0\u05d0\U0001f600"), max_size=40),
    size=st.floats(min_value=0.5, max_value=200, allow_nan=False),
    face=st.sampled_from(BUILT_IN_FACES),
)
def test_text_width_is_reportlabs_for_every_family(text: str, size: float, face: str) -> None:
    fonts.register_face(face)
    assert fonts.text_width(text, face, size) == pdfmetrics.stringWidth(text, face, size)


def test_glyph_coverage_is_read_per_face() -> None:
    display = fonts.font_book(None).face("display")
    assert fonts.missing_glyphs("Captain", (display,)) == ()
    assert fonts.missing_glyphs("Kap\u05d0", (display, fonts.REGULAR)) == ("\u05d0",)


def test_a_designer_font_is_a_family_with_its_styles(tmp_path: Path) -> None:
    folder = _fonts_folder(tmp_path)
    _copy("SourceSerifPro-Regular.ttf", folder, "pirata-one.ttf")
    _copy("SourceSerifPro-Bold.ttf", folder, "pirata-one-bold.ttf")
    _copy("SourceSerifPro-It.ttf", folder, "pirata-one-italic.ttf")
    (folder / "OFL.txt").write_text("the licence, kept beside the font")
    game = folder.parent.parent
    book = fonts.font_book(game)
    assert book.families == ("sans", "serif", "display", "pirata-one")
    assert book.allowed("pirata-one") == "normal, bold, italic"
    regular = book.face("pirata-one")
    assert regular.startswith("pnpkit-") and regular.endswith("-pirata-one")
    assert book.face("pirata-one", "bold").endswith("-pirata-one-bold")
    assert fonts.font_path(regular) == folder / "pirata-one.ttf"
    assert fonts.font_problems(game) == []
    assert fonts.font_book(game) is book  # cached while the folder is unchanged
    fonts.register_face(regular)
    assert fonts.text_width("Ahoy", regular, 12) == pdfmetrics.stringWidth("Ahoy", regular, 12)
    assert fonts.missing_glyphs("Ahoy \u05d0", (regular,)) == ("\u05d0",)


def test_a_text_a_designer_font_cannot_draw_is_said_with_its_characters(tmp_path: Path) -> None:
    folder = _fonts_folder(tmp_path)
    _copy("SourceSerifPro-Regular.ttf", folder, "house.ttf")
    _copy("SourceSerifPro-It.ttf", folder, "house-italic.ttf")
    book = fonts.font_book(folder.parent.parent)
    faces = (book.face("house"), book.face("house", italic=True))
    assert fonts.glyph_problem("Ahoy", faces, "house") is None
    # Source Serif's italic has no Greek; neither face has Hebrew
    assert fonts.glyph_problem("Ahoy \u03a9 \u05d0", faces, "house") == (
        "'Ahoy \u03a9 \u05d0' has no glyph in the embedded font house for U+03A9 GREEK CAPITAL "
        "LETTER OMEGA at character 6 (in italic), U+05D0 HEBREW LETTER ALEF at character 8"
    )
    assert fonts.is_italic(faces[1]) and not fonts.is_italic(faces[0])


def test_two_games_files_get_names_of_their_own(tmp_path: Path) -> None:
    one = _fonts_folder(tmp_path / "a")
    two = _fonts_folder(tmp_path / "b")
    _copy("SourceSerifPro-Regular.ttf", one, "house.ttf")
    _copy("SourceSerifPro-Bold.ttf", two, "house.ttf")
    first = fonts.font_book(one.parent.parent).face("house")
    second = fonts.font_book(two.parent.parent).face("house")
    assert first != second
    assert fonts.text_width("W", first, 10) != fonts.text_width("W", second, 10)


def test_a_pdf_set_in_a_designer_font_embeds_it_and_verifies(tmp_path: Path) -> None:
    folder = _fonts_folder(tmp_path)
    _copy("SourceSerifPro-Semibold.ttf", folder, "harbour-sign.ttf")
    face = fonts.font_book(folder.parent.parent).face("harbour-sign")

    def pages(doc: Document) -> None:
        doc.start_page(LETTER)
        fonts.register_face(face)
        doc.canvas.setFont(face, 14)
        doc.canvas.drawString(72, 600, "The Harbour Sign")

    path = tmp_path / "sign.pdf"
    write_document(path, DocumentPlan("sign.pdf", "Sign", "test", pages), BuildContext())
    assert verify_pdf(path) == []
    fonts_used = [
        font.get_object()
        for page in PdfReader(str(path)).pages
        for font in page["/Resources"]["/Font"].values()
    ]
    names = {str(font["/BaseFont"]) for font in fonts_used}
    assert any(name.endswith("+SourceSerifPro-Semibold") for name in names), names
    descriptor = next(f for f in fonts_used if "Serif" in str(f["/BaseFont"]))
    assert "/FontFile2" in descriptor["/FontDescriptor"]  # embedded, as a subset


def _problems(game: Path) -> dict[str, str]:
    return {path.name: message for path, message, _ in fonts.font_problems(game)}


def test_a_cff_otf_is_refused_at_its_file_with_the_fix(tmp_path: Path) -> None:
    folder = _fonts_folder(tmp_path)
    _copy("SourceSerifPro-It.otf", folder, "pirata-one-italic.otf")
    game = folder.parent.parent
    ((path, message, allowed),) = fonts.font_problems(game)
    assert path == folder / "pirata-one-italic.otf"
    assert message == (
        "pirata-one-italic.otf cannot be embedded: its outlines are PostScript (CFF), which "
        "ReportLab cannot embed: convert it to TrueType outlines (.ttf), e.g. with FontForge "
        "or fontTools' otf2ttf"
    )
    assert "<family>-bold.ttf" in allowed
    assert fonts.font_book(game).families == fonts.FAMILIES  # no family from it


def test_bad_font_files_are_each_a_problem_at_the_file(tmp_path: Path) -> None:
    folder = _fonts_folder(tmp_path)
    _copy("SourceSerifPro-Regular.ttf", folder, "Pirata One.TTF")
    _copy("SourceSerifPro-Regular.ttf", folder, "serif-bold.ttf")
    _copy("SourceSerifPro-Regular.ttf", folder, "1942.ttf")
    _copy("SourceSerifPro-Regular.ttf", folder, "house.ttf")
    _copy("SourceSerifPro-Regular.ttf", folder, "house-regular.ttf")
    (folder / "notes.ttf").write_text("not a font at all")
    (folder / "cut.ttf").write_bytes(
        (SERIF_FILES / "SourceSerifPro-Regular.ttf").read_bytes()[:5000]
    )
    (folder / "web.woff2").write_bytes(b"wOF2" + bytes(60))
    (folder / "huge.ttf").write_bytes(b"\0" * (MAX_FONT_BYTES + 1))
    assert _problems(folder.parent.parent) == {
        "Pirata One.TTF": "Pirata One.TTF is not a font family's file name, so no text can be "
        "set in it; rename it pirata-one.ttf",
        "1942.ttf": "1942.ttf is not a font family's file name, so no text can be set in it; "
        "rename it font-1942.ttf",
        "serif-bold.ttf": "serif-bold.ttf would be the family serif, which is built in: "
        "rename it, e.g. my-serif-bold.ttf",
        "house.ttf": "house.ttf is the normal face of house, as is house-regular.ttf: keep one",
        "notes.ttf": "notes.ttf cannot be embedded: it is not a TrueType or OpenType font file",
        "cut.ttf": "cut.ttf cannot be embedded: the file is cut short (its tables run past its "
        "end): a damaged font",
        "web.woff2": "web.woff2 is a WOFF2 font, which cannot be embedded: convert it to .ttf "
        "(TrueType outlines), e.g. with FontForge or fontTools",
        "huge.ttf": "huge.ttf is 16.0 MB, over the 16 MB a font file may be: keep only the "
        "scripts you print (a subset of the font)",
    }
    # the one good file of them makes its family
    assert fonts.font_book(folder.parent.parent).families == (*fonts.FAMILIES, "house")


def test_a_link_to_a_font_outside_the_game_is_refused(tmp_path: Path) -> None:
    folder = _fonts_folder(tmp_path)
    (folder / "system.ttf").symlink_to(SERIF_FILES / "SourceSerifPro-Regular.ttf")
    os.mkfifo(folder / "pipe.ttf")
    assert _problems(folder.parent.parent) == {
        "system.ttf": "system.ttf is a link that leads outside the game folder (a font of this "
        "computer would print on no other): copy the font file itself into assets/fonts/",
        "pipe.ttf": "pipe.ttf is not a regular file",
    }


def test_a_font_whose_licence_forbids_embedding_is_refused(tmp_path: Path) -> None:
    from pnpkit.render.font_tables import _table

    folder = _fonts_folder(tmp_path)
    data = bytearray((SERIF_FILES / "SourceSerifPro-Regular.ttf").read_bytes())
    at = _table(bytes(data), b"OS/2") + 8
    data[at : at + 2] = (2).to_bytes(2, "big")
    (folder / "locked.ttf").write_bytes(bytes(data))
    assert _problems(folder.parent.parent) == {
        "locked.ttf": "locked.ttf cannot be embedded: its licence forbids embedding it in a "
        "document (OS/2 fsType 2)"
    }


def test_check_reports_a_bad_font_file_at_its_path(tmp_path: Path) -> None:
    folder = _fonts_folder(tmp_path)
    _copy("SourceSerifPro-It.otf", folder, "pirata.otf")
    with pytest.raises(DataError) as caught:
        read_game(lambda game: game.name, folder.parent.parent)
    (problem,) = caught.value.problems
    assert str(problem).startswith(f"{folder / 'pirata.otf'}: pirata.otf cannot be embedded")
