"""``python -m chute`` and the ``chute`` script: the command line, with Ctrl-C caught from its first import."""

import sys


def run() -> int:
    """Return the command line's exit status; a Ctrl-C while its modules load is one line and 130, as later."""
    try:
        from .cli import main
    except KeyboardInterrupt:
        from .language import default_language, phrase
        print(phrase("interrupted", default_language()), file=sys.stderr)
        return 130
    return main()


if __name__ == "__main__":
    sys.exit(run())
