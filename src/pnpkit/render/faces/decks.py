"""Faces laid out deck by deck and group by group, every problem kept: :func:`deck_faces` lays
out each printed card of a deck (each design once) and reports every face that cannot be
printed at once; :class:`Gathered` keeps the problems of every group of a kit (a deck, the
counters, a reference card); :func:`merged_failures` says each distinct problem of a template
(at one line) once, by its first card."""

from __future__ import annotations

import contextlib
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from pnpkit.errors import DataError, LaterProblems, Location, Problem
from pnpkit.load.face_layouts import LAYOUT
from pnpkit.model.cards import Card, Deck, Face
from pnpkit.model.face_layout import Layout, key_places
from pnpkit.render.face_layout import builtin
from pnpkit.render.face_layout.draw import LayoutPainter
from pnpkit.render.face_layout.face import LayoutFace
from pnpkit.render.faces.face import FacePairs, PrintedFace, SvgFace
from pnpkit.render.faces.renderer import FaceRenderer
from pnpkit.render.templates.error_location import said_at_template
from pnpkit.render.typeset import location_of
from pnpkit.render.vector import convert_ahead
from pnpkit.workers import Later, forked_later, forked_map, parts, processes

T = TypeVar("T")


PART_FACES = 100
"""A deck is laid out in parts, in several processes at once (:func:`pnpkit.workers.forked_map`),
only when each part has at least this many card designs: fewer cost more to hand back than
they save."""


def deck_faces(renderer: FaceRenderer, deck: Deck, *, later: bool = False) -> FacePairs:
    """``(front, back)`` for every printed card of ``deck``; each design is rendered once. A
    face whose template names one of the deck's layouts (``layout:crew``) is laid out from it
    and drawn straight onto the page (:mod:`pnpkit.render.face_layout`). A deck of many designs
    drawn by layouts alone is laid out in parts by the processes the command may use (the same
    faces, in the same order, the same problems). With ``later``, where the command lets
    results come later (:func:`pnpkit.workers.later_allowed`: a build that draws the deck
    here), its cards are :class:`LaidLater` faces, laid out by other processes in chunks while
    this one goes on to draw them (the common back is laid out here)."""
    size = deck.size
    layouts = {layout.name: layout for layout in deck.layouts}
    painter = LayoutPainter(renderer)

    def face(face: Face, name: str) -> tuple[PrintedFace | None, list[Problem]]:
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
                ), []
            return renderer.render(
                face.template,
                size.width,
                size.height,
                face.as_dict(),
                name=name,
                source=face.source,
                field_sources=dict(face.field_sources),
            ), []
        except DataError as exc:
            return None, list(exc.problems)

    def design(card: Card) -> Laid:
        """The card's front and own back (if it has one), each with its problems."""
        front, said = face(card.front, card.name)
        back, back_said = face(card.back, f"{card.name} (back)") if card.back else (None, [])
        return front, said, back, back_said

    first: dict[str, Card] = {}
    for card in deck.printed():  # each design printed, once, where it is first printed
        first.setdefault(card.key, card)
    designs = list(first.values())
    alone = _laid_out_alone(deck)
    chunks = _chunks(len(designs)) if alone and later else []
    shared_back = any(card.back is None for card in designs)

    def common_back() -> tuple[PrintedFace | None, list[Problem]]:
        return face(deck.back, f"{deck.title}: back") if shared_back else (None, [])

    rest = None
    if len(chunks) > 1:

        def chunk(k: int) -> list[Laid]:
            laid = [design(designs[i]) for i in chunks[k]]
            # the art the drawing process needs first, converted and kept for it
            common = [common_back()[0]] if k == 0 else []
            _convert_ahead([f for front, _, back, _ in laid for f in (front, back)] + common)
            return laid

        rest = forked_later(chunk, len(chunks))
    if rest is not None:  # this process goes on to draw as soon as it can
        common_laid = common_back()
        if not common_laid[1]:
            stream = _Stream(rest, chunks, lambda d: design(designs[d]))
            return _pairs_later(deck, designs, common_laid[0], stream)
        laid = [each for k in range(len(rest)) for each in rest.get(k)]  # as if laid here
        rest.settle()
    else:
        pieces = _parts(len(designs)) if alone else [range(len(designs))]
        laid = [
            each
            for part in forked_map(lambda k: [design(designs[i]) for i in pieces[k]], len(pieces))
            for each in part
        ]
    problems: list[Problem] = []
    common: PrintedFace | None = None
    common_done = False
    pairs: dict[str, tuple[PrintedFace | None, PrintedFace | None]] = {}
    for card, (front, said, back, back_said) in zip(designs, laid, strict=True):
        problems += said + back_said
        if card.back is None:
            if not common_done:
                common, common_said = face(deck.back, f"{deck.title}: back")
                common_done = True
                problems += common_said
            back = common
        pairs[card.key] = (front, back)
    out: FacePairs = []
    for card in deck.printed():
        front, back = pairs[card.key]
        if front is not None and back is not None:
            out.append((front, back))
    if problems:
        merged = merged_failures(problems, element_places(layouts.values()), deck_noun(deck))
        raise DataError(merged)
    return out


def deck_noun(deck: Deck) -> str:
    """What ``deck`` holds, as its problems name them: ``token`` for a token set's faces laid
    out as a deck (its ``token_shape`` set), else ``card``."""
    return "token" if deck.token_shape else "card"


Laid = tuple[PrintedFace | None, list[Problem], PrintedFace | None, list[Problem]]
"""A card design laid out: its front and its own back (if it has one), each with its problems."""


class _Stream:
    """The card designs of a deck laid out by other processes (``rest``, chunk by chunk in
    ``chunks``), each taken when first wanted; in a process forked from this one since, laid
    out there by ``design``."""

    def __init__(
        self, rest: Later[list[Laid]], chunks: list[range], design: Callable[[int], Laid]
    ) -> None:
        self.rest = rest
        self.chunks = chunks
        self.design = design
        self.starts = [chunk.start for chunk in chunks]

    def laid(self, index: int) -> Laid:
        """Design ``index`` laid out; :class:`LaterProblems` if it cannot be printed."""
        if self.rest.here:
            k = bisect_right(self.starts, index) - 1
            laid = self.rest.get(k)[index - self.chunks[k].start]
        else:
            laid = self.design(index)
        _, said, _, back_said = laid
        if said or back_said:
            raise LaterProblems(said + back_said)
        return laid


class LaidLater:
    """A face another process is laying out (:func:`deck_faces` with ``later``): its size is
    known now; the face itself is taken when it is first drawn or asked anything else."""

    __slots__ = ("_back", "_design", "_stream", "height", "width")

    def __init__(self, width: float, height: float, stream: _Stream, design: int, back: bool):
        self.width = width
        self.height = height
        self._stream = stream
        self._design = design
        self._back = back

    def face(self) -> PrintedFace:
        """The face, laid out (waiting for it if it is not yet)."""
        front, _, back, _ = self._stream.laid(self._design)
        face = back if self._back else front
        assert face is not None  # a design without problems has both
        return face

    @property
    def name(self) -> str:
        return self.face().name

    @property
    def where(self) -> Location:
        return self.face().where

    def draw(self, canvas: Any) -> None:
        self.face().draw(canvas)

    def words(self) -> str:
        return self.face().words()

    def __fingerprint__(self) -> str:
        return self.face().__fingerprint__()

    def __getattr__(self, name: str) -> Any:  # what else a face of its kind has
        return getattr(self.face(), name)


def _convert_ahead(faces: list[PrintedFace | None]) -> None:
    """Convert the SVG art of ``faces`` (an emblem of a layout, a template's face) as drawing
    them will, so that it is kept (:mod:`pnpkit.render.svg.drawings`): in a process laying out
    faces while another draws them (:func:`pnpkit.workers.forked_later`), which then finds it
    there and never loads svglib."""
    for face in faces:
        # only work kept for later: art that cannot be converted is said where it is drawn
        with contextlib.suppress(Exception):
            if isinstance(face, LayoutFace):
                convert_ahead(face.items)
            elif isinstance(face, SvgFace):
                face.drawing()


def laid_later(faces: Iterable[tuple[object, object]]) -> bool:
    """Whether any of ``faces`` is still being laid out by other processes (:class:`LaidLater`):
    what draws them must then be this process."""
    return any(isinstance(face, LaidLater) for pair in faces for face in pair)


def _pairs_later(
    deck: Deck, designs: list[Card], common: PrintedFace | None, stream: _Stream
) -> FacePairs:
    """The deck's pairs: each design's faces :class:`LaidLater`, the common back (``common``,
    laid out here) shared."""
    size = deck.size
    pairs: dict[str, tuple[PrintedFace, PrintedFace]] = {}
    for index, card in enumerate(designs):
        front = LaidLater(size.width, size.height, stream, index, back=False)
        own = LaidLater(size.width, size.height, stream, index, back=True) if card.back else None
        back = own if card.back is not None else common
        assert back is not None
        pairs[card.key] = (front, back)
    return [pairs[card.key] for card in deck.printed()]


CHUNK_FACES = 100
"""A deck laid out while it is drawn (:func:`deck_faces` with ``later``) is laid out by other
processes in chunks of this many designs, in order, after a first of :data:`FIRST_FACES`."""
FIRST_FACES = 20
"""The designs of a deck's first chunk laid out later: a couple of sheets, soon there to draw
(with it come the art conversions, svglib's loading among them: the drawing waited 0.09-0.13 s
for a first chunk of 100)."""


def _chunks(designs: int) -> list[range]:
    """The indexes of ``designs`` card designs in a first chunk of :data:`FIRST_FACES`, then
    chunks of about :data:`CHUNK_FACES`, in order; one chunk when there are fewer than two
    chunks' worth."""
    if designs < 2 * CHUNK_FACES:
        return [range(designs)]
    rest = parts(designs - FIRST_FACES, (designs - FIRST_FACES) // CHUNK_FACES, CHUNK_FACES)
    return [range(FIRST_FACES), *(range(r.start + FIRST_FACES, r.stop + FIRST_FACES) for r in rest)]


def _laid_out_alone(deck: Deck) -> bool:
    """Whether every card's own faces are drawn by layouts (a face from an SVG template keeps
    the drawing its renderer read, which is not handed between processes; the common back is
    laid out here)."""
    faces = [face for card in deck.cards for face in (card.front, card.back) if face is not None]
    return all(face.template.startswith(LAYOUT) for face in faces)


def _parts(designs: int) -> list[range]:
    """The indexes of ``designs`` card designs in one part per process the command may use
    (:func:`pnpkit.workers.processes`), each of at least :data:`PART_FACES`; in order."""
    return parts(designs, processes(), PART_FACES)


def element_places(layouts: Iterable[Layout]) -> frozenset[Location]:
    """Where every element of ``layouts`` and each of its keys is written: a problem said there
    is the layout's, said once for all the faces it draws (:func:`merged_failures`)."""
    return frozenset(
        place
        for layout in layouts
        for element in layout.elements
        for place in (location_of(element.source), *key_places(element))
    )


def merged_failures(
    problems: Sequence[Problem],
    layout_places: frozenset[Location] = frozenset(),
    noun: str = "card",
) -> list[Problem]:
    """``problems`` with each distinct problem of a template (at one line, in the same words:
    :func:`~pnpkit.render.templates.error_location.said_at_template`) or of a layout's element
    (at one of ``layout_places``) said once, by its first card (``Bosun (card at …) and 39
    more cards``, ``Bosun and 39 more cards: text``), not once a card; ``noun`` names what the
    faces are of in the count (``card``, ``token``: :func:`deck_noun`; ``One and 1 more
    token``)."""
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
        cards = f"and {count} more {noun}{'s' if count != 1 else ''}"
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
