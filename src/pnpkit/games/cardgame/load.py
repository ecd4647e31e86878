"""``data/<game>/game.yaml`` with ``kit: cards`` → :class:`~pnpkit.games.cardgame.model.CardGame`.

Every problem in the file is collected and raised together as one DataError.
"""

from __future__ import annotations

from pathlib import Path

from pnpkit.games.cardgame.model import ICONS, KIT, CardGame, GenericCard, GenericDeck
from pnpkit.load.cards import card_size, colour, source
from pnpkit.load.fields import Fields, Kind, Problems, choice, integer, invalid, text
from pnpkit.load.limits import printed_cards
from pnpkit.load.nodes import ListNode, MapNode, Node, ScalarNode, describe
from pnpkit.load.yamlnode import load_yaml
from pnpkit.model.cards import DEFAULT_CARD_SIZE

KEY = r"[a-z][a-z0-9-]*"


def short_value() -> Kind[str]:
    """A whole number or a short word (at most 4 characters), as text."""

    def read(node: Node, field: str) -> str:
        if isinstance(node, ScalarNode) and isinstance(node.value, int | str):
            value = str(node.value)
            if not isinstance(node.value, bool) and 0 < len(value) <= 4:
                return value
        raise invalid(
            node, field, f"{describe(node)} is not a short value", "a number or up to 4 characters"
        )

    return read


def load_card_game(game_dir: Path) -> CardGame:
    path = game_dir / "game.yaml"
    problems = Problems()
    root = Fields(load_yaml(path, problems.items), problems)
    root.need("kit", choice((KIT,)))
    title = root.need("title", text(max_len=60)) or ""
    author = root.get("author", text(max_len=80), "")
    size = root.get("card_size", card_size(), DEFAULT_CARD_SIZE)
    decks: list[GenericDeck] = []
    for rec in root.records("decks", min_len=1):
        cards: list[GenericCard] = []
        for card in rec.records("cards", min_len=1):
            cards.append(
                GenericCard(
                    key=card.need("key", text(max_len=40, pattern=KEY)) or "",
                    name=card.need("name", text(max_len=40)) or "",
                    kind=card.get("kind", text(min_len=0, max_len=30), ""),
                    value=card.get("value", short_value(), ""),
                    text=card.get("text", text(min_len=0, max_len=300), ""),
                    icon=card.get("icon", choice(ICONS), ""),
                    copies=card.get("copies", integer(1, 99), 1),
                    source=source(card),
                    sources=_sources(card),
                )
            )
            card.done()
        decks.append(
            GenericDeck(
                key=rec.need("key", text(max_len=40, pattern=KEY)) or "",
                title=rec.need("title", text(max_len=40)) or "",
                colour=rec.get("colour", colour(), "#16324f"),
                icon=rec.get("icon", choice(ICONS), "anchor"),
                cards=tuple(cards),
                source=source(rec),
            )
        )
        rec.done()
    root.done()
    _unique(problems, root)
    printed = sum(card.copies for deck in decks for card in deck.cards)
    printed_cards(problems, root.node_of("decks") or root.node, "decks", printed)
    problems.raise_if_any()
    return CardGame(title, author, size, tuple(decks), str(path))


def _sources(record: Fields) -> tuple[tuple[str, str], ...]:
    """``(field, file:line:col)`` of every field the record gives."""
    if not isinstance(record.node, MapNode):
        return ()
    return tuple((str(key.value), str(value.where)) for key, value in record.node.entries)


def _unique(problems: Problems, root: Fields) -> None:
    """Deck keys are unique in the game, card keys in their deck."""
    decks = root.node_of("decks")
    if not isinstance(decks, ListNode):
        return
    _no_twice(problems, decks, "decks")
    for i, deck in enumerate(decks.items):
        cards = deck.get("cards") if isinstance(deck, MapNode) else None
        if isinstance(cards, ListNode):
            _no_twice(problems, cards, f"decks[{i}].cards")


def _no_twice(problems: Problems, items: ListNode, path: str) -> None:
    seen: set[object] = set()
    for i, item in enumerate(items.items):
        key = item.get("key") if isinstance(item, MapNode) else None
        if not isinstance(key, ScalarNode):
            continue
        if key.value in seen:
            problems.add(key.where, f"{path}[{i}].key", f"{key.value!r} is used twice")
        seen.add(key.value)
