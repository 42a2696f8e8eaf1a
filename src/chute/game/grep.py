"""The grep/awk pipeline equivalent to a ``Knowledge``: Wordle Finder's shell prototype, made exact."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from pathlib import Path

from .feedback import to_guess_score
from .knowledge import Knowledge


def grep_pipeline(
    knowledge: Knowledge,
    words_path: str | Path | Sequence[str | Path] | None = None,
    *,
    words: Sequence[str] | None = None,
) -> str:
    """Return the equivalent grep/awk shell pipeline (Wordle Finder's prototype, made exact).

    The source is a word file (or several, or ``words`` given inline).  Word
    files with a second column (tab, space or DELAS comma) are cut to the
    first; accented lists are folded with ``sed`` (needs a UTF-8 locale).
    The pipeline prints the consistent words in upper case, in file order.
    """
    steps: list[tuple[str, str]] = []
    if words is not None:
        steps.append(("printf '%s\\n' " + " ".join(shlex.quote(w) for w in words), "the words"))
        sample = list(words)
    else:
        paths = [words_path] if isinstance(words_path, (str, Path)) else list(words_path or [])
        if not paths:
            raise ValueError("give words_path or words")
        quoted = " ".join(shlex.quote(str(p)) for p in paths)
        steps.append((f"cat {quoted}", "the word list" + ("s" if len(paths) > 1 else "")))
        sample = []
        for p in paths:
            try:
                sample.extend(Path(p).read_text(encoding="utf-8", errors="replace").splitlines())
            except OSError:
                pass
    text = "\n".join(sample)
    if "\r" in text:
        steps.append(("tr -d '\\r'", "drop carriage returns"))
    if "\t" in text:
        steps.append(("cut -f1", "first column"))
    elif "," in text:
        steps.append(("cut -d, -f1", "first field (DELAS)"))
    elif any(len(line.split()) > 1 for line in sample):
        steps.append(
            (
                "awk 'NF == 1 || (NF == 2 && $2 ~ /^[-+.0-9eE]+$/) { print $1 }'",
                "first column; multi-word entries dropped",
            )
        )
    if not text.isascii():
        steps.append((f"sed 'y/{_ACCENTED}/{_PLAIN}/'", "fold accents"))
    n = knowledge.length
    steps.append(("tr 'a-z' 'A-Z'", "upper case"))
    steps.append((f"grep '^[A-Z]\\{{{n}\\}}$'", f"{n}-letter words"))
    if any(knowledge.fixed):
        steps.append((f"grep '^{''.join((f or '.').upper() for f in knowledge.fixed)}$'", "CORRECT positions"))
    required = knowledge.required()
    if required:
        tests = " && ".join("/" + ".*".join(c.upper() * low) + "/" for c, (low, _) in required.items())
        steps.append((f"awk '{tests}'", "VALID letters, with repeats"))
    excluded = knowledge.excluded().upper()
    if excluded:
        steps.append((f"grep -v '[{excluded}]'", "INVALID letters"))
    capped = [(c, m) for c, m in sorted(knowledge.max_count.items()) if m > 0]
    if capped:
        tests = " ".join(f"-e '{'.*'.join(c.upper() * (m + 1))}'" for c, m in capped)
        steps.append((f"grep -v {tests}", "not more copies than shown"))
    wrong = knowledge.wrong_spots()
    if any(wrong):
        classes = "".join(f"[^{w.upper()}]" if w else "." for w in wrong)
        steps.append((f"grep '^{classes}$'", "PRESENT letters not in these spots"))
    steps.append(("awk '!seen[$0]++'", "drop duplicates"))
    header = []
    if knowledge.clues or knowledge.templates:
        header.append(
            "# " + " ".join([to_guess_score(c.guess, c.pattern) for c in knowledge.clues] + knowledge.templates)
        )
    lines = [
        ("" if j == 0 else "    ") + cmd + ("" if j == len(steps) - 1 else " |") for j, (cmd, _) in enumerate(steps)
    ]
    width = max((len(line) for line in lines if len(line) <= 60), default=0) + 2
    body = [
        f"{line:<{width}}# {note}" if len(line) < width else f"{line}  # {note}"
        for line, (_, note) in zip(lines, steps)
    ]
    return "\n".join(header + body)


_ACCENTED = "áàâãäåéèêëíìîïóòôõöúùûüýÿçñÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÝÇÑ"
_PLAIN = "aaaaaaeeeeiiiiooooouuuuyycnAAAAAAEEEEIIIIOOOOOUUUUYCN"
assert len(_ACCENTED) == len(_PLAIN)
