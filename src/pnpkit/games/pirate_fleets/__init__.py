"""Pirate Fleets: the action-space board, supply and captains decks, pawns, danger disks,
gold and the reference card."""
