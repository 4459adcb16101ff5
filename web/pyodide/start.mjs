// Pyodide, started from a memory snapshot of its own start-up when this browser holds
// one. PyScript (pyscript.toml's interpreter) and the bots' web worker load Pyodide
// through this module; build.py copies it beside the vendored pyodide.mjs (PyScript
// takes Pyodide's indexURL from the interpreter's folder) and fills in KEY.
//
// A plain start runs Pyodide's whole bootstrap: the interpreter's initialization and
// the standard-library imports of Pyodide's own Python code, most of a warm visit's
// start-up. After one, once the page has settled, snapshot-worker.mjs starts a second
// Pyodide in a web worker with `_makeSnapshot` (on the page itself that option wraps
// the `js` module, which PyScript cannot work with), takes its memory right after the
// bootstrap and keeps it in Cache Storage under KEY. Later visits, online or offline,
// hand it to loadPyodide as `_loadSnapshot` and skip the bootstrap.
//
// KEY is a hash of Pyodide's files and the shipped standard library, so a new build of
// either never restores an old snapshot (zipimport's directory of the old archive would
// be in it); the worker deletes snapshots under other keys. The snapshot is taken
// before any of the page's code runs: it holds no game, save or player's data. A
// snapshot that cannot be read or restored is deleted and Pyodide starts plainly.
//
// Marks for the benchmark and the tests: seasalt-pyodide-restored (the snapshot was
// used), seasalt-pyodide-started (a plain start), then seasalt-snapshot-kept or
// seasalt-snapshot-failed on the page that asked for one.

import { loadPyodide as loadPlainly, version } from "./pyodide.mjs";

export { version };

const KEY = "@SEASALT_SNAPSHOT_KEY@";
// not "seasalt-…": the service worker deletes those caches but its own
export const SNAPSHOT_CACHE = "seasalt.pyodide-snapshot";
export const SNAPSHOT_URL = new URL(`./snapshot-${KEY}.bin`, import.meta.url).href;
const SETTLE_MS = 2000; // after a plain start, before the worker starts

async function readSnapshot() {
  try {
    if (!globalThis.caches) return null; // not a secure context
    const hit = await caches.match(SNAPSHOT_URL, { cacheName: SNAPSHOT_CACHE });
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

async function forgetSnapshot() { // the only one it may hold
  try {
    await caches.delete(SNAPSHOT_CACHE);
  } catch {
    // nothing to forget
  }
}

function makeSnapshotLater() {
  if (!globalThis.document || !globalThis.caches || !globalThis.Worker) return;
  // the browser tests that do not look at snapshots set this, to spare the CPU
  if (globalThis.seasaltNoSnapshot) return;
  const done = (outcome, detail) => {
    performance.mark(`seasalt-snapshot-${outcome}`, { detail });
  };
  const start = () => {
    let worker;
    try {
      worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url),
        { type: "module" });
    } catch (error) {
      done("failed", String(error));
      return;
    }
    worker.onmessage = (event) => {
      worker.terminate();
      done(event.data.kept ? "kept" : "failed", event.data);
    };
    worker.onerror = () => {
      worker.terminate();
      done("failed", "the worker did not start");
    };
    worker.postMessage({ cache: SNAPSHOT_CACHE, url: SNAPSHOT_URL });
  };
  const idle = globalThis.requestIdleCallback ?? ((f) => setTimeout(f, 0));
  setTimeout(() => idle(start, { timeout: SETTLE_MS }), SETTLE_MS);
}

/**
 * Pyodide's loadPyodide, from this browser's snapshot when it holds one.
 *
 * @param {object} options loadPyodide's options (PyScript's, or the bots' worker's)
 * @returns {Promise<object>} the started Pyodide
 */
export async function loadPyodide(options = {}) {
  const snapshot = await readSnapshot();
  if (snapshot) {
    try {
      const pyodide = await loadPlainly({ ...options, _loadSnapshot: snapshot });
      // the snapshot's `random` was seeded once, when it was taken
      pyodide.runPython("import random; random.seed()");
      performance.mark("seasalt-pyodide-restored");
      return pyodide;
    } catch (error) {
      console.warn("seasalt: Pyodide's saved start-up could not be used;"
        + " starting plainly", error);
      await forgetSnapshot();
    }
  }
  const pyodide = await loadPlainly(options);
  performance.mark("seasalt-pyodide-started");
  makeSnapshotLater();
  return pyodide;
}
