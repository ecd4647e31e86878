"""Each game's own benchmarks, one module per game named as its package in ``pnpkit.games``
(found through the registry by :func:`bench.game_benches`)."""
