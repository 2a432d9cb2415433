// render(): the page drawn from S after each change (the board, whose move, the result
// banner, the players' names, the buttons), each part's own render function called from here.
// Khun's web page. GPL-3.0-or-later, like the project.

import { placement } from "./board.js";
import { handOf, markedSquares, moveSquares } from "./drops.js";
import { $ } from "./util.js";
import { store } from "./store.js";
import { stateAt, promotedSquares, tableAt, variantInfo, onMainLine, mainLineLength, lineResult, promotionRanks } from "./position.js";
import { renderCount, renderCountControls } from "./count.js";
import { board, boardMoves, renderMoves, renderMoveTools } from "./moves.js";
import { renderClocks } from "./clock.js";
import { currentArrows, renderAnalysis, renderAnalysisSettings } from "./analysis.js";
import { renderReview, renderGraph } from "./annotate.js";
import { renderRecent } from "./persist.js";
import { pgnText } from "./pgn.js";
import { TABS } from "./controls.js";
import { renderPace } from "./setup.js";
import { t } from "./i18n.js";
import { statusText, resultHeadline as shownHeadline, resultLine, shownPlayerName, tableText } from "./words.js";
import { notation, shownSquare } from "./notation.js";
import { renderPuzzles } from "./puzzles.js";
import { puzzleOn } from "./puzzle-state.js";
import { renderGuide } from "./guide.js";
import { renderTrainer } from "./learn/trainer.js";

export function render() {
  const S = store.state;
  if (!S.rules) return;
  const st = stateAt(S, S.cursor);
  const last = S.cursor > 0 ? S.moves[S.cursor - 1] : null;
  const lastDrop = last ? moveSquares(last).drop : null;
  const startHand = handOf(variantInfo(S).startFen);
  const moves = boardMoves();
  // The promotion squares as the variant's boards draw them: makruk's ranks shaded,
  // sittuyin's two long diagonals (its promotion a move of its own), ASEAN's none.
  board.setPromotionRanks(promotionRanks(S), !!variantInfo(S).promotionIsAMove);
  board.setOrientation(S.orientation);
  board.setThaiCoordinates(notation() === "thaiSan");
  board.set({
    fen: st.fen,
    promoted: promotedSquares(S, S.cursor),
    lastMove: markedSquares(last),
    // The man dropped last (the side that moved: not the side to move now).
    drop: lastDrop ? { letter: lastDrop, white: st.turn === "black" } : null,
    check: st.check ? kingSquare(st.fen, st.turn) : null,
    arrows: currentArrows(),
    turn: st.turn,
    handLetters: startHand ? startHand.white.map((x) => x.letter) : [],
    ...moves,
  });
  // A pawn that may promote, as a move of its own (sittuyin): how, said under the board.
  const hint = $("promotion-hint");
  if (moves.inPlace.length) {
    hint.textContent = t("promotion.hint", { squares: moves.inPlace.map(shownSquare).join(", ") });
    hint.classList.remove("hidden");
  } else {
    hint.textContent = "";
    hint.classList.add("hidden");
  }
  $("board").dataset.turn = st.turn;
  $("board").dataset.ply = String(S.cursor);

  // Whose move, or the end.
  const atEnd = S.cursor === S.moves.length;
  $("status").textContent = statusText(st, atEnd);

  // The result: a banner with who won and why.
  const res = lineResult(S);
  const r = $("result");
  if (res) {
    r.querySelector(".result-headline").textContent = shownHeadline(resultOutcome(res));
    r.querySelector(".result-reason").textContent = resultLine(res);
    r.dataset.result = res.result;
    r.dataset.reason = res.reason;
    r.dataset.outcome = resultOutcome(res);
    r.classList.remove("hidden");
  } else {
    r.querySelector(".result-headline").textContent = "";
    r.querySelector(".result-reason").textContent = "";
    delete r.dataset.result;
    delete r.dataset.reason;
    delete r.dataset.outcome;
    r.classList.add("hidden");
  }
  // The bar shows White's share on White's side of the board.
  $("eval-bar").classList.toggle("flipped", S.orientation === "black");

  renderCount(st);
  renderCountControls(st);
  const tv = $("table-verdict");
  // A puzzle being solved: no verdict to give its answer away.
  const table = (!S.playing || S.result) && !puzzleOn(S) ? tableAt(S, S.cursor) : null;
  if (table) {
    tv.textContent = tableText(table);
    tv.classList.remove("hidden");
  } else tv.classList.add("hidden");

  renderTabs(S);
  renderNames();
  renderMoves();
  renderMoveTools();
  renderButtons();
  renderClocks();
  renderPace();
  renderAnalysisSettings();
  renderAnalysis();
  renderGraph();
  renderReview();
  renderRecent();
  renderPuzzles();
  renderTrainer();
  $("pgn-notation").value = S.pgnNotation;
  $("pgn-out").value = pgnText(S);
}

/** The tabs: the one chosen shown (the only one in the tab order: the arrow keys move between them). */
function renderTabs(S) {
  for (const tab of TABS) {
    const selected = tab === S.tab;
    $(`tab-${tab}`).setAttribute("aria-selected", String(selected));
    $(`tab-${tab}`).tabIndex = selected ? 0 : -1;
    $(`panel-${tab}`).classList.toggle("hidden", !selected);
  }
  // The Learn tab's views (puzzles, the counting trainer, the rules guide): the one chosen shown.
  for (const b of document.querySelectorAll("[data-learn]")) {
    const chosen = b.dataset.learn === S.learnView;
    b.setAttribute("aria-pressed", String(chosen));
    $(`learn-${b.dataset.learn}`).classList.toggle("hidden", !chosen);
  }
  renderGuide(); // the rules guide, while shown (guide.js)
  $("resign-confirm").classList.toggle("hidden", !S.resignAsked);
  $("btn-resign").classList.toggle("hidden", S.resignAsked);
}

function kingSquare(fen, color) {
  const want = color === "white" ? "K" : "k";
  for (const [sq, p] of Object.entries(placement(fen))) if (p.letter === want) return sq;
  return null;
}

/** "win", "loss" or "draw" for you in a game against Khun; "white", "black" or "draw" otherwise. */
function resultOutcome(res) {
  const S = store.state;
  if (res.result === "1/2-1/2") return "draw";
  const winner = res.result === "1-0" ? "white" : "black";
  if (!S.game) return winner;
  return winner === S.game.human ? "win" : "loss";
}

function renderNames() {
  const S = store.state;
  // The names as shown (in the page's language); playerNames() stays the PGN's.
  const white = shownPlayerName("white");
  const black = shownPlayerName("black");
  const top = S.orientation === "white" ? black : white;
  const bottom = S.orientation === "white" ? white : black;
  $("name-top").textContent = top;
  $("name-bottom").textContent = bottom;
}

function renderButtons() {
  const S = store.state;
  const n = S.moves.length;
  $("nav-first").disabled = S.cursor === 0;
  $("nav-prev").disabled = S.cursor === 0;
  $("nav-next").disabled = S.cursor === n;
  $("nav-last").disabled = S.cursor === n;
  const inVariation = !onMainLine(S);
  $("btn-mainline").classList.toggle("hidden", !inVariation);
  if (inVariation) $("btn-mainline").textContent = t("mainline.backPlies", { plies: mainLineLength(S) });
  const inGame = S.playing && !S.result;
  $("setup").classList.toggle("hidden", inGame);
  $("game-controls").classList.toggle("hidden", !S.game);
  if (S.game) {
    const humanToMove = inGame && stateAt(S, n).turn === S.game.human;
    const humanMoves = n - S.game.startPly - (stateAt(S, n).turn === S.game.human ? 0 : 1);
    $("btn-takeback").disabled = !inGame || humanMoves < 1;
    $("btn-draw").disabled = !humanToMove || !!S.game.drawPending;
    $("btn-resign").disabled = !inGame;
    $("btn-new").disabled = false;
    $("btn-analyse-game").disabled = false;
    $("btn-analyse-game").textContent = t(inGame ? "game.leaveAndAnalyse" : "game.analyse");
  }
  $("btn-analysis").textContent = t(S.analysing ? "analysis.stop" : "analysis.start");
  $("btn-analysis").setAttribute("aria-label", t(S.analysing ? "analysis.stopLabel" : "analysis.startLabel"));
  $("btn-analysis").disabled = (S.playing && !S.result) || puzzleOn(S);
  $("btn-annotate").disabled = (S.playing && !S.result) || S.moves.length === 0 || puzzleOn(S);
  $("btn-annotate").textContent = t(S.annotating ? "review.cancel" : "review.annotate");
  const note = puzzleOn(S) ? "puzzle.noAnalysis" : S.playing && !S.result ? "analysis.gameOn" : "analysis.free";
  $("analysis-note").textContent = t(note);
}
