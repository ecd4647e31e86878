"""``pnpkit new``: a new game folder whose example card game builds, checks and exports; a copy
of a bundled game (``--from``) that builds from its own templates; which data folder a command
reads when ``--data`` is not given; ``kit:`` naming which game a folder is."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest
from tests.games.cardgame.opendeck import image_xobjects
from tests.pdfread import first_page_colours, page_texts

from pnpkit.app import new_game
from pnpkit.app.build import build_game
from pnpkit.app.cli import build_parser, main
from pnpkit.build.atomic import atomic_write
from pnpkit.build.control import BuildControl
from pnpkit.games import find_game, registered
from pnpkit.games.cardgame.load import load_card_game
from pnpkit.layout.print_settings import DEFAULTS
from pnpkit.model.vocabulary import EMBLEMS
from pnpkit.resources import bundled_games
from pnpkit.verify import verify_paths

DATA = Path(__file__).resolve().parents[2] / "data"


def test_new_game_builds_checks_and_exports(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data, out = tmp_path / "data", tmp_path / "output"
    data.mkdir()
    assert main(["new", "salvage-run", "--data", str(data)]) == 0
    folder = data / "salvage-run"
    assert capsys.readouterr().out.startswith(
        "".join(
            f"wrote {folder / name}\n"
            for name in (
                "game.yaml",
                "fortune.csv",
                "harbour.csv",
                "rules.md",
                "assets/ship.png",
                "assets/icons/coin.svg",
            )
        )
    )
    assert main(["check", "--data", str(data)]) == 0
    assert capsys.readouterr().out == "checked 1 game: no problems\n"
    assert main(["build", "--preview", "--data", str(data), "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        str(out / "salvage-run" / name)
        for name in (
            "print-this-kit.pdf",
            "crew-cards.pdf",
            "fortune-cards.pdf",
            "coins-tokens.pdf",
            "harbour-board.pdf",
            "duplex-calibration.pdf",
            "rulebook.pdf",
        )
    ] + ["wrote 7 files", f"previews: {out / 'index.html'}"]
    assert "salvage-run/previews/crew-cards-p1.png" in (out / "index.html").read_text("utf-8")
    assert verify_paths([out]) == []
    assert main(["export", "--data", str(data), "--out", str(out), "--format", "tts"]) == 0
    assert (out / "salvage-run" / "tts" / "crew.json").is_file()


def test_the_example_shows_a_csv_deck_with_art_icons_and_a_field_of_its_own(
    tmp_path: Path,
) -> None:
    data, out = tmp_path / "data", tmp_path / "out"
    assert main(["new", "salvage", "--data", str(data)]) == 0
    game = load_card_game(data / "salvage")
    crew, fortune = game.decks
    assert [f.name for f in fortune.fields] == ["cost", "art"]
    assert fortune.cards[1].source.endswith("fortune.csv:3:1")
    assert dict(fortune.cards[1].fields) == {"cost": 3, "art": "ship.png"}
    assert ":coin:" in fortune.cards[1].text
    assert sum(c.copies for c in crew.cards if dict(c.fields)["art"]) == 2
    assert main(["build", "salvage", "--data", str(data), "--out", str(out)]) == 0
    # ship.png is on two crew cards and one fortune card: one image in each PDF
    for deck in ("crew", "fortune"):
        assert len(image_xobjects(out / "salvage" / f"{deck}-cards.pdf")) == 1
    pdf = out / "salvage" / "fortune-cards.pdf"
    colours = {c for _, c in first_page_colours(pdf, 60)}
    # the coin icon (#d9a21b) and the picture's sea (#2f6690) are on the page
    assert any(
        abs(r - 0xD9) < 10 and abs(g - 0xA2) < 10 and abs(b - 0x1B) < 10 for r, g, b in colours
    )
    assert any(
        abs(r - 0x2F) < 10 and abs(g - 0x66) < 10 and abs(b - 0x90) < 10 for r, g, b in colours
    )


def test_the_example_lists_every_built_in_emblem(tmp_path: Path) -> None:
    """The comment on the deck's ``icon:`` names every emblem there is: written by hand, it
    once left out ``wave``; it is now made from EMBLEMS."""
    assert main(["new", "salvage", "--data", str(tmp_path)]) == 0
    lines = (tmp_path / "salvage" / "game.yaml").read_text("utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("icon: anchor"))
    end = next(i for i in range(at + 1, len(lines)) if not lines[i].lstrip().startswith("#"))
    comment = " ".join(line.split("#", 1)[1] for line in lines[at:end])
    named = re.findall(r"[a-z]+", comment.split("(", 1)[1])
    assert named == list(EMBLEMS)
    assert all(len(line) <= 96 for line in lines[at:end])


def test_new_refuses_a_bad_name_or_an_existing_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["new", "Salvage Run", "--data", str(tmp_path)]) == 2
    assert "lower-case letters" in capsys.readouterr().err
    assert main(["new", "a" * 300, "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "(300 characters) is not allowed" in err and "a" * 300 not in err  # quoted short
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    assert main(["new", "taken", "--data", str(tmp_path)]) == 2
    assert "exists already" in capsys.readouterr().err
    assert (tmp_path / "taken" / "notes.txt").read_text() == "mine"


def test_a_title_that_yaml_would_misread_is_quoted(tmp_path: Path) -> None:
    assert main(["new", "yes", "--title", "Yes", "--data", str(tmp_path)]) == 0
    assert main(["check", "--data", str(tmp_path)]) == 0


@pytest.mark.parametrize("title", ["C:\\new", "A\\qB", 'Say "Ahoy"', "Tab\\t", "Ünïcode"])
def test_a_title_is_written_so_yaml_reads_it_as_given(tmp_path: Path, title: str) -> None:
    """A backslash was written into a double-quoted YAML string as it was: ``C:\\new`` printed
    ``C:``, a line break and ``ew``, and ``A\\qB`` made a game.yaml YAML could not read."""
    assert main(["new", "g", "--title", title, "--data", str(tmp_path)]) == 0
    assert load_card_game(tmp_path / "g").title == title
    assert main(["check", "--data", str(tmp_path)]) == 0


@pytest.mark.parametrize(
    ("title", "said"),
    [
        ("   ", "title: is empty (allowed: at least 1 character)"),
        ("Yam \u05f4 Sea", "has no glyph in the embedded font Source Sans Pro for U+05F4"),
    ],
)
def test_a_title_the_game_could_not_print_is_a_usage_error_leaving_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, title: str, said: str
) -> None:
    """``new`` promises a game that builds as it is: a title ``check`` would refuse is said at
    once, exit 2, and no folder (nor a half-written one) is left."""
    assert main(["new", "g", "--title", title, "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"--title {title!r} cannot be the game's title: {tmp_path / 'g' / 'game.yaml'}:" in err
    assert said in err, err
    assert list(tmp_path.iterdir()) == []


def test_bad_card_data_names_file_line_and_column(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["new", "salvage", "--data", str(tmp_path)]) == 0
    game = tmp_path / "salvage" / "game.yaml"
    text = game.read_text()
    text = text.replace("copies: 3          #", "copies: 300        #", 1)
    text = text.replace("icon: cannon", "icon: kraken", 1)
    text = text.replace("- key: lookout", "- key: gunner", 1)
    game.write_text(text)
    capsys.readouterr()
    assert main(["build", "salvage", "--data", str(tmp_path), "--out", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err.splitlines()
    lines = text.splitlines()

    def at(needle: str) -> str:
        row = next(i for i, line in enumerate(lines) if needle in line)
        return f"{game}:{row + 1}:{lines[row].index(needle.split(': ')[-1]) + 1}: "

    assert any(
        line.startswith(f"error: {at('copies: 300')}decks[0].cards[0].copies") for line in err
    )
    assert any(
        line.startswith(f"error: {at('icon: kraken')}decks[0].cards[1].icon") for line in err
    )
    assert any("'gunner' is already used by decks[0].cards[" in line for line in err)
    assert err[-1] == "3 problems in 1 game"
    assert not (tmp_path / "o" / "salvage").exists()


# --- a copy of a bundled game: pnpkit new NAME --from GAME --------------------------------


def test_a_bundled_game_is_copied_with_its_templates_and_layouts_and_builds_from_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = tmp_path / "data"
    assert main(["new", "my-seas", "--from", "high-seas", "--data", str(data)]) == 0
    out = capsys.readouterr().out.splitlines()
    game = data / "my-seas"
    copied = {str(p.relative_to(game)) for p in game.rglob("*") if p.is_file()}
    templates = registered("high-seas").templates
    assert templates is not None
    own = {f"templates/{p.relative_to(templates)}" for p in templates.rglob("*.j2")}
    assert own == {"templates/counters/cannon.svg.j2", "templates/counters/heart.svg.j2"}
    assert copied == {"game.yaml", "layouts.yaml", "rules.yaml"} | own  # the whole data folder
    assert out == [f"wrote {game / name}" for name in sorted(copied)] + [
        f"next: pnpkit build my-seas --data {data}   (or: pnpkit watch my-seas --data {data})"
    ]
    text = (game / "game.yaml").read_text("utf-8")
    original = (DATA / "high-seas" / "game.yaml").read_text("utf-8")
    kit_line = next(line for line in text.splitlines() if line.startswith("kit:"))
    assert kit_line.startswith("kit: high-seas  # ")
    assert text.replace(kit_line + "\n", "", 1) == original  # otherwise the data as it was
    assert main(["check", "my-seas", "--data", str(data)]) == 0

    # The designer's copy of a template, and of the cards' layouts, is the one drawn.
    cannon = game / "templates" / "counters" / "cannon.svg.j2"
    cannon.write_text(cannon.read_text("utf-8").replace("line(label,", "line(label ~ '!',"))
    layouts = game / "layouts.yaml"
    layouts.write_text(layouts.read_text("utf-8").replace('"{title}"', '"{title} Ahoy"'))
    found = find_game("my-seas", game)
    assert found.name == "my-seas" and found.template_folders(game) == (
        game / "templates",
        templates,
    )
    options = BuildControl(only=frozenset({"crew-cards.pdf", "tokens.pdf"}))
    build_game(found, game, tmp_path / "out", DEFAULTS, options)
    assert any("High Seas Ahoy" in text for text in page_texts(tmp_path / "out" / "crew-cards.pdf"))
    assert any("Top! Top!" in text for text in page_texts(tmp_path / "out" / "tokens.pdf"))


def test_a_copy_takes_the_bundled_name_unless_told(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["new", "--from", "tabletop-fleets", "--data", str(tmp_path)]) == 0
    assert (tmp_path / "tabletop-fleets" / "README.md").is_file()
    assert (tmp_path / "tabletop-fleets" / "templates" / "tabletop" / "ship.svg.j2").is_file()
    assert main(["check", "--data", str(tmp_path)]) == 0
    assert capsys.readouterr().out.endswith("checked 1 game: no problems\n")


def test_new_from_refuses_what_it_cannot_copy(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["new", "x", "--from", "high-sea", "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "'high-sea' is not a game bundled with pnpkit; did you mean 'high-seas'?" in err
    assert "(available: british-vs-pirates, false-colors, high-seas, " in err
    assert main(["new", "x", "--from", "high-seas", "--title", "X", "--data", str(tmp_path)]) == 2
    assert "--title names a new card game" in capsys.readouterr().err
    assert main(["new", "--data", str(tmp_path)]) == 2
    assert "needs the new game's name, or --from" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_copy_lands_whole_or_not_at_all(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    written: list[Path] = []

    @contextlib.contextmanager
    def full_disk(path: Path) -> Iterator[IO[bytes]]:
        if written:
            raise OSError(28, "No space left on device", str(path))
        written.append(path)
        with atomic_write(path) as out:
            yield out

    monkeypatch.setattr(new_game, "atomic_write", full_disk)
    assert main(["new", "copy", "--from", "false-colors", "--data", str(tmp_path)]) == 1
    assert "No space left on device" in capsys.readouterr().err
    assert written and list(tmp_path.iterdir()) == []  # no folder, no staging left behind


# --- which data folder a command reads -----------------------------------------------------


def test_without_data_here_commands_read_the_bundled_games(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["check", "high-seas"]) == 0
    out, err = capsys.readouterr()
    assert out == "checked 1 game: no problems\n"
    assert err == f"pnpkit: no ./data here; reading the bundled games in {bundled_games()}\n"
    assert main(["map", "duel", "--seed", "3", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["chart"] == "duel"
    with pytest.raises(SystemExit):
        build_parser().parse_args(["check", "--help"])
    assert "here that is the bundled games in" in " ".join(capsys.readouterr().out.split())
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_a_data_folder_here_is_read_and_a_missing_bundled_game_is_named(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["new", "demo"]) == 0  # ./data/demo
    assert capsys.readouterr().out.endswith("next: pnpkit build demo   (or: pnpkit watch demo)\n")
    assert main(["check"]) == 0
    assert capsys.readouterr() == ("checked 1 game: no problems\n", "")
    assert main(["check", "high-seas"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: unknown game 'high-seas' (available: demo); ")
    assert "'high-seas' is bundled with pnpkit: `pnpkit new --from high-seas` copies it" in err
    assert f"`--data {bundled_games()}` uses it as it is" in err
    assert main(["map", "square", "--seed", "1"]) == 2
    assert "no false-colors game in data; 'false-colors' is bundled" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        build_parser().parse_args(["build", "--help"])
    assert "here that is ./data" in " ".join(capsys.readouterr().out.split())


# --- kit: which game a folder is -----------------------------------------------------------


def test_kit_names_the_game_whatever_the_folder_is_called(tmp_path: Path) -> None:
    """A card game may be called like a bundled game; ``kit:`` decides, not the name."""
    assert main(["new", "high-seas", "--data", str(tmp_path)]) == 0
    assert find_game("high-seas", tmp_path / "high-seas").name == "high-seas"
    assert main(["check", "high-seas", "--data", str(tmp_path)]) == 0
    assert find_game("high-seas", DATA / "high-seas").templates == registered("high-seas").templates


def test_a_kit_that_is_not_a_game_is_named_at_its_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = tmp_path / "mine"
    game.mkdir()
    (game / "game.yaml").write_text("# mine\nkit: high-sea\ntitle: Mine\n", encoding="utf-8")
    assert main(["check", "--data", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: {game / 'game.yaml'}:2:6: kit: 'high-sea' is not a kind of ")
    assert "(allowed: cards, british-vs-pirates, false-colors, high-seas, " in err
    (game / "game.yaml").write_text("title: Mine\n", encoding="utf-8")
    assert main(["check", "--data", str(tmp_path)]) == 1
    assert "kit: missing: a game that is not bundled with pnpkit names its kind" in (
        capsys.readouterr().err
    )


def test_a_bundled_game_naming_a_wrong_kit_is_refused(
    capsys: pytest.CaptureFixture[str], data_copy: Path
) -> None:
    game = data_copy / "high-seas" / "game.yaml"
    game.write_text("kit: high-sea\n" + game.read_text("utf-8"), encoding="utf-8")
    assert main(["check", "high-seas", "--data", str(data_copy)]) == 1
    assert f"error: {game}:1:6: kit: 'high-sea' is not a kind of game" in capsys.readouterr().err
    game.write_text("kit: [\n" + game.read_text("utf-8"), encoding="utf-8")  # unreadable
    assert main(["check", "high-seas", "--data", str(data_copy)]) == 1
    assert f"error: {game}:" in capsys.readouterr().err  # the game's loader says where


def test_kit_is_accepted_only_at_the_top_of_the_main_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["new", "raid", "--from", "british-vs-pirates", "--data", str(tmp_path)]) == 0
    assert main(["new", "fleets", "--from", "pirate-fleets", "--data", str(tmp_path)]) == 0
    assert main(["check", "--data", str(tmp_path)]) == 0  # games read from several files
    cards = tmp_path / "raid" / "cards.yaml"
    cards.write_text("kit: british-vs-pirates\n" + cards.read_text("utf-8"), encoding="utf-8")
    capsys.readouterr()
    assert main(["check", "raid", "--data", str(tmp_path)]) == 1
    assert f"error: {cards}:1:1: kit: unknown key (allowed: cannons, " in capsys.readouterr().err


def test_a_card_game_replaces_a_built_in_template_with_its_own(tmp_path: Path) -> None:
    from pnpkit.games.cardgame.faces import faces
    from pnpkit.render.templates.environment import TEMPLATE_DIR

    assert main(["new", "demo", "--data", str(tmp_path)]) == 0
    game = tmp_path / "demo"
    mine = game / "templates" / "cards" / "generic-back.svg.j2"
    mine.parent.mkdir(parents=True)
    built_in = (TEMPLATE_DIR / "cards" / "generic-back.svg.j2").read_text("utf-8")
    mine.write_text(built_in.replace("{{ line(kind, ", '{{ line(kind ~ " Ahoy", ', 1))
    decks = faces(find_game("demo", game).read(game), DEFAULTS)
    backs = [faces[0][1].svg for _, faces in decks]
    assert backs and all("Ahoy" in back for back in backs)
    mine.unlink()
    decks = faces(find_game("demo", game).read(game), DEFAULTS)
    assert not any("Ahoy" in faces[0][1].svg for _, faces in decks)
