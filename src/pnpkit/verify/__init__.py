"""Read PDFs back and prove what they promise (pypdf only).

- :func:`verify_pdf` ``(path) -> list[str]`` — every problem, empty when fine;
- :func:`verify_paths` ``(paths) -> list[str]`` — files or folders (recursing into ``*.pdf``);
- :func:`require_verified` ``(path)`` — raises :class:`pnpkit.errors.BuildError` listing problems.

The promise schema lives in :mod:`pnpkit.verify.promises`; the content-stream reader in
:mod:`pnpkit.verify.content`; the checks in :mod:`pnpkit.verify.check`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnpkit.verify.check import require_verified, verify_paths, verify_pdf

__all__ = ["require_verified", "verify_paths", "verify_pdf"]


def __getattr__(name: str) -> Any:
    # Loaded on first use: layout imports only the promise schema (stdlib), and a command that
    # writes a PDF should not pay for pypdf until it reads one back.
    if name in __all__:
        from pnpkit.verify import check

        return getattr(check, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
