"""Card faces: Jinja SVG templates rendered sandboxed, escaped, strict, measured with the real
font; text that does not fit is an error naming the card and the field."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from jinja2.exceptions import SecurityError
from reportlab.graphics.shapes import Group, String
from tests.pdfread import page_texts

from pnpkit.errors import DataError
from pnpkit.layout.cards import impose_cards
from pnpkit.layout.document import Document
from pnpkit.layout.paper import LETTER
from pnpkit.render import fonts
from pnpkit.render.faces.renderer import FaceRenderer
from pnpkit.render.templates.environment import make_environment

POKER = (180.0, 252.0)
HIGH_SEAS = Path(__file__).resolve().parents[1] / "fixtures" / "templates"
"""The crew card and back these tests draw: the templates High Seas printed its crew cards
with before they moved to its ``layouts.yaml``, kept as a card template of a real kit."""
NAME = '<Fireship & "Co">'


def crew_context(**change: object) -> dict[str, object]:
    context: dict[str, object] = {
        "name": "Cannoneer",
        "colour": "#8c2d19",
        "icon": "cannon",
        "beats": "Boarding Party",
        "loses_to": "Musketeer",
        "pirates": "Two pirates",
        "why": "One shot sinks a boarding party.",
        "footer": "High Seas · a game by Nicholas Wolff",
    }
    context.update(change)
    return context


def strings(node: object) -> list[String]:
    if isinstance(node, String):
        return [node]
    found: list[String] = []
    for child in getattr(node, "contents", []):
        found += strings(child)
    return found


def test_name_with_markup_prints_as_written(tmp_path: Path) -> None:
    renderer = FaceRenderer(HIGH_SEAS)
    face = renderer.render("cards/highseas-crew.svg.j2", *POKER, crew_context(name=NAME), name=NAME)
    # The SVG stays well-formed and its text node holds the name exactly.
    root = ET.fromstring(face.svg)
    texts = [el.text for el in root.iter("{http://www.w3.org/2000/svg}text")]
    assert NAME in texts
    assert "&lt;Fireship &amp; &#34;Co&#34;&gt;" in face.svg
    assert NAME in [s.text for s in strings(face.drawing())]
    # …and the PDF shows it.
    out = io.BytesIO()
    doc = Document(out, title="escape")
    impose_cards(doc, [(face, None)], LETTER, label="escape test")
    doc.save()
    text = page_texts(out.getvalue())[0]
    assert NAME in text


def test_overflowing_text_names_card_and_field() -> None:
    renderer = FaceRenderer(HIGH_SEAS)
    long_why = " ".join(["The cannon roars across the water and the boarders fall."] * 6)
    with pytest.raises(DataError) as caught:
        renderer.render(
            "cards/highseas-crew.svg.j2",
            *POKER,
            crew_context(why=long_why),
            name="Cannoneer",
            source="data/high-seas/game.yaml:13:5",
        )
    problem = caught.value.problems[0]
    assert problem.field == "Cannoneer: why"
    assert str(problem).startswith(
        "data/high-seas/game.yaml:13:5: Cannoneer: why: text does not fit"
    )


def test_overlong_single_word_is_not_cut() -> None:
    renderer = FaceRenderer(HIGH_SEAS)
    with pytest.raises(DataError) as caught:
        renderer.render(
            "cards/highseas-crew.svg.j2",
            *POKER,
            crew_context(name="Supercalifragilisticexpialidocious-Buccaneer"),
            name="long name",
        )
    assert caught.value.problems[0].field == "long name: name"


def test_missing_field_is_an_error_not_blank() -> None:
    renderer = FaceRenderer(HIGH_SEAS)
    context = crew_context()
    del context["why"]
    with pytest.raises(DataError) as caught:
        renderer.render("cards/highseas-crew.svg.j2", *POKER, context, name="Cannoneer")
    assert "'why' is undefined" in str(caught.value)


def test_every_text_uses_the_embedded_pip_font() -> None:
    renderer = FaceRenderer(HIGH_SEAS)
    face = renderer.render("cards/highseas-crew.svg.j2", *POKER, crew_context(), name="x")
    names = {s.fontName for s in strings(face.drawing())}
    assert names and names <= set(fonts.FACES)


def test_a_template_asking_for_another_font_is_refused(tmp_path: Path) -> None:
    (tmp_path / "bad.svg.j2").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100pt" height="100pt" '
        'viewBox="0 0 100 100"><text x="5" y="20" font-family="Helvetica">{{ name }}</text></svg>'
    )
    renderer = FaceRenderer(tmp_path)
    with pytest.raises(DataError) as caught:
        renderer.render("bad.svg.j2", 100, 100, {"name": "x"}, name="bad card")
    assert (
        "font-family 'Helvetica' (allowed: Source Sans Pro, Source Serif Pro, Fjalla One)"
        in str(caught.value)
    )


def test_templates_run_sandboxed() -> None:
    env = make_environment()
    template = env.from_string("{{ name.__class__.__mro__ }}")
    with pytest.raises(SecurityError):
        template.render(name="x")


def test_face_size_must_match_the_card(tmp_path: Path) -> None:
    (tmp_path / "small.svg.j2").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="90pt" height="90pt" '
        'viewBox="0 0 90 90"><rect x="0" y="0" width="90" height="90"/></svg>'
    )
    with pytest.raises(DataError) as caught:
        FaceRenderer(tmp_path).render("small.svg.j2", 100, 100, {}, name="small")
    assert "the template draws 90.00 × 90.00 pt, the face is 100.00 × 100.00 pt" in str(
        caught.value
    )


def test_groups_are_plain_reportlab_groups() -> None:
    face = FaceRenderer(HIGH_SEAS).render(
        "cards/highseas-back.svg.j2",
        *POKER,
        {"title": "High Seas", "subtitle": "a game by Nicholas Wolff"},
        name="back",
    )
    assert isinstance(face.drawing().contents[0], Group)
    assert (face.width, face.height) == POKER
