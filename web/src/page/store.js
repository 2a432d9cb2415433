// The page's one state and the only way it changes: named actions (actions.js).
//
// `store.state` is the state as the modules read it: a read-only view (writing to it, or
// to anything in it, throws), so every change goes through `store.act(name, ...args)`,
// which runs that action on the state itself, then tells the action's listeners
// (`store.on(name, fn)`: what follows an action elsewhere, say Khun's answer after your
// move) and, once the outermost action is done, the subscribers (`store.subscribe(fn)`:
// the page drawn again, kept, analysed). Actions named in QUIET_ACTIONS change only what
// their own listeners draw (the engine's lines, many a second), so the page is not drawn
// again for them.
//
// The modules import this store and the rules (position.js), not one another's state;
// what one part does after another's action is a listener, never an import back up.
// Khun's web page. GPL-3.0-or-later, like the project.

import { ACTIONS, QUIET_ACTIONS, initialState } from "./actions.js";

/** A value held by reference, never drawn into the read-only view (the rules, the engine, caches). */
const isPlain = (v) => v !== null && typeof v === "object" && (Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype);

/**
 * A store over `initial`, changed only by `actions` (name -> (state, ...args) => result).
 * Returns {state, act, on, subscribe}.
 */
export function createStore(initial, actions, quiet = new Set()) {
  const raw = initial;
  let depth = 0;
  let dirty = false;
  let notifying = false;
  const listeners = new Map();
  const subscribers = [];
  const views = new WeakMap();

  function refuse() {
    throw new TypeError("the page's state changes only through store.act(name, ...)");
  }
  function view(target) {
    if (!isPlain(target)) return target;
    let v = views.get(target);
    if (!v) {
      v = new Proxy(target, {
        get: (t, key) => view(Reflect.get(t, key)),
        set: refuse,
        deleteProperty: refuse,
        defineProperty: refuse,
      });
      views.set(target, v);
    }
    return v;
  }

  function act(name, ...args) {
    const action = actions[name];
    if (!action) throw new Error(`no action named ${name}`);
    depth++;
    let result;
    try {
      result = action(raw, ...args);
      if (!quiet.has(name)) dirty = true;
      for (const fn of listeners.get(name) || []) fn(...args);
    } finally {
      depth--;
    }
    // The subscribers once the outermost action is done; an action a subscriber takes
    // (the analysis following the position shown) draws the page once more after them.
    if (depth === 0 && dirty && !notifying) {
      notifying = true;
      try {
        for (let round = 0; dirty && round < 4; round++) {
          dirty = false;
          for (const fn of subscribers) fn();
        }
      } finally {
        notifying = false;
      }
    }
    return result;
  }

  function on(name, fn) {
    if (!actions[name]) throw new Error(`no action named ${name}`);
    if (!listeners.has(name)) listeners.set(name, []);
    listeners.get(name).push(fn);
  }

  function subscribe(fn) {
    subscribers.push(fn);
  }

  return { state: view(raw), act, on, subscribe };
}

/** The page's store: its state and actions (actions.js). */
export const store = createStore(initialState(), ACTIONS, QUIET_ACTIONS);
