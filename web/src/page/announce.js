// The announcement line (#announce, a polite live region read whole): what just happened,
// for the eye and for screen readers. What the page says in one go (a move and the end
// of the game it brings, Khun's count and its move) is said together, the one after the
// other, so the last does not wipe out the first before it is read.
// No page state: the element and the page's ways of showing and joining text come as
// arguments. Khun's web page. GPL-3.0-or-later, like the project.

// Per element: what has been said since the page's current piece of work began.
const turns = new WeakMap();

/**
 * Says `text` in `el`: a function of the page's language (said again after a switch) or
 * text as it is. `show(el, make)` writes it (i18n.js's showText); `join(first, second)`
 * joins two sentences ("{first}. {second}").
 */
export function announce(el, text, show, join) {
  if (!el) return;
  const make = typeof text === "function" ? text : () => text;
  let turn = turns.get(el);
  if (!turn) {
    turn = [];
    turns.set(el, turn);
    // The page's current piece of work (an event handler, or the continuation after
    // Khun's answer) ends before the next microtask: what it says after that is new.
    queueMicrotask(() => turns.delete(el));
  }
  turn.push(make);
  const said = turn.slice();
  show(el, () => said.map((f) => f()).reduce((first, second) => join(first, second)));
}
