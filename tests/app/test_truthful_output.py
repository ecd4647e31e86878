"""A kit's folder holds exactly the current build; index.html follows every build."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pnpkit.app import export_printshop, export_tts, prune
from pnpkit.app.cli import main
from pnpkit.app.new_game import scaffold
from pnpkit.app.preview import write_previews
from pnpkit.app.watch import Watcher

GAME = "salvage-run"


def _exports(kit: Path, deck: str) -> list[Path]:
    """Stand-ins for ``pnpkit export``'s files of ``deck`` (names as the exporters write them)."""
    files = [
        kit / "print-shop" / f"{deck}.pdf",
        kit / "print-shop" / f"{deck}.csv",
        kit / "print-shop" / deck / "bosun.png",
        kit / "tts" / f"{deck}.json",
        kit / "tts" / f"{deck}-faces.png",
        kit / "tts" / f"{deck}-backs2.png",
        kit / "tts" / f"{deck}-back.png",
    ]
    for path in files:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x")
    prune.record(kit, files)  # as pnpkit export does: the kit's manifest lists them
    return files


def _drop_fortune(data: Path) -> None:
    path = data / GAME / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("  - key: fortune")], encoding="utf-8")


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    data, out = tmp_path / "data", tmp_path / "output"
    scaffold(data, GAME, None)
    return data, out


def test_removing_a_deck_leaves_no_trace(folders: tuple[Path, Path]) -> None:
    data, out = folders
    kit = out / GAME
    assert main(["build", GAME, "--data", str(data), "--out", str(out), "--preview", "-q"]) == 0
    assert (kit / "fortune-cards.pdf").is_file()
    kept = _exports(kit, "crew")
    gone = _exports(kit, "fortune")
    other = out / "another-game" / "fortune-cards.txt"  # another folder is never touched
    other.parent.mkdir()
    other.write_bytes(b"not ours")
    notes = kit / "notes.txt"  # a player's own file in the kit's folder is never touched
    notes.write_text("mine", encoding="utf-8")
    index = out / "index.html"
    assert "fortune-cards.pdf" in index.read_text(encoding="utf-8")
    assert list((kit / "previews").glob("fortune-cards-p*.png"))

    _drop_fortune(data)
    assert main(["build", GAME, "--data", str(data), "--out", str(out), "-q"]) == 0

    left = sorted(p.relative_to(kit).as_posix() for p in kit.rglob("*"))
    assert not [name for name in left if "fortune" in name]
    assert all(path.is_file() for path in kept)
    assert not any(path.exists() for path in gone)
    assert (kit / "crew-cards.pdf").is_file()
    assert other.read_bytes() == b"not ours"
    assert notes.read_text(encoding="utf-8") == "mine"
    assert not [name for name in left if ".tmp" in name or "staging" in name]
    text = index.read_text(encoding="utf-8")  # rebuilt without --preview: it existed
    assert "fortune" not in text
    assert "crew-cards.pdf" in text


def test_watch_rebuilds_the_index(folders: tuple[Path, Path]) -> None:
    data, out = folders
    watcher = Watcher(GAME, data, out, echo=lambda line: None, previews=True)
    assert watcher.build().ok
    index = out / "index.html"
    assert "fortune-cards.pdf" in index.read_text(encoding="utf-8")
    _drop_fortune(data)
    assert watcher.build().ok
    assert "fortune" not in index.read_text(encoding="utf-8")
    assert not list((out / GAME).rglob("*fortune*"))


def test_only_changed_documents_are_drawn_again(folders: tuple[Path, Path]) -> None:
    data, out = folders
    assert main(["build", GAME, "--data", str(data), "--out", str(out), "--preview", "-q"]) == 0
    previews = out / GAME / "previews"
    crew = sorted(previews.glob("crew-cards-p*.png"))
    fortune = sorted(previews.glob("fortune-cards-p*.png"))
    assert crew and fortune
    for png in crew + fortune:  # an old time: a picture drawn again gets a new one
        os.utime(png, ns=(1_000_000_000, 1_000_000_000))
    path = data / GAME / "fortune.csv"  # the fortune deck's cards are a spreadsheet
    text = path.read_text(encoding="utf-8")
    assert "Every ship moves one space downwind." in text
    path.write_text(text.replace("Every ship moves one space downwind.", "All ships drift."))
    assert main(["build", GAME, "--data", str(data), "--out", str(out), "-q"]) == 0
    assert all(png.stat().st_mtime_ns == 1_000_000_000 for png in crew)
    assert any(png.stat().st_mtime_ns != 1_000_000_000 for png in fortune)


def test_a_deck_owns_only_its_own_export_names() -> None:
    assert prune.PRINT_SHOP == export_printshop.FOLDER
    assert prune.TTS == export_tts.FOLDER
    assert prune.owns("ship", "tts", "ship-faces.png")
    assert prune.owns("ship", "tts", "ship-backs3.png")
    assert prune.owns("ship", "print-shop", "ship")
    assert not prune.owns("ship", "tts", "ship-crew.json")
    assert not prune.owns("ship", "tts", "ship-crew-faces.png")
    assert not prune.owns("ship", "print-shop", "ship-crew.pdf")


def test_previews_of_a_deleted_pdf_are_dropped(kit_copy: Path) -> None:
    write_previews(kit_copy)
    kit = kit_copy / "high-seas"
    pdf = sorted(kit.glob("*.pdf"))[0]
    assert list((kit / "previews").glob(f"{pdf.stem}-p*.png"))
    pdf.unlink()
    text = write_previews(kit_copy).read_text(encoding="utf-8")
    assert not list((kit / "previews").glob(f"{pdf.stem}*"))
    assert pdf.name not in text


def test_a_broken_pdf_is_listed_as_broken_not_a_crash(folders: tuple[Path, Path]) -> None:
    data, out = folders
    stray = out / "another-game" / "notes.pdf"
    stray.parent.mkdir(parents=True)
    stray.write_bytes(b"not a pdf at all")
    assert main(["build", GAME, "--data", str(data), "--out", str(out), "--preview", "-q"]) == 0
    text = (out / "index.html").read_text(encoding="utf-8")
    article = text[text.index('id="another-game-notes-pdf"') :]
    assert "✗ problems" in article[: article.index("</article>")]
