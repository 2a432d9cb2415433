// The tabs (Play, Analysis, PGN, Editor) as an ARIA tablist, the keyboard pattern of
// WAI-ARIA's Authoring Practices: only the selected tab is in the Tab order (a roving
// tabindex), Left and Right go to the previous and next tab (round), Home and End to the
// first and last, and the tab reached is selected at once. No page state: the page's own
// click listener selects a tab, and this follows `aria-selected` wherever it changes.
// Khun's web page. GPL-3.0-or-later, like the project.

/**
 * Wires `list` (the `role="tablist"` element). `onChange(tab, byTablist)` is called when
 * another tab is selected: `byTablist` is true when the player chose it on the tablist
 * itself (click, tap or keys), false when something else selected it (a PGN imported,
 * "Analyse from here", a link).
 */
export function wireTablist(list, onChange = () => {}) {
  const tabs = () => [...list.querySelectorAll('[role="tab"]')];
  const selected = () => tabs().find((tab) => tab.getAttribute("aria-selected") === "true") || tabs()[0];
  // Where the player's last press (pointer or key) was, to tell their choice of a tab
  // from the page's.
  let lastTarget = null;
  for (const type of ["pointerdown", "keydown"]) {
    document.addEventListener(type, (e) => { lastTarget = e.target; }, true);
  }
  let current = selected();
  const sync = () => {
    const on = selected();
    for (const tab of tabs()) tab.tabIndex = tab === on ? 0 : -1;
    if (on !== current) {
      current = on;
      onChange(on, !!lastTarget && list.contains(lastTarget));
    }
  };
  sync();
  new MutationObserver(sync).observe(list, { subtree: true, attributes: true, attributeFilter: ["aria-selected"] });

  list.addEventListener("keydown", (e) => {
    const all = tabs();
    const at = all.indexOf(e.target);
    if (at < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: all.length - 1 }[e.key];
    if (to === undefined) return;
    // The page's own keys (← → Home End step through the moves) are not for the tabs.
    e.preventDefault();
    e.stopPropagation();
    const tab = all[(to + all.length) % all.length];
    tab.focus();
    if (tab.getAttribute("aria-selected") !== "true") tab.click();
  });
}
