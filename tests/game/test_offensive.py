"""Words a player would not play: never suggested as a probe, still read when typed, played once likely."""

from __future__ import annotations

from chute import load_lexicon
from chute.game.offensive import conjugations, inflections, language_of, offensive_words


def test_the_lists_and_chute_s_changes_to_them():
    """LDNOOBW's words with chute's changes: a slur added, everyday words kept; a language by the lists' name."""
    pt, en = offensive_words("pt"), offensive_words("en")
    assert {"bugre", "merda", "porra"} <= pt and not {"comer", "burro", "pinto"} & pt
    assert {"bitch", "whore"} <= en and "sucks" not in en and offensive_words("xx") == frozenset()
    assert language_of("termo+custom-past") == "pt" and language_of("wordle") == "en" and language_of("words") is None


def test_a_slur_is_blocked_in_each_form_the_lists_hold_and_an_everyday_word_is_not():
    """Plurals, -ed and -y forms, Portuguese gender and number of the listed slurs are never suggested; the
    everyday words an inflection would reach are kept by name (an outside test found the first set suggestable)."""
    wordle, termo = load_lexicon("wordle"), load_lexicon("termo")
    slurs = ["kikes", "spics", "gooks", "dykes", "cunts", "twats", "fagot", "jewed", "darky", "gyppo", "sluts"]
    slurs += ["honky", "dagos", "squaw", "spick", "sambo", "lesbo", "lezzy", "homos", "faggy", "poovy", "boong"]
    assert all(w in wordle.guess_set and not wordle.is_suggested(w) for w in slurs)
    assert all(wordle.is_suggested(w) for w in ["spicy", "booby", "cocky", "sexes", "scats", "smuts"])
    assert all(w in termo.offensive for w in ["viado", "putas", "putos", "bicha", "veada", "fodas"])
    assert not {"bicho", "sacos", "sacas", "porro", "burra", "pinta", "burro", "comer"} & termo.offensive
    assert inflections("kike", "en") >= {"kikes", "kiked"} and inflections("puto", "pt") >= {"putas", "puta"}


def test_a_vulgar_verb_is_blocked_in_its_conjugation_and_an_everyday_verb_is_not():
    """FODER's and CAGAR's forms (FODEU and FODAM were on Termo's answer list and suggested) are never suggested
    nor answers; COMER, kept for "to eat", keeps its every form; a verb's spelling keeps its sound (CAGUE)."""
    termo = load_lexicon("termo")
    vulgar = ["fodeu", "fodam", "fodem", "fodia", "cagou", "cague", "peido", "mijei", "bunda", "tesao", "porno"]
    assert all(w in termo.guess_set and w in termo.offensive and w not in termo.answers for w in vulgar)
    assert all(termo.is_suggested(w) for w in ["comeu", "comia", "comam", "chupa", "transe"] if w in termo.guess_set)
    assert {"comeu", "comia", "chupa"} <= termo.guess_set
    assert conjugations("cagar") >= {"cagou", "cague", "caguei", "cagando", "cagado"}
    assert conjugations("foder") >= {"fodeu", "fodam", "fodia", "fodido"} and conjugations("cona") == set()


def test_never_suggested_as_a_probe_but_read_and_played_when_likely(cli):
    """Accepted and read as clues, out of the suggested rows; a stored ranking that named one reads without it
    (HORNY was third after SALET gbbbb); the Quarteto position whose best probe was BUGRE plays GUIDA; an answer
    on the list is still found."""
    wordle, termo = load_lexicon("wordle"), load_lexicon("termo")
    assert "bitch" in wordle.guess_set and not wordle.is_suggested("bitch") and wordle.is_suggested("crane")
    assert wordle.guess_index["bitch"] not in set(wordle.suggested_rows.tolist())
    assert "bugre" in termo.offensive and not termo.is_suggested("bugre") and termo.is_suggested("comer")
    status, out, _ = cli("suggest", "salet:gbbbb", "--top", "20")
    assert status == 0 and "HORNY" not in out and "  3  CORNY " in out
    status, out, _ = cli(
        "suggest",
        "--game",
        "quarteto",
        "toras:bbybg/byyyg/bggbb/gbyyb",
        "crime:bybby/bybyb/bybbb/bgbbb",
        "ramos:gbbbg/ggggg/ybbyb/yybbb",
        "--top",
        "10",
    )
    assert status == 0 and "BUGRE" not in out and "  1  GUIDA " in out
    for secret in ("horny", "bitch"):
        status, out, _ = cli("play", secret)
        assert status == 0 and f"solved {secret.upper()} in" in out
    status, out, err = cli("suggest", "bitch:bbbbb", "--top", "1")  # typed: read as a clue like any word
    assert (
        status == 0
        and "not in the wordle word list" not in err
        and out.startswith("668 likely answers · 5,204 possible words")
    )
