/*
 * Khun's service worker: the page's files, kept in the browser once per build, so that
 * after a first visit the page opens and plays with no server and no network.
 * page/offline.js registers it once the engine is ready (the page's own first loads
 * come first, and then fill the cache from the browser's HTTP cache, not the network
 * again); web/write-sw.js writes the build (the files and the version) into the copy in
 * web/dist.
 *
 * - install: every file of the build, and the one wasm flavour this browser runs
 *   (khun.wasm, or khun-nosimd.wasm where WebAssembly SIMD is missing), into a cache
 *   named for the version. Each is asked for with `cache: "no-cache"`: the server says
 *   whether the copy the browser holds is current (304) or sends the new one, so a new
 *   build's files are never taken from a stale HTTP cache.
 * - fetch: a file of the build comes from that cache, whatever the network does; the
 *   page's address with any query (index.html?variant=...) is index.html. Anything
 *   else goes to the network as without a service worker.
 * - update: a new build is a new sw.js (the version changed). The browser installs it
 *   beside the running one, which keeps serving the page; the new one waits, and takes
 *   over when no tab of the page is open any more, or at once when the page asks it to
 *   (the player's "Refresh" on the page's notice, page/offline.js): then it deletes the
 *   older versions' caches and takes the open pages, which reload.
 *
 * Copyright the Khun developers; GPL-3.0-or-later.
 */
/* global Khun, importScripts */
"use strict";

const BUILD = null; // web/write-sw.js writes the build here

// khun.js's Khun.defaultFile(): the wasm flavour this browser runs.
importScripts("khun.js");

const PREFIX = "khun-page-";
const CACHE = BUILD && PREFIX + BUILD.version;
const SCOPE = self.registration.scope;
// (A build without wasm, the page with web/tests/mock's stand-in engine: none.)
const WASM = BUILD && BUILD.wasm.simd && (Khun.defaultFile() === "khun.wasm" ? BUILD.wasm.simd : BUILD.wasm.nosimd);
const FILES = BUILD ? new Set([...BUILD.files, WASM].filter(Boolean)) : new Set();

self.addEventListener("install", (event) => {
  if (!BUILD) return;
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        [...FILES].map(async (file) => {
          const response = await fetch(new Request(file, { cache: "no-cache" }));
          if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
          await cache.put(file, response);
        })
      )
    )
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })()
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.khun === "skipWaiting") self.skipWaiting();
  else if (event.data && event.data.khun === "version" && event.ports[0]) {
    event.ports[0].postMessage(BUILD && BUILD.version);
  }
});

/** The build's file a request asks for (a path below the scope), or null. */
function buildFile(request) {
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return null;
  let file = request.url.slice(SCOPE.length).replace(/[?#].*$/, "");
  if (request.mode === "navigate" && file === "") file = "index.html";
  return FILES.has(file) ? file : null;
}

self.addEventListener("fetch", (event) => {
  const file = buildFile(event.request);
  if (!file) return;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(file))
      // The cache can be gone (the browser cleared the site's storage): the network.
      .then((cached) => cached || fetch(event.request))
  );
});
