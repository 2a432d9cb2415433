// The counting trainer (the Learn tab's #learn-trainer): positions from real endgames
// (trainer-positions.json, made by web/make-trainer.js), on a small board of its own, and
// questions on each, answered by choice or by a number, graded by the rules
// (trainer-questions.js) and explained with the rule they follow. Its state is the
// store's (`trainer`, learn/trainer-actions.js); the session's score is also kept in the
// browser (localStorage) across reloads.
//
// Why a small board of its own and not the main board: the main board holds the player's
// game or analysis (kept across reloads, followed by the engine), which a trainer's
// position would replace; the trainer only shows positions, so a drawn board is enough.
// Khun's web page. GPL-3.0-or-later, like the project.

import "./trainer-words.js";
import { t, sideName, countNumber, variantTitle, onLanguageChange, language } from "../i18n.js";
import { store } from "../store.js";
import { variantInfo } from "../position.js";
import { placement, pieceArt, pieceName } from "../board.js";
import { moveSquares } from "../drops.js";
import { loadValue, saveValue } from "../keep.js";
import { notation, shownSquare } from "../notation.js";
import { questionsFor, isRight } from "./trainer-questions.js";

/** Where the session's score is kept. */
export const TRAINER_SCORE_KEY = "khun.trainer.v1";
const FILES = "abcdefgh";

// The questions on each position, by its index: the rules' answers, worked out once.
const asked = new Map();

/**
 * The questions on position `i` of the loaded set (the rules asked once); none where the
 * rules refuse the position (a damaged file: the trainer goes on to the next one).
 */
export function questionsAt(i) {
  const S = store.state;
  if (!asked.has(i)) {
    const p = S.trainer.positions[i];
    let qs = [];
    try {
      qs = questionsFor(S.rules, variantInfo(S, p.variant), p);
    } catch {
      qs = [];
    }
    asked.set(i, qs);
  }
  return asked.get(i);
}

/** Every shipped position with its questions and their answers (for tests: web/tests/test_trainer.py). */
export function allQuestions() {
  return store.state.trainer.positions.map((p, i) => ({ ...p, questions: questionsAt(i) }));
}

/** The position and question asked now: {index, position, question, count} or null. */
function current() {
  const tr = store.state.trainer;
  if (tr.status !== "ready" || !tr.order.length) return null;
  // The position at `at`, or the next one the rules ask questions on.
  for (let k = 0; k < tr.order.length; k++) {
    const index = tr.order[(tr.at + k) % tr.order.length];
    const qs = questionsAt(index);
    if (qs.length) return { index, position: tr.positions[index], question: qs[Math.min(tr.step, qs.length - 1)], count: qs.length };
  }
  return null;
}

// A move's SAN in the page's notation (Thai SAN as the rules write it), by position and move.
const sans = new Map();

/** The move of position `p` as the page shows moves: SAN, or Thai SAN (the rules asked). */
function shownSan(p) {
  if (notation() !== "thaiSan") return p.san;
  const key = `${p.variant}|${p.fen}|${p.move}`;
  if (!sans.has(key)) sans.set(key, store.state.rules.state(p.variant, p.fen, [p.move], { notation: "thaiSan" }).sans[0]);
  return sans.get(key);
}

/** A question's value in words: a choice, a side, or a number (count numbers in the page's digits). */
function valueWords(q, value) {
  if (q.kind === "counting") return sideName(value, true);
  if (q.kind === "playersMate" && value === "win") return t("trainer.a.win", { Side: sideName(q.params.Side, true) });
  if (q.choices) return t(`trainer.a.${value}`);
  return q.kind === "lastMove" ? String(value) : countNumber(value);
}

/** A fact's values in the page's words: sides named, count numbers in its digits, men listed, the move in the page's notation. */
function factParams(params, p) {
  const out = {};
  for (const [k, v] of Object.entries(params)) {
    if (["Side", "Counting", "Mating", "Bare", "Strong"].includes(k)) out[k] = sideName(v, true);
    else if (k === "white" || k === "black") out[k] = v.map((m) => t(`piece.${m.toLowerCase()}`)).join(", ");
    else if (k === "san") out[k] = shownSan(p);
    else if (["first", "last"].includes(k)) out[k] = String(v);
    else out[k] = countNumber(v);
  }
  return out;
}

/** The section's parts, made once. */
function build(root) {
  root.innerHTML = `
    <p id="trainer-intro" class="trainer-intro"></p>
    <p id="trainer-status" class="hidden"></p>
    <div id="trainer-main" class="trainer hidden">
      <p id="trainer-source" class="trainer-source"></p>
      <div id="trainer-board" class="mini-board" role="img"></div>
      <p id="trainer-turn"></p>
      <p id="trainer-move"></p>
      <p id="trainer-convention" class="trainer-convention"></p>
      <p id="trainer-question" class="trainer-question"></p>
      <div id="trainer-choices" class="trainer-choices"></div>
      <form id="trainer-number" class="hidden">
        <input id="trainer-input" type="text" inputmode="numeric" autocomplete="off" aria-labelledby="trainer-question">
        <button type="submit" id="trainer-ok"></button>
      </form>
      <div id="trainer-feedback" class="hidden" role="status">
        <p id="trainer-verdict"></p>
        <ul id="trainer-why"></ul>
      </div>
      <button type="button" id="trainer-next" class="hidden"></button>
      <p id="trainer-score"></p>
      <button type="button" id="trainer-reset"></button>
    </div>`;
  const board = root.querySelector("#trainer-board");
  for (let r = 8; r >= 1; r--) {
    for (const f of FILES) {
      const sq = document.createElement("div");
      sq.className = "mini-square";
      sq.dataset.square = f + r;
      board.appendChild(sq);
    }
  }
  root.querySelector("#trainer-number").addEventListener("submit", (e) => {
    e.preventDefault();
    answer(root.querySelector("#trainer-input").value);
  });
  root.querySelector("#trainer-choices").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-value]");
    if (b) answer(b.dataset.value);
  });
  root.querySelector("#trainer-next").addEventListener("click", () => {
    const c = current();
    store.act("trainerNext", !c || store.state.trainer.step + 1 >= c.count);
    // The focus on the next question's first answer (the Next button is hidden now).
    const first = root.querySelector("#trainer-choices button, #trainer-number:not(.hidden) input");
    if (first) first.focus();
  });
  root.querySelector("#trainer-reset").addEventListener("click", () => store.act("trainerResetScore"));
}

/** The player's answer to the question asked, graded by the rules' answer. */
export function answer(given) {
  const c = current();
  if (!c || store.state.trainer.answer) return;
  if (!c.question.choices && !String(given).trim()) return;
  store.act("trainerAnswer", given, isRight(c.question, given), c.question.kind);
  // The answers are disabled now: the focus on what comes next.
  const next = document.getElementById("trainer-next");
  if (next) next.focus();
}

/**
 * The small board: the position's men, the move's squares marked (`played`: the move
 * played, else the move asked about), the coordinates as the page's notation writes them.
 */
function drawBoard(el, fen, move, played) {
  const men = placement(fen);
  const marked = move ? moveSquares(move) : {};
  const names = [];
  for (const sq of el.children) {
    const p = men[sq.dataset.square];
    const onMove = sq.dataset.square === marked.from || sq.dataset.square === marked.to;
    sq.classList.toggle("moved", onMove && played);
    sq.classList.toggle("to-move", onMove && !played);
    const shown = shownSquare(sq.dataset.square);
    if (sq.dataset.square[1] === "1") sq.dataset.file = shown.slice(0, 1);
    if (sq.dataset.square[0] === "a") sq.dataset.rank = shown.slice(1);
    sq.replaceChildren();
    if (p) {
      const img = document.createElement("img");
      img.src = pieceArt(p);
      img.alt = "";
      img.dataset.piece = p.letter;
      sq.appendChild(img);
      names.push(`${pieceName(p)} ${sq.dataset.square}`);
    }
  }
  el.setAttribute("aria-label", t("trainer.board", { pieces: names.join(", ") }));
}

/** The trainer drawn from the state (view.js calls it after each action). */
export function renderTrainer() {
  const root = document.getElementById("learn-trainer");
  const S = store.state;
  if (!root || !S.rules) return;
  if (!root.querySelector("#trainer-main")) build(root);
  const $ = (id) => root.querySelector(`#${id}`);
  const tr = S.trainer;
  $("trainer-intro").textContent = t("trainer.intro");
  $("trainer-status").classList.toggle("hidden", tr.status === "ready");
  $("trainer-status").textContent = tr.status === "failed" ? t("trainer.failed", { error: tr.error }) : t("trainer.loading");
  const c = current();
  $("trainer-main").classList.toggle("hidden", !c);
  if (!c) return;
  const { position: p, question: q } = c;
  const main = $("trainer-main");
  main.dataset.position = String(c.index);
  main.dataset.kind = q.kind;
  main.dataset.step = String(tr.step);
  $("trainer-source").textContent = t("trainer.source", { n: tr.at + 1, total: tr.order.length, game: p.source, variant: variantTitle(p.variant) });
  const after = q.at === "after";
  drawBoard($("trainer-board"), q.fen, after || q.kind === "after" ? p.move : null, after);
  const turn = q.fen.split(" ")[1] === "b" ? "black" : "white";
  $("trainer-turn").textContent = t("trainer.toMove", { Side: sideName(turn, true) });
  const showMove = p.move && (after || q.kind === "after");
  $("trainer-move").classList.toggle("hidden", !showMove);
  $("trainer-move").textContent = showMove ? t(after ? "trainer.movePlayed" : "trainer.moveNext", { san: shownSan(p) }) : "";
  $("trainer-convention").textContent = t(`trainer.convention.${q.convention}`);
  $("trainer-convention").dataset.convention = q.convention;
  $("trainer-question").textContent = t(`trainer.q.${q.kind}`, factParams(q.params || {}, p));
  // The answers offered (rebuilt when the question or the language changes).
  const choices = $("trainer-choices");
  const key = `${c.index}|${tr.step}|${language()}`;
  if (choices.dataset.key !== key) {
    choices.dataset.key = key;
    choices.replaceChildren(...(q.choices || []).map((v) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.value = v;
      b.textContent = valueWords(q, v);
      return b;
    }));
    $("trainer-input").value = "";
  }
  $("trainer-number").classList.toggle("hidden", !!q.choices);
  $("trainer-ok").textContent = t("trainer.ok");
  const answered = tr.answer;
  for (const b of choices.querySelectorAll("button")) {
    b.disabled = !!answered;
    b.classList.toggle("chosen", !!answered && b.dataset.value === answered.given);
    b.classList.toggle("expected", !!answered && b.dataset.value === String(q.expected));
  }
  $("trainer-input").disabled = !!answered;
  $("trainer-ok").disabled = !!answered;
  // The verdict and why, with the rule's place in RULES.md.
  const fb = $("trainer-feedback");
  fb.classList.toggle("hidden", !answered);
  if (answered) {
    fb.dataset.right = answered.right ? "1" : "0";
    fb.dataset.expected = String(q.expected);
    $("trainer-verdict").textContent = answered.right ? t("trainer.right") : t("trainer.wrong", { answer: valueWords(q, q.expected) });
    $("trainer-why").replaceChildren(...q.why.map((w) => {
      const li = document.createElement("li");
      li.textContent = t(`trainer.${w.key}`, factParams(w.params, p)) + (w.cite ? ` (${t(`trainer.cite.${w.cite}`)})` : "");
      if (w.cite) li.dataset.cite = w.cite;
      return li;
    }));
  } else {
    delete fb.dataset.right;
    delete fb.dataset.expected;
  }
  const last = tr.step + 1 >= c.count;
  $("trainer-next").classList.toggle("hidden", !answered);
  $("trainer-next").textContent = t(last ? "trainer.nextPosition" : "trainer.next");
  const score = $("trainer-score");
  score.dataset.right = String(tr.score.right);
  score.dataset.asked = String(tr.score.asked);
  score.textContent = t("trainer.score", { right: tr.score.right, asked: tr.score.asked });
  $("trainer-reset").textContent = t("trainer.resetScore");
}

/** A random order of `n` positions (Fisher-Yates), so each session meets them afresh. */
function shuffled(n) {
  const order = [...Array(n).keys()];
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** The positions loaded the first time the trainer is shown (or again, after a failure, when it is chosen again). */
async function load() {
  if (!["idle", "failed"].includes(store.state.trainer.status)) return;
  store.act("trainerScoreKept", loadValue(TRAINER_SCORE_KEY));
  store.act("trainerLoading");
  try {
    const reply = await fetch(new URL("./trainer-positions.json", import.meta.url));
    if (!reply.ok) throw new Error(`${reply.status} ${reply.statusText}`);
    const positions = await reply.json();
    asked.clear();
    store.act("trainerLoaded", positions, shuffled(positions.length));
  } catch (e) {
    store.act("trainerFailed", e.message || e);
  }
}

store.on("selectLearnView", (name) => { if (name === "trainer") load(); });
for (const action of ["trainerAnswer", "trainerResetScore"]) {
  store.on(action, () => saveValue(TRAINER_SCORE_KEY, store.state.trainer.score));
}
onLanguageChange(() => renderTrainer());
