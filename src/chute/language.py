"""chute's sentences in English and Brazilian Portuguese: one phrase table, and how each language counts and lists.

Termo's players are Brazilian, so what the page, the CLI's player commands (``--lang``) and the
library say to a player exists in both: why a word cannot be the answer, why a guess breaks the
hard-mode rule, the review, the notes beside a ranking, the clues that contradict each other.  A
phrase is looked up by key; a language chute does not know reads English.  Messages that travel
through the library before anyone knows the reader's language (notes in a state, an error raised
deep in a replay) are ``Note``s: plain English strings that can say themselves in Portuguese.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

LANGUAGES = ("en", "pt")

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        # why a word cannot be the answer (knowledge.plain_reasons)
        "length": "it has {has}, the answer has {want}",
        "missing": "it lacks {letters}, which the answer has",
        "misplaced": "the {nth} letter is {letter}, not {mine}",
        "absent_one": "{letters} is not in the answer",
        "absent_many": "{letters} are not in the answer",
        "wrong_spot": "{letter} is not the {nth} letter",
        "count_most": "it has {has} {letter}, the answer has at most {bound}",
        "count_least": "it has {has} {letter}, the answer has at least {bound}",
        "not_an_answer": "it fits the clues but is not in the answer list",
        # the verdict on one word (solver.WordVerdict)
        "fits": "{word} fits every clue: it could be the answer",
        "fits_unlisted": "{word} fits every clue, but it is not in the word list",
        "cannot": "{word} cannot be the answer: {reasons}",
        "illegal": "as a guess it is not allowed ({why})",
        "leaves": "as a guess it leaves {expected} candidates on average, at worst {worst}",
        "board": "board {n}",
        # why a guess breaks the hard-mode rule (rules.violation)
        "hard": "hard mode",
        "strict": "strict mode",
        "must_green": "{mode}: the {nth} letter must be {letter} (green in {guess})",
        "must_use": "{mode}: the guess must use {letter} (revealed in {guess})",
        "must_use_n": "{mode}: the guess must use {letter} {n} times (revealed in {guess})",
        "not_here_yellow": "{mode}: {letter} cannot be the {nth} letter (yellow there in {guess})",
        "not_here_grey": "{mode}: {letter} cannot be the {nth} letter (grey there in {guess})",
        "grey_letter": "{mode}: {letter} is not in the word (grey in {guess})",
        "only_n": "{mode}: the word has only {n} {letter} (a grey copy in {guess})",
        # the review's comments (verdict.RowReview.comment)
        "only_left": "the only word left",
        "was_only_left": "{word} was the only word left",
        "one_left": "one word was left",
        "not_graded": "not graded",
        "risked": "risked running out of rows; {best} was safe",
        "best": "the best move",
        "best_found": "the best move found",
        "policy_move": "chute's own move, which plays for every word the game accepts; the review's search finds "
        "{best}, {amount} guesses better on average",
        "story_policy_move": "left {after} of {before} {noun} ({mean} on average): chute's own move, which plays for "
        "every word the game accepts; the review's search finds {best} ({best_mean}), {amount} guesses better",
        "cost": "cost {amount} guesses on average; best {best}",
        "not_in_lists": "{word} is not in the word lists: not graded",
        "story_best": "left {after} of {before} {noun} ({mean} on average): the best move",
        "story_best_found": "left {after} of {before} {noun} ({mean} on average): the best move found",
        "story_cost": "left {after} of {before} {noun} ({mean} on average; {best} {best_mean}, {amount} guesses "
        "fewer to finish)",
        "story_found_best": "found among {before} {noun}: the best move",
        "story_found": "found among {before} {noun}; {best} was {amount} guesses better on average",
        "story_all_best": "every graded row was the best move",
        "story_or_own": " or chute's own",
        "story_no_best": "not one of the {n} graded rows was the best move",
        "story_only_not_best": "the one graded row was not the best move",
        "story_one_best": "{k} of {n} graded rows was the best move",
        "story_best_rows": "{k} of {n} graded rows were the best move",
        "story_costliest": "{word} cost the most ({amount} guesses on average)",
        "story_costliest_rows": "{word} cost the most ({amount} rows on average)",
        "story_risked": "{word} risked running out of rows",
        "story_lucky": "lucky colours (luck {luck})",
        "story_unlucky": "unlucky colours (luck {luck})",
        "story_even": "luck about even ({luck})",
        "last_row": "the last row: a guess among {n} candidates",
        "last_row_lost": "the last row, and not a candidate: it could not win",
        "no_finish": "no guess finishes every candidate within the rows left",
        # notes beside a ranking (language.Note)
        "not_listed": "{word} is not in the {name} word list; its clue is used anyway",
        "ruled_out": "the clues rule out every word of {what}; carrying on over the {n} accepted words that fit{weighted}",
        "ruled_out_one": "the clues rule out every word of {what}; carrying on over the {n} accepted word that fit{weighted}",
        "of_prior": "the {name} prior",
        "of_answers": "the {name} answer list",
        "weighted": " (weighted by frequency)",
        "of_earlier": "the {name} lists but the words the game added later",
        "plans_gave_up": "too many words are left to check the row limit within its budget: "
        "the guesses are ranked by expected guesses alone",
        "kept_finishable": "the first suggestion keeps every word finishable within the rows left; "
        "one with a better average could lose a word",
        "no_plan": "no plan found that finishes every word left within the rows: "
        "the guesses are ranked by expected guesses alone",
        "left_tree": "row {row}: the game left the decision tree; following {name} from here",
        "safe_plan": "{opener} opens a plan that finds each of {n} words the game accepts within {rows} rows",
        "plan": "{opener} opens {which} for these lists: every one of the {n} answers within {rows} rows, "
        "{mean} guesses on average",
        "best_plan": "the best proven plan",
        "a_plan": "a proven plan",
        "plan_mark": "<- plan",
        "plan_legend": "plan: {opener} comes first as the opener of a proven plan ({mean} guesses on average over "
        "the answers); the scores above look one guess ahead",
        "safe_plan_legend": "plan: {opener} comes first as the opener of the plan that loses no word the game "
        "accepts; the scores above look one guess ahead",
        "unknown_answer": "no word of the {name} lists fits these clues: the answer is a word chute does not know, "
        "or a colour was typed wrong",
        "unlisted": "{reason}; if the colours are right, the answer is a word chute does not know: {n} strings of "
        "letters fit the clues{more}, likeliest first (a string the game refuses costs no row)",
        "unlisted_one": "{reason}; if the colours are right, the answer is a word chute does not know: one string of "
        "letters fits the clues",
        "unlisted_more": " (the likeliest kept)",
        # the review as the CLI prints it (cli/cmd_review.py) and its notes
        "chute_game": "chute's own game: {words} ({ended})",
        "solved_in": "solved in {used}/{limit}",
        "found_over": "found in {used}, over the {rows}",
        "not_solved_in": "not solved in {rows}",
        "not_solved_played": "not solved in {rows} ({used} played)",
        "skill_luck": "skill {skill} · luck {luck}",
        "skill_col": "skill",
        "luck_col": "luck",
        "at_risk": "at risk",
        "not_answer": "{word} could not have been the answer",
        "left": "left: {words}",
        "values_key": "(values: expected guesses to finish with optimal play after the guess, counting it; "
        "* = best found, not proven; ~ = estimated)",
        "grades_key": "(skill: 99 for the best move or chute's own, halved by every quarter of a guess it cost on average; luck: "
        "how the colours seen compare with the others the guess could have shown, 50 is average)",
        "left_key": "(words left after the row: likely answers/possible words, the game's answer list and every "
        "word it accepts that fit the clues)",
        "optimal_finds": "optimal play ({opener} first) finds {answer} in {rows}; it averages {mean} over the "
        "{n} answers",
        "review_unlisted": "{word} is not on the {name} answer list: a row is graded only while an answer of the "
        "list fits the clues before it",
        "review_outside_prior": "{word} is not a word of the {name} prior: a row is graded only while a word of "
        "the prior fits the clues before it",
        "review_unknown": "{word} is not in chute's {name} word lists (the game's lists have changed since they "
        "were taken): a row is graded only while a word of the lists fits the clues before it",
        "on_board": "board {n}: {note}",
        "review_widened": "{words} is not on the {name} answer list: the guesses are graded under the {prior} "
        "prior, where every accepted word can be the answer",
        "review_widened_many": "{words} are not on the {name} answer list: the guesses are graded under the "
        "{prior} prior, where every accepted word can be the answer",
        "review_prior": "values under the {name} prior: exact with at most {exact} candidates, else the best found "
        "(*); the opening and sets over {found} candidates estimated by the expected-guesses "
        "formula (~); a word not found within {rows} rows counts {extra} guesses more",
        "boards_solved_in": "solved in {rows}",
        "boards_not_solved": "not every board solved within {rows}",
        "round_cost": "cost {amount} rows until every board is solved; chute plays {best}",
        "round_key": "(a round's value: the rows the game is expected to take until every board is solved, this "
        "one included; the row chute plays there is the best move)",
        "decoded_head": "{game}: the words that make each row against {answers}",
        "decoded_tail": "give the guesses (chute review --share FILE WORD1 WORD2 ...) for the full review",
        # your history (reviewing.history, chute stats, the page)
        "history_head": "your games, kept in {path}",
        "history_empty": "no games kept yet: a game reviewed (chute review), finished in chute assist or on the "
        "page (chute serve) is kept here",
        "history_no_game": "no {game} games kept (games kept: {games})",
        "history_damaged": "left out, unreadable: {lines} of your history; the next game kept moves what could not "
        "be read beside it (history.unreadable.jsonl), to be mended by hand",
        "history_line": "line",
        "history_lines": "lines",
        "normal": "normal mode",
        "stats_line": "{game}, {mode}: played {played} · won {won} ({rate}) · streak {streak} (best {best})",
        "stats_grades": "skill {skill} · luck {luck} on average (reviewed: {reviewed})",
        "stats_mean": "{mean} rows on average over the games won",
        "stats_legend": "each bar: the games won in that many rows; X: the games lost",
        "stats_recent": "latest games:",
        "stats_cleared": "your history is cleared: {games} moved to {path} (move it back to undo)",
        "stats_none_to_clear": "your history is empty already",
        "game_noun": "game",
        "game_nouns": "games",
        # the words left (game.words_left): the same two figures everywhere
        "likely_answer": "likely answer",
        "likely_answers": "likely answers",
        "possible_word": "possible word",
        "possible_words": "possible words",
        "letter_string": "string of letters",
        "letter_strings": "strings of letters",
        "row": "row",
        "rows": "rows",
        "word": "word",
        "words": "words",
        "tile": "tile",
        "tiles": "tiles",
        "letter": "letter",
        "letters": "letters",
        "board_noun": "board",
        "board_nouns": "boards",
        "answer_noun": "answer",
        "answer_nouns": "answers",
        "secret_noun": "secret word",
        "secret_nouns": "secret words",
        # chute assist, the interactive loop (cli/cmd_assist.py)
        "candidate": "candidate",
        "candidates": "candidates",
        "note": "note: {message}",
        "try": "try {word}",
        "also": "  (also {words})",
        "prompt_one": "{count} · row {row}/{rows} · {advice}",
        "prompt_many": "{parts} · row {row}/{rows} · {advice}",
        "no_suggestion": "no guess to suggest: type the word you played and its colours",
        "candidates_are": "likeliest first: {words}",
        "not_suggested": "and {n} more chute never suggests (rare or offensive)",
        "solved": "solved",
        "solved_at": "solved in {used}",
        "all_solved": "all {boards} boards solved in {used}",
        "all_solved_over": "all {boards} boards solved in {used}, over the {rows} rows",
        "cannot_save": "cannot save the game ({why}); going on, and trying again after each row",
        "saved_again": "the game is saved again in {path}",
        "warning": "chute: warning: {message}",
        "new_game": "new game",
        "share_header": "(share text: its rows are read as the colours of the suggested guesses)",
        "reject_what": "reject what? write: reject WORD (a word the game refused)",
        "rejected_saved": "{word} will not be suggested again (remembered in {path})",
        "rejected_session": "{word} will not be suggested again in this session",
        "rejected_string": "{word} is not a word of the game, so not its answer: dropped",
        "unreject_what": "unreject what? write: unreject WORD (refused now: {words})",
        "unrejected": "{word} may be suggested again",
        "not_rejected": "{word} was not refused, so there is nothing to take back",
        "row_cleared": "row cleared",
        "took_back": "took back {word}",
        "nothing_to_undo": "nothing to undo",
        "board_number": "expected a board number, not {text}",
        "no_board": "there is no board {text}; boards are 1 to {n}",
        "board_solved": "board {n}: solved ({word})",
        "board_count": "board {n} ({count}):",
        "and_more": "... and {n} more, less likely",
        "why_what": "why what? write: why WORD",
        "why_what_boards": "why what? write: why WORD [BOARD]",
        "letters_count": "{word} has {k}; the words have {n}",
        "may_refuse": "{word} is not in the {name} word list: the game may refuse it",
        "game_over": "the game is over: every board is solved (new starts another)",
        "review_hint": "the verdict on this game: {command}",
        "out_of_rows_one": "out of rows: the game is lost and shows its answer; 'review ANSWER' gives the verdict, "
        "or play on to see how chute would find it",
        "out_of_rows_many": "out of rows: the game is lost and shows its answers; 'review ANSWER,ANSWER,...' (the "
        "boards not solved) gives the verdict, or play on to see how chute would find them",
        "neither": "{text} is neither colours nor a word of {n} letters",
        "finish_row": "finish the colours of this row first (or undo)",
        "unlisted_alone": "{text} is not a word of the list; to play a word the list lacks, give its colours too "
        "({word}:gybbg)",
        "colours_for": "colours for {word}?",
        "needs_colours": "a board that is not solved needs its colours, not '-'",
        "too_many": "{k} patterns for {m} unsolved boards",
        "board_q": "board {n}?",
        "no_guess_given": "no guess was suggested: type the word you played, then its colours",
        "welcome": "{game}: {boards}{rows} rows. Type the colours the game shows (help for more; quit or Ctrl-D to stop)",
        "n_boards": "{n} boards, ",
        "resumed": "resumed after {rows}: {words}",
        # the adversary's games: chute suggest, play and review with --game absurdle (cli/adversary.py)
        "adv_line": "{left} the adversary may keep · cornered in {rows} at the fewest",
        "adv_word": "word",
        "adv_words": "words",
        "col_rows": "rows",
        "col_kept": "kept",
        "key_rows": "rows: the fewest rows it corners the adversary in, whatever its ties keep, this one and the last "
        "included",
        "key_kept": "kept: the words the adversary keeps after it",
        "adv_welcome": "{game}: no secret; each row the adversary keeps the most words. Type a guess (quit or Ctrl-D "
        "to stop)",
        "adv_row": "{tiles}  {left} left",
        "adv_won": "cornered in {used}; the fewest that always win: {fewest}",
        "adv_best_play": "the fewest possible: well played",
        "adv_given_up": "not cornered after {used}",
        "adv_review_won": "{game}: cornered in {used}; the fewest that always win: {fewest}",
        "adv_review_lost": "{game}: not cornered after {used}; the fewest that always win: {fewest}",
        "adv_row_best": "best: cornered in {rows} from here",
        "adv_row_cost": "costs {lost}: {rows} from here where {best} could ({better})",
        "adv_row_last": "cornered",
        "adv_review_best": "every row was the best move",
        # chute suggest and chute play (cli/cmd_suggest.py, cli/cmd_play.py, cli/solving.py)
        "left_line": "{count} · {strategy}",
        "opener": " (opener)",
        "beyond": " · beyond the answer list",
        "beyond_lists": " · strings of letters beyond the lists",
        "col_guess": "guess",
        "col_expected": "expected",
        "col_worst": "worst",
        "col_chance": "chance",
        "col_score": "score",
        "col_bits": "bits",
        "col_solves": "solves",
        "col_row": "row",
        "col_guesses": "guesses",
        "col_parts": "parts",
        "col_letters": "letters",
        "col_eliminated": "eliminated",
        "col_order": "order",
        "col_nats": "nats",
        # what each column means: a line under a table, a tooltip on the page (language.column_key)
        "key_guesses": "guesses: the expected guesses to finish, this one included",
        "key_bits": "bits: what the colours tell on average (each bit halves the words left)",
        "key_nats": "nats: what the colours tell on average, in natural units",
        "key_expected": "expected: the words it leaves on average",
        "key_worst": "worst: at most",
        "key_chance": "chance: that it is the answer",
        "key_parts": "parts: the different colour patterns it can show",
        "key_letters": "letters: how common its untried letters are",
        "key_eliminated": "eliminated: the words it rules out on average",
        "key_order": "order: its place in the fixed list",
        "key_score": "score: what the joint policy ranks by (bits over the open boards, and finishing boards as the "
        "rows run out)",
        "key_solves": "solves: the chance it is one board's answer",
        "key_joint_bits": "bits: what the colours tell, summed over the open boards",
        "key_joint_expected": "expected: the words it leaves on average, summed over the boards",
        "boards_line": "{game} · row {row} of {rows} · {parts} · joint policy",
        "all_boards_solved": "{game}: every board is solved, in {used} of {rows} rows",
        "past_limit": "all {rows} rows are used: these guesses play on past the limit",
        "no_board_left": "no guess to suggest: no open board has a word of the lists left",
        "played_solved": "solved {words} in {used}/{rows}",
        "played_refused": "refused by the game, at no row: {words}",
        "played_over": "found {words} in {used}, over the {rows}",
        "played_lost": "not solved: {words} not found in {guesses}",
        "played_lost_boards": "not solved in {rows}",
        "guess": "guess",
        "guesses": "guesses",
        # clues that cannot all be true, and guesses a rule refuses (knowledge.py, solver.py, rules.py, session.py)
        "clue_n": "clue {n} ({written})",
        "clue_": "clue {written}",
        "conflicts": "{name} conflicts with earlier clues:",
        "wrong_length": "{name} has {has}, expected {want}",
        "unproducible": "{name}: no secret can produce this pattern (a repeated letter is yellow after a grey copy "
        "of it; yellows go to the leftmost copies)",
        "unproducible_for": "{name}: no secret can produce this pattern for {guess}",
        "fixed_clash": "{name} {letter} at position {pos}, but {other} is already correct there",
        "count_clash_1": "{name} {letter} needs at least {low} but at most {high} copy",
        "count_clash": "{name} {letter} needs at least {low} but at most {high} copies",
        "too_many_copies": "{name} {letter} is needed {n} times in a {length}-letter word",
        "too_many_letters": "{name} together they require more letters than the word has",
        "both_ways": "{name} {letter} is both correct and ruled out at position {pos}",
        "no_room": "{name} {letter} must appear {n} time(s) but fits in only {k} position(s)",
        "too_many_correct": "{name} more {letter}s are correct than the clues allow",
        "no_letters": "{name} no word of letters satisfies them all",
        "nothing_fits": "no word in the {name} lists fits the clues: {clue}{before} rules out every accepted word",
        "nothing_fits_before": " together with {clues}",
        "nothing_fits_plain": "no word in the {name} lists fits the clues",
        "not_allowed": "{word} is not allowed in {reason}",
        "row_error": "row {n}: {error}",
        # a row, a word or an answer the player typed wrong (feedback.py, session.py, solver.py, words.py)
        "error": "chute: error: {message}",
        "interrupted": "chute: interrupted",
        # a line on the terminal while a step takes a while (cli/waiting.py), erased when it ends
        "waiting_rank": "ranking the guesses...",
        "waiting_review": "grading the game...",
        "waiting_play": "playing the game...",
        "waiting_matrix": "scoring every guess against every word of these lists (once, then cached)...",
        "unknown_tile": "unknown tile {tile} in pattern {text} (use g/y/b, c/i/_, 2/1/0 or emoji tiles)",
        "mixed_notations": "pattern {text} mixes notations ({families}); use one of g/y/b, c/i/_, 2/1/0 or emoji tiles",
        "tile_count": "pattern {text} has {tiles}, expected {n}",
        "empty_pattern": "empty pattern",
        "not_a_word": "{text} is not a word of {n} letters",
        "answer_not_a_word": "the answer {text} is not a word of {n} letters",
        "guess_not_a_word": "guess {text} is not a word of {n} letters",
        "guess_must_be": "guess {text} must be a word of {n} letters",
        "shows_not": "row {row}: {guess} against {answer} shows {shown}, not {pattern}",
        "game_is_over": "the game is over: every board is solved",
        "give_colours": "give the colours the game showed for the guess",
        "patterns_for_boards": "{k} patterns given for {m} unsolved boards",
        "pattern_for_boards": "{k} pattern given for {m} unsolved boards",
        "solved_give_dash": "board {n} is solved: give '-' for it, not colours",
        "unsolved_needs_colours": "board {n} is not solved: it needs the colours the game showed",
        "no_word_left": "no open board has a word of the lists left to guess",
        "no_rows_review": "no rows played to review",
        "solved_by_not": "board {n} was solved by {have}, not {told}",
        "give_the_answer": "give the answer, one word",
        "give_answers_all": "give {n} answers, one per board, not {k}",
        "give_answer_missing": "give {k} answer (the boards not solved) or {n}, not {given}",
        "give_answers_missing": "give {k} answers (the boards not solved) or {n}, not {given}",
        "not_solved_give": "the game was not solved: give its answer",
        "board_not_solved_give": "board {boards} not solved: give the answers",
        "boards_not_solved_give": "boards {boards} not solved: give the answers",
        "board_comma": "board {n}, {error}",
        # a share text or a game to review that cannot be read (share.py, decode.py, cli/cmd_review.py)
        "share_line": "share text line {n}: {error}",
        "share_too_long": "the share text has {rows} rows of colours; a game has at most {most}",
        "share_past_limit": "a board of the share text has {rows} of colours, past the game's limit of {limit}",
        "share_no_rows": "the share text has no rows of colours (Quarteto shares its grid only as a picture, "
        "Octordle its scores only): give the guesses and the answers",
        "share_boards_differ": "the share text's rows hold different numbers of boards",
        "share_widths_differ": "the share text's rows have different widths ({a} and {b} tiles)",
        "share_header_rows": "the header says {claimed} but the share text has {rows}",
        "share_board": "board {n}: ",
        "share_after_solved": "{board}row {row} of the share text comes after row {solved}, which found the answer",
        "share_game_boards": "the share text names {game}, a game of {boards}, but its colours show {grid}",
        "grid_answers": "the grid has {boards}: give {answers}, not {k}",
        "row_tiles": "row {row} has {tiles}; {name} words have {n} letters",
        "row_no_word": "row {row} ({colours}): no accepted word shows these colours against {against}",
        "all_or_no_colours": "give every guess with its colours, or none",
        "share_rows_guesses": "the share text has {rows}; guesses given: {k}",
        "give_answer_flag": "give the answer (--answer WORD): the game was not solved, or only its colours are known",
        "full_game_answer": "{k} guesses and no answer: give --answer {word} if the last row found it, or the answer "
        "of a game lost (--answer WORD)",
        "boards_no_hard": "multi-board games are reviewed without hard mode",
        "boards_words_only": "give a multi-board game's guesses as words (the colours come from the answers)",
        "share_board_unsolved": "board {n} was not solved in the share text: give the answers (--answer A,B,...)",
        "game_answers": "{game} has {boards}: give {answers} (--answer A,B,...), not {k}",
        "game_answers_none": "{game} has {boards}: give {answers} (--answer A,B,...)",
        "share_answers": "the share text has {boards}: give {answers} (--answer A,B,...), not {k}",
        "share_answers_none": "the share text has {boards}: give {answers} (--answer A,B,...)",
        "one_answer": "this game has one board: give one answer (--answer WORD), not {k}",
        "give_guesses_or_share": "give the guesses played, or a share text (--share FILE) to decode",
        "share_empty": "the share text is empty: give the game's share text, or the guesses played",
        # clues and secrets on the command line (feedback.py, solver.py, session.py, cli/solving.py)
        "cli_note": "chute: note: {message}",
        "no_saved_game": "no unfinished game saved in {path}; starting a new one",
        "saved_game_damaged": "the saved game {path} is damaged; start a new game without --resume",
        "saved_game_boards": "the saved game {path} has {boards}, not {n}",
        "saved_on_interrupt": "the game is saved in {path}: '{command}' continues it",
        "first_opening": "grading {word} as an opening for the first time: a few seconds (kept for later reviews)",
        "ranking_openers": "ranking the first guesses of {lexicon} ({strategy}, {prior} prior; once, then cached)...",
        "safe_plan_building": "searching a plan that finds every one of these lists' {words} words within {rows} rows "
        "(once, then cached)...",
        "safe_plan_openers": "  {opener} begins the tree that finds the {answers} answers soonest of {count} openers "
        "compared: the plan is searched from it first",
        "safe_plan_progress": "  {opener}: {done} of {bins} groups of words planned",
        "safe_plan_searching": "  {opener}: still searching group {group} of {bins} ({words} words)",
        "safe_plan_built": "plan found from {opener} in {seconds} s: no word these lists accept is lost",
        "safe_plan_too_large": "no plan searched for these lists: every word's codes against every word would take "
        "{size} (over {limit}); the answer list is protected, other words may be lost",
        "safe_plan_none": "no plan finds all {words} words within {rows} rows within the search's limits ({seconds} s): "
        "the answer list is protected, other words may be lost",
        "compiling_kernels": "compiling chute's search kernels for this machine: once, a minute or two (then cached)...",
        "waiting_for_compile": "waiting for another chute process compiling the same kernel (then read from the "
        "cache)...",
        "compiling_ahead": "compiling chute's search kernels for this machine in the background, at a low "
        "priority (once, a minute or two)",
        "saved_game_waits": "an unfinished {game} game is saved in {path}: '{command}' continues it (it is "
        "replaced once you play a row here)",
        "cannot_read_clue": "cannot read clue {text}: write GUESS=SCORE (CHEST=c.E..) or guess:colours (chest:ybgbb)",
        "cannot_read_row": "cannot read row {text}: write guess:colours/colours/... (toras:bbgyb/gbbbb, '-' for a "
        "board already solved)",
        "guess_letters_in": "guess {word} in {text} has {k}, expected {n}",
        "not_letters_in": "{word} in {text} is not a word of letters",
        "in_clue": "{error} in clue {text}",
        "score_mismatch": "score {score} in {text} does not match the guess: each letter must be the guess's letter "
        "(upper case correct, lower case present) or '.'",
        "colours_alone": "colours {text} without their guess: write GUESS:{colours}",
        "guess_alone": "guess {text} has no pattern: write {word}:gybbg, {upper}=SCORE or give the colours as the "
        "next argument",
        "secrets_count": "the game has {boards}: give {secrets}, not {k}",
        "not_accepted_by_game": "{word} is not a word the game accepts",
        "secrets_differ": "the secret words of a multi-board game must be different",
        "secret_must_be": "secret {text} must be a word of {n} letters",
        "secret_not_accepted": "{word} is not an accepted word of {name}, so no strategy can find it",
        "secret_unknown_one": "{words} is not in chute's {name} lists: played as an answer chute does not know (the "
        "game taken to accept it beside chute's words)",
        "secret_unknown": "{words} are not in chute's {name} lists: played as answers chute does not know (the game "
        "taken to accept them beside chute's words)",
    },
    "pt": {
        "length": "tem {has}, a resposta tem {want}",
        "missing": "não tem {letters}, que a resposta tem",
        "misplaced": "a {nth} letra é {letter}, não {mine}",
        "absent_one": "{letters} não está na resposta",
        "absent_many": "{letters} não estão na resposta",
        "wrong_spot": "{letter} não é a {nth} letra",
        "count_most": "tem {has} {letter}, a resposta tem no máximo {bound}",
        "count_least": "tem {has} {letter}, a resposta tem pelo menos {bound}",
        "not_an_answer": "cabe nas pistas, mas não está na lista de respostas",
        "fits": "{word} cabe em todas as pistas: pode ser a resposta",
        "fits_unlisted": "{word} cabe em todas as pistas, mas não está na lista de palavras",
        "cannot": "{word} não pode ser a resposta: {reasons}",
        "illegal": "como palpite não é permitido ({why})",
        "leaves": "como palpite deixa {expected} candidatas em média, {worst} no pior caso",
        "board": "tabuleiro {n}",
        "hard": "modo difícil",
        "strict": "modo estrito",
        "must_green": "{mode}: a {nth} letra tem de ser {letter} (verde em {guess})",
        "must_use": "{mode}: o palpite tem de usar {letter} (revelada em {guess})",
        "must_use_n": "{mode}: o palpite tem de usar {letter} {n} vezes (revelada em {guess})",
        "not_here_yellow": "{mode}: {letter} não pode ser a {nth} letra (amarela ali em {guess})",
        "not_here_grey": "{mode}: {letter} não pode ser a {nth} letra (cinza ali em {guess})",
        "grey_letter": "{mode}: {letter} não está na palavra (cinza em {guess})",
        "only_n": "{mode}: a palavra só tem {n} {letter} (uma cópia cinza em {guess})",
        "only_left": "a única palavra possível",
        "was_only_left": "{word} era a única palavra possível",
        "one_left": "só restava uma palavra",
        "not_graded": "sem nota",
        "risked": "arriscou ficar sem linhas; {best} era seguro",
        "best": "a melhor jogada",
        "best_found": "a melhor jogada encontrada",
        "policy_move": "a jogada do próprio chute, que joga por toda palavra que o jogo aceita; a busca da revisão "
        "acha {best}, {amount} palpites melhor em média",
        "story_policy_move": "deixou {after} de {before} {noun} ({mean} em média): a jogada do próprio chute, que joga "
        "por toda palavra que o jogo aceita; a busca da revisão acha {best} ({best_mean}), {amount} palpites melhor",
        "cost": "custou {amount} palpites em média; a melhor era {best}",
        "not_in_lists": "{word} não está nas listas de palavras: sem nota",
        "story_best": "deixou {after} de {before} {noun} ({mean} em média): a melhor jogada",
        "story_best_found": "deixou {after} de {before} {noun} ({mean} em média): a melhor jogada encontrada",
        "story_cost": "deixou {after} de {before} {noun} ({mean} em média; {best} {best_mean}, {amount} palpites "
        "a menos para terminar)",
        "story_found_best": "achou entre {before} {noun}: a melhor jogada",
        "story_found": "achou entre {before} {noun}; {best} era {amount} palpites melhor em média",
        "story_all_best": "toda linha avaliada foi a melhor jogada",
        "story_or_own": " ou a do próprio chute",
        "story_no_best": "nenhuma das {n} linhas avaliadas foi a melhor jogada",
        "story_only_not_best": "a única linha avaliada não foi a melhor jogada",
        "story_one_best": "{k} de {n} linhas avaliadas foi a melhor jogada",
        "story_best_rows": "{k} de {n} linhas avaliadas foram a melhor jogada",
        "story_costliest": "{word} foi a que mais custou ({amount} palpites em média)",
        "story_costliest_rows": "{word} foi a que mais custou ({amount} linhas em média)",
        "story_risked": "{word} arriscou ficar sem linhas",
        "story_lucky": "cores de sorte (sorte {luck})",
        "story_unlucky": "cores de azar (sorte {luck})",
        "story_even": "sorte na média ({luck})",
        "last_row": "a última linha: um palpite entre {n} candidatas",
        "last_row_lost": "a última linha, e não era candidata: não podia ganhar",
        "no_finish": "nenhum palpite resolve todas as candidatas nas linhas que restam",
        "not_listed": "{word} não está na lista de palavras {name}; a pista é usada mesmo assim",
        "ruled_out": "as pistas descartam todas as palavras {what}; seguindo com as {n} palavras aceitas que cabem{weighted}",
        "ruled_out_one": "as pistas descartam todas as palavras {what}; seguindo com a {n} palavra aceita que cabe{weighted}",
        "of_prior": "da distribuição {name}",
        "of_answers": "da lista de respostas {name}",
        "of_earlier": "das listas {name}, fora as que o jogo acrescentou depois",
        "weighted": " (pesadas pela frequência)",
        "plans_gave_up": "restam palavras demais para verificar o limite de linhas dentro do orçamento: "
        "os palpites são ordenados só pelos palpites esperados",
        "kept_finishable": "a primeira sugestão deixa toda palavra ao alcance nas linhas que restam; "
        "uma de média melhor poderia perder alguma palavra",
        "no_plan": "nenhum plano encontrado que acerte toda palavra que resta dentro das linhas: "
        "os palpites são ordenados só pelos palpites esperados",
        "left_tree": "linha {row}: o jogo saiu da árvore de decisão; seguindo {name} daqui em diante",
        "safe_plan": "{opener} abre um plano que acerta cada uma de {n} palavras que o jogo aceita em até "
        "{rows} linhas",
        "plan": "{opener} abre {which} para estas listas: todas as {n} respostas em até {rows} linhas, "
        "{mean} palpites em média",
        "best_plan": "o melhor plano provado",
        "a_plan": "um plano provado",
        "plan_mark": "<- plano",
        "plan_legend": "plano: {opener} vem primeiro por abrir um plano provado ({mean} palpites em média nas "
        "respostas); as pontuações acima olham um palpite à frente",
        "safe_plan_legend": "plano: {opener} vem primeiro por abrir o plano que não perde nenhuma palavra que o jogo "
        "aceita; as pontuações acima olham um palpite à frente",
        "unknown_answer": "nenhuma palavra das listas {name} cabe nestas pistas: a resposta é uma palavra que o chute "
        "não conhece, ou uma cor foi digitada errada",
        "unlisted": "{reason}; se as cores estão certas, a resposta é uma palavra que o chute não conhece: {n} "
        "sequências de letras cabem nas pistas{more}, das mais prováveis às menos (uma sequência que o "
        "jogo recusa não gasta linha)",
        "unlisted_one": "{reason}; se as cores estão certas, a resposta é uma palavra que o chute não conhece: uma "
        "só sequência de letras cabe nas pistas",
        "unlisted_more": " (guardadas as mais prováveis)",
        "chute_game": "o jogo do próprio chute: {words} ({ended})",
        "solved_in": "resolvido em {used}/{limit}",
        "found_over": "achada em {used}, além de {rows}",
        "not_solved_in": "não resolvido em {rows}",
        "not_solved_played": "não resolvido em {rows} ({used} jogadas)",
        "skill_luck": "habilidade {skill} · sorte {luck}",
        "skill_col": "habilidade",
        "luck_col": "sorte",
        "at_risk": "em risco",
        "not_answer": "{word} não podia ser a resposta",
        "left": "restavam: {words}",
        "values_key": "(valores: palpites esperados para terminar com jogo ótimo depois do palpite, contando-o; "
        "* = o melhor encontrado, não provado; ~ = estimado)",
        "grades_key": "(habilidade: 99 para a melhor jogada ou a do próprio chute, cortada pela metade a cada "
        "quarto de palpite que ela custou em média; sorte: como as cores vistas se comparam às outras que o palpite podia mostrar, "
        "50 é a média)",
        "left_key": "(palavras restantes depois da linha: respostas prováveis/palavras possíveis, as da lista de "
        "respostas do jogo e todas as que ele aceita que cabem nas pistas)",
        "optimal_finds": "o jogo ótimo ({opener} primeiro) acha {answer} em {rows}; a média é {mean} nas {n} respostas",
        "review_unlisted": "{word} não está na lista de respostas {name}: uma linha só recebe nota enquanto uma "
        "resposta da lista cabe nas pistas antes dela",
        "review_outside_prior": "{word} não é uma palavra da distribuição {name}: uma linha só recebe nota "
        "enquanto uma palavra da distribuição cabe nas pistas antes dela",
        "review_unknown": "{word} não está nas listas de palavras {name} do chute (as listas do jogo mudaram "
        "desde então): uma linha só recebe nota enquanto uma palavra das listas cabe nas pistas "
        "antes dela",
        "on_board": "tabuleiro {n}: {note}",
        "review_widened": "{words} não está na lista de respostas {name}: os palpites são avaliados sob a "
        "distribuição {prior}, em que toda palavra aceita pode ser a resposta",
        "review_widened_many": "{words} não estão na lista de respostas {name}: os palpites são avaliados sob a "
        "distribuição {prior}, em que toda palavra aceita pode ser a resposta",
        "review_prior": "valores sob a distribuição {name}: exatos com até {exact} candidatas, senão o melhor "
        "encontrado (*); a abertura e os conjuntos de mais de {found} candidatas estimados pela "
        "fórmula dos palpites esperados (~); uma palavra não achada em {rows} linhas conta {extra} "
        "palpites a mais",
        "boards_solved_in": "resolvido em {rows}",
        "boards_not_solved": "nem todo tabuleiro resolvido em {rows}",
        "round_cost": "custou {amount} linhas até resolver todos os tabuleiros; o chute joga {best}",
        "round_key": "(o valor de uma rodada: as linhas que o jogo deve levar até resolver todos os tabuleiros, "
        "esta incluída; a linha que o chute joga ali é a melhor jogada)",
        "decoded_head": "{game}: as palavras que fazem cada linha contra {answers}",
        "decoded_tail": "dê os palpites (chute review --share ARQUIVO PALAVRA1 PALAVRA2 ...) para a revisão completa",
        "history_head": "seus jogos, guardados em {path}",
        "history_empty": "nenhum jogo guardado ainda: um jogo revisado (chute review), terminado no chute assist "
        "ou na página (chute serve) fica guardado aqui",
        "history_no_game": "nenhum jogo de {game} guardado (jogos guardados: {games})",
        "history_damaged": "fora da contagem, ilegível: {lines} do seu histórico; o próximo jogo guardado move o "
        "que não se pôde ler para o lado dele (history.unreadable.jsonl), para consertar à mão",
        "history_line": "linha",
        "history_lines": "linhas",
        "normal": "modo normal",
        "stats_line": "{game}, {mode}: jogos {played} · vitórias {won} ({rate}) · sequência {streak} (melhor {best})",
        "stats_grades": "habilidade {skill} · sorte {luck} em média (revisados: {reviewed})",
        "stats_mean": "{mean} linhas em média nos jogos vencidos",
        "stats_legend": "cada barra: os jogos vencidos em tantas linhas; X: os jogos perdidos",
        "stats_recent": "últimos jogos:",
        "stats_cleared": "seu histórico foi apagado: {games} movidos para {path} (mova de volta para desfazer)",
        "stats_none_to_clear": "seu histórico já está vazio",
        "game_noun": "jogo",
        "game_nouns": "jogos",
        "likely_answer": "resposta provável",
        "likely_answers": "respostas prováveis",
        "possible_word": "palavra possível",
        "possible_words": "palavras possíveis",
        "letter_string": "sequência de letras",
        "letter_strings": "sequências de letras",
        "row": "linha",
        "rows": "linhas",
        "word": "palavra",
        "words": "palavras",
        "tile": "quadradinho",
        "letter": "letra",
        "letters": "letras",
        "tiles": "quadradinhos",
        "board_noun": "tabuleiro",
        "board_nouns": "tabuleiros",
        "answer_noun": "resposta",
        "answer_nouns": "respostas",
        "secret_noun": "palavra secreta",
        "secret_nouns": "palavras secretas",
        "candidate": "candidata",
        "candidates": "candidatas",
        "note": "nota: {message}",
        "try": "tente {word}",
        "also": "  (ou {words})",
        "prompt_one": "{count} · linha {row}/{rows} · {advice}",
        "prompt_many": "{parts} · linha {row}/{rows} · {advice}",
        "no_suggestion": "nenhum palpite a sugerir: digite a palavra que jogou e as cores",
        "candidates_are": "mais prováveis primeiro: {words}",
        "not_suggested": "e mais {n} que o chute nunca sugere (raras ou ofensivas)",
        "solved": "resolvido",
        "solved_at": "resolvido em {used}",
        "all_solved": "os {boards} tabuleiros resolvidos em {used}",
        "all_solved_over": "os {boards} tabuleiros resolvidos em {used}, além das {rows} linhas",
        "cannot_save": "não dá para salvar o jogo ({why}); seguindo, e tentando de novo a cada linha",
        "saved_again": "o jogo voltou a ser salvo em {path}",
        "warning": "chute: aviso: {message}",
        "new_game": "novo jogo",
        "share_header": "(texto compartilhado: suas linhas são lidas como as cores dos palpites sugeridos)",
        "reject_what": "recusar o quê? escreva: recusar PALAVRA (uma palavra que o jogo recusou)",
        "rejected_saved": "{word} não será mais sugerida (guardada em {path})",
        "rejected_string": "{word} não é uma palavra do jogo, logo não é a resposta: descartada",
        "rejected_session": "{word} não será mais sugerida nesta sessão",
        "unreject_what": "reaceitar o quê? escreva: reaceitar PALAVRA (recusadas agora: {words})",
        "unrejected": "{word} pode voltar a ser sugerida",
        "not_rejected": "{word} não foi recusada, então não há o que desfazer",
        "row_cleared": "linha apagada",
        "took_back": "{word} desfeita",
        "nothing_to_undo": "nada a desfazer",
        "board_number": "esperava o número de um tabuleiro, não {text}",
        "no_board": "não há tabuleiro {text}; os tabuleiros vão de 1 a {n}",
        "board_solved": "tabuleiro {n}: resolvido ({word})",
        "board_count": "tabuleiro {n} ({count}):",
        "and_more": "... e mais {n}, menos prováveis",
        "why_what": "por que o quê? escreva: porque PALAVRA",
        "why_what_boards": "por que o quê? escreva: porque PALAVRA [TABULEIRO]",
        "letters_count": "{word} tem {k}; as palavras têm {n}",
        "may_refuse": "{word} não está na lista de palavras {name}: o jogo pode recusá-la",
        "game_over": "o jogo acabou: todos os tabuleiros estão resolvidos (novo começa outro)",
        "review_hint": "o veredito deste jogo: {command}",
        "out_of_rows_one": "acabaram as linhas: o jogo está perdido e mostra a resposta; 'revisar RESPOSTA' dá o "
        "veredito, ou continue para ver como o chute a acharia",
        "out_of_rows_many": "acabaram as linhas: o jogo está perdido e mostra as respostas; 'revisar RESPOSTA,"
        "RESPOSTA,...' (dos tabuleiros não resolvidos) dá o veredito, ou continue para ver como "
        "o chute as acharia",
        "neither": "{text} não é nem cores nem uma palavra de {n} letras",
        "finish_row": "termine antes as cores desta linha (ou desfazer)",
        "unlisted_alone": "{text} não é uma palavra da lista; para jogar uma palavra que a lista não tem, dê também "
        "as cores ({word}:gybbg)",
        "colours_for": "cores de {word}?",
        "needs_colours": "um tabuleiro não resolvido precisa das cores, não de '-'",
        "too_many": "{k} padrões para {m} tabuleiros não resolvidos",
        "board_q": "tabuleiro {n}?",
        "no_guess_given": "nenhum palpite foi sugerido: digite a palavra que jogou, e depois as cores",
        "welcome": "{game}: {boards}{rows} linhas. Digite as cores que o jogo mostra (? para ajuda; sair ou Ctrl-D "
        "para parar)",
        "n_boards": "{n} tabuleiros, ",
        # the adversary's games: chute suggest, play and review with --game absurdo (cli/adversary.py)
        "adv_line": "{left} que o adversário pode manter · encurralado em {rows}, no mínimo",
        "adv_word": "palavra",
        "adv_words": "palavras",
        "col_rows": "linhas",
        "col_kept": "mantém",
        "key_rows": "linhas: o mínimo de linhas em que encurrala o adversário, seja qual for o desempate, esta e a "
        "última incluídas",
        "key_kept": "mantém: as palavras que o adversário mantém depois dele",
        "adv_welcome": "{game}: sem palavra secreta; a cada linha o adversário mantém o maior número de palavras. "
        "Digite um palpite (quit ou Ctrl-D para parar)",
        "adv_row": "{tiles}  restam {left}",
        "adv_won": "encurralado em {used}; o mínimo que sempre vence: {fewest}",
        "adv_best_play": "o mínimo possível: bem jogado",
        "adv_given_up": "não encurralado depois de {used}",
        "adv_review_won": "{game}: encurralado em {used}; o mínimo que sempre vence: {fewest}",
        "adv_review_lost": "{game}: não encurralado depois de {used}; o mínimo que sempre vence: {fewest}",
        "adv_row_best": "melhor: encurrala em {rows} daqui",
        "adv_row_cost": "custa {lost}: {rows} daqui, onde {best} bastariam ({better})",
        "adv_row_last": "encurralado",
        "adv_review_best": "todas as linhas foram a melhor jogada",
        "resumed": "retomado depois de {rows}: {words}",
        "left_line": "{count} · {strategy}",
        "opener": " (abertura)",
        "beyond": " · além da lista de respostas",
        "beyond_lists": " · sequências de letras além das listas",
        "col_guess": "palpite",
        "col_expected": "esperado",
        "col_worst": "pior",
        "col_chance": "chance",
        "col_score": "pontuação",
        "col_bits": "bits",
        "col_solves": "resolve",
        "col_row": "linha",
        "col_guesses": "palpites",
        "col_parts": "partes",
        "col_letters": "letras",
        "col_eliminated": "eliminadas",
        "col_order": "ordem",
        "col_nats": "nats",
        "key_guesses": "palpites: os palpites esperados para terminar, contando este",
        "key_bits": "bits: o que as cores dizem em média (cada bit corta pela metade as palavras restantes)",
        "key_nats": "nats: o que as cores dizem em média, em unidades naturais",
        "key_expected": "esperado: as palavras que ele deixa em média",
        "key_worst": "pior: no máximo",
        "key_chance": "chance: de ser a resposta",
        "key_parts": "partes: os padrões de cores diferentes que ele pode mostrar",
        "key_letters": "letras: quão comuns são suas letras ainda não tentadas",
        "key_eliminated": "eliminadas: as palavras que ele descarta em média",
        "key_order": "ordem: seu lugar na lista fixa",
        "key_score": "pontuação: o que a política conjunta ordena (bits nos tabuleiros abertos, e terminar "
        "tabuleiros quando as linhas acabam)",
        "key_solves": "resolve: a chance de ser a resposta de um tabuleiro",
        "key_joint_bits": "bits: o que as cores dizem, somado nos tabuleiros abertos",
        "key_joint_expected": "esperado: as palavras que ele deixa em média, somadas nos tabuleiros",
        "boards_line": "{game} · linha {row} de {rows} · {parts} · política conjunta",
        "all_boards_solved": "{game}: todos os tabuleiros resolvidos, em {used} de {rows} linhas",
        "past_limit": "as {rows} linhas foram usadas: estes palpites seguem além do limite",
        "no_board_left": "nenhum palpite a sugerir: nenhum tabuleiro aberto tem palavras das listas",
        "played_solved": "resolvido em {used}/{rows}: {words}",
        "played_refused": "recusadas pelo jogo, sem gastar linha: {words}",
        "played_over": "achado em {used}, além de {rows}: {words}",
        "played_lost": "não resolvido: {words} não achado em {guesses}",
        "played_lost_boards": "não resolvido em {rows}",
        "guess": "palpite",
        "guesses": "palpites",
        "clue_n": "pista {n} ({written})",
        "clue_": "pista {written}",
        "conflicts": "{name} contradiz as pistas anteriores:",
        "wrong_length": "{name} tem {has}, eram esperadas {want}",
        "unproducible": "{name}: nenhuma resposta dá estas cores (uma letra repetida só fica amarela antes de uma "
        "cópia cinza; os amarelos vão para as primeiras cópias)",
        "unproducible_for": "{name}: nenhuma resposta dá estas cores para {guess}",
        "fixed_clash": "{name} {letter} na posição {pos}, mas {other} já está certa ali",
        "count_clash_1": "{name} {letter} precisa de pelo menos {low} e no máximo {high} cópia",
        "count_clash": "{name} {letter} precisa de pelo menos {low} e no máximo {high} cópias",
        "too_many_copies": "{name} {letter} aparece {n} vezes numa palavra de {length} letras",
        "too_many_letters": "{name} juntas pedem mais letras do que a palavra tem",
        "both_ways": "{name} {letter} está certa e descartada ao mesmo tempo na posição {pos}",
        "no_room": "{name} {letter} tem de aparecer {n} vez(es), mas só cabe em {k} posição(ões)",
        "too_many_correct": "{name} há mais {letter} certos do que as pistas permitem",
        "no_letters": "{name} nenhuma sequência de letras satisfaz todas",
        "nothing_fits": "nenhuma palavra das listas {name} cabe nas pistas: {clue}{before} descarta todas as "
        "palavras aceitas",
        "nothing_fits_before": " junto com {clues}",
        "nothing_fits_plain": "nenhuma palavra das listas {name} cabe nas pistas",
        "not_allowed": "{word} não é permitida no {reason}",
        "row_error": "linha {n}: {error}",
        "error": "chute: erro: {message}",
        "interrupted": "chute: interrompido",
        "waiting_rank": "calculando os palpites...",
        "waiting_review": "avaliando o jogo...",
        "waiting_matrix": "comparando cada palpite com cada palavra destas listas (uma vez, depois fica guardado)...",
        "waiting_play": "jogando a partida...",
        "unknown_tile": "cor desconhecida {tile} em {text} (use g/y/b, c/i/_, 2/1/0 ou quadradinhos emoji)",
        "mixed_notations": "as cores {text} misturam notações ({families}); use uma só: g/y/b, c/i/_, 2/1/0 ou "
        "quadradinhos emoji",
        "tile_count": "as cores {text} têm {tiles}; eram esperados {n}",
        "empty_pattern": "cores vazias",
        "not_a_word": "{text} não é uma palavra de {n} letras",
        "answer_not_a_word": "a resposta {text} não é uma palavra de {n} letras",
        "guess_not_a_word": "o palpite {text} não é uma palavra de {n} letras",
        "guess_must_be": "o palpite {text} tem de ser uma palavra de {n} letras",
        "shows_not": "linha {row}: {guess} contra {answer} mostra {shown}, não {pattern}",
        "game_is_over": "o jogo acabou: todos os tabuleiros estão resolvidos",
        "give_colours": "dê as cores que o jogo mostrou para o palpite",
        "patterns_for_boards": "{k} padrões dados para {m} tabuleiros não resolvidos",
        "pattern_for_boards": "{k} padrão dado para {m} tabuleiros não resolvidos",
        "solved_give_dash": "o tabuleiro {n} está resolvido: dê '-' para ele, não cores",
        "unsolved_needs_colours": "o tabuleiro {n} não está resolvido: precisa das cores que o jogo mostrou",
        "no_word_left": "nenhum tabuleiro aberto tem uma palavra das listas para jogar",
        "no_rows_review": "nenhuma linha jogada para revisar",
        "solved_by_not": "o tabuleiro {n} foi resolvido por {have}, não por {told}",
        "give_the_answer": "dê a resposta, uma palavra",
        "give_answers_all": "dê {n} respostas, uma por tabuleiro, não {k}",
        "give_answer_missing": "dê {k} resposta (a do tabuleiro não resolvido) ou {n}, não {given}",
        "give_answers_missing": "dê {k} respostas (as dos tabuleiros não resolvidos) ou {n}, não {given}",
        "not_solved_give": "o jogo não foi resolvido: dê a resposta",
        "board_not_solved_give": "tabuleiro {boards} não resolvido: dê as respostas",
        "boards_not_solved_give": "tabuleiros {boards} não resolvidos: dê as respostas",
        "board_comma": "tabuleiro {n}, {error}",
        "share_line": "linha {n} do texto compartilhado: {error}",
        "share_too_long": "o texto compartilhado tem {rows} linhas de cores; um jogo tem no máximo {most}",
        "share_past_limit": "um tabuleiro do texto compartilhado tem {rows} de cores, além do limite do jogo, {limit}",
        "share_no_rows": "o texto compartilhado não tem linhas de cores (o Quarteto compartilha a grade só como "
        "imagem, o Octordle só as pontuações): dê os palpites e as respostas",
        "share_boards_differ": "as linhas do texto compartilhado têm números diferentes de tabuleiros",
        "share_widths_differ": "as linhas do texto compartilhado têm larguras diferentes ({a} e {b} quadradinhos)",
        "share_header_rows": "o cabeçalho diz {claimed}, mas o texto compartilhado tem {rows}",
        "share_board": "tabuleiro {n}: ",
        "share_after_solved": "{board}a linha {row} do texto compartilhado vem depois da linha {solved}, que achou a "
        "resposta",
        "share_game_boards": "o texto compartilhado é de {game}, um jogo de {boards}, mas suas cores mostram {grid}",
        "grid_answers": "a grade tem {boards}: dê {answers}, não {k}",
        "row_tiles": "a linha {row} tem {tiles}; as palavras de {name} têm {n} letras",
        "row_no_word": "linha {row} ({colours}): nenhuma palavra aceita mostra estas cores contra {against}",
        "all_or_no_colours": "dê todos os palpites com suas cores, ou nenhum",
        "share_rows_guesses": "o texto compartilhado tem {rows}; palpites dados: {k}",
        "give_answer_flag": "dê a resposta (--answer PALAVRA): o jogo não foi resolvido, ou só as cores são conhecidas",
        "full_game_answer": "{k} palpites e nenhuma resposta: dê --answer {word} se a última linha a achou, ou a "
        "resposta de um jogo perdido (--answer PALAVRA)",
        "boards_no_hard": "jogos de vários tabuleiros são revisados sem modo difícil",
        "boards_words_only": "dê os palpites de um jogo de vários tabuleiros como palavras (as cores vêm das "
        "respostas)",
        "share_board_unsolved": "o tabuleiro {n} não foi resolvido no texto compartilhado: dê as respostas "
        "(--answer A,B,...)",
        "game_answers": "{game} tem {boards}: dê {answers} (--answer A,B,...), não {k}",
        "game_answers_none": "{game} tem {boards}: dê {answers} (--answer A,B,...)",
        "share_answers": "o texto compartilhado tem {boards}: dê {answers} (--answer A,B,...), não {k}",
        "share_answers_none": "o texto compartilhado tem {boards}: dê {answers} (--answer A,B,...)",
        "one_answer": "este jogo tem um tabuleiro: dê uma resposta (--answer PALAVRA), não {k}",
        "give_guesses_or_share": "dê os palpites jogados, ou um texto compartilhado (--share ARQUIVO) para decifrar",
        "share_empty": "o texto compartilhado está vazio: dê o texto compartilhado do jogo, ou os palpites jogados",
        "cli_note": "chute: nota: {message}",
        "no_saved_game": "nenhum jogo inacabado salvo em {path}; começando um novo",
        "saved_game_damaged": "o jogo salvo {path} está danificado; comece um jogo novo sem --resume",
        "saved_game_boards": "o jogo salvo {path} tem {boards}, não {n}",
        "saved_on_interrupt": "o jogo está salvo em {path}: '{command}' o continua",
        "first_opening": "avaliando {word} como abertura pela primeira vez: alguns segundos (fica guardado para as "
        "próximas revisões)",
        "ranking_openers": "ordenando os primeiros palpites de {lexicon} ({strategy}, prior {prior}; uma vez, depois "
        "fica guardado)...",
        "safe_plan_building": "buscando um plano que acerte cada uma das {words} palavras destas listas em até {rows} "
        "linhas (uma vez, depois fica guardado)...",
        "safe_plan_openers": "  {opener} começa a árvore que acerta as {answers} respostas mais cedo entre {count} "
        "aberturas comparadas: o plano é buscado a partir dela primeiro",
        "safe_plan_progress": "  {opener}: {done} de {bins} grupos de palavras planejados",
        "safe_plan_searching": "  {opener}: ainda buscando no grupo {group} de {bins} ({words} palavras)",
        "safe_plan_built": "plano achado a partir de {opener} em {seconds} s: nenhuma palavra que estas listas aceitam "
        "se perde",
        "safe_plan_too_large": "nenhum plano buscado para estas listas: os códigos de cada palavra contra cada palavra "
        "ocupariam {size} (mais de {limit}); a lista de respostas fica protegida, outras palavras podem se perder",
        "safe_plan_none": "nenhum plano acerta as {words} palavras em até {rows} linhas dentro dos limites da busca "
        "({seconds} s): a lista de respostas fica protegida, outras palavras podem se perder",
        "compiling_kernels": "compilando os núcleos de busca do chute para esta máquina: uma vez, um ou dois minutos "
        "(depois fica guardado)...",
        "waiting_for_compile": "esperando outro processo do chute que compila o mesmo núcleo (depois lido do cache)...",
        "compiling_ahead": "compilando os núcleos de busca do chute para esta máquina em segundo plano, com baixa "
        "prioridade (uma vez, um ou dois minutos)",
        "saved_game_waits": "um jogo de {game} inacabado está salvo em {path}: '{command}' o continua (ele "
        "é substituído quando você jogar uma linha aqui)",
        "cannot_read_clue": "não dá para ler a pista {text}: escreva PALPITE=PONTOS (CHEST=c.E..) ou palpite:cores "
        "(serao:ybgbb)",
        "cannot_read_row": "não dá para ler a linha {text}: escreva palpite:cores/cores/... (toras:bbgyb/gbbbb, '-' "
        "para um tabuleiro já resolvido)",
        "guess_letters_in": "o palpite {word} em {text} tem {k}; eram esperadas {n}",
        "not_letters_in": "{word} em {text} não é uma palavra de letras",
        "in_clue": "{error} na pista {text}",
        "score_mismatch": "os pontos {score} em {text} não combinam com o palpite: cada letra tem de ser a letra do "
        "palpite (maiúscula certa, minúscula presente) ou '.'",
        "colours_alone": "cores {text} sem o palpite: escreva PALPITE:{colours}",
        "guess_alone": "o palpite {text} não tem cores: escreva {word}:gybbg, {upper}=PONTOS ou dê as cores como o "
        "argumento seguinte",
        "secrets_count": "o jogo tem {boards}: dê {secrets}, não {k}",
        "not_accepted_by_game": "{word} não é uma palavra que o jogo aceita",
        "secrets_differ": "as palavras secretas de um jogo de vários tabuleiros têm de ser diferentes",
        "secret_must_be": "a palavra secreta {text} tem de ser uma palavra de {n} letras",
        "secret_not_accepted": "{word} não é uma palavra aceita de {name}, então nenhuma estratégia pode achá-la",
        "secret_unknown_one": "{words} não está nas listas {name} do chute: jogada como uma resposta que o chute não "
        "conhece (o jogo a aceita além das palavras do chute)",
        "secret_unknown": "{words} não estão nas listas {name} do chute: jogadas como respostas que o chute não "
        "conhece (o jogo as aceita além das palavras do chute)",
    },
}

ORDINAL = ["1st", "2nd", "3rd"] + [f"{i}th" for i in range(4, 13)]  # tile positions in words
_PT_ORDINAL = ["primeira", "segunda", "terceira", "quarta", "quinta", "sexta", "sétima", "oitava"]


def default_language(environ=None) -> str:
    """Return the language a player's settings ask for: $CHUTE_LANG, else the locale's (pt_BR -> "pt"), else "en"."""
    env = os.environ if environ is None else environ
    chosen = env.get("CHUTE_LANG", "").strip().lower()
    if chosen in LANGUAGES:
        return chosen
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):  # POSIX precedence: the first one set decides
        value = env.get(name, "")
        if value:
            return "pt" if value.lower().startswith("pt") else "en"
    return "en"


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


def counted(n: int, noun: str, lang: str = "en") -> str:
    """Return ``n`` and the noun ("row" or "word"), plural unless n is 1, written the language's way."""
    many = noun + ("es" if noun.endswith("s") else "s")  # the plural's key: "rows", "guesses"
    return f"{number(n, lang)} {phrase(noun if n == 1 else many, lang)}"


def decimal(x: float, places: int, lang: str = "en") -> str:
    """Return ``x`` with ``places`` decimals, with a decimal comma in Portuguese (never "-0.000")."""
    text = f"{x:.{places}f}"
    if text.startswith("-") and not text.strip("-0."):
        text = text[1:]  # a tiny negative figure rounds to zero, which has no sign
    return text.replace(".", ",") if lang == "pt" else text


# the strategies' names as a Portuguese player reads them (``chute suggest -s NAME`` takes the English names)
STRATEGY_NAMES_PT = {
    "entropy": "entropia",
    "expected-guesses": "palpites esperados",
    "expected-size": "tamanho esperado",
    "minimax": "minimax",
    "most-parts": "mais partes",
    "letter-frequency": "frequência de letras",
    "positional-entropy": "entropia posicional",
    "elimination": "eliminação",
    "first": "primeira",
    "random": "aleatória",
    "optimal": "ótima",
    "tree": "árvore",
}


def strategy_said(name: str, lang: str = "en") -> str:
    """Return a strategy's name in ``lang`` (its own name in English)."""
    return STRATEGY_NAMES_PT.get(name, name) if lang == "pt" else name


def column(label: str, lang: str = "en") -> str:
    """Return a table column's name in ``lang`` (a score's own name when the table has no word for it)."""
    key = "col_" + label
    return phrase(key, lang) if key in PHRASES["en"] else label


def column_key(labels: list[str], lang: str = "en") -> str:
    """Return the line that says what each column of a table means, for the labels that have a key."""
    keys = ["key_" + label for label in labels]
    return "(" + "; ".join(phrase(key, lang) for key in keys if key in PHRASES["en"]) + ")"


def percent(p: float, lang: str = "en") -> str:
    """Return a chance as a short percentage: 41%, 4.2%, 0.3%, <0.1%, 0% (decimal comma in Portuguese)."""
    text = f"{100 * p:.0f}%" if p >= 0.095 or p <= 0 else f"{100 * p:.1f}%" if p >= 0.0005 else "<0.1%"
    return text.replace(".", ",") if lang == "pt" else text


def number(x: float, lang: str = "en") -> str:
    """Return a count with thousands separators, or a mean with 4 decimals, written the language's way."""
    text = f"{x:,}" if isinstance(x, int) else f"{x:,.4f}"
    return text.translate(str.maketrans(",.", ".,")) if lang == "pt" else text


class Ordinal(int):
    """A tile's 0-based position that a Note says as an ordinal of its language ("3rd", "terceira")."""


@dataclass(frozen=True)
class Count:
    """A number of things that a Note says with its noun, singular or plural ("1 row", "3 linhas")."""

    n: int
    noun: str  # a key of the phrase table: "row", "tile", "guess", "board" ...


class Note(str):
    """A note to the player: a str holding its English text that can also say itself in another language.

    Notes travel through states and sessions as plain strings (compared, printed, put in JSON); the
    front ends that speak Portuguese ask ``said(note, "pt")``.  Values that are numbers are written
    the language's way; values that are Notes are said in the same language.
    """

    key: str
    values: dict

    def __new__(cls, key: str, **values) -> Note:
        note = super().__new__(cls, _fill(key, "en", values))
        note.key, note.values = key, values
        return note

    def __reduce__(self):
        return (_note, (self.key, self.values))

    def said(self, lang: str) -> str:
        """Return the note in ``lang``."""
        return _fill(self.key, lang, self.values)


def _note(key: str, values: dict) -> Note:
    """Return the Note of this key and values (how a pickled Note is rebuilt)."""
    return Note(key, **values)


def _fill(key: str, lang: str, values: dict) -> str:
    """Return the phrase ``key`` in ``lang`` with numbers and nested notes said in it."""

    def say(v):
        if isinstance(v, Note):
            return v.said(lang)
        if isinstance(v, Ordinal):
            return ordinal(v, lang)
        if isinstance(v, Count):
            return counted(v.n, v.noun, lang)
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return number(v, lang)
        if isinstance(v, tuple):
            return and_list([say(x) for x in v], lang)
        return v

    return phrase(key, lang, **{k: say(v) for k, v in values.items()})


def said(note: str, lang: str = "en") -> str:
    """Return a note in ``lang``: a Note in its words, any other string as it is."""
    return note.said(lang) if isinstance(note, Note) else note


def error_text(err: BaseException, lang: str = "en") -> str:
    """Return an error's message in ``lang``: a Note's words in it, any other message as it is."""
    return said(err.args[0], lang) if err.args and isinstance(err.args[0], str) else str(err)
