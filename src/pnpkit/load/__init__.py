"""YAML → model. Every value keeps its file:line:col; every problem is collected and reported.

- :func:`load_yaml` reads a file into :mod:`pnpkit.load.nodes` with size and alias limits;
- :mod:`pnpkit.load.schema` reads a model from its type annotations (:class:`Reader`): every
  field declared once, in its dataclass (:mod:`pnpkit.model.schema`), every record keeping
  where it is written;
- :mod:`pnpkit.load.fields` holds the kinds that read single values (``text``, ``integer``,
  ``boolean``, ``length``, ``choice``, ``enum_of``, ``list_of``, ``nullable``) and
  :class:`Fields`, the field-by-field reader the rule text and a chart's regions still use.

A game's own loader lives in its home, :mod:`pnpkit.games.<game>.load`.
"""

from pnpkit.load.fields import Fields, Invalid, Problems
from pnpkit.load.yamlnode import load_yaml

__all__ = ["Fields", "Invalid", "Problems", "load_yaml"]
