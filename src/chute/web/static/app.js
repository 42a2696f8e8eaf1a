// chute's page: the game state lives here (the rows played); every answer comes from the JSON API.
"use strict";

const T = {
  en: { game: "Game", mode: "Mode", normal: "normal", hard: "hard", contrast: "contrast", enter: "Enter",
        undo: "Undo", new: "New game", suggestions: "Suggestions", guess: "guess", expected: "expected",
        worst: "worst", answer: "chance", left: "Words left", why: "Why not…?", ask: "Ask",
        rows: "rows", kept: "kept", "key rows": "the fewest rows it corners the adversary in, whatever its ties keep, this one and the last included",
        "key kept": "the words the adversary keeps after it", "adversary type": "type a guess: the adversary answers its colours",
        review: "Review a game", read: "Read", short: "Not enough letters", "my game": "my game: keep it in Your games", "review this": "Review this game", solved: "solved", type: "Type a guess, click the tiles to the colours the game showed, then Enter.",
        skill: "skill", luck: "luck", comment: "comment", row: "row", words: "words", chart: "words left per row", over: "The game is over: give the answers below, then “Review this game” grades it.",
        board: "board", refuse: "the game refused this word", refused: "never suggested again (the game refused it)", unrefuse: "Suggest again", unrefused: "may be suggested again", won: "Solved in", lost: "Not solved", copy: "Copy", copied: "copied", offline: "chute's server is not answering: start 'chute serve' again, then press Enter", bits: "bits", guesses: "guesses", "joint score": "joint score", parts: "parts",
        letters: "letters", eliminated: "eliminated", order: "order", score: "score", nats: "nats", best: "best",
        grey: "grey", yellow: "yellow", green: "green", blank: "blank", word: "word", "share text": "share text",
        "share example": "Wordle 1,234 4/6", "answer hint": "answer (boards: a, b)",
        "answer label": "answer, or one per board separated by commas", "guesses hint": "guesses (optional)",
        "boards read": "{b} board(s), {r} rows", language: "language", keyboard: "keyboard", backspace: "backspace",
        nothing: "no guess to suggest: type the word you played and click its colours",
        grading: "Grading the game… (a game opened with a new word takes a few seconds)",
        thinking: "ranking the guesses…", plan: "plan", boards: "boards",
        "plan title": "first as the opener of a proven plan, {m} guesses on average over the answers; the scores look one guess ahead",
        "safe plan title": "first as the opener of the plan that loses no word the game accepts; the scores look one guess ahead",
        "not suggested": "and {n} more chute never suggests (rare or offensive)",
        "less likely": "and {n} more, less likely",
        "your games": "Your games", played: "Played", "win %": "Win %", streak: "Current streak", "best streak": "Best streak",
        distribution: "Rows each win took (X: lost)", "no history": "No games kept yet: a game you finish or review here, or with chute review or assist, is kept in your history on this machine (chute stats shows it too).",
        "clear history": "Clear history", "clear confirm": "Clear your history? The file is moved aside, next to it, so that it can be taken back.",
        cleared: "History cleared: {n} game(s) moved to {path}", strict: "strict", "mean rows": "rows per win",
        "latest games": "Latest games", "average of": "average over {n} reviewed",
        "likely answer": "likely answer", "likely answers": "likely answers", "possible word": "possible word",
        "possible words": "possible words", string: "string of letters", strings: "strings of letters",
        "words key": "words left after the row: likely answers (the game's answer list) / possible words (every word it accepts)",
        "row key": "the row of the game", "guess key": "the word played",
        "skill key": "99 for the best move or chute's own; every quarter of a guess it cost on average halves it",
        "luck key": "how the colours seen compare with the others the guess could have shown: 50 is average, 99 the best",
        "chart key": "each row: the likely answers it left (filled) and what the best guess leaves on average (outlined)",
        "chart own": "; the dotted line: chute's own game against the same answer",
        "key guesses": "the expected guesses to finish, this one included", "key bits": "what the colours tell on average (each bit halves the words left)",
        "key joint score": "what the joint policy ranks by: bits over the open boards, and finishing boards as the rows run out",
        "key expected": "the words it leaves on average", "key worst": "the most words it can leave",
        "key chance": "the chance it is the answer", "key boards bits": "what the colours tell, summed over the open boards",
        "key boards chance": "the chance it is one board's answer", "key guess": "click a word to type it",
        "unknown row": "{word} is not a word chute knows: if the game refused it, or it is a typo, undo the row; if the game took it, play on",
        you: "You", "chute game": "chute's own game",
        common: "common words", "common title": "suggest only common words (on the game's answer list, or used once per million words or more); the others are still read, and suggested once the clues make one a likely answer; the review grades against common words too" },
  pt: { game: "Jogo", mode: "Modo", normal: "normal", hard: "difícil", contrast: "contraste", enter: "Enter",
        undo: "Desfazer", new: "Novo jogo", suggestions: "Sugestões", guess: "palpite", expected: "esperado",
        worst: "pior", answer: "chance", left: "Palavras restantes", why: "Por que não…?", ask: "Perguntar",
        rows: "linhas", kept: "mantém", "key rows": "o mínimo de linhas em que encurrala o adversário, seja qual for o desempate, esta e a última incluídas",
        "key kept": "as palavras que o adversário mantém depois dele", "adversary type": "digite um palpite: o adversário responde as cores",
        review: "Revisar um jogo", read: "Ler", short: "Letras insuficientes", "my game": "meu jogo: guardar em Seus jogos", "review this": "Revisar este jogo", solved: "resolvido", type: "Digite um palpite, clique nas letras até as cores que o jogo mostrou, e Enter.",
        skill: "habilidade", luck: "sorte", comment: "comentário", row: "linha", words: "palavras", chart: "palavras restantes por linha", over: "O jogo acabou: dê as respostas abaixo, e “Revisar este jogo” o avalia.",
        board: "tabuleiro", refuse: "o jogo recusou esta palavra", refused: "não será mais sugerida (o jogo a recusou)", unrefuse: "Sugerir de novo", unrefused: "pode voltar a ser sugerida", won: "Resolvido em", lost: "Não resolvido", copy: "Copiar", copied: "copiado", offline: "o servidor do chute não responde: rode 'chute serve' de novo e aperte Enter", bits: "bits", guesses: "palpites", "joint score": "pontuação conjunta", parts: "partes",
        letters: "letras", eliminated: "eliminadas", order: "ordem", score: "pontuação", nats: "nats", best: "melhor",
        grey: "cinza", yellow: "amarelo", green: "verde", blank: "vazio", word: "palavra", "share text": "texto compartilhado",
        "share example": "joguei term.ooo #300 4/6", "answer hint": "resposta (tabuleiros: a, b)",
        "answer label": "resposta, ou uma por tabuleiro separadas por vírgulas", "guesses hint": "palpites (opcional)",
        "boards read": "{b} tabuleiro(s), {r} linhas", language: "idioma", keyboard: "teclado", backspace: "apagar",
        nothing: "nenhum palpite a sugerir: digite a palavra que jogou e clique nas cores",
        grading: "Avaliando o jogo… (um jogo aberto com uma palavra nova leva alguns segundos)",
        thinking: "calculando os palpites…", plan: "plano", boards: "tabuleiros",
        "plan title": "primeiro por abrir um plano provado, {m} palpites em média nas respostas; as pontuações olham um palpite à frente",
        "safe plan title": "primeiro por abrir o plano que não perde nenhuma palavra que o jogo aceita; as pontuações olham um palpite à frente",
        "not suggested": "e mais {n} que o chute nunca sugere (raras ou ofensivas)",
        "less likely": "e mais {n}, menos prováveis",
        "your games": "Seus jogos", played: "Jogos", "win %": "% de vitórias", streak: "Sequência atual", "best streak": "Melhor sequência",
        distribution: "Linhas de cada vitória (X: perdidos)", "no history": "Nenhum jogo guardado ainda: um jogo que você termina ou revisa aqui, ou com chute review ou assist, fica no seu histórico nesta máquina (chute stats também o mostra).",
        "clear history": "Apagar histórico", "clear confirm": "Apagar seu histórico? O arquivo é movido para o lado, junto dele, e pode ser recuperado.",
        cleared: "Histórico apagado: {n} jogo(s) movidos para {path}", strict: "estrito", "mean rows": "linhas por vitória",
        "latest games": "Últimos jogos", "average of": "média de {n} revisados",
        "likely answer": "resposta provável", "likely answers": "respostas prováveis", "possible word": "palavra possível",
        "possible words": "palavras possíveis", string: "sequência de letras", strings: "sequências de letras",
        "words key": "palavras restantes depois da linha: respostas prováveis (a lista de respostas do jogo) / palavras possíveis (todas as que ele aceita)",
        "row key": "a linha do jogo", "guess key": "a palavra jogada",
        "skill key": "99 para a melhor jogada ou a do próprio chute; cada quarto de palpite que ela custou em média a corta pela metade",
        "luck key": "como as cores vistas se comparam às outras que o palpite podia mostrar: 50 é a média, 99 a melhor",
        "chart key": "cada linha: as respostas prováveis que deixou (cheia) e o que o melhor palpite deixa em média (contorno)",
        "chart own": "; a linha pontilhada: o jogo do próprio chute contra a mesma resposta",
        "key guesses": "os palpites esperados para terminar, contando este", "key bits": "o que as cores dizem em média (cada bit corta pela metade as palavras restantes)",
        "key joint score": "o que a política conjunta ordena: bits nos tabuleiros abertos, e terminar tabuleiros quando as linhas acabam",
        "key expected": "as palavras que ele deixa em média", "key worst": "o máximo de palavras que ele pode deixar",
        "key chance": "a chance de ser a resposta", "key boards bits": "o que as cores dizem, somado nos tabuleiros abertos",
        "key boards chance": "a chance de ser a resposta de um tabuleiro", "key guess": "clique numa palavra para digitá-la",
        "unknown row": "{word} não é uma palavra que o chute conhece: se o jogo a recusou, ou foi um erro de digitação, desfaça a linha; se o jogo a aceitou, continue",
        you: "Você", "chute game": "o jogo do chute",
        common: "palavras comuns", "common title": "sugerir só palavras comuns (da lista de respostas do jogo, ou usadas uma vez por milhão de palavras ou mais); as outras ainda são lidas, e sugeridas quando as pistas fazem de uma uma resposta provável; a revisão também compara com palavras comuns" },
};
const COLOURS = ["b", "y", "g"];
const NAMES = { b: "grey", y: "yellow", g: "green" };     // a colour's key in T
const S = { games: [], game: null, rows: [], typed: "", colours: {}, data: null, stale: false, reviewed: null, history: null,
            lang: (navigator.language || "en").toLowerCase().startsWith("pt") ? "pt" : "en" };
const $ = (id) => document.getElementById(id);
const t = (key) => (T[S.lang][key] || T.en[key] || key);

// a refused request throws its one-line error with its status; a server that does not answer, "offline"
async function api(path, body) {
  let res;
  try {
    res = await fetch(path, body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  } catch (_) {
    throw Object.assign(new Error(t("offline")), { offline: true });
  }
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw Object.assign(new Error(data.error || res.statusText), { status: res.status });
  return data;
}

// the game in play, kept in this browser so that a reload or a stopped server loses no row
const SAVED = "chute.game.v1";

function save() {
  try {
    localStorage.setItem(SAVED, JSON.stringify({ game: S.game.name, mode: $("mode").value, lang: S.lang,
      contrast: document.body.classList.contains("contrast"), common: $("common").checked,
      rows: S.rows.map((r) => ({ guess: r.guess, boards: r.boards, patterns: r.patterns })) }));
  } catch (_) { /* storage full or disabled: the game still plays */ }
}

function restore() {
  try {
    const saved = JSON.parse(localStorage.getItem(SAVED) || "null");
    if (!saved || !S.games.some((g) => g.name === saved.game) || !Array.isArray(saved.rows)) return false;
    $("game").value = saved.game;
    $("mode").value = saved.mode === "hard" ? "hard" : "normal";
    if (saved.lang === "pt" || saved.lang === "en") S.lang = saved.lang;
    document.body.classList.toggle("contrast", saved.contrast === true);
    $("common").checked = saved.common === true;
    S.game = S.games.find((g) => g.name === saved.game);
    S.rows = saved.rows.filter((r) => r && typeof r.guess === "string" && Array.isArray(r.patterns))
      .map((r) => ({ guess: r.guess, shown: r.guess, boards: r.boards, patterns: r.patterns }));
    return true;
  } catch (_) {
    return false;
  }
}

// a number as the page's language writes it (3.642 / 3,642; 2,198 / 2.198)
function num(x, digits = 0) {
  if (x === null || x === undefined || Number.isNaN(Number(x))) return "–";     // a figure chute did not compute
  const scale = 10 ** digits;
  const rounded = Math.round(Number(x) * scale) / scale || 0;      // "|| 0": -0 has no sign ("-0,000")
  return rounded.toLocaleString(S.lang === "pt" ? "pt-BR" : "en-US",
    { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function fold(text) {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

function translate() {
  document.documentElement.lang = S.lang === "pt" ? "pt-BR" : "en";
  document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
  document.querySelectorAll("[data-t-hint]").forEach((el) => { el.placeholder = t(el.dataset.tHint); });
  document.querySelectorAll("[data-t-label]").forEach((el) => { el.setAttribute("aria-label", t(el.dataset.tLabel)); });
  document.querySelectorAll("[data-t-title]").forEach((el) => { el.title = t(el.dataset.tTitle); });
  $("lang").textContent = S.lang === "pt" ? "EN" : "PT";
  $("lang").setAttribute("aria-label", `${$("lang").textContent} (${t("language")})`);   // the name holds the text it shows
}

function openBoards() {
  if (!S.data) return [...Array(S.game.boards).keys()];
  return S.data.boards.map((b, i) => (b.solved ? -1 : i)).filter((i) => i >= 0);
}

function tile(letter, colour, extra) {
  const el = document.createElement("div");
  el.className = "tile" + (colour ? " " + colour : "") + (extra ? " " + extra : "");
  el.textContent = letter || "";
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", (letter || t("blank")) + (colour ? ", " + t(NAMES[colour]) : ""));
  return el;
}

function drawBoards() {
  const host = $("boards");
  // a tile of the row being typed keeps the keyboard's focus through the redraw (typing must not move it)
  const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest(".input-row .tile");
  const at = focused ? [focused.dataset.board, focused.dataset.pos] : null;
  host.innerHTML = "";
  host.classList.toggle("many", S.game.boards > 2);
  host.dataset.boards = S.game.boards;
  const open = openBoards();
  for (let b = 0; b < S.game.boards; b++) {
    const board = document.createElement("div");
    const solved = S.data && S.data.boards[b].solved;
    board.className = "board" + (solved ? " solved" : "");
    board.setAttribute("aria-label", `${t("board")} ${b + 1}` + (solved ? ", " + t("solved") : ""));
    let done = false;
    for (const row of S.rows) {
      if (done) break;
      const r = document.createElement("div");
      r.className = "row";
      const k = row.boards.indexOf(b);
      const pattern = k >= 0 ? row.patterns[k] : null;
      const shown = Array.from(row.shown);
      for (let i = 0; i < S.game.letters; i++) r.appendChild(tile(shown[i], pattern ? pattern[i] : "b"));
      board.appendChild(r);
      if (pattern && pattern === "g".repeat(S.game.letters)) done = true;
    }
    if (open.includes(b) && S.rows.length < S.game.rows + (S.game.boards > 1 ? 6 : 0)) {
      const r = document.createElement("div");
      r.className = "row input-row";
      for (let i = 0; i < S.game.letters; i++) {
        const c = coloursOf(b)[i];
        const el = tile(S.typed[i] || "", S.typed[i] && !S.game.adversary ? c : "", "input");
        el.dataset.board = b; el.dataset.pos = i;   // the board's own number: focus stays on it when another is solved
        if (!S.game.adversary) {          // against the adversary the row's colours are its answer: nothing to click
          el.tabIndex = 0;
          el.addEventListener("click", () => cycle(b, i));
          el.addEventListener("keydown", (e) => { if (e.key === " ") { e.preventDefault(); cycle(b, i); } });
        }
        r.appendChild(el);
      }
      board.appendChild(r);
    }
    host.appendChild(board);
  }
  if (at) host.querySelector(`.input-row .tile[data-board="${at[0]}"][data-pos="${at[1]}"]`)?.focus();
}

// board b's colours clicked for the row being typed (all grey until clicked); kept by the board's number, so
// that a reply arriving meanwhile (a board solved, the game's first suggestions) never undoes a click
function coloursOf(b) { return S.colours[b] || "b".repeat(S.game.letters); }

function cycle(b, i) {
  const row = coloursOf(b).split("");
  row[i] = COLOURS[(COLOURS.indexOf(row[i]) + 1) % 3];
  S.colours[b] = row.join("");
  drawBoards();      // the focused tile keeps the focus, unless a reply since closed its board
}

const KEY_SHADE = { g: "var(--g)", y: "var(--y)", b: "var(--b)", "": "var(--key)" };

function drawKeyboard() {
  // one board: the letter's colour; several: a stripe per open board, left to right, as the boards stand
  // a finished game keeps every board's colours, as the game's own keyboard does
  const open = S.data ? S.data.boards.filter((b) => !b.solved || S.data.over) : [];
  const letters = {};
  for (const b of open) {
    for (const [l, c] of Object.entries(b.letters)) {
      if (!letters[l] || COLOURS.indexOf(c) > COLOURS.indexOf(letters[l])) letters[l] = c;
    }
  }
  const host = $("keyboard");
  host.innerHTML = "";
  for (const line of ["qwertyuiop", "asdfghjkl", "+zxcvbnm-"]) {
    const r = document.createElement("div");
    r.className = "krow";
    for (const ch of line) {
      const k = document.createElement("button");
      k.type = "button";
      const label = ch === "+" ? "enter" : ch === "-" ? "⌫" : ch;
      k.textContent = label;
      k.className = "key" + (letters[ch] ? " " + letters[ch] : "") + (label.length > 1 ? " wide" : "");
      let said = letters[ch] ? ", " + t(NAMES[letters[ch]]) : "";
      const each = open.map((b) => b.letters[ch] || "");
      if (open.length > 1 && /^[a-z]$/.test(ch) && each.some((c) => c !== each[0])) {
        const w = 100 / each.length;
        k.style.background = "linear-gradient(to right, " +
          each.map((c, i) => `${KEY_SHADE[c]} ${(i * w).toFixed(2)}% ${((i + 1) * w).toFixed(2)}%`).join(", ") + ")";
        k.classList.add("split");
        said = ", " + each.map((c, i) => `${t("board")} ${S.data.boards.indexOf(open[i]) + 1} ${c ? t(NAMES[c]) : "?"}`).join(", ");
      }
      k.setAttribute("aria-label", ch === "+" ? t("enter") : ch === "-" ? t("backspace") : ch + said);
      k.addEventListener("click", () => press(ch === "+" ? "Enter" : ch === "-" ? "Backspace" : ch));
      r.appendChild(k);
    }
    host.appendChild(r);
  }
}

// the words left, as everywhere in chute: the game's likely answers (its answer list) and the possible words (every
// word it accepts) that fit; strings of letters when no word of the lists does
function leftSaid(b) {
  const n = (x, one, many) => `${num(x)} ${t(x === 1 ? one : many)}`;
  const words = b.likely_answers === null ? n(b.possible_words, "possible word", "possible words") :
    n(b.likely_answers, "likely answer", "likely answers") + " · " + n(b.possible_words, "possible word", "possible words");
  return words + (b.strings !== undefined ? " · " + n(b.strings, "string", "strings") : "");
}

function leftShort(b) {
  if (b.strings !== undefined && !b.possible_words) return `${num(b.strings)} ${t(b.strings === 1 ? "string" : "strings")}`;
  return b.likely_answers === null ? num(b.possible_words) : `${num(b.likely_answers)}/${num(b.possible_words)}`;
}

function drawSide() {
  const body = $("suggestions").querySelector("tbody");
  body.innerHTML = "";
  const d = S.data;
  if (!d) return;
  S.scoreLabel = d.score_label || S.scoreLabel || "score";      // a finished game keeps the last one
  $("score-label").textContent = t(S.scoreLabel);
  // one board: the largest set a guess may leave; several: the joint policy's bits (no one worst case)
  const several = d.boards.length > 1;
  $("fifth-label").textContent = t(several ? "bits" : d.adversary ? "kept" : "worst");
  // every heading says what it means, as a tooltip (the CLI prints the same under its table)
  const keys = { "score-label": "key " + S.scoreLabel, "expected-label": "key expected",
                 "fifth-label": several ? "key boards bits" : d.adversary ? "key kept" : "key worst",
                 "chance-label": several ? "key boards chance" : "key chance", "guess-label": "key guess" };
  for (const [id, key] of Object.entries(keys)) $(id).title = T[S.lang][key] || T.en[key] || "";
  d.suggestions.forEach((s, i) => {
    const tr = document.createElement("tr");
    const score = s.score !== undefined ? s.score : s.bits;
    const fifth = several ? (s.bits !== undefined ? num(s.bits, 3) : "") : (s.worst !== undefined ? num(s.worst) : "");
    tr.innerHTML = `<td>${i + 1}</td><td class="word"><button type="button"></button></td>` +
      `<td>${num(score, d.adversary ? 0 : 3)}</td><td>${num(s.expected, 2)}</td>` +
      `<td>${fifth}</td><td>${percent(s.chance !== undefined ? s.chance : s.p_hit)}</td>` +
      `<td><button type="button" class="refuse">✕</button></td>`;
    const btn = tr.querySelector("td.word button");
    btn.textContent = s.guess;
    btn.addEventListener("click", () => typeWord(s.guess));
    if (s.plan !== undefined) {           // first by its proven plan, not by the score column: say so
      const mark = document.createElement("span");
      mark.className = "plan";
      mark.textContent = t("plan");
      mark.title = s.plan === null ? t("safe plan title") : t("plan title").replace("{m}", num(s.plan, 4));
      tr.children[2].append(" ", mark);         // beside the score it outranks
    }
    // the game said "not a word": never suggested again, remembered beside assist's 'reject WORD'
    const refuse = tr.querySelector("button.refuse");
    refuse.title = `${t("refuse")}: ${s.guess.toUpperCase()}`;
    refuse.setAttribute("aria-label", refuse.title);
    refuse.addEventListener("click", () => refuseWord(s.guess));
    refuse.hidden = Boolean(d.adversary);      // the adversary's games accept their whole lists
    body.appendChild(tr);
  });
  // the notes of the ranking and of each open board (a board's own once, named when several are open)
  const notes = $("notes");
  notes.innerHTML = "";
  const said = new Set();
  const lines = [...(d.notes || [])];
  if (!d.over && !d.suggestions.length && d.boards.some((b) => !b.solved)) lines.push(t("nothing"));
  d.boards.forEach((b, i) => { if (!b.solved) for (const n of b.notes || []) lines.push(several ? `${t("board")} ${i + 1}: ${n}` : n); });
  for (const n of lines) {
    if (said.has(n)) continue;
    said.add(n);
    const li = document.createElement("li");
    li.textContent = n;
    notes.appendChild(li);
  }
  // the words left on each open board, likeliest first (several boards: a group each, named by its number)
  const open = d.boards.map((b, i) => ({ ...b, number: i + 1 })).filter((b) => !b.solved);
  // with a board solved, the counts say whose they are ("7 · 5 (boards 2, 4)")
  const whose = open.length && open.length < d.boards.length && d.boards.length > 1 ?
    ` (${t(open.length > 1 ? "boards" : "board")} ${open.map((b) => b.number).join(", ")})` : "";
  $("left-count").textContent = open.length === 1 && d.boards.length === 1 ? leftSaid(open[0]) :
    open.length ? open.map(leftShort).join(" · ") + whose : num(0);
  $("left-key").hidden = d.boards.length === 1 || !open.length;        // several boards: "7/70" says its key
  $("left-key").textContent = open.length && open[0].likely_answers === null ? t("possible words") : `${t("likely answers")}/${t("possible words")}`;
  $("left-title").closest("section").hidden = Boolean(d.over && !open.length);     // a game won has no words left to list
  $("sugg-title").closest("section").hidden = Boolean(d.over && !d.suggestions.length);    // nor a guess to suggest
  $("left-count").classList.toggle("several", open.length > 1);
  const left = $("left");
  left.innerHTML = "";
  for (const b of open) {
    const group = document.createElement("div");
    group.className = "group";
    if (open.length > 1) {
      group.setAttribute("role", "group");
      group.setAttribute("aria-label", `${t("board")} ${b.number}`);
      const label = document.createElement("span");
      label.className = "label";
      label.textContent = b.number;
      group.appendChild(label);
    }
    const shown = b.candidates.slice(0, open.length > 1 ? 40 : 200);    // the likeliest first
    for (const w of shown) {
      const btn = document.createElement("button");
      btn.type = "button";
      btn.textContent = w;
      btn.addEventListener("click", () => typeWord(w));
      group.appendChild(btn);
    }
    const notes = [[b.count - shown.length, "less likely"],     // listed words past the list's length
      [(b.possible_words ?? b.count) - b.count, "not suggested"]];   // words that fit but are never suggested
    for (const [n, key] of notes.filter(([n]) => n > 0)) {
      const more = document.createElement("span");
      more.className = "note";
      more.textContent = t(key).replace("{n}", num(n));
      group.appendChild(more);
    }
    left.appendChild(group);
  }
}

// a word clicked in the suggestions or the words left: typed on the boards, ready for its colours
function typeWord(word) { S.typed = fold(word); drawBoards(); }

// the chance a guess is the answer (one board) or solves a board (several), as the command line prints it
function percent(p) {
  if (!(p > 0)) return "";
  if (p >= 0.095) return `${num(100 * p)}%`;
  return p >= 0.0005 ? `${num(100 * p, 1)}%` : `<${num(0.1, 1)}%`;
}

async function refuseWord(word) {
  try {
    await api("/api/refuse", { game: S.game.name, word });
    await refresh(`${word.toUpperCase()}: ${t("refused")}`);
    offerUnrefuse(word);
  } catch (err) { say(err.message); }
}

// a ✕ clicked by mistake is taken back beside its message, until the next message replaces it
function offerUnrefuse(word) {
  const button = $("unrefuse");
  button.textContent = `${t("unrefuse")}: ${word.toUpperCase()}`;
  button.dataset.word = word;
  button.hidden = false;
}

async function unrefuseWord(word) {
  try {
    await api("/api/unrefuse", { game: S.game.name, word });
    await refresh(`${word.toUpperCase()}: ${t("unrefused")}`);
  } catch (err) { say(err.message); }
}

// a finished game: the result as the game says it, and its share text to copy
function drawResult() {
  const d = S.data, share = d && d.over ? d.share : "";
  document.body.dataset.over = String(Boolean(share));
  $("result").hidden = !share;
  if (!share) return;
  const score = share.split("\n")[0].split(" ").pop();
  $("result-line").textContent = d.result || `${t(score.includes("X") ? "lost" : "won")} ${score}`;
  $("share-out").textContent = share;
  $("copied").textContent = "";
}

async function copyShare() {
  try {
    await navigator.clipboard.writeText(S.data.share);
    $("copied").textContent = t("copied");
  } catch (_) {                   // no clipboard (an http page on another host): select it, for Ctrl-C
    getSelection().selectAllChildren($("share-out"));
  }
}

function say(text) {
  $("message").textContent = text || "";
  $("unrefuse").hidden = true;
  $("undo-unknown").hidden = true;
}

// the row just played holds a word chute's lists lack: said at the board, with an Undo beside it (a typo, or a
// word the game refused: its colours would mislead every suggestion after it)
function warnUnknown() {
  const last = S.data && S.data.rows[S.data.rows.length - 1];
  if (!last || last.known !== false || S.data.over) return;
  say(t("unknown row").replace("{word}", last.guess.toUpperCase()));
  $("undo-unknown").hidden = false;
}

// what /api/suggest is asked: the game so far, its notes in the page's language
function suggestBody() {
  return { game: S.game.name, rule: $("mode").value, lang: S.lang, common: $("common").checked,
           rows: S.rows.map((r) => ({ guess: r.guess, patterns: r.patterns })), top: 10 };
}

// the game a request answers: a reply to a game since switched, or to rows since changed, is stale
function gameKey() {
  const b = suggestBody();
  return JSON.stringify([b.game, b.rule, b.common, b.rows]);
}

// the suggestions are being worked out: the section says so to a screen reader at once, and on the
// screen past a blink (a first clue after an unusual opener in hard mode can take seconds)
let asking = 0, busyShown = null;
function busy(on) {
  asking += on ? 1 : -1;
  const section = $("suggestions").closest("section");
  section.setAttribute("aria-busy", String(asking > 0));
  document.body.dataset.asking = String(asking);
  clearTimeout(busyShown);
  if (asking > 0) busyShown = setTimeout(() => { $("thinking").hidden = false; }, 300);
  else $("thinking").hidden = true;
}

async function refresh(refused) {
  busy(true);
  try { return await askSuggestions(refused); } finally { busy(false); }
}

async function askSuggestions(refused) {
  const asked = gameKey();
  try {
    const d = await api("/api/suggest", suggestBody());
    if (gameKey() !== asked) return;          // the newer request that changed them draws the page
    S.data = d;
    S.data.rows.forEach((r, i) => {        // as the game spells it, and against the adversary its colours
      if (S.rows[i]) { S.rows[i].shown = r.guess; if (d.adversary) S.rows[i].patterns = r.patterns; }
    });
    const won = S.data.over && S.data.boards.every((b) => b.solved);
    say(refused || (S.data.over && !won ? t("over") : d.adversary && !S.rows.length ? t("adversary type") : ""));
    if (!refused) warnUnknown();
    drawResult();
    if (d.adversary) { /* the adversary's games are graded by chute review --game absurdle, not kept */ }
    else if (won && !refused) reviewThisGame(false);   // a game won is graded at once: the answers are on the boards
    else if (S.data.over && !refused) keepGame();      // a game lost is kept as it is; its review, once asked, adds to it
  } catch (err) {
    if (gameKey() !== asked) return;
    // the server refused the last row (a word of the wrong length, colours that contradict): take it back
    if (err.status >= 400 && err.status < 500 && S.rows.length) {
      S.rows.pop();
      return refresh(err.message);
    }
    say(err.message);           // no answer: the rows stay (shown), and Enter asks again once the server is back
    S.stale = true;
    drawBoards();
    return;
  }
  S.stale = false;
  save();
  drawBoards(); drawKeyboard(); drawSide();
  document.body.dataset.game = S.game.name;
  document.body.dataset.ready = String(S.rows.length);
}

function press(key) {
  if (key === "Enter") return submit();
  if (key === "Backspace") { S.typed = S.typed.slice(0, -1); return drawBoards(); }
  const ch = fold(key);
  if (/^[a-z]$/.test(ch) && S.typed.length < S.game.letters) { S.typed += ch; drawBoards(); }
}

async function submit() {
  if (S.stale && !S.typed) return refresh();
  if (S.typed.length !== S.game.letters) { say(t(S.typed.length ? "short" : "type")); return; }
  const open = openBoards();
  if (!open.length) return;
  S.rows.push({ guess: S.typed, shown: S.typed, boards: open, patterns: open.map((b) => coloursOf(b)) });
  S.typed = ""; S.colours = {};       // the next row starts grey, even if its letters come before the reply
  drawBoards();                       // the row sent, at once: the next one can be typed while the reply comes
  await refresh();
}

async function why(e) {
  e.preventDefault();
  const word = $("why-word").value.trim();
  if (!word) return;
  const asked = gameKey();
  try {
    const several = S.game.boards > 1;
    const d = await api("/api/why", { game: S.game.name, rule: $("mode").value, word, board: several ? "all" : 0, lang: S.lang,
      rows: S.rows.map((r) => ({ guess: r.guess, patterns: r.patterns })) });
    if (gameKey() !== asked) return;        // the game has moved on: the answer is about rows no longer there
    // several boards: a line per open board, named by its number
    $("why-answer").textContent = several ? d.boards.map((b) => `${t("board")} ${b.board + 1}: ${b.text}`).join("\n") : d.text;
  } catch (err) { if (gameKey() === asked) $("why-answer").textContent = err.message; }
}

// the game's picture: per row the words it left (filled) beside what the best guess leaves on average (outlined),
// on a log scale, the counts under the bars
function chart(rows, own = []) {
  const pairs = rows.map((x) => x.counted ? [x.counted.after, x.counted.best_mean] : [x.likely_answers ?? x.possible_words, null]);
  const w = 320, h = 120, base = h - 26, slot = (w - 20) / Math.max(pairs.length, own.length);
  const top = Math.max(1, ...[...pairs.flat(), ...own].filter((v) => v !== null).map((v) => Math.log10(v + 1)));
  const height = (v) => Math.max(2, (Math.log10(v + 1) / top) * (base - 8));
  const bars = pairs.map(([played, best], i) => {
    const x = 10 + i * slot, bw = Math.min(slot * 0.38, 24);
    let out = `<rect x="${x}" y="${base - height(played)}" width="${bw}" height="${height(played)}" class="bar"></rect>` +
      `<text x="${x}" y="${base + 11}" font-size="9" fill="#ccc">${num(played)}</text>` +
      `<text x="${x + slot * 0.3}" y="${h - 2}" font-size="9" fill="#888">${i + 1}</text>`;
    if (best !== null) out += `<rect x="${x + bw + 2}" y="${base - height(best)}" width="${bw}" height="${height(best)}" class="best"></rect>`;
    return out;
  }).join("");
  // chute's own game against the same answer: a line of dots over the same rows
  const at = (v, i) => [10 + i * slot + Math.min(slot * 0.38, 24), base - height(v)];
  const line = own.length ? `<polyline class="own" points="${own.map((v, i) => at(v, i).join(",")).join(" ")}"></polyline>` +
    own.map((v, i) => `<circle class="own" cx="${at(v, i)[0]}" cy="${at(v, i)[1]}" r="2.5"></circle>`).join("") : "";
  const said = pairs.map(([played, best], i) => `${t("row")} ${i + 1}: ${num(played)}` + (best === null ? "" : ` (${t("best")} ${num(best, 1)})`)).join(", ") +
    (own.length ? `; ${t("chute game")}: ${own.map((v) => num(v)).join(", ")}` : "");
  return `<svg width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${t("chart")}: ${said}">${bars}${line}</svg>` +
    `<p class="note">${t("chart key")}${own.length ? t("chart own") : ""}</p>`;
}

// a row's words left after it, likely answers/possible words; a round of several boards: each open board's ("1: 8/40 · 3: 2/9")
function words(x) {
  if (x.boards === undefined) return /^g+$/.test(x.pattern) ? "" : leftShort(x);
  // each board's figures kept whole, the boards wrapping between them: an Octordle's round fits its column
  return (x.boards || []).map((b, k) => b && !/^g+$/.test(b.pattern) ? `<span class="part">${k + 1}: ${leftShort(b)}</span>` : "")
    .filter(Boolean).join(" · ");
}

// a review (one board's rows, or several boards' rounds) as a table, its chart and its notes
function showReview(r, body = S.reviewed) {
  const out = $("review");
  const rows = r.rows || r.rounds;
  const grade = (x) => x ?? "–";      // null: not graded (an answer or a word chute does not know)
  const head = (label, key) => `<th title="${t(key)}">${t(label)}</th>`;
  // the finished game played here reads top to bottom: its result, its share text, then its review
  (body && body.rows && S.data && S.data.over ? $("result") : $("share-section")).appendChild(out);
  out.innerHTML = `<p class="headline"><b></b></p>` +
    (r.story ? `<p class="story"></p>` : "") +
    `<table><thead><tr>${head("row", "row key")}${head("guess", "guess key")}${head("words", "words key")}` +
    `${head("skill", "skill key")}${head("luck", "luck key")}<th><span class="sr-only">${t("comment")}</span></th></tr></thead><tbody>` +
    rows.map((x, i) => `<tr><td>${i + 1}</td><td class="word">${x.guess}</td><td class="left">${words(x)}</td>` +
      `<td>${x.skill ?? ""}</td><td>${x.luck ?? ""}</td><td class="note"></td></tr>`).join("") +
    "</tbody></table>" + `<p class="note">${t("words key")}; ${t("skill")}: ${t("skill key")}; ${t("luck")}: ${t("luck key")}</p>` +
    (r.rows ? chart(r.rows.filter((x) => !/^g+$/.test(x.pattern)),
                    ((r.chute_game && r.chute_game.left) || []).slice(0, -1)) : "");     // its last row: the answer
  // the server's sentences, as text: the same headline, comments and remarks as chute review prints
  out.querySelector("p.headline b").textContent = r.headline || `${t("skill")} ${grade(r.skill)} · ${t("luck")} ${grade(r.luck)}`;
  out.querySelectorAll("tbody tr").forEach((tr, i) => {
    const x = rows[i], cell = tr.querySelector("td.note");
    for (const line of [x.comment || (x.best ? t("best") + " " + x.best : ""), ...(x.remarks || [])]) {
      if (!line) continue;
      const div = document.createElement("div");
      div.textContent = line;
      cell.appendChild(div);
    }
  });
  if (r.story) out.querySelector("p.story").textContent = r.story;
  if (r.chute_game) (out.querySelector("p.story") || out.querySelector("p")).after(paths(r));
  if ((r.notes || []).length) {          // the server's words: why a row is not graded, the prior graded under
    const ul = document.createElement("ul");
    ul.className = "note";
    for (const n of r.notes) { const li = document.createElement("li"); li.textContent = n; ul.appendChild(li); }
    out.appendChild(ul);
  }
  out.dataset.skill = String(r.skill);
}

// the player's rows beside chute's own game against the same answer (one board: tiles; several: a line)
function paths(r) {
  const c = r.chute_game;
  const box = document.createElement("div");
  box.className = "paths";
  box.setAttribute("aria-label", c.said);
  if (!r.rows) { box.textContent = c.said; box.classList.add("note"); return box; }
  const column = (title, rows) => {
    const col = document.createElement("div");
    col.className = "path";
    const head = document.createElement("p");
    head.className = "note"; head.textContent = title;
    col.appendChild(head);
    for (const row of rows) {
      const line = document.createElement("div");
      line.className = "mini-row";
      Array.from(row.guess).forEach((letter, i) => {
        const cell = document.createElement("span");
        cell.className = "mini " + row.pattern[i]; cell.textContent = letter;
        line.appendChild(cell);
      });
      col.appendChild(line);
    }
    return col;
  };
  box.appendChild(column(`${t("you")} (${r.solved ? r.rows_used : "X"}/${r.row_limit})`, r.rows));
  box.appendChild(column(`${t("chute game")} (${c.solved ? c.rows_used : "X"}/${c.row_limit})`,
                         c.rows.map((x) => ({ guess: x.guess, pattern: x.patterns[0] }))));
  return box;
}

// while a review is graded: say so, and take no second request (the server grades one at a time)
function grading(on, say = true) {
  const out = $("review");
  out.setAttribute("aria-busy", String(on));
  for (const id of ["review-game", "share-go"]) $(id).disabled = on;
  if (on) out.innerHTML = say ? `<p class="note">${t("grading")}</p>` : "";
}

// the game played on this page: its rows, the answers of its solved boards (the answer box for the others)
async function reviewThisGame(fromBox = true) {
  const out = $("review");
  delete out.dataset.skill;
  const answers = fromBox ? $("share-answer").value.split(",").map((a) => a.trim()).filter(Boolean) : [];
  const asked = gameKey();
  const body = { game: S.game.name, rule: $("mode").value, keep: true, common: $("common").checked,
    rows: S.rows.map((r) => ({ guess: r.guess, patterns: r.patterns })), ...(answers.length ? { answers } : {}) };
  S.reviewed = null;
  grading(true);
  try {
    const lang = S.lang;
    const r = await api("/api/review", { ...body, lang });
    if (gameKey() === asked) shownReview(r, body, lang); else out.innerHTML = "";     // the game moved on while it was graded
    if (r.kept) loadHistory();
  } catch (err) { out.textContent = gameKey() === asked ? err.message : ""; }
  finally { grading(false); }
}

// a review shown, and what asked it: the other language asks it again (the server kept it: no second grading)
function shownReview(r, body, lang) {
  showReview(r, body);
  S.reviewed = body;
  if (lang !== S.lang) reviewInLanguage();          // the language was switched while it was graded
}

async function reviewInLanguage() {
  const body = S.reviewed;
  if (!body) return;
  try {
    const r = await api("/api/review", { ...body, lang: S.lang });
    if (S.reviewed === body) showReview(r);          // unless another review or a share was asked meanwhile
  } catch (_) { /* the review stays in the language it was asked in */ }
}

async function readShare() {
  const text = $("share-text").value;
  const answer = $("share-answer").value.trim();
  const guesses = $("share-guesses").value.trim().split(/[\s,]+/).filter(Boolean);
  const out = $("review");
  delete out.dataset.skill;
  S.reviewed = null;
  grading(true, guesses.length > 0 && answer !== "");      // a review to grade, not only a grid to read
  const keep = $("share-mine").checked;          // a friend's game is read and reviewed, and kept only if asked
  try {
    // a game typed without its share text: its guesses and answers are the whole game
    const share = text.trim() || !(guesses.length && answer) ? await api("/api/share", { text, answer, lang: S.lang })
      : { game: S.game.name, hard: $("mode").value === "hard", boards: null };
    const game = share.game || S.game.name;
    if (guesses.length && answer) {
      const answers = answer.split(",").map((a) => a.trim()).filter(Boolean);
      const body = { game, rule: share.hard ? "hard" : "normal", guesses, answers, keep, common: $("common").checked,
                     ...(share.boards ? { patterns: share.boards } : {}) };
      const lang = S.lang;
      const r = await api("/api/review", { ...body, lang });
      shownReview(r, body, lang);
      if (r.kept) loadHistory();
    } else if (share.decoded) {
      // each row: its colours on every board (a gap for a board solved before), how many words make them, the likeliest
      const minis = (p) => p === null ? `<span class="minis solved"></span>` :
        `<span class="minis" role="img" aria-label="${[...p].map((c) => t(NAMES[c])).join(" ")}">` +
        [...p].map((c) => `<span class="mini ${c}"></span>`).join("") + "</span>";
      out.innerHTML = "<table><tbody>" + share.decoded.map((d, i) =>
        `<tr><td>${i + 1}</td><td class="grid">${(d.patterns || [d.pattern]).map(minis).join("")}</td>` +
        `<td>${num(d.count)}</td><td class="word">${d.likely.join(", ")}</td></tr>`).join("") + "</tbody></table>";
    } else {
      out.textContent = t("boards read").replace("{b}", num(share.boards.length)).replace("{r}", num(share.boards[0].length));
    }
  } catch (err) { out.textContent = err.message; }
  finally { grading(false); }
}

// your history, kept by the server in its state folder: the current game's figures first, the latest games after
async function loadHistory() {
  try { drawHistory(await api("/api/history")); } catch (_) { /* no history shown: the game plays on */ }
}

function drawHistory(h) {
  if (h) S.history = h;
  h = S.history;
  if (!h) return;
  const out = $("history");
  $("clear-history").hidden = !h.stats.length;
  if (!h.stats.length) { out.innerHTML = `<p class="note">${t("no history")}</p>`; return; }
  const game = S.game ? S.game.name : "", mode = S.game && S.game.boards === 1 ? $("mode").value : "normal";
  const here = (s) => s.game === game && (s.mode === "normal") === (mode === "normal");
  const stats = [...h.stats.filter(here), ...h.stats.filter((s) => !here(s))];
  const last = h.games[0];
  out.innerHTML = stats.map((s) => statsBlock(s, last)).join("") +
    `<h3>${t("latest games")}</h3><ol>` + h.games.map((g) =>
      `<li><span class="word">${g.guesses.join(" ")}</span> · ${cap(g.game)} ${g.won ? g.rows : "X"}/${g.row_limit}` +
      (g.skill === null ? "" : ` · ${t("skill")} ${g.skill} · ${t("luck")} ${g.luck ?? "–"}`) + "</li>").join("") + "</ol>";
  // widths set through the style object: the page's Content Security Policy refuses style attributes in markup
  for (const bar of out.querySelectorAll(".dist .bar")) bar.style.width = bar.dataset.width + "%";
}

function cap(name) { return name[0].toUpperCase() + name.slice(1); }

// one game and mode: played, win %, streaks, and a bar per number of rows a win took (the latest game's lit)
function statsBlock(s, last) {
  const figure = (value, label) => `<div><b>${value}</b><span>${t(label)}</span></div>`;
  const counts = [...Array(s.row_limit).keys()].map((i) => [String(i + 1), s.rows[String(i + 1)] || 0]);
  for (const r of Object.keys(s.rows)) if (Number(r) > s.row_limit) counts.push([r, s.rows[r]]);
  counts.push(["X", s.lost]);
  const top = Math.max(1, ...counts.map(([, n]) => n));
  const lastHere = last && last.game === s.game && last.mode === s.mode ? (last.won ? String(last.rows) : "X") : null;
  const grades = s.skill === null ? "" : `<p class="note">${t("skill")} ${num(s.skill)} · ${t("luck")} ${num(s.luck)} · ${t("average of").replace("{n}", num(s.reviewed))}` +
    (s.mean_rows === null ? "" : ` · ${num(s.mean_rows, 2)} ${t("mean rows")}`) + "</p>";
  return `<h3>${cap(s.game)} · ${t(s.mode)}</h3><div class="figures">` + figure(num(s.played), "played") +
    figure(num(Math.round(100 * s.win_rate)), "win %") + figure(num(s.streak), "streak") +
    figure(num(s.best_streak), "best streak") + `</div><div class="dist" role="img" aria-label="${t("distribution")}: ` +
    counts.map(([r, n]) => `${r}: ${n}`).join(", ") + `" title="${t("distribution")}">` +
    counts.map(([r, n]) => `<span>${r}</span><span class="bar${r === lastHere ? " last" : ""}" data-width="${Math.max(8, 100 * n / top)}">${n}</span>`).join("") +
    "</div>" + grades;
}

// the game played here is over: kept in the history (a game won is kept by its review, with its skill and luck)
async function keepGame() {
  try { drawHistory(await api("/api/history/keep", { game: S.game.name, rule: $("mode").value,
    rows: S.rows.map((r) => ({ guess: r.guess, patterns: r.patterns })) })); } catch (_) { /* kept next time */ }
}

// a row of a finished game taken back: that game leaves the history (played on, it is kept again as it ends)
async function forgetGame(rows) {
  try { drawHistory(await api("/api/history/forget", { game: S.game.name, rule: $("mode").value,
    rows: rows.map((r) => ({ guess: r.guess })) })); } catch (_) { /* it stays */ }
}

async function clearHistory() {
  if (!confirm(t("clear confirm"))) return;
  try {
    const h = await api("/api/history/clear", {});
    drawHistory(h);
    say(t("cleared").replace("{n}", num(h.cleared)).replace("{path}", h.aside || ""));
  } catch (err) { say(err.message); }
}

function newGame() {
  S.game = S.games.find((g) => g.name === $("game").value);
  S.rows = []; S.typed = ""; S.data = null; S.colours = {};
  if (S.reviewed && S.reviewed.rows) {          // the review of the game played here goes with it (a pasted one stays)
    $("review").innerHTML = "";
    delete $("review").dataset.skill;
    S.reviewed = null;
  }
  fitMode();
  drawHistory();                  // this game's figures first
  drawBoards(); drawResult();     // the new game's empty boards at once: no tile of the old one is left to click
  refresh();
}

// several boards are played without hard mode: the mode shows normal, and cannot be changed
function fitMode() {
  const several = S.game.boards > 1;
  $("mode").disabled = several;
  if (several) $("mode").value = "normal";
  $("common").disabled = Boolean(S.game.adversary);       // the adversary's games suggest by rows, from every word
  $("review-game").hidden = Boolean(S.game.adversary);
  $("why-title").closest("section").hidden = Boolean(S.game.adversary);     // no secret to ask about
  $("share-section").hidden = Boolean(S.game.adversary);
  document.body.dataset.adversary = String(Boolean(S.game.adversary));    // no expected size, no chance: hidden     // no other site's game to paste: review is chute review
}

async function start() {
  S.games = (await api("/api/games")).games;
  for (const g of S.games) {
    const o = document.createElement("option");
    o.value = g.name; o.textContent = g.name[0].toUpperCase() + g.name.slice(1);
    $("game").appendChild(o);
  }
  if (S.lang === "pt") $("game").value = "termo";
  translate();
  $("game").addEventListener("change", newGame);
  $("mode").addEventListener("change", newGame);
  $("new").addEventListener("click", newGame);
  $("undo").addEventListener("click", () => {
    const over = S.data && S.data.over && !S.stale, rows = S.rows.slice();
    S.rows.pop(); refresh();
    if (over) forgetGame(rows);
  });
  $("clear-history").addEventListener("click", clearHistory);
  $("undo-unknown").addEventListener("click", () => { say(""); $("undo").click(); });
  $("copy-share").addEventListener("click", copyShare);
  $("unrefuse").addEventListener("click", (e) => unrefuseWord(e.currentTarget.dataset.word));
  $("enter").addEventListener("click", submit);
  $("lang").addEventListener("click", async () => {
    S.lang = S.lang === "pt" ? "en" : "pt";
    translate(); drawBoards(); drawSide(); drawKeyboard(); drawResult(); drawHistory();    // the result, the figures and the tiles' and keys' spoken names
    save();
    if (S.data && !S.stale) {       // the notes are the server's words: ask them again in this language
      const asked = JSON.stringify(suggestBody());
      try {
        const d = await api("/api/suggest", JSON.parse(asked));
        if (JSON.stringify(suggestBody()) === asked) { S.data = d; drawSide(); }     // unless a row came meanwhile
      } catch (_) { /* the old ones stay */ }
    }
    reviewInLanguage();
  });
  $("contrast").addEventListener("click", () => { document.body.classList.toggle("contrast"); save(); });
  $("common").addEventListener("change", () => { save(); refresh(); });      // the same rows, other suggestions
  $("why-form").addEventListener("submit", why);
  $("share-go").addEventListener("click", readShare);
  $("review-game").addEventListener("click", () => reviewThisGame());
  document.addEventListener("keydown", (e) => {
    // letters typed after ticking a box go to the board; a field of text keeps its own
    if (e.target.closest("textarea, select, input:not([type='checkbox'])") || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === " " && e.target.closest(".tile")) return;   // the tile cycles its own colour
    if (e.key === "Enter" || e.key === "Backspace" || e.key.length === 1) {
      // Enter or Space on a focused button or box acts on it, unless letters are typed: then, as in the game, Enter is
      // the row's (a button clicked before, New game or Undo, must not be clicked again by the Enter meant for the
      // row) and Space nothing
      const control = e.target.closest("button, input[type='checkbox']");
      if ((e.key === "Enter" || e.key === " ") && control && !S.typed.length) return;
      e.preventDefault(); press(e.key);
    }
  });
  loadHistory();
  if (restore()) {
    translate();
    fitMode();
    refresh();
  } else {
    newGame();
  }
}

start();
