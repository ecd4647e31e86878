"""Benchmark cases for ``make bench``: ``pnpkit watch pirate-fleets`` after a one-card change."""

WATCH = ("supply.yaml", "Rousing Speech", "Stirring Speech")
"""The file, a card's text as shipped, and the same text after a designer's edit."""
