"""A work budget for each face a template draws, so that no template can hang pnpkit.

Card and counter faces are Jinja templates a designer writes. Jinja's sandbox keeps them away
from Python's internals and refuses one ``range()`` of over 100,000 items, but nested loops,
a macro that calls itself twice at each level, a product such as ``"x" * 10**9`` or a power such
as ``9 ** (9 ** 9)`` ran for hours or took every byte of memory. :class:`BudgetedSandbox` counts
what a template does while it draws one face and stops it with :class:`OverBudget` (which
:func:`pnpkit.render.templates.error_location.template_failure` reports at the template's line, naming the card
and the limit) once it passes one of three limits:

- :data:`MAX_STEPS` steps: a loop turn or ``range()`` item is one, a call (a macro, a helper, a
  method) or an ``{% include %}`` or ``{% import %}`` :data:`CALL_STEPS` plus the length of
  every text or list it is given, a filter, a method of a text or list, a comparison or ``in``
  one per character or item it goes through;
- :data:`MAX_BUILT` characters or items made by ``*``, ``+``, ``%``, ``~``, slices, filters,
  calls and ``{{ … }}`` together; a product, a width or count written as a number (``"x"
  .center(10**9)``, ``"%999999999d"``) and a filter or method whose result is known to be too
  long (``|indent``, ``|wordwrap``, ``|join``, ``|replace`` and their like) are refused before
  they are made;
- numbers of at most :data:`MAX_DIGITS` digits: ``*``, ``**``, ``+`` and ``-`` refuse a larger
  result, ``*`` and ``**`` before computing it.

``lipsum()`` and ``|random`` are taken away: what they give is random, so a face drawn with
them would differ at each build.

The budget counts work, never time, so a template passes or fails the same way on a slow and a
fast machine, and what passes ``pnpkit check`` builds: check, build (whose drawing processes are
given the faces already laid out) and watch lay out every face with
:meth:`pnpkit.render.faces.renderer.FaceRenderer.render`, which starts each face at zero
(:meth:`BudgetedSandbox.fresh_budget`). Measured on every face of the bundled games, the busiest
(British vs Pirates' market prices) takes 18,238 steps and the most made is 27,762 characters:
the limits leave fifty and three hundred times that.

What Jinja's sandbox lets no method see (a loop's items, ``~``, a slice, a comparison) is
counted by rewriting the template as it is compiled (:func:`budgeted`): each is passed through a
function of this module (:func:`counted`, :func:`built`, :func:`scanned`). :data:`CODE_VERSION`
names that rewriting in the folder compiled templates are kept in, so that no template compiled
without it is read back.
"""

from __future__ import annotations

import functools
import operator
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, cast

from jinja2 import TemplateSyntaxError, nodes, pass_context, pass_environment
from jinja2.runtime import Context, LoopContext
from jinja2.sandbox import MAX_RANGE, SandboxedEnvironment, SandboxedFormatter
from jinja2.utils import _PassArg

MAX_STEPS = 1_000_000
"""Steps one face may take (see :data:`STEPS_ALLOWED`). The bundled games' busiest face takes
about 18,000; a million loop turns are a fraction of a second of Jinja (0.15 s measured), so a
mistake (two nested ``range(100000)``, ten billion turns) ends at once instead of after hours."""

MAX_BUILT = 10_000_000
"""Characters or items one face may make with ``*``, ``+``, ``~``, calls and filters: ten
megabytes of text at most, where a bundled face's whole SVG is a few kilobytes."""

MAX_DIGITS = 1000
"""The most digits a number a template computes may have (a card prints a handful; Python
itself will not print an integer of over 4,300)."""

_TOO_BIG = 10**MAX_DIGITS
_BITS_PER_DIGIT = 3.3219280948873626
CODE_VERSION = "budget-3"
"""What templates compile to besides Jinja's own code (loops and ``~`` counted, unknown
filters and tests and too long numbers refused: :class:`Refused`); part of the
name of the folder compiled templates are kept in (:mod:`pnpkit.render.templates.cache`). The
compiled code names this module's functions by their dotted names, so moving the module is a new
version too."""


class Refused(TemplateSyntaxError):
    """A template refused as it is compiled, at its line: a filter or test Jinja does not
    have (Jinja itself refuses one only outside an ``{% if %}``, and the one inside fails when
    a card reaches it), a number written with over :data:`MAX_DIGITS` digits, a template
    nested too deep for Jinja's parser. ``allowed`` says what is; ``column``, when known, where
    on the line."""

    def __init__(
        self,
        message: str,
        allowed: str,
        lineno: int,
        name: str | None,
        filename: str | None,
        column: int | None = None,
    ) -> None:
        super().__init__(message, lineno, name, filename)
        self.allowed = allowed
        self.column = column


def _refuse_unknown(env: SandboxedEnvironment, tree: nodes.Template) -> None:
    """Refuse the first filter or test of ``tree`` that ``env`` does not have, or number
    written with too many digits, at its line (:class:`Refused`; its template is named by
    the caller)."""
    for node in tree.find_all((nodes.Filter, nodes.Test, nodes.Const)):
        if isinstance(node, nodes.Const):
            if _is_int(node.value) and abs(node.value) >= _TOO_BIG:
                said = f"the number {describe(node.value)} has over {MAX_DIGITS:,} digits"
                raise Refused(said, DIGITS_ALLOWED, node.lineno, None, None)
            continue
        assert isinstance(node, nodes.Filter | nodes.Test)
        kind = "filter" if isinstance(node, nodes.Filter) else "test"
        known = env.filters if kind == "filter" else env.tests
        if node.name not in known:
            allowed = ", ".join(sorted(known))
            raise Refused(f"No {kind} named {node.name!r}.", allowed, node.lineno, None, None)


_NUMBER = re.compile(r"\d[\d_]*")


def _too_long_literal(source: str, name: str | None, filename: str | None) -> Refused:
    """The number written in ``source`` with more digits than Python reads (over 4,300),
    refused at its line, quoted by its first 20 digits."""
    readable = sys.get_int_max_str_digits() or MAX_DIGITS
    found = next(
        (m for m in _NUMBER.finditer(source) if len(m.group().replace("_", "")) > readable), None
    )
    text = found.group().replace("_", "") if found else ""
    at = found.start() if found else 0
    return Refused(
        f"the number {text[:20]}… ({len(text):,} digits) has over {MAX_DIGITS:,} digits",
        DIGITS_ALLOWED,
        source.count("\n", 0, at) + 1,
        name,
        filename,
    )


def _too_deep(source: str, name: str | None, filename: str | None) -> Refused:
    """A template nested deeper than Jinja's parser goes (brackets in brackets, hundreds
    deep), refused where its brackets are deepest."""
    depth = deepest = at = 0
    for index, char in enumerate(source):
        depth += 1 if char in "([" else -1 if char in ")]" else 0
        if depth > deepest:
            deepest, at = depth, index
    row = source.count("\n", 0, at) + 1
    column = at - (source.rfind("\n", 0, at) + 1) + 1
    return Refused(
        f"it nests {deepest:,} brackets deep, deeper than Jinja can read",
        "brackets a few dozen deep at most",
        row,
        name,
        filename,
        column,
    )


class OverBudget(Exception):
    """A template went past its budget: ``message`` says what it did, ``allowed`` the limit."""

    def __init__(self, message: str, allowed: str) -> None:
        super().__init__(message)
        self.message = message
        self.allowed = allowed


CALL_STEPS = 100
"""The steps a call costs (a macro, a helper, a method), besides the length of every text or
list it is given: a call does a hundred times the work of a loop turn, or more (a macro that
calls itself twice, forty deep, ends after ten thousand calls, not a trillion)."""

STEPS_ALLOWED = (
    f"at most {MAX_STEPS:,} steps for each face: one a loop turn or range() item, "
    f"{CALL_STEPS} a call, one per character or item a filter or method goes through"
)
BUILT_ALLOWED = f"at most {MAX_BUILT:,} characters or items made for each face"
DIGITS_ALLOWED = f"numbers of at most {MAX_DIGITS:,} digits"


What = str | Callable[[], str]
"""What did something, as a message says it: a text, or a function that writes it (so that the
words are written only when a limit is passed, not at every operation)."""


def _said(what: What) -> str:
    return what if isinstance(what, str) else what()


class Budget:
    """What one face's template has done so far: steps taken and characters or items made."""

    __slots__ = ("built", "steps")

    def __init__(self) -> None:
        self.steps = 0
        self.built = 0

    def reset(self) -> None:
        """Start again at zero, for the next face (the same object: a ``range()`` kept by an
        imported template's module, made while another face was drawn, counts for this one)."""
        self.steps = 0
        self.built = 0

    def step(self, count: int = 1) -> None:
        """Count ``count`` steps of work; past :data:`MAX_STEPS`, stop the template."""
        self.steps += count
        if self.steps > MAX_STEPS:
            raise OverBudget(
                f"it takes more than {MAX_STEPS:,} steps of work for one card "
                "(nested loops, or a macro that calls itself too often?)",
                STEPS_ALLOWED,
            )

    def afford(self, size: int, what: What) -> None:
        """Stop the template if ``what`` would make ``size`` characters or items past
        :data:`MAX_BUILT`, before it makes them (what it does make is counted after, by
        :meth:`make`)."""
        if self.built + size > MAX_BUILT:
            self.make(size, what)

    def make(self, size: int, what: What) -> None:
        """Count ``size`` characters or items that ``what`` makes (before it makes them where
        that can be known); past :data:`MAX_BUILT`, stop the template."""
        if self.built + size > MAX_BUILT:
            # what was made before matters only when this alone would fit
            before = f" ({self.built:,} made before it)" if size <= MAX_BUILT else ""
            raise OverBudget(
                f"{_said(what)} would make {amount(size)} characters or items{before}",
                BUILT_ALLOWED,
            )
        self.built += size


def describe(value: object) -> str:
    """``value`` as a message shows it, never at length: a number of over 20 digits by its first
    20 and how many it has (``10000000000000000000… (5,001 digits)``), a long text or a list by
    its length."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return amount(value, grouped=False)
    if isinstance(value, str):
        return repr(str(value)) if len(value) <= 20 else f"a text of {len(value):,} characters"
    if isinstance(value, list | tuple):
        return f"a list of {len(value):,} item{'' if len(value) == 1 else 's'}"
    return type(value).__name__


def amount(value: int, *, grouped: bool = True) -> str:
    """The whole number ``value`` as a message says it: whole up to 20 digits (in groups of
    three when ``grouped``), else its first 20 digits and how many it has. Python will not
    write out an integer of over 4,300 digits at all."""
    digits = _digits(value)
    if digits <= 20:
        return f"{value:,}" if grouped else str(value)
    sign = "-" if value < 0 else ""
    return f"{sign}{abs(value) // 10 ** (digits - 20)}… ({digits:,} digits)"


def _digits(value: int) -> int:
    """How many digits ``value`` has, without writing it out."""
    size = abs(value)
    digits = int(size.bit_length() / _BITS_PER_DIGIT) + 1  # exact or one too many
    if digits > 1 and size < 10 ** (digits - 1):
        digits -= 1
    return digits


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _sized(value: object) -> int | None:
    """The length of a text, list or tuple; None for anything else."""
    return len(value) if isinstance(value, str | list | tuple) else None


def _number(value: object, what: What) -> object:
    """``value`` if it is no number of over :data:`MAX_DIGITS` digits."""
    if isinstance(value, int) and abs(value) >= _TOO_BIG:
        raise OverBudget(f"{_said(what)} is a number of over {MAX_DIGITS:,} digits", DIGITS_ALLOWED)
    return value


def _too_many_digits(bits: float) -> bool:
    """Whether an integer of about ``bits`` bits (an overestimate by a bit or two) surely
    passes :data:`MAX_DIGITS`; one near the limit is computed and measured instead."""
    return bits > MAX_DIGITS * _BITS_PER_DIGIT + 2


def _product(budget: Budget, left: Any, right: Any) -> Any:
    """``left * right``: a text or list repeated is counted before it is made, a number of
    too many digits refused before it is computed."""

    def what() -> str:
        return f"{describe(left)} * {describe(right)}"

    for seq, times in ((left, right), (right, left)):
        size = _sized(seq)
        if size is not None and _is_int(times):
            budget.make(size * max(times, 0), what)
            return operator.mul(left, right)
    if _is_int(left) and _is_int(right):
        if _too_many_digits(abs(left).bit_length() + abs(right).bit_length()):
            raise OverBudget(
                f"{what()} would be a number of over {MAX_DIGITS:,} digits", DIGITS_ALLOWED
            )
        return _number(operator.mul(left, right), what)
    return operator.mul(left, right)


def _power(left: Any, right: Any) -> Any:
    """``left ** right``, a whole number of too many digits refused before it is computed."""

    def what() -> str:
        return f"{describe(left)} ** {describe(right)}"

    if _is_int(left) and _is_int(right) and right > 0 and abs(left) > 1:
        bits = (abs(left).bit_length() - 1) * right
        if _too_many_digits(bits):
            # ``bits`` may pass any float (``9 ** 10**400``): then in whole numbers
            close = bits < 10**300
            digits = int(bits / _BITS_PER_DIGIT) + 1 if close else bits * 10**6 // 3_321_929
            raise OverBudget(
                f"{what()} would be a number of about {amount(digits)} digits or more",
                DIGITS_ALLOWED,
            )
        return _number(operator.pow(left, right), what)
    return operator.pow(left, right)


_PERCENT_SPEC = re.compile(
    r"%(\([^)]*\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d+))?[hlL]?([diouxXeEfFgGcrsa%])?"
)
"""One conversion of ``text % values``: its mapping key, width, precision and type."""


def _percent_width_list(text: str, values: Any) -> list[int]:
    """The widths and precisions ``text % values`` pads to: those written in ``text``
    (``%999999999d``) and those a ``*`` takes from ``values``, each in its turn (a value
    printed is no width: ``"%d" % 10**30`` pads nothing). A precision cuts a text
    (``%.5s``), so only a number's counts."""
    given = list(values) if isinstance(values, tuple) else [values]
    widths: list[int] = []
    for spec in _PERCENT_SPEC.finditer(text):
        key, width, precision, kind = spec.groups()
        if kind == "%":
            continue
        for written, counts in ((width, True), (precision, kind not in ("s", "r", "a"))):
            number: object = written
            if written == "*":
                number = given.pop(0) if given and key is None else None
            elif written is not None:
                number = int(written)
            if counts and isinstance(number, int) and not isinstance(number, bool):
                widths.append(number)
        if key is None and given:
            given.pop(0)  # the value this conversion prints
    return widths


def _percent_widths(budget: Budget, text: str, values: Any) -> None:
    """Refuse ``text % values`` if a width or precision (:func:`_percent_width_list`) would
    pass what a face may make, before formatting."""
    widths = _percent_width_list(text, values)
    if widths:
        widest = max(widths)
        budget.afford(widest, lambda: f"a format width of {amount(widest)} in {describe(text)}")


def _formatted(budget: Budget, left: Any, right: Any) -> Any:
    """``left % right``: text formatted with widths no larger than what may be made."""
    if isinstance(left, str):
        _percent_widths(budget, left, right)
        result = operator.mod(left, right)
        budget.make(len(result), f"{describe(left)} % …")
        return result
    return operator.mod(left, right)


class CountedRange:
    """``range()`` as the templates have it: a range whose items are counted as they are
    taken (by a loop, ``|list``, ``|join``, …) as steps of the face's budget."""

    __slots__ = ("budget", "items")

    def __init__(self, budget: Budget, items: range) -> None:
        self.budget = budget
        self.items = items

    def __iter__(self) -> Iterator[int]:
        return self._counting(iter(self.items))

    def __reversed__(self) -> Iterator[int]:
        return self._counting(reversed(self.items))

    def _counting(self, items: Iterator[int]) -> Iterator[int]:
        for item in items:
            self.budget.step()
            yield item

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, index: int) -> int:
        return self.items[index]

    def __contains__(self, value: object) -> bool:
        return value in self.items

    def __repr__(self) -> str:
        return repr(self.items)


def _counting(budget: Budget, items: Iterable[Any]) -> Iterator[Any]:
    for item in items:
        budget.step()
        yield item


@pass_environment
def counted(env: BudgetedSandbox, items: Any) -> Any:
    """The items a ``{% for %}`` loop takes, each counted as a step (a ``range()`` counts its
    own items)."""
    if isinstance(items, CountedRange):
        return items
    return _counting(env.budget, iter(items))


@pass_environment
def built(env: BudgetedSandbox, value: Any) -> Any:
    """``value`` (made by ``~`` or a slice), its characters or items counted as made."""
    env.budget.make(_sized(value) or 0, "joining with ~" if isinstance(value, str) else "a slice")
    return value


@pass_environment
def scanned(env: BudgetedSandbox, value: Any) -> Any:
    """``value`` (compared, or looked through by ``in``), its length counted as steps."""
    size = _sized(value)
    if size:
        env.budget.step(size)
    return value


@pass_environment
def included(env: BudgetedSandbox, _: None) -> None:
    """Count an ``{% include %}`` or ``{% import %}`` as a call."""
    env.budget.step(CALL_STEPS)


_OURS = frozenset({counted, built, scanned, included})
COUNTED = f"{__name__}.counted"
BUILT = f"{__name__}.built"
SCANNED = f"{__name__}.scanned"
INCLUDED = f"{__name__}.included"


def _call(target: str, node: nodes.Node) -> nodes.Call:
    """``target(node)``, a call of one of this module's functions, at ``node``'s line (``node``
    is an expression: Jinja types a loop's ``iter`` as any node)."""
    call = nodes.Call(nodes.ImportedName(target), [cast(nodes.Expr, node)], [], None, None)
    call.set_lineno(node.lineno)
    return call


def _measured(node: object) -> object:
    """``node``, measured as it runs (:func:`built`) if it is a ``~`` or a slice (``s[1:]``,
    which Jinja's sandbox leaves to Python)."""
    if isinstance(node, nodes.Concat):
        return _call(BUILT, node)
    if isinstance(node, nodes.Getitem) and isinstance(node.arg, nodes.Slice):
        return _call(BUILT, node)
    return node


def budgeted(tree: nodes.Template) -> nodes.Template:
    """``tree`` with every loop's items counted (:func:`counted`), every ``~`` measured
    (:func:`built`) and what every comparison or ``in`` looks through counted
    (:func:`scanned`)."""
    for node in [tree, *tree.find_all(nodes.Node)]:
        if isinstance(node, nodes.For):
            node.iter = _call(COUNTED, node.iter)
        elif isinstance(node, nodes.Compare):
            node.expr = _call(SCANNED, node.expr)
            for operand in node.ops:
                operand.expr = _call(SCANNED, operand.expr)
        for field in node.fields:
            value = getattr(node, field, None)
            if isinstance(value, list):
                value[:] = [new for item in value for new in _charged(item)]
            else:
                setattr(node, field, _measured(value))
    return tree


def _charged(node: object) -> list[object]:
    """``node`` measured (:func:`_measured`), after a call of :func:`included` if it is an
    ``{% include %}`` or ``{% import %}`` (a template run again: as much work as a call)."""
    if isinstance(node, nodes.Include | nodes.Import | nodes.FromImport):
        charge = nodes.ExprStmt(_call(INCLUDED, nodes.Const(None)))
        charge.set_lineno(node.lineno)
        return [charge, node]
    return [_measured(node)]


def _replace_size(text: str, old: object, new: object) -> int:
    """An upper bound of ``len(text.replace(old, new))``, known before replacing."""
    if not isinstance(old, str) or not isinstance(new, str):
        return len(text)
    found = text.count(old) if old else len(text) + 1
    return len(text) + found * max(len(new) - len(old), 0)


_STANDARD_SPEC = re.compile(r"(?:.?[<>=^])?[-+ ]?z?#?0?(\d*)[,_]?(?:\.(\d+))?[bcdeEfFgGnosxX%]?")
"""A format spec of Python's own mini-language: its width and precision."""


def _spec_widths(spec: str, value: object) -> list[int]:
    """The width and precision a format ``spec`` pads ``value`` to (``>20``: 20); a precision
    cuts a text, so only a number's counts. A spec of another language (a date's) by every
    number written in it."""
    standard = _STANDARD_SPEC.fullmatch(spec)
    if standard is None:
        return [int(n) for n in re.findall(r"\d+", spec)]
    width, precision = standard.groups()
    widths = [int(width)] if width else []
    if precision and not isinstance(value, str):
        widths.append(int(precision))
    return widths


def _format_width_list(env: SandboxedEnvironment, text: str, args: Any, kwargs: Any) -> list[int]:
    """The widths and precisions ``text.format(*args, **kwargs)`` pads to, each spec read as
    Python reads it, a width given as an argument (``"{:>{}}".format(s, 20)``) included; a
    value printed is no width (``"{}".format(10**30)``). Fields that do not resolve are left
    to the call itself to refuse."""
    formatter = SandboxedFormatter(env)
    auto = 0

    def value_of(field: str) -> Any:
        nonlocal auto
        if field == "":
            field, auto = str(auto), auto + 1
        return formatter.get_field(field, args, kwargs)[0]

    widths: list[int] = []
    try:
        for _, field, written, _ in formatter.parse(text):
            if field is None:
                continue
            value = value_of(field)
            spec = written or ""
            if "{" in spec:
                spec = "".join(
                    literal + ("" if inner is None else format(value_of(inner), inner_spec or ""))
                    for literal, inner, inner_spec, _ in formatter.parse(spec)
                )
            widths += _spec_widths(spec, value)
    except (LookupError, ValueError, TypeError, AttributeError):
        pass
    return widths


def _width_of(args: tuple[Any, ...], kwargs: dict[str, Any], name: str, default: int) -> int:
    """A method's or filter's width argument, the first after the value or given by ``name``;
    0 for one that is not a whole number (the call refuses it itself)."""
    width = _argument(args, kwargs, 0, name)
    if width is None:
        return default
    return width if _is_int(width) else 0


def _text_method_size(owner: str, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> int:
    """An upper bound of the length of ``owner.name(*args, **kwargs)`` for the methods that pad
    or expand a text to a width (``center``, ``ljust``, ``rjust``, ``zfill``, ``expandtabs``); 0
    for any other."""
    if name in ("center", "ljust", "rjust", "zfill"):
        return max(len(owner), _width_of(args, kwargs, "width", 0))
    if name == "expandtabs":
        return len(owner) + owner.count("\t") * max(_width_of(args, kwargs, "tabsize", 8), 0)
    return 0


def _method_cost(
    env: BudgetedSandbox, method: Any, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    """Count a method of a text or list as steps (its length: it may look at every item) and
    refuse one whose result would pass what a face may make, before it runs: a width it pads
    to (``"x".center(10**9)``, ``"{:>{}}".format(s, 10**9)``), a text replaced or joined."""
    budget = env.budget
    inner = getattr(method, "__wrapped__", method)  # str.format, as the sandbox wraps it
    owner = getattr(inner, "__self__", None)
    if not isinstance(owner, str | list | tuple):
        return
    name = getattr(inner, "__name__", "")
    what = f"{describe(owner)}.{name}()"  # a few hundred calls a face: words are cheap here
    budget.step(len(owner))
    if not isinstance(owner, str):
        return
    padded = _text_method_size(owner, name, args, kwargs)
    if padded:
        width = _argument(args, kwargs, 0, "tabsize" if name == "expandtabs" else "width")
        budget.afford(padded, f"{what} with {describe(width)}")
    elif name == "replace" and len(args) >= 2:
        budget.afford(_replace_size(owner, args[0], args[1]), what)
    elif name == "join" and args and _sized(args[0]) is not None:
        budget.afford(len(owner) * len(args[0]), what)
    elif name in ("format", "format_map"):
        given, named = (args, kwargs) if name == "format" else ((), args[0] if args else {})
        widths = _format_width_list(env, owner, given, named)
        if widths:
            widest = max(widths)
            budget.afford(widest, lambda: f"a format width of {amount(widest)} in {what}")


class BudgetedSandbox(SandboxedEnvironment):
    """Jinja's sandbox with a :class:`Budget` for each face (see the module's description)."""

    intercepted_binops = frozenset({"*", "**", "+", "-", "%"})

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.budget = Budget()
        self.finalize = _output
        self.globals["range"] = self._range
        # Lorem ipsum is random text (the global random): never the same twice, and as long
        # as asked for.
        self.globals.pop("lipsum", None)
        self.filters.pop("random", None)  # random too: ``list|random`` differs at every build
        for name, apply in list(self.filters.items()):
            self.filters[name] = _measured_filter(name, apply)

    def fresh_budget(self) -> None:
        """Start a face at zero: every face has the whole budget."""
        self.budget.reset()

    def _generate(
        self,
        source: nodes.Template,
        name: str | None,
        filename: str | None,
        defer_init: bool = False,
    ) -> str:
        """Jinja's code for the template ``source``, its loops counted (:func:`budgeted`),
        a filter or test Jinja does not have refused (:func:`_refuse_unknown`)."""
        try:
            _refuse_unknown(self, source)
        except Refused as exc:
            exc.name, exc.filename = name, filename
            raise
        return super()._generate(budgeted(source), name, filename, defer_init)

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        """The tree of ``source``; a number written with more digits than Python reads is
        refused at its line (:class:`Refused`), not a ValueError of Jinja's lexer."""
        try:
            return super()._parse(source, name, filename)
        except RecursionError:
            raise _too_deep(source, name, filename) from None
        except ValueError as exc:
            if "integer string conversion" not in str(exc):
                raise
            raise _too_long_literal(source, name, filename) from None

    def _range(self, *args: int) -> CountedRange:
        items = range(*args)
        if len(items) > MAX_RANGE:  # the sandbox's own limit, kept
            raise OverflowError(
                f"Range too big: range() of {len(items):,} items, "
                f"at most {MAX_RANGE:,} in one range()"
            )
        return CountedRange(self.budget, items)

    def call_binop(self, context: Any, operator_: str, left: Any, right: Any) -> Any:
        budget = self.budget
        if operator_ == "*":
            return _product(budget, left, right)
        if operator_ == "**":
            return _power(left, right)
        if operator_ == "%":
            return _formatted(budget, left, right)
        result = super().call_binop(context, operator_, left, right)

        def what() -> str:
            return f"{describe(left)} {operator_} {describe(right)}"

        size = _sized(result)
        if size is not None:
            budget.make(size, what)
        return _number(result, what)

    def call(
        __self,  # Jinja's signature: positional-only by name
        __context: Any,
        __obj: Any,
        *args: Any,
        **kwargs: Any,
    ) -> Any:
        if __obj in _OURS:  # what a template's loops and ``~`` were compiled to call
            return __obj(__self, *args)
        budget = __self.budget
        cost = CALL_STEPS
        for arg in (*args, *kwargs.values()):
            if isinstance(arg, str | list | tuple):
                cost += len(arg)
        budget.step(cost)
        if isinstance(__obj, LoopContext) and args:  # a recursive loop's next level
            args = (counted(__self, args[0]), *args[1:])
        _method_cost(__self, __obj, args, kwargs)
        result = super().call(__context, __obj, *args, **kwargs)
        size = _sized(result)
        if size is not None:
            budget.make(size, "a call")
        return result


def _budget_of(context: Context) -> Budget:
    """The budget of the face ``context`` draws."""
    return cast(BudgetedSandbox, context.environment).budget


@pass_context
def _output(context: Context, value: Any) -> Any:
    """What ``{{ … }}`` writes, its length counted as made (taking the context, it runs as the
    face is drawn, never as the template is compiled)."""
    size = _sized(value)
    if size:
        _budget_of(context).make(size, "{{ … }}")
    return value


def _argument(rest: tuple[Any, ...], kwargs: dict[str, Any], at: int, name: str) -> Any:
    """A filter's argument ``name``, given as its ``at``-th after the value or by name."""
    return rest[at] if len(rest) > at else kwargs.get(name)


def _filter_cost(
    budget: Budget, name: str, value: Any, rest: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    """Refuse, before it runs, a filter whose result the budget cannot afford though each of
    its arguments is small: a text indented, wrapped or joined with a long string at every
    line or item, a replacement at every match, a format width; ``sum`` of texts or lists,
    which copies what it has added at each item, counts that copying as steps. A width
    refused is one the result is made as wide or as many as (:func:`_filter_width`); a number
    that only bounds the result (``truncate``, ``wordwrap``'s width) is never refused."""
    what = f"the filter {name}"
    width = _filter_width(name, value, rest, kwargs)
    if width is not None:
        size, given = width
        budget.afford(size, f"{what} with {describe(given)}")
    elif name == "round":
        _round_digits(value, rest, kwargs)
    elif isinstance(value, str):
        if name == "replace" and len(rest) >= 2:
            budget.afford(_replace_size(value, rest[0], rest[1]), what)
        elif name == "indent":
            width = _argument(rest, kwargs, 0, "width")
            wide = len(width) if isinstance(width, str) else width if _is_int(width) else 4
            budget.afford(len(value) + wide * (value.count("\n") + 1), what)
        elif name == "wordwrap":
            wrapstring = _argument(rest, kwargs, 2, "wrapstring")
            breaks = len(wrapstring) if isinstance(wrapstring, str) else 2
            budget.afford(len(value) * (1 + breaks), what)
        elif name == "format":
            _percent_widths(budget, value, tuple(rest) or kwargs)
    elif name == "join" and _sized(value) is not None:
        between = _argument(rest, kwargs, 0, "d")
        budget.afford(len(value) * (_sized(between) or 0), what)
    elif name == "sum" and _sized(value) is not None:
        start = _argument(rest, kwargs, 1, "start")
        if _sized(start) is not None:
            total = len(start) + sum(_sized(item) or 0 for item in value)
            budget.afford(total, what)
            budget.step(len(value) * total // 2)


def _filter_width(
    name: str, value: Any, rest: tuple[Any, ...], kwargs: dict[str, Any]
) -> tuple[int, object] | None:
    """For a filter that makes its result as wide or as many as a number it is given, an upper
    bound of what it makes and that number: ``center(width)``, ``slice(slices)`` (as many
    lists), ``batch(size, fill_with)`` (the last batch filled up to ``size``),
    ``tojson(indent)`` (each line indented by its depth); None for any other."""
    if name == "center" and isinstance(value, str):
        given = _argument(rest, kwargs, 0, "width")
        return max(len(value), _width_of(rest, kwargs, "width", 80)), given
    if name == "slice":
        given = _argument(rest, kwargs, 0, "slices")
        return _width_of(rest, kwargs, "slices", 0) + (_sized(value) or 0), given
    if name == "batch" and _argument(rest, kwargs, 1, "fill_with") is not None:
        given = _argument(rest, kwargs, 0, "linecount")
        return _width_of(rest, kwargs, "linecount", 0) + (_sized(value) or 0), given
    if name == "tojson":
        given = _argument(rest, kwargs, 0, "indent")
        return _json_indents(value, _width_of(rest, kwargs, "indent", 0)), given
    return None


def _json_indents(value: Any, indent: int) -> int:
    """The spaces ``value|tojson(indent)`` indents its lines with, in all: each item and
    each closing bracket of a container on a line of its own, ``indent`` spaces a level
    deep (a container met twice is left to ``tojson`` to refuse)."""
    if indent <= 0:
        return 0
    total = 0
    seen: set[int] = set()
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        items = list(item.values()) if isinstance(item, dict) else item
        if not isinstance(items, list | tuple) or not items or id(item) in seen:
            continue
        seen.add(id(item))
        total += indent * ((depth + 1) * len(items) + depth)
        pending.extend((child, depth + 1) for child in items)
    return total


def _round_digits(value: Any, rest: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """Refuse ``round(precision, "ceil" or "floor")`` whose ``10 ** precision`` would pass
    :data:`MAX_DIGITS` (Jinja computes it), before it is computed."""
    method = _argument(rest, kwargs, 1, "method")
    precision = _argument(rest, kwargs, 0, "precision")
    if method in ("ceil", "floor") and _is_int(precision) and precision >= MAX_DIGITS:
        raise OverBudget(
            f"the filter round with {describe(precision)} would compute 10 ** "
            f"{describe(precision)}, a number of over {MAX_DIGITS:,} digits",
            DIGITS_ALLOWED,
        )


def _measured_filter(name: str, apply: Callable[..., Any]) -> Callable[..., Any]:
    """The filter ``apply`` as the templates have it: its value's length counted as steps,
    a width larger than what a face may make refused (:func:`_filter_cost`), and what it returns counted
    as made. It takes the context (whose environment holds the budget), and gives ``apply`` what
    it asks Jinja for; a filter taking the context is never run as the template is compiled,
    so no work is done outside a face's budget."""
    passed = _PassArg.from_obj(apply)

    def measured(context: Context, *args: Any, **kwargs: Any) -> Any:
        budget = _budget_of(context)
        value, rest = (args[0], args[1:]) if args else (None, ())
        size = _sized(value)
        if size:
            budget.step(size)
        _filter_cost(budget, name, value, rest, kwargs)
        given = (
            {
                _PassArg.context: (context,),
                _PassArg.eval_context: (context.eval_ctx,),
                _PassArg.environment: (context.environment,),
            }.get(passed, ())
            if passed is not None
            else ()
        )
        result = apply(*given, *args, **kwargs)
        made = _sized(result)
        if made is not None:
            budget.make(made, f"the filter {name}")
        return result

    functools.update_wrapper(measured, apply)
    measured.jinja_pass_arg = _PassArg.context  # type: ignore[attr-defined]
    return measured
