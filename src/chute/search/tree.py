"""Decision trees: the model (a guess per node, a child per pattern), its JSON file, checks and views.

A decision tree holds a guess at each node and a child per pattern that guess
can show; the all-green pattern ends the game.  Its cost is the total number
of guesses over every answer (uniform weights), and a tree must finish every
answer within the row limit.  ``tree_search`` finds the best trees; this
module saves, loads, checks, plays, draws (text, DOT) and evaluates them.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import ChuteError
from ..files import excerpt, read_limited, write_atomic
from ..game.feedback import Clue, all_green, score
from ..game.render import plural
from ..game.rules import violation
from ..game.words import Lexicon, fold, is_word

FORMAT = "chute-tree"
VERSION = 1
RULES = (None, "hard", "strict")
NAMED_FAILURES = 10  # a check names this many answers the tree does not find, then counts the rest


class TreeError(ChuteError):
    """A tree file that cannot be read, or a tree that does not fit the word lists."""


# ---------------------------------------------------------------------------
# Trees


@dataclass
class TreeNode:
    """One node: the guess to play, how many candidates reach it, a child per pattern."""

    guess: str
    n: int = 0
    children: dict[str, TreeNode] = field(default_factory=dict)

    def nodes(self, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], TreeNode]]:
        """Return every (pattern path, node) below and including this one, depth first."""
        yield path, self
        for pattern in sorted(self.children):
            yield from self.children[pattern].nodes(path + (pattern,))

    def to_dict(self) -> dict[str, Any]:
        """Return the node as plain JSON data."""
        out: dict[str, Any] = {"guess": self.guess, "n": self.n}
        if self.children:
            out["next"] = {p: c.to_dict() for p, c in sorted(self.children.items())}
        return out


@dataclass
class TreeStats:
    """Figures of a tree over a list of answers: total guesses, worst case, distribution."""

    games: int
    total: int
    worst: int
    distribution: dict[int, int]
    failures: list[str] = field(default_factory=list)

    @property
    def solved(self) -> int:
        """Return how many answers the tree finds within the rows."""
        return self.games - len(self.failures)

    @property
    def mean(self) -> float:
        """Return the mean number of guesses per answer found (the total counts only those)."""
        return self.total / self.solved if self.solved else 0.0

    def to_dict(self) -> dict[str, Any]:
        """Return the figures as plain JSON data."""
        return {
            "games": self.games,
            "total": self.total,
            "mean": round(self.mean, 4),
            "worst": self.worst,
            "distribution": {str(k): v for k, v in sorted(self.distribution.items())},
            "failures": len(self.failures),
        }

    def summary(self) -> str:
        """Return the figures as one line of text."""
        dist = " ".join(f"{k}:{v}" for k, v in sorted(self.distribution.items()))
        found = (
            f"{self.solved:,} of {plural(self.games, 'answer')} found"
            if self.failures
            else plural(self.games, "answer")
        )
        text = (
            f"{plural(self.total, 'guess', 'guesses')} for {found}, mean {self.mean:.4f}, "
            f"worst {self.worst}, distribution {dist}"
        )
        if self.failures:
            text += f"; {len(self.failures):,} not found within the rows"
        return text


@dataclass
class DecisionTree:
    """A strategy as a tree: the guess for every sequence of patterns seen so far.

    Saved as JSON: ``{"format": "chute-tree", "version": 1, "length": 5,
    "rows": 6, "rule": null|"hard"|"strict", "meta": {...}, "tree": NODE}``
    where ``NODE = {"guess": "salet", "n": 2315, "next": {"bbbbb": NODE, ...}}``:
    ``n`` candidates reach the node, ``next`` maps each pattern (g/y/b) the
    guess can show to the next node; the all-green pattern ends the game.
    """

    root: TreeNode
    length: int
    rows: int = 6
    rule: str | None = None  # None, "hard" (Wordle) or "strict" (Termo)
    meta: dict[str, Any] = field(default_factory=dict)

    # -- following the tree

    def node_at(self, patterns: Sequence[str]) -> TreeNode | None:
        """Return the node reached by a sequence of patterns from the root, or None if it leaves the tree."""
        node = self.root
        for p in patterns:
            nxt = node.children.get(p)
            if nxt is None:
                return None
            node = nxt
        return node

    def guess_for(self, patterns: Sequence[str]) -> str | None:
        """Return the tree's guess after these patterns (to its own guesses), or None if off the tree."""
        node = self.node_at(patterns)
        return node.guess if node is not None else None

    def next_guess(self, history: Sequence[Clue | tuple[str, str]]) -> str | None:
        """Return the tree's next guess after the played clues, or None if they left the tree.

        The clues must be the tree's own guesses in order; any other guess, or
        a pattern the tree has no branch for, leaves the tree.
        """
        node = self.root
        for clue in history:
            guess, pattern = (clue.guess, clue.pattern) if isinstance(clue, Clue) else clue
            if fold(guess) != node.guess:
                return None
            if pattern == all_green(self.length):
                return None
            nxt = node.children.get(pattern)
            if nxt is None:
                return None
            node = nxt
        return node.guess

    def play(self, secret: str) -> list[Clue]:
        """Return the clues the tree's game against ``secret`` shows (it stops when off the tree)."""
        secret = fold(secret)
        node: TreeNode | None = self.root
        clues: list[Clue] = []
        while node is not None and len(clues) < max(self.rows, 1) * 4:
            pattern = score(node.guess, secret)
            clues.append(Clue(node.guess, pattern))
            if pattern == all_green(self.length):
                break
            node = node.children.get(pattern)
        return clues

    def evaluate(self, answers: Iterable[str]) -> TreeStats:
        """Return the tree's figures over the answers (failures: off the tree or over the row limit)."""
        dist: Counter[int] = Counter()
        failures: list[str] = []
        total = worst = games = 0
        for secret in answers:
            games += 1
            clues = self.play(secret)
            if not clues or not clues[-1].solved or len(clues) > self.rows:
                failures.append(secret)
                continue
            dist[len(clues)] += 1
            total += len(clues)
            worst = max(worst, len(clues))
        return TreeStats(games, total, worst, dict(dist), failures)

    def stats(self) -> TreeStats:
        """Return the figures the tree's own counts imply (no word lists needed).

        A node's count less its children's is the number of answers solved by
        its guess; a tree read from a file is only as right as its counts
        (``check`` recomputes them from the lists).
        """
        dist: Counter[int] = Counter()
        for path, node in self.root.nodes():
            here = node.n - sum(c.n for c in node.children.values())
            if here > 0:
                dist[len(path) + 1] += here
        total = sum(k * v for k, v in dist.items())
        return TreeStats(sum(dist.values()), total, max(dist, default=0), dict(dist))

    def check(self, lexicon: Lexicon) -> tuple[TreeStats, list[str]]:
        """Return the figures over the lexicon's answers and the problems found (empty when sound).

        Checks that every answer reaches all-green within the row limit, that
        every guess is an accepted word of the length, and in hard modes that
        each guess obeys the rule given the clues on its path.
        """
        problems: list[str] = []
        if lexicon.length != self.length:
            problems.append(f"the tree is for {self.length}-letter words, the lists have {lexicon.length}")
            return TreeStats(0, 0, 0, {}), problems
        for path, node in self.root.nodes():
            where = "/".join(path) or "root"
            if not lexicon.is_guess(node.guess):
                problems.append(f"{node.guess!r} at {where} is not an accepted guess")
            for pattern in node.children:
                if len(pattern) != self.length or set(pattern) - set("gyb"):
                    problems.append(f"bad pattern {pattern!r} below {where}")
        if self.rule is not None:
            problems.extend(self._hard_problems())
        stats = self.evaluate(lexicon.answers)
        for secret in stats.failures[:NAMED_FAILURES]:
            clues = self.play(secret)
            if clues and clues[-1].solved:
                problems.append(f"{secret} needs {len(clues)} guesses, over the {self.rows}-row limit")
            else:
                problems.append(f"{secret} leaves the tree after " + " ".join(f"{c.guess}:{c.pattern}" for c in clues))
        if len(stats.failures) > NAMED_FAILURES:
            problems.append(f"... and {len(stats.failures) - NAMED_FAILURES:,} more answers not found within the rows")
        return stats, problems

    def _hard_problems(self) -> list[str]:
        """Return the nodes whose guess breaks the hard-mode rule given the clues above them."""
        problems: list[str] = []

        def visit(node: TreeNode, clues: list[Clue]) -> None:
            reason = violation(node.guess, clues, self.rule) if clues else None
            if reason:
                path = " ".join(map(str, clues))
                problems.append(f"{node.guess} after {path} breaks {reason}")
            for pattern, child in sorted(node.children.items()):
                visit(child, clues + [Clue(node.guess, pattern)])

        visit(self.root, [])
        return problems

    # -- files

    def to_dict(self) -> dict[str, Any]:
        """Return the tree as plain JSON data."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "length": self.length,
            "rows": self.rows,
            "rule": self.rule,
            "meta": self.meta,
            "tree": self.root.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Any) -> DecisionTree:
        """Return the tree described by JSON data; raise TreeError saying what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise TreeError(f'not a chute tree (expected "format": "{FORMAT}")')
        if data.get("version") != VERSION:
            raise TreeError(f"unsupported tree version {data.get('version')!r} (this chute reads {VERSION})")
        length, rows, rule = data.get("length"), data.get("rows", 6), data.get("rule")
        if not isinstance(length, int) or not 1 <= length <= 20:
            raise TreeError(f"bad word length {length!r} in tree")
        if not isinstance(rows, int) or rows < 1:
            raise TreeError(f"bad row limit {rows!r} in tree")
        if rule not in RULES:
            raise TreeError(f'bad hard-mode rule {rule!r} in tree (expected null, "hard" or "strict")')
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise TreeError('bad "meta" in tree (expected an object)')
        root = _node_from(data.get("tree"), length, "root", 0)
        return cls(root, length, rows, rule, meta)

    def to_json(self) -> str:
        """Return the tree as one line of JSON text (what ``save`` writes)."""
        return json.dumps(self.to_dict(), separators=(",", ":")) + "\n"

    def save(self, path: str | Path) -> None:
        """Write the tree as JSON (atomically: temp file, then rename)."""
        try:
            write_atomic(path, self.to_json(), "tree")
        except ChuteError as err:
            raise TreeError(str(err)) from None

    @classmethod
    def load(cls, path: str | Path) -> DecisionTree:
        """Return the tree stored in a JSON file; raise TreeError for a missing or malformed file."""
        path = Path(path)
        try:
            text = read_limited(path, "tree file").decode("utf-8")
        except ChuteError as err:
            raise TreeError(str(err)) from None
        except UnicodeDecodeError:
            raise TreeError(f"cannot read tree file {path}: not UTF-8 text") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise TreeError(f"{path} is not valid JSON (line {err.lineno}: {err.msg})") from None
        except RecursionError:
            raise TreeError(f"{path}: nested too deeply to be a tree") from None
        try:
            return cls.from_dict(data)
        except TreeError as err:
            raise TreeError(f"{path}: {err}") from None
        except RecursionError:
            raise TreeError(f"{path}: tree too deep") from None

    # -- reading

    def to_text(self, lexicon: Lexicon | None = None, show: int = 6, upper: bool = True) -> str:
        """Return the tree as indented text, one line per node: pattern path, guess, candidates left.

        With a lexicon, nodes with at most ``show`` candidates list them, and
        words show their accented spellings.
        """
        lines = []
        cands = _node_candidates(self, lexicon) if lexicon is not None else {}
        spell = lexicon.show if lexicon is not None else (lambda w: w)
        for path, node in self.root.nodes():
            indent = "  " * len(path)
            where = " ".join(path) if path else "start"
            guess = spell(node.guess).upper() if upper else spell(node.guess)
            left = f"{node.n} left" if node.n else ""
            words = cands.get(path)
            if words is not None and len(words) <= show:
                left += ": " + " ".join(spell(w) for w in words)
            lines.append(f"{indent}{where}  {guess}  {left}".rstrip())
        return "\n".join(lines) + "\n"

    def to_dot(self, name: str = "tree", lexicon: Lexicon | None = None) -> str:
        """Return the tree as a Graphviz DOT graph (nodes: guesses and counts, edges: patterns)."""
        spell = lexicon.show if lexicon is not None else (lambda w: w)
        out = [
            f'digraph "{name}" {{',
            "  rankdir=LR;",
            '  node [shape=box, fontname="Courier"];',
            '  edge [fontname="Courier"];',
        ]
        ids: dict[tuple[str, ...], str] = {}
        for i, (path, node) in enumerate(self.root.nodes()):
            ids[path] = f"n{i}"
            word = spell(node.guess).upper().replace('"', "")
            label = f"{word}\\n{node.n}" if node.n else word
            out.append(f'  n{i} [label="{label}"];')
            if path:
                out.append(f'  {ids[path[:-1]]} -> n{i} [label="{path[-1]}"];')
        out.append("}")
        return "\n".join(out) + "\n"


def _node_from(data: Any, length: int, where: str, depth: int) -> TreeNode:
    """Return a node parsed from JSON data; raise TreeError naming the place of a fault."""
    if depth > 64:
        raise TreeError(f"tree too deep at {where}")
    if not isinstance(data, dict):
        raise TreeError(f"node at {where} is not an object")
    guess = data.get("guess")
    if not isinstance(guess, str) or len(guess) != length or not is_word(guess):
        raise TreeError(f"node at {where} has a bad guess {excerpt(str(guess))} (expected a {length}-letter word)")
    n = data.get("n", 0)
    if not isinstance(n, int) or n < 0:
        raise TreeError(f"node at {where} has a bad count {excerpt(n)}")
    children: dict[str, TreeNode] = {}
    nxt = data.get("next", {})
    if not isinstance(nxt, dict):
        raise TreeError(f'node at {where} has a bad "next" (expected an object)')
    for pattern, child in nxt.items():
        if len(pattern) != length or set(pattern) - set("gyb"):
            raise TreeError(f"bad pattern {excerpt(pattern)} below {where} (expected {length} of g/y/b)")
        if pattern == all_green(length):
            raise TreeError(f"all-green pattern below {where} (the game ends there)")
        children[pattern] = _node_from(child, length, f"{where}/{pattern}", depth + 1)
    return TreeNode(guess.lower(), n, children)


def _node_candidates(tree: DecisionTree, lexicon: Lexicon) -> dict[tuple[str, ...], list[str]]:
    """Return, per pattern path, the lexicon's answers that reach that node."""
    out: dict[tuple[str, ...], list[str]] = {}
    for secret in lexicon.answers:
        path: tuple[str, ...] = ()
        node: TreeNode | None = tree.root
        while node is not None:
            out.setdefault(path, []).append(secret)
            p = score(node.guess, secret)
            if p == all_green(tree.length):
                break
            path += (p,)
            node = node.children.get(p)
    return out
