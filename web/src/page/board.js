// The board: chessgroundx (pychess.org's board, from the npm registry, bundled into
// page/vendor/ by web/build.sh) with the page's pieces (page/pieces/, see page/ART.md)
// and a makruk board of one colour with lines between the squares (style.css).
// Chessground gives moves by click and by drag, animation, premoves, the last move and
// check, coordinates, arrows and circles drawn with the right button, and a resize that
// follows the board's box. What is legal is the rules' (the hooks); what the board draws
// of the engine (its arrows) is set here as chessground's "auto shapes".
// Khun's web page. GPL-3.0-or-later, like the project.

import { Chessground } from "./vendor/chessgroundx.js";
import { pieceName, t } from "./i18n.js";

const FILES = "abcdefgh";

const ART = { k: "khun", m: "met", s: "khon", n: "ma", r: "rua", p: "bia", q: "met", b: "khon", a: "aiwok", f: "biangai" };

/** The pieces of a FEN's placement: {"e3": {letter:"P", white:true, promoted:false}, ...} */
export function placement(fen) {
  const out = {};
  const rows = fen.split(/\s+/)[0].split("/");
  rows.forEach((row, ri) => {
    let file = 0;
    let last = null;
    for (const c of row) {
      if (/\d/.test(c)) file += Number(c);
      else if (c === "~") { if (last) last.promoted = true; }
      else {
        const sq = FILES[file] + (8 - ri);
        last = { letter: c, white: c === c.toUpperCase(), promoted: false };
        out[sq] = last;
        file++;
      }
    }
  });
  return out;
}

/** The art of a piece ({letter, white, promoted}), for the page's own images (the promotion choice). */
export function pieceArt(p) {
  const kind = p.promoted ? "f" : p.letter.toLowerCase();
  return `page/pieces/${ART[kind] || "bia"}_${p.white ? "w" : "b"}.svg`;
}

/** A piece's name in the page's language ("White horse", "ม้าขาว"). */
export { pieceName };

/** A placement ({square: piece}) as a FEN's first field, promoted pawns marked `~` as chessground reads them. */
export function placementFen(pieces) {
  const rows = [];
  for (let r = 8; r >= 1; r--) {
    let row = "";
    let empty = 0;
    for (const f of FILES) {
      const p = pieces[f + r];
      if (!p) { empty++; continue; }
      if (empty) { row += empty; empty = 0; }
      row += p.letter + (p.promoted ? "~" : "");
    }
    rows.push(row + (empty ? empty : ""));
  }
  return rows.join("/");
}

// Where a piece could go on a later turn, for premoves: its pattern on the board as it
// is now, sliders through empty squares or up to a piece (a capture may come free by
// then, so a slider also reaches the first piece in its way). The rules check the
// premove when it is played, so a pattern too wide only lets a premove be refused,
// never played illegally; the Cambodian first moves are left out.
const STEPS = {
  king: [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]],
  ferz: [[1, 1], [1, -1], [-1, 1], [-1, -1]],
  knight: [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]],
  rook: [[1, 0], [-1, 0], [0, 1], [0, -1]],
};

function premoveDests(boardState, key) {
  const piece = boardState.pieces.get(key);
  if (!piece) return [];
  const fwd = piece.color === "white" ? 1 : -1;
  const letter = piece.role[0] === "p" && piece.role.length > 7 ? piece.role[1] : piece.role[0];
  const promoted = piece.promoted || piece.role.length > 7;
  const x = FILES.indexOf(key[0]);
  const y = Number(key[1]) - 1;
  const out = new Set();
  const at = (dx, dy) => {
    const nx = x + dx, ny = y + dy;
    return nx >= 0 && nx < 8 && ny >= 0 && ny < 8 ? FILES[nx] + (ny + 1) : null;
  };
  const steps = (list) => { for (const [dx, dy] of list) { const k = at(dx, dy); if (k) out.add(k); } };
  const slide = (list) => {
    for (const [dx, dy] of list) {
      for (let i = 1; i < 8; i++) {
        const k = at(dx * i, dy * i);
        if (!k) break;
        out.add(k);
        if (boardState.pieces.has(k)) break;
      }
    }
  };
  const kind = promoted ? "m" : letter;
  if (kind === "k") steps(STEPS.king);
  else if (kind === "m" || kind === "q" || kind === "f") steps(STEPS.ferz);
  else if (kind === "s" || kind === "b") { steps(STEPS.ferz); steps([[0, fwd]]); }
  else if (kind === "n") steps(STEPS.knight);
  else if (kind === "r") slide(STEPS.rook);
  else if (kind === "a") { slide(STEPS.rook); steps(STEPS.knight); steps(STEPS.ferz); }
  else if (kind === "p") steps([[0, fwd], [1, fwd], [-1, fwd]]);
  return [...out];
}

export class Board {
  /**
   * element: the board's <div>; hooks: {
   *   move(from, to): a move made by click, drag or a premove played (its squares among
   *     the dests the board was given) }
   */
  constructor(element, hooks) {
    this.element = element;
    this.hooks = hooks;
    this.orientation = "white";
    this.shownFen = null;
    this.arrows = [];
    this.cg = Chessground(element, {
      orientation: "white",
      coordinates: true,
      dimensions: { width: 8, height: 8 },
      animation: { enabled: true, duration: 180 },
      highlight: { lastMove: true, check: true },
      // The editor's moves are its own (`edit`): only a game's move goes to the page.
      movable: { free: false, color: undefined, showDests: true, events: { after: (from, to) => { if (!this.editing) this.hooks.move(from, to); } } },
      premovable: { enabled: true, premoveFunc: premoveDests, castle: false },
      draggable: { enabled: true, showGhost: true },
      selectable: { enabled: true },
      drawable: {
        enabled: true,
        visible: true,
        eraseOnClick: true,
        // The engine's lines: its best move, the next lines, a move played (the review).
        brushes: {
          best: { key: "kb", color: "#15781B", opacity: 0.8, lineWidth: 12 },
          second: { key: "ks", color: "#1f5fbf", opacity: 0.6, lineWidth: 10 },
          played: { key: "kp", color: "#b43c00", opacity: 0.6, lineWidth: 10 },
        },
      },
      disableContextMenu: true,
    });
    element.setAttribute("role", "img");
    // Chessground keeps the board's place on the screen until a scroll or a resize; the
    // page's text above the board can change its height (the language, a status line)
    // and move the board without either. Each press reads the place again, before
    // chessground's own handlers (capture), so a click lands on the square under it.
    for (const type of ["mousedown", "touchstart"]) {
      element.addEventListener(type, () => this.cg.state.dom.bounds.clear(), { capture: true, passive: true });
    }
  }

  setOrientation(o) {
    if (o === this.orientation) return;
    this.orientation = o;
    this.cg.set({ orientation: o });
    this.element.dataset.orientation = o;
  }

  /**
   * Thai coordinates (files ก ข ค ง จ ฉ ช ญ, ranks ๑ to ๘, as Thai notation names the
   * squares) or the usual a-h, 1-8.
   */
  setThaiCoordinates(thai) {
    if (thai === !!this.thaiCoordinates) return;
    this.thaiCoordinates = thai;
    // chessgroundx's Notation: ALGEBRAIC 0, THAI_ALGEBRAIC 7; its coordinates are drawn anew.
    this.cg.set({ notation: thai ? 7 : 0 });
    this.cg.redrawAll();
  }

  /** Shades the ranks where a pawn becomes a met (makruk's third and sixth). */
  setPromotionRanks(ranks) {
    this.element.classList.toggle("promo-ranks", ranks.length > 0);
  }

  /**
   * fen; promoted: squares whose met is a promoted pawn; lastMove: [from, to] | null;
   * check: the king's square | null; arrows: [{from, to, kind}]; turn: "white"|"black";
   * movable: the colour whose pieces the player moves now ("white", "black", "both"
   * on a free board, null: none); dests: Map(from -> [to]) of its legal moves;
   * premove: the colour the player may premove for while the other side thinks, or null.
   */
  set(args) {
    this.lastSet = args;
    if (!this.editing) this.show(args);
  }

  show({ fen, promoted = null, lastMove = null, check = null, arrows = [], turn = "white", movable = null, dests = new Map(), premove = null }) {
    const pieces = placement(fen);
    if (promoted) {
      for (const sq of promoted) {
        const p = pieces[sq];
        if (p && p.letter.toLowerCase() === "m") p.promoted = true;
      }
    }
    const shown = placementFen(pieces);
    const config = {
      turnColor: turn,
      lastMove: lastMove || undefined,
      check: check ? [check] : false,
      movable: { free: false, color: movable || premove || undefined, dests },
      draggable: { deleteOnDropOff: false },
      premovable: { enabled: !!premove },
    };
    // The position only when it changed: a new one clears the arrows and circles the
    // player drew, and animates the pieces from where they stood.
    if (shown !== this.shownFen) {
      config.fen = shown;
      this.shownFen = shown;
    }
    if (!premove && !movable && this.cg.state.premovable.current) this.cg.cancelPremove();
    this.cg.set(config);
    this.element.dataset.fen = fen;
    this.element.setAttribute("aria-label", t("board.pieces", {
      pieces: Object.entries(pieces).map(([sq, p]) => `${pieceName(p)} ${sq}`).join(", "),
    }));
    this.setArrows(arrows);
    // A premove waiting for this turn is played now (after this render: its move
    // renders again).
    if (movable && movable === turn && this.cg.state.premovable.current) {
      setTimeout(() => this.cg.playPremove(), 0);
    }
  }

  setArrows(arrows) {
    this.arrows = arrows;
    this.cg.setAutoShapes(arrows.map((a) => ({ orig: a.from, dest: a.to, brush: a.kind || "best" })));
  }

  /** The square selected, or none (null). */
  select(sq) {
    if (sq) this.cg.selectSquare(sq);
    else this.cg.unselect();
  }

  /**
   * The board editor's mode: pieces move anywhere, off the board to remove them, and
   * `onChange(placement)` hears each change (the placement as a FEN's first field,
   * promoted pawns `~`); `onSquare(square)`, each square clicked (to put a chosen piece
   * there). The page's own positions wait until `endEdit()`.
   */
  edit(placementField, { onChange, onSquare }) {
    this.editing = { onChange, onSquare };
    this.shownFen = placementField;
    this.cg.set({
      fen: placementField,
      lastMove: undefined,
      check: false,
      movable: { free: true, color: "both", dests: undefined },
      premovable: { enabled: false },
      draggable: { deleteOnDropOff: true },
      events: {
        change: () => this.editing && this.editing.onChange(this.placement()),
        select: (key) => this.editing && this.editing.onSquare(key),
      },
    });
    this.cg.setAutoShapes([]);
  }

  /** The placement on the board (the editor's), as a FEN's first field. */
  placement() {
    return this.cg.getFen().split(/\s/)[0];
  }

  /** Puts a piece ({letter, promoted}) on a square, or takes it off (null), in the editor. */
  putPiece(square, piece) {
    const diff = new Map();
    diff.set(square, piece ? {
      role: `${piece.letter.toLowerCase()}-piece`,
      color: piece.letter === piece.letter.toUpperCase() ? "white" : "black",
      promoted: !!piece.promoted,
    } : undefined);
    this.cg.setPieces(diff);
    this.cg.unselect();
    if (this.editing) this.editing.onChange(this.placement());
  }

  /** Drags a new piece from the editor's palette (a pointer event on it). */
  dragNewPiece(piece, event) {
    this.cg.state.dom.bounds.clear(); // the board's place read again, as for a press on it
    this.cg.dragNewPiece({
      role: `${piece.letter.toLowerCase()}-piece`,
      color: piece.letter === piece.letter.toUpperCase() ? "white" : "black",
      promoted: !!piece.promoted,
    }, false, event, true);
  }

  /** Back from the editor: the page's position as it was last set. */
  endEdit() {
    if (!this.editing) return;
    this.editing = null;
    this.shownFen = null;
    if (this.lastSet) this.show(this.lastSet);
  }

  /**
   * The page's position drawn again as it was last set: after chessground moved a piece
   * the page did not take (a promotion's choice cancelled, a move refused), which a
   * `set` of the same position would leave where chessground put it.
   */
  redraw() {
    this.shownFen = null;
    if (this.lastSet && !this.editing) this.show(this.lastSet);
  }

  /** The premove set, as [from, to], or null. */
  premove() {
    return this.cg.state.premovable.current || null;
  }

  cancelPremove() {
    this.cg.cancelPremove();
  }
}
