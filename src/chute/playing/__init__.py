"""A live game: the solver and its assembly for a game, openers, sessions of 1 to N boards, the joint multi-board player."""
