"""chute's sentences in English and Brazilian Portuguese: one phrase table, and how each language counts and lists.

Termo's players are Brazilian, so what the page and the library say to a player (why a word
cannot be the answer, why a guess breaks the hard-mode rule, the review's comments) exists in
both.  A phrase is looked up by key; a language chute does not know reads English.
"""

from __future__ import annotations

from .feedback import ORDINAL

LANGUAGES = ("en", "pt")

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        # why a word cannot be the answer (knowledge.plain_reasons)
        "length": "it has {has} letters, the answer has {want}",
        "missing": "it lacks {letters}, which the answer has",
        "misplaced": "the {nth} letter is {letter}, not {mine}",
        "absent_one": "{letters} is not in the answer",
        "absent_many": "{letters} are not in the answer",
        "wrong_spot": "{letter} is not the {nth} letter",
        "count_most": "it has {has} {letter}, the answer has at most {bound}",
        "count_least": "it has {has} {letter}, the answer has at least {bound}",
        "not_a_word": "it is not in the word list",
        "not_an_answer": "it fits the clues but is not in the answer list",
        # the verdict on one word (solver.WordVerdict)
        "fits": "{word} fits every clue: it could be the answer",
        "cannot": "{word} cannot be the answer: {reasons}",
        "illegal": "as a guess it is not allowed ({why})",
        "leaves": "as a guess it leaves {expected} candidates on average, at worst {worst}",
        "board": "board {n}",
        # why a guess breaks the hard-mode rule (rules.violation)
        "hard": "hard mode", "strict": "strict mode",
        "must_green": "{mode}: the {nth} letter must be {letter} (green in {guess})",
        "must_use": "{mode}: the guess must use {letter} (revealed in {guess})",
        "must_use_n": "{mode}: the guess must use {letter} {n} times (revealed in {guess})",
        "not_here_yellow": "{mode}: {letter} cannot be the {nth} letter (yellow there in {guess})",
        "not_here_grey": "{mode}: {letter} cannot be the {nth} letter (grey there in {guess})",
        "grey_letter": "{mode}: {letter} is not in the word (grey in {guess})",
        "only_n": "{mode}: the word has only {n} {letter} (a grey copy in {guess})",
        # the review's comments (verdict.RowReview.comment)
        "only_left": "the only word left", "was_only_left": "{word} was the only word left",
        "one_left": "one word was left", "not_graded": "not graded",
        "risked": "risked running out of rows; {best} was safe", "best": "the best move",
        "best_found": "the best move found", "cost": "cost {amount} guesses on average; best {best}",
        "not_in_lists": "{word} is not in the word lists: not graded",
        "last_row": "the last row: a guess among {n} candidates",
        "last_row_lost": "the last row, and not a candidate: it could not win",
        "no_finish": "no guess finishes every candidate within the rows left",
    },
    "pt": {
        "length": "tem {has} letras, a resposta tem {want}",
        "missing": "não tem {letters}, que a resposta tem",
        "misplaced": "a {nth} letra é {letter}, não {mine}",
        "absent_one": "{letters} não está na resposta",
        "absent_many": "{letters} não estão na resposta",
        "wrong_spot": "{letter} não é a {nth} letra",
        "count_most": "tem {has} {letter}, a resposta tem no máximo {bound}",
        "count_least": "tem {has} {letter}, a resposta tem pelo menos {bound}",
        "not_a_word": "não está na lista de palavras",
        "not_an_answer": "cabe nas pistas, mas não está na lista de respostas",
        "fits": "{word} cabe em todas as pistas: pode ser a resposta",
        "cannot": "{word} não pode ser a resposta: {reasons}",
        "illegal": "como palpite não é permitido ({why})",
        "leaves": "como palpite deixa {expected} candidatas em média, {worst} no pior caso",
        "board": "tabuleiro {n}",
        "hard": "modo difícil", "strict": "modo estrito",
        "must_green": "{mode}: a {nth} letra tem de ser {letter} (verde em {guess})",
        "must_use": "{mode}: o palpite tem de usar {letter} (revelada em {guess})",
        "must_use_n": "{mode}: o palpite tem de usar {letter} {n} vezes (revelada em {guess})",
        "not_here_yellow": "{mode}: {letter} não pode ser a {nth} letra (amarela ali em {guess})",
        "not_here_grey": "{mode}: {letter} não pode ser a {nth} letra (cinza ali em {guess})",
        "grey_letter": "{mode}: {letter} não está na palavra (cinza em {guess})",
        "only_n": "{mode}: a palavra só tem {n} {letter} (uma cópia cinza em {guess})",
        "only_left": "a única palavra possível", "was_only_left": "{word} era a única palavra possível",
        "one_left": "só restava uma palavra", "not_graded": "sem nota",
        "risked": "arriscou ficar sem linhas; {best} era seguro", "best": "a melhor jogada",
        "best_found": "a melhor jogada encontrada",
        "cost": "custou {amount} palpites em média; a melhor era {best}",
        "not_in_lists": "{word} não está nas listas de palavras: sem nota",
        "last_row": "a última linha: um palpite entre {n} candidatas",
        "last_row_lost": "a última linha, e não era candidata: não podia ganhar",
        "no_finish": "nenhum palpite resolve todas as candidatas nas linhas que restam",
    },
}

_PT_ORDINAL = ["primeira", "segunda", "terceira", "quarta", "quinta", "sexta", "sétima", "oitava"]


def phrase(key: str, lang: str = "en", **values) -> str:
    """Return the phrase ``key`` in ``lang`` (English for a language chute does not know), filled with ``values``."""
    return PHRASES.get(lang, PHRASES["en"])[key].format(**values)


def ordinal(i: int, lang: str = "en") -> str:
    """Return how ``lang`` names the tile at 0-based position ``i`` ("3rd", "terceira")."""
    if lang == "pt":
        return _PT_ORDINAL[i] if i < len(_PT_ORDINAL) else f"{i + 1}ª"
    return ORDINAL[i]


def and_list(items: list[str], lang: str = "en") -> str:
    """Return ``A``, ``A and B`` or ``A, B and C`` (``e`` in Portuguese)."""
    joiner = " e " if lang == "pt" else " and "
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + joiner + items[-1]


def decimal(x: float, places: int, lang: str = "en") -> str:
    """Return ``x`` with ``places`` decimals, with a decimal comma in Portuguese."""
    text = f"{x:.{places}f}"
    return text.replace(".", ",") if lang == "pt" else text
