"""The rules of the game: words and lexicons, feedback and its notations, knowledge, hard-mode rules, presets, priors, the pattern matrix."""
