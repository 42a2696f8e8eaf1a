"""The verdict on a finished game: every guess graded against the best play, and the share-grid decoder."""
