"""Tabletop Fleets: ship cards with fittings, islands, rocks and reefs, coins, the wind dial,
shot and move rulers, the score sheet, and random island layouts for a 4 ft table."""
