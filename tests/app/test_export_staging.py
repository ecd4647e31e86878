"""``pnpkit export`` is published as a build is: each format's folder whole, old or new, never a
mix; what a killed export leaves is removed by the next; pictures are drawn a few at a time."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from tests.processes import DEADLINE, wait_until

from pnpkit.app import export_printshop
from pnpkit.app.export import export_game
from pnpkit.app.new_game import scaffold
from pnpkit.build.staging import OWNER, STAGING_SUFFIX

GAME = "deck"


def _hashes(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    scaffold(folder, GAME)
    return folder


def _rename_a_card(data: Path, old: str = "bosun", new: str = "boatswain") -> None:
    """Change one card's key and name (its pictures are named by its key), so a new export
    differs from the old one."""
    for name in ("game.yaml", "rules.md"):
        path = data / GAME / name
        text = path.read_text("utf-8").replace(f"key: {old}", f"key: {new}")
        text = text.replace(f"name: {old.title()}", f"name: {new.title()}")
        path.write_text(text.replace(f"crew.{old}.", f"crew.{new}."), "utf-8")


def test_a_failing_export_leaves_every_folder_as_it_was(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    export_game(GAME, data, out, ("printshop", "tts"))
    before = _hashes(out / GAME)
    _rename_a_card(data)

    def fail(*args: object, **kwargs: object) -> list[Path]:
        raise OSError(28, "No space left on device")

    # the print-shop files of every deck are written, then the Tabletop Simulator export fails
    monkeypatch.setattr("pnpkit.app.export_tts.export_tts", fail)
    with pytest.raises(OSError):
        export_game(GAME, data, out, ("printshop", "tts"))
    assert _hashes(out / GAME) == before
    assert not list((out / GAME).glob(f".*{STAGING_SUFFIX}"))


def test_leftovers_of_a_killed_export_are_removed_by_the_next(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    export_game(GAME, data, out, ("printshop", "tts"))
    shop = out / GAME / "print-shop"
    leftover = shop / "crew" / ".back.png.k3j2_x.tmp"  # a write of an older pnpkit, killed
    leftover.write_bytes(b"half a picture")
    dead = out / GAME / f".print-shop.abc123{STAGING_SUFFIX}"  # a staging folder, its export gone
    (dead / "print-shop").mkdir(parents=True)
    (dead / OWNER).write_text("999999\n")
    mine = shop / "notes.txt"  # the user's own file stays
    mine.write_text("ask the shop about card stock")
    export_game(GAME, data, out, ("printshop",))
    assert not leftover.exists()
    assert not dead.exists()
    assert mine.read_text() == "ask the shop about card stock"


def test_pictures_of_cards_gone_go_and_other_decks_stay(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    export_game(GAME, data, out, ("printshop",))
    shop = out / GAME / "print-shop"
    gone = next(shop.glob("crew/*-bosun-front.png"))
    other = shop / "retired" / "01-old.png"  # a deck the game no longer has
    other.parent.mkdir()
    other.write_bytes(b"png")
    _rename_a_card(data)
    export_game(GAME, data, out, ("printshop",))
    assert not gone.exists()
    assert list(shop.glob("crew/*-boatswain-front.png"))
    assert other.read_bytes() == b"png"


def test_pictures_are_drawn_a_few_at_a_time(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pages: list[int] = []
    original = export_printshop.render_pages

    def counted(pdf: bytes, dpi: float):  # type: ignore[no-untyped-def]
        import io

        from pypdf import PdfReader

        pages.append(len(PdfReader(io.BytesIO(pdf)).pages))
        return original(pdf, dpi)

    monkeypatch.setattr(export_printshop, "BATCH", 2)
    monkeypatch.setattr(export_printshop, "render_pages", counted)
    written = export_game(GAME, data, tmp_path / "out", ("printshop",))
    pictures = [p for p in written if p.suffix == ".png"]
    assert sum(pages) == len(pictures) > 2
    assert max(pages) == 2


def test_jobs_write_the_same_bytes(data: Path, tmp_path: Path) -> None:
    export_game(GAME, data, tmp_path / "one", ("printshop",), jobs=1)
    export_game(GAME, data, tmp_path / "two", ("printshop",), jobs=2)
    assert _hashes(tmp_path / "one") == _hashes(tmp_path / "two")


@pytest.mark.slow
def test_an_export_killed_while_it_writes_leaves_each_folder_old_or_new(
    data: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    folders = ("print-shop", "tts")
    export_game(GAME, data, out, ("printshop", "tts"))
    old = {name: _hashes(out / GAME / name) for name in folders}
    _rename_a_card(data)
    argv = [sys.executable, "-m", "pnpkit", "export", GAME, "--data", str(data)]
    child = subprocess.Popen([*argv, "--out", str(out)], stdout=subprocess.DEVNULL)
    pictures = f".print-shop.*{STAGING_SUFFIX}/print-shop/crew/*.png"
    # killed once the first picture of the new export is written in its staging folder
    wait_until(lambda: child.poll() is not None or any((out / GAME).glob(pictures)))
    staged = list((out / GAME).glob(pictures))
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=DEADLINE)
    assert staged, "the export never staged a picture"
    killed = {name: _hashes(out / GAME / name) for name in folders}
    export_game(GAME, data, out, ("printshop", "tts"))  # the next export cleans up
    assert not list((out / GAME).glob(f".*{STAGING_SUFFIX}"))
    new = {name: _hashes(out / GAME / name) for name in folders}
    assert old != new
    for name in folders:
        assert killed[name] in (old[name], new[name]), name


def test_an_export_killed_once_published_has_listed_its_files(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: the files were listed after they were published, so an export killed between
    the two left pictures the next export took for the user's own and kept."""
    from pnpkit.build import staging

    out = tmp_path / "out"
    export_game(GAME, data, out, ("printshop",))
    _rename_a_card(data)
    swap = staging._swap

    def swap_then_die(new: Path, old: Path) -> None:
        swap(new, old)
        raise KeyboardInterrupt  # killed once the folder is in place

    monkeypatch.setattr(staging, "_swap", swap_then_die)
    with pytest.raises(KeyboardInterrupt):
        export_game(GAME, data, out, ("printshop",))
    monkeypatch.undo()
    shop = out / GAME / "print-shop"
    assert list(shop.glob("crew/*-boatswain-front.png"))  # published
    _rename_a_card(data, "boatswain", "bosun")
    export_game(GAME, data, out, ("printshop",))
    assert not list(shop.glob("crew/*-boatswain-front.png"))
    assert list(shop.glob("crew/*-bosun-front.png"))
