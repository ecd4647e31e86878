"""pnpkit: print-and-play kits for naval and pirate tabletop games."""

__version__ = "0.1.0"
