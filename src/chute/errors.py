"""The one exception type for problems a user can cause."""


class ChuteError(Exception):
    """A user-caused problem; the CLI prints it as one line and exits with status 2."""


class NotationError(ChuteError):
    """A clue or pattern that cannot be read."""


class LexiconError(ChuteError):
    """A word list that cannot be read or used."""


class ContradictionError(ChuteError):
    """Feedback that no word can satisfy, or that no secret can produce."""


class IllegalGuessError(ChuteError):
    """A guess the game (or its hard mode) does not allow."""


class StorageError(ChuteError):
    """A file the machine would not let chute write (a full disk, a folder it may not write in)."""
