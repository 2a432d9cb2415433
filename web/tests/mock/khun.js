// A small stand-in for web/dist/khun.js, for developing and testing the page before the
// real engine builds. Not shipped. It follows web/API-DRAFT.md's rules API with makruk's
// moves for every game (no Cambodian first moves, no ASEAN promotions), makruk's
// counting rules as shared/RULES.md writes them, and no endgame tables.
(function (root) {
  "use strict";
  const VARIANTS = [
    { name: "makruk", title: "Makruk", startFen: "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1" },
    { name: "cambodian", title: "Cambodian (Ouk Chatrang)", startFen: "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1" },
    { name: "makpong", title: "Makpong", startFen: "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1" },
    { name: "ai-wok", title: "Ai-wok", startFen: "rnsaksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKASNR w - - 0 1" },
    { name: "asean", title: "ASEAN", startFen: "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1" },
    { name: "karouk", title: "Kar Ouk", startFen: "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1" },
  ];
  const HONOUR = [["R", 2, 8], ["R", 1, 16], ["S", 2, 22], ["N", 2, 32], ["S", 1, 44], ["N", 1, 64]];
  const sqName = (i) => "abcdefgh"[i & 7] + (1 + (i >> 3));
  const sqIndex = (s) => "abcdefgh".indexOf(s[0]) + 8 * (parseInt(s.slice(1), 10) - 1);
  const white = (p) => p === p.toUpperCase();
  const norm = (c) => ({ q: "m", b: "s", a: "m" })[c.toLowerCase()] || c.toLowerCase();

  function parse(variant, fen) {
    if (!VARIANTS.some((v) => v.name === variant)) throw new Error("unknown variant: " + variant);
    if (fen === "startpos") fen = VARIANTS.find((v) => v.name === variant).startFen;
    const f = fen.trim().split(/\s+/);
    const rows = f[0].split("/");
    if (rows.length !== 8) throw new Error("bad FEN: placement needs 8 ranks");
    const b = new Array(64).fill(null);
    rows.forEach((row, ri) => {
      let file = 0;
      for (let i = 0; i < row.length; i++) {
        const c = row[i];
        if (/\d/.test(c)) file += +c;
        else if (c === "~") b[(7 - ri) * 8 + file - 1].promoted = true;
        else if (/[kmsnrpqba]/i.test(c)) b[(7 - ri) * 8 + file++] = { c: white(c) ? norm(c).toUpperCase() : norm(c), promoted: false };
        else throw new Error("bad FEN: unknown piece " + c);
      }
      if (file !== 8) throw new Error("bad FEN: rank " + (8 - ri) + " has " + file + " files");
    });
    if (f[1] !== "w" && f[1] !== "b") throw new Error("bad FEN: side to move");
    let limit = 0, ply = 0, full = 1;
    if (f.length >= 6) { limit = f[3] === "-" ? 0 : +f[3]; ply = +f[4]; full = +f[5]; }
    return { b, turn: f[1], limit, ply, full, variant, castle: f[2] || "-" };
  }

  function toFen(p) {
    let s = "";
    for (let r = 7; r >= 0; r--) {
      let e = 0;
      for (let f = 0; f < 8; f++) {
        const x = p.b[r * 8 + f];
        if (!x) { e++; continue; }
        if (e) { s += e; e = 0; }
        s += x.c + (x.promoted ? "~" : "");
      }
      if (e) s += e;
      if (r) s += "/";
    }
    return `${s} ${p.turn} ${p.castle} ${p.limit ? p.limit : "-"} ${p.limit ? p.ply : 0} ${p.full}`;
  }

  function attacks(p, from) {
    const x = p.b[from], out = [];
    const f = from & 7, r = from >> 3, up = white(x.c) ? 1 : -1;
    const add = (df, dr) => { const nf = f + df, nr = r + dr; if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8) out.push(nr * 8 + nf); };
    const kind = x.c.toLowerCase();
    if (kind === "k") for (const [a, c] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]]) add(a, c);
    else if (kind === "m") for (const [a, c] of [[1, 1], [1, -1], [-1, 1], [-1, -1]]) add(a, c);
    else if (kind === "s") for (const [a, c] of [[1, 1], [1, -1], [-1, 1], [-1, -1], [0, up]]) add(a, c);
    else if (kind === "n") for (const [a, c] of [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]]) add(a, c);
    else if (kind === "p") { add(1, up); add(-1, up); }
    else if (kind === "r") for (const [a, c] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      let nf = f + a, nr = r + c;
      while (nf >= 0 && nf < 8 && nr >= 0 && nr < 8) { out.push(nr * 8 + nf); if (p.b[nr * 8 + nf]) break; nf += a; nr += c; }
    }
    return out;
  }

  function attacked(p, sq, byWhite) {
    for (let i = 0; i < 64; i++) { const x = p.b[i]; if (x && white(x.c) === byWhite && attacks(p, i).includes(sq)) return true; }
    return false;
  }
  const kingSq = (p, w) => p.b.findIndex((x) => x && x.c === (w ? "K" : "k"));
  const inCheck = (p) => attacked(p, kingSq(p, p.turn === "w"), p.turn !== "w");

  function pseudo(p) {
    const ms = [], w = p.turn === "w";
    for (let i = 0; i < 64; i++) {
      const x = p.b[i];
      if (!x || white(x.c) !== w) continue;
      let tos = attacks(p, i).filter((t) => !p.b[t] || white(p.b[t].c) !== w);
      if (x.c.toLowerCase() === "p") {
        tos = tos.filter((t) => p.b[t]);
        const fw = i + (w ? 8 : -8);
        if (fw >= 0 && fw < 64 && !p.b[fw]) tos.push(fw);
      }
      for (const t of tos) {
        const promo = x.c.toLowerCase() === "p" && (t >> 3) === (w ? 5 : 2);
        ms.push({ from: i, to: t, promo });
      }
    }
    return ms;
  }

  function bare(p, w) { return p.b.every((x) => !x || white(x.c) !== w || x.c.toLowerCase() === "k"); }
  function count(p, w, k) { return p.b.filter((x) => x && x.c === (w ? k.toUpperCase() : k.toLowerCase()) && !x.promoted).length; }

  function play(p, m) {
    const q = { ...p, b: p.b.map((x) => (x ? { ...x } : null)) };
    const moving = q.b[m.from], captured = !!q.b[m.to];
    q.b[m.to] = moving; q.b[m.from] = null;
    if (m.promo) { moving.c = white(moving.c) ? "M" : "m"; moving.promoted = true; }
    q.turn = p.turn === "w" ? "b" : "w";
    if (q.turn === "w") q.full++;
    if (q.limit) q.ply++;
    const pawns = q.b.some((x) => x && x.c.toLowerCase() === "p");
    const stmWhite = q.turn === "w";
    if (!pawns) {
      const stmBare = bare(q, stmWhite), otherBare = bare(q, !stmWhite);
      const y = q.b.filter((x) => x).length;
      if (stmBare && !otherBare && (!p.limit || captured || m.promo)) {
        const w2 = !stmWhite;
        let x = 64;
        for (const [k, n, v] of HONOUR) if (count(q, w2, k) >= n) { x = v; break; }
        q.limit = 2 * x; q.ply = 2 * y;
      } else if (!q.limit && !stmBare && !otherBare) { q.limit = 128; q.ply = 0; }
    }
    return q;
  }

  function legal(p) { return pseudo(p).filter((m) => { const q = play(p, m); q.turn = p.turn; return !inCheck(q); }); }
  const uciOf = (m) => sqName(m.from) + sqName(m.to) + (m.promo ? "m" : "");

  function sanOf(p, m, all) {
    const x = p.b[m.from];
    const kind = x.promoted ? "M" : x.c.toUpperCase();
    let s = "";
    const cap = !!p.b[m.to];
    if (kind === "P") s = (cap ? sqName(m.from)[0] + "x" : "") + sqName(m.to) + (m.promo ? "=M" : "");
    else {
      const others = all.filter((o) => o.to === m.to && o.from !== m.from && (p.b[o.from].promoted ? "M" : p.b[o.from].c.toUpperCase()) === kind);
      let dis = "";
      if (others.length) {
        if (!others.some((o) => (o.from & 7) === (m.from & 7))) dis = sqName(m.from)[0];
        else if (!others.some((o) => o.from >> 3 === m.from >> 3)) dis = sqName(m.from)[1];
        else dis = sqName(m.from);
      }
      s = kind + dis + (cap ? "x" : "") + sqName(m.to);
    }
    const q = play(p, m);
    if (inCheck(q)) s += legal(q).length ? "+" : "#";
    return s;
  }

  function findMove(p, uci) {
    const m = legal(p).find((m) => uciOf(m) === uci || uciOf(m) === uci + "m");
    if (!m) throw new Error("illegal move: " + uci);
    return m;
  }

  function endOf(p) {
    const ms = legal(p), chk = inCheck(p), mover = p.turn === "w" ? "0-1" : "1-0";
    if (!ms.length) return chk ? { result: mover, reason: "Checkmate" } : { result: "1/2-1/2", reason: "Stalemate" };
    if (p.limit && p.ply > p.limit) return { result: "1/2-1/2", reason: "Counting rule" };
    if (p.b.filter((x) => x).length === 2) return { result: "1/2-1/2", reason: "Insufficient material" };
    return null;
  }

  function countOf(p) {
    if (!p.limit) return null;
    const piece = p.limit !== 128;
    let counting;
    if (piece) counting = bare(p, true) ? "white" : "black";
    else counting = p.ply % 2 === 0 ? (p.turn === "w" ? "white" : "black") : (p.turn === "w" ? "black" : "white");
    const mating = counting === "white" ? "black" : "white";
    const movesLeft = Math.max(0, Math.ceil((p.limit - p.ply) / 2));
    const Cap = (s) => s[0].toUpperCase() + s.slice(1);
    return {
      honour: piece ? "piece" : "board", counting, mating, ply: p.ply, limit: p.limit,
      number: Math.floor(p.ply / 2) + 1, of: p.limit / 2, movesLeft, exceeded: p.ply > p.limit,
      text: `${piece ? "piece's" : "board's"} honour: ${Cap(mating)} must mate within ${movesLeft} moves (ply ${p.ply} of ${p.limit})`,
    };
  }

  const rules = {
    variants: () => VARIANTS.map((v) => ({ ...v })),
    state(variant, fen, moves = [], options = {}) {
      let p = parse(variant, fen);
      const sans = [];
      for (const u of moves) { const m = findMove(p, u); sans.push(sanOf(p, m, legal(p))); p = play(p, m); }
      const ms = legal(p);
      const pawns = p.b.some((x) => x && x.c.toLowerCase() === "p");
      return {
        fen: toFen(p), turn: p.turn === "w" ? "white" : "black", check: inCheck(p), sans,
        legal: ms.map((m) => ({ uci: uciOf(m), san: sanOf(p, m, ms), from: sqName(m.from), to: sqName(m.to), promotion: m.promo })),
        end: endOf(p), count: countOf(p),
        countText: p.limit ? countOf(p).text : pawns ? "no count: pawns on the board" : "no count",
        table: options.table && p.b.filter((x) => x).length === 3 && p.b.some((x) => x && x.c.toLowerCase() === "r")
          ? { ending: "KRvK", text: "KRvK (mock): White wins", winner: p.b.some((x) => x && x.c === "R") ? "white" : "black" } : null,
      };
    },
    san(variant, fen, uci) { const p = parse(variant, fen); return sanOf(p, findMove(p, uci), legal(p)); },
    uciFromSan(variant, fen, san) {
      const p = parse(variant, fen), clean = (s) => s.replace(/[+#!?]/g, "");
      const m = legal(p).find((m) => clean(sanOf(p, m, legal(p))) === clean(san));
      if (!m) throw new Error("illegal move: " + san);
      return uciOf(m);
    },
    readPgn(text) {
      const games = [];
      for (const chunk of text.split(/\n\s*\n(?=\s*\[)/)) {
        if (!chunk.trim()) continue;
        const tags = {};
        chunk.replace(/\[(\w+)\s+"([^"]*)"\]/g, (_, k, v) => { tags[k] = v; });
        const variant = (tags.Variant || "makruk").toLowerCase();
        const fen = tags.FEN || VARIANTS.find((v) => v.name === variant)?.startFen || VARIANTS[0].startFen;
        const body = chunk.replace(/\[[^\]]*\]/g, " ").replace(/\{[^}]*\}/g, " ").replace(/\([^)]*\)/g, " ");
        const game = { tags, variant, fen, moves: [], sans: [], result: tags.Result || "*" };
        let p;
        try { p = parse(variant, fen); } catch (e) { game.error = e.message; games.push(game); continue; }
        for (const tok of body.split(/\s+/)) {
          if (!tok || /^\d+\.+$/.test(tok) || /^(1-0|0-1|1\/2-1\/2|\*)$/.test(tok) || /^\$\d+$/.test(tok)) continue;
          const t = tok.replace(/^\d+\.+/, "");
          if (!t) continue;
          try {
            const u = rules.uciFromSan(variant, toFen(p), t);
            const m = findMove(p, u);
            game.sans.push(sanOf(p, m, legal(p))); game.moves.push(u); p = play(p, m);
          } catch (e) { game.error = `move ${game.moves.length + 1}: ${e.message}`; break; }
        }
        games.push(game);
      }
      return games;
    },
  };
  const Khun = { loadRules: () => Promise.resolve(rules), mock: true };
  if (typeof module !== "undefined" && module.exports) module.exports = Khun;
  else root.Khun = Khun;
})(typeof self !== "undefined" ? self : this);
