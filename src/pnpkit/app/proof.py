"""``pnpkit proof GAME [DECK]``: every card face at 100 %, with its trim, bleed and safe zone.

``output/<game>/proofs/``:

- ``<deck>-proof.pdf`` — each card design's front and then its back, at 100 %, as many a page
  as fit (:func:`pnpkit.layout.proof.proof_pages`): the art carried into the bleed, a solid
  trim line, a dashed bleed edge, a dotted safe zone
  (:data:`~pnpkit.layout.proof.SAFE_ZONE` inside the trim), each face's card name, key and side
  under it, and the legend and the calibration ruler on every page. Written by the one writer
  (:func:`pnpkit.build.write.write_documents`), so it is read back and verified like every
  PDF: PrintScaling None, nothing in the 0.25 in margin, no text under 6 pt, the ruler measured.
- ``<deck>/<NN>-<key>-front.png`` and ``-back.png`` — each face with its bleed and the same
  lines, at 300 dpi (:data:`~pnpkit.app.export_printshop.DPI`): a poker card with the 1/8 in
  bleed is exactly 825 × 1125 px. Named by the one rule of the exports
  (:func:`~pnpkit.app.export_decks.picture_name`: ``NN`` the design's place among the deck's
  designs, copies counted once, ``<key>`` the card's key as a file name), so a proof's
  picture and the print shop's of the same face match; a single-sided token has no back. The
  same data gives the same bytes.

A token set's faces (a deck whose ``token_shape`` is the set's shape,
:func:`~pnpkit.games.cardgame.tokens.token_decks`) are proved in their shapes
(:func:`~pnpkit.games.cardgame.tokens.proof_outline`): round and hex faces with a circle or hex for each line, the art clipped to the bleed edge; a tent's top
edge drawn as its fold; a standee with its base tab below the figure, the trim and bleed round
both and a fold between them (:class:`~pnpkit.layout.proof.Outline` says each precisely).

The bleed is the print settings' (``--bleed``, ``PNPKIT_BLEED``, ``bleed`` in ``pnpkit.toml``)
when they ask for one, else the print shops' 1/8 in (:data:`~pnpkit.layout.duplex.DEFAULT_BLEED`):
a proof always shows one. The ``proofs/`` folder is published as an export's folder is
(:func:`~pnpkit.build.staging.staged_folder`): a proof that fails leaves the previous proofs as
they were; the proofs of decks not proved this time stay.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Literal

from pnpkit.app.export import keep_unless_stale
from pnpkit.app.export_decks import RenderedDeck, decks_of, designs, picture_name, render_deck
from pnpkit.app.export_printshop import DPI, bleed_document, draw_bled, pictures_written
from pnpkit.app.prune import record
from pnpkit.app.raster import png_bytes, render_pages
from pnpkit.build.context import BuildContext
from pnpkit.build.staging import final_path, staged_folder
from pnpkit.build.write import write_documents
from pnpkit.errors import UsageError
from pnpkit.games.cardgame.tokens import proof_outline
from pnpkit.layout.document import Document
from pnpkit.layout.duplex import DEFAULT_BLEED
from pnpkit.layout.geometry import Rect
from pnpkit.layout.paper import Paper
from pnpkit.layout.plan import DocumentPlan
from pnpkit.layout.print_settings import PrintSettings
from pnpkit.layout.proof import RECT, Outline, ProofFace, draw_proof_face, proof_lines, proof_pages
from pnpkit.model.cards import Deck
from pnpkit.render.faces.face import PrintedFace

FOLDER = "proofs"
"""The proofs' folder in the game's output folder."""
SIDES: tuple[Literal["front"], Literal["back"]] = ("front", "back")


@dataclass(frozen=True, slots=True)
class ProofSide:
    """One face a proof shows: its picture's file name (no folder), side and caption, and how
    it is cut out."""

    name: str
    face: PrintedFace
    caption: str
    outline: Outline = RECT


def proof_bleed(settings: PrintSettings) -> float:
    """The bleed a proof shows: the print settings' when they ask for one, else 1/8 in."""
    bleed = settings.imposition.bleed
    return bleed if bleed > 0 else DEFAULT_BLEED


def chosen_decks(game: str, decks: list[Deck], asked: str | None) -> list[Deck]:
    """Every deck, or the one named ``asked``: an unknown name is a usage error with a
    did-you-mean and the decks there."""
    if asked is None:
        return decks
    keys = [deck.key for deck in decks]
    for deck in decks:
        if deck.key == asked:
            return [deck]
    close = difflib.get_close_matches(asked, keys, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise UsageError(f"{game} has no deck {asked!r}{hint} (decks: {', '.join(keys)})")


def sides(deck: RenderedDeck) -> list[ProofSide]:
    """Each card design of ``deck`` once, in deck order: its front, then its back (none for a
    single-sided token), each picture named as the exports name it
    (:func:`~pnpkit.app.export_decks.picture_name`)."""
    out: list[ProofSide] = []
    outline = proof_outline(deck.deck.token_shape)
    for design in designs(deck):
        printed = design.printed
        card = printed.card
        faces = {"front": printed.front, "back": printed.back}
        for side in SIDES if design.back != "none" else SIDES[:1]:
            name = picture_name(design.number, card.key, side)
            caption = f"{design.number:02d} {card.name} ({card.key}) · {side}"
            out.append(ProofSide(name, faces[side], caption, outline))
    return out


def draw_proof_page(
    bleed: float, doc: Document, face: PrintedFace, outline: Outline = RECT
) -> None:
    """One face on a page of its own size (a standee's with its base tab) plus ``bleed``, with
    the proof's lines following ``outline`` (a PNG's)."""
    if outline == RECT:
        draw_bled(doc, face, bleed)
        proof_lines(doc.canvas, Rect.of(bleed, bleed, face.width, face.height), bleed)
        return
    width, height = outline.extent(face.width, face.height)
    paper = Paper("face with bleed", width + 2 * bleed, height + 2 * bleed)
    doc.allow_size(paper.width, paper.height)
    doc.start_page(paper)
    trim = Rect.of(bleed, bleed + height - face.height, face.width, face.height)
    draw_proof_face(doc.canvas, doc.form(face), trim, bleed, outline)


def proof_plan(
    deck: RenderedDeck, shown: list[ProofSide], paper: Paper, bleed: float, subject: str
) -> DocumentPlan:
    """The deck's proof sheet as a document to write."""
    title = f"{deck.deck.title}: proof"
    faces = [ProofFace(side.face, side.caption) for side in shown]
    outline = shown[0].outline if shown else RECT

    def pages(doc: Document) -> object:
        return proof_pages(doc, title, faces, paper, bleed, outline)

    return DocumentPlan(f"{deck.deck.key}-proof.pdf", title, subject, pages)


def prove_deck(
    deck: RenderedDeck,
    stage: Path,
    published: Path,
    settings: PrintSettings,
    *,
    subject: str = "",
    jobs: int = 1,
) -> list[Path]:
    """Write ``deck``'s proof sheet and pictures into ``stage`` (a staging folder that will be
    ``published``); returns them."""
    bleed = proof_bleed(settings)
    shown = sides(deck)
    folder = stage / deck.deck.key
    folder.mkdir(parents=True, exist_ok=True)
    targets = [folder / side.name for side in shown]
    draw = partial(draw_proof_page, bleed, outline=proof_outline(deck.deck.token_shape))
    plan = proof_plan(deck, shown, settings.paper, bleed, subject)
    with pictures_written([side.face for side in shown], targets, jobs, draw):
        context = BuildContext(published=published)
        write_documents(stage, [plan], context)
    return [stage / plan.filename, *targets]


def proof_game(
    game: str,
    data_dir: Path,
    out_dir: Path,
    settings: PrintSettings,
    deck: str | None = None,
    report: Callable[[str, list[Path]], None] | None = None,
    jobs: int = 1,
) -> list[Path]:
    """Prove every deck of ``game`` (or the one named ``deck``) into
    ``out_dir/<game>/proofs/``, published whole; returns the files written. ``report`` hears
    each deck's key and files once they are published."""
    game_dir = data_dir / game
    decks, renderer = decks_of(game, game_dir, doing="proof")
    chosen = chosen_decks(game, decks, deck)
    rendered = [render_deck(renderer, d) for d in chosen]  # a bad face: nothing is made
    kit = out_dir / game
    folder = kit / FOLDER
    keys = {d.key for d in chosen}
    written: dict[str, list[Path]] = {}
    with staged_folder(folder, keep_unless_stale(kit, folder, keys)) as stage:
        published = folder.resolve()
        for each in rendered:
            written[each.deck.key] = prove_deck(
                each, stage, published, settings, subject=game, jobs=jobs
            )
        record(
            kit, {final_path(p, stage, published): p for paths in written.values() for p in paths}
        )
    final = {
        key: [final_path(p, stage, published) for p in paths] for key, paths in written.items()
    }
    if report is not None:
        for key, paths in final.items():
            report(key, paths)
    return [path for paths in final.values() for path in paths]


def face_picture(
    face: PrintedFace, bleed: float, dpi: float = DPI, outline: Outline = RECT
) -> bytes:
    """One face with its bleed and the proof's lines (following ``outline``) as PNG bytes at
    ``dpi`` (what ``pnpkit serve`` shows of a card, drawn when it is asked for)."""
    buffer, doc = bleed_document("proof picture", "")
    draw_proof_page(bleed, doc, face, outline)
    doc.save()
    picture = next(render_pages(buffer.getvalue(), dpi))
    try:
        return png_bytes(picture, dpi)
    finally:
        picture.close()


def game_sides(game: str, game_dir: Path) -> list[tuple[RenderedDeck, list[ProofSide]]]:
    """Every deck of ``game`` with the faces its proof shows (none for a game without cards):
    read and checked as a build reads them."""
    try:
        decks, renderer = decks_of(game, game_dir, doing="proof")
    except UsageError:  # no decks
        return []
    rendered = [render_deck(renderer, deck) for deck in decks]
    return [(deck, sides(deck)) for deck in rendered]
