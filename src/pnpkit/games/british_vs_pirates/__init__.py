"""British vs Pirates: ship, captain, fort, skill, mission and event cards, tokens, hex sea
tiles with the map legend, the wind vane and market prices."""
