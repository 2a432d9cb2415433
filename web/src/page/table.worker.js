// Endgame-table verdicts off the page's thread: a probe can take a second or more the
// first time an ending is met (the tables are built in memory), so the page asks here
// and shows the verdict when it comes. Messages: {id, variant, fen, moves, countStarted}
// in, {id, table} out (table: null where none decides, as rules.state(...).table;
// countStarted: the players' count, as rules.state takes it).
// Khun's web page. GPL-3.0-or-later, like the project.
/* global Khun, importScripts */
importScripts("../khun.js");
const rules = Khun.loadRules("../" + Khun.defaultFile());

self.onmessage = async (e) => {
  const { id, variant, fen, moves, countStarted } = e.data;
  try {
    const r = await rules;
    self.postMessage({ id, table: r.state(variant, fen, moves, { table: true, countStarted: countStarted || 0 }).table || null });
  } catch (err) {
    self.postMessage({ id, table: null, error: String(err && err.message) });
  }
};
