"""Read PDFs back and prove what they promise (pypdf only).

The promise schema lives in :mod:`pnpkit.verify.promises`; the checks in :mod:`pnpkit.verify.check`.
"""
