"""``check`` says, once per deck, which declared fields no template of the deck prints (the
built-in front prints only the number fields and the first image field): nothing is dropped
silently. It is a note: check still passes."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.cardgame.opendeck import make_game

from pnpkit.app.cli import main
from pnpkit.app.new_game import scaffold

EXTRA = """\
      - {name: flavour, type: text}
      - {name: tags, type: list}
      - {name: tint, type: colour}
      - {name: sym, type: icon}
      - {name: art2, type: image}
"""


def test_fields_the_built_in_front_does_not_print_are_named_once_per_deck(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    scaffold(data, "salvage", None)
    path = data / "salvage" / "game.yaml"
    text = path.read_text()
    anchor = "        type: image        # a PNG, JPEG or SVG file of assets/ in this folder\n"
    assert anchor in text
    path.write_text(text.replace(anchor, anchor + EXTRA, 1))
    row = next(i for i, line in enumerate(text.splitlines()) if "- key: crew" in line) + 1
    capsys.readouterr()
    assert main(["check", "--data", str(data)]) == 0
    err = capsys.readouterr().err
    notes = [line for line in err.splitlines() if "not printed" in line]
    assert notes == [
        f"warning: {path}:{row}:5: decks[0].fields: not printed: flavour, tags, tint, sym, art2: the "
        "built-in front (template: generic) prints only the deck's number fields and its first "
        "image field; name them in a layout of your own (layouts:), or remove them"
    ]


def test_a_field_a_template_names_is_printed_and_one_it_does_not_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    assert main(["check", "--data", str(data)]) == 0
    assert "not printed" not in capsys.readouterr().err  # every field is drawn
    front = game / "templates" / "ship-front.svg.j2"
    # tags drawn by an included template still counts as printed
    (game / "templates" / "tags.svg.j2").write_text(
        '{{ line(tags | join(", "), w / 2, h - 20, w - 20, 9, field="tags", anchor="middle") }}\n'
    )
    text = front.read_text()
    tags_line = next(line for line in text.splitlines() if "tags | join" in line)
    text = text.replace(tags_line, '{% include "game/tags.svg.j2" %}')
    front.write_text(text.replace('{{ emblem(badge, w / 2, 190, 16, accent, "#ffffff") }}', ""))
    assert main(["check", "--data", str(data)]) == 0
    notes = [line for line in capsys.readouterr().err.splitlines() if "not printed" in line]
    assert len(notes) == 1, notes
    assert "decks[0].fields: not printed: badge: no template of the deck" in notes[0]
    assert "templates/ship-front.svg.j2" in notes[0]


def test_a_field_a_layout_names_is_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A layout prints the fields it names (in text, conditions, colours by value): ``check``
    names only the others."""
    game = tmp_path / "data" / "tide"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(
        "kit: cards\ntitle: Tide\nlayouts:\n  l:\n    elements:\n"
        '      - {text: "{flavour}", when: tags}\n'
        '      - {shape: rect, fill: {by: rank, cases: {a: "#000000"}}}\n'
        "decks:\n  - key: d\n    title: D\n    template: l\n    fields:\n"
        "      - {name: flavour, type: text}\n      - {name: tags, type: list}\n"
        "      - {name: rank, type: text}\n      - {name: lost, type: text}\n"
        "    cards: [{key: a, name: A}]\n"
    )
    assert main(["check", "--data", str(tmp_path / "data")]) == 0
    notes = [line for line in capsys.readouterr().err.splitlines() if "not printed" in line]
    assert len(notes) == 1 and "not printed: lost: no template of the deck" in notes[0], notes


def test_build_warns_of_a_field_no_face_prints_as_check_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A field nothing prints is said by ``build`` too (it was said by ``check`` alone, on its
    standard output), as a warning: the designer who only builds hears it."""
    data = tmp_path / "data"
    scaffold(data, "salvage", None)
    path = data / "salvage" / "game.yaml"
    text = path.read_text()
    anchor = "        type: image        # a PNG, JPEG or SVG file of assets/ in this folder\n"
    path.write_text(text.replace(anchor, anchor + EXTRA, 1))
    said = []
    for argv in (["check"], ["build", "--out", str(tmp_path / "out")]):
        capsys.readouterr()
        assert main([*argv, "--data", str(data)]) == 0
        err = capsys.readouterr().err
        said.append([line for line in err.splitlines() if "not printed" in line])
    assert said[0] == said[1] and len(said[0]) == 1
    assert (
        said[0][0].startswith(f"warning: {path}:")
        and "flavour, tags, tint, sym, art2" in said[0][0]
    )
