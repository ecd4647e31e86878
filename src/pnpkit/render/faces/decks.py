"""Faces laid out deck by deck and group by group, every problem kept: :func:`deck_faces` lays
out each printed card of a deck (each design once) and reports every face that cannot be
printed at once; :class:`Gathered` keeps the problems of every group of a kit (a deck, the
counters, a reference card); :func:`merged_failures` says each distinct problem of a template
(at one line) once, by its first card."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from pnpkit.errors import DataError, Location, Problem
from pnpkit.load.face_layouts import LAYOUT
from pnpkit.model.cards import Deck, Face
from pnpkit.model.face_layout import Layout
from pnpkit.render.face_layout import builtin
from pnpkit.render.face_layout.draw import LayoutPainter
from pnpkit.render.faces.face import FacePairs, PrintedFace
from pnpkit.render.faces.renderer import FaceRenderer
from pnpkit.render.templates.error_location import said_at_template
from pnpkit.render.typeset import location_of

T = TypeVar("T")


def deck_faces(renderer: FaceRenderer, deck: Deck) -> FacePairs:
    """``(front, back)`` for every printed card of ``deck``; each design is rendered once. A
    face whose template names one of the deck's layouts (``layout:crew``) is laid out from it
    and drawn straight onto the page (:mod:`pnpkit.render.face_layout`)."""
    size = deck.size
    layouts = {layout.name: layout for layout in deck.layouts}
    painter = LayoutPainter(renderer)

    problems: list[Problem] = []

    def face(face: Face, name: str) -> PrintedFace | None:
        try:
            if face.template.startswith(LAYOUT):
                named = face.template[len(LAYOUT) :]
                layout = layouts.get(named)
                if layout is None:  # the one built-in layout (no data can name it so)
                    assert named == builtin.FRONT, named
                    layout = builtin.front_layout(size.width, size.height, face.as_dict())
                return painter.face(
                    layout,
                    size.width,
                    size.height,
                    face.as_dict(),
                    name=name,
                    source=face.source,
                    field_sources=dict(face.field_sources),
                )
            return renderer.render(
                face.template,
                size.width,
                size.height,
                face.as_dict(),
                name=name,
                source=face.source,
                field_sources=dict(face.field_sources),
            )
        except DataError as exc:
            problems.extend(exc.problems)
            return None

    fronts: dict[str, PrintedFace | None] = {}
    backs: dict[str, PrintedFace | None] = {}
    common: PrintedFace | None = None
    common_done = False
    out: FacePairs = []
    for card in deck.printed():
        if card.key not in fronts:
            fronts[card.key] = face(card.front, card.name)
            if card.back is not None:
                backs[card.key] = face(card.back, f"{card.name} (back)")
            else:
                if not common_done:
                    common, common_done = face(deck.back, f"{deck.title}: back"), True
                backs[card.key] = common
        front, back = fronts[card.key], backs[card.key]
        if front is not None and back is not None:
            out.append((front, back))
    if problems:
        raise DataError(merged_failures(problems, element_places(layouts.values())))
    return out


def element_places(layouts: Iterable[Layout]) -> frozenset[Location]:
    """Where every element of ``layouts`` is written: a problem said there is the layout's,
    said once for all the faces it draws (:func:`merged_failures`)."""
    return frozenset(
        location_of(element.source) for layout in layouts for element in layout.elements
    )


def merged_failures(
    problems: Sequence[Problem], layout_places: frozenset[Location] = frozenset()
) -> list[Problem]:
    """``problems`` with each distinct problem of a template (at one line, in the same words:
    :func:`~pnpkit.render.templates.error_location.said_at_template`) or of a layout's element
    (at one of ``layout_places``) said once, by its first card (``Bosun (card at …) and 39
    more cards``, ``Bosun and 39 more cards: text``), not once a card."""
    firsts: dict[tuple[Location, str, str, str], int] = {}
    others: dict[int, int] = {}
    out: list[Problem] = []
    for problem in problems:
        in_layout = problem.where in layout_places
        what = problem.field.rpartition(": ")[2] if in_layout else ""
        key = (problem.where, problem.message, problem.allowed, what)
        if not (in_layout or said_at_template(problem)):
            out.append(problem)
        elif key in firsts:
            others[firsts[key]] = others.get(firsts[key], 0) + 1
        else:
            firsts[key] = len(out)
            out.append(problem)
    for index, count in others.items():
        first = out[index]
        cards = f"and {count} more card{'s' if count != 1 else ''}"
        if first.where in layout_places:
            card, _, what = first.field.rpartition(": ")
            more = f"{card} {cards}: {what}"
        else:
            more = f"{first.field} {cards}"
        out[index] = Problem(first.where, more, first.message, first.allowed)
    return out


class Gathered:
    """Faces laid out group by group (a deck, the counters, a reference card) with every
    group's problems kept, so that a kit's faces report each face that cannot be printed, not
    only the first group's: ``cards = gathered(lambda: deck_faces(r, deck), [])``, then
    :meth:`done`."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def __call__(self, make: Callable[[], T], empty: T) -> T:
        """What ``make`` lays out, or ``empty`` after keeping its problems."""
        try:
            return make()
        except DataError as exc:
            self.problems.extend(exc.problems)
            return empty

    def done(self) -> None:
        """Raise one :class:`~pnpkit.errors.DataError` with every problem kept, if any."""
        if self.problems:
            raise DataError(merged_failures(self.problems))
