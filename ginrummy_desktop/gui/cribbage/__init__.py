"""The Cribbage table: presentation, peg board, controller hooks and dialogs."""
