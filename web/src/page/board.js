// The board: an SVG of our own (8x8 makruk board, unchecked squares), the pieces
// (page/pieces/, see page/ART.md), moves by click and by drag, dots on the legal
// destinations, the last move, check, and arrows.
// Khun's web page. GPL-3.0-or-later, like the project.

const NS = "http://www.w3.org/2000/svg";
const SIZE = 100; // one square in viewBox units
const FILES = "abcdefgh";

const ART = { k: "khun", m: "met", s: "khon", n: "ma", r: "rua", p: "bia", q: "met", b: "khon", a: "aiwok", f: "biangai" };
const NAMES = { k: "king", m: "met", s: "khon", n: "horse", r: "rook", p: "pawn", q: "met", b: "khon", a: "ai-wok", f: "promoted pawn" };

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

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

export function pieceArt(p) {
  const kind = p.promoted ? "f" : p.letter.toLowerCase();
  return `page/pieces/${ART[kind] || "bia"}_${p.white ? "w" : "b"}.svg`;
}

export function pieceName(p) {
  const kind = p.promoted ? "f" : p.letter.toLowerCase();
  return `${p.white ? "White" : "Black"} ${NAMES[kind] || kind}`;
}

export class Board {
  /**
   * svg: the <svg> element; hooks: {
   *   movable(square) -> bool: may a piece be picked up from here,
   *   dests(square) -> [squares]: where it may go,
   *   move(from, to): a move was made by click or drag (already among dests) }
   */
  constructor(svg, hooks) {
    this.svg = svg;
    this.hooks = hooks;
    this.orientation = "white";
    this.pieces = {};
    this.selected = null;
    this.lastMove = null;
    this.checkSquare = null;
    this.arrows = [];
    this.promotionRanks = [];
    this.drag = null;
    svg.setAttribute("viewBox", `0 0 ${8 * SIZE} ${8 * SIZE}`);
    svg.setAttribute("role", "img");
    this.layers = {};
    for (const name of ["squares", "marks", "pieces", "dots", "arrows", "drag"]) {
      this.layers[name] = el("g", { class: `layer-${name}` }, svg);
    }
    svg.addEventListener("pointerdown", (e) => this.onDown(e));
    svg.addEventListener("pointermove", (e) => this.onMove(e));
    svg.addEventListener("pointerup", (e) => this.onUp(e));
    svg.addEventListener("pointercancel", () => this.cancelDrag());
    svg.addEventListener("contextmenu", (e) => e.preventDefault());
    this.drawSquares();
  }

  xy(sq) {
    const f = FILES.indexOf(sq[0]);
    const r = Number(sq[1]) - 1;
    return this.orientation === "white"
      ? [f * SIZE, (7 - r) * SIZE]
      : [(7 - f) * SIZE, r * SIZE];
  }

  squareAt(clientX, clientY) {
    const pt = this.svg.createSVGPoint();
    pt.x = clientX;
    pt.y = clientY;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    let f = Math.floor(p.x / SIZE);
    let r = Math.floor(p.y / SIZE);
    if (f < 0 || f > 7 || r < 0 || r > 7) return null;
    if (this.orientation === "white") r = 7 - r;
    else f = 7 - f;
    return FILES[f] + (r + 1);
  }

  svgPoint(e) {
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    return pt.matrixTransform(this.svg.getScreenCTM().inverse());
  }

  drawSquares() {
    const g = this.layers.squares;
    g.replaceChildren();
    for (let r = 1; r <= 8; r++) {
      for (const f of FILES) {
        const sq = f + r;
        const [x, y] = this.xy(sq);
        const rect = el("rect", { x, y, width: SIZE, height: SIZE, class: "sq", "data-square": sq }, g);
        if (this.promotionRanks.includes(r)) rect.classList.add("promo-rank");
      }
    }
    // Grid lines: a makruk board is one colour with lines between the squares.
    for (let i = 0; i <= 8; i++) {
      el("line", { x1: i * SIZE, y1: 0, x2: i * SIZE, y2: 8 * SIZE, class: "grid" }, g);
      el("line", { x1: 0, y1: i * SIZE, x2: 8 * SIZE, y2: i * SIZE, class: "grid" }, g);
    }
    for (let i = 0; i < 8; i++) {
      const file = this.orientation === "white" ? FILES[i] : FILES[7 - i];
      const rank = this.orientation === "white" ? 8 - i : i + 1;
      el("text", { x: i * SIZE + SIZE - 6, y: 8 * SIZE - 6, class: "coord", "text-anchor": "end" }, g).textContent = file;
      el("text", { x: 5, y: i * SIZE + 20, class: "coord" }, g).textContent = rank;
    }
  }

  setOrientation(o) {
    if (o === this.orientation) return;
    this.orientation = o;
    this.drawSquares();
    this.render();
  }

  setPromotionRanks(ranks) {
    this.promotionRanks = ranks;
    this.drawSquares();
  }

  /** fen, promoted: squares whose met is a promoted pawn, lastMove: [from, to] | null, check: square | null, arrows: [{from, to, kind}] */
  set({ fen, promoted = null, lastMove = null, check = null, arrows = [] }) {
    this.fen = fen;
    this.pieces = placement(fen);
    if (promoted) {
      for (const sq of promoted) {
        const p = this.pieces[sq];
        if (p && p.letter.toLowerCase() === "m") p.promoted = true;
      }
    }
    this.lastMove = lastMove;
    this.checkSquare = check;
    this.arrows = arrows;
    this.svg.dataset.fen = fen;
    if (this.selected && !this.hooks.movable(this.selected)) this.selected = null;
    this.render();
  }

  setArrows(arrows) {
    this.arrows = arrows;
    this.renderArrows();
  }

  render() {
    const marks = this.layers.marks;
    marks.replaceChildren();
    const mark = (sq, cls) => {
      const [x, y] = this.xy(sq);
      el("rect", { x, y, width: SIZE, height: SIZE, class: cls }, marks);
    };
    if (this.lastMove) for (const sq of this.lastMove) mark(sq, "last-move");
    if (this.selected) mark(this.selected, "selected");
    if (this.checkSquare) {
      const [x, y] = this.xy(this.checkSquare);
      el("circle", { cx: x + SIZE / 2, cy: y + SIZE / 2, r: SIZE * 0.48, class: "check" }, marks);
    }
    const pieces = this.layers.pieces;
    pieces.replaceChildren();
    const names = [];
    for (const [sq, p] of Object.entries(this.pieces)) {
      const [x, y] = this.xy(sq);
      const img = el("image", {
        href: pieceArt(p), x: x + 3, y: y + 3, width: SIZE - 6, height: SIZE - 6,
        class: "pc", "data-square": sq, "data-piece": p.letter + (p.promoted ? "~" : ""),
      }, pieces);
      if (this.drag && this.drag.from === sq && this.drag.moved) img.classList.add("ghost");
      names.push(`${pieceName(p)} ${sq}`);
    }
    this.svg.setAttribute("aria-label", `Board, ${this.orientation} at the bottom: ${names.join(", ")}`);
    this.renderDots();
    this.renderArrows();
  }

  renderDots() {
    const dots = this.layers.dots;
    dots.replaceChildren();
    if (!this.selected) return;
    for (const to of this.hooks.dests(this.selected)) {
      const [x, y] = this.xy(to);
      const cls = this.pieces[to] ? "dest capture" : "dest";
      el("circle", {
        cx: x + SIZE / 2, cy: y + SIZE / 2, r: this.pieces[to] ? SIZE * 0.46 : SIZE * 0.14,
        class: cls, "data-dest": to,
      }, dots);
    }
  }

  renderArrows() {
    const g = this.layers.arrows;
    g.replaceChildren();
    for (const a of this.arrows) {
      const [x1, y1] = this.xy(a.from).map((v) => v + SIZE / 2);
      const [x2, y2] = this.xy(a.to).map((v) => v + SIZE / 2);
      const len = Math.hypot(x2 - x1, y2 - y1);
      if (!len) continue;
      const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
      const head = 34, w = 11, hw = 26;
      const bx = x2 - ux * head, by = y2 - uy * head;
      const px = -uy, py = ux;
      const sx = x1 + ux * 20, sy = y1 + uy * 20;
      const pts = [
        [sx + px * w / 2, sy + py * w / 2], [bx + px * w / 2, by + py * w / 2],
        [bx + px * hw / 2, by + py * hw / 2], [x2 - ux * 8, y2 - uy * 8],
        [bx - px * hw / 2, by - py * hw / 2], [bx - px * w / 2, by - py * w / 2],
        [sx - px * w / 2, sy - py * w / 2],
      ];
      el("polygon", {
        points: pts.map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" "),
        class: `arrow ${a.kind || "best"}`, "data-arrow": a.from + a.to,
      }, g);
    }
  }

  select(sq) {
    this.selected = sq;
    this.render();
  }

  onDown(e) {
    if (e.button !== undefined && e.button !== 0) return;
    const sq = this.squareAt(e.clientX, e.clientY);
    if (!sq) return;
    e.preventDefault();
    if (this.selected && sq !== this.selected && this.hooks.dests(this.selected).includes(sq)) {
      const from = this.selected;
      this.selected = null;
      this.render();
      this.hooks.move(from, sq);
      return;
    }
    if (this.hooks.movable(sq)) {
      const again = this.selected === sq;
      this.selected = sq;
      this.drag = { from: sq, again, moved: false, start: this.svgPoint(e), pointer: e.pointerId };
      try { this.svg.setPointerCapture(e.pointerId); } catch { /* synthetic events */ }
      this.render();
      return;
    }
    if (this.selected) {
      this.selected = null;
      this.render();
    }
  }

  onMove(e) {
    if (!this.drag) return;
    const p = this.svgPoint(e);
    if (!this.drag.moved) {
      if (Math.hypot(p.x - this.drag.start.x, p.y - this.drag.start.y) < 12) return;
      this.drag.moved = true;
      this.render();
      const piece = this.pieces[this.drag.from];
      this.drag.img = el("image", {
        href: pieceArt(piece), width: SIZE * 1.1, height: SIZE * 1.1, class: "dragging",
      }, this.layers.drag);
    }
    this.drag.img.setAttribute("x", p.x - SIZE * 0.55);
    this.drag.img.setAttribute("y", p.y - SIZE * 0.55);
  }

  onUp(e) {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    this.layers.drag.replaceChildren();
    const sq = this.squareAt(e.clientX, e.clientY);
    if (d.moved) {
      if (sq && sq !== d.from && this.hooks.dests(d.from).includes(sq)) {
        this.selected = null;
        this.render();
        this.hooks.move(d.from, sq);
        return;
      }
      this.render(); // dropped off a legal square: the piece goes back, still selected
      return;
    }
    if (d.again && sq === d.from) {
      this.selected = null; // a second click on the selected piece puts it down
      this.render();
    }
  }

  cancelDrag() {
    if (!this.drag) return;
    this.drag = null;
    this.layers.drag.replaceChildren();
    this.render();
  }
}
