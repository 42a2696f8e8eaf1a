"""The rules of the game: words and lexicons, feedback and notations, knowledge, hard-mode rules, presets, priors, the matrix."""
