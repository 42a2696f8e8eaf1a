"""Decision trees: the model, the exact and weighted searches for the fewest guesses, and the proof over every opener."""
