"""The display list painter: compact content, the same picture as the items say."""

from __future__ import annotations

import io

from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from pnpkit.render import fonts
from pnpkit.render.colour import hex_rgb as rgb
from pnpkit.render.colour import mix
from pnpkit.render.vector import FontNames, Shape, Words, paint, rect, to_svg

FONTS = FontNames(fonts.REGULAR, fonts.BOLD, fonts.ITALIC)


def _content(items: list, height: float = 100.0) -> str:  # type: ignore[type-arg]
    fonts.register()
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(200, height), invariant=1, pageCompression=0)
    paint(canvas, items, height, FONTS)
    canvas.showPage()
    canvas.save()
    page = PdfReader(io.BytesIO(out.getvalue())).pages[0]
    return str(page.get_contents().get_data().decode("latin-1"))


def test_shapes_of_one_style_share_one_path() -> None:
    cells = [rect(10.0 * i, 0.0, 10.0, 10.0, fill="#ff0000") for i in range(10)]
    content = _content(cells)
    assert content.count(" re") + content.count(" m ") >= 10
    assert content.count("\nf") + content.count(" f\n") == 1


def test_y_points_down_from_the_top_of_the_box() -> None:
    content = _content(
        [Shape(((0.0, 0.0), (50.0, 0.0)), closed=False, stroke="#000000")], height=100.0
    )
    assert "0 100 m 50 100 l" in content


def test_colour_after_text_is_set_again() -> None:
    items = [
        Words((5.0, 20.0), "A1", 6.0, "#0000ff"),
        rect(0.0, 30.0, 10.0, 10.0, fill="#ff0000"),
        Words((5.0, 60.0), "B1", 6.0, "#0000ff"),
        rect(0.0, 70.0, 10.0, 10.0, fill="#0000ff"),
    ]
    content = _content(items)
    assert content.count("1 0 0 rg") == 1
    assert (
        content.count("0 0 1 rg") == 2
    )  # text blue, red square, text blue; the last square reuses it


def test_colour_helpers() -> None:
    assert rgb("#ff8000") == (1.0, 128 / 255, 0.0)
    assert mix("#000000", "#ffffff", 0.5) == "#808080"


def test_svg_numbers_are_written_one_way() -> None:
    svg = to_svg([rect(0.0, 0.0, 10.5, 3.0, fill="#123456")], 20.0, 10.0)
    assert 'points="0,0 10.5,0 10.5,3 0,3"' in svg
    assert to_svg([rect(0.0, 0.0, 10.5, 3.0, fill="#123456")], 20.0, 10.0) == svg


def test_an_svg_fragment_is_one_form_placed_wherever_it_shows() -> None:
    from pnpkit.render.emblems import emblem_item

    fonts.register()
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(300, 100), invariant=1, pageCompression=0)
    anchors = [
        emblem_item("anchor", 30.0 + 60.0 * i, 50.0, 16.0, "#1f4e79", "#ffffff") for i in range(4)
    ]
    other = emblem_item("anchor", 270.0, 50.0, 12.0, "#1f4e79", "#ffffff")  # another size
    paint(canvas, [*anchors, other], 100.0, FONTS)
    canvas.showPage()
    canvas.save()
    page = PdfReader(io.BytesIO(out.getvalue())).pages[0]
    forms = page["/Resources"]["/XObject"]
    assert len(forms) == 2
    content = page.get_contents().get_data().decode("latin-1")
    placed = [line.split()[0] for line in content.splitlines() if line.endswith(" Do")]
    assert sorted(placed.count(name) for name in set(placed)) == [1, 4]
    for name in forms:  # each form reaches past its box, so a stroke on the edge shows whole
        x0, y0, *_ = (float(v) for v in forms[name].get_object()["/BBox"])
        assert x0 < 0 and y0 < 0


def test_every_item_and_a_face_cross_processes_as_themselves() -> None:
    """Faces laid out by forked workers come back pickled by their fields (``Plain``): each
    item, nested in a group, and the face holding them, the same values after the trip."""
    import pickle
    import typing

    from pnpkit.errors import Location
    from pnpkit.render.face_layout.face import LayoutFace
    from pnpkit.render.vector import Circle, Ellipse, Group, Item, Picture, Plain, Rect, Svg

    items: tuple[Item, ...] = (
        Shape(((0.0, 0.0), (10.0, 5.0)), closed=False, stroke="#102030", dash=(2.0, 1.0)),
        Circle((5.0, 5.0), 3.0, fill="#ffffff"),
        Words((1.0, 2.0), "Sloop · 3", 9.0, colour="#7a4a1d", anchor="middle", weight="bold"),
        Rect((0.0, 0.0), 20.0, 10.0, radius=2.0, stroke="#000000", line=1.5),
        Ellipse((1.0, 1.0), 4.0, 2.0, fill="#abcdef"),
        Picture("art/ship.png", "ab" * 32, (0.0, 0.0), 30.0, 20.0, fit="crop"),
        Svg((2.0, 2.0), 8.0, 8.0, '<circle cx="4" cy="4" r="3"/>', angle=180.0),
    )
    group = Group(items, (3.0, 4.0), 50.0, 40.0, turn=90, opacity=0.5)
    face = LayoutFace(
        180.0, 252.0, (group, *items), "Sloop", Location("cards.csv", 3, 2), "#fbf7ee"
    )
    assert {type(item) for item in items} | {Group} == set(typing.get_args(Item))
    assert all(isinstance(item, Plain) for item in (*items, group, face))
    back = pickle.loads(pickle.dumps(face, protocol=pickle.HIGHEST_PROTOCOL))
    assert back == face and back.items[0].items == items
