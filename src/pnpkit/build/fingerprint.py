"""A fingerprint of everything a document is drawn from, so a rebuild can skip documents whose
inputs did not change (``pnpkit watch``).

A document is drawn by a function (the ``pages`` of its
:class:`~pnpkit.layout.plan.DocumentPlan`, which :func:`pnpkit.build.write.write_document`
fingerprints); its inputs are what that function holds: the models in its closure and
defaults, the faces it places (their SVG text, which carries every field and the template),
the paper and the back offset. :func:`fingerprint` walks them and hashes a stable description:
frozen dataclasses by their fields, functions by their code and what they hold, containers by
their items (sets and mappings sorted), and any other object by its ``__fingerprint__`` (a
text, or values to describe in turn: what the object is drawn from). An object it cannot
describe (no dataclass, no ``__fingerprint__``) makes the fingerprint None: such a document is
always drawn again.

>>> fingerprint("a", (1, 2.5)) == fingerprint("a", (1, 2.5))
True
>>> fingerprint(object()) is None
True
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import types
from pathlib import PurePath
from typing import Any

MAX_DEPTH = 60


class Unknown(Exception):
    """An object with no stable description."""


def fingerprint(*parts: object) -> str | None:
    """The SHA-256 of a stable description of ``parts``, or None when one cannot be made."""
    digest = hashlib.sha256()
    try:
        for part in parts:
            digest.update(_describe(part, 0, {}).encode("utf-8", "surrogatepass"))
            digest.update(b"\x00")
    except (Unknown, RecursionError):
        return None
    return digest.hexdigest()


def _describe(obj: Any, depth: int, memo: dict[int, tuple[object, str]]) -> str:
    if depth > MAX_DEPTH:
        raise Unknown("too deep")
    if obj is None or isinstance(obj, bool | int | float | complex | str | bytes):
        return repr(obj)
    if isinstance(obj, enum.Enum):
        return f"{type(obj).__qualname__}.{obj.name}"
    if isinstance(obj, PurePath):
        return f"path:{obj.as_posix()}"
    key = id(obj)
    if key in memo:
        return memo[key][1]
    # the object is kept with its description: one made while describing (a code object's
    # constants, what a ``__fingerprint__`` returns) would otherwise be freed and its id
    # given to another object, which would then read as this one
    memo[key] = (obj, "<cycle>")
    text = _compound(obj, depth + 1, memo)
    memo[key] = (obj, text)
    return text


def _compound(obj: Any, depth: int, memo: dict[int, tuple[object, str]]) -> str:
    def d(value: Any) -> str:
        return _describe(value, depth, memo)

    own = getattr(type(obj), "__fingerprint__", None)
    if own is not None:  # a text, or values described like any others
        value = own(obj)
        return f"{type(obj).__qualname__}:{value if isinstance(value, str) else d(value)}"
    if isinstance(obj, tuple | list):
        return "[" + ",".join(d(item) for item in obj) + "]"
    if isinstance(obj, set | frozenset):
        return "{" + ",".join(sorted(d(item) for item in obj)) + "}"
    if isinstance(obj, dict):
        items = sorted((d(k), d(v)) for k, v in obj.items())
        return "{" + ",".join(f"{k}:{v}" for k, v in items) + "}"
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        fields = ",".join(f"{f.name}={d(getattr(obj, f.name))}" for f in dataclasses.fields(obj))
        return f"{type(obj).__module__}.{type(obj).__qualname__}({fields})"
    if isinstance(obj, types.MethodType):
        return f"method({d(obj.__self__)},{d(obj.__func__)})"
    if isinstance(obj, types.FunctionType):
        return _function(obj, d)
    if isinstance(obj, types.BuiltinFunctionType | types.ModuleType | type):
        return f"{getattr(obj, '__module__', '')}.{getattr(obj, '__qualname__', obj.__name__)}"
    raise Unknown(type(obj).__qualname__)


def _function(fn: types.FunctionType, d: Any) -> str:
    code = fn.__code__
    cells = [_cell(cell, d) for cell in fn.__closure__ or ()]
    return (
        f"fn:{fn.__module__}.{fn.__qualname__}:{code.co_code.hex()}:{d(_consts(code))}:"
        f"{d(fn.__defaults__)}:{d(fn.__kwdefaults__)}:[{','.join(cells)}]"
    )


def _cell(cell: types.CellType, d: Any) -> str:
    try:
        contents = cell.cell_contents
    except ValueError:  # a closure variable not yet assigned
        return "<empty>"
    return str(d(contents))


def _consts(code: types.CodeType) -> tuple[object, ...]:
    """A code object's constants, nested code objects by their own code and constants."""
    return tuple(
        (c.co_code.hex(), _consts(c)) if isinstance(c, types.CodeType) else c
        for c in code.co_consts
    )
