"""``pnpkit watch``: a saved change rebuilds the documents it touches; bad data is shown with
its file:line:col and the last good PDFs stay as they were."""

from __future__ import annotations

import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.writing import ShippedKit, replace_once

from pnpkit.app.build import build_kits
from pnpkit.app.new_game import scaffold
from pnpkit.app.watch import Outcome, Watcher
from pnpkit.build.fingerprint import fingerprint

GAME = "salvage-run"
"""A card game made by ``pnpkit new`` (watching works alike for every game; its three documents
build in a third of High Seas' time)."""
BUNDLED = "high-seas"
TIMEOUT = 300.0
OLD_TEXT = "Fire one cannon; add 1 to the roll."  # on a crew card
NEW_TEXT = "Fire two cannons; add 1 to the roll."


class Running:
    """A watcher on its own thread; ``next()`` waits for its next build."""

    def __init__(self, watcher: Watcher) -> None:
        self.watcher = watcher
        self.stop = threading.Event()
        self.outcomes: queue.Queue[Outcome] = queue.Queue()
        self.thread = threading.Thread(
            target=watcher.run,
            kwargs={"stop": self.stop, "interval": 0.05, "ready": self.outcomes.put},
            daemon=True,
        )
        self.thread.start()

    def next(self) -> Outcome:
        return self.outcomes.get(timeout=TIMEOUT)


@pytest.fixture
def game_data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    scaffold(target, GAME, None)
    return target


@pytest.fixture
def running(game_data: Path, tmp_path: Path) -> Iterator[Running]:
    lines: list[str] = []
    watcher = Watcher(GAME, game_data, tmp_path / "out", echo=lines.append)
    run = Running(watcher)
    run.lines = lines  # type: ignore[attr-defined]
    yield run
    run.stop.set()
    run.thread.join(timeout=TIMEOUT)
    assert not run.thread.is_alive()


def _pdfs(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.pdf"))}


def test_a_card_change_rebuilds_only_its_deck(
    running: Running, game_data: Path, tmp_path: Path
) -> None:
    first = running.next()
    assert first.ok and len(first.written) == 7
    out = tmp_path / "out" / GAME
    before = _pdfs(out)
    replace_once(game_data / GAME / "game.yaml", OLD_TEXT, NEW_TEXT)
    second = running.next()
    assert second.ok
    changed = ["crew-cards.pdf", "rulebook.pdf"]  # the rulebook lists the crew cards' text
    assert [p.name for p in second.written] == changed
    after = _pdfs(out)
    assert all(after[name] != before[name] for name in changed)
    assert {k: v for k, v in after.items() if k not in changed} == {
        k: v for k, v in before.items() if k not in changed
    }
    # what watch wrote is what a clean build of the edited data writes
    build_kits([GAME], game_data, tmp_path / "clean")
    assert after == _pdfs(tmp_path / "clean" / GAME)
    assert any(line == "changed: game.yaml" for line in running.lines)  # type: ignore[attr-defined]


def test_bad_data_shows_the_error_and_keeps_the_last_good_pdfs(
    running: Running, game_data: Path, tmp_path: Path
) -> None:
    assert running.next().ok
    out = tmp_path / "out" / GAME
    good = _pdfs(out)
    game = game_data / GAME / "game.yaml"
    text = game.read_text(encoding="utf-8")
    replace_once(game, "icon: cannon", "icon: kraken")
    broken = running.next()
    assert not broken.ok and broken.written == ()
    row = next(i for i, line in enumerate(text.splitlines()) if "icon: cannon" in line) + 1
    col = text.splitlines()[row - 1].index("cannon") + 1
    assert broken.problems[0].startswith(f"{game}:{row}:{col}: decks[0].cards[1].icon: ")
    assert f"error: {broken.problems[0]}" in running.lines  # type: ignore[attr-defined]
    assert _pdfs(out) == good  # byte-identical
    # fixed again: the earlier documents are still the right ones, nothing to draw
    game.write_text(text, encoding="utf-8")
    fixed = running.next()
    assert fixed.ok and fixed.written == () and fixed.skipped == 7
    assert _pdfs(out) == good


def test_watch_looks_at_the_data_and_the_templates(data_dir: Path, tmp_path: Path) -> None:
    watcher = Watcher(BUNDLED, data_dir, tmp_path / "out", echo=lambda _: None)
    names = {p.name for p in watcher.inputs()}
    assert {"game.yaml", "layouts.yaml", "cannon.svg.j2", "heart.svg.j2"} <= names


def test_watch_looks_at_the_templates_of_a_copy(tmp_path: Path) -> None:
    """A copy of a bundled game: its own templates/ (with its data), the game's templates in
    pnpkit and the built-in ones; editing the designer's template is a change."""
    from pnpkit.app.cli import main
    from pnpkit.render.templates.environment import TEMPLATE_DIR

    data = tmp_path / "data"
    assert main(["new", "sea", "--from", BUNDLED, "--data", str(data)]) == 0
    watcher = Watcher("sea", data, tmp_path / "out", echo=lambda _: None)
    folders = watcher.folders()
    assert folders[0] == data / "sea" and folders[-1] == TEMPLATE_DIR
    assert [f.parts[-2] for f in folders[1:-1]] == ["high_seas"]
    inputs = {str(p) for p in watcher.inputs()}
    mine = data / "sea" / "templates" / "counters" / "cannon.svg.j2"
    assert {str(mine), str(TEMPLATE_DIR / "cards" / "_svg.j2")} <= inputs
    before = watcher.snapshot()
    mine.write_text(mine.read_text("utf-8") + "\n", encoding="utf-8")
    assert watcher.snapshot() != before


def test_fingerprints_follow_the_inputs() -> None:
    def pages(face: str) -> object:
        return lambda doc: (face, doc)

    assert fingerprint(pages("a")) == fingerprint(pages("a"))
    assert fingerprint(pages("a")) != fingerprint(pages("b"))
    assert fingerprint(threading.Lock()) is None  # unknown objects are never "unchanged"


@pytest.mark.slow
def test_watch_command_rebuilds_and_stops_on_ctrl_c(game_data: Path, tmp_path: Path) -> None:
    command = [sys.executable, "-m", "pnpkit.app.cli", "watch", GAME]
    command += ["--data", str(game_data), "--out", str(tmp_path / "out")]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env) as proc:
        lines: queue.Queue[str] = queue.Queue()
        reader = threading.Thread(
            target=lambda: [lines.put(line.rstrip("\n")) for line in proc.stdout or ()],
            daemon=True,
        )
        reader.start()

        def wait_for(start: str) -> str:
            while True:
                line = lines.get(timeout=TIMEOUT)
                if line.startswith(start):
                    return line

        try:
            wait_for("watching ")
            replace_once(game_data / GAME / "game.yaml", OLD_TEXT, NEW_TEXT)
            said = wait_for("rebuilt ")  # the deck, and the rulebook that lists its cards
            assert said.startswith("rebuilt 2 documents (5 unchanged)"), said
            proc.send_signal(signal.SIGINT)
            assert proc.wait(timeout=TIMEOUT) == 130
            reader.join(timeout=TIMEOUT)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()


@pytest.mark.slow
def test_a_roster_note_rebuilds_only_the_rule_documents(
    data_dir: Path, tmp_path: Path, shipped_kit: ShippedKit
) -> None:
    shutil.copytree(data_dir / "false-colors", tmp_path / "data" / "false-colors")
    out = tmp_path / "out" / "false-colors"
    shutil.copytree(shipped_kit("false-colors"), out)  # the kit, built before watch started
    watcher = Watcher("false-colors", tmp_path / "data", tmp_path / "out", echo=lambda _: None)
    first = watcher.build()
    assert first.ok and first.written == ()  # every document drawn again is the same bytes
    before = _pdfs(out)
    replace_once(
        tmp_path / "data/false-colors/roster.yaml", "whoever reaches her", "whoever comes at her"
    )
    outcome = watcher.build()
    assert outcome.ok
    changed = sorted(p.name for p in outcome.written)
    assert changed == ["rulebook.pdf", "rules-card.pdf"]
    after = _pdfs(out)
    assert {k for k in after if after[k] != before[k]} == set(changed)
    assert sorted(p.name for p in out.iterdir()) == sorted(before)  # no drafts left behind


def test_ctrl_c_during_a_rebuild_leaves_the_last_complete_kit(
    game_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: a rebuild cut short by Ctrl-C left a torn kit (watch wrote without staging)."""
    import pnpkit.app.build as app_build
    from pnpkit.build.write import write_documents

    watcher = Watcher(GAME, game_data, tmp_path / "out", echo=lambda _: None)
    assert watcher.build().ok
    out = tmp_path / "out" / GAME
    before = _pdfs(out)
    replace_once(game_data / GAME / "game.yaml", "title: Salvage Run", "title: Salvage Runs")

    def interrupted(stage: Path, plans: list[object], context: object, jobs: int = 1) -> None:
        write_documents(stage, plans[:1], context)  # type: ignore[arg-type]
        raise KeyboardInterrupt  # Ctrl-C after the first document of the rebuild

    monkeypatch.setattr(app_build, "write_documents", interrupted)
    with pytest.raises(KeyboardInterrupt):
        watcher.build()
    assert _pdfs(out) == before  # the last complete kit, byte for byte
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [GAME]  # no staging left


def test_ctrl_c_while_a_kit_is_published_waits_for_the_whole_kit(tmp_path: Path) -> None:
    import pnpkit.build.staging as staging

    stage, out = tmp_path / "stage", tmp_path / "out"
    stage.mkdir()
    for name in ("a.pdf", "b.pdf", "c.pdf"):
        (stage / name).write_bytes(name.encode())
    real = os.replace

    def replace_then_ctrl_c(source: Path, target: Path) -> None:
        real(source, target)
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C after each file moves

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(staging.os, "replace", replace_then_ctrl_c)
        with pytest.raises(KeyboardInterrupt):
            staging.publish(stage, out)
    assert sorted(p.name for p in out.iterdir()) == ["a.pdf", "b.pdf", "c.pdf"]


def test_watch_exits_130_on_ctrl_c(
    game_data: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from pnpkit.app.cli import main

    def ctrl_c(self: Watcher, *args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Watcher, "run", ctrl_c)
    argv = ["watch", GAME, "--data", str(game_data), "--out", str(tmp_path / "out")]
    assert main(argv) == 130
    captured = capsys.readouterr()
    assert captured.out == "stopped\n"
    assert "Traceback" not in captured.err


@pytest.fixture
def open_deck(tmp_path: Path) -> Iterator[tuple[Running, Path]]:
    """A watcher on a designer's card game with art in ``assets/`` and its own templates."""
    from tests.games.cardgame.opendeck import make_game

    game = make_game(tmp_path / "data")
    watcher = Watcher(game.name, game.parent, tmp_path / "out", echo=lambda _: None)
    run = Running(watcher)
    yield run, game
    run.stop.set()
    run.thread.join(timeout=TIMEOUT)
    assert not run.thread.is_alive()


def test_an_asset_change_rebuilds_the_decks_that_show_it(
    open_deck: tuple[Running, Path], tmp_path: Path
) -> None:
    from PIL import Image

    running, game = open_deck
    first = running.next()
    assert first.ok
    out = tmp_path / "out" / game.name
    before = _pdfs(out)
    # flag.svg is on one ship card only: the ships' sheets are drawn again, nothing else
    flag = game / "assets" / "flag.svg"
    replace_once(flag, "#eeeeee", "#cc2200")
    second = running.next()
    assert second.ok and [p.name for p in second.written] == ["ships-cards.pdf"]
    middle = _pdfs(out)
    assert middle["ships-cards.pdf"] != before["ships-cards.pdf"]
    assert middle["orders-cards.pdf"] == before["orders-cards.pdf"]
    # ship.png is on both decks
    Image.new("RGB", (64, 48), "#2060a0").save(game / "assets" / "ship.png")
    third = running.next()
    assert third.ok
    assert sorted(p.name for p in third.written) == ["orders-cards.pdf", "ships-cards.pdf"]
    # the game's own template is read by the build, and watched
    replace_once(
        game / "templates" / "ship-front.svg.j2", 'field="cost"', 'field="cost", weight="bold"'
    )
    fourth = running.next()
    assert fourth.ok and [p.name for p in fourth.written] == ["ships-cards.pdf"]
    # what watch wrote is what a clean build of the edited data writes
    build_kits([game.name], game.parent, tmp_path / "clean")
    assert _pdfs(out) == _pdfs(tmp_path / "clean" / game.name)


def test_watch_looks_at_every_file_the_build_read(tmp_path: Path) -> None:
    from tests.games.cardgame.opendeck import make_game

    from pnpkit.render.templates.environment import TEMPLATE_DIR

    game = make_game(tmp_path / "data")
    watcher = Watcher(game.name, game.parent, tmp_path / "out", echo=lambda _: None)
    assert watcher.read == set()
    assert watcher.build().ok
    assert {
        game / "game.yaml",
        game / "assets" / "flag.svg",
        game / "assets" / "ship.png",
        game / "templates" / "ship-front.svg.j2",
        TEMPLATE_DIR / "cards" / "generic-back.svg.j2",
    } <= watcher.read
    # its own output, staging and installed code are not inputs
    out = (tmp_path / "out").resolve()
    assert not any(p.resolve().is_relative_to(out) for p in watcher.read)
    assert not any(p.suffix == ".py" for p in watcher.read)
    assert watcher.read <= set(watcher.inputs())


def test_recording_reads_hears_reads_not_writes(tmp_path: Path) -> None:
    from pnpkit.app.read_audit import recording_reads

    kept, written, later = tmp_path / "kept.csv", tmp_path / "new.txt", tmp_path / "later.txt"
    kept.write_text("a,b\n", encoding="utf-8")
    later.write_text("x", encoding="utf-8")
    with recording_reads() as reads:
        kept.read_text(encoding="utf-8")
        written.write_text("x", encoding="utf-8")
        os.close(os.open(kept, os.O_RDONLY))
    later.read_text(encoding="utf-8")  # after the block: not heard
    assert reads == {str(kept)}


def test_a_failing_template_is_reported_and_watch_keeps_watching(
    open_deck: tuple[Running, Path], tmp_path: Path
) -> None:
    running, game = open_deck
    assert running.next().ok
    template = game / "templates" / "ship-front.svg.j2"
    good = template.read_text()
    template.write_text(good.replace("</svg>", "{{ 1/0 }}</svg>"))
    broken = running.next()
    row = good.splitlines().index("</svg>") + 1
    assert not broken.ok and broken.written == ()
    assert broken.problems[0].startswith(f"{template}:{row}:1: Brig (card at ")
    assert broken.problems[0].endswith("the template failed: ZeroDivisionError: division by zero")
    template.write_text(good)
    assert running.next().ok
    assert running.thread.is_alive()


def test_a_fault_of_pnpkit_is_reported_not_raised(
    game_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pnpkit.app.watch as watch

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    lines: list[str] = []
    watcher = Watcher(GAME, game_data, tmp_path / "out", echo=lines.append)
    monkeypatch.setattr(watch, "build_game", broken)
    outcome = watcher.build()  # never raises: a watcher that died would follow no more saves
    assert outcome.problems == ("pnpkit failed (RuntimeError: boom); please report this",)
    assert "error: pnpkit failed (RuntimeError: boom); please report this" in lines


def test_recording_reads_nests(tmp_path: Path) -> None:
    """A watched build records what its game reads too: both blocks hear the inner reads."""
    from pnpkit.app.read_audit import recording_reads

    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    first.write_text("a", encoding="utf-8")
    second.write_text("b", encoding="utf-8")
    with recording_reads() as outer:
        first.read_text(encoding="utf-8")
        with recording_reads() as inner:
            second.read_text(encoding="utf-8")
    assert (outer, inner) == ({str(first), str(second)}, {str(second)})


def test_watch_says_which_data_files_its_game_never_reads(game_data: Path, tmp_path: Path) -> None:
    """As check and build do: a data file the game never opens is a warning at every build."""
    stray = game_data / GAME / "crew.yaml"
    stray.write_text("name: nobody\n", encoding="utf-8")
    lines: list[str] = []
    watcher = Watcher(GAME, game_data, tmp_path / "out", echo=lines.append)
    assert watcher.build().ok
    warned = [line for line in lines if line.startswith("warning:")]
    assert len(warned) == 1 and warned[0].startswith(f"warning: {stray}: {GAME} never reads")


def test_the_first_build_leaves_nothing_to_rebuild(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The files a build reads for the first time join the watch as they are: after its first
    build the watcher saw every file it read as changed (each game file under two names, its
    folder's relative one and the absolute one the build opened, and a system file such as
    mime.types first read by the build) and built again at once."""
    monkeypatch.chdir(tmp_path)
    scaffold(Path("data"), GAME, None)
    watcher = Watcher(GAME, Path("data"), Path("out"), echo=lambda line: None)
    seen = watcher.snapshot()
    assert not watcher.build().problems
    seen = watcher._first_reads(seen)
    assert watcher.snapshot() == seen
    assert all(Path(name).is_absolute() for name in seen)
    replace_once(Path("data") / GAME / "game.yaml", OLD_TEXT, NEW_TEXT)
    changed = {Path(name).name for name, _ in set(watcher.snapshot().items()) ^ set(seen.items())}
    assert changed == {"game.yaml"}


def test_watch_follows_every_file_of_a_whole_kit_from_data(tmp_path: Path) -> None:
    """The game ``pnpkit new`` makes: its card table, its board's cells, its rulebook and the
    icon its tokens and rules show are all inputs, so a save to any of them rebuilds; a saved
    board table rebuilds the board (and what quotes it), not the decks."""
    scaffold(tmp_path / "data", "harbour")
    game = tmp_path / "data" / "harbour"
    watcher = Watcher("harbour", game.parent, tmp_path / "out", echo=lambda _: None)
    assert watcher.build().ok
    assert {
        game / "game.yaml",
        game / "fortune.csv",
        game / "harbour.csv",
        game / "rules.md",
        game / "assets" / "icons" / "coin.svg",
    } <= watcher.read
    out = tmp_path / "out" / "harbour"
    before = _pdfs(out)
    cells = game / "harbour.csv"
    cells.write_text(cells.read_text("utf-8").replace("Dig for gold", "Dig for silver"), "utf-8")
    assert watcher.build().ok
    after = _pdfs(out)
    changed = sorted(name for name in before if before[name] != after[name])
    assert "harbour-board.pdf" in changed
    assert not any(name.endswith("-cards.pdf") for name in changed), changed
