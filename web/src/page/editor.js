// The board editor (the Editor tab): a position set up by hand, with its side to move and
// the count's fields, checked by the rules as it is made, then played or analysed.
// Pieces are dragged on the board, off it to remove them, or from the palette; or a
// palette piece is chosen and put on each square clicked (the eraser takes them off).
// Khun's web page. GPL-3.0-or-later, like the project.

import { $, TITLES, say } from "./util.js";
import { store } from "./store.js";
import { variantInfo, readLine, playersCountable } from "./position.js";
import { board } from "./moves.js";
import { pieceArt, pieceName, placement } from "./board.js";
import { startAnalysis, stopAnalysis } from "./analysis.js";
import { t, onLanguageChange, refusalText, countNumber } from "./i18n.js";
import { boardPart } from "./drops.js";

/** Whether the game's men start in hand (sittuyin). */
const hasHand = (variant) => !!variantInfo(store.state, variant).drops;

/** The pieces of a game for its palette: the letters of its start position, and a promoted pawn where a pawn becomes a met. */
function paletteOf(variant) {
  const start = variantInfo(store.state, variant).startFen.split(/\s+/)[0];
  const letters = [...new Set(start.replace(/[^A-Za-z]/g, "").toUpperCase())];
  const order = "KMFQASBNRP";
  letters.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const out = [];
  for (const white of [true, false]) {
    for (const l of letters) out.push({ letter: white ? l : l.toLowerCase(), promoted: false });
    // A pawn that becomes a met (makruk's; not ASEAN's, which becomes what it chooses): a promoted pawn of its own.
    const v = variantInfo(store.state, variant);
    if (v.promotesTo && v.promotesTo.length === 1 && v.promotesTo[0] === "M") out.push({ letter: white ? "M" : "m", promoted: true });
  }
  return out;
}

/** The FEN the editor's fields make. */
export function editorFen() {
  const side = $("editor-side").value === "black" ? "b" : "w";
  const limit = Number($("editor-count-limit").value) || 0;
  const ply = Number($("editor-count-ply").value) || 0;
  const move = Math.max(1, Number($("editor-move").value) || 1);
  // A count runs where its limit is given; none: `- 0`, as Fairy-Stockfish writes it.
  const count = limit > 0 ? `${limit} ${ply}` : "- 0";
  const E = store.state.editor;
  const hand = E.hand !== null ? `[${E.hand}]` : "";
  return `${E.placement}${hand} ${side} - ${count} ${move}`;
}

/**
 * The editor's fields from a FEN (as typed or pasted in its FEN box): placement, side,
 * castling (`-`), the count's limit (`-` or 0: none) and ply, the move number; the short
 * form `placement w 0 1` has no count.
 */
function readFen(fen) {
  const E = store.state.editor;
  const f = fen.trim().split(/\s+/);
  const hand = /\[([^\]]*)\]/.exec(f[0]);
  store.act("editorSet", { placement: boardPart(f[0]), hand: hasHand(E.variant) ? (hand ? hand[1] : "") : null });
  $("editor-hand").value = E.hand || "";
  $("editor-side").value = f[1] === "b" ? "black" : "white";
  const counted = f.length >= 6;
  const limit = counted ? Number(f[3]) || 0 : 0;
  $("editor-count-limit").value = limit > 0 ? String(limit) : "";
  $("editor-count-ply").value = String(counted && limit > 0 ? Number(f[4]) || 0 : 0);
  $("editor-move").value = String(Number(f[f.length - 1]) || 1);
}

/** The rules' word on the editor's position: null where it is one the games can reach, else why not. */
function check() {
  const fen = editorFen();
  $("editor-fen").value = fen;
  // The rules' check: a FEN they refuse, or count fields no game can reach (a limit the
  // game has not, a count past its end, a count with pawns on the board), each said.
  let problems = [];
  try {
    const checked = store.state.rules.checkFen(store.state.editor.variant, fen);
    problems = checked.valid ? [] : checked.problems;
  } catch (e) {
    problems = [e];
  }
  const error = problems.length ? [...new Set(problems.map(refusalText))].join(" ") : null;
  $("editor-error").textContent = error ? t("editor.invalid", { error }) : "";
  $("editor-error").dataset.valid = error ? "0" : "1";
  $("btn-editor-play").disabled = !!error;
  $("btn-editor-analyse").disabled = !!error;
  // Under players' counting, a board's honour the fields set running is counted on automatically.
  const count = error ? null : playersBoardCount(fen);
  const note = count && count.ply > 0 ? t("editor.countAutomatic", { number: countNumber(count.number), of: countNumber(count.of) }) : "";
  $("editor-note").textContent = note;
  $("editor-note").classList.toggle("hidden", !note);
  return error;
}

/**
 * The board's honour that the count fields of `fen` set, where the Counting setting is
 * players' counting (in a game that has it): the rules' count of the FEN as the automatic
 * count reads it; null where the fields set none, or the piece's honour (automatic under
 * players' counting too). Players' counting starts the board's honour from 1 at a ply
 * of the game (pyffish's count_started) and counts it from there: the side to move
 * starts one at 0 counted plies; a count already under way is not one they started.
 */
function playersBoardCount(fen) {
  const S = store.state;
  const variant = S.editor.variant;
  if ($("counting").value !== "players" || !playersCountable(S, variant)) return null;
  try {
    const c = S.rules.state(variant, fen, [], { countStarted: 0 }).count;
    return c && c.honour === "board" ? c : null;
  } catch {
    return null;
  }
}

function renderPalette() {
  const E = store.state.editor;
  const box = $("editor-palette");
  box.replaceChildren();
  const add = (piece, label, art) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "palette-piece";
    b.dataset.piece = piece ? piece.letter + (piece.promoted ? "~" : "") : "";
    b.setAttribute("aria-pressed", String(E.brush === b.dataset.piece));
    b.setAttribute("aria-label", label);
    b.title = label;
    if (art) {
      const img = document.createElement("img");
      img.src = art;
      img.alt = "";
      b.appendChild(img);
    } else b.textContent = "✕";
    b.addEventListener("click", () => {
      store.act("editorBrush", E.brush === b.dataset.piece ? null : b.dataset.piece);
      renderPalette();
    });
    // Pressed and moved out of the button: dragged onto the board, as lichess's editor
    // does; a press and release on the button chooses it (above).
    let pressed = false;
    b.addEventListener("pointerdown", (e) => { pressed = !!piece && e.button === 0; });
    b.addEventListener("pointerup", () => { pressed = false; });
    b.addEventListener("pointerleave", (e) => {
      if (!pressed || !(e.buttons & 1)) return;
      pressed = false;
      board.dragNewPiece(piece, e);
    });
    box.appendChild(b);
  };
  for (const p of paletteOf(E.variant)) {
    add(p, t("editor.put", { piece: pieceName({ ...p, white: p.letter === p.letter.toUpperCase() }) }),
      pieceArt({ ...p, white: p.letter === p.letter.toUpperCase() }));
  }
  add(null, t("editor.eraser"), null);
}

/** Puts the chosen palette piece (or nothing, with the eraser) on a clicked square. */
function onSquare(square) {
  const E = store.state.editor;
  if (E.brush === null) return;
  const here = placement(board.placement() + " w")[square];
  const piece = E.brush === "" ? null : { letter: E.brush[0], promoted: E.brush.endsWith("~") };
  const same = here && piece && here.letter === piece.letter && here.promoted === piece.promoted;
  board.putPiece(square, same ? null : piece);
}

/** The board in the editor's mode on the editor's placement. */
function editOnBoard() {
  board.edit(store.state.editor.placement, {
    onChange: (placementField) => { store.act("editorSet", { placement: placementField }); check(); },
    onSquare,
  });
}

/** Opens the editor on the position on the board (or on a game's start, for another game). */
function openEditor() {
  const S = store.state;
  stopAnalysis(false);
  const inGame = S.playing && !S.result;
  $("editor-game-note").classList.toggle("hidden", !inGame);
  $("editor-body").classList.toggle("hidden", inGame);
  if (inGame) return;
  store.act("editorSet", { variant: S.variant, brush: null });
  $("editor-game").textContent = TITLES[S.variant];
  $("editor-hand-label").classList.toggle("hidden", !hasHand(S.variant));
  const st = S.rules.state(S.variant, S.startFen, S.moves.slice(0, S.cursor));
  readFen(st.fen);
  // The board's own placement, with its promoted pawns (which the rules' FEN writes as mets).
  if (board.shownFen) store.act("editorSet", { placement: board.shownFen });
  editOnBoard();
  renderPalette();
  check();
}

/** Leaves the editor: the board shows the page's position again. */
function closeEditor() {
  board.endEdit();
}

// The Editor tab chosen opens the editor; another tab closes it.
store.on("selectTab", (name) => {
  if (name === "editor") { if (!board.editing) openEditor(); } else if (board.editing) closeEditor();
});

/**
 * The editor's position becomes the board's line (under the Counting setting): a new
 * line, with nothing of the game or the result before it.
 */
function takePosition() {
  const fen = editorFen();
  const S = store.state;
  // A board's honour set in the count fields, as players count: at 0 counted plies the
  // side to move starts it here (as Count would); under way, it goes on as the automatic
  // count (the editor's note said so), the Counting setting with it.
  let counting = $("counting").value;
  let log = [];
  const count = playersBoardCount(fen);
  if (count && count.ply > 0) {
    counting = "automatic";
    say(() => t("count.nowAutomatic"));
  } else if (count) log = [{ ply: 0, action: "start" }];
  const line = readLine(S, S.editor.variant, fen, [], counting, log);
  board.endEdit();
  store.act("showLine", line);
  return fen;
}

export function wireEditor() {
  // A switch of language while editing: the palette's names and the rules' word again.
  onLanguageChange(() => { if (board.editing) { renderPalette(); check(); } });
  for (const id of ["editor-side", "editor-count-limit", "editor-count-ply", "editor-move"]) {
    $(id).addEventListener("input", check);
  }
  // The Counting setting (the Play tab's) decides how the count fields are taken.
  $("counting").addEventListener("change", () => { if (board.editing) check(); });
  $("editor-fen").addEventListener("change", () => {
    readFen($("editor-fen").value);
    editOnBoard();
    check();
  });
  $("btn-editor-start").addEventListener("click", () => {
    readFen(variantInfo(store.state, store.state.editor.variant).startFen);
    editOnBoard();
    check();
  });
  $("editor-hand").addEventListener("input", () => {
    // Letters only: the rules say which men a hand may hold.
    store.act("editorSet", { hand: $("editor-hand").value.replace(/[^A-Za-z]/g, "") });
    check();
  });
  $("btn-editor-clear").addEventListener("click", () => {
    const E = store.state.editor;
    store.act("editorSet", { placement: "8/8/8/8/8/8/8/8" });
    if (E.hand !== null) { store.act("editorSet", { hand: "" }); $("editor-hand").value = ""; }
    editOnBoard();
    $("editor-count-limit").value = "";
    $("editor-count-ply").value = "0";
    check();
  });
  $("btn-editor-play").addEventListener("click", () => {
    if (check()) return;
    const variant = store.state.editor.variant;
    const fen = takePosition();
    $("variant").value = variant;
    $("fen-input").value = fen;
    store.act("selectTab", "play");
  });
  $("btn-editor-analyse").addEventListener("click", () => {
    if (check()) return;
    takePosition();
    store.act("selectTab", "analysis");
    startAnalysis();
  });
}
