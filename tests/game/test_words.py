"""Word lists: formats (plain, DELAS, frequency column), folding and merging, exclusion, lengths, errors."""

from __future__ import annotations

import codecs
import shutil
import subprocess

import pytest

from chute.errors import LexiconError
from chute.game.feedback import parse_clue
from chute.game.grep import grep_pipeline
from chute.game.knowledge import Knowledge
from chute.game.words import fold, load_lexicon, parse_line, read_lines, read_word_file, words_lexicon


def write(tmp_path, name, text, encoding="utf-8"):
    """Return the path of a new file holding the text."""
    path = tmp_path / name
    path.write_text(text, encoding=encoding)
    return path


def test_fold():
    assert fold("Ávido") == "avido"
    assert fold("  CORAÇÃO ") == "coracao"
    assert fold("pão") == "pao"
    assert fold("ü") == "u"
    assert fold("ＣＲＡＮＥ") == "crane" and fold("ＳＥＲÃＯ") == "serao"  # an East Asian keyboard's full-width letters


@pytest.mark.parametrize(
    "line, parsed",
    [
        ("abade,.N+z1:ms", ("abade", None)),  # DELAS (seed 000)
        ("ábaco,ábaco.N+z1:ms", ("ábaco", None)),
        ("a fim de,.PREP+z1", ("a fim de", None)),  # multi-word: dropped later
        ("ávido\t4.12", ("ávido", 4.12)),  # word and Zipf frequency, tab ...
        ("crane 3.5", ("crane", 3.5)),  # ... or space
        ("crane", ("crane", None)),
        ("  Crane  ", ("Crane", None)),
        ("new york", ("new york", None)),
        ("\ufeffaback", ("aback", None)),
        ("# comment", None),
        ("", None),
    ],
)
def test_parse_line(line, parsed):
    assert parse_line(line) == parsed


def test_delas_file(tmp_path):
    path = write(
        tmp_path,
        "DELAS_PB.dic",
        "aarão,.N+Pr:ms\nabade,.N+z1:ms\nabades,abade.N+z1:mp\nábaco,.N+z1:ms\nabaco,.N:ms\n"
        "a-b-c,.N\nguarda-chuva,.N:ms\n3ª,.A\n",
    )
    wl = read_word_file(path, length=5)
    assert wl.words == ["aarao", "abade", "abaco"]
    assert wl.spellings["abaco"] == "ábaco" and wl.spellings["aarao"] == "aarão"
    assert wl.dropped == 1  # a-b-c (guarda-chuva is not 5 letters long)
    assert wl.merged == 1  # abaco folded into ábaco


def test_frequency_column_and_merging_keep_the_commonest_spelling(tmp_path):
    path = write(tmp_path, "freq.tsv", "sábia\t3.3\nsabia\t4.5\nsabiá\t2.9\nÁVIDO\t4.0\navido\t1.0\n")
    wl = read_word_file(path)
    assert wl.words == ["sabia", "avido"]
    assert wl.spellings == {"sabia": "sabia", "avido": "ávido"}
    assert wl.frequencies == {"sabia": 4.5, "avido": 4.0}
    assert wl.merged == 3


def test_accented_spelling_wins_without_frequencies():
    wl = read_lines(["avido", "ávido", "Pao", "pão"])
    assert wl.spellings == {"avido": "ávido", "pao": "pão"}


def test_non_alphabetic_entries_are_dropped_and_counted(tmp_path):
    answers = write(tmp_path, "a.txt", "crane\nslate\nx-ray\nab1de\nl'eau\n")
    lexicon = load_lexicon("wordle", answers=answers, guesses=answers)
    assert lexicon.answers == ("crane", "slate")
    assert lexicon.dropped == 3


def test_exclude_drops_forbidden_words_from_both_lists(tmp_path):
    answers = write(tmp_path, "a.txt", "crane\nslate\nirate\n")
    guesses = write(tmp_path, "g.txt", "crane\nslate\nirate\naback\nzonal\n")
    exclude = write(tmp_path, "forbidden_words.dic", "slate,.N\nzonal\n")
    lexicon = load_lexicon("wordle", answers=answers, guesses=guesses, exclude=exclude)
    assert lexicon.answers == ("crane", "irate")
    assert lexicon.guesses == ("aback", "crane", "irate")
    assert "excluded" in lexicon.name


@pytest.mark.parametrize("length", [3, 4, 6, 9, 12])
def test_any_length_from_3_to_12_with_user_lists(tmp_path, length):
    words = ["".join(chr(97 + (i * 7 + j) % 26) for j in range(length)) for i in range(5)]
    path = write(tmp_path, "w.txt", "\n".join(words + ["ab", "abcdefghijklmnop"]) + "\n")
    lexicon = load_lexicon("wordle", answers=path, guesses=path, length=length)
    assert lexicon.length == length and lexicon.answers == tuple(words)
    k = Knowledge.from_clues([parse_clue(f"{words[0]}:{'g' * length}")])
    assert k.filter(lexicon.answers) == [words[0]]


def test_length_picked_from_a_single_length_list(tmp_path):
    path = write(tmp_path, "w.txt", "planet\nplaces\n")
    assert load_lexicon("wordle", answers=path, guesses=path).length == 6


@pytest.mark.parametrize("length", [2, 13, 0])
def test_lengths_outside_3_to_12_are_refused(tmp_path, length):
    path = write(tmp_path, "w.txt", "ab\n")
    with pytest.raises(LexiconError):
        load_lexicon("wordle", answers=path, guesses=path, length=length)


def test_bundled_lists_are_five_letters_only():
    with pytest.raises(LexiconError):
        load_lexicon("wordle", length=6)


def test_unreadable_files_raise_lexicon_error(tmp_path):
    with pytest.raises(LexiconError, match="not found"):
        read_word_file(tmp_path / "missing.txt")
    with pytest.raises(LexiconError, match="directory"):
        read_word_file(tmp_path)
    binary = tmp_path / "words.bin"
    binary.write_bytes(b"\x00\x01\x02crane\n")
    with pytest.raises(LexiconError):
        read_word_file(binary)
    with pytest.raises(LexiconError):
        load_lexicon("wordle", answers=tmp_path / "missing.txt")
    with pytest.raises(LexiconError):
        load_lexicon("klingon")


def test_latin_1_files_are_read(tmp_path):
    path = write(tmp_path, "latin1.txt", "ávido\npão\n", encoding="latin-1")
    wl = read_word_file(path)
    assert wl.words == ["avido", "pao"] and wl.spellings["avido"] == "ávido"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-8-sig", "utf-32"])
def test_files_marked_with_a_byte_order_mark_are_read(tmp_path, encoding):
    """Windows tools write UTF-16 with a byte-order mark (Notepad's "Unicode", PowerShell 5's ``>``)."""
    data = "ávido\r\npão\r\n".encode(encoding)
    if encoding == "utf-16-be":
        data = codecs.BOM_UTF16_BE + data
    (tmp_path / "marked.txt").write_bytes(data)
    wl = read_word_file(tmp_path / "marked.txt")
    assert wl.words == ["avido", "pao"] and wl.spellings["pao"] == "pão"
    (tmp_path / "broken.txt").write_bytes(codecs.BOM_UTF16_LE + b"a\x00\x00\xd8")  # a lone surrogate
    with pytest.raises(LexiconError, match="starts as UTF-16 text but is not UTF-16 throughout"):
        read_word_file(tmp_path / "broken.txt")


def test_words_lexicon_keeps_order_and_spelling():
    lexicon = words_lexicon(["ROMEO", "Prose", "ávido", "romeo", "x-ray"])
    assert lexicon.answers == ("romeo", "prose", "avido")
    assert lexicon.show("avido") == "ávido" and lexicon.show("AVIDO") == "ávido"
    assert lexicon.dropped == 1
    with pytest.raises(LexiconError):
        words_lexicon(["abc"], length=5)


def test_bundled_wordle():
    lexicon = load_lexicon("wordle")
    assert (len(lexicon.answers), len(lexicon.guesses)) == (2315, 14855)
    assert lexicon.answer_set <= lexicon.guess_set
    assert lexicon.is_answer("CIGAR") and lexicon.is_guess("aahed") and not lexicon.is_answer("aahed")
    # the later list's 1,883 words: accepted, never suggested; the 12,972 of 2022 are suggested
    assert len(lexicon.later) == 1883 and lexicon.later == lexicon.rare
    assert lexicon.is_guess("achey") and not lexicon.is_suggested("achey") and lexicon.is_suggested("aahed")
    assert len(lexicon.suggested_rows) == 12972 - len(lexicon.offensive - lexicon.rare) == 12897
    assert lexicon.summary() == "wordle: 2,315 answers, 14,855 accepted guesses (12,897 suggested), 5 letters"


def test_later_tag_is_read_like_rare_and_kept_apart(tmp_path):
    guesses = tmp_path / "g.tsv"
    guesses.write_text("cigar\t3.1\nrebut\t2.5\trare\nachey\t0.00\tlater\nlater\t5.49\n", encoding="utf-8")
    answers = tmp_path / "a.txt"
    answers.write_text("cigar\n", encoding="utf-8")
    lexicon = load_lexicon("wordle", answers=answers, guesses=guesses)
    assert lexicon.rare == {"rebut", "achey"} and lexicon.later == {"achey"}
    assert lexicon.is_suggested("later") and lexicon.is_suggested("cigar")


def test_bundled_termo_keeps_accents_and_frequencies():
    lexicon = load_lexicon("termo")
    assert lexicon.length == 5 and lexicon.answer_set <= lexicon.guess_set
    accented = [w for w in lexicon.answers if lexicon.show(w) != w]
    assert accented and all(fold(lexicon.show(w)) == w for w in accented)
    assert all(w in lexicon.frequencies for w in lexicon.answers[:50])


def test_real_termo_lists(termo_2022):
    lexicon = load_lexicon("termo", answers=termo_2022 / "answers.txt", guesses=termo_2022 / "guesses.txt")
    assert len(lexicon.answers) == 1442  # pilha appears twice in the file
    assert len(lexicon.guesses) == 10589
    assert lexicon.show("avido") == "ávido"


@pytest.mark.skipif(not shutil.which("bash"), reason="needs bash")
def test_grep_pipeline_drops_multi_word_entries_like_the_reader(tmp_path):
    path = write(tmp_path, "w.txt", "crane 3.1\nnew york\nslate\ncrane 2\nabcde x y\n")
    k = Knowledge(5)
    out = subprocess.run(["bash", "-c", grep_pipeline(k, path)], capture_output=True, text=True).stdout
    assert out.split() == [w.upper() for w in read_word_file(path).words] == ["CRANE", "SLATE"]


def test_notice_names_every_bundled_word_file_with_its_sha256():
    """NOTICE says where each shipped list came from; its checksums must be the files' own."""
    import hashlib
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    notice = (root / "NOTICE").read_text(encoding="utf-8")
    for folder in ("wordle", "termo"):
        for path in sorted((root / "src" / "chute" / "data" / folder).iterdir()):
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            section = notice[notice.index(f"src/chute/data/{folder}/") :]
            block = re.search(rf"\n  {re.escape(path.name)} .*?sha256 ([0-9a-f]{{64}})", section, re.S)
            assert block and block.group(1) == digest, f"NOTICE's sha256 for {folder}/{path.name}"


def test_a_bundled_lexicon_is_kept_parsed_in_the_cache(tmp_path, monkeypatch):
    """The parsed bundled lexicon is stored once, read back equal, and a damaged entry is rebuilt."""
    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path))
    plain = load_lexicon("termo", cache=False)
    assert not list(tmp_path.glob("lexicon-*"))
    first = load_lexicon("termo")
    (entry,) = tmp_path.glob("lexicon-termo-*.marshal")
    second = load_lexicon("termo")
    assert first == plain == second and second.rare == plain.rare and second.frequencies == plain.frequencies
    for damage in (b"", b"garbage \x00\xff", entry.read_bytes()[:100]):
        entry.write_bytes(damage)
        assert load_lexicon("termo") == plain
    assert load_lexicon("termo").suggested_rows is not None


def test_an_unwritable_cache_still_loads_the_lexicon(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("CHUTE_CACHE_DIR", str(blocker / "cache"))
    assert load_lexicon("wordle") == load_lexicon("wordle", cache=False)
