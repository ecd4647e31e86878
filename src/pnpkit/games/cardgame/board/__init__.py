"""A designer's boards (``boards:`` in a ``kit: cards`` game): the model, its loader and its
drawing, layered ``draw > load > model``."""
