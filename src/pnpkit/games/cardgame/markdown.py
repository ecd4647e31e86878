"""A designer's rule text in Markdown (``rules: rules.md``) read as a rule document.

The Markdown a rulebook prints, and nothing else: every construct the printer has no way to
print is refused at its ``file:line:col``, never dropped. Read here:

- ``# Heading`` and ``## Subheading`` (a closing run of ``#`` is let be);
- paragraphs (lines up to a blank line), with ``**bold**``, ``*italic*``, ```code``` and
  ``:icon:`` markup and ``{{ placeholders }}``;
- lists: ``-``, ``*`` or ``+`` items (bulleted), ``1.`` or ``1)`` items (numbered from 1); a
  line that is no item continues the item above it;
- tables: a ``| header | row |``, a ``|---|---|`` line, then rows of as many cells;
- a picture of ``assets/``, alone on its line: ``![Caption](assets/map.png)``;
- a line of its own holding one of pnpkit's blocks: ``{% cards crew %}`` (the card list of a
  deck), ``{% components %}`` (the kit's contents), ``{% break page %}`` or
  ``{% break column %}``.

Refused, each with what to write instead: block quotes, code blocks (fenced or indented),
HTML, horizontal rules and ``===`` underlines, headings of level 3 and more, nested lists,
links, pictures inside a paragraph, ``_`` emphasis, ``~~`` strike-through and backslash
escapes.

Why a reader of our own rather than a Markdown library (markdown-it-py): a library reads all
of CommonMark, so every construct above would have to be found again in its tokens and
refused, and its tokens give a block's lines but not where a placeholder inside a paragraph
stands; this reader keeps the line and column of every line of every text it returns
(:class:`Written`), so a placeholder naming a missing card is reported where it is written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from pnpkit.errors import Location
from pnpkit.load.fields import Problems
from pnpkit.model.rule_document import RawBlock, RuleDocument

CELL = "\x1f"
"""Separates the cells of a row of a written table in its block's texts (a control character,
which no Markdown text may hold)."""
TITLE = "{{ game.title }}"
"""A Markdown rulebook's running head: the game's title…"""
SUBTITLE = "rules"
"""…and this under it."""
MAX_BYTES = 1_000_000
"""The largest Markdown file read (a rulebook of 64 pages is under 200 kB)."""

DIRECTIVE = re.compile(r"^\{%\s*(.*?)\s*%\}\s*$")
HEADING = re.compile(r"^(#{1,6})(\s+|$)(.*?)(?:\s+#+)?\s*$")
BULLET = re.compile(r"^([-*+])(\s+)(.*)$")
NUMBERED = re.compile(r"^(\d{1,9})([.)])(\s+)(.*)$")
PICTURE = re.compile(r"^!\[([^\]]*)\]\(\s*([^)\s]+)\s*\)\s*$")
RULE_LINE = re.compile(r"^(?:(?:-\s*){3,}|(?:\*\s*){3,}|(?:_\s*){3,})$")
SEPARATOR_CELL = re.compile(r"^:?-+:?$")
INLINE_REFUSED: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (
        re.compile(r"!\[[^\]]*\]\([^)]*\)"),
        "a picture inside a paragraph is not printed",
        "a picture on a line of its own: ![Caption](assets/map.png)",
    ),
    (
        re.compile(r"\[[^\]]*\]\([^)]*\)|<(?:https?|mailto):[^>]*>"),
        "a link cannot be followed on paper",
        "the words alone, or the address written out",
    ),
    (
        re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>|<!--"),
        "HTML is not printed",
        "Markdown: **bold**, *italic*, lists, tables",
    ),
    (
        re.compile(r"\\[!-/:-@\[-`{-~]"),
        "a backslash escape is not printed as Markdown would print it",
        "the character itself; a lone * or ** is refused anyway, so write it as a word",
    ),
    (
        re.compile(r"(?<![\w_])_{1,2}(?=[^\s_])[^_\n]*?(?<=[^\s_])_{1,2}(?![\w_])"),
        "_underscore_ emphasis is not printed",
        "*italic* or **bold**",
    ),
    (re.compile(r"~~"), "~~strike-through~~ is not printed", "plain words"),
)
"""Inline Markdown the printer cannot print: each pattern, what is wrong, what to write."""


@dataclass(frozen=True, slots=True)
class Written:
    """A text of a rule document and where it is written: ``starts`` gives, for each line of
    the text, its offset in ``text`` and where that line starts in the file (one start, and
    ``exact`` False, when only the block's place is known: every offset is reported there)."""

    text: str
    starts: tuple[tuple[int, Location], ...]
    field: str
    exact: bool = True

    def at(self, offset: int) -> Location:
        """Where the character at ``offset`` of the text is written."""
        start, where = self.starts[0]
        for begins, line in self.starts:
            if begins <= offset:
                start, where = begins, line
        if not self.exact:
            return where
        return Location(where.file, where.line, where.column + offset - start)


@dataclass
class _Lines:
    """The lines of a paragraph, list item or heading being read, and where each starts."""

    field: str
    parts: list[tuple[str, Location]]

    def written(self) -> Written:
        text = ""
        starts: list[tuple[int, Location]] = []
        for part, where in self.parts:
            if text:
                text += "\n"
            starts.append((len(text), where))
            text += part
        return Written(text, tuple(starts), self.field)


@dataclass
class _Reader:
    """The Markdown file being read: its name, the problems found, the blocks and texts read."""

    file: str
    problems: Problems
    blocks: list[RawBlock]
    texts: list[Written]

    def refuse(self, line: int, column: int, field: str, message: str, allowed: str) -> None:
        self.problems.add(Location(self.file, line, column), field, message, allowed)

    def add(self, kind: str, where: Location, texts: list[_Lines]) -> None:
        written = [lines.written() for lines in texts]
        for text in written:
            self.inline(text)
        self.texts += written
        self.blocks.append(RawBlock(kind, tuple(text.text for text in written), where))

    def inline(self, text: Written) -> None:
        """Refuse the inline Markdown of ``text`` the printer cannot print."""
        for pattern, message, allowed in INLINE_REFUSED:
            for found in pattern.finditer(text.text):
                where = text.at(found.start())
                shown = found.group(0)
                self.refuse(where.line, where.column, text.field, f"{shown!r}: {message}", allowed)


def read_markdown(path: Path, problems: Problems) -> tuple[RuleDocument, tuple[Written, ...]]:
    """The rule document written in the Markdown file ``path`` and every text it holds with
    where it is written (for the placeholders' checks); every construct that cannot be
    printed is a problem at its line and column."""
    file = str(path)
    raw = path.read_bytes()
    reader = _Reader(file, problems, [], [])
    if len(raw) > MAX_BYTES:
        reader.refuse(0, 0, "", f"is {len(raw):,} bytes", f"at most {MAX_BYTES:,} bytes")
        return RuleDocument(TITLE, SUBTITLE, None, ()), ()
    try:
        source = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        reader.refuse(0, 0, "", f"is not UTF-8 text (byte {exc.start})", "a UTF-8 text file")
        return RuleDocument(TITLE, SUBTITLE, None, ()), ()
    lines = source.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    _read_blocks(reader, lines)
    title = Written(TITLE, ((0, Location(file, 1, 1)),), "title", exact=False)
    document = RuleDocument(TITLE, SUBTITLE, None, tuple(reader.blocks), Location(file, 1, 1))
    return document, (title, *reader.texts)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _read_blocks(reader: _Reader, lines: list[str]) -> None:
    number = 0
    total = len(lines)
    while number < total:
        line = lines[number]
        row = number + 1
        if "\t" in line:
            reader.refuse(row, line.index("\t") + 1, "", "a tab is not printed", "spaces to indent")
            line = line.replace("\t", "    ")
        if not line.strip():
            number += 1
            continue
        number = _block(reader, lines, number, line, row)


def _block(reader: _Reader, lines: list[str], number: int, line: str, row: int) -> int:
    """Read the block starting at line ``number`` (0-based); the index of the line after it."""
    indent = _indent(line)
    body = line.strip()
    column = indent + 1
    if indent >= 4:
        reader.refuse(
            row,
            1,
            "",
            "a line indented 4 spaces or more is a code block, which is not printed",
            "text at the start of the line (indent only the lines that continue a list item)",
        )
        return number + 1
    refused = _refused_block(body)
    if refused is not None:
        reader.refuse(row, column, "", *refused)
        return _fence_end(lines, number, body[:3]) if body.startswith(FENCES) else number + 1
    where = Location(reader.file, row, column)
    if (found := DIRECTIVE.match(body)) is not None:
        _directive(reader, found.group(1), where)
        return number + 1
    if (found := HEADING.match(body)) is not None and body.startswith("#"):
        return _heading(reader, found, line, row, indent)
    if (found := PICTURE.match(body)) is not None:
        caption = _Lines("picture", [(found.group(1).strip(), where)])
        reader.texts.append(caption.written())
        reader.blocks.append(RawBlock("image", (found.group(2), found.group(1).strip()), where))
        return number + 1
    if body.startswith("|"):
        return _table(reader, lines, number)
    if BULLET.match(body) or NUMBERED.match(body):
        return _list(reader, lines, number)
    return _paragraph(reader, lines, number)


FENCES = ("```", "~~~")


def _fence_end(lines: list[str], number: int, fence: str) -> int:
    """The line after the code block fenced by ``fence`` that starts at line ``number`` (the
    end of the file when it is never closed): refused once, its lines not read as text."""
    for index in range(number + 1, len(lines)):
        if lines[index].strip().startswith(fence):
            return index + 1
    return len(lines)


def _refused_block(body: str) -> tuple[str, str] | None:
    """What is wrong with a block that starts with ``body``, and what to write instead."""
    if body.startswith(">"):
        return "a block quote is not printed", "a paragraph"
    if body.startswith(FENCES):
        return "a code block is not printed", "a paragraph; `code` inside one is set in semibold"
    if body.startswith("<"):
        return "HTML is not printed", "Markdown: **bold**, *italic*, lists, tables"
    if RULE_LINE.match(body):
        return (
            "a horizontal rule (or a --- underline) is not printed",
            "{% break column %} or {% break page %} for a new column or page; # for a heading",
        )
    if re.fullmatch(r"=+", body):
        return "an === underline is not printed", "# Heading"
    if body.startswith("#") and not HEADING.match(body):
        return "a heading needs a space after its #", "# Heading"
    if body.startswith("[") and re.match(r"^\[[^\]]+\]:", body):
        return "a link definition cannot be followed on paper", "the words alone"
    return None


def _directive(reader: _Reader, words: str, where: Location) -> None:
    parts = words.split()
    allowed = "{% cards DECK %}, {% components %}, {% break page %}, {% break column %}"
    if len(parts) == 2 and parts[0] == "cards":
        reader.blocks.append(RawBlock("cards", (parts[1],), where))
    elif parts == ["components"]:
        reader.blocks.append(RawBlock("table", ("components",), where))
    elif len(parts) == 2 and parts[0] == "break" and parts[1] in ("page", "column"):
        reader.blocks.append(RawBlock("break", (parts[1],), where))
    else:
        shown = "{% " + words + " %}"
        reader.refuse(where.line, where.column, "", f"unknown block {shown!r}", allowed)


def _heading(reader: _Reader, found: re.Match[str], line: str, row: int, indent: int) -> int:
    level = len(found.group(1))
    where = Location(reader.file, row, indent + 1)
    if level > 2:
        reader.refuse(
            row,
            indent + 1,
            "heading",
            f"a heading of level {level} ({found.group(1)}) is not printed",
            "# for a heading, ## for a subheading",
        )
        return row
    text = found.group(3)
    if not text:
        reader.refuse(row, indent + 1, "heading", "the heading is empty", "# and its words")
        return row
    column = line.index(text, indent + level) + 1
    lines = _Lines("heading", [(text, Location(reader.file, row, column))])
    reader.add("h" if level == 1 else "h2", where, [lines])
    return row


def _starts_block(body: str) -> bool:
    """Whether a line holding ``body`` starts a block of its own (ending a paragraph)."""
    return (
        body.startswith(("#", "|", ">", "```", "~~~", "<"))
        or DIRECTIVE.match(body) is not None
        or PICTURE.match(body) is not None
        or BULLET.match(body) is not None
        or NUMBERED.match(body) is not None
        or RULE_LINE.match(body) is not None
        or re.fullmatch(r"=+", body) is not None
    )


def _paragraph(reader: _Reader, lines: list[str], number: int) -> int:
    first = lines[number]
    where = Location(reader.file, number + 1, _indent(first) + 1)
    parts = _Lines("paragraph", [])
    while number < len(lines):
        line = lines[number].replace("\t", "    ")
        body = line.strip()
        if not body or (parts.parts and _starts_block(body)):
            if parts.parts and (RULE_LINE.match(body) or re.fullmatch(r"=+", body)):
                reader.refuse(
                    number + 1,
                    _indent(line) + 1,
                    "",
                    "an underline under a paragraph is not printed",
                    "# Heading",
                )
                number += 1
            break
        parts.parts.append((body, Location(reader.file, number + 1, _indent(line) + 1)))
        number += 1
    reader.add("p", where, [parts])
    return number


def _list(reader: _Reader, lines: list[str], number: int) -> int:
    first = lines[number].strip()
    numbered = NUMBERED.match(first) is not None
    kind = "steps" if numbered else "bullets"
    where = Location(reader.file, number + 1, _indent(lines[number]) + 1)
    items: list[_Lines] = []
    while number < len(lines):
        line = lines[number].replace("\t", "    ")
        body = line.strip()
        row = number + 1
        if not body:
            break
        marker = NUMBERED.match(body) if numbered else BULLET.match(body)
        other = BULLET.match(body) if numbered else NUMBERED.match(body)
        if marker is not None and _indent(line) >= 2:
            reader.refuse(
                row, _indent(line) + 1, "list item", "a list inside a list is not printed",
                "one level of items; a subheading (##) above a list of its own",
            )  # fmt: skip
            number += 1
            continue
        if other is not None and _indent(line) < 2:
            break  # a list of the other kind starts
        if marker is not None:
            if numbered and not items and marker.group(1) != "1":
                reader.refuse(
                    row, _indent(line) + 1, "list item",
                    f"a numbered list starting at {marker.group(1)} would be printed from 1",
                    "a numbered list starting at 1.",
                )  # fmt: skip
            text = marker.group(4) if numbered else marker.group(3)
            column = len(line) - len(text) + 1
            items.append(_Lines("list item", [(text.strip(), Location(reader.file, row, column))]))
        elif items and not _starts_block(body):
            items[-1].parts.append((body, Location(reader.file, row, _indent(line) + 1)))
        else:
            break
        number += 1
    reader.add(kind, where, items)
    return number


def _cells(line: str) -> Iterator[tuple[str, int]]:
    """The cells of a table row and the 1-based column each starts at (``\\|`` is refused as an
    escape by the inline check; a ``|`` always separates)."""
    start = line.index("|") + 1
    body = line.rstrip()
    end = len(body) - 1 if body.endswith("|") and len(body) > start else len(body)
    position = start
    for part in body[start:end].split("|"):
        lead = len(part) - len(part.lstrip())
        yield part.strip(), position + lead + 1
        position += len(part) + 1


def _table(reader: _Reader, lines: list[str], number: int) -> int:
    header = lines[number]
    row = number + 1
    where = Location(reader.file, row, _indent(header) + 1)
    separator = lines[number + 1].strip() if number + 1 < len(lines) else ""
    cells = [cell for cell, _ in _cells(separator)] if separator.startswith("|") else []
    if not cells or not all(SEPARATOR_CELL.match(cell) for cell in cells):
        reader.refuse(
            row + 1 if number + 1 < len(lines) else row,
            1,
            "table",
            "a table needs a |---|---| line under its header",
            "| Name | Cost |, then |---|---|, then a row a line",
        )
        end = number
        while end < len(lines) and lines[end].strip().startswith("|"):
            end += 1
        return end
    width = len(list(_cells(header)))
    rows: list[list[_Lines]] = []
    index = number
    while index < len(lines) and lines[index].strip().startswith("|"):
        if index == number + 1:
            index += 1
            continue
        line = lines[index].replace("\t", "    ")
        found = list(_cells(line))
        if len(found) != width:
            reader.refuse(
                index + 1,
                _indent(line) + 1,
                "table",
                f"the row has {len(found)} cell{'s' if len(found) != 1 else ''}, the header "
                f"{width}",
                f"{width} cells in every row, an empty one written | |",
            )
        else:
            rows.append(
                [
                    _Lines("table cell", [(cell, Location(reader.file, index + 1, column))])
                    for cell, column in found
                ]
            )
        index += 1
    written: list[str] = []
    for cells_of_row in rows:
        texts = [cell.written() for cell in cells_of_row]
        for text in texts:
            reader.inline(text)
        reader.texts += texts
        written.append(CELL.join(text.text for text in texts))
    reader.blocks.append(RawBlock("written-table", tuple(written), where))
    return index
