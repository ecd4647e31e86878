"""Where the play aids go on the page, by plain arithmetic (no drawing library): the aids of the
first page flow down the page and on to the next when one does not fit, the captain's log
splits its rounds over as many pages as its lines need, and the order slips, a slip a round,
fill as many pages as they take. :mod:`pnpkit.games.false_colors.aids`
draws from this plan and ``pnpkit check`` runs :func:`aid_problems` on it, on every paper, so
the play aids that pass ``check`` print."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pnpkit.errors import DataError, Location, Problem
from pnpkit.games.false_colors.charts.model import Chart
from pnpkit.games.false_colors.model import FleetGame
from pnpkit.games.false_colors.rule_text import AID_NUMBERS, AID_PHRASES, RuleText
from pnpkit.games.false_colors.tracks import (
    FleetMark,
    FormationGrid,
    HexFormation,
    Markers,
    OrderSlips,
    QuietTrack,
    RoundTrack,
    ScoreTrack,
    SunkTally,
    WindRose,
)
from pnpkit.layout.marks import CALIBRATION_HEIGHT
from pnpkit.layout.paper import MARGIN, PAPERS, Paper
from pnpkit.model.ours import MARK, plain
from pnpkit.model.violation import Violation
from pnpkit.render import fonts
from pnpkit.render.typeset import wrap_lines

INSET = 1.5
"""Boxes keep this far inside the margin (their strokes have width)."""
GAP = 16.0
"""Space between one aid and the next heading."""
TITLE_DROP = 13.0
"""From the top of an aid to its title's baseline."""
NOTE_SIZE = 8.5
NOTE_LEADING = 10.5
ROSE_SIZE = 118.0
ROSE_RISE = 6.0
"""The wind rose stands this far above its title's baseline."""
FLOOR_GAP = 8.0
"""Space kept above the calibration mark at the foot of a page."""
LOG_LINE = 26.0
"""The captain's log's line height when the page has room for it."""
LOG_MIN_LINE = 14.0
"""The least line height of the captain's log (its 8.5 pt numbers in a box that holds them):
rounds past what a page holds at this height go on to another page."""
QUIET_BOX = 40.0
QUIET_ROW = 7
"""The quiet-rounds track, beside its note: boxes this wide, this many a row (0 to 6)."""
SLIP_COLUMNS = 3
"""Order slips a row."""


def heading_height(note: str, width: float) -> float:
    """The height a title and its note, wrapped to ``width``, take from the title's baseline."""
    return 12.0 + NOTE_LEADING * len(wrap_lines(note, fonts.REGULAR, NOTE_SIZE, width)) + 4.0


def page_width(paper: Paper) -> float:
    """The width the aids are drawn across."""
    return paper.width - 2 * (MARGIN + INSET)


def page_top(paper: Paper) -> float:
    """The baseline of a page's first title."""
    return paper.height - MARGIN - TITLE_DROP


FLOOR = MARGIN + CALIBRATION_HEIGHT + FLOOR_GAP
"""Nothing of an aid goes below this (the calibration mark and the footnote are under it)."""


class Drawing(Protocol):
    @property
    def width(self) -> float: ...

    @property
    def height(self) -> float: ...

    def draw(self, canvas: Any) -> None: ...


@dataclass(frozen=True, slots=True)
class Sizing:
    """The field of the data that sets an aid's size: where it is written, its name, its
    value, the least value allowed, and the drawing the aid would be for another value."""

    where: Location
    field: str
    value: int
    least: int
    most: int
    """The most the field's reader allows (the search for what fits stops there)."""
    make: Callable[[int], Drawing]
    note: str = ""
    """What else the drawing's size depends on, said when no value fits."""


@dataclass(frozen=True, slots=True)
class Aid:
    """One aid: its title, its note and its drawing, under them or (``beside``) at their right;
    ``size`` is the field of the data that sets the drawing's size (for a message when it
    cannot fit)."""

    title: str
    note: str
    item: Drawing
    size: Sizing | None = None
    beside: bool = False

    def with_item(self, item: Drawing) -> Aid:
        return Aid(self.title, self.note, item, self.size, self.beside)

    def note_width(self, width: float) -> float:
        return width - self.item.width - 12.0 if self.beside else width

    def depth(self, width: float) -> float:
        """How far below its title's baseline the aid reaches."""
        text = heading_height(self.note, self.note_width(width))
        if self.beside:
            return max(text, self.item.height - ROSE_RISE)
        return text + self.item.height

    def advance(self, width: float) -> float:
        """How far the next title's baseline is below this one."""
        if self.beside:
            return max(self.item.height, self.depth(width)) + GAP
        return self.depth(width) + GAP + TITLE_DROP


def page_room(paper: Paper) -> float:
    """The depth an aid at the top of a page may reach."""
    return page_top(paper) - FLOOR


def flow(aids: Sequence[Aid], paper: Paper) -> list[list[Aid]]:
    """The aids page by page: each on the page it fits on, in order; an aid too deep for any page
    stands alone on its own (:func:`aid_problems` refuses it)."""
    width = page_width(paper)
    pages: list[list[Aid]] = [[]]
    y = page_top(paper)
    for aid in aids:
        if pages[-1] and y - aid.depth(width) < FLOOR:
            pages.append([])
            y = page_top(paper)
        pages[-1].append(aid)
        y -= aid.advance(width)
    return pages


def quiet_note(game: FleetGame, say: Callable[[str], str]) -> str:
    """The quiet rounds track's note: what counts as a quiet round and, in a game with a
    truce, that the truce never does (``aids.quiet_truce``)."""
    note = say("quiet_note")
    return f"{note} {say('quiet_truce')}" if game.truce_rounds else note


def first_page_aids(
    game: FleetGame,
    charts: Mapping[str, Chart],
    rules: RuleText,
    say: Callable[[str], str],
    paper: Paper,
) -> list[Aid]:
    """The aids of the play aids' first page(s), drawn ``page_width(paper)`` wide, each with
    the field that sets its size."""
    usable = page_width(paper)
    wind = aid_numbers(rules, AID_NUMBERS[0])
    score_top = aid_number(rules, AID_NUMBERS[1])
    storm = storm_rounds(charts)
    marks = tuple(
        FleetMark(i, fleet.colour, fleet.ink, fleet.emblem)
        for i, fleet in enumerate(game.fleets, start=1)
    )
    names = tuple(f"{i} {fleet.label}" for i, fleet in enumerate(game.fleets, start=1))
    ships = tuple((ship.key, ship.count) for ship in game.roster)

    def round_track(rounds: int) -> RoundTrack:
        return RoundTrack(
            rounds, storm, game.truce_rounds, box=usable / 12, per_row=12, wind_rounds=wind
        )

    def quiet_track(top: int) -> QuietTrack:
        return QuietTrack(top, box=QUIET_BOX, per_row=QUIET_ROW, last_words=say("quiet_last"))

    def score_track(top: int) -> ScoreTrack:
        return ScoreTrack(top, usable / 20, 20)

    def tally(count: int) -> SunkTally:
        own = ships if count == game.fleet_size else (("0", count),)
        return SunkTally(names, own, usable, row=24.0, name_column=118.0)

    score_field = f"numbers.{AID_NUMBERS[1]}"
    aids = [
        Aid(
            say("round_track"),
            say("round_note"),
            round_track(game.rounds),
            Sizing(game.where.of("rounds"), "rounds", game.rounds, 1, 99, round_track),
        ),
        Aid(
            say("quiet_track"),
            quiet_note(game, say),
            quiet_track(game.stalling_rounds),
            Sizing(
                game.where.of("stalling_rounds"),
                "stalling_rounds",
                game.stalling_rounds,
                1,
                99,
                quiet_track,
            ),
            beside=True,
        ),
        Aid(
            say("markers"),
            say("markers_note"),
            Markers(
                marks,
                round_words=say("round_marker"),
                wind_words=say("wind_marker"),
                quiet_words=say("quiet_marker"),
            ),
        ),
        Aid(
            say("score_track"),
            say("score_note"),
            score_track(score_top),
            Sizing(
                rules.where.of("numbers", AID_NUMBERS[1]),
                score_field,
                score_top,
                1,
                999,
                score_track,
            ),
        ),
        Aid(
            say("ships_lost"),
            say("ships_lost_note"),
            tally(game.fleet_size),
            Sizing(
                game.where.of("fleet_size"),
                "fleet_size",
                game.fleet_size,
                1,
                99,
                tally,
                f" with {len(game.fleets)} fleets",
            ),
        ),
    ]
    if game.formation:
        grid = FormationGrid(
            game.formation_rows,
            front_words=say("formation_front"),
            back_words=say("formation_back"),
        )
        aids.append(Aid(say("formation"), say("formation_note"), grid, beside=True))
    if game.hex_formation and "hex" in charts:
        hexes = HexFormation(
            game.hex_formation_rows,
            front_words=say("formation_front"),
            back_words=say("hex_formation_corner"),
        )
        aids.append(Aid(say("hex_formation"), say("hex_formation_note"), hexes, beside=True))
    if "hex" in charts:
        rose = WindRose(tuple(f"{s.index + 1} {s.name}" for s in charts["hex"].seats), ROSE_SIZE)
        aids.append(Aid(say("wind_rose"), say("wind_note"), rose, beside=True))
    return aids


def storm_rounds(charts: Mapping[str, Chart]) -> tuple[int, ...]:
    """The rounds after which the storm closes (every chart shares them)."""
    return next(iter(sorted({chart.storm_rounds for chart in charts.values()})))


def aid_numbers(rules: RuleText, key: str) -> tuple[int, ...]:
    """``rules.yaml``'s number (or list of numbers) ``key``, mark or not; a DataError at the
    field if it is missing or not numbers."""
    value = plain(rules.numbers.get(key))
    if isinstance(value, int):
        return (value,)
    if isinstance(value, tuple):
        return value
    where = rules.where.of("numbers", key)
    raise DataError([Problem(where, f"numbers.{key}", "the play aids need a number here")])


def aid_number(rules: RuleText, key: str) -> int:
    """``rules.yaml``'s one number ``key`` (a list of one number is let be); a DataError at
    the field if it is missing, not a number, or several."""
    found = aid_numbers(rules, key)
    if len(found) != 1:
        where = rules.where.of("numbers", key)
        said = "none" if not found else f"{len(found)} numbers"
        raise DataError(
            [Problem(where, f"numbers.{key}", f"the play aids need one number here, not {said}")]
        )
    return found[0]


@dataclass(frozen=True, slots=True)
class LogPage:
    """One page of the captain's log: rounds ``first``…``last``, lines ``line`` tall, the
    end-of-game line on the last page only."""

    first: int
    last: int
    line: float
    final: bool


def log_pages(rounds: int, note: str, paper: Paper) -> list[LogPage]:
    """The captain's log, page by page: all rounds on one page while its lines keep
    :data:`LOG_MIN_LINE`, else the rounds shared evenly over as few pages as hold them."""
    room = log_room(note, paper)
    per_page = max(1, int(room // LOG_MIN_LINE) - 2)
    count = -(-rounds // per_page)
    share = -(-rounds // count)
    pages: list[LogPage] = []
    for first in range(1, rounds + 1, share):
        last = min(rounds, first + share - 1)
        final = last == rounds
        line = min(LOG_LINE, room / (last - first + 1 + 1 + (1 if final else 0)))
        pages.append(LogPage(first, last, line, final))
    return pages


LOG_DROP = 6.0
"""Space between the log's note and its table."""


def log_room(note: str, paper: Paper) -> float:
    """The height a page of the captain's log has for its table."""
    top = page_top(paper) - heading_height(note, page_width(paper)) - LOG_DROP
    return top - FLOOR


def fits(aid: Aid, paper: Paper) -> bool:
    """Whether ``aid`` fits the width of ``paper`` and the depth of a page, alone on it."""
    width = page_width(paper)
    return aid.item.width <= width + 0.01 and aid.depth(width) <= page_room(paper) + 0.01


def largest_fitting(aid: Aid, size: Sizing, paper: Paper) -> int:
    """The largest value of ``size``'s field, up to the most its reader allows, for which
    ``aid`` :func:`fits` ``paper`` (``size.least - 1`` when none does; the drawings grow with
    the value)."""
    low, high = size.least - 1, size.most
    while low < high:
        middle = (low + high + 1) // 2
        if fits(aid.with_item(size.make(middle)), paper):
            low = middle
        else:
            high = middle - 1
    return low


def aid_problems(
    game: FleetGame, charts: Mapping[str, Chart], rules: RuleText, say: Callable[[str], str]
) -> list[Problem]:
    """The aids that cannot print on every paper, each at the field that makes it too large,
    with the largest value that fits (``pnpkit check`` runs this; :func:`flow` places the
    rest, an aid to a page at most)."""
    limits: dict[str, tuple[Sizing, str, int]] = {}
    for paper in PAPERS.values():
        try:
            aids = first_page_aids(game, charts, rules, say, paper)
        except DataError as exc:  # a number the aids need, missing or not one number
            return list(exc.problems)
        for aid in aids:
            if aid.size is None:
                continue
            best = largest_fitting(aid, aid.size, paper)
            known = limits.get(aid.size.field)
            if known is None or best < known[2]:
                limits[aid.size.field] = (aid.size, aid.title, best)
    problems: list[Problem] = []
    papers = " and ".join(PAPERS)
    for size, title, best in limits.values():
        if size.least <= size.value <= best:
            continue
        named = f"the play aid “{title.replace(MARK, '')}”"
        if best < size.least:
            allowed = f"none{size.note}: {named} fits no page of {papers}"
        else:
            allowed = f"{size.least}–{best}{size.note}, what one page of {papers} holds"
        if size.value < size.least:
            message = f"{size.value} is too small for {named}"
        else:
            message = f"{size.value} makes {named} longer than a page"
        problems.append(Problem(size.where, size.field, message, allowed))
    return problems + formation_problems(game, charts)


def formation_problems(game: FleetGame, charts: Mapping[str, Chart]) -> list[Problem]:
    """The hex chart's standard formation fills its anchorage: as many hexes as a seat's
    anchorage holds (the layers' shape the loader checks)."""
    hexes = sum(len(row) for row in game.hex_formation_rows)
    chart = charts.get("hex")
    if not hexes or chart is None or not chart.seats:
        return []
    anchorage = len(chart.seats[0].anchorage)
    if hexes == anchorage:
        return []
    message = f"{len(game.hex_formation_rows)} rows of {hexes} hexes in all"
    rows = next((n for n in range(1, 13) if n * n == anchorage), None)
    allowed = (
        f"{rows} rows, {anchorage} hexes: the hex chart's anchorage"
        if rows
        else f"{anchorage} hexes, as the hex chart's anchorage (no layers of 2k + 1 make it)"
    )
    return [Problem(game.where.of("hex_formation"), "hex_formation", message, allowed)]


def order_slips(
    game: FleetGame,
    rounds: tuple[int, ...],
    width: float,
    storm_rounds: tuple[int, ...] = (),
    words: tuple[str, str, str] = ("Round", "ship at", "to"),
) -> OrderSlips:
    """The order slips of ``rounds``: a line for each order, more while the Admiral is afloat;
    ``words``: the round's, and those at the ship's cell and where she sails."""
    round_word, start, end = words
    return OrderSlips(
        rounds,
        game.orders,
        game.admiral_orders,
        storm_rounds,
        width,
        columns=SLIP_COLUMNS,
        round_word=round_word,
        start=start,
        end=end,
    )


def slip_pages(game: FleetGame, note: str, paper: Paper) -> list[tuple[int, ...]]:
    """The rounds whose order slips go on each page: as many rows of slips as a page holds."""
    slip = order_slips(game, (1,), page_width(paper)).slip_height
    rows = max(1, int(log_room(note, paper) // slip))
    per_page = rows * SLIP_COLUMNS
    rounds = tuple(range(1, game.rounds + 1))
    return [rounds[i : i + per_page] for i in range(0, len(rounds), per_page)]


def aid_violations(
    game: FleetGame, charts: Mapping[str, Chart], rules: RuleText, context: Mapping[str, Any]
) -> list[Violation]:
    """What ``pnpkit check`` prints of :func:`aid_problems`, the aids' phrases filled from
    ``context`` (a phrase that does not render is the rule-text checks' to report)."""
    from pnpkit.games.false_colors.rule_text import phrasebook

    try:
        phrase = phrasebook(rules, context, tuple(f"aids.{key}" for key in AID_PHRASES))
        say = {key: phrase(f"aids.{key}") for key in AID_PHRASES}
    except DataError:
        return []
    return [Violation.of(p) for p in aid_problems(game, charts, rules, say.__getitem__)]
