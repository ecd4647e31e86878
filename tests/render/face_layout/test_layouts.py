"""Layouts written in a card game's data: each problem said once at its line, and what they
draw read back from the PDF."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from tests.pdfread import page_texts

from pnpkit.app.cli import main
from pnpkit.games.cardgame.faces import faces
from pnpkit.games.cardgame.load import load_card_game
from pnpkit.layout.print_settings import DEFAULTS
from pnpkit.render.face_layout.face import LayoutFace
from pnpkit.render.vector import Group, Picture, Rect, Svg, Words

GAME = """\
kit: cards
title: Layout Seas
layouts:
  frame:
    background: "#fbf7ee"
    elements:
      - shape: rect
        name: border
        x: 3mm
        y: 3mm
        width: 57.5mm
        height: 82.9mm
        radius: 3mm
        stroke: "{{accent}}"
  crew:
    extends: frame
    elements:
{elements}
decks:
  - key: crew
    title: Crew
    colour: "#7a4a1d"
    template: crew
    fields:
      - {{name: cost, type: number, default: 0}}
      - {{name: art, type: image}}
    cards:
      - {{key: bosun, name: Bosun, kind: Crew, text: Draw a card., cost: 2, copies: 2}}
      - {{key: gunner, name: Gunner, kind: Officer, text: Fire., art: ship.png}}
      - {{key: cook, name: Cook, kind: Crew, text: Feed the crew.}}
"""

ELEMENTS = """\
      - text: "{name}"
        x: 8mm
        y: 6mm
        width: 47.5mm
        height: 12mm
        size: 16pt
        weight: bold
        align: center
        colour: {by: kind, cases: {Officer: "#16324f"}, else: "#7a4a1d"}
      - image: "{art}"
        x: 10%
        y: 30%
        width: 80%
        height: 28%
        fit: crop
        when: art
      - icon: anchor
        x: 6mm
        y: 74mm
        width: 30mm
        height: 6mm
        repeat: "{cost}"
        align: left
      - text: "{text}"
        x: 9mm
        y: 60%
        width: 45mm
        height: 15mm
        rotate: 180
"""


def _game(tmp_path: Path, elements: str = ELEMENTS) -> Path:
    game = tmp_path / "data" / "layout-seas"
    (game / "assets").mkdir(parents=True)
    Image.new("RGB", (64, 48), "#2060a0").save(game / "assets" / "ship.png")
    indented = "\n".join(line for line in elements.splitlines())
    (game / "game.yaml").write_text(GAME.format(elements=indented))
    return game


def _check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    code = main(["check", "--data", str(tmp_path / "data"), "layout-seas"])
    return code, [line for line in capsys.readouterr().err.splitlines() if line]


def _line(game: Path, text: str) -> int:
    """The first line holding ``text`` after the layout ``crew`` begins."""
    lines = (game / "game.yaml").read_text().splitlines()
    start = lines.index("  crew:") if "  crew:" in lines else 0
    return next(i for i, line in enumerate(lines) if i >= start and text in line) + 1


def test_a_layout_lays_out_every_element(tmp_path: Path) -> None:
    game = load_card_game(_game(tmp_path))
    ((_, pairs),) = faces(game, DEFAULTS)
    bosun, gunner = pairs[0][0], pairs[2][0]
    assert isinstance(bosun, LayoutFace)
    assert bosun.items[0] == Rect((0.0, 0.0), bosun.width, bosun.height, fill="#fbf7ee")
    words = [i for i in bosun.items if isinstance(i, Words)]
    assert words[0].text == "Bosun" and words[0].colour == "#7a4a1d"  # else: the kind's colour
    gunner_name = next(i for i in gunner.items if isinstance(i, Words))
    assert gunner_name.colour == "#16324f"  # cases: Officer
    assert sum(isinstance(i, Svg) for i in bosun.items) == 2  # repeat: "{cost}" anchors
    assert not any(isinstance(i, Picture) for i in bosun.items)  # when: art
    picture = next(i for i in gunner.items if isinstance(i, Picture))
    assert picture.fit == "crop" and picture.width == pytest.approx(0.8 * gunner.width)
    (turned,) = [i for i in bosun.items if isinstance(i, Group)]
    assert turned.turn == 180
    # a line's words in one style are one string (they read back as written)
    assert [w.text for w in turned.items if isinstance(w, Words)] == ["Draw a card."]
    assert "Draw" in bosun.words()


def test_the_pdf_prints_the_layout(tmp_path: Path) -> None:
    _game(tmp_path)
    out = tmp_path / "out"
    assert main(["build", "--data", str(tmp_path / "data"), "--out", str(out), "-q"]) == 0
    text = page_texts(out / "layout-seas" / "crew-cards.pdf")[0]
    assert "Bosun" in text and "Gunner" in text and "Feed" in text  # the turned text too


@pytest.mark.parametrize(
    ("elements", "marker", "said"),
    [
        (
            '      - text: "{nme}"\n',
            "{nme}",
            "Bosun and 2 more cards: text: names no field {nme}; did you mean {name}? (allowed: ",
        ),
        (
            '      - text: "{name}"\n        algin: center\n',
            "algin",
            "layouts.crew.elements[0].algin: unknown key; did you mean 'align'?",
        ),
        (
            "      - txt: hello\n",
            "txt: hello",
            "layouts.crew.elements[0]: says what it is with none of text, image, icon, shape "
            "('txt': did you mean 'text'?) (allowed: text, image, icon, shape)",
        ),
        (
            "      - text: {name}\n",
            "text: {name}",
            "layouts.crew.elements[0].text: expected text, found a mapping ({name} unquoted is "
            'a mapping in YAML: write "{name}" in quotes)',
        ),
        (
            "      - shape: rect\n        x: 40mm\n        width: 40mm\n",
            "x: 40mm",  # said at the x that puts it off, in the data's own units
            "Bosun and 2 more cards: shape rect.x: 40mm + width 40mm runs off the card's right "
            "edge by 16.5mm (allowed: x + width at most 100% of the card's width (63.5 mm): with "
            "this width, x at most 23.5mm)",
        ),
        (
            "      - shape: rect\n        width: 0\n",
            "width: 0",
            "Bosun and 2 more cards: shape rect.width: 0 leaves the box no width (allowed: a "
            "width above 0)",
        ),
        (
            '      - text: "{name}"\n        colour: "#f7f2e8"\n',
            "{name}",
            "text in #f7f2e8 on #fbf7ee has contrast 1.0: too faint to read",
        ),
        (
            '      - text: "{text}"\n        height: 6pt\n        width: 10mm\n',
            "Draw a card.",  # said at the card's text
            "Bosun: text: text does not fit: 'Draw a card.' does not fit a 28 × 6 pt box at 6 pt",
        ),
        (
            '      - icon: "kraken"\n',
            "kraken",
            "kraken is no built-in emblem, and assets/icons/kraken.svg does not exist",
        ),
        (
            '      - text: "{name}"\n        when: "kind = Crew, "\n',
            "when:",
            "layouts.crew.elements[0].when: 'kind = Crew, ' is not a condition",
        ),
        (
            "      - shape: rect\n        rotate: 45\n",
            "rotate",
            "layouts.crew.elements[0].rotate: 45 is not a quarter turn (allowed: 0, 90, 180 "
            "or 270)",
        ),
        (
            "      - shape: rect\n        x: 12\n",
            "x: 12",
            "layouts.crew.elements[0].x: 12 has no unit",
        ),
        (
            '      - shape: rect\n        fill: "{cost}"\n',
            "shape: rect",
            "fill {cost} is '2', not a colour",
        ),
        (
            '      - shape: line\n        stroke: "#000000"\n        points: [[0, 0]]\n',
            "shape: line",
            "a line has 1 point (allowed: points: at least 2 [x, y] pairs in its box)",
        ),
    ],
)
def test_each_problem_is_said_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], elements: str, marker: str, said: str
) -> None:
    game = _game(tmp_path, elements)
    code, lines = _check(tmp_path, capsys)
    assert code == 1
    row = _line(game, marker)
    found = [line for line in lines if said in line]
    assert found, lines
    assert f"game.yaml:{row}:" in found[0], found


def test_a_problem_of_an_element_is_said_once_for_every_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _game(tmp_path, '      - text: "{nme}"\n')
    _, lines = _check(tmp_path, capsys)
    errors = [line for line in lines if line.startswith("error:") and "{nme}" in line]
    assert len(errors) == 1 and "Bosun and 2 more cards" in errors[0]  # three designs


def test_extends_names_a_layout_and_no_loop(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path)
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("extends: frame", "extends: fram"))
    code, lines = _check(tmp_path, capsys)
    assert code == 1
    assert any(
        f"game.yaml:{_line(game, 'extends: fram')}:" in line
        and "'fram' is no layout of this game; did you mean 'frame'?" in line
        for line in lines
    ), lines
    path.write_text(
        path.read_text()
        .replace("extends: fram", "extends: frame")
        .replace('    background: "#fbf7ee"', '    extends: crew\n    background: "#fbf7ee"')
    )
    code, lines = _check(tmp_path, capsys)
    assert code == 1
    loops = [line for line in lines if "extends itself" in line]
    assert len(loops) == 2 and "crew → frame → crew" in loops[0] + loops[1], lines


def test_a_deck_names_a_layout_with_a_did_you_mean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path)
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("template: crew", "template: crw"))
    code, lines = _check(tmp_path, capsys)
    assert code == 1
    assert any(
        f"game.yaml:{_line(game, 'template: crw')}:" in line
        and "'crw' is no layout of this game; did you mean 'crew'?" in line
        for line in lines
    ), lines


def test_an_extending_layout_replaces_an_element_by_name(tmp_path: Path) -> None:
    replaced = '      - shape: rect\n        name: border\n        fill: "#123456"\n'
    game = load_card_game(_game(tmp_path, replaced))
    ((_, pairs),) = faces(game, DEFAULTS)
    rects = [i for i in pairs[0][0].items if isinstance(i, Rect)]
    assert [r.fill for r in rects] == ["#fbf7ee", "#123456"]  # background, then border replaced


def test_a_layout_sets_text_in_any_family_and_a_games_own_font(tmp_path: Path) -> None:
    """serif and display are built in; a TTF of assets/fonts/ is a family of its own, embedded
    in the PDF, which passes its read-back."""
    import shutil

    from pnpkit.render import fonts

    game = _game(
        tmp_path,
        '      - text: "{name}"\n        font: display\n'
        '      - text: "{kind}"\n        font: serif\n        style: italic\n        y: 20%\n'
        "        height: 20%\n"
        '      - text: "{text}"\n        font: harbour\n        y: 40%\n        height: 20%\n',
    )
    (game / "assets" / "fonts").mkdir()
    shutil.copy(fonts.font_path(fonts.BOLD), game / "assets" / "fonts" / "harbour.ttf")
    loaded = load_card_game(game)
    ((_, pairs),) = faces(loaded, DEFAULTS)
    # each run of words in one style is one string: found by its first word
    set_in = {w.text.split()[0]: w.font for w in pairs[0][0].items if isinstance(w, Words)}
    assert set_in["Bosun"] == "FjallaOne-Regular"
    assert set_in["Crew"] == "SourceSerifPro-It"
    assert set_in["Draw"].startswith("pnpkit-") and set_in["Draw"].endswith("-harbour")
    out = tmp_path / "out"
    assert main(["build", "--data", str(tmp_path / "data"), "--out", str(out), "-q"]) == 0
    from pypdf import PdfReader

    page = PdfReader(out / "layout-seas" / "crew-cards.pdf").pages[0]
    embedded: set[str] = set()
    for form in page["/Resources"]["/XObject"].values():  # each face is a form
        for font in form.get_object().get("/Resources", {}).get("/Font", {}).values():
            embedded.add(str(font.get_object()["/BaseFont"]))
    names = " ".join(sorted(embedded))
    assert "FjallaOne" in names and "SourceSerifPro-It" in names, names
    assert "SourceSansPro-Bold" in names, names  # harbour.ttf: a copy, under its own name


def test_a_font_no_game_has_and_a_face_a_family_lacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(
        tmp_path,
        '      - text: "{name}"\n        font: serf\n'
        '      - text: "{kind}"\n        font: display\n        weight: bold\n',
    )
    code, lines = _check(tmp_path, capsys)
    assert code == 1
    serf = [line for line in lines if "text.font: 'serf' is no font of this game" in line]
    assert serf and serf[0].endswith(
        "there is no assets/fonts/serf.ttf; did you mean serif? (allowed: sans, serif, display, "
        "or a font of your own: its .ttf file in assets/fonts/, named for it "
        "(assets/fonts/serf.ttf))"
    )
    assert f"game.yaml:{_line(game, 'serf')}:15:" in serf[0]  # the font's own line
    bold = [line for line in lines if "text.font: 'display' has no bold face" in line]
    assert bold and "(allowed: display: normal)" in bold[0], lines
    assert f"game.yaml:{_line(game, 'font: display')}:15:" in bold[0]


def test_a_character_the_font_lacks_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Fjalla One has Western European Latin only: a Hungarian ő, which Source Sans Pro draws,
    set in it is refused at the text."""
    game = _game(tmp_path, '      - text: "{name}"\n        font: display\n')
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("name: Cook", "name: Cook Dőry"))
    code, lines = _check(tmp_path, capsys)
    assert code == 1
    said = [line for line in lines if "has no glyph in the embedded font display" in line]
    assert said and "U+0151" in said[0] and f":{_line(game, 'Cook Dőry')}:" in said[0], lines


def test_a_span_colours_and_sizes_words_of_a_layouts_text(tmp_path: Path) -> None:
    game = _game(tmp_path, '      - text: "{text}"\n        size: 10pt\n')
    path = game / "game.yaml"
    path.write_text(
        path.read_text().replace(
            "text: Draw a card.",
            'text: "Draw <span colour=\\"#b22222\\" size=\\"200%\\">two</span> cards."',
        )
    )
    ((_, pairs),) = faces(load_card_game(game), DEFAULTS)
    words = {w.text: w for w in pairs[0][0].items if isinstance(w, Words)}
    assert words["two"].colour == "#b22222" and words["two"].size == 20
    assert words["Draw"].size == 10 and words["Draw"].colour == "#000000"


def test_a_background_may_be_a_field_or_chosen_by_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path, "      - shape: ellipse\n        width: 50%\n        height: 30%\n")
    path = game / "game.yaml"
    text = path.read_text()
    path.write_text(text.replace('    background: "#fbf7ee"', '    background: "{accent}"'))
    ((_, pairs),) = faces(load_card_game(game), DEFAULTS)
    first = pairs[0][0]
    assert isinstance(first, LayoutFace) and first.background == "#7a4a1d"
    assert first.items[0] == Rect((0.0, 0.0), first.width, first.height, fill="#7a4a1d")
    by_kind = '    background: {by: kind, cases: {Officer: "#16324f"}, else: "#fbf7ee"}'
    path.write_text(text.replace('    background: "#fbf7ee"', by_kind))
    ((_, pairs),) = faces(load_card_game(game), DEFAULTS)
    assert [pairs[i][0].background for i in (0, 2)] == ["#fbf7ee", "#16324f"]  # type: ignore[attr-defined]
    path.write_text(text.replace('    background: "#fbf7ee"', '    background: "{tint}"'))
    code, lines = _check(tmp_path, capsys)
    assert code == 1
    assert any("background: names no field {tint}" in line for line in lines), lines


def test_plain_lines_are_set_as_the_general_loop_sets_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A line of plain words is set at once (``_Setter.plain``): every face of the deck, and of
    the bench's 60 cards of plain text, comes out item for item as the loop over atoms sets it."""
    from bench.cards import write_game
    from pnpkit.games.cardgame.faces import printed
    from pnpkit.render.face_layout import draw

    games = [load_card_game(_game(tmp_path / "layouts")), load_card_game(write_game(tmp_path, 60))]
    laid = [faces(printed(game), DEFAULTS) for game in games]
    with monkeypatch.context() as patch:
        patch.setattr(draw._Setter, "plain", lambda self, line: False)
        looped = [faces(printed(game), DEFAULTS) for game in games]
    for fast, slow in zip(laid, looped, strict=True):
        for (_, pairs), (_, pairs2) in zip(fast, slow, strict=True):
            assert [f.items for f, _ in pairs] == [f.items for f, _ in pairs2]  # type: ignore[attr-defined]
