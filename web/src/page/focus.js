// The keyboard's focus where the player expects it after an action that hides, disables
// or makes anew the control that had it (the browser would drop it on the page's body,
// and the next Tab would start again from the top): a promotion chosen goes back to the
// board, "No, play on" to Resign, a move of the list made anew stays on the move shown.
// No page state: the rules (below) name elements, and this watches the page's elements.
// Khun's web page. GPL-3.0-or-later, like the project.

/** Shown, enabled and in the page: the focus may go there. */
export function usable(el) {
  return !!el && el.isConnected && !el.disabled && el.getClientRects().length > 0;
}

const FOCUSABLE = "button, input, select, textarea, a[href], [tabindex]";

/**
 * Watches `root` (the page) and brings the focus back when the focused control is lost.
 * `rules`: `{ within, key?, to }`, the first whose `within` (a selector) holds the lost
 * control decides; `key(el)`, read while it had the focus, names it (a move's ply); `to(key,
 * how)` lists where to go, in order (selectors, elements or "nearest": the nearest usable
 * control beside it in `within`), `how` being "key" or "pointer" (the player's last
 * press). Where none is usable, `fallback()`'s list.
 */
export function keepFocus(root, rules, fallback = () => []) {
  let lost = null; // the control with the focus: { el, rule, key, box, siblings }
  let how = "pointer";
  document.addEventListener("keydown", () => { how = "key"; }, true);
  document.addEventListener("pointerdown", () => { how = "pointer"; }, true);

  document.addEventListener("focusin", (e) => {
    const el = e.target;
    const rule = rules.find((r) => el.closest && el.closest(r.within));
    const box = rule ? el.closest(rule.within) : null;
    lost = { el, rule, box, key: rule && rule.key ? rule.key(el) : null,
      siblings: box ? [...box.querySelectorAll(FOCUSABLE)] : [] };
  });
  // The focus left for elsewhere than a control (a click on the page, another window)
  // while the control is still there: nothing to bring back. Told once the page's work is
  // done: a control taken out of the page loses the focus while it is still in it.
  document.addEventListener("focusout", (e) => {
    const el = e.target;
    if (e.relatedTarget) return;
    setTimeout(() => { if (lost && lost.el === el && usable(el)) lost = null; }, 0);
  });

  const resolve = (c) => {
    if (c === "nearest") {
      const at = lost.siblings.indexOf(lost.el);
      const near = lost.siblings.map((el, i) => [Math.abs(i - at) - (i > at ? 0.5 : 0), el])
        .filter(([, el]) => el !== lost.el && usable(el)).sort((a, b) => a[0] - b[0]);
      return near.length ? near[0][1] : null;
    }
    return typeof c === "string" ? document.querySelector(c) : c;
  };

  const check = () => {
    if (!lost) return;
    const active = document.activeElement;
    if (active && active !== document.body && active !== lost.el) return;
    if (usable(lost.el)) return;
    const wanted = [...(lost.rule ? lost.rule.to(lost.key, how) : []), ...fallback(how)];
    const target = wanted.map(resolve).find(usable);
    if (!target) return;
    // Moved by the keyboard: the focus is shown where it lands; after a click or a tap
    // the page does not scroll for it (a phone's view stays where the action put it).
    target.focus({ preventScroll: how !== "key" });
  };
  // Chessground redraws the board's own elements all the time: those never hold the focus.
  const board = root.querySelector("#board");
  new MutationObserver((records) => {
    if (records.some((r) => !board || !board.contains(r.target) || r.target === board)) check();
  }).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["class", "disabled", "hidden"] });
}
