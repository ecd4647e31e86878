"""The "print this kit" page every kit opens with: ``print-this-kit.pdf``.

One page, read from the kit's own list of :class:`~pnpkit.layout.plan.DocumentPlan` values and
each plan's :class:`~pnpkit.layout.plan.Printing` (its duplex mode, paper, what to do with the
sheets, how many copies), so it says what the kit holds and never drifts from it: the paper,
printing at 100 % ("Actual size", not "Fit to page"), double-sided files flipped on the long
edge after the duplex calibration page, one row a file, what the player needs to make the kit
(glue when any file says to glue) and what else the game needs (the kit's ``needs``). Every
kit adds it with :func:`with_print_guide`::

    return with_print_guide(plans, title=game.title, subject=subject, paper=paper,
                            needs=("Six-sided dice",))
"""

from __future__ import annotations

from collections.abc import Sequence

from pnpkit.errors import BuildError
from pnpkit.layout.cards import CALIBRATION_FILE
from pnpkit.layout.document import Document
from pnpkit.layout.duplex import Duplex
from pnpkit.layout.flow import Block, Cell, FlowStyle, Grid, Heading, Items, Para, flow
from pnpkit.layout.marks import CALIBRATION_HEIGHT, calibration
from pnpkit.layout.paper import MARGIN, Paper
from pnpkit.layout.plan import DocumentPlan
from pnpkit.layout.rules import decorator
from pnpkit.model.ours import MARK, NOTE

GUIDE_FILE = "print-this-kit.pdf"

STYLE = FlowStyle(
    body=9.0,
    leading=11.4,
    h1=11.5,
    h2=10.0,
    columns=1,
    footer=CALIBRATION_HEIGHT + 10.0,
    balance=False,
)
"""One column; the foot leaves room for the calibration ruler."""

SIDES = {
    Duplex.LONG: "**double-sided**, long-edge flip",
    Duplex.NONE: "single-sided",
    Duplex.FOLD: "single-sided, folded over",
}
"""How the files table says each duplex mode."""

PAPER_NAMES = {"letter": "Letter (8.5 × 11 in)", "a4": "A4 (210 × 297 mm)"}

NOTHING_ELSE = "Nothing else: every piece the game uses is in these files."


def with_print_guide(
    plans: Sequence[DocumentPlan],
    *,
    title: str,
    subject: str,
    paper: Paper,
    needs: Sequence[str] | None = None,
) -> list[DocumentPlan]:
    """``plans`` with the kit's "print this kit" page first (:func:`guide_blocks`); ``needs``:
    what the game needs besides the kit (dice), each a phrase (none: nothing else; None: the
    kit does not know, as for a designer's card game). ``title`` is printed as given;
    the document's metadata keeps it without :data:`~pnpkit.model.ours.MARK`."""
    marked = MARK in title or any(MARK in need for need in needs or ())
    blocks = guide_blocks(plans, paper, needs, note=marked)
    heading = f"{title}: print this kit"
    return [
        DocumentPlan(
            GUIDE_FILE,
            heading.replace(MARK, ""),
            subject,
            lambda doc: write_guide(doc, blocks, heading, paper),
        ),
        *plans,
    ]


def guide_blocks(
    plans: Sequence[DocumentPlan],
    paper: Paper,
    needs: Sequence[str] | None = (),
    *,
    note: bool = False,
) -> list[Block]:
    """What the page says of the kit ``plans`` printed on ``paper``: the settings, a row a
    file, what to make it with and what else to play with (``note``: and the our-choice
    footnote)."""
    printings = [plan.printing for plan in plans]
    names = [plan.filename for plan in plans]
    paper_name = PAPER_NAMES.get(paper.name, paper.name)
    card = any(p.card for p in printings)
    settings = [
        f"**Paper:** {paper_name}"
        + (
            ", card stock (160–250 g/m², 60–90 lb cover) where the table says card, plain "
            "paper for the rest."
            if card
            else ", plain paper."
        ),
        "**Scale: 100 %.** In the print dialog choose *Actual size* (or *100 %*); never *Fit "
        "to page*, *Shrink to fit* or *Fit to printable area*. The ruler at the foot of this "
        "page then measures 1 inch and 5 cm exactly; check it on your first sheet.",
    ]
    if any(p.duplex is Duplex.LONG for p in printings):
        first = (
            f" Print {CALIBRATION_FILE} first and set your printer as it says, so the backs "
            "land behind their fronts."
            if CALIBRATION_FILE in names
            else ""
        )
        settings.append(
            "**Double-sided** files print on both sides of each sheet, **flipping on the long "
            f"edge** (not the short edge).{first}"
        )
    if any(p.duplex is Duplex.FOLD for p in printings):
        settings.append(
            "**Folded-over** files print single-sided: fronts left of the dashed line, backs "
            "right of it."
        )
    head = tuple(
        Cell(word, bold=True, shade="#e8eef4") for word in ("File", "Print", "Copies", "Then")
    )
    rows = [head] + [
        (
            Cell(plan.filename, bold=True),
            Cell(
                f"{SIDES[plan.printing.duplex]}, "
                f"{'card stock' if plan.printing.card else 'plain paper'}"
            ),
            Cell(str(plan.printing.copies)),
            Cell(plan.printing.then),
        )
        for plan in plans
    ]
    glue = any("glue" in p.then.lower() for p in printings)
    tools = "scissors or a craft knife with a metal ruler" + (", and a glue stick" if glue else "")
    play = "; ".join(need.rstrip(". ") for need in needs) + "." if needs else NOTHING_ELSE
    playing = () if needs is None else (f"**To play:** {play}",)
    blocks: list[Block] = [
        Heading("Print settings"),
        Items(tuple(settings)),
        Heading("The files, and what to do with each"),
        Grid(tuple(rows), widths=(0.24, 0.27, 0.06, 0.43), size=8.0),
        Heading("You also need"),
        Items((f"**To make the kit:** {tools}.", *playing)),
    ]
    if note:
        blocks.append(Para(f"*{NOTE}*"))
    return blocks


def write_guide(doc: Document, blocks: Sequence[Block], title: str, paper: Paper) -> None:
    """The page: ``blocks`` flowed in one column under the running head, the calibration ruler
    at its foot (a BuildError if the words need more than the page)."""
    sheet = paper.portrait()
    subtitle = "read this page first"
    result = flow(doc, sheet, blocks, STYLE, decorator(sheet, title, subtitle, 1), most=1)
    if result.overflow:
        raise BuildError(f"{GUIDE_FILE}: the kit's files do not fit on one {paper.name} page")
    calibration(doc.canvas, MARGIN, MARGIN, doc)
