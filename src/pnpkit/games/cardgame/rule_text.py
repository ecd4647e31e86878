"""A designer's rule text (``rules:`` in ``game.yaml``) read and checked against the game's data.

``rules: rules.md`` names a Markdown file (:mod:`pnpkit.games.cardgame.markdown`);
``rules: rules.yaml`` a YAML file of rule documents in the bundled games' format
(:mod:`pnpkit.load.rule_blocks`): ``rulebook:`` and, if the game wants one, ``card:`` (the
rules card). Besides the built-in blocks, both take the generated ones: ``cards: crew`` (the
card list of a deck), ``table: components`` (every component of the kit, with its count) and
``image: map.png`` (a picture of ``assets/``); Markdown writes them ``{% cards crew %}``,
``{% components %}`` and ``![Caption](assets/map.png)``.

Placeholders are the shared sandbox's ``{{ … }}`` (:mod:`pnpkit.render.rule_text`), filled
from :func:`rule_context`: ``{{ game.title }}``, ``{{ crew.count }}`` (the cards a deck prints,
copies counted), ``{{ crew.bosun.cost }}`` (a card's field). :func:`read_rules` checks every
placeholder when the game is read, so ``check`` finds what ``build`` would meet: a name the
data does not hold is an error where the placeholder is written (in Markdown, its line and
column; in YAML, its block), with the names there are and a did-you-mean.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from pnpkit.errors import DataError
from pnpkit.games.cardgame.markdown import CELL, Written, read_markdown
from pnpkit.games.cardgame.model import CardGame, GenericCard, GenericDeck, TokenSet
from pnpkit.load.assets import ALLOWED as ASSET_ALLOWED
from pnpkit.load.assets import AssetProblem, find_asset
from pnpkit.load.fields import Fields, Kind, Problems, text
from pnpkit.load.markup import ICON, icon_names, icons_allowed, markup_problems, unknown_icon
from pnpkit.load.nodes import Node, ScalarNode, quote
from pnpkit.load.rule_blocks import choice, read_document
from pnpkit.load.yamlnode import load_yaml, missing_file
from pnpkit.model.ours import Ours
from pnpkit.model.rule_document import RuleDocument

MARKDOWN = (".md", ".markdown")
YAML = (".yaml", ".yml")
RULES_ALLOWED = "a .md or .yaml file in the game folder, named relative to it, e.g. rules.md"
BOOK = "rulebook"
"""The document a YAML rule file must hold: the rulebook."""
CARD = "card"
"""The document a YAML rule file may hold: the rules card."""
TABLES = ("components",)
"""The generated tables a ``table`` block names."""
KINDS: dict[str, Kind[str]] = {
    "cards": text(max_len=40),
    "table": choice(TABLES),
    "image": text(max_len=200),
}
"""The blocks a designer's rule document adds to the built-in ones: a deck's card list (the
deck's key: checked once the decks are read), a generated table and a picture of ``assets/``."""
DECK_VALUES = ("title", "count", "designs", "cards")
"""What a deck offers placeholders besides its cards (a card of one of these keys is reached
as ``crew.cards.<key>``)."""
CARD_VALUES = ("name", "kind", "value", "text", "icon", "copies")
"""A card's built-in fields placeholders may quote (the deck's own come on top)."""
PLACEHOLDER = re.compile(r"\{\{(.*?)\}\}", re.DOTALL)
NAME = re.compile(r"\s*([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*)")
"""The name a placeholder begins with (``crew.bosun.cost``)."""
PATH = re.compile(r"^\s*([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*)\s*(?:\||$)")


def placeholder_name(key: str) -> str:
    """A deck's or card's key as a placeholder spells it: ``first-mate`` → ``first_mate``
    (Jinja reads ``-`` as a minus; keys hold no ``_``, so no two keys meet)."""
    return key.replace("-", "_")


# -- reading --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Unread:
    """What of a game a problem kept from being read whole, which rule text may name all the
    same: a placeholder is not judged where it names something the data may hold once the
    problem is fixed (the card of a row left out, a deck that could not be read), and is
    judged everywhere else."""

    parts: frozenset[str] = frozenset()
    """The decks and token sets a card, a row or a declared field was left out of for a
    problem, by their keys as placeholders spell them (:func:`placeholder_name`)."""
    more: bool = False
    """Some deck or token set could not be read at all: its key is not known."""

    def hides(self, expression: str, context: Mapping[str, Any]) -> bool:
        """Whether the name ``expression`` quotes is missing from ``context`` where the data
        was not read whole: under a deck or token set of :attr:`parts`, or at the top when
        :attr:`more`."""
        found = PATH.match(expression)
        if found is None:
            return False
        value: Any = context
        walked: list[str] = []
        for part in found.group(1).split("."):
            if not isinstance(value, Mapping):
                return False
            if part not in value:
                if not walked or walked in (["decks"], ["tokens"]):  # a deck's or set's key
                    return self.more
                grouped = walked[0] in ("decks", "tokens") and len(walked) > 1
                return (walked[1] if grouped else walked[0]) in self.parts
            value = value[part]
            walked.append(part)
        return False


def read_rules(
    problems: Problems, node: Node, field: str, game: CardGame, game_dir: Path, unread: Unread
) -> tuple[RuleDocument | None, RuleDocument | None]:
    """The rulebook and rules card that ``rules:`` (written at ``node``) names, every problem
    recorded, every placeholder and generated block checked against the game's data as the
    build would fill it, but for what names a part of ``game`` left ``unread``."""
    path = _rules_file(problems, node, field, game_dir)
    if path is None:
        return None, None
    if path.suffix.lower() in MARKDOWN:
        book: RuleDocument | None
        book, texts = read_markdown(path, problems)
        card: RuleDocument | None = None
        written = list(texts)
    else:
        documents = _yaml_documents(path, problems)
        book, card = documents.get(BOOK), documents.get(CARD)
        written = [text for document in documents.values() for text in yaml_texts(document)]
    context = rule_context(game)
    icons = icon_names(game_dir)
    for text_written in written:
        problems.extend(text_problems(text_written, context, icons, unread).items)
    for document in (book, card):
        if document is not None:
            _block_problems(problems, document, game, game_dir, unread)
    return book, card


def _rules_file(problems: Problems, node: Node, field: str, game_dir: Path) -> Path | None:
    """The rule file ``node`` names in the game folder; None (the problem recorded) if none."""
    name = node.value if isinstance(node, ScalarNode) else None
    if not isinstance(name, str) or not name.strip():
        problems.add(node.where, field, "expected a file name", RULES_ALLOWED)
        return None
    parts = PurePosixPath(name.replace("\\", "/")).parts
    if PurePosixPath(name).is_absolute() or ".." in parts:
        problems.add(node.where, field, f"{quote(name)} is not in the game folder", RULES_ALLOWED)
        return None
    if not name.lower().endswith(MARKDOWN + YAML):
        problems.add(
            node.where, field, f"{quote(name)} is not a Markdown or YAML file", RULES_ALLOWED
        )
        return None
    path = game_dir.joinpath(*parts)
    if (missing := missing_file(path, game_dir)) is not None:
        problems.add(node.where, field, f"{quote(name)} {missing}", RULES_ALLOWED)
        return None
    if not Path(os.path.realpath(path)).is_relative_to(os.path.realpath(game_dir)):
        problems.add(
            node.where, field, f"{quote(name)} is a link that leads outside the game folder",
            RULES_ALLOWED,
        )  # fmt: skip
        return None
    if path.name == "game.yaml":
        problems.add(node.where, field, "names game.yaml itself", RULES_ALLOWED)
        return None
    return path


def _yaml_documents(path: Path, problems: Problems) -> dict[str, RuleDocument]:
    """The rule documents of a YAML rule file: ``rulebook`` (required) and ``card``."""
    try:
        root = Fields(load_yaml(path, problems.items), problems)
    except DataError as exc:
        problems.extend(exc.problems)
        return {}
    found: dict[str, RuleDocument] = {}
    for name in (BOOK, CARD):
        document = read_document(
            root.sub(name, required=name == BOOK), problems, KINDS, pages_required=False
        )
        if document is not None:
            found[name] = document
    root.done()
    return found


def yaml_texts(document: RuleDocument) -> list[Written]:
    """Every text of a YAML rule document, each at its block (a problem inside a YAML text is
    reported at the block that holds it)."""
    found: list[Written] = []
    for value, where, field in (
        (document.title, document.title_where, "title"),
        (document.subtitle, document.subtitle_where, "subtitle"),
    ):
        if value and where is not None:
            found.append(Written(value, ((0, where),), field, exact=False))
    for raw in document.blocks:
        if raw.kind in ("h", "h2", "p", "bullets", "steps"):
            found += [Written(t, ((0, raw.where),), raw.kind, exact=False) for t in raw.texts]
    return found


# -- what placeholders quote ----------------------------------------------------------------


def _number(value: object) -> object:
    """A number as rule text prints it: ``2.0`` as ``2``."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _quoted(value: object, marked: bool) -> object:
    """A card's value as a placeholder quotes it: a list as ``a, b``; marked, with the mark."""
    value = _number(value)
    if isinstance(value, tuple):
        value = ", ".join(str(item) for item in value)
    if marked and isinstance(value, int | str) and not isinstance(value, bool):
        return Ours(value)
    if marked:
        return Ours(str(value))
    return value


def card_values(card: GenericCard) -> dict[str, object]:
    """What placeholders may quote of a card: its built-in fields and the deck's own."""
    values: dict[str, object] = {key: getattr(card, key) for key in CARD_VALUES}
    values.update(card.fields)
    return {key: _quoted(value, card.ours.of(key)) for key, value in values.items()}


def deck_values(deck: GenericDeck | TokenSet) -> dict[str, object]:
    """What placeholders may quote of a deck (or a token set): its title, the cards (tokens)
    it prints (``count``, copies counted), its designs, and each card (token) by key."""
    members = deck.cards if isinstance(deck, GenericDeck) else deck.tokens
    cards = {placeholder_name(card.key): card_values(card) for card in members}
    values: dict[str, object] = {
        "title": _quoted(deck.title, deck.ours.of("title")),
        "count": sum(card.copies for card in members),
        "designs": len(members),
        "cards": cards,
    }
    for key, card in cards.items():
        values.setdefault(key, card)
    return values


def rule_context(game: CardGame) -> dict[str, Any]:
    """Everything rule text may quote: ``game`` (its title, author, cards, tokens), ``decks``
    and each deck by its key (``crew``; a deck keyed ``game`` or ``decks`` as ``decks.<key>``
    only), ``tokens`` and each token set by its key (``coins.count``, ``coins.five.value``)."""
    decks = {placeholder_name(deck.key): deck_values(deck) for deck in game.decks}
    sets = {placeholder_name(tokens.key): deck_values(tokens) for tokens in game.tokens}
    context: dict[str, Any] = {
        "game": {
            "title": _quoted(game.title, game.ours.of("title")),
            "author": _quoted(game.author, game.ours.of("author")),
            "cards": sum(card.copies for deck in game.decks for card in deck.cards),
            "decks": len(game.decks),
            "tokens": sum(token.copies for tokens in game.tokens for token in tokens.tokens),
        },
        "decks": decks,
        "tokens": sets,
    }
    for key, values in [*decks.items(), *sets.items()]:
        context.setdefault(key, values)
    return context


# -- checks ---------------------------------------------------------------------------------


def text_problems(
    written: Written,
    context: Mapping[str, Any],
    icons: tuple[str, ...],
    unread: Unread = Unread(),
) -> Problems:
    """Every problem of one text: each placeholder that names nothing the data holds (at the
    placeholder, with a did-you-mean), any the sandbox refuses, an unknown icon (at it) and
    markup that cannot print (an unclosed ``*``, text written as an icon that is no icon
    name). What a placeholder quotes was checked where the data gives it; a placeholder that
    names a part of the data left ``unread`` is not judged (nor the whole text it is in)."""
    # the sandbox (and its cache of compiled texts) is loaded for a game that writes rules only:
    # reading a game of cards alone loads no template machinery (tests/load/test_layering.py)
    from pnpkit.render.rule_text import render_text

    problems = Problems()
    opened = unclosed(written.text)
    for start in opened:
        said, name = _opened(written.text, start)
        problems.add(
            written.at(start),
            written.field,
            f"placeholder: {said!r} is not closed: close it with }}}}",
            f"{{{{ {name} }}}}" if name else "{{ NAME }}, a value of the data: {{ game.title }}",
        )
    hidden = False
    # with a {{ left open, the text after it is no placeholder: its icons and markup are judged
    for found in () if opened else PLACEHOLDER.finditer(written.text):
        if unread.hides(found.group(1), context):
            hidden = True
            continue
        message = path_problem(found.group(1), context) or _word_after(found.group(0))
        if message is not None:
            problems.add(written.at(found.start()), written.field, *message)
            continue
        try:
            render_text(found.group(0), context, written.at(found.start()), written.field)
        except DataError as exc:
            problems.extend(exc.problems)
    if not problems and not hidden:  # each placeholder fills: the whole text (a {{ left open)
        try:
            render_text(written.text, context, written.at(0), written.field)
        except DataError as exc:
            problems.extend(exc.problems)
    words = PLACEHOLDER.sub(lambda found: " " * len(found.group(0)), written.text)
    for icon in ICON.finditer(words):
        if icon.group(1) not in icons:
            problems.add(
                written.at(icon.start()),
                written.field,
                unknown_icon(icon.group(1), icons),
                icons_allowed(icons),
            )
    unknown = ICON.sub("", words)  # each icon judged above
    for problem, allowed in markup_problems(unknown.replace("\n", " "), icons):
        problems.add(written.at(0), written.field, problem, allowed)
    return problems


def unclosed(text: str) -> list[int]:
    """Where each ``{{`` of ``text`` starts that no ``}}`` closes before the next ``{{`` (or
    the text's end)."""
    opened = [found.start() for found in re.finditer(r"\{\{", text)]
    if not opened:
        return []
    ends = [*opened[1:], len(text)]
    return [start for start, end in zip(opened, ends, strict=True) if "}}" not in text[start:end]]


def _opened(text: str, start: int) -> tuple[str, str]:
    """The unclosed placeholder at ``start`` as written, to the next ``{{`` or its line's end
    (shortened), and the name it begins with ("" if none)."""
    line = text[start:].split("\n", 1)[0]
    following = line.find("{{", 2)
    written = (line if following < 0 else line[:following]).rstrip()
    written = written if len(written) <= 30 else written[:30].rstrip() + "…"
    found = NAME.match(text, start + 2)
    return written, found.group(1) if found else ""


def _word_after(placeholder: str) -> tuple[str, str] | None:
    """A placeholder that writes a word after its name (``{{ crew.title deck }}``, where Jinja
    says "expected token 'end of print statement'"), said in plain words; else None."""
    found = NAME.match(placeholder, 2)
    rest = placeholder[found.end() : -2].strip() if found else ""
    word = re.match(r"[A-Za-z_]\w*", rest)
    if found is None or word is None:
        return None
    name = found.group(1)
    return (
        f"placeholder: {placeholder!r}: {word.group()!r} after {name} is not read: a "
        "placeholder holds one name (then filters, each after a |)",
        f"{{{{ {name} }}}}",
    )


def path_problem(expression: str, context: Mapping[str, Any]) -> tuple[str, str] | None:
    """What is wrong with the name a placeholder quotes (``crew.bosun.cost``), and the names
    there are; None when it names a value (or is more than a name: the sandbox judges it)."""
    found = PATH.match(expression)
    if found is None:
        return None
    parts = found.group(1).split(".")
    value: Any = context
    walked: list[str] = []
    for part in parts:
        here = ".".join(walked)
        if not isinstance(value, Mapping):
            return f"{{{{ {found.group(1)} }}}}: {here} is a value, with no field {part!r}", ""
        names = list(value)
        if part not in value:
            return _missing(found.group(1), here, part, names)
        value = value[part]
        walked.append(part)
    if isinstance(value, Mapping):
        fields = ", ".join(f"{found.group(1)}.{key}" for key in list(value)[:8])
        return (
            f"{{{{ {found.group(1)} }}}} names a group of values, not one",
            f"one of its fields: {fields}",
        )
    return None


def _missing(path: str, here: str, part: str, names: list[str]) -> tuple[str, str]:
    spelt = placeholder_name(part)
    where = f"{here} has" if here else "the game's data has"
    if spelt != part and spelt in names:
        return (
            f"{{{{ {path} }}}}: {where} no {part!r}; a key's - is written _ in a placeholder "
            f"(Jinja reads - as minus): {spelt}",
            spelt,
        )
    close = difflib.get_close_matches(part, names, n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    what = "deck or value" if not here else "card or value" if "." not in here else "field"
    if here.startswith("game") or here.startswith("decks"):
        what = "value" if here != "decks" else "deck"
    return f"{{{{ {path} }}}}: {where} no {what} {part!r}{hint}", ", ".join(names)


def _block_problems(
    problems: Problems, document: RuleDocument, game: CardGame, game_dir: Path, unread: Unread
) -> None:
    """A ``cards`` block naming no deck (when every deck's key is known), an ``image``
    naming no picture of ``assets/``."""
    keys = [deck.key for deck in game.decks]
    for raw in document.blocks:
        if raw.kind == "cards" and raw.texts[0] not in keys and not unread.more:
            close = difflib.get_close_matches(raw.texts[0], keys, n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            problems.add(
                raw.where,
                "cards",
                f"no deck {raw.texts[0]!r}{hint}",
                "a deck's key: " + ", ".join(keys),
            )
        if raw.kind == "image":
            try:
                find_asset(game_dir, picture_name(raw.texts[0]))
            except AssetProblem as exc:
                problems.add(raw.where, "image", str(exc), ASSET_ALLOWED)


def picture_name(written: str) -> str:
    """The picture an ``image`` block names, in ``assets/``: Markdown writes the path from the
    game folder (``assets/map.png``, as a preview shows it), YAML the name in ``assets/``."""
    return written.removeprefix("assets/")


def written_rows(texts: tuple[str, ...]) -> list[list[str]]:
    """The rows of a table written in Markdown, each its cells (see
    :data:`~pnpkit.games.cardgame.markdown.CELL`)."""
    return [row.split(CELL) for row in texts]
