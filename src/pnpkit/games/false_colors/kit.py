"""The False Colors kit: the "print this kit" page, rulebook, rules card, three tiled charts, the
hex overview, one token sheet per fleet and the play aids, as document plans (:mod:`pnpkit.build.write` writes and
verifies them)."""

from __future__ import annotations

from pnpkit.errors import BuildError
from pnpkit.games.false_colors.aids import play_aids_document
from pnpkit.games.false_colors.charts.draw import COORDINATE_SIZE, MIN_TEXT
from pnpkit.games.false_colors.charts.model import Chart
from pnpkit.games.false_colors.data import FleetKit
from pnpkit.games.false_colors.model import FleetGame
from pnpkit.games.false_colors.random_islands import random_islands_document
from pnpkit.games.false_colors.rulebook import CARD_STYLE, RULEBOOK_STYLE, rule_document
from pnpkit.games.false_colors.tinted import chart_drawing
from pnpkit.games.false_colors.token_sheets import token_document
from pnpkit.layout.document import Document
from pnpkit.layout.overview import fit_one_page, place_one_page
from pnpkit.layout.paper import Paper
from pnpkit.layout.plan import DocumentPlan, Printing, with_colors
from pnpkit.layout.print_guide import with_print_guide
from pnpkit.layout.print_settings import PrintSettings
from pnpkit.layout.tiled_pdf import tiled_document
from pnpkit.layout.tiling import tile
from pnpkit.model.ours import NOTE
from pnpkit.render.colour import hex_rgb
from pnpkit.verify.promises import ColorMember

SUBJECT = "false-colors"

OVERVIEW_TEXT = 1.6
"""The overview prints the hex chart at about 40 %: its words are set larger to stay legible
(at least this much larger, and enough that the storm's words print at 6 pt)."""
OVERVIEW_LINES = 2.0

CHART_SHEETS: dict[str, int] = {"square": 4, "duel": 4, "hex": 6}
"""Sheets each chart should take on Letter (the kit's page counts); the tiler narrows glue
strips to meet them on other paper."""


def documents(kit: FleetKit, laid: None, settings: PrintSettings) -> list[DocumentPlan]:
    """Every document of the kit. (False Colors lays out no faces ahead, ``laid``: its check
    measures its tokens and play aids itself. It has no duplex sheets: the back offset does
    not apply.)"""
    paper = settings.paper
    rules = [
        rule_document(
            filename,
            document,
            game=kit.game,
            charts=kit.charts,
            rules=kit.rules,
            paper=paper,
            style=style,
            subject=SUBJECT,
        )
        for filename, document, style in (
            ("rulebook.pdf", kit.rules.rulebook, RULEBOOK_STYLE),
            ("rules-card.pdf", kit.rules.card, CARD_STYLE),
        )
    ]
    charts = [chart_document(kit.charts[name], paper, game=kit.game) for name in sorted(kit.charts)]
    overview = (
        [overview_document(kit.charts["hex"], paper, kit.game)] if "hex" in kit.charts else []
    )
    plans = [
        *rules,
        *charts,
        *overview,
        with_colors(
            token_document("tokens.pdf", kit.game, paper, subject=SUBJECT),
            what="fleets",
            members=fleet_colors(kit.game),
        ),
        play_aids_document(
            "play-aids.pdf", kit.game, kit.charts, kit.rules, paper, subject=SUBJECT
        ),
        *(
            [
                random_islands_document(
                    "random-islands.pdf", kit.game, kit.charts, kit.rules, paper, subject=SUBJECT
                )
            ]
            if kit.game.map_die
            else []
        ),
    ]
    die = (
        (f"for the Random islands variant: a {kit.game.map_die}-sided die to pick the map",)
        if kit.game.map_die
        else ()
    )
    return with_print_guide(
        plans, title=kit.game.printed_title, subject=SUBJECT, paper=paper, needs=(*NEEDS, *die)
    )


NEEDS = ("a pencil for the captains' logs",)
"""What the game needs besides the kit (the rulebook's "You also need")."""


def fleet_colors(game: FleetGame) -> list[ColorMember]:
    """The fleets' colours (Okabe–Ito, told apart by the colour-blind but not in gray), each with
    the emblem and pattern every token back draws with it."""
    return [
        ColorMember(
            fleet.name,
            hex_rgb(fleet.colour),
            (("emblem", fleet.emblem), ("pattern", fleet.pattern)),
        )
        for fleet in game.fleets
    ]


def chart_title(chart: Chart) -> tuple[str, str]:
    """The title and subtitle printed on every sheet; a dealt chart's seed is in the subtitle,
    and the footnote when the harbors print the mark (their places are our choice)."""
    subtitle = chart.size_text
    if chart.seed is not None:
        subtitle += f", random islands, seed {chart.seed}"
    if chart.ours.mark("harbors"):
        subtitle += f" ({NOTE})"
    return chart.title, subtitle


def chart_document(
    chart: Chart,
    paper: Paper,
    filename: str | None = None,
    *,
    game: FleetGame | None = None,
) -> DocumentPlan:
    """``chart`` tiled at 1:1 over sheets of ``paper`` plus an assembly page (seats tinted like
    ``game``'s fleets)."""
    title, subtitle = chart_title(chart)
    target = CHART_SHEETS.get(chart.name)
    drawing = chart_drawing(chart, game)
    layout = tile(drawing, paper, title=title, subtitle=subtitle, target_sheets=target)
    plan = tiled_document(layout, filename or f"chart-{chart.name}.pdf", subject=SUBJECT)
    return with_colors(plan, what="seats", members=drawing.seat_colors())


def overview_document(chart: Chart, paper: Paper, game: FleetGame | None = None) -> DocumentPlan:
    """The whole chart on one page, scaled down (landscape when that shows it larger); its words
    are set large enough to print at least 6 pt."""
    title, subtitle = chart_title(chart)
    filename = f"chart-{chart.name}-overview.pdf"
    whole = chart_drawing(chart, game)  # the document holds the picture, not the whole game

    def pages(doc: Document) -> None:
        # the words are set larger, enough that a cell's coordinate prints at 6 pt; the storm's
        # and the seats' words are fitted into their cells, none printing under 6 pt
        scale = fit_one_page(whole, paper).scale
        drawing = chart_drawing(
            chart,
            None,
            seat_tints=whole.seat_tints,
            text_scale=max(OVERVIEW_TEXT, MIN_TEXT / (COORDINATE_SIZE * scale)),
            line_weight=OVERVIEW_LINES,
            print_scale=scale,
        )
        placed = place_one_page(drawing, paper, doc, title=f"{title}: overview", subtitle=subtitle)
        if not placed.paper.is_landscape:
            raise BuildError(f"{filename}: the overview came out portrait; expected landscape")

    keep = Printing(then="The whole hex chart on one page, to keep beside the table.")
    plan = DocumentPlan(filename, f"{title}: overview", SUBJECT, pages, keep)
    return with_colors(plan, what="seats", members=whole.seat_colors())
