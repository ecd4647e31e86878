"""A designer's own card game, made from data alone (``kit: cards`` in ``game.yaml``; ``pnpkit
new`` scaffolds one): every deck's card sheets and the duplex calibration page."""
