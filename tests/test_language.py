"""What chute says to a player, in English and Brazilian Portuguese: one phrase table for both."""

import ast
import os
import pickle
import re
import subprocess
import sys
from pathlib import Path

import pytest

from chute.game.engine import Engine
from chute.game.feedback import Clue
from chute.game.knowledge import Knowledge
from chute.game.rules import violation
from chute.game.words import load_lexicon
from chute.language import PHRASES, Note, and_list, decimal, number, ordinal, phrase, said
from chute.playing.solver import Solver
from chute.playing.why import why


def test_every_phrase_exists_in_both_languages_with_the_same_blanks():
    """A phrase missing in Portuguese, or asking for other values, would fail at the player's first question."""
    assert PHRASES["en"].keys() == PHRASES["pt"].keys()
    for key, text in PHRASES["en"].items():
        assert set(re.findall(r"{(\w+)}", text)) == set(re.findall(r"{(\w+)}", PHRASES["pt"][key])), key


def test_lists_ordinals_and_decimals():
    assert and_list(["E"], "pt") == "E" and and_list(["E", "T"], "pt") == "E e T"
    assert and_list(["A", "B", "C"]) == "A, B and C"
    assert [ordinal(i, "pt") for i in (0, 2, 4)] == ["primeira", "terceira", "quinta"] and ordinal(8, "pt") == "9ª"
    assert ordinal(1) == "2nd"
    assert decimal(3.14159, 2, "pt") == "3,14" and decimal(3.14159, 2) == "3.14"
    assert phrase("board", "fr", n=2) == "board 2"  # a language chute does not know reads English


def test_reasons_in_portuguese():
    """The same faults, said in each language."""
    k = Knowledge.from_clues([Clue("serao", "bygby")], 5)  # against MORTE
    assert k.plain_reasons("carro") == [
        "it lacks E, which the answer has",
        "A is not in the answer",
        "O is not the 5th letter",
    ]
    assert k.plain_reasons("carro", "pt") == [
        "não tem E, que a resposta tem",
        "A não está na resposta",
        "O não é a quinta letra",
    ]
    assert k.plain_reasons("longa", "pt")[0] == "não tem E e R, que a resposta tem"
    assert k.plain_reasons("morte", "pt") == []
    assert k.plain_reasons("mortes", "pt") == ["tem 6 letras, a resposta tem 5"]
    assert k.plain_reasons("m") == ["it has 1 letter, the answer has 5"]  # one letter, not "1 letters"
    assert k.plain_reasons("m", "pt") == ["tem 1 letra, a resposta tem 5"]
    one_e = Knowledge.from_clues([Clue("levee", "bybbb")], 5)  # exactly one E
    assert one_e.plain_reasons("eerie", "pt")[-1] == "tem 3 E, a resposta tem no máximo 1"
    two_e = Knowledge.from_clues([Clue("geese", "bgybb")], 5)  # two E at least
    assert two_e.plain_reasons("xexxx", "pt") == ["tem 1 E, a resposta tem pelo menos 2"]


@pytest.mark.parametrize(
    "rule, guess, en, pt",
    [
        (
            "hard",
            "cxxxx",
            "hard mode: the guess must use C 2 times (revealed in CIGAC)",
            "modo difícil: o palpite tem de usar C 2 vezes (revelada em CIGAC)",
        ),
        (
            "hard",
            "xcccc",
            "hard mode: the 1st letter must be C (green in CIGAC)",
            "modo difícil: a primeira letra tem de ser C (verde em CIGAC)",
        ),
        (
            "strict",
            "cxxxc",
            "strict mode: C cannot be the 5th letter (yellow there in CIGAC)",
            "modo estrito: C não pode ser a quinta letra (amarela ali em CIGAC)",
        ),
        (
            "strict",
            "cixcx",
            "strict mode: I cannot be the 2nd letter (grey there in CIGAC)",
            "modo estrito: I não pode ser a segunda letra (cinza ali em CIGAC)",
        ),
        (
            "strict",
            "cxcxg",
            "strict mode: G is not in the word (grey in CIGAC)",
            "modo estrito: G não está na palavra (cinza em CIGAC)",
        ),
    ],
)
def test_violations_in_both_languages(rule, guess, en, pt):
    clues = [Clue("cigac", "gbbby")]
    assert violation(guess, clues, rule) == en
    assert violation(guess, clues, rule, "pt") == pt


def test_a_grey_copy_caps_the_count_in_both_languages():
    clues = [Clue("geese", "bgybb")]  # two E, not three
    assert violation("eexex", clues, "strict") == "strict mode: the word has only 2 E (a grey copy in GEESE)"
    assert violation("eexex", clues, "strict", "pt") == "modo estrito: a palavra só tem 2 E (uma cópia cinza em GEESE)"


def test_a_guess_breaking_two_grey_letters_names_the_same_one_in_every_process():
    """The grey letters were walked as a set, whose order changes with Python's hash seed: now alphabetical."""
    code = (
        "from chute.game.feedback import Clue; from chute.game.rules import violation; "
        "print(violation('acrxe', [Clue('crane', 'bbbbg')], 'strict'))"
    )
    said = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
        ).stdout
        for seed in range(6)
    }
    assert said == {"strict mode: A is not in the word (grey in CRANE)\n"}


def test_why_in_portuguese_spells_the_words_as_the_game_shows_them():
    termo = Engine.build(load_lexicon("termo"))
    state = Solver(termo, hard="strict").state_for([Clue("serao", "bygby")])
    verdict = why(state, "ponto", "pt")
    text = verdict.text(termo.lexicon.show, lang="pt")
    assert text.startswith(
        "PONTO não pode ser a resposta: não tem E e R, que a resposta tem; a terceira letra é R, não N"
    )
    assert text.endswith("como palpite não é permitido (modo estrito: a terceira letra tem de ser R (verde em SERÃO))")
    english = why(state, "morte")
    assert english.text(termo.lexicon.show).startswith("MORTE fits every clue: it could be the answer; as a guess")


def test_a_note_is_its_english_text_and_says_itself_in_portuguese():
    """Notes travel as strings (compared, printed, in JSON); the page asks them in its language."""
    note = Note("plan", opener="TORAS", which=Note("best_plan"), n=2510, rows=6, mean=3.41953)
    assert note == (
        "TORAS opens the best proven plan for these lists: every one of the 2,510 answers within "
        "6 rows, 3.4195 guesses on average"
    )
    assert said(note, "pt") == (
        "TORAS abre o melhor plano provado para estas listas: todas as 2.510 respostas em "
        "até 6 linhas, 3,4195 palpites em média"
    )
    assert said("a plain string", "pt") == "a plain string"
    again = pickle.loads(pickle.dumps(note))  # states cross processes in benchmarks
    assert again == note and said(again, "pt") == said(note, "pt")
    assert number(12972, "pt") == "12.972" and number(12972) == "12,972"


def test_the_web_report_says_its_notes_in_the_language_asked():
    from chute.playing.session import Session
    from chute.web.requests import page_solver

    session = Session(page_solver("termo"))
    assert session.report(3, 5)["notes"][0].startswith("TORAS opens the best proven plan")
    assert session.report(3, 5, "pt")["notes"][0].startswith("TORAS abre o melhor plano provado")


def test_the_default_language_follows_chute_lang_then_the_locale():
    from chute.language import default_language

    assert default_language({}) == "en"
    assert default_language({"LANG": "pt_BR.UTF-8"}) == "pt"
    assert default_language({"LC_ALL": "C.UTF-8", "LANG": "pt_BR.UTF-8"}) == "en"  # LC_ALL decides first
    assert default_language({"LC_MESSAGES": "pt_PT.UTF-8", "LANG": "en_US.UTF-8"}) == "pt"
    assert default_language({"CHUTE_LANG": "en", "LANG": "pt_BR.UTF-8"}) == "en"
    assert default_language({"CHUTE_LANG": "klingon", "LANG": "pt_BR"}) == "pt"  # an unknown choice: ignored


def test_a_portuguese_locale_makes_the_cli_speak_portuguese():
    env = {**os.environ, "LANG": "pt_BR.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "CHUTE_LANG": ""}
    out = subprocess.run(
        [sys.executable, "-m", "chute", "play", "--game", "termo", "termo"], env=env, capture_output=True, text=True
    ).stdout
    assert out.rstrip().endswith("resolvido em 3/6: TERMO")
    out = subprocess.run(
        [sys.executable, "-m", "chute", "play", "--game", "termo", "termo", "--lang", "en"],
        env=env,
        capture_output=True,
        text=True,
    ).stdout
    assert out.rstrip().endswith("solved TERMO in 3/6")


def test_every_phrase_the_code_names_exists():
    """A key the table lacks (a typo, a plural made by hand) fails only when that sentence is said: catch it here."""
    from pathlib import Path

    src = Path(__file__).resolve().parents[1] / "src" / "chute"
    called = re.compile(
        r"""(?:\bphrase|\bself\.t|\bassistant\.t|\bNote|\bsay|\bcounted\([^,]+,)\(?\s*["']([a-z_]+)["']"""
    )
    keys = {k for path in src.rglob("*.py") for k in called.findall(path.read_text(encoding="utf-8"))}
    keys |= {"count_most", "count_least", "hard", "strict"}  # said through a variable
    for noun in ("row", "word", "candidate", "guess"):  # counted() makes the plural's key
        keys |= {noun, noun + ("es" if noun.endswith("s") else "s")}
    assert len(keys) > 100
    assert sorted(keys - PHRASES["en"].keys()) == []


def test_every_phrase_said_in_the_code_is_given_exactly_its_blanks():
    """A Note or phrase lacking a value its sentence has would raise where the player meets it: none does."""
    src = Path(__file__).resolve().parents[1] / "src" / "chute"
    checked = 0
    problems = []
    for path in sorted(src.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name not in ("Note", "phrase", "t") or not node.args:
                continue
            if any(k.arg is None for k in node.keywords):
                continue  # **values: checked where they are made
            first = node.args[0]
            options = [first] if not isinstance(first, ast.IfExp) else [first.body, first.orelse]
            keys = [o.value for o in options if isinstance(o, ast.Constant) and isinstance(o.value, str)]
            if len(keys) != len(options):
                continue
            given = {k.arg for k in node.keywords}
            for key in keys:
                if key not in PHRASES["en"]:
                    continue
                blanks = set(re.findall(r"{(\w+)}", PHRASES["en"][key]))
                checked += 1
                # a conditional's two sentences share the values given; each must have all of its own
                if not blanks <= given or (len(keys) == 1 and given != blanks):
                    problems.append(f"{path.name}:{node.lineno} {key}: given {sorted(given)}, needs {sorted(blanks)}")
    assert checked > 150
    assert problems == []


def test_a_count_in_a_note_takes_its_noun_singular_or_plural_in_either_language():
    """ "1 row" and "2 rows", "1 linha" and "2 linhas": a Note says a Count with its noun, and pickles."""
    from chute.errors import ChuteError
    from chute.game.feedback import parse_colours
    from chute.game.share import parse_share
    from chute.language import Count, error_text

    for text, en, pt in [
        ("g", "pattern 'g' has 1 tile, expected 5", "as cores 'g' têm 1 quadradinho; eram esperados 5"),
        ("gg", "pattern 'gg' has 2 tiles, expected 5", "as cores 'gg' têm 2 quadradinhos; eram esperados 5"),
    ]:
        with pytest.raises(ChuteError) as err:
            parse_colours(text, 5)
        assert str(err.value) == en and error_text(err.value, "pt") == pt
    with pytest.raises(ChuteError) as err:
        parse_share("Wordle 1 3/6\n\n🟨⬛⬛⬛⬛\n")
    assert str(err.value) == "the header says 3/6 but the share text has 1 row"
    assert error_text(err.value, "pt") == "o cabeçalho diz 3/6, mas o texto compartilhado tem 1 linha"
    note = Note("share_header_rows", claimed="4/6", rows=Count(1_000, "row"))
    assert (
        pickle.loads(pickle.dumps(note)).said("pt") == "o cabeçalho diz 4/6, mas o texto compartilhado tem 1.000 linhas"
    )


def test_errors_about_clues_and_rules_are_said_in_portuguese_too():
    """The clue that breaks the others, and the rule a guess breaks: English as before, Portuguese when asked."""
    from chute.errors import ContradictionError, IllegalGuessError
    from chute.language import error_text

    k = Knowledge.from_clues([Clue("crane", "ybyby")], 5)
    with pytest.raises(ContradictionError) as err:
        k.add(Clue("crane", "ggggg"))
    assert str(err.value) == (
        "clue 2 (CRANE=CRANE) conflicts with earlier clues: N needs at least 1 but at most 0 copies"
    )
    assert error_text(err.value, "pt") == (
        "pista 2 (CRANE=CRANE) contradiz as pistas anteriores: N precisa de pelo menos 1 e no máximo 0 cópias"
    )
    from chute.game.rules import check_guess

    with pytest.raises(IllegalGuessError) as err:
        check_guess("xcccc", [Clue("cigac", "gbbby")], "hard")
    assert str(err.value) == "XCCCC is not allowed in hard mode: the 1st letter must be C (green in CIGAC)"
    assert error_text(err.value, "pt").startswith("XCCCC não é permitida no modo difícil: a primeira letra")
    assert error_text(ValueError("plain"), "pt") == "plain"
    assert pickle.loads(pickle.dumps(err.value.args[0])) == err.value.args[0]  # an Ordinal inside survives


def test_the_first_ranking_of_openers_is_announced_on_a_terminal_in_the_players_language(monkeypatch, tmp_path):
    """``suggest --lang pt`` on a terminal says in Portuguese that it ranks the openers once; elsewhere nothing."""
    import io

    from chute.cli import main

    words = tmp_path / "words.txt"
    words.write_text("\n".join(["torta", "terra", "porta", "parto", "prato", "tropa", "corta", "carta"]) + "\n")

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for lang, terminal, heard in (
        ("pt", True, "chute: nota: ordenando os primeiros palpites de "),
        ("en", True, "chute: note: ranking the first guesses of "),
        ("pt", False, None),
    ):
        monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path / f"cache-{lang}-{terminal}"))  # nothing ranked yet
        err = Terminal() if terminal else io.StringIO()
        monkeypatch.setattr(sys, "stderr", err)
        monkeypatch.setattr(sys, "stdout", io.StringIO())
        assert main(["suggest", "--answers", str(words), "--guesses", str(words), "--lang", lang]) == 0
        said_ = [line for line in err.getvalue().splitlines() if "palpites" in line or "guesses" in line]
        if heard is None:
            assert said_ == []
        else:
            assert len(said_) == 1 and said_[0].startswith(heard), said_


def test_zero_reads_as_zero_and_a_strategy_in_the_players_language(cli):
    """Saying "won 0 (<0.1%)" and "-0,000" said more than the figure; a Portuguese header named the strategy in English."""
    from chute.language import decimal, percent

    assert percent(0) == "0%" and percent(0.0004) == "<0.1%" and percent(0.5, "pt") == "50%"
    assert decimal(-0.0001, 3, "pt") == "0,000" and decimal(-0.0006, 3) == "-0.001" and decimal(-2.5, 1) == "-2.5"
    status, out, _ = cli("suggest", "--game", "termo", "--lang", "pt", "serao:__c_i", "--top", "1")
    assert status == 0 and out.splitlines()[0].endswith("· palpites esperados")
