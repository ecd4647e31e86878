"""Read PDFs back and prove what they promise (pypdf only).

- :func:`verify_pdf` ``(path) -> list[str]`` — every problem, empty when fine;
- :func:`verify_paths` ``(paths) -> list[str]`` — files or folders (recursing into ``*.pdf``);
- :func:`require_verified` ``(path)`` — raises :class:`pnpkit.errors.BuildError` listing problems.

The promise schema lives in :mod:`pnpkit.verify.promises`; the content-stream reader in
:mod:`pnpkit.verify.content`; the checks in :mod:`pnpkit.verify.check`.
"""

from pnpkit.verify.check import require_verified, verify_paths, verify_pdf

__all__ = ["require_verified", "verify_paths", "verify_pdf"]
