"""A suggestion as text, in English or Portuguese: the ranked guesses as a table, the words left as a line (what
``chute suggest`` and ``chute assist`` print)."""

from __future__ import annotations

from ..language import Note, column, column_key, decimal, percent, phrase, said


def format_number(x: float, label: str, lang: str = "en") -> str:
    """Return a score formatted for its kind (counts as integers, bits with 3 decimals; decimal comma in pt)."""
    if x != x:  # NaN: a word the strategy did not score (a fixed opener, a forced choice)
        return "-"
    return decimal(x, 0 if label in ("worst", "parts", "order", "letters") else 3, lang)


def suggestion_table(suggestion, lexicon, lang: str = "en") -> list[str]:
    """Return the ranked guesses as aligned lines: rank, guess, score, expected, worst, chance it is the answer.

    A strategy whose score is itself the expected or worst count shows it once; names and figures in ``lang``.
    """
    label = suggestion.score_label
    own = label not in ("expected", "worst")
    width = lexicon.length + 2
    head = f"{'#':>3}  {column('guess', lang):<{width}}" + (f" {column(label, lang):>10}" if own else "")
    lines = [head + f" {column('expected', lang):>9} {column('worst', lang):>6}  {column('chance', lang):>6}"]
    planned = None
    for i, (r, chance) in enumerate(zip(suggestion.ranked, suggestion.chances()), 1):
        score = f" {format_number(r.score, label, lang):>10}" if own else ""
        mark = ""
        if suggestion.plan_of(r.guess):
            mark, planned = "  " + said(Note("plan_mark"), lang), r.guess
        lines.append(
            f"{i:>3}  {lexicon.show(r.guess).upper():<{width}}{score} {decimal(r.expected, 2, lang):>9} {r.worst:>6}  "
            f"{percent(chance, lang) if r.candidate else '':>6}".rstrip()
            + mark
        )
    lines.append(column_key(([label] if own else []) + ["expected", "worst", "chance"], lang))
    if planned is not None:
        mean = suggestion.plan_of(planned)["plan"]
        key = "safe_plan_legend" if mean is None else "plan_legend"
        lines.append(said(Note(key, opener=lexicon.show(planned).upper(), mean=mean), lang))
    return lines


def likeliest_line(state, show, lang: str = "en") -> str:
    """Return the words left, likeliest first, and how many more fit that chute never suggests (so that the list
    holds what the count says)."""
    line = phrase("candidates_are", lang, words=" ".join(show(w) for w in state.likeliest()))
    hidden = state.words_left().possible - state.n
    return line + (f"; {phrase('not_suggested', lang, n=hidden)}" if hidden > 0 else "")
