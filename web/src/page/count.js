// Counting as players count (makruk, makpong, Ouk Chatrang): the Counting setting, the
// count's line under the board, and the Count and Stop count buttons.
// Khun's web page. GPL-3.0-or-later, like the project.

import { $, say } from "./util.js";
import { t, sideName, countNumber, reasonText, refusalText } from "./i18n.js";
import { store } from "./store.js";
import { stateAt, playersCounting, playersCountable, countActionWords, readLine, variantInfo } from "./position.js";
import { board } from "./moves.js";

/** The setup's Counting setting shows the convention of the line on the board. */
export function syncCountingSetting() {
  const S = store.state;
  const sel = $("counting");
  if (!sel || !S.rules) return;
  if (!S.playing) sel.value = S.counting;
  updateCountingChoice();
}

/** Players' counting is offered for makruk, makpong and cambodian only. */
export function updateCountingChoice() {
  const sel = $("counting");
  const hand = playersCountable(store.state, $("variant").value);
  sel.querySelector("option[value='players']").disabled = !hand;
  if (!hand) sel.value = "automatic";
}

/**
 * The count as players say it, in the page's words, of a rules' state `st`: "Black
 * counts: 3 of 64" after Black's own third move; in Thai "ดำนับศักดิ์กระดาน ๓ (นับถึง ๖๔)",
 * the count's numbers in Thai digits. `players`: the line is counted as players count;
 * `countMoves`: the game's board's honour in moves (the rules' variant facts). Returns
 * {text, title, honour, counting, urgent}, or null where there is nothing to say. The
 * count's line under the board and the rules guide's worked examples both say it so.
 */
export function countLine(st, players, countMoves) {
  const c = st.count;
  if (c) {
    const honour = t(`count.honour.${c.honour}`);
    const Counting = sideName(c.counting, true);
    const Mating = sideName(c.mating, true);
    const of = countNumber(c.of);
    let text = c.number === 0
      ? t("count.lineZero", { Counting, of, honour })
      : t("count.line", { Counting, number: countNumber(c.number), of, honour });
    const mated = st.end && st.end.result !== "1/2-1/2";
    if (c.exceeded) text += t(mated ? "count.ranOutMated" : "count.ranOut");
    // A position the rules end (a mate, say) has no deadline left: the line says the end.
    else if (st.end) text += t("count.ended", { reason: reasonText(st.end.reason), result: st.end.result });
    else text += t(c.movesLeft === 1 ? "count.mustMate" : "count.mustMatePlural", { Mating, n: countNumber(c.movesLeft) });
    if (players && c.honour === "board" && !st.end) text += t("count.countingMate", { Counting });
    // The tooltip: the rules' words in English (the count in plies), where the game goes
    // on; in Thai, and at the end, the line's own words (no other count beside it).
    const title = st.end ? text : t("count.rulesText", { text: c.text || st.countText || "", line: text });
    return { text, title, honour: c.honour, counting: c.counting, urgent: !st.end && (c.movesLeft <= 3 || !!c.exceeded) };
  }
  if (players && st.countStarted > 0) {
    // Started in a position where no count binds yet (a FEN without count fields: the
    // count is counted from the first move on, as pyffish counts it).
    const side = (st.countStarted - 1) % 2 === 0 ? "white" : "black";
    const text = t("count.startedNoFields", { Counting: sideName(side, true), of: countNumber(st.playersCount ? st.playersCount.of : countMoves) });
    return { text, title: t("count.otherTitle", { text: st.countText || "", line: text }), honour: "board", counting: side, urgent: false };
  }
  if (players && st.mayStartCount) {
    // The board's honour's length is the game's (the rules' variant facts: 64, Ouk Chatrang's 63).
    const text = t("count.mayStart", { Side: sideName(st.turn, true), moves: countNumber(countMoves) });
    return { text, title: t("count.otherTitle", { text: st.countText || "", line: text }), honour: null, counting: null, urgent: false };
  }
  return null;
}

/** The count's line under the board (`countLine`), its side and honour as the tests read them. */
export function renderCount(st) {
  const S = store.state;
  const ce = $("count");
  ce.dataset.started = String(st.countStarted || 0);
  const line = countLine(st, playersCounting(S), variantInfo(S).playersCountMoves);
  if (line) {
    ce.textContent = line.text;
    ce.title = line.title;
    if (line.honour) ce.dataset.honour = line.honour;
    else delete ce.dataset.honour;
    if (line.counting) ce.dataset.counting = line.counting;
    else delete ce.dataset.counting;
    ce.classList.toggle("urgent", line.urgent);
    ce.classList.remove("hidden");
  } else {
    // No count here: nothing of another position's count stays (text, tooltip, side).
    ce.textContent = "";
    ce.removeAttribute("title");
    delete ce.dataset.honour;
    delete ce.dataset.counting;
    ce.classList.remove("urgent");
    ce.classList.add("hidden");
  }
}

/**
 * Count and Stop count, under players' counting: enabled where the player to move (you,
 * in a game against Khun; either side on a free board) may start or stop the count now,
 * at the end of the line.
 */
export function renderCountControls(st) {
  const S = store.state;
  const box = $("count-controls");
  const players = playersCounting(S);
  box.classList.toggle("hidden", !players);
  if (!players) return;
  const atEnd = S.cursor === S.moves.length;
  let mayAct = atEnd && !st.end && !S.result && !S.annotating;
  if (S.playing) mayAct = mayAct && st.turn === S.game.human;
  $("btn-count").disabled = !(mayAct && st.mayStartCount);
  $("btn-stop-count").disabled = !(mayAct && st.mayStopCount);
}

/** The player to move starts or stops the count (the Count and Stop count buttons). */
export function playerCountAction(action) {
  const S = store.state;
  const ply = S.moves.length;
  if (!playersCounting(S) || S.cursor !== ply || S.result || S.annotating || board.editing) return;
  const st = stateAt(S, ply);
  if (st.end || (S.playing && st.turn !== S.game.human)) return;
  if (!(action === "start" ? st.mayStartCount : st.mayStopCount)) return;
  store.act("countAction", ply, action);
  say(() => (action === "start"
    ? t("count.nextIsOne", { action: countActionWords(S, ply, action), Side: sideName(st.turn, true) })
    : countActionWords(S, ply, action)));
}

/**
 * The Counting setting changed with no game against Khun on the board: the line on the
 * board is counted that way from its start (no count running: under players' counting the players start it).
 * Refused where the line cannot be counted so (the automatic count ran out before its end).
 */
export function changeCounting(counting) {
  const S = store.state;
  // In or after a game the setting is for the next game: the game keeps its count.
  if (S.game) return;
  if (!playersCountable(S, S.variant) || counting === S.counting) { store.act("setCounting", counting); return; }
  let line;
  try {
    line = readLine(S, S.variant, S.startFen, S.moves, counting, []);
  } catch (e) {
    $("counting").value = S.counting;
    say(() => t(counting === "players" ? "count.cannotPlayers" : "count.cannotAutomatic", { error: refusalText(e) }));
    return;
  }
  say(() => t(counting === "players" ? "count.nowPlayers" : "count.nowAutomatic"));
  store.act("recount", line);
}

// The setup's Counting setting follows each new line on the board (and a game's).
for (const action of ["showLine", "recount", "startGame"]) store.on(action, syncCountingSetting);
