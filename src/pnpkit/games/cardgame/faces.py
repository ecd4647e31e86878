"""Every face of a generic card game, laid out with no drawing library: the kit prints them
and ``pnpkit check`` lays them out (:attr:`pnpkit.games.game.Game.faces`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from pnpkit.errors import DataError, Problem
from pnpkit.games.cardgame.load import TEMPLATES, size_place, unread_sheets
from pnpkit.games.cardgame.marks import printed
from pnpkit.games.cardgame.model import BACK, FRONT, CardGame, GenericDeck
from pnpkit.games.cardgame.tokens import (
    LaidTokens,
    token_decks,
    token_faces,
    unused_token_fields,
)
from pnpkit.games.game import GameBoard
from pnpkit.layout.imposition import card_problem
from pnpkit.layout.print_settings import PrintSettings
from pnpkit.load.face_layouts import LAYOUT
from pnpkit.load.markup import plain
from pnpkit.model.cards import Card, Deck, Face
from pnpkit.model.face_layout import Layout, fields_named
from pnpkit.render.face_layout import builtin
from pnpkit.render.faces.decks import Gathered, deck_faces
from pnpkit.render.faces.face import FacePairs
from pnpkit.render.faces.renderer import FaceRenderer


def deck_of(game: CardGame, deck: GenericDeck) -> Deck:
    """The printable deck: every card's face filled from the data, one back for the deck (or
    the card's own back)."""
    footers = _footers(game, deck)
    art = next((spec.name for spec in deck.fields if spec.type == "image"), "")
    cards = []
    designed = {LAYOUT + layout.name for layout in game.layouts}
    for card in deck.cards:
        accent = card.colour or deck.colour
        own = dict(card.fields)
        template = _front_of(game, card.template or deck.template)
        # what the built-in front (and a template) prints besides the card's fields; a layout
        # of the designer's is given only what layouts.md lists, so a field it misspells is
        # told the names it may write
        printed = (
            ()
            if template in designed
            else (
                ("footer", footers[0]),
                ("footers", footers),
                ("picture", own[art] if art else ""),
                ("stats", _stats(deck, own)),
                ("picture_field", art or "picture"),
            )
        )
        front = Face(
            template,
            (
                ("name", card.name),
                ("kind", card.kind),
                ("value", card.value),
                ("text", card.text),
                ("icon", card.icon),
                ("accent", accent),
                *printed,
                *card.fields,
            ),
            card.source,
            card.sources,
        )
        back = None
        if card.back or card.colour:
            back = _back(game, deck, card.back or deck.back, accent, card.source, card.fields)
        cards.append(Card(card.key, plain(card.name), front, card.copies, back))
    common = _back(game, deck, deck.back, deck.colour, deck.source, ())
    return Deck(deck.key, plain(deck.title), game.size_of(deck), tuple(cards), common, game.layouts)


def _front_of(game: CardGame, template: str) -> str:
    """The built-in front is a layout drawn straight onto the page
    (:mod:`pnpkit.render.face_layout.builtin`), unless the game's ``templates/`` holds a
    ``cards/generic-front.svg.j2`` of its own, which replaces it."""
    if template != FRONT:
        return template
    if game.folder and (Path(game.folder) / TEMPLATES / FRONT).is_file():
        return template
    return LAYOUT + builtin.FRONT


def _footers(game: CardGame, deck: GenericDeck) -> tuple[str, ...]:
    """The footer of the deck's fronts, longest first: the game, the deck and the author; the
    game and the deck; the deck alone. The built-in front prints the longest that fits the
    card (a small card drops the author, then the game's title); what fits nowhere is an error
    naming the deck's title."""
    both = f"{game.title} · {deck.title}"
    return tuple(
        dict.fromkeys((f"{both} · {game.author}" if game.author else both, both, deck.title))
    )


def _stats(deck: GenericDeck, values: dict[str, object]) -> str:
    """The deck's own number fields as the built-in front prints them: ``Cost 2 · Range 3``."""
    shown = [
        f"{spec.name.replace('_', ' ').capitalize()} {_number(values[spec.name])}"
        for spec in deck.fields
        if spec.type == "number" and isinstance(values[spec.name], int | float)
    ]
    return " · ".join(shown)


def _number(value: object) -> str:
    """A number field as the designer wrote it, in plain digits: ``1234567``, ``0.0000001``,
    ``2`` for ``2.0`` (never ``1.23457e+06``, which rounds, nor ``1e-07``)."""
    assert isinstance(value, int | float)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value) if isinstance(value, int) else format(Decimal(repr(value)), "f")


def _back(
    game: CardGame,
    deck: GenericDeck,
    template: str,
    accent: str,
    source: str,
    fields: tuple[tuple[str, object], ...],
) -> Face:
    return Face(
        template,
        (
            ("title", game.title),
            ("kind", deck.title),
            ("icon", deck.icon),
            ("accent", accent),
            *fields,
        ),
        source,
    )


def faces(game: CardGame, settings: PrintSettings) -> list[tuple[Deck, FacePairs]]:
    """Every deck with its faces laid out; a DataError lists every face that cannot be printed
    (all text that does not fit, in every deck), each at its field's place in the data. The
    faces are the designer's (``templates/``, art from ``assets/``): ``settings`` change none,
    but each deck's card size must fit the paper they ask for (:func:`misfits`)."""
    renderer = FaceRenderer(game_dir=Path(game.folder) if game.folder else None)
    out: list[tuple[Deck, FacePairs]] = []
    problems = misfits(game, settings)
    decks = [deck_of(game, generic) for generic in game.decks]
    # the longest deck may be laid out while its document is drawn (one document is drawn here)
    longest = max(range(len(decks)), key=lambda i: len(decks[i].cards), default=-1)
    for index, deck in enumerate(decks):
        try:
            out.append((deck, deck_faces(renderer, deck, later=index == longest)))
        except DataError as exc:
            problems.extend(exc.problems)
    if game.boards:  # as they print (the board's drawing loaded only for a game with boards)
        from pnpkit.games.cardgame.board.draw import board_problems

        problems.extend(board_problems(game.boards, game.folder, settings.paper))
    if problems:
        raise DataError(problems)
    return out


def misfits(game: CardGame, settings: PrintSettings) -> list[Problem]:
    """Every deck's card size that does not fit the paper ``settings`` ask for, each said once
    where it is written (:func:`~pnpkit.games.cardgame.load.size_place`: the game's
    ``card_size`` for the decks of the game's size, a deck's own ``card_size`` or
    ``orientation`` for its own)."""
    found: dict[str, Problem] = {}
    for index, deck in enumerate(game.decks):
        owner, key = size_place(game, deck)
        where = owner.where.of(key)
        field = key if owner is game else f"decks[{index}].{key}"
        size = game.size_of(deck)
        problem = card_problem(settings.imposition, size.width, size.height, where, field)
        if problem is not None:
            found.setdefault(field, problem)
    return list(found.values())


def unused_fields(game: CardGame) -> list[str]:
    """One line for each deck that declares fields no template of it prints: the built-in
    front prints the deck's number fields (in its bottom line) and its first image field, a
    designer's template the fields it names (or a template it includes or imports names).
    ``check`` prints these; they stop nothing."""
    renderer = FaceRenderer(game_dir=Path(game.folder) if game.folder else None)
    layouts = {layout.name: layout for layout in game.layouts}
    lines: list[str] = []
    for index, deck in enumerate(game.decks):
        declared = [spec.name for spec in deck.fields]
        if not declared:
            continue
        templates = {deck.template, deck.back}
        for card in deck.cards:
            templates.update(t for t in (card.template, card.back) if t)
        used = _used_names(renderer, deck, templates, layouts, _front_of(game, FRONT) != FRONT)
        if used is None:  # a template Jinja cannot read: the faces report it
            continue
        unused = [name for name in declared if name not in used]
        if not unused:
            continue
        them = "it" if len(unused) == 1 else "them"
        if FRONT in templates:
            why = (
                "the built-in front (template: generic) prints only the deck's number fields "
                f"and its first image field; name {them} in a layout of your own (layouts:), "
                f"or remove {them}"
            )
        else:
            names = ", ".join(  # as the data names them (the built-in back prints no field)
                sorted(
                    t.replace("game/", "templates/").replace(LAYOUT, "layout ")
                    for t in templates - {BACK}
                )
            )
            why = f"no template of the deck ({names}) names {them}; name {them}, or remove {them}"
        lines.append(
            f"{deck.source or game.source}: decks[{index}].fields: not printed: "
            f"{', '.join(unused)}: {why}"
        )
    return lines


def _used_names(
    renderer: FaceRenderer,
    deck: GenericDeck,
    templates: set[str],
    layouts: dict[str, Layout],
    built_in: bool,
) -> set[str] | None:
    """The fields ``templates`` of ``deck`` print (a layout, those it names); None if one
    cannot be read."""
    used: set[str] = set()
    for template in templates:
        if template == FRONT and built_in:  # the built-in front, a layout of its own
            used |= {s.name for s in deck.fields if s.type == "number"}
            used |= {next((s.name for s in deck.fields if s.type == "image"), "")}
            continue
        if template.startswith(LAYOUT):
            layout = layouts.get(template[len(LAYOUT) :])
            used |= fields_named(layout) if layout is not None else set()
            continue
        names = _names_in(renderer, template, set())
        if names is None:
            return None
        used |= names
        if template == FRONT:
            used |= {s.name for s in deck.fields if s.type == "number"}
            used |= {next((s.name for s in deck.fields if s.type == "image"), "")}
    return used


def _names_in(renderer: FaceRenderer, template: str, seen: set[str]) -> set[str] | None:
    """The variables ``template`` (and every template it includes or imports) reads; None if
    one of them cannot be read (not found, not text, not valid Jinja: the faces report it,
    at its line), so that no field is called unprinted for it."""
    from jinja2 import TemplateError, meta

    if template in seen:
        return set()
    seen.add(template)
    loader = renderer.env.loader
    if loader is None:
        return set()
    try:
        source, _, _ = loader.get_source(renderer.env, template)
        tree = renderer.env.parse(source)
        names = set(meta.find_undeclared_variables(tree))
        others = list(meta.find_referenced_templates(tree))
    except (TemplateError, ValueError, RecursionError):  # ValueError: not UTF-8, say
        return None
    for other in others:
        if other is not None:
            more = _names_in(renderer, other, seen)
            if more is None:
                return None
            names |= more
    return names


@dataclass(frozen=True, slots=True)
class KitFaces:
    """Every face a generic card game's kit prints: each deck's, each token set's."""

    decks: list[tuple[Deck, FacePairs]]
    tokens: list[LaidTokens] = field(default_factory=list)


def printed_faces(game: CardGame, settings: PrintSettings) -> KitFaces:
    """Every face as the kit prints it, our choices marked (:mod:`.marks`); one DataError
    names every face of every deck and token set that cannot be printed."""
    shown = printed(game)
    gathered = Gathered()
    none: list[tuple[Deck, FacePairs]] = []
    decks = gathered(lambda: faces(shown, settings), none)
    tokens = gathered(lambda: token_faces(shown, settings), list[LaidTokens]())
    gathered.done()
    return KitFaces(decks, tokens)


def printed_decks(game: CardGame) -> list[Deck]:
    """Every deck as the kit prints it, our choices marked (for the exports), then every
    token set as a deck of its faces (:func:`~pnpkit.games.cardgame.tokens.token_decks`)."""
    shown = printed(game)
    return [deck_of(shown, deck) for deck in shown.decks] + token_decks(shown)


def printed_boards(game: CardGame) -> list[GameBoard]:
    """Every board as one picture at 1:1, for the exports (``<key>-board``, as its kit
    document ``<key>-board.pdf``); one DataError names every problem of every board."""
    boards: list[GameBoard] = []
    problems: list[Problem] = []
    if not game.boards:  # the board's drawing loaded only for a game with boards
        return boards
    from pnpkit.games.cardgame.board.draw import board_drawing

    for board in game.boards:
        try:
            drawing = board_drawing(board, game.folder, f"{game.title}: {board.title}")
        except DataError as exc:
            problems.extend(exc.problems)
            continue
        boards.append(GameBoard(f"{board.key}-board", board.title, drawing))
    if problems:
        raise DataError(problems)
    return boards


def unused(game: CardGame) -> list[str]:
    """What ``check`` and ``build`` warn of: fields no template (or token layout) prints,
    sheets no deck reads."""
    return unused_fields(game) + unread_sheets(game) + unused_token_fields(game)
