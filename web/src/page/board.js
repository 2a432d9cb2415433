// The board: chessgroundx (pychess.org's board, from the npm registry, bundled into
// page/vendor/ by web/build.sh) with the page's pieces (page/pieces/, see page/ART.md)
// and a makruk board of one colour with lines between the squares (style.css).
// Chessground gives moves by click and by drag, animation, premoves, the last move and
// check, coordinates, arrows and circles drawn with the right button, and a resize that
// follows the board's box. What is legal is the rules' (the hooks); what the board draws
// of the engine (its arrows) is set here as chessground's "auto shapes".
// Khun's web page. GPL-3.0-or-later, like the project.

import { Chessground } from "./vendor/chessgroundx.js";
import { pieceName, sideName, t } from "./i18n.js";
import { handOf, handSize, setUpSquares } from "./drops.js";
import { FILES, placement, placementFen } from "./placement.js";


// Sittuyin's F (its general, a met by its move) is drawn as the met; a promoted pawn
// (makruk's bia ngai, `promoted`) as the pawn turned over.
const ART = { k: "khun", m: "met", s: "khon", n: "ma", r: "rua", p: "bia", q: "met", b: "khon", a: "aiwok", f: "met", promoted: "biangai" };

export { placement, placementFen } from "./placement.js";

/** The art of a piece ({letter, white, promoted}), for the page's own images (the promotion choice). */
export function pieceArt(p) {
  const kind = p.promoted ? "promoted" : p.letter.toLowerCase();
  return `page/pieces/${ART[kind] || "bia"}_${p.white ? "w" : "b"}.svg`;
}

/** A piece's name in the page's language ("White horse", "ม้าขาว"). */
export { pieceName };


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

const roleOf = (letter) => `${letter.toLowerCase()}-piece`;
const isPiece = (sel) => !!sel && typeof sel === "object";
const samePiece = (a, b) => isPiece(a) && isPiece(b) && a.role === b.role && a.color === b.color;

/** Where a mouse or touch event is on the screen: [x, y], or null. */
function eventPoint(e) {
  const t = (e.changedTouches && e.changedTouches[0]) || (e.touches && e.touches[0]) || e;
  return typeof t.clientX === "number" ? [t.clientX, t.clientY] : null;
}

export class Board {
  /**
   * element: the board's <div>; hooks: {
   *   move(from, to): a move made by click, drag or a premove played (its squares among
   *     the dests the board was given),
   *   drop(letter, to): a man dropped from the hand (its upper-case letter) by click, drag
   *     or a predrop played,
   *   promoteInPlace(square): the selected pawn clicked again, where it may promote in place };
   * hands: {top, bottom}, the elements that show each side's men in hand (sittuyin).
   */
  constructor(element, hooks, hands = {}) {
    this.element = element;
    this.hooks = hooks;
    this.hands = hands;
    this.orientation = "white";
    this.shownFen = null;
    this.arrows = [];
    this.inPlace = new Set();
    this.hand = null;
    this.cg = Chessground(element, {
      orientation: "white",
      coordinates: true,
      dimensions: { width: 8, height: 8 },
      animation: { enabled: true, duration: 180 },
      highlight: { lastMove: true, check: true },
      // The editor's moves are its own (`edit`): only a game's move goes to the page.
      movable: {
        free: false, color: undefined, showDests: true,
        events: {
          after: (from, to) => { if (!this.editing) this.hooks.move(from, to); },
          afterNewPiece: (piece, to) => { if (!this.editing) this.hooks.drop(piece.role[0].toUpperCase(), to); },
        },
      },
      premovable: {
        enabled: true, premoveFunc: premoveDests, castle: false,
        predropFunc: (boardState, piece) => setUpSquares(piece.role[0], piece.color === "white", (sq) => boardState.pieces.has(sq)),
      },
      draggable: { enabled: true, showGhost: true },
      selectable: { enabled: true },
      drawable: {
        enabled: true,
        visible: true,
        eraseOnClick: true,
        // The engine's lines: its best move, the next lines, a move played (the review), a threat.
        brushes: {
          best: { key: "kb", color: "#15781B", opacity: 0.8, lineWidth: 12 },
          second: { key: "ks", color: "#1f5fbf", opacity: 0.6, lineWidth: 10 },
          played: { key: "kp", color: "#b43c00", opacity: 0.6, lineWidth: 10 },
          // The analysis's threat: the other side's best move, were it its turn.
          threat: { key: "kt", color: "#d0021b", opacity: 0.7, lineWidth: 10 },
        },
      },
      disableContextMenu: true,
      // The editor's changes and squares clicked (its palette's piece put there).
      events: {
        change: () => this.editing && this.editing.onChange(this.placement()),
        select: (key) => this.editing && this.editing.onSquare(key),
      },
    });
    element.setAttribute("role", "img");
    // Chessground keeps the board's place on the screen until a scroll or a resize; the
    // page's text above the board can change its height (the language, a status line)
    // and move the board without either. Each press reads the place again, before
    // chessground's own handlers (capture), so a click lands on the square under it.
    // A press on the selected pawn where it may promote in place is noted: released on
    // the same square (a second click on it, or a double click), it asks to promote.
    for (const type of ["mousedown", "touchstart"]) {
      element.addEventListener(type, (e) => {
        this.cg.state.dom.bounds.clear();
        const key = this.keyAt(e);
        const selected = this.cg.state.selectable.selected;
        this.pressedInPlace = !this.editing && key && selected === key && this.inPlace.has(key) ? key : null;
      }, { capture: true, passive: true });
    }
    // After chessground's own handlers (bound to the document before these): the
    // promotion in place, and the hands' marks of the man chosen, which a click anywhere
    // can change.
    for (const type of ["mouseup", "touchend"]) {
      document.addEventListener(type, (e) => {
        const key = this.pressedInPlace;
        this.pressedInPlace = null;
        const released = key ? this.keyAt(e) : null;
        setTimeout(() => {
          if (this.handAgain) {
            // The man chosen pressed again and not dropped: the choice is taken back.
            this.handAgain = false;
            if (samePiece(this.cg.state.selectable.selected, this.handPressed)) this.cg.selectPocket(null);
          }
          this.renderHandMarks();
          if (key && released === key && !this.editing) this.hooks.promoteInPlace(key);
        }, 0);
      });
    }
  }

  /** The square under a mouse or touch event, or null. */
  keyAt(e) {
    const point = eventPoint(e);
    return point ? this.cg.getKeyAtDomPos(point) || null : null;
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

  /**
   * Marks where a pawn promotes: makruk's third and sixth ranks shaded (`ranks`), or
   * sittuyin's two long diagonals drawn (`diagonals`), as its boards draw them.
   */
  setPromotionRanks(ranks, diagonals = false) {
    this.element.classList.toggle("promo-ranks", ranks.length > 0);
    this.element.classList.toggle("promo-diagonals", diagonals);
  }

  /**
   * fen (with its hand, `[...]`, in sittuyin); promoted: squares whose met is a promoted
   * pawn; lastMove: [from, to], [square] (a drop, a promotion in place) or null; drop: the
   * last move's man from the hand ({letter, white}) or null; check: the king's square |
   * null; arrows: [{from, to, kind, drop}]; turn: "white"|"black"; movable: the colour
   * whose pieces the player moves now ("white", "black", "both" on a free board, null:
   * none); dests: Map(from or "R@" for a man in hand -> [to]) of its legal moves; inPlace:
   * the squares whose pawn may promote where it stands; premove: the colour the player
   * may premove for while the other side thinks, or null; handLetters: the men a hand
   * holds at the game's start, in order (a slot each, shown empty once dropped).
   */
  set(args) {
    this.lastSet = args;
    if (!this.editing) this.show(args);
  }

  show({
    fen, promoted = null, lastMove = null, drop = null, check = null, arrows = [], turn = "white", movable = null,
    dests = new Map(), inPlace = [], premove = null, handLetters = [],
  }) {
    const pieces = placement(fen);
    if (promoted) {
      for (const sq of promoted) {
        const p = pieces[sq];
        if (p && p.letter.toLowerCase() === "m") p.promoted = true;
      }
    }
    const shown = placementFen(pieces);
    const handField = /\[[^\]]*\]/.exec(String(fen).split(/\s+/)[0]);
    const hand = handField ? handField[0] : null;
    const before = this.hand;
    this.hand = handOf(fen);
    this.handLetters = [...handLetters];
    for (const side of this.hand ? [this.hand.white, this.hand.black] : []) {
      for (const x of side) if (!this.handLetters.includes(x.letter)) this.handLetters.push(x.letter);
    }
    this.handMovable = movable;
    this.handPremove = premove;
    this.inPlace = new Set(inPlace);
    // A pawn that may promote where it stands has its own square among its dests: the
    // board marks it (a ring on the pawn), and a second click on it asks (pressedInPlace).
    const allDests = new Map(dests);
    for (const sq of this.inPlace) allDests.set(sq, [...(allDests.get(sq) || []), sq]);
    const roles = this.handLetters.map(roleOf);
    const config = {
      turnColor: turn,
      lastMove: lastMove || undefined,
      check: check ? [check] : false,
      movable: { free: false, color: movable || premove || undefined, dests: allDests },
      draggable: { deleteOnDropOff: false },
      premovable: { enabled: !!premove },
      // Chessground keeps the men in hand (its pockets, read from the FEN's `[...]`) to
      // drop them; the page draws them itself (renderHands), since chessground's own
      // pockets set inline styles, which the page's Content-Security-Policy refuses.
      pocketRoles: hand !== null ? { white: roles, black: roles } : undefined,
    };
    // The position only when it changed: a new one clears the arrows and circles the
    // player drew, and animates the pieces from where they stood.
    if (shown !== this.shownFen || hand !== this.shownHand) {
      config.fen = shown + (hand || "");
      this.shownFen = shown;
      this.shownHand = hand;
    } else drop = null; // the same position drawn again: nothing arrives
    // A man the player dropped is on its square already (chessground put it there): only
    // one that arrives from elsewhere (Khun's, a step through the moves) flies there.
    const to = lastMove ? lastMove[lastMove.length - 1] : null;
    const there = drop && to ? this.cg.state.boardState.pieces.get(to) : null;
    if (there && there.role === roleOf(drop.letter) && there.color === (drop.white ? "white" : "black")) drop = null;
    if (!premove && !movable && this.cg.state.premovable.current) this.cg.cancelPremove();
    this.cg.set(config);
    this.element.dataset.fen = fen;
    this.element.setAttribute("aria-label", t("board.pieces", {
      pieces: Object.entries(pieces).map(([sq, p]) => `${pieceName(p)} ${sq}`).join(", "),
    }));
    this.setArrows(arrows);
    this.renderHands();
    if (drop && to && before) this.flyFromHand(drop, to, before);
    // A premove waiting for this turn is played now (after this render: its move
    // renders again).
    if (movable && movable === turn && this.cg.state.premovable.current) {
      setTimeout(() => this.cg.playPremove(), 0);
    }
  }

  /**
   * Each side's men in hand, beside the board (the player at the bottom's below it): a
   * button per man with its count, pressed to choose it (then a square clicked drops it)
   * or dragged onto the board. Hidden where the game has no hand or both hands are empty.
   */
  renderHands() {
    const hand = this.editing ? null : this.hand;
    const empty = handSize(hand) === 0;
    // Made anew only when what they show changed, so a man keeps the keyboard's focus.
    const shown = JSON.stringify([hand, this.handLetters, this.orientation, t("hand.label", { Side: "" })]);
    if (shown === this.handsShown) { this.renderHandMarks(); return; }
    this.handsShown = shown;
    for (const pos of ["top", "bottom"]) {
      const box = this.hands[pos];
      if (!box) continue;
      box.classList.toggle("hidden", empty);
      box.replaceChildren();
      if (empty) { delete box.dataset.color; continue; }
      const color = (pos === "bottom") === (this.orientation === "white") ? "white" : "black";
      const white = color === "white";
      box.dataset.color = color;
      box.setAttribute("aria-label", t("hand.label", { Side: sideName(color, true) }));
      for (const letter of this.handLetters) {
        const held = hand[color].find((x) => x.letter === letter);
        const count = held ? held.count : 0;
        const piece = { letter: white ? letter : letter.toLowerCase(), white, promoted: false };
        const b = document.createElement("button");
        b.type = "button";
        b.className = "hand-piece";
        b.dataset.role = roleOf(letter);
        b.dataset.color = color;
        b.dataset.nb = String(count); // chessground reads it where a drag ends: a click keeps the choice
        b.dataset.letter = piece.letter;
        b.disabled = count === 0;
        const label = t("hand.piece", { piece: pieceName(piece), n: count });
        b.setAttribute("aria-label", label);
        b.title = label;
        const img = document.createElement("img");
        img.src = pieceArt(piece);
        img.alt = "";
        const n = document.createElement("span");
        n.className = "hand-count";
        n.textContent = String(count);
        b.append(img, n);
        const press = (e) => this.pressHand(e, { role: roleOf(letter), color }, count);
        b.addEventListener("mousedown", press);
        b.addEventListener("touchstart", press, { passive: false });
        // From the keyboard (Enter, Space: a click with no pointer) the man is chosen or
        // let go; the move box takes a drop typed (R@a1) too.
        b.addEventListener("click", (e) => {
          if (e.detail !== 0) return;
          const piece = { role: roleOf(letter), color };
          this.cg.selectPocket(samePiece(this.cg.state.selectable.selected, piece) ? null : piece);
          this.renderHandMarks();
        });
        box.appendChild(b);
      }
    }
    this.renderHandMarks();
  }

  /** A press on a man in hand: it is chosen (its squares marked) and follows the pointer until let go. */
  pressHand(e, piece, count) {
    if (this.editing || !count) return;
    if (e.button !== undefined && e.button !== 0) return;
    if (e.touches && e.touches.length > 1) return;
    if (e.cancelable !== false) e.preventDefault();
    const cg = this.cg;
    cg.state.dom.bounds.clear(); // the board's place read again, as for a press on it
    const again = samePiece(cg.state.selectable.selected, piece);
    cg.selectPocket(piece);
    if (samePiece(cg.state.selectable.selected, piece)) {
      this.handAgain = again;
      this.handPressed = piece;
      cg.dragNewPiece(piece, true, e);
    }
    this.renderHandMarks();
  }

  /** The hands' marks: the man chosen, the man a predrop will drop, whose hand may be used now. */
  renderHandMarks() {
    const selected = this.cg.state.selectable.selected;
    const pre = this.cg.state.premovable.current;
    for (const box of [this.hands.top, this.hands.bottom]) {
      if (!box) continue;
      for (const b of box.querySelectorAll(".hand-piece")) {
        const color = b.dataset.color;
        const mine = this.handMovable === "both" || this.handMovable === color || this.handPremove === color;
        b.classList.toggle("usable", mine && b.dataset.nb !== "0");
        const chosen = samePiece(selected, { role: b.dataset.role, color }) && this.cg.state.selectable.fromPocket;
        b.classList.toggle("selected", !!chosen);
        b.setAttribute("aria-pressed", String(!!chosen));
        b.classList.toggle("premove", !!pre && pre[0] === `${b.dataset.role[0].toUpperCase()}@` && this.handPremove === color);
      }
    }
  }

  /**
   * A man dropped from the hand (`drop`: {letter, white}) flies from its place in the hand
   * (as it was, `before`) to its square, as a move from one square to another animates.
   */
  flyFromHand(drop, to, before) {
    if (!this.cg.state.animation.enabled || typeof Element.prototype.animate !== "function") return;
    const color = drop.white ? "white" : "black";
    const held = before[color].find((x) => x.letter === drop.letter.toUpperCase());
    if (!held) return; // not from the hand as it was drawn (a jump through the moves)
    const slot = [this.hands.top, this.hands.bottom].map((box) => box && box.dataset.color === color
      ? box.querySelector(`.hand-piece[data-role="${roleOf(drop.letter)}"]`) : null).find(Boolean);
    if (!slot) return;
    const a = slot.getBoundingClientRect();
    if (!a.width) return;
    // Chessground draws the new position on the next animation frame: the piece is there then.
    requestAnimationFrame(() => {
      const target = [...this.element.querySelectorAll("cg-board piece")].find((e) => e.cgKey === to && !e.classList.contains("ghost"));
      if (target) this.flyPiece(target, a);
    });
  }

  /** The piece element `target` flown from the box `a` (a DOMRect) to where it stands. */
  flyPiece(target, a) {
    const b = target.getBoundingClientRect();
    if (!b.width) return;
    // The Web Animations API moves the piece itself, from the centre of its place in the
    // hand to its square's, with no inline style attribute (which the page's CSP refuses).
    const end = getComputedStyle(target).transform;
    const base = end === "none" ? "" : end;
    const dx = a.left + a.width / 2 - (b.left + b.width / 2);
    const dy = a.top + a.height / 2 - (b.top + b.height / 2);
    target.animate([
      { transform: `${base} translate(${dx}px, ${dy}px) scale(${a.width / b.width})`.trim() },
      { transform: base || "none" },
    ], { duration: 180, easing: "ease-out" });
  }

  setArrows(arrows) {
    this.arrows = arrows;
    const shapes = [];
    for (const a of arrows) {
      const brush = a.kind || "best";
      if (a.drop) {
        // A drop: a circle on its square, with the man drawn faintly in it.
        shapes.push({ orig: a.to, brush });
        shapes.push({ orig: a.to, brush, piece: { role: roleOf(a.drop.letter), color: a.drop.white ? "white" : "black", scale: 0.6 } });
      } else shapes.push({ orig: a.from, dest: a.from === a.to ? undefined : a.to, brush });
    }
    this.cg.setAutoShapes(shapes);
  }

  /** The square selected, or none (null). */
  select(sq) {
    if (sq) this.cg.selectSquare(sq);
    else this.cg.unselect();
    this.renderHandMarks();
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
    this.shownHand = null;
    this.cg.set({
      fen: placementField,
      pocketRoles: undefined, // the editor's hand is its own field (editor.js)
      lastMove: undefined,
      check: false,
      movable: { free: true, color: "both", dests: undefined },
      premovable: { enabled: false },
      draggable: { deleteOnDropOff: true },
    });
    this.cg.setAutoShapes([]);
    this.renderHands();
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
    this.shownHand = null;
    if (this.lastSet) this.show(this.lastSet);
  }

  /**
   * The page's position drawn again as it was last set: after chessground moved a piece
   * the page did not take (a promotion's choice cancelled, a move refused), which a
   * `set` of the same position would leave where chessground put it.
   */
  redraw() {
    this.shownFen = null;
    this.shownHand = null;
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
