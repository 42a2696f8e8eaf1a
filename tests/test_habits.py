"""Habits that keep the project's record a record: a short BENCHMARKS.md, a CHANGELOG of one line an entry,
measured figures in BENCHMARKS rather than in the code's comments, and docs/cli.md listing every option."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "chute"
BENCHMARKS_LINES = 400
FIGURE_LINES = 15
# a measured figure: a time, a size, a machine's name, a speed-up, or a before -> after pair
FIGURE = re.compile(
    r"\b\d[\d,.]*\s*(?:ms|ns|µs|s|seconds?|minutes?|MiB|MB|GiB|GB|KiB|KB|kB)\b|AMD EPYC|Intel Xeon"
    r"|\b\d+(?:\.\d+)?x (?:faster|slower)|\d+(?:\.\d+)? -> \d",
    re.I,
)


def prose_lines(path: Path) -> list[tuple[int, str]]:
    """Return the comment lines and docstring lines of a module, with their numbers."""
    source = path.read_text(encoding="utf-8")
    out: list[tuple[int, str]] = []
    previous = None
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            out.append((token.start[0], token.string))
        elif token.type == tokenize.STRING and (
            previous is None or previous.type in (tokenize.INDENT, tokenize.NEWLINE, tokenize.NL, tokenize.DEDENT)
        ):
            out += [(token.start[0] + k, line) for k, line in enumerate(token.string.splitlines())]
        if token.type not in (tokenize.NL, tokenize.COMMENT):
            previous = token
    return out


def test_benchmarks_md_stays_a_record_of_today():
    lines = (ROOT / "BENCHMARKS.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= BENCHMARKS_LINES, f"BENCHMARKS.md has {len(lines)} lines, more than {BENCHMARKS_LINES}"


def test_the_changelog_has_one_line_an_entry():
    """Every entry of CHANGELOG.md is one line: a bullet never continues on the next line."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").splitlines()
    continued = [f"{k}: {line}" for k, line in enumerate(text, 1) if line.startswith((" ", "\t")) and line.strip()]
    assert not continued, "\n".join(continued[:5])
    assert sum(line.startswith("- ") for line in text) >= 10


def test_figures_live_in_benchmarks_not_in_the_code():
    """A comment gives the why and points to BENCHMARKS.md: at most a few lines of the source carry a measured
    figure (they go stale as the code and the machines change)."""
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()[:100]}"
        for path in sorted(SRC.rglob("*.py"))
        for n, line in prose_lines(path)
        if FIGURE.search(line)
    ]
    assert len(found) <= FIGURE_LINES, f"{len(found)} lines carry a figure:\n" + "\n".join(found)


def test_the_figure_rule_sees_a_figure():
    assert FIGURE.search("# 0.4 s of CPU on a 2-core VM") and FIGURE.search("held 300 MB") and FIGURE.search("3 -> 4")
    assert not FIGURE.search("# the best ``top`` guesses, 16 bits a key")


def test_docs_cli_lists_every_option_of_every_command():
    """docs/cli.md's reference is what every command's --help says (``scripts/build_cli_reference.py``)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_cli_reference.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr


def test_the_cli_reference_names_each_command_and_option(cli):
    """Each command's section in docs/cli.md names each long option its --help prints."""
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    sections = dict(re.findall(r"### `chute (\w+)`\n(.*?)(?=\n### |\n<!-- options: end -->)", text, flags=re.S))
    from chute.cli import command_modules

    for name in command_modules():
        status, out, _ = cli(name, "--help")
        assert status == 0
        listed = re.findall(r"^  (?:-\w(?: \S+)?, )?(--[a-z][a-z0-9-]*)", out, flags=re.M)  # as --help lists them
        options = set(listed) - {"--help"}
        assert len(options) >= 2, out
        missing = {o for o in options if f"`{o}" not in sections.get(name, "")}
        assert not missing, f"chute {name}: {sorted(missing)} not in docs/cli.md"
