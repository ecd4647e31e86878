"""Counters (round or square tokens): one side rendered from its template, with its pattern
(:mod:`pnpkit.render.emblems`) clipped to the counter's shape."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from pnpkit.model.cards import Counter, Face
from pnpkit.render.emblems import pattern_svg
from pnpkit.render.faces.decks import Gathered
from pnpkit.render.faces.face import FacePairs, SvgFace
from pnpkit.render.faces.renderer import FaceRenderer


def counter_context(counter: Counter, face: Face) -> dict[str, object]:
    """What a counter template sees: its fields, ``shape``, ``size`` and ``name``."""
    fields = face.as_dict()
    context: dict[str, object] = {"name": counter.name, "shape": counter.shape.value, **fields}
    pattern = fields.get("pattern")
    if isinstance(pattern, str):
        ink = str(fields.get("ink", "#000000"))
        paper = str(fields.get("colour", "#ffffff"))
        context["pattern_svg"] = pattern_svg(pattern, counter.shape, counter.size, ink, paper)
    return context


def render_counter(renderer: FaceRenderer, counter: Counter, back: bool = False) -> SvgFace:
    """One side of a counter as a drawable of its size."""
    face = counter.back if back else counter.front
    return renderer.render(
        face.template,
        counter.size,
        counter.size,
        counter_context(counter, face),
        name=f"{counter.name} ({'back' if back else 'front'})",
        source=face.source,
    )


def counter_faces(renderer: FaceRenderer, counters: Sequence[Counter]) -> FacePairs:
    """``(front, back)`` for every printed counter; each design is rendered once. One
    DataError reports every side of every counter that cannot be printed."""
    gathered = Gathered()
    out: FacePairs = []
    for counter in counters:
        front = gathered(partial(render_counter, renderer, counter), None)
        back = (
            front
            if counter.back == counter.front
            else gathered(partial(render_counter, renderer, counter, True), None)
        )
        if front is not None and back is not None:
            out += [(front, back)] * counter.qty
    gathered.done()
    return out
