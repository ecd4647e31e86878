"""High Seas, a game by Nicholas Wolff (name and rules as he wrote them): crew cards, the
two-ship board, cannon and heart tokens and the reference card."""
