// Pyodide, started from a memory snapshot of its own start-up when this browser holds
// one. PyScript (pyscript.toml's interpreter) and the bots' web worker load Pyodide
// through this module; build.py copies it beside the vendored pyodide.mjs (PyScript
// takes Pyodide's indexURL from the interpreter's folder) and fills in KEY.
//
// A plain start runs Pyodide's whole bootstrap: the interpreter's initialization and
// the standard-library imports of Pyodide's own Python code, most of a warm visit's
// start-up. After one, once the page has settled, snapshot-worker.mjs starts a second
// Pyodide in a web worker with `_makeSnapshot` (on the page itself that option wraps
// the `js` module, which PyScript cannot work with), imports the engine as main.py
// would (ENGINE), takes its memory and keeps it in Cache Storage under KEY. Later
// visits, online or offline, hand it to loadPyodide as `_loadSnapshot`: they skip the
// bootstrap, and main.py finds the engine imported.
//
// KEY is a hash of Pyodide's files, the shipped standard library and ENGINE's files
// (build.py's snapshot_key), so a new build of any of them never restores an old
// snapshot; the worker deletes snapshots under other keys. Nothing of a game, a save
// or a player is in the snapshot: it is taken in the worker, before any of the page's
// own code runs. A snapshot that cannot be read or restored is deleted and Pyodide
// starts plainly.
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
// The page's engine, in the snapshot: the start archive unpacked as main.py does
// (build.py's UNPACK_MODULE and START_ARCHIVE) and the page's bridge modules imported
// (page/boot.py imports them next; the page's own modules import PyScript, so they stay
// out): the table imports the settings, the saves and the messages.
const ENGINE = {
  files: ["../unpack.py", "../seasalt-start.zip.zst"],
  code: "from unpack import unpack_file\nunpack_file('seasalt-start.zip.zst')\n"
    + "import seasalt.web.table, seasalt.web.words",
};

/**
 * This build's snapshot, if this browser keeps one: {bytes: a promise of them}, or null.
 * The page's boot.js began to read it early (window.seasaltSnapshot); a worker reads it.
 */
async function findSnapshot() {
  try {
    if (!globalThis.caches) return null; // not a secure context
    const early = await globalThis.seasaltSnapshot;
    if (early && early.url === SNAPSHOT_URL) return { bytes: early.bytes };
    const hit = await caches.match(SNAPSHOT_URL, { cacheName: SNAPSHOT_CACHE });
    return hit ? { bytes: hit.arrayBuffer() } : null;
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
    worker.postMessage({ cache: SNAPSHOT_CACHE, url: SNAPSHOT_URL, ...ENGINE });
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
  const snapshot = await findSnapshot();
  if (snapshot) {
    try {
      // still being read while Pyodide's script loads (loadPyodide awaits them)
      const bytes = snapshot.bytes.then((buffer) => new Uint8Array(buffer));
      const pyodide = await loadPlainly({ ...options, _loadSnapshot: bytes });
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
