"""Which characters a data value may hold, and how a character is named in a message.

A value is text a person reads on paper, so the reader refuses what cannot be seen or would
change what is seen without showing itself (:func:`refused`):

- control characters (Unicode category Cc): U+0000–U+001F and U+007F–U+009F, except the line
  feed U+000A and the tab U+0009, which layout uses (NUL, BEL and ESC all arrive through YAML's
  ``"\\0"``, ``"\\a"`` and ``"\\e"`` escapes; the YAML reader already refuses them raw);
- invisible format characters (category Cf): the soft hyphen U+00AD, U+061C, U+180E, the
  zero-width characters and direction marks U+200B–U+200F, the direction embeddings and
  overrides U+202A–U+202E, U+2060–U+2064 (word joiner, invisible operators), the direction
  isolates and the deprecated format characters U+2066–U+206F, the byte order mark U+FEFF,
  U+FFF9–U+FFFB, the tag characters U+E0001–U+E007F, and the rest of Cf;
- the line and paragraph separators U+2028 and U+2029 (categories Zl, Zp);
- lone surrogates U+D800–U+DFFF (category Cs): half of a pair written as two ``\\u`` escapes,
  which no PDF or file can hold.

Everything else is left to the font check (:func:`pnpkit.render.fonts.missing_glyphs`): what is
printable but has no glyph in the embedded font is refused there, naming the character.
This module is pure (no drawing library) so that :mod:`pnpkit.load` can use it.

>>> refused("Cap\\u200btain")
[(3, '\\u200b')]
>>> char_name("\\u05d0")
'U+05D0 HEBREW LETTER ALEF'
>>> char_name("\\x1b")
'U+001B ESCAPE'
"""

from __future__ import annotations

import unicodedata

ALLOWED_CONTROLS = frozenset("\n\t")
"""The two control characters a value may hold: a line break and a tab."""

REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Unicode categories refused in values (apart from :data:`ALLOWED_CONTROLS`)."""

ALLOWED = "printable text, line breaks and tabs"
"""What a value may hold, for a problem's ``allowed`` part."""

_C0_NAMES = (
    "NULL",
    "START OF HEADING",
    "START OF TEXT",
    "END OF TEXT",
    "END OF TRANSMISSION",
    "ENQUIRY",
    "ACKNOWLEDGE",
    "BELL",
    "BACKSPACE",
    "CHARACTER TABULATION",
    "LINE FEED",
    "LINE TABULATION",
    "FORM FEED",
    "CARRIAGE RETURN",
    "SHIFT OUT",
    "SHIFT IN",
    "DATA LINK ESCAPE",
    "DEVICE CONTROL ONE",
    "DEVICE CONTROL TWO",
    "DEVICE CONTROL THREE",
    "DEVICE CONTROL FOUR",
    "NEGATIVE ACKNOWLEDGE",
    "SYNCHRONOUS IDLE",
    "END OF TRANSMISSION BLOCK",
    "CANCEL",
    "END OF MEDIUM",
    "SUBSTITUTE",
    "ESCAPE",
    "FILE SEPARATOR",
    "GROUP SEPARATOR",
    "RECORD SEPARATOR",
    "UNIT SEPARATOR",
)
"""Names of U+0000–U+001F (Unicode's aliases: the character database gives them none)."""

_KINDS = {
    "Cc": "a control character",
    "Cf": "an invisible format character",
    "Cs": "a lone surrogate, half of an escaped pair",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}


def is_refused(char: str) -> bool:
    """Whether ``char`` may not appear in a value."""
    return char not in ALLOWED_CONTROLS and unicodedata.category(char) in REFUSED_CATEGORIES


def refused(text: str) -> list[tuple[int, str]]:
    """Each refused character of ``text`` with its 0-based index, in order."""
    if text.isprintable():  # the common case: nothing of Cc, Cf, Cs, Zl or Zp, no tab or break
        return []
    return [(i, char) for i, char in enumerate(text) if is_refused(char)]


def kind(char: str) -> str:
    """Why ``char`` is refused: ``a control character``, ``an invisible format character``…"""
    return _KINDS.get(unicodedata.category(char), "not allowed")


def char_name(char: str) -> str:
    """``U+05D0 HEBREW LETTER ALEF``: the code point and its Unicode name (or alias)."""
    code = ord(char)
    name = unicodedata.name(char, "")
    if not name:
        if code < 0x20:
            name = _C0_NAMES[code]
        elif code == 0x7F:
            name = "DELETE"
        elif 0x80 <= code <= 0x9F:
            name = "C1 CONTROL"
        elif 0xD800 <= code <= 0xDFFF:
            name = "SURROGATE"
    return f"U+{code:04X} {name}".rstrip()


def describe_refused(text: str, found: list[tuple[int, str]], most: int = 3) -> str:
    """``U+200B ZERO WIDTH SPACE (an invisible format character) at character 4``, for the
    first ``most`` distinct characters of ``found``, and how many more there are."""
    firsts: dict[str, int] = {}
    for index, char in found:
        firsts.setdefault(char, index)
    parts = [
        f"{char_name(char)} ({kind(char)}) at character {index + 1}"
        for char, index in list(firsts.items())[:most]
    ]
    more = len(firsts) - most
    if more > 0:
        parts.append(f"and {more} more")
    return ", ".join(parts)
