"""Where a key is written in a YAML file that was read without keeping its places.

Models read by :mod:`pnpkit.load.schema` keep where every value is written (``Where``); this
reads a file again, for the charts alone (:mod:`pnpkit.load.chart` keeps no field places yet).
"""

from __future__ import annotations

from pnpkit.errors import DataError, Location
from pnpkit.load.schema import deepest
from pnpkit.load.yamlnode import load_yaml


def place(file: str, *keys: str) -> Location:
    """Where ``keys`` (a path of mapping keys) is written in ``file``; the file itself if it
    cannot be read."""
    try:
        return deepest(load_yaml(file), keys).where
    except DataError:
        return Location(file)
