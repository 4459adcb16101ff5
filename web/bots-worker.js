// The bots' web worker: Hard's search off the page's main thread (web/page/thinker.py
// starts it, once, when a game or the setup screen has a Hard bot).
//
// A module worker from this site's own files ("worker-src 'self'"): the vendored Pyodide
// and the page's Python archives (build.py's START_ARCHIVE and MORE_ARCHIVE, unpacked by
// unpack.py as the page's main.py and page/more.py do), nothing else. Python answers
// each message with seasalt.web.worker.answer: a decision as JSON text in (the seat's
// view only, the bot's spec and seed), the chosen action's code as JSON text out. Only
// strings cross the boundary, so no SharedArrayBuffer and no special HTTP header.
//
// Messages to the page: {"type": "ready", "ms": start-up time, "restored": whether
// Pyodide started from the browser's snapshot (pyodide/start.mjs)} once Python is up and
// has imported the bots (seasalt.web.worker.warm_up), or
// {"type": "failed", "error": ...}; then one answer per request, in order.
// For the browser tests, self.seasaltImports() gives what the worker's Python imported
// and looked for in vain (seasalt/web/imports.py).
//
// The build writes its version into SITE_VERSION (tools/build/site_files.py's stamp):
// a page served by the service worker starts this worker as ./bots-worker.js?v=VERSION,
// and the worker then fetches its archives with the same ?v=, so that the service worker (sw.js) serves them from that
// version's cache even after a newer version took over: a page never runs the files
// of two builds. self.seasaltVersion tells the browser tests which build this is.

import { loadPyodide } from "./pyodide/start.mjs";

const SITE_VERSION = "@SEASALT_SITE_VERSION@";
const FILES = ["./unpack.py", "./seasalt-start.zip.zst", "./seasalt-more.zip.zst"];
const STAMPED = !SITE_VERSION.startsWith("@");
self.seasaltVersion = STAMPED ? SITE_VERSION : null;
// asked for with ?v= (the page is served by sw.js): the archives too
const VERSIONED = STAMPED && new URL(import.meta.url).searchParams.has("v");
const began = performance.now();

const fetched = async (name) => {
  const url = new URL(name, import.meta.url);
  if (VERSIONED) url.searchParams.set("v", SITE_VERSION);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
};

const ready = (async () => {
  const [pyodide, ...files] = await Promise.all([
    loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href }),
    ...FILES.map(fetched),
  ]);
  FILES.forEach((name, i) => pyodide.FS.writeFile(name, files[i]));
  const unpack = pyodide.pyimport("unpack");
  for (const name of FILES.slice(1)) unpack.unpack_file(name);
  // what the worker imports, for the browser tests (seasalt/web/imports.py)
  const imports = pyodide.pyimport("seasalt.web.imports");
  imports.install();
  self.seasaltImports = () => imports.report();
  const worker = pyodide.pyimport("seasalt.web.worker");
  worker.warm_up(); // the first answer as fast as the others: the page waits a few seconds
  return worker.answer;
})();

ready.then(
  () => postMessage(JSON.stringify({
    type: "ready",
    ms: performance.now() - began,
    restored: performance.getEntriesByName("seasalt-pyodide-restored").length > 0,
  })),
  (error) => postMessage(JSON.stringify({ type: "failed", error: String(error) })),
);

self.addEventListener("message", async (event) => {
  let answer;
  try {
    answer = await ready;
  } catch (_error) {
    return; // reported once, as "failed": the page thinks on its main thread
  }
  postMessage(answer(String(event.data)));
});
