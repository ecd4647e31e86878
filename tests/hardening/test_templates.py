"""Templates are safe: data prints as written, a template (or a placeholder written in data)
cannot reach Python internals or run away, and template names stay inside the template folder.

There is no image or other file reference in any game's data: card art is drawn by the
templates in ``templates/``, and ``icon`` fields are words from a fixed list (the loaders
refuse anything else), so the only paths that reach the file system are template names."""

from __future__ import annotations

import contextlib
import io
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from tests.pdfread import text_of

from pnpkit.app.build import build_kits
from pnpkit.app.cli import main
from pnpkit.build.control import BuildControl
from pnpkit.errors import DataError, Location
from pnpkit.games.false_colors.rule_text import render_text
from pnpkit.render.faces.renderer import FaceRenderer

REPO = Path(__file__).resolve().parents[2]
NAME = '<Fireship & "Co">'
SVG_NS = "{http://www.w3.org/2000/svg}"
HEAD = '<svg xmlns="http://www.w3.org/2000/svg" width="100pt" height="100pt" viewBox="0 0 100 100">'


def run(*argv: str) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, err.getvalue()


# --- data prints as written ---------------------------------------------------------------------


def test_a_card_name_with_markup_prints_as_written_in_the_kit(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(REPO / "data" / "high-seas", data / "high-seas")
    game = data / "high-seas" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert "    name: Musketeer\n" in text
    game.write_text(text.replace("    name: Musketeer\n", f"    name: '{NAME}'\n"), "utf-8")
    code, err = run("build", "high-seas", "--data", str(data), "--out", str(tmp_path / "out"))
    assert (code, err) == (0, "")
    printed = text_of(tmp_path / "out" / "high-seas" / "crew-cards.pdf")
    assert NAME in printed
    assert "&lt;" not in printed and "&amp;" not in printed


@pytest.mark.slow
def test_a_ship_name_with_markup_prints_as_written_in_rulebook_card_and_tokens(
    tmp_path: Path,
) -> None:
    """The rulebook's flowing text (ReportLab paragraph markup) escapes differently from the
    SVG cards: both must print the name as written."""
    data = tmp_path / "data"
    shutil.copytree(REPO / "data" / "false-colors", data / "false-colors")
    roster = data / "false-colors" / "roster.yaml"
    text = roster.read_text(encoding="utf-8")
    assert "    name: First Rate\n" in text
    roster.write_text(text.replace("    name: First Rate\n", f"    name: '{NAME}'\n"), "utf-8")
    out = tmp_path / "out"
    documents = ("rulebook.pdf", "rules-card.pdf", "tokens.pdf")
    build_kits(["false-colors"], data, out, control=BuildControl(only=frozenset(documents)))
    for document in documents:
        printed = text_of(out / "false-colors" / document)
        assert NAME in printed, document
        assert "&lt;" not in printed and "&amp;" not in printed, document


def test_markup_in_a_value_cannot_add_elements_to_the_svg(tmp_path: Path) -> None:
    (tmp_path / "t.svg.j2").write_text(
        HEAD + '<text x="5" y="20" font-family="Source Sans Pro">{{ name }}</text></svg>'
    )
    hostile = "</text><image href='/etc/passwd' width='9' height='9'/><text>"
    face = FaceRenderer(tmp_path).render("t.svg.j2", 100, 100, {"name": hostile}, name="x")
    root = ET.fromstring(face.svg)
    assert [el.tag for el in root.iter()] == [f"{SVG_NS}svg", f"{SVG_NS}text"]
    assert root.find(f"{SVG_NS}text").text == hostile  # type: ignore[union-attr]


# --- no way into Python -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "expression",
    [
        "{{ name.__class__.__mro__ }}",
        "{{ name.__class__.__mro__[1].__subclasses__() }}",
        "{{ name.format.__globals__ }}",
        "{{ cycler.__init__.__globals__.os }}",
    ],
)
def test_a_card_template_reaching_for_internals_is_a_data_error(
    tmp_path: Path, expression: str
) -> None:
    (tmp_path / "evil.svg.j2").write_text(
        HEAD + f'<text x="5" y="20" font-family="Source Sans Pro">{expression}</text></svg>'
    )
    with pytest.raises(DataError) as caught:
        FaceRenderer(tmp_path).render(
            "evil.svg.j2", 100, 100, {"name": "x"}, name="Evil", source="cards.yaml:4:3"
        )
    message = str(caught.value)
    assert message.startswith("cards.yaml:4:3: Evil: template evil.svg.j2: ")
    assert "unsafe" in message or "undefined" in message


WHERE = Location("data/false-colors/rules.yaml", 12, 7)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{{ ''.__class__.__mro__ }}", "unsafe"),
        ("{{ game.__init__.__globals__ }}", "unsafe"),
        ("{{ 1 // 0 }}", "ZeroDivisionError"),
        ("{{ 'a' + 1 }}", "TypeError"),
        ("{{ 'x' * 999999999 }}", "between numbers only"),
        ("{{ '%999999999d' % 1 }}", "between numbers only"),
        ("{{ 9 ** 9 ** 9 ** 9 }}", "power operator"),
        ("{{ 'x'.center(999999999) }}", "cannot call"),
        ("{{ range(9) }}", "cannot call"),
        ("{{ 'a' | center(999999999) }}", "No filter named 'center'"),
        ("{{ 'a' | replace('a', 'aaaa') | replace('a', 'aaaa') }}", "No filter named 'replace'"),
        ("{% for a in 'x' %}{% endfor %}", "no {% statements %}"),
        ("{% include '/etc/passwd' %}", "no {% statements %}"),
        ("{{ " + "(" * 2000 + "1" + ")" * 2000 + " }}", "placeholder"),
        ("{{ game.title", "placeholder"),
    ],
)
def test_a_hostile_placeholder_in_rule_text_is_refused(text: str, says: str) -> None:
    with pytest.raises(DataError) as caught:
        render_text(text, {"game": object()}, WHERE, "p")
    (problem,) = caught.value.problems
    assert str(problem).startswith("data/false-colors/rules.yaml:12:7: p: placeholder: ")
    assert says in str(problem)


def test_placeholders_rule_text_needs_still_work() -> None:
    context = {"x": 7, "rounds": [13, 18, 22], "name": "Fireship"}
    text = "{{ x // 2 }} {{ -x }} {{ x * 3 }} {{ rounds | and_list }}; {{ name | upper }}"
    assert render_text(text, context, WHERE) == "3 -7 21 13, 18 and 22; FIRESHIP"


def test_a_hostile_placeholder_in_rules_yaml_fails_the_build_cleanly(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(REPO / "data" / "false-colors", data / "false-colors")
    rules = data / "false-colors" / "rules.yaml"
    tree = yaml.safe_load(rules.read_text(encoding="utf-8"))
    tree["rulebook"]["blocks"].insert(0, {"p": "Sink {{ 1 // 0 }} ships."})
    rules.write_text(yaml.safe_dump(tree, allow_unicode=True, sort_keys=False), "utf-8")
    code, err = run("build", "false-colors", "--data", str(data), "--out", str(tmp_path / "out"))
    assert code == 1
    assert "Traceback" not in err
    assert f"error: {rules}:" in err
    assert "placeholder: ZeroDivisionError: integer division or modulo by zero" in err


# --- template names stay inside the template folder --------------------------------------------


@pytest.fixture
def folders(tmp_path: Path) -> Path:
    """``templates/ok.svg.j2`` and, beside the folder, ``outside.svg.j2`` (a valid template)."""
    body = HEAD + '<rect x="0" y="0" width="100" height="100"/></svg>'
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "ok.svg.j2").write_text(body)
    (tmp_path / "outside.svg.j2").write_text(body)
    return tmp_path


def test_a_template_inside_the_folder_renders(folders: Path) -> None:
    face = FaceRenderer(folders / "templates").render("ok.svg.j2", 100, 100, {}, name="ok")
    assert face.width == 100


@pytest.mark.parametrize(
    "name",
    ["../outside.svg.j2", "./../outside.svg.j2", "sub/../../outside.svg.j2", "{outside}"],
)
def test_a_template_name_that_leaves_the_folder_is_refused(folders: Path, name: str) -> None:
    name = name.format(outside=folders / "outside.svg.j2")  # an absolute path, too
    with pytest.raises(DataError) as caught:
        FaceRenderer(folders / "templates").render(
            name, 100, 100, {}, name="Card", source="deck.yaml:3:5"
        )
    assert str(caught.value).startswith(f"deck.yaml:3:5: Card: template {name}: ")
