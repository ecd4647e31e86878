"""False Colors: fleets in the fog, where no ship shows her rating until she fights. The kit
holds the rulebook, the rules card, the square, duel and hex charts tiled over sheets, the hex
overview, the ship tokens and the play aids; ``pnpkit map`` deals random-island charts."""
