"""A face's SVG is held to what svglib will draw before any drawing library is loaded
(:mod:`pnpkit.render.svg.rules`), so ``check`` refuses what the build would.

Each case is read twice: by the rules (standard library XML) and by svglib through the drawing
step (:meth:`SvgFace.drawing`). They must agree on every font placement, weight, style and size
tried here; where the rules are stricter it is said."""

from __future__ import annotations

import itertools

import pytest

from pnpkit.errors import DataError
from pnpkit.render import fonts
from pnpkit.render.faces.face import SvgFace
from pnpkit.render.svg.rules import art_problems, svg_problems

W, H = 180.0, 252.0


def _svg(body: str, size: str = f'width="{W:g}pt" height="{H:g}pt"', head: str = "") -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} viewBox="0 0 {W:g} {H:g}">'
        f"{head}{body}</svg>"
    )


def _drawn(svg: str, width: float = W, height: float = H) -> tuple[bool, set[str]]:
    """Whether the drawing step draws ``svg`` as a face, and the fonts of its strings."""
    try:
        drawing = SvgFace(width, height, svg, name="case").drawing()
    except DataError:
        return False, set()
    return True, {s.fontName for s in _strings(drawing)}


def _strings(node: object) -> list[object]:
    from reportlab.graphics.shapes import Drawing, Group, String

    if isinstance(node, String):
        return [node]
    if isinstance(node, Group | Drawing):
        return [s for child in node.contents for s in _strings(child)]
    return []


FAMILIES = ("Source Sans Pro", "SourceSansPro", "'Source Sans Pro', sans-serif", "Arial")
WEIGHTS = (None, "normal", "400", "600", "bold", "700", "500")
STYLES = (None, "italic")
PLACES = ("text", "group", "text-style", "group-style")


def _case(family: str | None, weight: str | None, style: str | None, place: str) -> str:
    props = {"font-family": family, "font-weight": weight, "font-style": style}
    props = {k: v for k, v in props.items() if v is not None}
    if place.endswith("style"):
        declared = ";".join(f"{k}:{v}" for k, v in props.items())
        attrs = f' style="{declared}"' if declared else ""
    else:
        attrs = "".join(f' {k}="{v}"' for k, v in props.items())
    on_text = place.startswith("text")
    text = f'<text x="10" y="20" font-size="9"{attrs if on_text else ""}>Deck</text>'
    return _svg(text if on_text else f"<g{attrs}>{text}</g>")


@pytest.mark.parametrize("place", PLACES)
def test_the_rules_and_svglib_agree_on_every_font(place: str) -> None:
    for family, weight, style in itertools.product((None, *FAMILIES), WEIGHTS, STYLES):
        svg = _case(family, weight, style, place)
        allowed = not svg_problems(svg, W, H)
        drawn, names = _drawn(svg)
        assert allowed == drawn, (svg, svg_problems(svg, W, H))
        if drawn:
            expected = (
                fonts.ITALIC
                if style == "italic"
                else {
                    None: fonts.REGULAR,
                    "normal": fonts.REGULAR,
                    "400": fonts.REGULAR,
                    "600": fonts.SEMIBOLD,
                    "bold": fonts.BOLD,
                    "700": fonts.BOLD,
                }[weight]
            )
            assert names == {expected}, svg


@pytest.mark.parametrize(
    ("family", "key"), [("Source Serif Pro", "serif"), ("Fjalla One", "display")]
)
def test_the_rules_and_svglib_agree_on_the_other_built_in_families(family: str, key: str) -> None:
    """A template may set its own text in Source Serif Pro (its four faces) or Fjalla One (one
    face): the rules and svglib pick the same face, and refuse the same weights and styles."""
    named = {None: "normal", "normal": "normal", "400": "normal", "600": "semibold"}
    named |= {"bold": "bold", "700": "bold"}
    for weight, style in itertools.product(WEIGHTS, STYLES):
        svg = _case(family, weight, style, "text")
        allowed = not svg_problems(svg, W, H)
        drawn, names = _drawn(svg)
        assert allowed == drawn, (svg, svg_problems(svg, W, H))
        wanted = ("normal", True) if style == "italic" else (named.get(weight, ""), False)
        expected = fonts.BUILT_IN.table[key].get(wanted)
        assert names == ({expected} if expected else set()), svg


def test_a_face_fjalla_one_lacks_is_refused_with_what_it_has() -> None:
    svg = _case("Fjalla One", "bold", None, "text")
    assert [m for m, _ in svg_problems(svg, W, H)] == [
        "the template uses font-weight 'bold' in Fjalla One (allowed: font-weight normal or 400)"
    ]


@pytest.mark.parametrize(("weight", "face"), [("400", fonts.REGULAR), ("700", fonts.BOLD)])
def test_a_weight_written_as_a_number_is_the_embedded_face(weight: str, face: str) -> None:
    """Source Sans Pro's regular is 400 and its bold 700, as drawing programs write them."""
    svg = _case("Source Sans Pro", weight, None, "text")
    assert svg_problems(svg, W, H) == []
    assert art_problems(svg, "the art flag.svg") == []
    assert _drawn(svg) == (True, {face})


def test_text_with_no_font_is_refused_by_name() -> None:
    svg = _svg('<text x="1" y="9" font-size="9">Deck</text>')
    assert svg_problems(svg, W, H) == [
        (
            "text 'Deck' names no font",
            "font-family 'Source Sans Pro' or 'Source Serif Pro' or 'Fjalla One', font-weight "
            "normal, 400, 600, bold, 700 or font-style italic (Fjalla One: normal only)",
        )
    ]
    assert _drawn(svg) == (False, set())  # svglib would set it in Helvetica


@pytest.mark.parametrize(
    ("size", "width", "height"),
    [
        (f'width="{W:g}pt" height="{H:g}pt"', W, H),
        ('width="2.5in" height="3.5in"', W, H),
        ('width="63.5mm" height="88.9mm"', W, H),
        ('width="6.35cm" height="8.89cm"', W, H),
        ('width="240" height="336"', W, H),  # plain numbers and px are ¾ pt, as svglib reads them
        ('width="240px" height="336px"', W, H),
        (f'width="{W:g}pt" height="{H:g}pt"', W + 1, H),
    ],
)
def test_the_rules_read_a_faces_size_as_svglib_does(size: str, width: float, height: float) -> None:
    svg = _svg('<rect x="1" y="1" width="5" height="5"/>', size)
    assert (not svg_problems(svg, width, height)) == _drawn(svg, width, height)[0]
    assert bool(svg_problems(svg, width, height)) == (width != W)


def test_a_face_without_a_size_is_refused_where_svglib_would_guess_one() -> None:
    svg = _svg('<rect x="1" y="1" width="5" height="5"/>', size="")
    ((message, _),) = svg_problems(svg, W, H)
    assert message == "the template's <svg> gives no width and height in pt, in, mm or cm"
    assert not _drawn(svg)[0]


@pytest.mark.parametrize(
    ("size", "refused"),
    [
        (f'width="{W:g}pt" height="{H:g}pt"', True),
        ('width="63.5mm" height="88.9mm"', True),
        ('width="2.5in" height="3.5in"', True),
        ('width="240" height="336"', False),  # drawn in px, sized in px: as drawn
        ('width="240px" height="336px"', False),
    ],
)
def test_a_face_sized_in_pt_without_a_viewbox_is_refused_with_the_fix(
    size: str, refused: bool
) -> None:
    """Without a viewBox a drawing is in px (¾ pt): a face sized in pt and laid out with w
    and h would fill 75 % of the card, in svglib as in every SVG reader."""
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" {size}><rect width="{W:g}" height="5"/></svg>'
    said = [(m, a) for m, a in svg_problems(svg, W, H) if "viewBox" in m]
    assert bool(said) == refused
    if refused:
        ((message, allowed),) = said
        assert "no viewBox" in message and "75 %" in message
        assert 'viewBox="0 0 {{ fmt(w) }} {{ fmt(h) }}"' in allowed
        assert 'viewBox="0 0 180 252"' in allowed
        left, _, right, _ = SvgFace(W, H, svg, name="case").drawing().getBounds()
        assert right - left == pytest.approx(0.75 * W)  # what svglib would have printed


def test_unreadable_svg_an_image_element_and_a_style_sheets_font_are_refused() -> None:
    assert svg_problems("<svg", W, H)[0][0].startswith("the template is not readable SVG")
    assert svg_problems('<html xmlns="x"/>', W, H)[0][0] == "the template's root element is <html>"
    image = _svg('<image href="x.png" width="5" height="5"/>')
    assert svg_problems(image, W, H)[0][0] == (
        "the template has an <image> element, which is not drawn"
    )
    sheet = _svg(
        '<text x="1" y="9" font-size="9">Deck</text>',
        head="<style>text { font-family: Arial; }</style>",
    )
    assert [m for m, _ in svg_problems(sheet, W, H)] == [
        "the template uses font-family 'Arial' (allowed: Source Sans Pro, Source Serif Pro, "
        "Fjalla One)"
    ]


def test_words_after_a_tspan_are_set_in_the_texts_own_font() -> None:
    """The words after a ``<tspan>`` belong to the ``<text>`` around it: a text with no font of
    its own, holding a tspan that has one, is still refused, as svglib would set those words in
    Helvetica."""
    svg = _svg(
        '<text x="1" y="9" font-size="9"><tspan font-family="Source Sans Pro">A</tspan> deck</text>'
    )
    assert [m for m, _ in svg_problems(svg, W, H)] == ["text 'deck' names no font"]
    assert not _drawn(svg)[0]
