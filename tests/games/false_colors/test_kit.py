"""The whole False Colors kit, built into a temporary folder and read back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from tests.pdfread import page_texts
from tests.writing import ShippedKit

from pnpkit.app.build import build_kits
from pnpkit.build.control import BuildControl
from pnpkit.errors import BuildError, CheckFailed, UsageError
from pnpkit.games.false_colors.data import load_kit
from pnpkit.layout.paper import A4, LETTER
from pnpkit.layout.print_settings import DEFAULTS
from pnpkit.model.ours import MARK, NOTE
from pnpkit.verify.check import stored_promises, verify_pdf

LETTER_PAGES = {
    "rulebook.pdf": 4,
    "rules-card.pdf": 2,
    "chart-square.pdf": 5,
    "chart-duel.pdf": 5,
    "chart-hex.pdf": 7,
    "chart-hex-overview.pdf": 1,
    "tokens.pdf": 6,
    "play-aids.pdf": 4,
    "random-islands.pdf": 6,
    "print-this-kit.pdf": 1,
}


def _text(path: Path) -> str:
    return " ".join(" ".join(text.split()) for text in page_texts(path))


def test_letter_page_counts_and_sizes(letter_kit: Path) -> None:
    found = sorted(p.name for p in letter_kit.glob("*.pdf"))
    assert found == sorted(LETTER_PAGES)
    for name, pages in LETTER_PAGES.items():
        reader = PdfReader(letter_kit / name)
        assert len(reader.pages) == pages, name
        for page in reader.pages:
            size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
            assert size == pytest.approx([612.0, 792.0]), name
    overview = PdfReader(letter_kit / "chart-hex-overview.pdf").pages[0]
    assert float(overview.mediabox.width) > float(overview.mediabox.height)


def test_every_pdf_prints_at_100_percent_with_embedded_fonts(letter_kit: Path) -> None:
    for path in sorted(letter_kit.glob("*.pdf")):
        reader = PdfReader(path)
        prefs = reader.trailer["/Root"]["/ViewerPreferences"]
        assert prefs["/PrintScaling"] == "/None", path.name
        for page in reader.pages:
            fonts = page["/Resources"].get("/Font", {})
            for ref in fonts.values():
                font = ref.get_object()
                assert "Helvetica" not in str(font["/BaseFont"]), path.name
                descendant = (
                    font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
                )
                descriptor = descendant["/FontDescriptor"].get_object()
                assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), (
                    path.name
                )
        assert verify_pdf(path) == [], path.name


def test_rulebook_numbers_come_from_the_data(letter_kit: Path) -> None:
    text = _text(letter_kit / "rulebook.pdf")
    assert "After rounds 13, 18 and 22" in text or "after rounds 13, 18 and 22" in text.lower()
    assert "up to 3 ships (4 while your Admiral is afloat)" in text
    assert "{{" not in text and "}}" not in text
    assert "Pirates! (beta)" in text


FLEETS = ("Blue", "Orange", "Green", "Purple", "Yellow", "Red")


def test_tokens_one_fleet_a_sheet(letter_kit: Path) -> None:
    """Six captains need six fleets: 84 tokens, one fleet a sheet as the source rules print
    them (two rows of seven), every row naming its fleet, its name marked as our choice with the
    key in the sheet's footer."""
    texts = [" ".join(text.split()) for text in page_texts(letter_kit / "tokens.pdf")]
    assert len(texts) == len(FLEETS)
    for number, (fleet, text) in enumerate(zip(FLEETS, texts, strict=True), start=1):
        name = f"{fleet} Squadron{MARK}"
        assert f"sheet {number} of 6 (fleet {number}: {name})" in text
        assert f"Fleet {number}: {name}, ships 1–7 of 14" in text
        assert f"Fleet {number}: {name}, ships 8–14 of 14" in text
        assert text.count("Fleet ") == 2  # this fleet's two rows and no other fleet's
        assert text.count("Cutter") == 3 and text.count("Fireship") == 2
        assert "Print at 100 %" in text
        assert text.startswith(f"False Colors{MARK}: ship tokens")
        assert NOTE in text


def test_title_fleet_names_and_harbor_places_are_marked(letter_kit: Path) -> None:
    """The source rules give no title, no fleet names and only where harbors lie in words: each
    is marked ours in the data and printed with the mark, the key in the footer."""
    kit = load_kit(Path("data/false-colors"))
    assert kit.game.ours.of("title")
    assert all(fleet.ours.of("name") for fleet in kit.game.fleets)
    assert all(chart.ours.of("harbors") for chart in kit.charts.values())
    rulebook = _text(letter_kit / "rulebook.pdf")
    assert rulebook.startswith(f"False Colors{MARK} ")
    assert f"Where each chart's harbors and islands stand is our own layout{MARK}" in rulebook
    assert rulebook.count(NOTE) == 4  # the key on every page
    aids = _text(letter_kit / "play-aids.pdf")
    for number, fleet in enumerate(FLEETS, start=1):
        assert f"{number} {fleet} Squadron{MARK}" in aids
    assert _text(letter_kit / "rules-card.pdf").startswith(f"False Colors{MARK} — rules card")


def test_a4_retiles_the_same_physical_charts(shipped_kit: ShippedKit) -> None:
    kit = shipped_kit("false-colors", "a4")
    written = sorted(kit.glob("*.pdf"))
    assert len(written) == len(LETTER_PAGES)
    for path in written:
        for page in PdfReader(path).pages:
            size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
            assert size == pytest.approx(sorted((A4.width, A4.height)), abs=0.01), path.name
    # the same square chart (15 in), tiled on A4, still promises 1.25 in cells and verifies
    chart = kit / "chart-square.pdf"
    assert verify_pdf(chart) == []
    import json

    promises = json.loads(stored_promises(PdfReader(chart)) or "")
    pitches = {round(line["pitch"], 3) for line in promises["lines"] if line["page"] <= 4}
    assert pitches == {90.0}  # 1.25 in cells on every A4 sheet
    assembly = promises["assemblies"][0]
    assert (assembly["width"], assembly["height"]) == (1080.0, 1080.0)  # the same 15 in chart


def test_a_changed_rating_shows_in_rulebook_and_tokens(data_copy: Path, tmp_path: Path) -> None:
    roster = data_copy / "false-colors" / "roster.yaml"
    text = roster.read_text()
    assert "    rating: 7\n" in text
    roster.write_text(text.replace("    rating: 7\n", "    rating: 4\n", 1))
    only = frozenset({"rulebook.pdf", "tokens.pdf"})
    build_kits(["false-colors"], data_copy, tmp_path, DEFAULTS.on(LETTER), BuildControl(only=only))
    rulebook = _text(tmp_path / "false-colors" / "rulebook.pdf")
    assert "a First Rate pays 2" in rulebook  # 4 // 2, read from the roster
    first_sheet = page_texts(tmp_path / "false-colors" / "tokens.pdf")[0]
    shown = dict(
        (name, int(mark)) for mark, name in re.findall(r"(\d)\s*(First Rate|Frigate)", first_sheet)
    )
    assert shown == {"First Rate": 4, "Frigate": 5}  # the First Rate's token now shows 4


def test_a_misspelt_placeholder_names_the_file(data_copy: Path, tmp_path: Path) -> None:
    rules = data_copy / "false-colors" / "rules.yaml"
    rules.write_text(
        rules.read_text().replace(
            "{{ game.fleet_size }} ships; only", "{{ game.fleet_sise }} ships; only"
        )
    )
    # refused by the game's check, before anything is drawn (``pnpkit check`` says the same)
    with pytest.raises(CheckFailed, match=r"rules\.yaml:\d+:\d+: .*fleet_sise"):
        build_kits(["false-colors"], data_copy, tmp_path, DEFAULTS.on(LETTER))


def test_rule_text_that_overflows_its_pages_is_refused(data_copy: Path, tmp_path: Path) -> None:
    rules = data_copy / "false-colors" / "rules.yaml"
    rules.write_text(rules.read_text().replace("  pages: 4\n", "  pages: 3\n", 1))
    line = rules.read_text().splitlines().index("  pages: 3") + 1
    # at the line that asks for 3 pages (pnpkit check cannot lay out the text: it loads no
    # drawing library)
    with pytest.raises(
        BuildError, match=rf"rules\.yaml:{line}:10: rulebook\.pages: .* fills more than 3 pages"
    ):
        build_kits(["false-colors"], data_copy, tmp_path, DEFAULTS.on(LETTER))


def test_unknown_game_is_a_usage_error(tmp_path: Path, data_dir: Path) -> None:
    with pytest.raises(UsageError, match="unknown game 'no-such-game'"):
        build_kits(["no-such-game"], data_dir, tmp_path, DEFAULTS.on(LETTER))


def test_token_sheets_promise_the_footprint_and_carry_the_ruler(letter_kit: Path) -> None:
    import json

    from pnpkit.games.false_colors.tokens import TentGeometry

    promises = json.loads(stored_promises(PdfReader(letter_kit / "tokens.pdf")) or "")
    lines = promises["lines"]
    widths = {round(line["pitch"], 3) for line in lines if line["what"].startswith("token width")}
    depths = {
        round(line["pitch"], 3) for line in lines if line["what"].startswith("token base depth")
    }
    geometry = TentGeometry()
    assert widths == {round(geometry.width, 3)}
    assert depths == {round(geometry.base, 3)}
    assert {line["page"] for line in lines} == {1, 2, 3, 4, 5, 6}
    assert {ruler["page"] for ruler in promises["rulers"]} == {1, 2, 3, 4, 5, 6}


def test_play_aids_follow_the_game_data(data_copy: Path, tmp_path: Path) -> None:
    game = data_copy / "false-colors" / "game.yaml"
    text = game.read_text()
    assert "orders: 3 " in text
    game.write_text(text.replace("orders: 3 ", "orders: 2 ", 1))
    only = frozenset({"rulebook.pdf", "play-aids.pdf"})
    build_kits(["false-colors"], data_copy, tmp_path, DEFAULTS.on(LETTER), BuildControl(only=only))
    slips = page_texts(tmp_path / "false-colors" / "play-aids.pdf")[3]
    assert slips.count("ship at") == 24 * 3  # two orders and the Admiral's on every slip
    rulebook = _text(tmp_path / "false-colors" / "rulebook.pdf")
    assert "up to 2 ships (3 while your Admiral is afloat)" in rulebook


def test_a_chart_that_fails_its_checks_is_not_printed(data_copy: Path, tmp_path: Path) -> None:
    from pnpkit.errors import CheckFailed

    duel = data_copy / "false-colors" / "charts" / "duel.yaml"
    text = duel.read_text()
    assert "harbors: {ours: [B6, I5]}" in text
    duel.write_text(text.replace("harbors: {ours: [B6, I5]}", "harbors: {ours: [B6, I6]}"))
    with pytest.raises(CheckFailed, match="duel"):
        build_kits(["false-colors"], data_copy, tmp_path, DEFAULTS.on(LETTER))
    assert not (tmp_path / "false-colors" / "chart-duel.pdf").exists()


def test_the_harbors_places_are_marked_on_every_chart_sheet(letter_kit: Path) -> None:
    """The shipped charts' harbors are ours: each harbor prints H† and every sheet, the assembly
    page and the overview carry the footnote."""
    for name in ("chart-square.pdf", "chart-duel.pdf", "chart-hex.pdf", "chart-hex-overview.pdf"):
        pages = [" ".join(text.split()) for text in page_texts(letter_kit / name)]
        assert all(NOTE in page for page in pages), name
        assert f"H{MARK}" in " ".join(pages), name
