"""The one date a PDF carries, made explicit.

ReportLab in invariant mode (every :class:`~pnpkit.layout.document.Document` uses it) stamps
``/CreationDate`` and ``/ModDate`` from ``SOURCE_DATE_EPOCH`` when that is set, and otherwise
with a fixed date, 2000-01-01 00:00:00 UTC (:data:`FIXED_EPOCH`); never the wall clock. ReportLab
reads the variable itself, with ``int()``: a malformed value raised ``ValueError`` deep inside
the canvas, and a huge one wrote a year no PDF reader accepts. :func:`source_date_epoch` checks
it first, following reproducible-builds.org: whole seconds since 1970-01-01 UTC, anything else
refused as a usage error.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping

from pnpkit.errors import UsageError

FIXED_EPOCH = 946_684_800
"""2000-01-01 00:00:00 UTC: ReportLab's invariant date, used when SOURCE_DATE_EPOCH is unset."""
MAX_EPOCH = 253_402_300_799
"""9999-12-31 23:59:59 UTC: a PDF date has four digits for the year."""


def source_date_epoch(environ: Mapping[str, str] | None = None) -> int:
    """The epoch the PDFs carry: ``SOURCE_DATE_EPOCH`` if set, else :data:`FIXED_EPOCH`;
    a :class:`UsageError` if it is set but not whole seconds from 0 to :data:`MAX_EPOCH`."""
    text = (os.environ if environ is None else environ).get("SOURCE_DATE_EPOCH", "").strip()
    if not text:
        return FIXED_EPOCH
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_EPOCH:
        raise UsageError(
            f"SOURCE_DATE_EPOCH={text[:40]!r} is not a date "
            f"(allowed: whole seconds since 1970-01-01 UTC, 0–{MAX_EPOCH}, or unset)"
        )
    return int(text)


def pdf_date(epoch: int) -> str:
    """The PDF date string of ``epoch`` as ReportLab writes it: ``D:20000101000000+00'00'``."""
    return time.strftime("D:%Y%m%d%H%M%S+00'00'", time.gmtime(epoch))
