// The page offline and up to date: registers the service worker (sw.js beside
// index.html; web/src/sw.js says what it keeps) once the engine is ready, so the page's
// own first loads go first and the worker then fills its cache from the browser's HTTP
// cache. When a new build has been installed beside the running one, a notice says so,
// with a button that switches to it now (every open tab of the page reloads; the game
// in progress is kept, as across any reload); without the button, the new build takes
// over the next time the page is opened with no tab of it left open.
// Its own module, loaded by its own <script> in index.html: the page runs without it.
// Khun's web page. GPL-3.0-or-later, like the project.

import { language, showText } from "./i18n.js";

// Its words, Thai from the page's glossary (I18N.md; web/tests/offline.test.js checks).
export const WORDS = {
  en: { text: "A new version of Khun is ready; the game in progress is kept.", button: "Refresh" },
  th: { text: "Khun ใหม่พร้อม เกมที่กำลังเล่นอยู่ก็บันทึกไว้ด้วย", button: "รีเฟรชหน้าเว็บ" },
};
const words = (key) => (WORDS[language()] || WORDS.en)[key];

// An hour: how often a page left open asks whether a new build is served.
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Resolves once the engine's status says ready, or 30 s after `load` if it never does. */
function engineReady() {
  return new Promise((resolve) => {
    const status = document.getElementById("engine-status");
    const ready = () => status && status.dataset.ready === "1";
    if (ready()) return resolve();
    if (status) {
      new MutationObserver((_, observer) => {
        if (ready()) {
          observer.disconnect();
          resolve();
        }
      }).observe(status, { attributes: true, attributeFilter: ["data-ready"] });
    }
    // Where the engine fails, the page's files are still worth keeping.
    window.addEventListener("load", () => setTimeout(resolve, 30000));
  });
}

/** The notice of a new build, with the button that switches to it. */
function offer(worker) {
  if (document.getElementById("khun-update")) return;
  const box = document.createElement("div");
  box.id = "khun-update";
  box.setAttribute("role", "status");
  // Styles through the CSSOM: the page's Content-Security-Policy takes no inline style.
  box.style.cssText =
    "position: fixed; left: 50%; bottom: 1rem; transform: translateX(-50%); z-index: 1000;" +
    "display: flex; gap: 0.8rem; align-items: center; max-width: calc(100% - 2rem);" +
    "background: var(--panel); color: var(--ink); border: 1px solid var(--accent);" +
    "border-radius: 6px; padding: 0.5rem 0.8rem; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.25);";
  const text = document.createElement("span");
  const button = document.createElement("button");
  button.type = "button";
  button.id = "khun-update-button";
  showText(text, () => words("text"));
  showText(button, () => words("button"));
  button.addEventListener("click", () => {
    button.disabled = true;
    worker.postMessage({ khun: "skipWaiting" });
  });
  box.append(text, button);
  document.body.append(box);
}

/** Offers the build `registration` has installed and waiting, now or once it is. */
function watch(registration) {
  const installed = (worker) => {
    // With no controller this is the first install: nothing older to replace.
    if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
  };
  const follow = (worker) => {
    if (!worker) return;
    installed(worker);
    worker.addEventListener("statechange", () => installed(worker));
  };
  follow(registration.waiting);
  follow(registration.installing);
  registration.addEventListener("updatefound", () => follow(registration.installing));
}

async function start() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  // A page the worker already controlled reloads when a newer one takes over (the
  // player's button here or in another tab): its files and the new build's must not mix.
  const updating = !!navigator.serviceWorker.controller;
  let reloaded = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (updating && !reloaded) {
      reloaded = true;
      location.reload();
    }
  });
  await engineReady();
  let registration;
  try {
    registration = await navigator.serviceWorker.register("sw.js");
  } catch (error) {
    // No sw.js (a page served from web/src with a stand-in engine), or no storage: the
    // page works as before, online.
    console.info(`Khun: no offline copy: ${error.message}`);
    return;
  }
  // A browser that blocks service workers may answer with none: the page works online.
  if (!registration) return;
  watch(registration);
  // A page left open (an installed app) asks now and then; a navigation asks by itself.
  let checked = Date.now();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && Date.now() - checked > UPDATE_CHECK_MS) {
      checked = Date.now();
      registration.update().catch(() => {});
    }
  });
}

start();
