"""The Pirate Fleets kit: board, supply and captains decks, player pieces, gold, reference card.

``output/pirate-fleets/``:

- ``board.pdf`` — the 6 × 6 action spaces at 1:1, tiled between whole spaces, assembly page;
- ``supply-cards.pdf`` and ``captain-cards.pdf`` — the two decks, fronts and backs (duplex);
- ``tokens.pdf`` — pawns (square) and danger disks (round) in every player colour, each colour
  with its own pattern and emblem; gold; the first-player marker;
- ``reference-card.pdf`` — turn sequence, every action's effect, the Haven and Treachery tables;
- ``duplex-calibration.pdf`` — the test print that gives the back offset.
"""

from __future__ import annotations

from pnpkit.build.options import BuildOptions
from pnpkit.games.pirate_fleets.board import PirateFleetsBoard
from pnpkit.games.pirate_fleets.model import PirateFleetsGame
from pnpkit.layout.cards import calibration_sheet, card_sheets, counter_sheets, round_pieces
from pnpkit.layout.plan import DocumentPlan, with_colors
from pnpkit.layout.tiled_pdf import write_tiled
from pnpkit.layout.tiling import tile
from pnpkit.model.cards import Card, Counter, CounterShape, Deck, Face
from pnpkit.render.cards import FaceRenderer, SvgFace, deck_faces
from pnpkit.render.colour import hex_rgb
from pnpkit.render.counters import counter_faces
from pnpkit.verify.promises import ColorMember

GAME = "pirate-fleets"
SUPPLY_ACCENT = "#7a4a1d"
CAPTAIN_ACCENT = "#4a235a"
GOLD = "#d4a017"


def _accent(game: PirateFleetsGame, effect: str) -> str:
    """The colour of the first action an effect names (a Storm card wears Storm's colour)."""
    found = [(effect.find(a.name), a.colour) for a in game.actions if a.name in effect]
    return min(found)[1] if found else SUPPLY_ACCENT


def supply_deck(game: PirateFleetsGame) -> Deck:
    cards = []
    for i, card in enumerate(game.supply):
        front = Face(
            "cards/pf-supply.svg.j2",
            (
                ("name", card.name),
                ("kind", "SUPPLY"),
                ("icon", "anchor"),
                ("accent", _accent(game, card.effect)),
                ("effect", card.effect),
                ("footer", f"{game.title} · supply card"),
            ),
            card.source,
        )
        cards.append(Card(f"supply-{i}", card.name, front, card.qty))
    back = Face(
        "cards/pf-back.svg.j2",
        (("title", game.title), ("kind", "Supply"), ("icon", "anchor"), ("accent", SUPPLY_ACCENT)),
        game.source,
    )
    return Deck("supply", "Supply deck", game.card_size, tuple(cards), back)


def captains_deck(game: PirateFleetsGame) -> Deck:
    cards = []
    for i, captain in enumerate(game.captains):
        front = Face(
            "cards/pf-supply.svg.j2",
            (
                ("name", captain.name),
                ("kind", "CAPTAIN"),
                ("icon", "crown"),
                ("accent", CAPTAIN_ACCENT),
                ("effect", captain.effect),
                ("footer", f"{game.title} · optional captains deck"),
            ),
            captain.source,
        )
        cards.append(Card(f"captain-{i}", captain.name, front, captain.copies))
    back = Face(
        "cards/pf-back.svg.j2",
        (("title", game.title), ("kind", "Captain"), ("icon", "crown"), ("accent", CAPTAIN_ACCENT)),
        game.source,
    )
    return Deck("captains", "Captains deck", game.card_size, tuple(cards), back)


def player_colors(game: PirateFleetsGame) -> list[ColorMember]:
    """The players' colours, each with the pattern, emblem and name every pawn and disk of that
    colour draws (blue and green, say, are 4 grayscale levels apart)."""
    return [
        ColorMember(
            c.name,
            hex_rgb(c.colour),
            (("pattern", c.pattern), ("emblem", c.emblem), ("label", c.name)),
        )
        for c in game.colours
    ]


def tokens(game: PirateFleetsGame) -> list[Counter]:
    out: list[Counter] = []
    colours = str(game.where.of("colours"))
    for colour in game.colours:
        look = (
            ("colour", colour.colour),
            ("ink", colour.ink),
            ("pattern", colour.pattern),
            ("emblem_name", colour.emblem),
            ("label", colour.name),
        )
        pawn = Face("counters/piece.svg.j2", look, colours)
        out.append(
            Counter(
                f"pawn-{colour.key}",
                f"{colour.name} pawn",
                CounterShape.SQUARE,
                game.pawn,
                pawn,
                pawn,
                game.pawns_per_player,
            )
        )
        disk = Face("counters/piece.svg.j2", look, colours)
        out.append(
            Counter(
                f"disk-{colour.key}",
                f"{colour.name} danger disk",
                CounterShape.ROUND,
                game.disk,
                disk,
                disk,
                game.disks_per_player,
            )
        )
    for gold in game.gold:
        face = Face(
            "counters/value.svg.j2",
            (
                ("colour", GOLD),
                ("ink", "#000000"),
                ("emblem_name", ""),
                ("value", str(gold.value)),
                ("label", "GOLD"),
            ),
            game.source,
        )
        out.append(
            Counter(
                f"gold-{gold.value}",
                f"{gold.value} gold",
                CounterShape.ROUND,
                game.gold_token,
                face,
                face,
                gold.qty,
            )
        )
    first = Face(
        "counters/value.svg.j2",
        (
            ("colour", "#16324f"),
            ("ink", "#ffffff"),
            ("emblem_name", "wheel"),
            ("value", "1st"),
            ("label", "FIRST PLAYER"),
        ),
        game.source,
    )
    out.append(
        Counter(
            "first-player", "First player", CounterShape.ROUND, game.first_player, first, first, 1
        )
    )
    return out


def reference_blocks(game: PirateFleetsGame, side: str) -> list[tuple[str, list[str]]]:
    """Front: the game's own reference text, scaling and the two tables; back: every action."""
    if side == "back":
        lines = [f"{a.name} ({a.type.value}): {a.effect}" for a in game.actions]
        return [("Action spaces (TN: the space's target number)", lines)]
    blocks = [(s.title, list(s.lines)) for s in game.reference]
    scaling = [
        f"{t.players.min}–{t.players.max} players: spaces 1–{t.spaces}" for t in game.scaling
    ]
    scaling += [
        f"Optional: {o.players.min}–{o.players.max} players may add space {o.number} "
        f"({game.space(o.number).title})"
        for o in game.optional_spaces
    ]
    blocks.append(("Spaces in play", ["; ".join(scaling) + "."]))
    for table in game.tables:
        rows = [
            f"{row.roll} {row.result}: {row.note}" if row.note else f"{row.roll}: {row.result}"
            for row in table.rows
        ]
        blocks.append((f"{table.title} ({table.dice})", rows))
    return blocks


def _reference_face(renderer: FaceRenderer, game: PirateFleetsGame, side: str) -> SvgFace:
    size = game.reference_size
    return renderer.render(
        "cards/reference.svg.j2",
        size.width,
        size.height,
        {
            "title": f"{game.title}: " + ("turn and tables" if side == "front" else "actions"),
            "blocks": reference_blocks(game, side),
            "footer": f"{game.title}: P spaces take pawns, D spaces take danger disks.",
            "accent": "#7a4a1d",
            "size": 9.0,
            "min_size": 6.5,
        },
        name=f"reference card ({side})",
        source=game.source,
    )


def documents(game: PirateFleetsGame, options: BuildOptions) -> list[DocumentPlan]:
    """Build every Pirate Fleets document into ``out_dir`` (the game's own folder)."""
    paper, sheets = options.paper, options.imposition
    renderer = FaceRenderer(options.templates)
    name = game.title
    subject = name

    board = tile(PirateFleetsBoard(game), paper, title=f"{name} board")
    supply = deck_faces(renderer, supply_deck(game))
    captains = deck_faces(renderer, captains_deck(game))
    pieces = tokens(game)
    counters = counter_faces(renderer, pieces)
    reference = [
        (_reference_face(renderer, game, "front"), _reference_face(renderer, game, "back"))
    ]
    return [
        DocumentPlan("board.pdf", f"{name}: board", subject, lambda doc: write_tiled(board, doc)),
        card_sheets(
            "supply-cards.pdf",
            supply,
            sheets,
            title=f"{name}: supply deck",
            subject=subject,
        ),
        card_sheets(
            "captain-cards.pdf",
            captains,
            sheets,
            title=f"{name}: captains deck",
            subject=subject,
            label=f"{name}: captains deck (optional)",
        ),
        with_colors(
            counter_sheets(
                "tokens.pdf",
                counters,
                sheets,
                title=f"{name}: pieces",
                subject=subject,
                label=f"{name}: pawns, disks, gold",
                round_pieces=round_pieces(pieces),
            ),
            what="players",
            members=player_colors(game),
        ),
        card_sheets(
            "reference-card.pdf",
            reference,
            sheets,
            title=f"{name}: reference card",
            subject=subject,
        ),
        *calibration_sheet(sheets, subject=subject),
    ]
