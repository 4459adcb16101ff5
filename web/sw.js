// The seasalt service worker: keeps the whole site in the browser's Cache Storage, so
// the game loads and plays with the network cut after one visit.
//
// build.py fills in VERSION (a hash of every built file's bytes) and FILES (every file
// of the site, relative to this script). Each version has its own cache; a new deploy
// means a new sw.js, which caches the new files next to the old ones, then takes over
// and deletes the old caches. Every URL is relative to this script, so the site works
// under any sub-path (a GitHub Pages project site lives at USER.github.io/REPO/).
"use strict";

const VERSION = "@SEASALT_CACHE_VERSION@";
const FILES = @SEASALT_PRECACHE@;

const PREFIX = "seasalt-";
const CACHE = PREFIX + VERSION;
const SCOPE = new URL("./", self.location).href;
const INDEX = new URL("./index.html", SCOPE).href;
const LISTED = new Set(FILES.map((file) => new URL(file, SCOPE).href));

// Install: fetch every file into this version's cache. "no-cache" revalidates what
// the browser's HTTP cache already holds (the page just loaded most of it), so
// unchanged bytes are not downloaded again, and a stale copy is never kept.
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" })))),
  );
});

// A new version waits until the page says it is ready (it has finished loading, so
// swapping the files under it is safe); the first version takes over at once.
self.addEventListener("message", (event) => {
  if (event.data === "activate") self.skipWaiting();
});

// Activate: delete the caches of other versions, and serve the open pages. (The
// snapshot of Pyodide's start-up, pyodide/start.mjs, has a cache of its own, not named
// with PREFIX: it outlives a deploy that leaves Pyodide as it was.)
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE)
          .map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

// Fetch: the site's own files come from the cache first (the page's query string,
// e.g. ?players=you,hard, does not matter); anything else goes to the network.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  let key = url.href;
  if (request.mode === "navigate" && (key === SCOPE || key === INDEX)) key = INDEX;
  if (!LISTED.has(key)) return;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(key, { ignoreVary: true }))
      .then((hit) => hit || fetch(request)),
  );
});
