// render(): the page drawn from S after each change (the board, whose move, the result
// banner, the players' names, the buttons), each part's own render function called from here.
// Khun's web page. GPL-3.0-or-later, like the project.

import { placement } from "./board.js";
import { pgnText } from "./review.js";
import { $, cap } from "./util.js";
import { S, stateAt, promotedSquares, tableAt } from "./state.js";
import { renderCount, renderCountControls } from "./count.js";
import { board, renderMoves } from "./moves.js";
import { renderClocks } from "./clock.js";
import { closeResign } from "./play.js";
import { currentArrows } from "./analysis.js";
import { renderReview, renderGraph } from "./annotate.js";
import { persist, renderRecent } from "./persist.js";

export function render() {
  if (!S.rules) return;
  const st = stateAt(S.cursor);
  const last = S.cursor > 0 ? S.moves[S.cursor - 1] : null;
  board.setOrientation(S.orientation);
  board.set({
    fen: st.fen,
    promoted: promotedSquares(S.cursor),
    lastMove: last ? [last.slice(0, 2), last.slice(2, 4)] : null,
    check: st.check ? kingSquare(st.fen, st.turn) : null,
    arrows: currentArrows(),
  });
  $("board").dataset.turn = st.turn;
  $("board").dataset.ply = String(S.cursor);

  // Whose move, or the end.
  const atEnd = S.cursor === S.moves.length;
  let status;
  if (st.end) status = `${st.end.reason}: ${st.end.result}`;
  else if (S.playing && atEnd && !S.result) {
    status = st.turn === S.game.human ? "Your move" : "Khun is thinking…";
    if (st.check) status += " (check)";
  } else if (S.result && atEnd) status = "Game over";
  else status = `${cap(st.turn)} to move${st.check ? ", in check" : ""}`;
  if (!atEnd) status += ` (move ${S.cursor} of ${S.moves.length})`;
  $("status").textContent = status;

  // The result: a banner with who won and why.
  const res = S.result;
  const r = $("result");
  if (res) {
    r.querySelector(".result-headline").textContent = resultHeadline(res);
    r.querySelector(".result-reason").textContent = `${res.result} · ${res.reason}`;
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
  const table = !S.playing || S.result ? tableAt(S.cursor) : null;
  if (table) {
    tv.textContent = `Endgame table: ${table.text || `${table.verdict} for ${table.forSide || table.winner}`}`;
    tv.classList.remove("hidden");
  } else tv.classList.add("hidden");

  renderNames();
  renderMoves();
  renderButtons();
  renderClocks();
  renderGraph();
  renderReview();
  renderRecent();
  $("pgn-out").value = pgnText(S);
  persist();
}

function kingSquare(fen, color) {
  const want = color === "white" ? "K" : "k";
  for (const [sq, p] of Object.entries(placement(fen))) if (p.letter === want) return sq;
  return null;
}

/** "win", "loss" or "draw" for you in a game against Khun; "white", "black" or "draw" otherwise. */
function resultOutcome(res) {
  if (res.result === "1/2-1/2") return "draw";
  const winner = res.result === "1-0" ? "white" : "black";
  if (!S.game) return winner;
  return winner === S.game.human ? "win" : "loss";
}

function resultHeadline(res) {
  return {
    draw: "The game is a draw", win: "You win", loss: "Khun wins", white: "White wins", black: "Black wins",
  }[resultOutcome(res)];
}

/** The players' names: "You" and Khun's in a game against it, else the PGN's tags. */
export function playerNames() {
  if (S.game) {
    return {
      white: S.game.human === "white" ? "You" : S.game.engineName,
      black: S.game.human === "black" ? "You" : S.game.engineName,
    };
  }
  return { white: S.tags.White || "White", black: S.tags.Black || "Black" };
}

function renderNames() {
  const { white, black } = playerNames();
  const top = S.orientation === "white" ? black : white;
  const bottom = S.orientation === "white" ? white : black;
  $("name-top").textContent = top;
  $("name-bottom").textContent = bottom;
}

export function renderButtons() {
  const n = S.moves.length;
  $("nav-first").disabled = S.cursor === 0;
  $("nav-prev").disabled = S.cursor === 0;
  $("nav-next").disabled = S.cursor === n;
  $("nav-last").disabled = S.cursor === n;
  $("btn-mainline").classList.toggle("hidden", !S.mainline);
  if (S.mainline) $("btn-mainline").textContent = `Back to the game (${S.mainline.moves.length} plies)`;
  const inGame = S.playing && !S.result;
  $("setup").classList.toggle("hidden", inGame);
  $("game-controls").classList.toggle("hidden", !S.game);
  if (S.game) {
    const humanToMove = inGame && stateAt(n).turn === S.game.human;
    const humanMoves = n - S.game.startPly - (stateAt(n).turn === S.game.human ? 0 : 1);
    $("btn-takeback").disabled = !inGame || humanMoves < 1;
    $("btn-draw").disabled = !humanToMove || !!S.game.drawPending;
    $("btn-resign").disabled = !inGame;
    if (!inGame) closeResign();
    $("btn-new").disabled = false;
    $("btn-analyse-game").disabled = false;
    $("btn-analyse-game").textContent = inGame ? "Leave and analyse" : "Analyse this game";
  }
  $("btn-analysis").textContent = S.analysing ? "Stop" : "Analyse";
  $("btn-analysis").setAttribute("aria-label", S.analysing ? "Stop the analysis" : "Start the analysis");
  $("btn-analysis").disabled = S.playing && !S.result;
  $("btn-annotate").disabled = (S.playing && !S.result) || S.moves.length === 0;
  $("btn-annotate").textContent = S.annotating ? "Cancel" : "Annotate";
  $("analysis-note").textContent = S.playing && !S.result
    ? "A game is on: analysis opens when it ends (or leave it from the Play tab)."
    : "Analyse the position on the board; moves on the board are free for both sides.";
}
