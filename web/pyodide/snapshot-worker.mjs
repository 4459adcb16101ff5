// Takes Pyodide's start-up snapshot for start.mjs, off the page's main thread: a
// Pyodide started with `_makeSnapshot`, the page's engine imported as the page would
// (the message's `files`, fetched and written beside it, then its `code` run: pure
// Python, which holds no JavaScript object), its memory taken and put in Cache Storage
// at the message's `url`, replacing the snapshots of other builds. No game, save or
// player's data is in it. Answers {kept: true, bytes, ms} or {kept: false, error}.

import { loadPyodide } from "./pyodide.mjs";

self.onmessage = async (event) => {
  const { cache: name, url, files, code } = event.data;
  const began = performance.now();
  try {
    const [pyodide, ...contents] = await Promise.all([
      loadPyodide({ indexURL: new URL("./", import.meta.url).href, _makeSnapshot: true }),
      ...files.map(async (file) => {
        const response = await fetch(new URL(file, import.meta.url));
        if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
        return new Uint8Array(await response.arrayBuffer());
      }),
    ]);
    files.forEach((file, i) => pyodide.FS.writeFile(file.split("/").pop(), contents[i]));
    pyodide.runPython(code);
    const bytes = pyodide.makeMemorySnapshot();
    const cache = await caches.open(name);
    for (const old of await cache.keys()) {
      if (old.url !== url) await cache.delete(old);
    }
    await cache.put(url, new Response(bytes,
      { headers: { "Content-Type": "application/octet-stream" } }));
    self.postMessage({ kept: true, bytes: bytes.length, ms: performance.now() - began });
  } catch (error) {
    self.postMessage({ kept: false, error: String(error) });
  }
};
