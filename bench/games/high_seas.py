"""Benchmark cases for ``make bench``: ``pnpkit watch high-seas`` after a one-card change."""

WATCH = (
    "game.yaml",
    "One cannon shot sinks a whole boarding party before it reaches the ship.",
    "One cannon ball sinks a whole boarding party before it reaches the ship.",
)
"""The file, a card's text as shipped, and the same text after a designer's edit."""
