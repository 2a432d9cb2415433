// The page's words in English and Thai: one table per language with the same keys,
// `t(key, params)` to read them, the language chosen from the browser (Thai where the
// browser's first Thai-or-English choice is Thai) and kept once the player switches
// (EN / ไทย), the static text of index.html (data-i18n attributes) filled at start and
// on each switch. Every Thai word comes from a source named in I18N.md (pychess-variants'
// Thai translation, Fairy-Stockfish's Thai notation, the seeds, public Thai pages on
// makruk); web/tests/i18n.test.js checks that each Thai string is made of those words.
// Khun's web page. GPL-3.0-or-later, like the project.

import { loadValue, saveValue } from "./keep.js";

const LANGUAGE_KEY = "khun.language";

/**
 * English: the page's words as they were before there was a Thai table (the page's tests
 * read them). Keys are shared with THAI; `{name}` is a parameter.
 */
const ENGLISH = {
  "page.title": "Khun: makruk in the browser",
  "header.sub": "makruk in the browser",
  "lang.group": "Language",
  "notation.label": "Notation",
  "notation.san": "SAN",
  "notation.thaiSan": "Thai",
  "engine.loading": "Loading the engine…",
  "engine.missing": "khun.js did not load: serve this page with Khun's files beside it (web/dist).",
  "engine.rulesFailed": "The rules did not load: {error}",
  "engine.failed": "Engine: {error}",
  "engine.ready": "{name} is ready (in this page, offline).",
  "board.label": "Board",
  "board.pieces": "Board: {pieces}",
  "clock.label": "Clock",
  "clock.of": "{Side}'s clock",
  "eval.label": "Evaluation",
  "eval.valueText": "{score}, White's expected score {percent}%",
  "promotion.label": "Promote to",
  "promotion.move": "Promote: {san}",
  "promotion.cancel": "Cancel the promotion",
  "promotion.hint": "A pawn may promote ({squares}): click it, then click it again to promote it where it stands, or move it one step diagonally to promote as it moves.",
  "hand.label": "{Side}'s men in hand",
  "hand.piece": "{piece}: {n} in hand",
  "count.group": "The count (as players count)",
  "count.button": "Count",
  "count.buttonTitle": "Start the board's honour count: your next move is 1 (when no pawn is left)",
  "count.stop": "Stop count",
  "count.stopTitle": "Stop your count (a count started again starts from 1)",
  "nav.group": "Moves",
  "nav.first": "First position",
  "nav.firstTitle": "First position (Home)",
  "nav.prev": "Previous move",
  "nav.prevTitle": "Previous move (←)",
  "nav.next": "Next move",
  "nav.nextTitle": "Next move (→)",
  "nav.last": "Last position",
  "nav.lastTitle": "Last position (End)",
  "nav.flip": "Flip the board",
  "nav.flipTitle": "Flip the board (f)",
  "sound.onLabel": "Sound is on: turn it off",
  "sound.offLabel": "Sound is off: turn it on",
  "sound.onTitle": "Sound on (s)",
  "sound.offTitle": "Sound off (s)",
  "mainline.back": "Back to the game",
  "mainline.backPlies": "Back to the game ({plies} plies)",
  "input.label": "Type a move",
  "input.placeholder": "e.g. e4, Se2, e3e4",
  "input.play": "Play",
  "input.notYourMove": "Not your move now.",
  "input.illegal": "Not a legal move: {text}",
  "tab.play": "Play",
  "tab.analysis": "Analysis",
  "tab.pgn": "PGN",
  "tab.editor": "Editor",
  "tab.learn": "Learn",
  "learn.views": "What to learn",
  "learn.puzzles": "Puzzles",
  "learn.trainer": "Counting trainer",
  "learn.guide": "Rules guide",
  "editor.inGame": "Finish or leave the game to set up a position.",
  "editor.help": "Drag the pieces, off the board to remove them; or choose a piece below and click the squares to put it there.",
  "editor.palette": "Pieces",
  "editor.put": "Put: {piece}",
  "editor.eraser": "Eraser: take pieces off",
  "editor.side": "Side to move",
  "editor.white": "White",
  "editor.black": "Black",
  "editor.move": "Move number",
  "editor.countLimit": "Count limit (plies)",
  "editor.countLimitTitle": "Where the count ends, in plies (both sides' moves): the board's honour, counted to 64: enter 128; empty: no count runs",
  "editor.countPly": "Counted plies",
  "editor.countPlyTitle": "Plies already counted (both sides' moves): counted 6: enter 12",
  "editor.hand": "Men in hand",
  "editor.handTitle": "The men still to place, White's in capitals (KSSFRRNN), Black's in small letters, as the FEN writes them between [ ]",
  "editor.invalid": "Not a position the rules take: {error}",
  "editor.countAutomatic": "As players count, the board's honour is started with Count and counted from 1: this position's count ({number} of {of}) goes on as the automatic count. Leave the count limit empty to count as players count.",
  "editor.start": "Start position",
  "editor.clear": "Empty board",
  "editor.play": "Play from here",
  "editor.analyse": "Analyse from here",
  "setup.game": "Game",
  "setup.youPlay": "You play",
  "setup.white": "White",
  "setup.black": "Black",
  "setup.random": "Random",
  "setup.level": "Level",
  "level.option": "Skill Level {level} (≈ {elo} Elo)",
  "level.full": "Skill Level 20 (full strength)",
  "level.elo": "UCI_Elo …",
  "setup.elo": "Elo",
  "setup.time": "Time",
  "tc.bullet": "{minutes}+{increment} (bullet)",
  "tc.blitz": "{minutes}+{increment} (blitz)",
  "tc.rapid": "{minutes}+{increment} (rapid)",
  "tc.moveTime": "{seconds} second a move (Khun), no clock",
  "tc.moveTimes": "{seconds} seconds a move (Khun), no clock",
  "setup.pace": "Khun's pace",
  "setup.paceTitle": "How long Khun takes over a move: at once, as a player of its level would, or as its clock allows",
  "setup.paceMoveTime": "With N seconds a move Khun takes its N seconds, whatever the pace",
  "pace.instant": "instant",
  "pace.human": "like a player of its level",
  "pace.clock": "its whole clock",
  "setup.counting": "Counting",
  "setup.countingTitle": "As players count: either side may start the board's honour on its turn once no pawn is left, the counting side may stop it, and its mate while counting is a draw (makruk, makpong, Ouk Chatrang)",
  "counting.automatic": "automatic (as Fairy-Stockfish)",
  "counting.players": "as players count",
  "setup.fen": "Start position (FEN, empty: the game's start)",
  "setup.fenPlaceholder": "start position",
  "setup.start": "Start the game",
  "game.takeback": "Take back",
  "game.takebackLabel": "Take back your last move",
  "game.draw": "Offer a draw",
  "game.drawTitle": "Khun accepts where an endgame table says draw, or from move 11 on where its score is +0.25 or less",
  "game.resign": "Resign",
  "game.resignAsk": "Resign this game?",
  "game.resignYes": "Yes, resign",
  "game.resignNo": "No, play on",
  "game.new": "New game",
  "game.analyse": "Analyse this game",
  "game.leaveAndAnalyse": "Leave and analyse",
  "recent.title": "Your last games",
  "recent.label": "Your last games: click one to review it",
  "recent.note": "Kept in this browser only; the game in progress is kept too, across reloads.",
  "recent.entry": "{white} – {black}: {result}{termination}, {game}, {moves}{date}",
  "recent.termination": " ({reason})",
  "recent.move": "{n} move",
  "recent.moves": "{n} moves",
  "analysis.start": "Analyse",
  "analysis.startLabel": "Start the analysis",
  "analysis.stop": "Stop",
  "analysis.stopLabel": "Stop the analysis",
  "analysis.scoresNote": "Scores from White's side, in pawns; W/D/L: the chances of the side to move.",
  "analysis.lines": "Lines",
  "analysis.depthLimit": "Depth",
  "analysis.infinite": "infinite",
  "analysis.done": ", done",
  "analysis.showThreat": "Show the threat",
  "analysis.threatTitle": "The other side's best move, as if it were its turn (a red arrow)",
  "analysis.threat": "Threat: {moves} ({score})",
  "analysis.threatWaiting": "Threat: …",
  "analysis.threatSkipped.check": "Threat: not searched, the side to move is in check",
  "analysis.threatSkipped.unavailable": "Threat: none, the other side could not move here",
  "analysis.gameOn": "A game is on: analysis opens when it ends (or leave it from the Play tab).",
  "analysis.free": "Analyse the position on the board; moves on the board are free for both sides.",
  "analysis.stoppedIn": "stopped in {ms} ms",
  "analysis.wdl": "W {w}% D {d}% L {l}%",
  "analysis.wdlTitle": "win / draw / loss chances of the side to move",
  "analysis.depth": "depth {depth}",
  "analysis.nodes": ", {nodes} nodes",
  "analysis.nps": ", {knps} kn/s",
  "review.title": "Review a game",
  "review.perPosition": "Per position",
  "review.quick": "50 000 nodes (quick)",
  "review.normal": "200 000 nodes",
  "review.slow": "1 000 000 nodes (slow)",
  "review.annotate": "Annotate",
  "review.annotateLabel": "Annotate the game with the engine",
  "review.cancel": "Cancel",
  "review.graph": "Evaluation graph",
  "review.marksNote": "Marks: a move that drops the mover's expected score (win + half the draw chance, from the engine's W/D/L) by 10% or more is ?!, by 20% or more ?, by 30% or more ??.",
  "review.progress": "Analysing position {i} of {n}…",
  "review.done": "Done in {seconds} s: {blunders} ??, {mistakes} ?, {inaccuracies} ?!",
  "review.stopped": "Stopped.",
  "review.preferred": "{move}: Khun preferred {best}.",
  "review.graphMark": "move {n}: {mark}",
  "pgn.export": "Export",
  "pgn.exportLabel": "This game's PGN",
  "pgn.copy": "Copy",
  "pgn.download": "Download .pgn",
  "pgn.link": "Link to this game",
  "pgn.linkLabel": "Copy a link to this game: its moves, the move shown and its count",
  "pgn.import": "Import",
  "pgn.importLabel": "PGN to import",
  "pgn.file": "PGN file",
  "pgn.gameInFile": "Game in the file",
  "pgn.copied": "{what} copied",
  "pgn.shown": "{what}: {text}",
  "pgn.what.pgn": "PGN",
  "pgn.what.link": "Link",
  "pgn.noGame": "No game found in that text.",
  "pgn.unreadable": "No game could be read from that text: {error}",
  "pgn.readUpTo": "Read up to {Side}'s move {n}, {san}: {error}",
  "pgn.kept": "Kept {kept} of {total} plies: {error}",
  "pgn.cannotRead": "Cannot read this game: {error}",
  "pgn.loaded": "Loaded: {white} – {black}, {plies} plies",
  "moves.title": "Moves",
  "moves.label": "Moves",
  "moves.entry": "{Side} {n}: {san}",
  "moves.marks": "Mark the move shown",
  "moves.promote": "Make it the game's line",
  "moves.deleteFrom": "Delete from this move on",
  "moves.comment": "Comment on the move shown",
  "footer.runs": "Khun, a makruk engine (GPL-3.0-or-later), runs in this page: nothing is sent anywhere.",
  "footer.art": "Piece art:",
  "footer.see": "(CC BY-SA 4.0); see",
  "footer.keys": "Keys: ← → Home End to step through the moves, f to flip, s for sound on or off.",
  "pgn.readNone": "No move read: {error}",

  "side.white": "white",
  "side.black": "black",
  "Side.white": "White",
  "Side.black": "Black",
  "player.you": "You",
  "player.khun": "Khun ({level})",
  "level.full.short": "full strength",
  "level.short": "level {level}, ≈ {elo} Elo",
  "level.elo.short": "Elo {elo}",

  "status.end": "{reason}: {result}",
  "status.yourMove": "Your move",
  "status.thinking": "Khun is thinking…",
  "status.inCheck": " (check)",
  "status.over": "Game over",
  "status.toMove": "{Side} to move",
  "status.toMoveInCheck": "{Side} to move, in check",
  "status.at": " (move {n} of {total})",
  "status.setUp": ": a man from the hand, onto its first three ranks (a rook onto the first)",
  "status.setUpYours": ": place a man from your hand on your first three ranks (a rook on the first)",

  "result.draw": "The game is a draw",
  "result.win": "You win",
  "result.loss": "Khun wins",
  "result.white": "White wins",
  "result.black": "Black wins",
  "result.line": "{result} · {reason}",

  // The reasons the rules give (Rust's Outcome::reason) and the page's own: the key is the
  // English text, which stays the page's data (data-reason, PGN's Termination).
  "reason.White mates": "White mates",
  "reason.Black mates": "Black mates",
  "reason.White checks": "White checks",
  "reason.Black checks": "Black checks",
  "reason.Fifty-move rule": "Fifty-move rule",
  "reason.Stalemate": "Stalemate",
  "reason.Counting rule": "Counting rule",
  "reason.Mate by the counting side": "Mate by the counting side",
  "reason.Insufficient material": "Insufficient material",
  "reason.Only promotions left": "Only promotions left",
  "reason.Resignation": "Resignation",
  "reason.Time forfeit": "Time forfeit",
  "reason.Draw agreed": "Draw agreed",
  "reason.Abandoned": "Abandoned",
  "reason.Left unfinished": "Left unfinished",
  "reason.from the PGN": "from the PGN",

  "table.line": "Endgame table: {text}",
  "table.verdict": "{verdict} for {side}",
  "table.rulesText": "{text}",
  "table.countRunsOut": "drawn, the count runs out first",

  "count.honour.board": "board's honour",
  "count.honour.piece": "piece's honour",
  "count.line": "{Counting} counts: {number} of {of} ({honour}). ",
  "count.lineZero": "{Counting} counts: 0 of {of} ({honour}; its next move is 1). ",
  "count.ranOutMated": "The count ran out, but the last move mates.",
  "count.ranOut": "The count has run out: a draw.",
  "count.mustMate": "{Mating} must mate within {n} move.",
  "count.mustMatePlural": "{Mating} must mate within {n} moves.",
  "count.countingMate": " A mate by {Counting} while it counts is a draw.",
  "count.startedNoFields": "{Counting} counts: 0 of {of} (board's honour; its next move is 1).",
  "count.mayStart": "No count: {Side} may start counting (the board's honour, {moves} moves).",
  "count.rulesText": "{text}",
  "count.otherTitle": "{text}",
  "count.actor.khun": "Khun",
  "count.action.you.start": "You start counting",
  "count.action.you.stop": "You stop counting",
  "count.action.other.start": "{who} starts counting",
  "count.action.other.stop": "{who} stops counting",
  "count.nextIsOne": "{action}: {Side}'s next move is 1",
  "count.cannotPlayers": "Cannot count this line as players count: {error}",
  "count.cannotAutomatic": "Cannot count this line automatically: {error}",
  "count.nowPlayers": "Counting as players count: Count starts the count, Stop count stops it",
  "count.nowAutomatic": "Counting automatically",
  "count.ended": "{reason}: {result}.",

  "say.youPlayed": "You played {san}",
  "say.khunPlayed": "Khun played {san}",
  "say.khunCountNotAllowed.start": "Khun would start counting, which the rules do not allow here",
  "say.khunCountNotAllowed.stop": "Khun would stop counting, which the rules do not allow here",
  "say.khunIllegal": "Khun answered {move}, which is not a legal move here",
  "say.joined": "{first}. {second}",
  "say.gameOver": "Game over: {result} ({reason})",
  "say.takenBack": "Move taken back: your move",
  "say.considersDraw": "Khun considers your draw offer…",
  "say.declinesDraw": "Khun declines the draw ({why}). Your move.",
  "draw.tableWhy": "endgame table: {text}",
  "draw.tooEarly": "it takes no draw before move {first}, and this is move {move}",
  "draw.scoreWhy": "Khun's score {score}, above the +{limit} it accepts",
  "draw.mate": "mate",
  "draw.mated": "-mate",
  "say.cannotStart": "Cannot start from that position: {error}",
  "say.newGameKhunFirst": "New game: Khun moves first",
  "say.newGameYourMove": "New game: your move",
  "say.backKhunToMove": "Your game is back: Khun to move",
  "say.backYourMove": "Your game is back: your move",
  "say.backToGame": "Back to the game",
  "say.chooseNext": "Choose the next game and start it",
  "say.leftGame": "You left the game: its moves stay for analysis",
  "say.notAStart": "That start position is not one of {game}'s: {error}",
  "say.boardBack": "Your last board is back",
  "say.review": "Review: {white} – {black}, {result}",
  "say.notBroughtBack": "Your last game could not be brought back: {error}",
  "say.badLink": "Cannot read the position in the link: {error}",
  "say.engineError": "Engine: {error}",

  "gameInfo.main": "{game}: you play {side} against Khun ({level}), {time}{pace}{counting}",
  "gameInfo.pace.instant": ", Khun answers at once",
  "gameInfo.pace.human": ", Khun thinks like a player of its level",
  "gameInfo.pace.clock": ", Khun uses its whole clock",
  "gameInfo.moveTime": "Khun thinks {seconds} s a move",
  "gameInfo.players": "; counting as players count (Count and Stop count).",
  "gameInfo.automatic": ".",

  "variant.makruk": "Makruk",
  "variant.cambodian": "Cambodian (Ouk Chatrang)",
  "variant.karouk": "Kar Ouk",
  "variant.makpong": "Makpong",
  "variant.asean": "ASEAN",
  "variant.ai-wok": "Ai-wok",
  "variant.sittuyin": "Sittuyin (Burmese chess)",

  // Piece names, for the board's words (board.js's pieceName).
  "piece.k": "king",
  "piece.m": "met",
  "piece.s": "khon",
  "piece.n": "horse",
  "piece.r": "rook",
  "piece.p": "pawn",
  "piece.q": "met",
  "piece.b": "khon",
  "piece.a": "ai-wok",
  "piece.f": "promoted pawn",
  "piece.named": "{Side} {piece}",

  // The rules' refusals, by their codes (src/rules_api/refusal.rs lists them with their
  // values): refusalText words one with `refusal.<code>`, its side named in the page's
  // language, a `reason` that is itself a code worded by its own sentence.
  // A FEN, and a position no game can reach.
  "refusal.fenEmpty": "The FEN is empty.",
  "refusal.fenPlacementChar": "The FEN's board has an unexpected '{char}' (character {position}).",
  "refusal.fenRankLength": "Rank {rank} of the FEN's board covers {files} files, not 8.",
  "refusal.fenRankCount": "The FEN's board has {ranks} ranks, not 8.",
  "refusal.fenHandForm": "The men in hand, '{text}', are written between [ and ].",
  "refusal.fenHandNotInGame": "'{text}': only sittuyin has men in hand.",
  "refusal.fenHandChar": "'{char}' among the men in hand is not a man of this game.",
  "refusal.fenHandTooMany": "Too many '{letter}' in hand.",
  "refusal.fenSide": "The side to move is '{text}', not w or b.",
  "refusal.fenCastling": "'{text}' where the FEN has '-' (in Ouk Chatrang and Kar Ouk, the files of the king and met that may still make their first move, e.g. 'DEde').",
  "refusal.fenChecks": "'{text}': only Kar Ouk has a checks field, the checks White and Black have left, e.g. '1+1'.",
  "refusal.fenNumber": "The FEN's {fieldName} field is '{text}', not a number.",
  "refusal.fenField.4": "count limit",
  "refusal.fenField.5": "counted plies",
  "refusal.fenField.6": "move number",
  "refusal.fenExtraFields": "The FEN goes on after its last field: '{text}'.",
  "refusal.kingCount": "{Side} has {found} kings: a side has {expected}.",
  "refusal.tooManyPieces": "{Side} has more than {most} pieces.",
  "refusal.pawnOnPromotionRank": "A {side} pawn on {square}, on or beyond its promotion rank: it would have promoted.",
  "refusal.sideNotToMoveInCheck": "{Side} is in check, but it is not {Side}'s move.",
  "refusal.unknownVariant": "'{name}' is not a game Khun plays.",
  // A move.
  "refusal.moveMalformed": "'{move}' is not a move.",
  "refusal.moveIllegal": "'{move}' is not a legal move here.",
  "refusal.moveAmbiguous": "'{move}' fits more than one legal move.",
  "refusal.gameEnded": "'{move}' comes after the game's end.",
  "refusal.unknownPieceLetter": "'{move}': '{letter}' is not a piece of this game.",
  // The count: its start (pyffish's count_started), the players' count actions, and the
  // count fields of a FEN (checkFen's problems); countStartNotHere / countStopNotHere are
  // the page's own (a link's count action the rules do not allow there).
  "refusal.countStartedRange": "The count's start, {value}, is not 0 (automatic), -1 (no count) or a game ply from 1.",
  "refusal.countNotByHand": "{variant} is not counted by the players: its count is automatic.",
  "refusal.countStartedBeyond": "A count started at {value} is beyond this position (game ply {ply}; {next} starts one now).",
  "refusal.countStartedWithPawn": "No count can start at game ply {ply}: a pawn was on the board.",
  "refusal.countAutomatic": "This game's count is automatic: the players do not start or stop it.",
  "refusal.countRunning": "A count is already running.",
  "refusal.countPawns": "No count may start while an unpromoted pawn is on the board.",
  "refusal.countNotRunning": "No count is running.",
  "refusal.countNotCountingSide": "Only the counting side ({Side}) may stop the count.",
  "refusal.countActionAfterLastMove": "A count action at ply {ply}, after the last move ({moves}).",
  "refusal.countStartNotHere": "No count can start before ply {next} of this line.",
  "refusal.countStopNotHere": "No count can stop before ply {next} of this line.",
  "refusal.countUnknownLimit": "A count limit of {limit} plies is none of this game's ({limits}).",
  "refusal.countWithPawns": "No count runs while an unpromoted pawn is on the board: leave the count limit empty.",
  "refusal.countBelowStart": "{ply} counted plies: with these pieces the piece's honour counts from {least}.",
  "refusal.countRunOut": "{ply} counted plies are past the count limit ({limit}): the count would have run out.",
  // A PGN that cannot be read (a game's error), and what its reader left out (its notes).
  "refusal.pgnCommentNotClosed": "A comment opened with { is never closed with } (line {line}).",
  "refusal.pgnTagNoName": "A tag pair has no name: write [Name \"value\"] (line {line}).",
  "refusal.pgnTagNoValue": "Tag [{name}] has no value in quotes: write [{name} \"value\"] (line {line}).",
  "refusal.pgnTagValueNotClosed": "The value of tag [{name}] is not closed with \" (line {line}).",
  "refusal.pgnTagNotClosed": "Tag [{name}] is not closed with ] (line {line}).",
  "refusal.pgnStray": "A stray '{char}' (line {line}).",
  "refusal.pgnVariationNotClosed": "A variation opened with ( is never closed with ) (line {line}).",
  "refusal.pgnVariationNotOpened": "A ) closes no variation (line {line}).",
  "refusal.pgnNoResult": "The game has no result: its moves end with 1-0, 0-1, 1/2-1/2 or * (line {line}).",
  "refusal.pgnUnknownVariant": "'{variant}' is not a game Khun plays (line {line}).",
  "refusal.pgnFen": "The [FEN] tag: {reason}",
  "refusal.pgnNotByHand": "[Counting \"players\"]: {variant} is not counted by the players.",
  "refusal.pgnMove": "Move {moveNumber} {reason}",
  "refusal.pgnMoveAfterEnd": "Move {moveNumber} '{move}' comes after the game's end.",
  "refusal.pgnCountCommand": "{after}: [%count {command}] is not a count command ([%count start] or [%count stop]).",
  "refusal.pgnCountAction": "{after}: [%count {action}]: {reason}",
  "refusal.after": "After {move}",
  "refusal.atStart": "Before the first move",
  "refusal.pgnVariationCut": "A variation cut short after {kept} moves: move {moveNumber} {reason}",
  "refusal.pgnVariationCut.none": "A variation left out: move {moveNumber} {reason}",
  "refusal.pgnVariationBeforeAnyMove": "A variation before the first move replaces nothing: left out (line {line}).",
};

/**
 * Thai. The terms and where each comes from: I18N.md. Two conventions of the sources:
 * the engine keeps its name, Khun, in Latin letters (ขุน is the king), and the count's
 * numbers are written in Thai digits, as the Thai pages on the count write them
 * (`countNumber`); the rest of the page's numbers stay Arabic, as pychess writes them.
 */
const THAI = {
  "page.title": "Khun: หมากรุกไทยในเบราเซอร์",
  "header.sub": "หมากรุกไทยในเบราเซอร์",
  "lang.group": "ภาษา",
  "notation.label": "ตาเดินแบบ",
  "notation.san": "SAN",
  "notation.thaiSan": "ไทย",
  "engine.loading": "กำลังเปิดเอ็นจิน…",
  "engine.missing": "khun.js ไม่เปิด: หน้านี้ต้องมีไฟล์ของ Khun (web/dist)",
  "engine.rulesFailed": "กติกาไม่เปิด: {error}",
  "engine.failed": "เอ็นจิน: {error}",
  "engine.ready": "{name} พร้อม (ในหน้านี้ ไม่ต้องออนไลน์)",
  "board.label": "กระดาน",
  "board.pieces": "กระดาน: {pieces}",
  "clock.label": "เวลา",
  "clock.of": "เวลาของ{Side}",
  "eval.label": "คะแนน",
  "eval.valueText": "{score}, ขาวได้ {percent}%",
  "promotion.label": "เลื่อนยศเป็น",
  "promotion.move": "เลื่อนยศ: {san}",
  "promotion.cancel": "ยกเลิก",
  "promotion.hint": "เบี้ยที่เลื่อนยศได้ ({squares}): กดเบี้ยแล้วกดอีกครั้งเพื่อเลื่อนยศที่ตานี้ หรือเดินเบี้ยเพื่อเลื่อนยศ",
  "hand.label": "หมากในมือฝ่าย{Side}",
  "hand.piece": "{piece}: ในมือ {n}",
  "count.group": "การนับ (ผู้เล่นนับเอง)",
  "count.button": "นับ",
  "count.buttonTitle": "เริ่มนับศักดิ์กระดาน: ตาเดินต่อไปของคุณนับ ๑ (เมื่อไม่มีเบี้ยคว่ำเหลือ)",
  "count.stop": "หยุดนับ",
  "count.stopTitle": "หยุดนับ (เริ่มนับใหม่จะนับ ๑ อีกครั้ง)",
  "nav.group": "ตาเดิน",
  "nav.first": "ตำแหน่งเริ่มต้น",
  "nav.firstTitle": "ตำแหน่งเริ่มต้น (Home)",
  "nav.prev": "ตาเดินที่แล้ว",
  "nav.prevTitle": "ตาเดินที่แล้ว (←)",
  "nav.next": "ตาเดินต่อไป",
  "nav.nextTitle": "ตาเดินต่อไป (→)",
  "nav.last": "ตำแหน่งสุดท้าย",
  "nav.lastTitle": "ตำแหน่งสุดท้าย (End)",
  "nav.flip": "กลับกระดาน",
  "nav.flipTitle": "กลับกระดาน (f)",
  "sound.onLabel": "เสียงเปิดอยู่: ปิดเสียง",
  "sound.offLabel": "เสียงปิดอยู่: เปิดเสียง",
  "sound.onTitle": "เสียง: เปิด (s)",
  "sound.offTitle": "เสียง: ปิด (s)",
  "mainline.back": "กลับสู่เกม",
  "mainline.backPlies": "กลับสู่เกม ({plies} ตาเดิน)",
  "input.label": "ใส่ตาเดิน",
  "input.placeholder": "เช่น e4, Se2, e3e4",
  "input.play": "เดิน",
  "input.notYourMove": "ยังไม่ใช่ตาคุณเดิน",
  "input.illegal": "เดินผิดกติกา: {text}",
  "tab.play": "เล่น",
  "tab.analysis": "ถอดหมาก",
  "tab.pgn": "PGN",
  "tab.editor": "ตั้งกระดาน",
  "tab.learn": "หัดเล่น",
  "learn.views": "หัด",
  "learn.puzzles": "หมากกล",
  "learn.trainer": "หัดนับ",
  "learn.guide": "กติกา",
  "editor.inGame": "เล่นเกมให้จบ หรือออกจากเกม ก่อนตั้งกระดาน",
  "editor.help": "ย้ายตัวหมากบนกระดาน ย้ายออกจากกระดานเพื่อลบ หรือเลือกตัวหมาก แล้วกดตาบนกระดานเพื่อวาง",
  "editor.palette": "ตัวหมาก",
  "editor.put": "วาง: {piece}",
  "editor.eraser": "ลบตัวหมาก",
  "editor.side": "ฝ่ายที่จะเดิน",
  "editor.white": "ขาว",
  "editor.black": "ดำ",
  "editor.move": "ตาเดินที่",
  "editor.countLimit": "นับถึง (ตาเดิน)",
  "editor.countLimitTitle": "นับถึงกี่ตาเดินของทั้งสองฝ่าย (เช่น ศักดิ์กระดานนับถึง ๖๔: ใส่ 128) ว่าง: ยังไม่นับ",
  "editor.countPly": "นับแล้ว (ตาเดิน)",
  "editor.countPlyTitle": "ตาเดินของทั้งสองฝ่ายที่นับแล้ว (เช่น นับแล้ว ๖: ใส่ 12)",
  "editor.hand": "หมากในมือ",
  "editor.handTitle": "หมากในมือที่ยังไม่ได้วาง: ขาว KSSFRRNN ดำ kssfrrnn",
  "editor.invalid": "ตำแหน่งนี้ผิดกติกา: {error}",
  "editor.countAutomatic": "ผู้เล่นนับเอง: กด นับ เพื่อเริ่มนับศักดิ์กระดานที่ ๑ ตำแหน่งนี้นับแล้ว {number} (นับถึง {of}) จะนับอัตโนมัติต่อไป ถ้าต้องการให้ผู้เล่นนับเอง ให้ นับถึง ว่าง",
  "editor.start": "ตำแหน่งเริ่มต้น",
  "editor.clear": "ล้างกระดาน",
  "editor.play": "เล่นจากตำแหน่งนี้",
  "editor.analyse": "วิเคราะห์จากตำแหน่งนี้",
  "setup.game": "ชนิดเกม",
  "setup.youPlay": "คุณเล่นฝ่าย",
  "setup.white": "ขาว",
  "setup.black": "ดำ",
  "setup.random": "สุ่ม",
  "setup.level": "ระดับ",
  "level.option": "ระดับ {level} (≈ {elo} Elo)",
  "level.full": "ระดับ 20 (สูงสุด)",
  "level.elo": "ระดับ Elo …",
  "setup.elo": "Elo",
  "setup.time": "ประเภทเวลา",
  "tc.bullet": "{minutes}+{increment} ({minutes} นาที + {increment} วินาที ต่อตาเดิน)",
  "tc.blitz": "{minutes}+{increment} ({minutes} นาที + {increment} วินาที ต่อตาเดิน)",
  "tc.rapid": "{minutes}+{increment} ({minutes} นาที + {increment} วินาที ต่อตาเดิน)",
  "tc.moveTime": "Khun ใช้ {seconds} วินาที ต่อตาเดิน",
  "tc.moveTimes": "Khun ใช้ {seconds} วินาที ต่อตาเดิน",
  "setup.pace": "เวลาคิดของ Khun",
  "setup.paceTitle": "เวลาที่ Khun ใช้คิด: เดินทันที, แบบผู้เล่นตามระดับ, หรือใช้เวลาทั้งหมด",
  "setup.paceMoveTime": "ถ้า Khun ใช้ N วินาที ต่อตาเดิน ก็ใช้ N วินาที ทุกตาเดิน",
  "pace.instant": "เดินทันที",
  "pace.human": "แบบผู้เล่นตามระดับ",
  "pace.clock": "ใช้เวลาทั้งหมด",
  "setup.counting": "การนับ",
  "setup.countingTitle": "ผู้เล่นนับเอง: เมื่อไม่มีเบี้ยคว่ำเหลือ ฝ่ายที่จะเดินขอนับศักดิ์กระดานได้ ฝ่ายที่นับหยุดนับได้ และถ้าฝ่ายที่นับรุกจน ถือว่าเสมอ (หมากรุกไทย หมากป้อง หมากรุกกัมพูชา)",
  "counting.automatic": "อัตโนมัติ (แบบเอ็นจิน)",
  "counting.players": "ผู้เล่นนับเอง",
  "setup.fen": "ตำแหน่งเริ่มต้น (FEN; ว่าง: ตำแหน่งเริ่มต้นของเกม)",
  "setup.fenPlaceholder": "ตำแหน่งเริ่มต้น",
  "setup.start": "เริ่มเกม",
  "game.takeback": "ย้อนตาเดิน",
  "game.takebackLabel": "ย้อนตาเดินของคุณ",
  "game.draw": "ขอเสมอ",
  "game.drawTitle": "Khun ตกลงเสมอเมื่อตารางปลายกระดานบอกว่าเสมอ หรือตั้งแต่ตาที่ 11 เมื่อคะแนนของ Khun เป็น +0.25 หรือน้อยกว่า",
  "game.resign": "ยอมแพ้",
  "game.resignAsk": "ต้องการยอมแพ้จริงหรือไม่?",
  "game.resignYes": "ใช่ ยอมแพ้",
  "game.resignNo": "ไม่ เล่นต่อ",
  "game.new": "เกมใหม่",
  "game.analyse": "วิเคราะห์เกม",
  "game.leaveAndAnalyse": "ออกจากเกมแล้ววิเคราะห์",
  "recent.title": "เกมที่คุณเล่นจบแล้ว",
  "recent.label": "เกมที่คุณเล่นจบแล้ว: กดเพื่อดูเกมนั้นอีกครั้ง",
  "recent.note": "บันทึกไว้ในเบราเซอร์นี้เท่านั้น เกมที่กำลังเล่นอยู่ก็บันทึกไว้ด้วย แม้รีเฟรชหน้าเว็บ",
  "recent.entry": "{white} – {black}: {result}{termination}, {game}, {moves}{date}",
  "recent.termination": " ({reason})",
  "recent.move": "{n} ตา",
  "recent.moves": "{n} ตา",
  "analysis.start": "วิเคราะห์",
  "analysis.startLabel": "เริ่มวิเคราะห์",
  "analysis.stop": "หยุด",
  "analysis.stopLabel": "หยุดวิเคราะห์",
  "analysis.scoresNote": "คะแนนจากฝ่ายขาว หน่วยเป็นเบี้ย; ชนะ เสมอ แพ้: ของฝ่ายที่จะเดิน",
  "analysis.lines": "จำนวนเส้นทาง",
  "analysis.depthLimit": "ความลึก",
  "analysis.infinite": "ไม่รู้จบ",
  "analysis.done": ", เสร็จสิ้น",
  "analysis.showThreat": "แสดงตาเดินที่ดีที่สุดของฝ่ายตรงข้าม",
  "analysis.threatTitle": "ตาเดินที่ดีที่สุดของฝ่ายตรงข้าม ถ้าเป็นตาฝ่ายนั้นเดิน (ลูกศรแดง)",
  "analysis.threat": "ถ้าฝ่ายตรงข้ามได้เดิน: {moves} ({score})",
  "analysis.threatWaiting": "ถ้าฝ่ายตรงข้ามได้เดิน: …",
  "analysis.threatSkipped.check": "ไม่แสดง: ฝ่ายที่จะเดินถูกรุกอยู่",
  "analysis.threatSkipped.unavailable": "ไม่แสดง: ฝ่ายตรงข้ามเดินไม่ได้",
  "analysis.gameOn": "กำลังเล่นอยู่: ถอดหมากได้เมื่อเกมจบ (หรือกด ออกจากเกมแล้ววิเคราะห์)",
  "analysis.free": "วิเคราะห์ตำแหน่งบนกระดาน; เดินได้ทั้งสองฝ่าย",
  "analysis.stoppedIn": "หยุดใน {ms} ms",
  "analysis.wdl": "ชนะ {w}% เสมอ {d}% แพ้ {l}%",
  "analysis.wdlTitle": "ชนะ / เสมอ / แพ้ ของฝ่ายที่จะเดิน",
  "analysis.depth": "ความลึก {depth}",
  "analysis.nodes": ", {nodes} ตำแหน่ง",
  "analysis.nps": ", {knps} พันตำแหน่งต่อวินาที",
  "review.title": "วิเคราะห์ทั้งเกม",
  "review.perPosition": "เอ็นจินดูต่อตำแหน่ง",
  "review.quick": "50 000 ตำแหน่ง (เร็ว)",
  "review.normal": "200 000 ตำแหน่ง",
  "review.slow": "1 000 000 ตำแหน่ง (ใช้เวลามาก)",
  "review.annotate": "วิเคราะห์ทั้งเกม",
  "review.annotateLabel": "ให้เอ็นจินวิเคราะห์ทั้งเกม",
  "review.cancel": "ยกเลิก",
  "review.graph": "คะแนนทั้งเกม",
  "review.marksNote": "?! ? ??: ตาเดินที่ทำให้ฝ่ายที่เดินเสียเปรียบลง 10%, 20%, 30% ขึ้นไป (ชนะ + เสมอ / 2 จากเอ็นจิน)",
  "review.progress": "กำลังวิเคราะห์ตำแหน่งที่ {i} จาก {n}…",
  "review.done": "เสร็จสิ้นใน {seconds} วินาที: {blunders} ??, {mistakes} ?, {inaccuracies} ?!",
  "review.stopped": "หยุด",
  "review.preferred": "{move}: Khun เลือก {best}",
  "review.graphMark": "ตาเดินที่ {n}: {mark}",
  "pgn.export": "บันทึกไฟล์เกม",
  "pgn.exportLabel": "PGN ของเกมนี้",
  "pgn.copy": "คัดลอก",
  "pgn.download": "ดาวน์โหลด PGN",
  "pgn.link": "URL ของเกมนี้",
  "pgn.linkLabel": "คัดลอก URL ของเกมนี้",
  "pgn.import": "นำเข้าเกม",
  "pgn.importLabel": "วาง PGN ที่นี่",
  "pgn.file": "ไฟล์ PGN",
  "pgn.gameInFile": "เกมในไฟล์",
  "pgn.copied": "คัดลอก {what} แล้ว",
  "pgn.shown": "{what}: {text}",
  "pgn.what.pgn": "PGN",
  "pgn.what.link": "URL",
  "pgn.noGame": "PGN ไม่ถูกต้อง",
  "pgn.unreadable": "PGN ไม่ถูกต้อง: {error}",
  "pgn.readUpTo": "นำเข้าถึงตาที่ {n} ของ{Side} {san}: {error}",
  "pgn.kept": "นำเข้า {kept} จาก {total} ตาเดิน: {error}",
  "pgn.cannotRead": "PGN ไม่ถูกต้อง: {error}",
  "pgn.loaded": "นำเข้าเกม: {white} – {black}, {plies} ตาเดิน",
  "moves.title": "ตาเดิน",
  "moves.label": "ตาเดิน",
  "moves.entry": "{Side} {n}: {san}",
  "moves.marks": "ตาเดินนี้",
  "moves.promote": "ให้เป็นตาเดินของเกม",
  "moves.deleteFrom": "ลบตั้งแต่ตาเดินนี้",
  "moves.comment": "บันทึกของตาเดินนี้",
  "footer.runs": "Khun เอ็นจินหมากรุกไทย (GPL-3.0-or-later) อยู่ในหน้านี้ ไม่ต้องออนไลน์",
  "footer.art": "ภาพตัวหมาก:",
  "footer.see": "(CC BY-SA 4.0); ดู",
  "footer.keys": "← → Home End: ดูตาเดิน, f: กลับกระดาน, s: เปิด/ปิดเสียง",
  "pgn.readNone": "นำเข้าตาเดินไม่ได้: {error}",

  "side.white": "ขาว",
  "side.black": "ดำ",
  "Side.white": "ขาว",
  "Side.black": "ดำ",
  "player.you": "คุณ",
  "player.khun": "Khun ({level})",
  "level.full.short": "ระดับสูงสุด",
  "level.short": "ระดับ {level}, ≈ {elo} Elo",
  "level.elo.short": "Elo {elo}",

  "status.end": "{reason}: {result}",
  "status.yourMove": "ตาคุณเดิน",
  "status.thinking": "Khun กำลังคิด…",
  "status.inCheck": " (ถูกรุก)",
  "status.over": "เกมจบแล้ว",
  "status.toMove": "ตา{Side}เดิน",
  "status.toMoveInCheck": "ตา{Side}เดิน ถูกรุก",
  "status.at": " (ตาเดินที่ {n} จาก {total})",
  "status.setUp": ": วางหมากในมือ",
  "status.setUpYours": ": วางหมากในมือของคุณ",

  "result.draw": "เสมอ",
  "result.win": "คุณชนะ",
  "result.loss": "Khun ชนะ",
  "result.white": "ขาวชนะ",
  "result.black": "ดำชนะ",
  "result.line": "{result} · {reason}",

  "reason.White mates": "ขาวรุกจน",
  "reason.Black mates": "ดำรุกจน",
  "reason.White checks": "ขาวรุก",
  "reason.Black checks": "ดำรุก",
  "reason.Fifty-move rule": "กติกา 50 ตา",
  "reason.Stalemate": "อับ",
  "reason.Counting rule": "นับครบ",
  "reason.Mate by the counting side": "ฝ่ายที่นับรุกจน",
  "reason.Insufficient material": "หมากไม่พอรุกจน",
  "reason.Only promotions left": "เหลือแต่ตาเลื่อนยศ",
  "reason.Resignation": "ยอมแพ้",
  "reason.Time forfeit": "หมดเวลา",
  "reason.Draw agreed": "ตกลงเสมอ",
  "reason.Abandoned": "ละทิ้งเกม",
  "reason.Left unfinished": "ยังเล่นไม่จบ",
  "reason.from the PGN": "จาก PGN",

  "table.line": "ตารางปลายกระดาน: {text}",
  "table.verdict": "{side}ชนะ",
  "table.rulesText": "{ending}: {verdict}",
  "table.countRunsOut": "เสมอ (นับครบก่อนรุกจน)",

  "count.honour.board": "ศักดิ์กระดาน",
  "count.honour.piece": "ศักดิ์หมาก",
  "count.line": "{Counting}นับ{honour} {number} (นับถึง {of}) ",
  "count.lineZero": "{Counting}นับ{honour}: ตาเดินต่อไปของ{Counting}นับ ๑ (นับถึง {of}) ",
  "count.ranOutMated": "นับครบแล้ว แต่ตาสุดท้ายรุกจน",
  "count.ranOut": "นับครบแล้ว: เสมอ",
  "count.mustMate": "{Mating}ต้องไล่ให้จนภายใน {n} ตา",
  "count.mustMatePlural": "{Mating}ต้องไล่ให้จนภายใน {n} ตา",
  "count.countingMate": " ถ้า{Counting}รุกจนระหว่างนับ ถือว่าเสมอ",
  "count.startedNoFields": "{Counting}นับศักดิ์กระดาน: ตาเดินต่อไปของ{Counting}นับ ๑ (นับถึง {of})",
  "count.mayStart": "ยังไม่นับ: {Side}ขอนับศักดิ์กระดานได้ (นับถึง {moves})",
  "count.rulesText": "{line}",
  "count.otherTitle": "{line}",
  "count.actor.khun": "Khun",
  "count.action.you.start": "คุณเริ่มนับ",
  "count.action.you.stop": "คุณหยุดนับ",
  "count.action.other.start": "{who} เริ่มนับ",
  "count.action.other.stop": "{who} หยุดนับ",
  "count.nextIsOne": "{action}: ตาเดินต่อไปของ{Side}นับ ๑",
  "count.cannotPlayers": "ผู้เล่นนับเองในเกมนี้ไม่ได้: {error}",
  "count.cannotAutomatic": "นับอัตโนมัติในเกมนี้ไม่ได้: {error}",
  "count.nowPlayers": "ผู้เล่นนับเอง: กด นับ เพื่อเริ่มนับ, กด หยุดนับ เพื่อหยุดนับ",
  "count.nowAutomatic": "นับอัตโนมัติ",
  "count.ended": "{reason}: {result}",

  "say.youPlayed": "คุณเดิน {san}",
  "say.khunPlayed": "Khun เดิน {san}",
  "say.khunCountNotAllowed.start": "Khun จะเริ่มนับ แต่กติกาไม่ให้นับที่นี่",
  "say.khunCountNotAllowed.stop": "Khun จะหยุดนับ แต่กติกาไม่ให้หยุดที่นี่",
  "say.khunIllegal": "Khun เดิน {move} ซึ่งเดินผิดกติกา",
  "say.joined": "{first}. {second}",
  "say.gameOver": "เกมจบแล้ว: {result} ({reason})",
  "say.takenBack": "ย้อนตาเดินแล้ว: ตาคุณเดิน",
  "say.considersDraw": "Khun กำลังคิดว่าจะตกลงเสมอหรือไม่…",
  "say.declinesDraw": "Khun ไม่ตกลงเสมอ ({why}) ตาคุณเดิน",
  "draw.tableWhy": "ตารางปลายกระดาน: {text}",
  "draw.tooEarly": "Khun ไม่ตกลงเสมอก่อนตาที่ {first} และนี่คือตาที่ {move}",
  "draw.scoreWhy": "คะแนนของ Khun เป็น {score} มากกว่า +{limit}",
  "draw.mate": "จน",
  "draw.mated": "-จน",
  "say.cannotStart": "เริ่มเกมจากตำแหน่งนี้ไม่ได้: {error}",
  "say.newGameKhunFirst": "เกมใหม่: Khun เดินก่อน",
  "say.newGameYourMove": "เกมใหม่: ตาคุณเดิน",
  "say.backKhunToMove": "เกมของคุณกลับมาแล้ว: ตา Khun เดิน",
  "say.backYourMove": "เกมของคุณกลับมาแล้ว: ตาคุณเดิน",
  "say.backToGame": "กลับสู่เกม",
  "say.chooseNext": "เลือกเกมต่อไปแล้วเริ่มเกม",
  "say.leftGame": "คุณออกจากเกมแล้ว: ตาเดินยังอยู่ให้วิเคราะห์",
  "say.notAStart": "ตำแหน่งเริ่มต้นนี้ไม่ใช่ของ{game}: {error}",
  "say.boardBack": "กระดานของคุณกลับมาแล้ว",
  "say.review": "ดูเกม: {white} – {black}, {result}",
  "say.notBroughtBack": "เกมของคุณกลับมาไม่ได้: {error}",
  "say.badLink": "ตำแหน่งใน URL ไม่ถูกต้อง: {error}",
  "say.engineError": "เอ็นจิน: {error}",

  "gameInfo.main": "{game}: คุณเล่นฝ่าย{side} กับ Khun ({level}), {time}{pace}{counting}",
  "gameInfo.pace.instant": ", Khun เดินทันที",
  "gameInfo.pace.human": ", Khun คิดแบบผู้เล่นตามระดับ",
  "gameInfo.pace.clock": ", Khun ใช้เวลาทั้งหมด",
  "gameInfo.moveTime": "Khun ใช้ {seconds} วินาที ต่อตาเดิน",
  "gameInfo.players": "; ผู้เล่นนับเอง (นับ และ หยุดนับ)",
  "gameInfo.automatic": "",

  "variant.makruk": "หมากรุกไทย",
  "variant.cambodian": "หมากรุกกัมพูชา",
  "variant.karouk": "Kar Ouk",
  "variant.makpong": "หมากป้อง",
  "variant.asean": "หมากรุกอาเซียน",
  "variant.ai-wok": "Ai-wok",
  "variant.sittuyin": "หมากรุกพม่า",

  "piece.k": "ขุน",
  "piece.m": "เม็ด",
  "piece.s": "โคน",
  "piece.n": "ม้า",
  "piece.r": "เรือ",
  "piece.p": "เบี้ย",
  "piece.q": "เม็ด",
  "piece.b": "โคน",
  "piece.a": "ai-wok",
  "piece.f": "เบี้ยหงาย",
  "piece.named": "{piece}{Side}",

  "refusal.fenEmpty": "FEN ว่าง",
  "refusal.fenPlacementChar": "ตำแหน่งใน FEN ไม่ถูกต้อง: '{char}' (ตัวที่ {position})",
  "refusal.fenRankLength": "แถวที่ {rank} ของ FEN มี {files} ตา ไม่ใช่ 8 ตา",
  "refusal.fenRankCount": "FEN มี {ranks} แถว ไม่ใช่ 8 แถว",
  "refusal.fenHandForm": "หมากในมือ '{text}' ต้องอยู่ใน [ ]",
  "refusal.fenHandNotInGame": "'{text}': หมากในมือมีแต่ในหมากรุกพม่า",
  "refusal.fenHandChar": "'{char}' ในหมากในมือไม่ใช่ตัวหมากของเกมนี้",
  "refusal.fenHandTooMany": "'{letter}' ในมือมากเกินไป",
  "refusal.fenSide": "ฝ่ายที่จะเดินเป็น '{text}' ต้องเป็น w หรือ b",
  "refusal.fenCastling": "'{text}' ต้องเป็น '-' (หมากรุกกัมพูชา และ Kar Ouk: สูตรขุนและสูตรเม็ดที่ยังเดินได้ เช่น 'DEde')",
  "refusal.fenChecks": "'{text}': มีแต่ Kar Ouk ที่บอกว่าขาวและดำรุกได้อีกกี่ครั้ง เช่น '1+1'",
  "refusal.fenNumber": "{fieldName} ใน FEN เป็น '{text}' ไม่ถูกต้อง",
  "refusal.fenField.4": "นับถึง",
  "refusal.fenField.5": "นับแล้ว",
  "refusal.fenField.6": "ตาเดินที่",
  "refusal.fenExtraFields": "FEN มีมากเกินไป: '{text}'",
  "refusal.kingCount": "{Side}มีขุน {found} ตัว ต้องมี {expected} ตัว",
  "refusal.tooManyPieces": "{Side}มีหมากเกิน {most} ตัว",
  "refusal.pawnOnPromotionRank": "เบี้ย{side}ที่ {square} ต้องเลื่อนยศแล้ว",
  "refusal.sideNotToMoveInCheck": "{Side}ถูกรุกอยู่ แต่ไม่ใช่ตา{Side}เดิน",
  "refusal.unknownVariant": "'{name}' ไม่ใช่ชนิดเกมที่ Khun เล่น",
  "refusal.moveMalformed": "'{move}' ไม่ใช่ตาเดิน",
  "refusal.moveIllegal": "'{move}' เดินผิดกติกา",
  "refusal.moveAmbiguous": "'{move}' เดินได้มากกว่าหนึ่งตัว",
  "refusal.gameEnded": "'{move}' อยู่หลังจากเกมจบแล้ว",
  "refusal.unknownPieceLetter": "'{move}': '{letter}' ไม่ใช่ตัวหมากของเกมนี้",
  "refusal.countStartedRange": "เริ่มนับที่ {value} ไม่ได้",
  "refusal.countNotByHand": "{variant}: ผู้เล่นนับเองไม่ได้ นับอัตโนมัติเท่านั้น",
  "refusal.countStartedBeyond": "เริ่มนับที่ {value} ไม่ได้: ตำแหน่งนี้เป็นตาเดินที่ {ply}",
  "refusal.countStartedWithPawn": "เริ่มนับที่ตาเดินที่ {ply} ไม่ได้: ยังมีเบี้ยคว่ำอยู่",
  "refusal.countAutomatic": "เกมนี้นับอัตโนมัติ ผู้เล่นเริ่มนับหรือหยุดนับไม่ได้",
  "refusal.countRunning": "กำลังนับอยู่แล้ว",
  "refusal.countPawns": "ยังมีเบี้ยคว่ำอยู่ เริ่มนับไม่ได้",
  "refusal.countNotRunning": "ยังไม่มีการนับ",
  "refusal.countNotCountingSide": "ฝ่ายที่นับ ({Side}) เท่านั้นหยุดนับได้",
  "refusal.countActionAfterLastMove": "การนับที่ตาเดินที่ {ply} อยู่หลังจากตาเดินสุดท้าย ({moves})",
  "refusal.countStartNotHere": "เริ่มนับก่อนตาเดินที่ {next} ไม่ได้",
  "refusal.countStopNotHere": "หยุดนับก่อนตาเดินที่ {next} ไม่ได้",
  "refusal.countUnknownLimit": "นับถึง {limit} ตาเดิน ไม่มีในเกมนี้ (มีแต่ {limits})",
  "refusal.countWithPawns": "ยังมีเบี้ยคว่ำอยู่ ยังไม่นับ: ให้ นับถึง ว่าง",
  "refusal.countBelowStart": "นับแล้ว {ply} ตาเดิน: ศักดิ์หมากกับหมากบนกระดานนี้ต้องนับไม่น้อยกว่า {least}",
  "refusal.countRunOut": "นับแล้ว {ply} ตาเดิน มากกว่านับถึง ({limit}): นับครบแล้ว",
  "refusal.pgnCommentNotClosed": "บันทึกที่เปิดด้วย { ไม่ได้ปิดด้วย }",
  "refusal.pgnTagNoName": "[\"...\"] ไม่มีชื่อ",
  "refusal.pgnTagNoValue": "[{name}] ต้องเป็น [{name} \"...\"]",
  "refusal.pgnTagValueNotClosed": "[{name} \"... ไม่ได้ปิดด้วย \"",
  "refusal.pgnTagNotClosed": "[{name} ... ไม่ได้ปิดด้วย ]",
  "refusal.pgnStray": "'{char}' อยู่ที่นี่ไม่ได้",
  "refusal.pgnVariationNotClosed": "เส้นทางที่เปิดด้วย ( ไม่ได้ปิดด้วย )",
  "refusal.pgnVariationNotOpened": "ไม่มี ( ก่อน )",
  "refusal.pgnNoResult": "ตาเดินของเกมต้องจบด้วย 1-0, 0-1, 1/2-1/2 หรือ *",
  "refusal.pgnUnknownVariant": "'{variant}' ไม่ใช่ชนิดเกมที่ Khun เล่น",
  "refusal.pgnFen": "[FEN]: {reason}",
  "refusal.pgnNotByHand": "[Counting \"players\"]: {variant} ผู้เล่นนับเองไม่ได้",
  "refusal.pgnMove": "ตาเดินที่ {moveNumber} {reason}",
  "refusal.pgnMoveAfterEnd": "ตาเดินที่ {moveNumber} '{move}' อยู่หลังจากเกมจบแล้ว",
  "refusal.pgnCountCommand": "{after}: [%count {command}] ไม่ใช่ [%count start] หรือ [%count stop]",
  "refusal.pgnCountAction": "{after}: [%count {action}]: {reason}",
  "refusal.after": "หลังจาก {move}",
  "refusal.atStart": "ก่อนตาเดินที่ 1",
  "refusal.pgnVariationCut": "นำเข้าเส้นทาง {kept} ตาเดิน แล้วหยุด: ตาเดินที่ {moveNumber} {reason}",
  "refusal.pgnVariationCut.none": "ไม่ได้นำเข้าเส้นทาง: ตาเดินที่ {moveNumber} {reason}",
  "refusal.pgnVariationBeforeAnyMove": "ไม่ได้นำเข้าเส้นทางที่อยู่ก่อนตาเดินที่ 1",
};

/** The tables, for the test that they have the same keys and the Thai words' check. */
export const STRINGS = { en: ENGLISH, th: THAI };

/**
 * A part's own words, kept in its own file (the Learn tab's puzzles, trainer and guide):
 * added to both tables at its import. Both languages must have the same keys, and no key
 * may be one the tables already hold.
 */
export function addWords(english, thai) {
  const missing = Object.keys(english).filter((k) => !(k in thai)).concat(Object.keys(thai).filter((k) => !(k in english)));
  if (missing.length) throw new Error(`words in one language only: ${missing.join(", ")}`);
  const taken = Object.keys(english).filter((k) => k in ENGLISH);
  if (taken.length) throw new Error(`words already there: ${taken.join(", ")}`);
  Object.assign(ENGLISH, english);
  Object.assign(THAI, thai);
}
export const LANGUAGES = ["en", "th"];

let current = "en";
const listeners = [];

/** The language of the browser: Thai where its first Thai or English choice is Thai. */
export function browserLanguage(languages = navigator.languages || [navigator.language || "en"]) {
  for (const tag of languages) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base === "th") return "th";
    if (base === "en") return "en";
  }
  return "en";
}

/** "en" or "th". */
export function language() {
  return current;
}

/** The text of `key` in the page's language, `{name}` replaced by `params.name`. */
export function t(key, params = {}) {
  const table = STRINGS[current];
  let text = key in table ? table[key] : key in ENGLISH ? ENGLISH[key] : key;
  return text.replace(/\{([A-Za-z]+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** `key` if the table has it, else `fallback` (a reason or verdict from elsewhere, as it came). */
export function tOr(key, fallback, params = {}) {
  return key in ENGLISH ? t(key, params) : fallback;
}

/**
 * A refusal of the rules in the page's language: an Error from khun.js (its `.code` and
 * `.params`), a PGN game's (`errorCode`, `errorParams`), a game the PGN reader could not
 * read or one of its notes (`code`, `params`, `error`) or a problem of `checkFen`. The
 * sentence `refusal.<code>` where the tables have one; else the rules' own English, as it
 * came.
 */
export function refusalText(e) {
  if (!e) return "";
  if (typeof e === "string") return e;
  const message = e.message || e.error || String(e);
  const code = e.code || e.errorCode;
  return code ? refusalWords(code, e.params || e.errorParams || {}, message) : message;
}

/**
 * The sentence of refusal `code` with its values `raw` in the page's words: a side named
 * in the language, a game by its title, a list of numbers as a list, where a PGN's count
 * comment stands (`after`), a FEN field by its name, and a `reason` that is itself a code
 * by its own sentence (with the same values). `fallback` (the rules' English) where the
 * tables have no sentence for the code or its reason. A variation cut with no move kept
 * is said as left out (`.none`).
 */
function refusalWords(code, raw, fallback) {
  const key = `refusal.${code}`;
  if (!(key in ENGLISH)) return fallback;
  const params = { ...raw };
  if (params.side === "white" || params.side === "black") {
    params.Side = sideName(params.side, true);
    params.side = sideName(params.side);
  }
  if (typeof params.variant === "string") params.variant = variantTitle(params.variant);
  if (Array.isArray(params.limits)) params.limits = params.limits.join(", ");
  if ("after" in params) params.after = params.after === null ? t("refusal.atStart") : t("refusal.after", { move: params.after });
  if ("field" in params) params.fieldName = tOr(`refusal.fenField.${params.field}`, String(params.field));
  if (typeof params.reason === "string") {
    if (!(`refusal.${params.reason}` in ENGLISH)) return fallback;
    const { reason, ...rest } = raw;
    params.reason = refusalWords(reason, rest, fallback);
  }
  return t(params.kept === 0 && `${key}.none` in ENGLISH ? `${key}.none` : key, params);
}

const THAI_DIGITS = "๐๑๒๓๔๕๖๗๘๙";

/** A number of the count: Thai digits in Thai, as the Thai pages on the count write it. */
export function countNumber(n) {
  const s = String(n);
  return current === "th" ? s.replace(/[0-9]/g, (d) => THAI_DIGITS[Number(d)]) : s;
}

/** A side's name: "white" / "ขาว" (`capital`: "White"). */
export function sideName(color, capital = false) {
  return t(`${capital ? "Side" : "side"}.${color}`);
}

/**
 * A piece's name for the board's words: `p` = {letter, white, promoted} as board.js reads
 * a FEN ("White horse", "ม้าขาว"). board.js's pieceName can call this.
 */
export function pieceName(p) {
  // "piece.f" is the promoted pawn; sittuyin's F (its general, a met by its move) is the met.
  const letter = p.letter.toLowerCase();
  const kind = p.promoted ? "f" : letter === "f" ? "m" : letter;
  const piece = tOr(`piece.${kind}`, kind);
  return t("piece.named", { Side: sideName(p.white ? "white" : "black", true), piece });
}

/** The games' names ("Makruk", "หมากรุกไทย"). */
export function variantTitle(name) {
  return tOr(`variant.${name}`, name);
}

/** A game's end reason in words: the rules' or the page's English reason, translated where known. */
export function reasonText(reason) {
  return tOr(`reason.${reason}`, reason);
}

/** Calls `fn` after each switch of language (the page re-renders what it shows). */
export function onLanguageChange(fn) {
  listeners.push(fn);
}

// Elements whose text a function makes (say(), the game's line): made again on a switch.
const dynamic = new Map();

/** Sets `el`'s text from `make()` now and again after each switch of language. */
export function showText(el, make) {
  if (!el) return;
  if (typeof make === "function") {
    dynamic.set(el, make);
    el.textContent = make();
  } else {
    dynamic.delete(el);
    el.textContent = make;
  }
}

/**
 * index.html's words: `data-i18n` (the text), `data-i18n-title`, `data-i18n-aria-label`,
 * `data-i18n-placeholder`, each naming a key; the text's parameters are the element's
 * data-* attributes (`data-level="1" data-elo="1548"`).
 */
export function applyStatic(root = document) {
  // An element's other data-* attributes are the text's parameters (an option's level and Elo).
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n, el.dataset);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-aria-label]")) el.setAttribute("aria-label", t(el.dataset.i18nAriaLabel));
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  if (root === document) document.title = t("page.title");
}

/** The language switch's buttons show which is on. */
function markSwitch() {
  for (const b of document.querySelectorAll("#lang-switch [data-lang]")) {
    b.setAttribute("aria-pressed", String(b.dataset.lang === current));
  }
}

/** Switches the page to `lang` ("en" / "th"); `keep`: remember it (the player chose it). */
export function setLanguage(lang, keep = true) {
  if (!LANGUAGES.includes(lang)) return;
  current = lang;
  if (keep) saveValue(LANGUAGE_KEY, lang);
  document.documentElement.lang = lang;
  applyStatic();
  for (const [el, make] of dynamic) {
    if (el.isConnected) el.textContent = make();
    else dynamic.delete(el);
  }
  markSwitch();
  for (const fn of listeners) fn(lang);
}

/** The language at start: the one the player chose before, else the browser's. */
export function startLanguage() {
  const kept = loadValue(LANGUAGE_KEY);
  setLanguage(LANGUAGES.includes(kept) ? kept : browserLanguage(), false);
  for (const b of document.querySelectorAll("#lang-switch [data-lang]")) {
    b.addEventListener("click", () => setLanguage(b.dataset.lang));
  }
}
