"""A build removes only files pnpkit wrote, and never writes its kits among the game data."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pnpkit.app import prune
from pnpkit.app.build import build_kits
from pnpkit.app.cli import main
from pnpkit.app.new_game import scaffold
from pnpkit.errors import UsageError

GAME = "salvage"
MINE = b"%PDF-1.4\n% the designer's own contract, not pnpkit's\n%%EOF\n"


def _drop_fortune(data: Path) -> None:
    path = data / GAME / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("  - key: fortune")], encoding="utf-8")


def _build(data: Path, out: Path) -> int:
    return main(["build", GAME, "--data", str(data), "--out", str(out), "-q", "-j", "1"])


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    scaffold(folder, GAME, None)
    return folder


def test_a_pdf_pnpkit_never_wrote_is_kept(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "docs"
    kit = out / GAME
    kit.mkdir(parents=True)
    (kit / "contract.pdf").write_bytes(MINE)
    (kit / "notes.txt").write_text("x\n", encoding="utf-8")
    assert _build(data, out) == 0
    assert (kit / "contract.pdf").read_bytes() == MINE
    assert (kit / "notes.txt").read_text(encoding="utf-8") == "x\n"
    listed = prune.read_manifest(kit)
    assert sorted(listed) == [
        "coins-tokens.pdf",
        "crew-cards.pdf",
        "duplex-calibration.pdf",
        "fortune-cards.pdf",
        "harbour-board.pdf",
        "print-this-kit.pdf",
        "rulebook.pdf",
    ]
    assert listed["crew-cards.pdf"] == prune.digest(kit / "crew-cards.pdf")

    _drop_fortune(data)  # the deck pnpkit made goes; the designer's PDF stays
    assert _build(data, out) == 0
    assert not (kit / "fortune-cards.pdf").exists()
    assert (kit / "contract.pdf").read_bytes() == MINE
    assert sorted(prune.read_manifest(kit)) == [
        "crew-cards.pdf",
        "duplex-calibration.pdf",
        "print-this-kit.pdf",
    ]


def test_a_file_changed_since_pnpkit_wrote_it_is_kept(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "output"
    assert _build(data, out) == 0
    fortune = out / GAME / "fortune-cards.pdf"
    fortune.write_bytes(MINE)  # the designer's own file under the same name
    _drop_fortune(data)
    assert _build(data, out) == 0
    assert fortune.read_bytes() == MINE
    assert "fortune-cards.pdf" not in prune.read_manifest(out / GAME)


def test_a_kit_built_before_the_manifest_loses_nothing(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "output"
    assert _build(data, out) == 0
    kit = out / GAME
    manifest = prune.manifest_path(kit)
    assert manifest is not None
    manifest.unlink()  # as an older pnpkit left it: nothing proves what is ours
    _drop_fortune(data)
    assert _build(data, out) == 0
    assert (kit / "fortune-cards.pdf").is_file()
    assert sorted(prune.read_manifest(kit)) == [
        "crew-cards.pdf",
        "duplex-calibration.pdf",
        "print-this-kit.pdf",
    ]


def test_a_broken_manifest_proves_nothing(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "output"
    assert _build(data, out) == 0
    kit = out / GAME
    manifest = prune.manifest_path(kit)
    assert manifest is not None and manifest.is_file()
    files = {"../data/x.pdf": "0", "fortune-cards.pdf": 3}
    body = {"format": prune.FORMAT, "kit": str(kit.resolve()), "files": files}
    manifest.write_text(json.dumps(body), encoding="utf-8")
    _drop_fortune(data)
    assert _build(data, out) == 0
    assert (kit / "fortune-cards.pdf").is_file()
    manifest.write_text("{not json", encoding="utf-8")
    assert prune.read_manifest(kit) == {}
    body = {"format": prune.FORMAT, "kit": "/elsewhere", "files": {"crew-cards.pdf": "0"}}
    manifest.write_text(json.dumps(body), encoding="utf-8")  # another folder's: not ours
    assert prune.read_manifest(kit) == {}


def test_the_kit_folder_holds_the_kit_alone(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "output"
    assert _build(data, out) == 0
    assert sorted(p.name for p in (out / GAME).iterdir()) == [
        "coins-tokens.pdf",
        "crew-cards.pdf",
        "duplex-calibration.pdf",
        "fortune-cards.pdf",
        "harbour-board.pdf",
        "print-this-kit.pdf",
        "rulebook.pdf",
    ]
    assert not list(out.rglob(".*"))  # the manifest is kept in pnpkit's cache folder


def test_a_copied_kit_or_no_cache_removes_nothing(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    assert _build(data, first) == 0
    shutil.copytree(first / GAME, second / GAME)  # no manifest names the copy's folder
    _drop_fortune(data)
    assert _build(data, second) == 0
    assert (second / GAME / "fortune-cards.pdf").is_file()
    monkeypatch.setenv("PNPKIT_CACHE_DIR", "")  # nothing kept on disk: nothing proven
    assert _build(data, first) == 0
    assert (first / GAME / "fortune-cards.pdf").is_file()


def test_export_files_of_a_deck_gone_go_only_if_pnpkit_wrote_them(
    data: Path, tmp_path: Path
) -> None:
    out = tmp_path / "output"
    assert _build(data, out) == 0
    kit = out / GAME
    ours = [kit / "tts" / "fortune.json", kit / "tts" / "fortune-faces-2.png"]
    for path in ours:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"written by export")
    prune.record(kit, ours)
    theirs = kit / "tts" / "fortune-notes.png"  # never recorded: the designer's
    theirs.write_bytes(b"mine")
    _drop_fortune(data)
    assert _build(data, out) == 0
    assert not any(path.exists() for path in ours)
    assert theirs.read_bytes() == b"mine"


@pytest.mark.parametrize(
    ("out", "data_at"),
    [
        ("data", "data"),  # --out is the data folder
        ("data/salvage", "data"),  # --out is a game's data folder
        ("data/salvage/pdfs", "data"),  # --out inside it
        (".", "salvage/data"),  # the data folder inside the kit folder ./salvage
    ],
)
def test_out_overlapping_the_data_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], out: str, data_at: str
) -> None:
    data = tmp_path / data_at
    scaffold(data, GAME, None)
    mine = data / GAME / "my-notes.pdf"
    mine.write_bytes(MINE)
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    for command in ("build", "export", "proof", "watch"):
        args = [command, GAME, "--data", str(data), "--out", str(tmp_path / out)]
        assert main(args) == 2, command
        err = capsys.readouterr().err
        assert f"--out {tmp_path / out} and --data {data} overlap" in err
        assert "Traceback" not in err
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before
    assert mine.read_bytes() == MINE
    with pytest.raises(UsageError, match="overlap"):
        build_kits([GAME], data, tmp_path / out)


def test_out_beside_the_data_is_fine(tmp_path: Path) -> None:
    data = tmp_path / "data"  # --out . with ./data: the kit goes to ./salvage
    scaffold(data, GAME, None)
    assert _build(data, tmp_path) == 0
    assert (tmp_path / GAME / "crew-cards.pdf").is_file()


@pytest.mark.parametrize("command", ["build", "check", "watch", "serve", "preview", "export"])
def test_out_naming_a_file_is_a_usage_error(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    target = tmp_path / "kits.pdf"
    target.write_bytes(MINE)
    game = [] if command == "preview" else [GAME]
    for out in (target, target / "inner"):
        assert main([command, *game, "--data", str(data), "--out", str(out)]) == 2
        err = capsys.readouterr().err
        assert f"error: --out {out} is" in err and "Traceback" not in err
        assert "is a file" in err or f"is inside the file {target}" in err
    assert target.read_bytes() == MINE


def test_export_keeps_a_designers_picture_beside_a_decks_pictures(
    data: Path, tmp_path: Path
) -> None:
    out = tmp_path / "output"
    args = ["export", GAME, "--format", "printshop", "--data", str(data), "--out", str(out)]
    assert main(args) == 0
    pictures = out / GAME / "print-shop" / "crew"
    assert (pictures / "01-bosun-front.png").is_file()
    before = {p.name for p in pictures.iterdir()}
    mine = pictures / "my-art.png"
    mine.write_bytes(b"mine")
    for name in ("game.yaml", "rules.md"):  # the picture is named by the card's key
        path = data / GAME / name
        text = path.read_text(encoding="utf-8").replace("key: bosun", "key: cook")
        path.write_text(text.replace("crew.bosun.", "crew.cook."), encoding="utf-8")
    assert main(args) == 0
    after = {p.name for p in pictures.iterdir()}
    assert mine.read_bytes() == b"mine"
    assert "01-bosun-front.png" not in after and "01-cook-front.png" in after  # the old is gone
    assert len(after) == len(before) + 1
