"""A deck of many designs is laid out in parts, by several processes at once, and comes back
the same: the same faces in the same order (copies and the common back the very same objects,
so each is drawn once), the same problems in the same order, and the same kit, byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.cards import GAME, write_game
from pnpkit import workers
from pnpkit.app.build import build_kits
from pnpkit.build import write
from pnpkit.errors import DataError
from pnpkit.games.cardgame.faces import deck_of, printed
from pnpkit.games.cardgame.load import load_card_game
from pnpkit.layout.plan import DocumentPlan
from pnpkit.render.faces import decks
from pnpkit.render.faces.decks import PART_FACES, _parts, deck_faces
from pnpkit.render.faces.renderer import FaceRenderer

DESIGNS = 2 * PART_FACES + 30


def _deck(data: Path) -> object:
    game = printed(load_card_game(data / GAME))
    return deck_of(game, game.decks[0])


def _faces(data: Path, processes: int) -> list[tuple[object, object]]:
    with workers.allowed(processes):
        return deck_faces(FaceRenderer(game_dir=data / GAME), _deck(data))  # type: ignore[arg-type]


def test_parts_follow_the_processes_allowed_and_are_never_short() -> None:
    assert _parts(DESIGNS) == [range(DESIGNS)]  # one process outside every build
    with workers.allowed(2):
        assert _parts(DESIGNS) == [range(0, 115), range(115, 230)]
        assert _parts(2 * PART_FACES - 1) == [range(2 * PART_FACES - 1)]
    with workers.allowed(8):
        assert all(len(part) >= PART_FACES for part in _parts(DESIGNS))


def test_a_deck_laid_out_in_parts_is_the_deck_laid_out_here(tmp_path: Path) -> None:
    write_game(tmp_path, DESIGNS)
    here, apart = _faces(tmp_path, 1), _faces(tmp_path, 2)
    assert len(here) == len(apart) == DESIGNS
    for (front, back), (front2, back2) in zip(here, apart, strict=True):
        assert front.items == front2.items  # type: ignore[attr-defined]
        assert back is here[0][1] and back2 is apart[0][1]
    assert len({id(back) for _, back in apart}) == 1  # the common back: one face, drawn once


def test_problems_of_a_deck_laid_out_in_parts_are_said_in_the_same_order(tmp_path: Path) -> None:
    folder = write_game(tmp_path, DESIGNS)
    table = folder / "cards.csv"
    rows = table.read_text("utf-8").splitlines()
    for row in (3, PART_FACES + 40, DESIGNS - 2):  # text that fits on no card, in two parts
        cells = rows[row].split(",")
        cells[4] = " ".join(["Overlong"] * 400)
        rows[row] = ",".join(cells)
    table.write_text("\n".join(rows) + "\n", "utf-8")
    said = []
    for processes in (1, 2):
        with pytest.raises(DataError) as raised:
            _faces(tmp_path, processes)
        said.append([str(problem) for problem in raised.value.problems])
    assert said[0] == said[1]
    assert len(said[0]) >= 3, said[0]


@pytest.mark.skipif(workers.fork_context() is None, reason="no fork on this platform")
def test_a_kit_built_with_jobs_is_the_kit_built_without(tmp_path: Path) -> None:
    """With two processes the deck's later chunks are laid out elsewhere while this process
    draws its document (LaidLater faces): the kit is the same, byte for byte."""
    write_game(tmp_path / "data", DESIGNS)
    later: list[int] = []
    drawn_here: list[str] = []
    real_later, real_draw = decks.forked_later, write._draw

    def counted(task: object, count: int) -> object:
        later.append(count)
        return real_later(task, count)  # type: ignore[arg-type]

    def drawn(plan: DocumentPlan) -> object:
        drawn_here.append(plan.filename)  # heard here only: the others draw in the pool
        return real_draw(plan)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(decks, "forked_later", counted)
        patch.setattr(write, "_draw", drawn)
        build_kits([GAME], tmp_path / "data", tmp_path / "two", jobs=2)
    build_kits([GAME], tmp_path / "data", tmp_path / "one", jobs=1)
    assert later == [len(decks._chunks(DESIGNS))] and later[0] >= 2
    assert drawn_here == ["deck-cards.pdf"]  # the deck's document drawn here, as laid out
    one = sorted((tmp_path / "one" / GAME).glob("*.pdf"))
    assert one and [p.name for p in one] == [
        p.name for p in sorted((tmp_path / "two" / GAME).glob("*.pdf"))
    ]
    for path in one:
        assert path.read_bytes() == (tmp_path / "two" / GAME / path.name).read_bytes(), path.name


UNBROKEN = "W" * 60
"""A word no card is wide enough for, at any size (within the loader's 300 characters)."""


def _overlong(folder: Path, rows_to_spoil: tuple[int, ...]) -> None:
    table = folder / "cards.csv"
    rows = table.read_text("utf-8").splitlines()
    for row in rows_to_spoil:
        cells = rows[row].split(",")
        cells[4] = UNBROKEN
        rows[row] = ",".join(cells)
    table.write_text("\n".join(rows) + "\n", "utf-8")


SMALL_DECK = """\
  - key: extra
    title: Extra
    cards:
      - {key: one, name: One, kind: Crew, text: %s}
      - {key: two, name: Two, kind: Crew, text: Fine}
"""


@pytest.mark.skipif(workers.fork_context() is None, reason="no fork on this platform")
@pytest.mark.parametrize("elsewhere", [False, True], ids=["later-deck-only", "another-deck-too"])
def test_a_face_laid_out_later_that_cannot_be_printed_is_said_as_check_says(
    tmp_path: Path, elsewhere: bool
) -> None:
    """A face of a later chunk found unprintable as it is drawn, alone or beside a problem of
    another deck found before: the build says every problem once, in the order a build with
    one process says them, and the earlier kit stays as it was."""
    from pnpkit.app.build import build_game
    from pnpkit.games import find_game
    from pnpkit.layout.print_settings import DEFAULTS

    folder = write_game(tmp_path / "data", DESIGNS)
    spoilt = (3, 150, DESIGNS - 2)  # in the first chunk and two others
    if elsewhere:
        with (folder / "game.yaml").open("a", encoding="utf-8") as out:
            out.write(SMALL_DECK % UNBROKEN)
    said = []
    for jobs in (1, 2):
        out = tmp_path / f"out{jobs}"
        (out / GAME).mkdir(parents=True)
        (out / GAME / "kept.pdf").write_bytes(b"%PDF earlier")
        if not said:
            _overlong(folder, spoilt)
        with pytest.raises(DataError) as raised:
            build_game(find_game(GAME, folder), folder, out / GAME, DEFAULTS, jobs=jobs)
        assert type(raised.value) is DataError  # the problems as check says them, not a part
        said.append([str(problem) for problem in raised.value.problems])
        assert [p.name for p in (out / GAME).iterdir()] == ["kept.pdf"]
    assert said[0] == said[1]
    assert len(said[0]) == 3 + elsewhere and all("does not fit" in p for p in said[0]), said[0]
    rows = [p.split("cards.csv:")[1].split(":")[0] for p in said[0] if "cards.csv:" in p]
    assert rows == ["4", "151", "229"]
    assert workers._OPEN == []  # nothing left running


def _icon_on_the_last_card(tmp_path: Path) -> tuple[Path, Path]:
    """The bench game of :data:`DESIGNS` cards, whose last card alone shows an icon of the
    game's own (``assets/icons/gull.svg``): the game's folder and the icon's file."""
    from pnpkit.app.new_game import COIN

    folder = write_game(tmp_path, DESIGNS)
    icon = folder / "assets" / "icons" / "gull.svg"
    icon.parent.mkdir(parents=True)
    icon.write_text(COIN, "utf-8")
    table = folder / "cards.csv"
    rows = table.read_text("utf-8").splitlines()
    cells = rows[-1].split(",")
    cells[5] = "gull"
    rows[-1] = ",".join(cells)
    table.write_text("\n".join(rows) + "\n", "utf-8")
    return folder, icon


def test_files_read_by_a_part_elsewhere_are_heard_here(tmp_path: Path) -> None:
    """An icon read only while a part is laid out in another process is still among the files
    the build read (what ``pnpkit build`` says of unread files, and ``watch``, rely on)."""
    from pnpkit.app.pipeline import checked, documents
    from pnpkit.games import find_game
    from pnpkit.layout.print_settings import DEFAULTS

    folder, icon = _icon_on_the_last_card(tmp_path)  # in the last part
    heard = []
    for processes in (1, 2):
        done = checked(find_game(GAME, folder), folder)
        assert str(icon) not in done.reads
        with workers.allowed(processes):
            documents(done, DEFAULTS)
        heard.append(str(icon) in done.reads)
    assert heard == [True, True]


@pytest.mark.skipif(workers.fork_context() is None, reason="no fork on this platform")
def test_files_read_by_a_chunk_laid_out_later_are_heard_here(tmp_path: Path) -> None:
    """Faces laid out later hand back what they read as they are taken, into the reads of the
    documents that asked for them, once settled."""
    from pnpkit.app.pipeline import checked, documents
    from pnpkit.games import find_game
    from pnpkit.layout.print_settings import DEFAULTS

    folder, icon = _icon_on_the_last_card(tmp_path)  # in the last chunk
    done = checked(find_game(GAME, folder), folder)
    with workers.allowed(2, later=True):
        plans = documents(done, DEFAULTS)
    assert [plan.filename for plan in plans if plan.draw_here] == ["deck-cards.pdf"]
    workers.settle_later()
    assert str(icon) in done.reads
    assert workers._OPEN == []


def test_later_problems_cross_processes_as_themselves() -> None:
    import pickle

    from pnpkit.errors import LaterProblems, Location, Problem

    said = LaterProblems([Problem(Location("cards.csv", 3, 5), "text", "does not fit")])
    back = pickle.loads(pickle.dumps(said))
    assert type(back) is LaterProblems and back.problems == said.problems


@pytest.mark.skipif(workers.fork_context() is None, reason="no fork on this platform")
def test_the_drawing_process_finds_the_art_converted_ahead(tmp_path: Path) -> None:
    """The workers laying a deck out convert its art ahead (its emblems, the common back's
    template): the process drawing the deck, with an empty disk cache, never loads svglib. (No
    race: a chunk's art is converted before the chunk is handed back, and a face is drawn only
    once its chunk is; the common back comes with the first.)"""
    import os
    import subprocess
    import sys

    from pnpkit.render.disk_cache import ENV

    write_game(tmp_path / "data", DESIGNS)
    probe = (
        "import sys\n"
        "from pathlib import Path\n"
        "from pnpkit.app.build import build_game\n"
        "from pnpkit.games import find_game\n"
        "from pnpkit.layout.print_settings import DEFAULTS\n"
        f"folder = Path({str(tmp_path / 'data' / GAME)!r})\n"
        f"out = Path({str(tmp_path / 'out')!r})\n"
        "build_game(find_game(folder.name, folder), folder, out, DEFAULTS, jobs=2)\n"
        "print(sorted(p.name for p in out.glob('*.pdf')), 'svglib' in sys.modules)\n"
    )
    env = {**os.environ, ENV: str(tmp_path / "cache")}
    run = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=False
    )
    assert run.stdout.split("] ")[1] == "False\n", run.stdout + run.stderr
    assert "deck-cards.pdf" in run.stdout
