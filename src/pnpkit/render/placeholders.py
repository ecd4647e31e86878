"""Placeholders written in data (``{{ game.rounds }}`` in ``rules.yaml``), filled safely.

The text comes from a data file, so it is treated as untrusted. It is rendered by a Jinja
:class:`SandboxedEnvironment` (no attribute that reaches Python internals: ``''.__class__`` is a
:class:`SecurityError`) tightened further so that a placeholder can neither run long nor grow
large:

- only ``{{ … }}`` output: no ``{% for %}``, ``{% set %}``, ``{% include %}`` or other statement
  (nested loops could spin for hours);
- no function or method calls (``'x'.center(10**9)``, ``range(…)``);
- ``*`` and ``%`` on numbers only (``'x' * 10**9`` would take a gigabyte), no ``**``
  (``9 ** 9 ** 9`` does not finish);
- filters from :data:`SAFE_FILTERS` only, plus the ones the caller adds.

Every failure, whatever Python raised inside the template (``1 // 0``, ``'a' + 1``), comes out
as a :class:`jinja2.TemplateError`, which callers turn into a DataError at the data's place.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from types import CodeType
from typing import Any

from jinja2 import StrictUndefined, Template, TemplateError, TemplateRuntimeError, nodes
from jinja2.exceptions import SecurityError
from jinja2.sandbox import SandboxedEnvironment

from pnpkit.render.templates.cache import shared_cache

SAFE_FILTERS = (
    "abs", "capitalize", "default", "first", "int", "join", "last", "length", "lower",
    "round", "string", "title", "trim", "upper",
)  # fmt: skip
"""Jinja's built-in filters whose output is no larger than their input."""

NUMBERS_ONLY = frozenset({"*", "%"})
COMPILED_LIMIT = 4096
"""At most this many compiled texts are kept by an environment (every rule text of the bundled
games together is under 400)."""


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


class PlaceholderEnvironment(SandboxedEnvironment):
    """The sandbox for data-written placeholders (see the module's description)."""

    intercepted_binops = frozenset({"*", "%", "**"})

    def __init__(self, filters: Mapping[str, Callable[..., Any]] | None = None) -> None:
        super().__init__(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=False)
        kept = {name: self.filters[name] for name in SAFE_FILTERS}
        self.filters.clear()
        self.filters.update(kept)
        self.filters.update(filters or {})
        self.globals.clear()
        self.compiled: dict[str, Template] = {}
        """Each text's template, compiled once (``check`` and ``build`` fill the same texts)."""

    def template(self, text: str) -> Template:
        """``text`` parsed, held to placeholders only, and compiled (once per text; the code
        is kept in :mod:`pnpkit.render.templates.cache` for the next process too)."""
        found = self.compiled.get(text)
        if found is None:
            if len(self.compiled) >= COMPILED_LIMIT:  # a long watch session: texts edited away
                self.compiled.clear()
            code = self._code(text)
            found = self.template_class.from_code(self, code, self.make_globals(None), None)
            self.compiled[text] = found
        return found

    def _code(self, text: str) -> CodeType:
        """The compiled code of ``text``, from the cache when it holds it (only text that
        passed the check below was ever put there)."""
        try:
            digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        except UnicodeEncodeError:  # a lone surrogate: compiled (and refused) here, not kept
            return self._checked(text)
        cache = shared_cache()
        bucket = cache.get_bucket(self, f"{self._kind}:{digest}", None, text)
        if bucket.code is None:
            bucket.code = self._checked(text)
            cache.set_bucket(bucket)
        return bucket.code

    def _checked(self, text: str) -> CodeType:
        tree = self.parse(text)
        for node in tree.body:
            if not isinstance(node, nodes.Output):
                raise SecurityError("only {{ placeholders }} are allowed here, no {% statements %}")
        return self.compile(tree)

    @property
    def _kind(self) -> str:
        """What the compiled code depends on besides the text: this environment's class and
        the filters it knows (Jinja checks filter names when it compiles)."""
        names = ",".join(sorted(self.filters))
        return f"placeholders:{type(self).__qualname__}:{names}"

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "**":
            raise SecurityError("the power operator ** is not allowed in placeholders")
        if operator in NUMBERS_ONLY and not (_is_number(left) and _is_number(right)):
            raise SecurityError(f"{operator} is allowed between numbers only in placeholders")
        return super().call_binop(context, operator, left, right)

    def call(
        __self,  # Jinja's signature: positional-only by name
        __context: Any,
        __obj: Any,
        *args: Any,
        **kwargs: Any,
    ) -> Any:
        raise SecurityError("placeholders cannot call functions or methods")


def render_placeholders(
    env: PlaceholderEnvironment, template: str, context: Mapping[str, Any]
) -> str:
    """``template`` with its placeholders filled from ``context``; any failure is a
    :class:`jinja2.TemplateError` whose message says what is wrong."""
    if "{" not in template:  # no placeholder: what Jinja would give, without compiling
        text = template.replace("\r\n", "\n").replace("\r", "\n")
        return text.removesuffix("\n")
    try:
        return env.template(template).render(**context)
    except TemplateError:
        raise
    except Exception as exc:  # the sandbox documents that any exception may come out
        raise TemplateRuntimeError(f"{type(exc).__name__}: {exc}") from None
