// The seasalt service worker: keeps the whole site in the browser's Cache Storage, so
// the game loads and plays with the network cut after one visit.
//
// build.py fills in VERSION (a hash of every built file's bytes) and FILES (every file
// of the site, relative to this script). Each version has its own cache; a new deploy
// means a new sw.js, which caches the new files next to the old ones and then waits:
// the open pages keep the version they started with (this worker serves them their
// own files) until the player reloads. boot.js shows "A new version is ready" with a
// Reload button, which asks the waiting worker to take over ("activate") and reloads.
// A worker that takes over keeps the previous version's cache (one generation): a page of that version still open in another tab asks for its bots'
// worker and archives with ?v=ITS_VERSION (boot.js, bots-worker.js) and is served from
// its own cache, or refused when it is gone, never another build's file. Every URL is
// relative to this script, so the site works under any sub-path (a GitHub Pages project
// site lives at USER.github.io/REPO/).
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
// unchanged bytes are not downloaded again, and a stale copy is never kept. A failed
// install leaves no cache behind (it would pass for the previous version's).
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) =>
        cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" }))))
      .catch((error) => caches.delete(CACHE).then(() => { throw error; })),
  );
});

// A new version waits until a page asks for it (the player pressed Reload); the first
// version takes over at once (no page runs another one).
self.addEventListener("message", (event) => {
  if (event.data === "activate") self.skipWaiting();
});

// The caches kept when this version takes over: its own and the newest one made before
// it (caches.keys() lists them in the order they were made), the previous version's.
const kept = (keys) => {
  const versions = keys.filter((key) => key.startsWith(PREFIX));
  const before = versions.slice(0, Math.max(versions.indexOf(CACHE), 0));
  return new Set([CACHE, ...before.slice(-1)]);
};

// Activate: delete the caches of older versions (keeping the previous one), and serve
// the open pages. (The snapshot of Pyodide's start-up, pyodide/start.mjs, has a cache
// of its own, not named with PREFIX: it outlives a deploy that leaves Pyodide as it was.)
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => {
        const keep = kept(keys);
        return Promise.all(keys.filter((key) => key.startsWith(PREFIX) && !keep.has(key))
          .map((key) => caches.delete(key)));
      })
      .then(() => self.clients.claim()),
  );
});

// Fetch: the site's own files come from the cache first (the page's query string,
// e.g. ?players=you,hard, does not matter); anything else goes to the network. A file
// asked for with ?v=VERSION comes from that version's cache: a network error when it
// is not kept (the bots then think on the page), never another version's bytes.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  const version = url.searchParams.get("v") || VERSION;
  url.search = "";
  url.hash = "";
  let key = url.href;
  if (request.mode === "navigate" && (key === SCOPE || key === INDEX)) key = INDEX;
  if (!LISTED.has(key) && version === VERSION) return;
  if (version !== VERSION) {
    event.respondWith(
      caches.has(PREFIX + version)
        .then((kept) => kept && caches.open(PREFIX + version))
        .then((cache) => cache && cache.match(key, { ignoreVary: true }))
        .then((hit) => hit || Response.error()),
    );
    return;
  }
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(key, { ignoreVary: true }))
      .then((hit) => hit || fetch(request)),
  );
});
