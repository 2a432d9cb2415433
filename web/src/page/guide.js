// The rules guide (the Learn tab's "Rules guide", #learn-guide): how each man moves, on
// a board of the guide's own where the player moves it (its legal moves the rules'
// answer for the position, never a table of this page's); how makruk's relatives differ
// (a table of the rules' variant facts and of their answers on two positions); and the
// count, step by step through real lines, each step's count in the words of the page's
// count line (count.js's countLine). Every rule names its source (guideLessons.js's
// CITATIONS, kept in docs/rules-sources.md).
//
// The guide's two boards are its own, not the page's board: the page's board holds the
// game and its line (kept across reloads, analysed, timed), which a lesson must not
// touch. They are chessgroundx as the page's board uses it (board.js's Board), small, in
// the Learn tab. Their state is the store's (`state.guide`, guideActions.js).
// Khun's web page. GPL-3.0-or-later, like the project.

import "./guideWords.js";
import { Board, placement } from "./board.js";
import { store } from "./store.js";
import { promotionRanks } from "./position.js";
import { countLine } from "./count.js";
import { notation } from "./notation.js";
import { $ } from "./util.js";
import { t, countNumber, reasonText, variantTitle, language } from "./i18n.js";
import { CITATIONS, COUNT_EXAMPLES, MAN_CITES, exampleState, firstMoveRights, letterOf, manBoard, probeFacts, whiteAgain } from "./guideLessons.js";

let manBoardView = null;
let countBoardView = null;
let built = false;
let shownKey = null;
const facts = new Map(); // the relatives' probed facts, by game (the rules answer once)

const el = (tag, attrs = {}, text = null) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== null) e.textContent = text;
  return e;
};

// The rules' role names (the variant facts' `pieces`) and the glossary's piece keys.
const ROLE_KEY = { king: "k", met: "m", khon: "s", knight: "n", rook: "r", pawn: "p", aiwok: "a" };

/** A man's name by the rules' role ("king", "aiwok"), in the page's language. */
function roleName(role) {
  return t(`piece.${ROLE_KEY[role] || "k"}`);
}

/** A man's name by its letter in a game (sittuyin's F is its met). */
function letterName(letter) {
  const l = letter.toLowerCase();
  return t(`piece.${l === "f" ? "m" : l}`);
}

/** The guide's sections, made once. */
function build() {
  const root = $("learn-guide");
  root.replaceChildren(
    el("p", { id: "guide-intro" }),
    el("h3", { id: "guide-men-title" }),
    (() => {
      const row = el("div", { class: "guide-row" });
      const label = el("label", { for: "guide-variant", id: "guide-variant-label" });
      row.append(label, el("select", { id: "guide-variant" }));
      return row;
    })(),
    el("div", { id: "guide-man-buttons", role: "group" }),
    el("div", { id: "guide-board", class: "guide-board" }),
    el("div", { id: "guide-promotion", class: "hidden", role: "group" }),
    el("p", { id: "guide-said", "aria-live": "polite" }),
    el("button", { type: "button", id: "guide-reset" }),
    el("p", { id: "guide-man-text" }),
    el("p", { id: "guide-try" }),
    el("div", { id: "guide-legal", class: "guide-legal" }),
    el("ul", { id: "guide-man-cites", class: "guide-cites" }),
    el("h3", { id: "guide-diff-title" }),
    el("p", { id: "guide-diff-note" }),
    // Scrolled sideways on a narrow column: reachable by the keyboard, named by its title.
    el("div", { class: "guide-table-box", tabindex: "0", role: "region", "aria-labelledby": "guide-diff-title" }),
    el("ul", { id: "guide-diff-cites", class: "guide-cites" }),
    el("h3", { id: "guide-count-title" }),
    el("p", { id: "guide-count-intro" }),
    el("div", { id: "guide-examples", role: "group" }),
    el("p", { id: "guide-counting" }),
    el("div", { id: "guide-count-board", class: "guide-board" }),
    (() => {
      const row = el("div", { class: "guide-row" });
      row.append(el("button", { type: "button", id: "guide-prev" }), el("span", { id: "guide-step-n" }), el("button", { type: "button", id: "guide-next" }));
      return row;
    })(),
    el("p", { id: "guide-step-san" }),
    el("p", { id: "guide-step-text" }),
    el("p", { id: "guide-count-text", class: "guide-count-line" }),
    el("ul", { id: "guide-step-cites", class: "guide-cites" }),
    el("p", { id: "guide-sources" }),
  );
  root.querySelector(".guide-table-box").append(el("table", { id: "guide-diff-table" }));
  $("guide-variant").addEventListener("change", (e) => chooseMan(e.target.value, store.state.guide.role || "king"));
  $("guide-reset").addEventListener("click", () => store.act("guideReset"));
  $("guide-prev").addEventListener("click", () => store.act("guideStep", Math.max(0, store.state.guide.step - 1)));
  $("guide-next").addEventListener("click", () => {
    const ex = COUNT_EXAMPLES[store.state.guide.example];
    store.act("guideStep", Math.min(ex.steps.length - 1, store.state.guide.step + 1));
  });
  const hooks = (onMove, onInPlace) => ({ move: onMove, drop: () => {}, promoteInPlace: onInPlace });
  manBoardView = new Board($("guide-board"), hooks(manMoved, promoteInPlace));
  countBoardView = new Board($("guide-count-board"), hooks(() => countBoardView.redraw(), () => {}));
  built = true;
  // For tests and debugging, as the page's own board is (main.js).
  if (window.khunPage) window.khunPage.guideBoards = { man: manBoardView, count: countBoardView };
}

/** A man chosen: its board, from the rules' facts of the game. */
export function chooseMan(variantName, role) {
  const S = store.state;
  const v = S.variants.find((x) => x.name === variantName);
  if (!v) return;
  const r = v.pieces.some((p) => p.role === role) ? role : "king";
  store.act("guideShowMan", v.name, r, manBoard(v, r));
}

/** The rules' state of the man's board now. */
function manState() {
  const g = store.state.guide;
  return store.state.rules.state(g.variant, g.fen, [], { notation: notation() });
}

/** A move made on the man's board (its squares): played, or its promotion's choices offered. */
function manMoved(from, to) {
  const cands = manState().legal.filter((m) => m.from === from && m.to === to);
  if (cands.length === 1) play(cands[0]);
  else if (cands.length > 1) store.act("guideChoices", cands.map((m) => m.uci));
  else manBoardView.redraw(); // not a legal move: the man goes back
}

function promoteInPlace(square) {
  const cands = manState().legal.filter((m) => m.from === square && m.to === square);
  if (cands.length === 1) play(cands[0]);
  else if (cands.length > 1) store.act("guideChoices", cands.map((m) => m.uci));
}

/**
 * The rules play move `m` (one of their legal moves) on the man's board; White is to
 * move again where they allow it. Were the rules to refuse it, the board stays as it was.
 */
export function play(m) {
  const S = store.state;
  const g = S.guide;
  let after;
  try {
    after = S.rules.state(g.variant, g.fen, [m.uci], { notation: notation() });
  } catch {
    manBoardView.redraw();
    return;
  }
  const captured = !!placement(g.fen)[m.to] && m.from !== m.to;
  const kind = after.end ? "end" : after.check ? "check" : m.promotion ? "promoted" : captured ? "captured" : "moved";
  const arrived = placement(after.fen)[m.to];
  const fen = kind === "end" || kind === "check" ? after.fen : whiteAgain(S.rules, g.variant, after.fen) || after.fen;
  store.act("guideMoved", fen, m.to, [m.from || m.to, m.to], {
    kind, san: m.san, reason: after.end ? after.end.reason : null, letter: arrived ? arrived.letter : null,
  });
}

/** A list of citations, each its source, part and passage. */
function renderCites(list, ids) {
  list.replaceChildren(...ids.map((id) => {
    const c = CITATIONS[id];
    const li = el("li", { "data-cite": id, "data-source": c.source });
    li.append(el("span", { class: "guide-cite-source" }, `${t("guide.source")} ${c.source}, “${c.section}”: `));
    li.append(el("q", { lang: "en" }, c.quote.replace(/\s*\n\s*/g, " ")));
    return li;
  }));
}

/** The relatives' table: each game's facts, as the rules give them. */
function renderDiff(S) {
  const table = $("guide-diff-table");
  const cols = ["game", "men", "promotion", "leaps", "hand", "check", "checkWins", "count", "limits"];
  const head = el("tr");
  for (const c of cols) head.append(el("th", { scope: "col" }, t(`guide.col.${c}`)));
  const rows = [head];
  for (const v of S.variants) {
    if (!facts.has(v.name)) facts.set(v.name, probeFacts(S.rules, v));
    const f = facts.get(v.name);
    const name = letterName;
    const pieces = v.promotesTo.map(name).join(", ");
    const ranks = [...new Set(v.promotionSquares.white.map((s) => s[1]))];
    const rights = Object.keys(firstMoveRights(v));
    const cells = {
      game: variantTitle(v.name),
      men: v.pieces.map((p) => p.letter).join(" "),
      promotion: v.promotionIsAMove ? t("guide.promo.move", { pieces }) : t("guide.promo.rank", { rank: ranks.join(", "), pieces }),
      leaps: rights.length ? rights.map(name).join(", ") : t("guide.none"),
      hand: v.drops ? t("guide.hand.yes") : t("guide.none"),
      check: f.kingStepsOutOfCheck === false ? t("guide.check.stays") : t("guide.check.steps"),
      checkWins: f.checkWins ? t("guide.checkWins.yes") : "—",
      count: v.playersCounting ? t("guide.count.moves", { moves: countNumber(v.playersCountMoves) }) : t("guide.count.automatic"),
      limits: v.countLimits.map((p) => countNumber(p / 2)).join(", "),
    };
    const tr = el("tr", { "data-variant": v.name });
    for (const c of cols) tr.append(el(c === "game" ? "th" : "td", c === "game" ? { scope: "row", "data-col": c } : { "data-col": c }, cells[c]));
    // The men by their letters (FEN's and SAN's), each named in the cell's tooltip.
    tr.querySelector("[data-col='men']").title = v.pieces.map((p) => `${p.letter}: ${name(p.letter)}`).join(", ");
    rows.push(tr);
  }
  table.replaceChildren(...rows);
  renderCites($("guide-diff-cites"), ["familyTable", "familyCambodian", "familyCambodianCount", "familyMakpong", "familyKarouk", "familyAsean", "familyAiwok", "familySittuyin", "rulesLeaps", "rulesAutomatic"]);
}

/** The man's part: the game's men, the man's words and sources, its board and moves. */
function renderMan(S) {
  const g = S.guide;
  const v = S.variants.find((x) => x.name === g.variant) || S.variants[0];
  const select = $("guide-variant");
  if (select.options.length !== S.variants.length || select.dataset.lang !== language()) {
    select.replaceChildren(...S.variants.map((x) => el("option", { value: x.name }, variantTitle(x.name))));
    select.dataset.lang = language();
  }
  select.value = v.name;
  const buttons = $("guide-man-buttons");
  buttons.replaceChildren(...v.pieces.map((p) => {
    const b = el("button", { type: "button", "data-role": p.role, "aria-pressed": String(p.role === g.role) }, roleName(p.role));
    b.addEventListener("click", () => chooseMan(v.name, p.role));
    return b;
  }));
  const role = g.role;
  const board = $("guide-board");
  const rights = firstMoveRights(v);
  if (!role || !g.fen) {
    $("guide-man-text").textContent = "";
    $("guide-man-cites").replaceChildren();
    board.classList.add("hidden");
    for (const id of ["guide-try", "guide-legal", "guide-said"]) $(id).replaceChildren();
    $("guide-reset").classList.add("hidden");
    $("guide-promotion").classList.add("hidden");
    return;
  }
  board.classList.remove("hidden");
  $("guide-reset").classList.remove("hidden");
  const letter = letterOf(v, role);
  const words = [t(`guide.man.${role}`)];
  const cites = [...MAN_CITES[role]];
  if (role === "pawn") {
    const promo = v.promotesTo.map(letterName);
    const rank = v.promotionSquares.white.map((s) => s[1]).sort()[0];
    if (v.promotionIsAMove) { words.push(t("guide.promote.move", { piece: promo[0] })); cites.push("familySittuyin"); }
    else if (promo.length === 1) { words.push(t("guide.promote.one", { rank: countNumber(Number(rank)), piece: promo[0] })); cites.push(...(v.promotesTo[0] === "M" ? ["rulesPromotion", "seed001Promotion"] : ["familyAiwok"])); }
    else { words.push(t("guide.promote.choice", { rank: countNumber(Number(rank)), pieces: promo.join(", ") })); cites.push("familyAsean"); }
  }
  const right = rights[letter];
  if (right && (role === "king" || role === "met")) {
    words.push(t(`guide.leap.${role}`, { right: right.right }));
    cites.push("familyCambodian", "seed002Leap", "seed004Leaps", "rulesLeaps");
  }
  const text = $("guide-man-text");
  text.textContent = words.join(" ");
  text.dataset.role = role;
  renderCites($("guide-man-cites"), [...new Set(cites)]);

  const st = manState();
  const own = st.legal.filter((m) => m.from === g.square);
  const movable = st.end || st.turn !== "white" ? null : "white";
  const dests = new Map();
  const away = own.filter((m) => m.to !== m.from);
  if (away.length) dests.set(g.square, [...new Set(away.map((m) => m.to))]);
  const inPlace = own.some((m) => m.to === m.from) ? [g.square] : [];
  manBoardView.setPromotionRanks(promotionRanks({ variants: S.variants, variant: v.name }), !!v.promotionIsAMove);
  manBoardView.setThaiCoordinates(notation() === "thaiSan");
  manBoardView.set({
    fen: st.fen, lastMove: g.lastMove, check: null, turn: st.turn, movable: movable && own.length ? movable : null,
    dests, inPlace, premove: null, promoted: g.said && g.said.kind === "promoted" && v.promotesTo.length === 1 && v.promotesTo[0] === "M" ? [g.square] : null,
  });
  board.dataset.square = g.square;
  board.setAttribute("aria-label", `${t("guide.board")}: ${board.getAttribute("aria-label") || ""}`);
  $("guide-try").textContent = movable ? t("guide.try") : "";
  const legal = $("guide-legal");
  legal.dataset.moves = own.map((m) => m.uci).join(" ");
  const piece = roleName(role);
  // The legal moves as buttons too: the board played from the keyboard or a screen reader.
  const shownMoves = JSON.stringify([movable, own.map((m) => m.uci), own.map((m) => m.san), piece]);
  if (legal.dataset.shown !== shownMoves) {
    legal.dataset.shown = shownMoves;
    if (!movable) legal.replaceChildren();
    else if (!own.length) legal.replaceChildren(t("guide.legal.none", { piece }));
    else {
      legal.replaceChildren(el("span", {}, t("guide.legal", { piece })), ...own.map((m) => {
        const b = el("button", { type: "button", "data-uci": m.uci }, m.san);
        b.addEventListener("click", () => play(m));
        return b;
      }));
    }
  }
  const said = $("guide-said");
  if (g.said) {
    const p = g.said.letter ? letterName(g.said.letter) : "";
    said.textContent = t(`guide.said.${g.said.kind}`, { san: g.said.san, piece: p, reason: g.said.reason ? reasonText(g.said.reason) : "" });
    said.dataset.kind = g.said.kind;
  } else {
    said.textContent = "";
    delete said.dataset.kind;
  }
  const promo = $("guide-promotion");
  promo.classList.toggle("hidden", !g.choices.length);
  if (g.choices.length) {
    const moves = st.legal.filter((m) => g.choices.includes(m.uci));
    promo.replaceChildren(el("span", {}, t("guide.promoteTo")), ...moves.map((m) => {
      const b = el("button", { type: "button", "data-uci": m.uci }, m.san);
      b.addEventListener("click", () => play(m));
      return b;
    }));
  } else promo.replaceChildren();
}

/** The worked example's part: its board at the step, the step's words, the count's line. */
function renderCount(S) {
  const g = S.guide;
  const examples = $("guide-examples");
  examples.replaceChildren(...COUNT_EXAMPLES.map((ex, i) => {
    const b = el("button", { type: "button", "data-example": ex.id, "aria-pressed": String(i === g.example) }, t(`guide.ex.${ex.id}`));
    b.addEventListener("click", () => store.act("guideExample", i));
    return b;
  }));
  const ex = COUNT_EXAMPLES[g.example];
  const step = ex.steps[g.step];
  const v = S.variants.find((x) => x.name === ex.variant);
  const st = exampleState(S.rules, ex, step.ply);
  $("guide-counting").textContent = t(`guide.counting.${ex.counting}`);
  countBoardView.setPromotionRanks(promotionRanks({ variants: S.variants, variant: ex.variant }), !!v.promotionIsAMove);
  countBoardView.setThaiCoordinates(notation() === "thaiSan");
  const last = step.ply > 0 ? ex.moves[step.ply - 1] : null;
  countBoardView.set({ fen: st.fen, lastMove: last ? [last.slice(0, 2), last.slice(2, 4)] : null, turn: st.turn, movable: null, dests: new Map() });
  const box = $("guide-count-board");
  box.dataset.fen = st.fen;
  box.dataset.ply = String(step.ply);
  $("guide-step-n").textContent = t("guide.step", { n: countNumber(g.step + 1), of: countNumber(ex.steps.length) });
  $("guide-prev").textContent = t("guide.prev");
  $("guide-next").textContent = t("guide.next");
  $("guide-prev").disabled = g.step === 0;
  $("guide-next").disabled = g.step === ex.steps.length - 1;
  const sans = S.rules.state(ex.variant, ex.fen, ex.moves.slice(0, step.ply), { notation: notation() }).sans;
  $("guide-step-san").textContent = step.ply > 0 ? sans.slice(Math.max(0, step.ply - 2)).join(" ") : "";
  $("guide-step-text").textContent = t(step.words);
  const line = countLine(st, ex.counting === "players", v.playersCountMoves);
  const countText = $("guide-count-text");
  countText.textContent = line ? line.text : t("guide.noCount");
  if (line && line.honour) countText.dataset.honour = line.honour;
  else delete countText.dataset.honour;
  if (st.count) { countText.dataset.number = String(st.count.number); countText.dataset.of = String(st.count.of); countText.dataset.movesLeft = String(st.count.movesLeft); }
  else { delete countText.dataset.number; delete countText.dataset.of; delete countText.dataset.movesLeft; }
  countText.classList.toggle("urgent", !!(line && line.urgent));
  renderCites($("guide-step-cites"), step.cites);
}

/** The guide drawn from the state, while it is shown (its boards made the first time). */
export function renderGuide() {
  const S = store.state;
  if (!S.rules || S.tab !== "learn" || S.learnView !== "guide") { shownKey = null; return; }
  const first = !built;
  if (first) build();
  if (!S.guide.role) { chooseMan(S.guide.variant, "king"); return; } // drawn again by the action
  $("guide-intro").textContent = t("guide.intro");
  $("guide-men-title").textContent = t("guide.men");
  $("guide-variant-label").textContent = t("guide.game");
  $("guide-man-buttons").setAttribute("aria-label", t("guide.man"));
  $("guide-reset").textContent = t("guide.reset");
  $("guide-diff-title").textContent = t("guide.diff");
  $("guide-diff-note").textContent = t("guide.diff.note");
  $("guide-count-title").textContent = t("guide.count");
  $("guide-count-intro").textContent = t("guide.count.intro");
  $("guide-sources").textContent = t("guide.sources");
  $("guide-count-board").setAttribute("aria-label", t("guide.countBoard"));
  const key = `${language()}|${notation()}`;
  if (key !== shownKey) renderDiff(S);
  renderMan(S);
  renderCount(S);
  // Shown again after being hidden: chessground measures its boards anew.
  if (key !== shownKey || first) {
    requestAnimationFrame(() => { manBoardView.cg.redrawAll(); countBoardView.cg.redrawAll(); });
  }
  shownKey = key;
}
