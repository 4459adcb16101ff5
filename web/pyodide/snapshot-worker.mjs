// Takes Pyodide's start-up snapshot for start.mjs, off the page's main thread: a
// Pyodide started with `_makeSnapshot`, its memory taken right after the bootstrap
// (before any code of the site runs) and put in Cache Storage at the URL the page
// sends, replacing the snapshots of other builds. Answers {kept: true, bytes, ms} or
// {kept: false, error}.

import { loadPyodide } from "./pyodide.mjs";

self.onmessage = async (event) => {
  const { cache: name, url } = event.data;
  const began = performance.now();
  try {
    const pyodide = await loadPyodide({
      indexURL: new URL("./", import.meta.url).href,
      _makeSnapshot: true,
    });
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
