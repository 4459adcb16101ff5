// Start-up helper for the seasalt page, a plain script that runs before Python does.
//
// 1. Progress: the loading screen's bar follows the start-up, from the downloads of
//    Pyodide's files (index.html preloads them) to PyScript's "py:progress" events,
//    until main.py leaves <body data-phase="loading">.
// 2. Offline: once the page is playable, register the service worker (sw.js), which
//    caches the whole site for the next visit. A new version of the site, found then,
//    is told to take over: the page has loaded everything it needs by that time.
//
// Everything here is optional: without it, the page still loads (with a sweeping bar).
"use strict";

(() => {
  const loading = document.getElementById("loading");
  const bar = loading && loading.querySelector(".progress");
  const status = loading && loading.querySelector(".status");

  // Share of the bar at each step: the downloads, by rough size, then Python's start.
  const DOWNLOADS = {
    "pyodide/pyodide.mjs": 0.02,
    "pyodide/pyodide.asm.mjs": 0.1,
    "pyodide/pyodide.asm.wasm": 0.45,
    "pyodide/python_stdlib.zip": 0.18,
  };
  const STEPS = {
    "Loaded interpreter": [0.88, "Unpacking the game\u2026"],
    "Loaded Pyodide": [0.95, "Setting the table\u2026"],
  };
  let done = 0.05;
  const seen = new Set();

  const show = (value, text) => {
    if (!bar || value < done) return;
    done = Math.min(value, 1);
    bar.classList.add("determinate");
    bar.style.setProperty("--progress", done.toFixed(3));
    bar.setAttribute("aria-valuenow", String(Math.round(done * 100)));
    if (text && status) status.textContent = text;
  };

  if (bar) {
    bar.setAttribute("aria-valuemin", "0");
    bar.setAttribute("aria-valuemax", "100");
    show(done, "Downloading the game engine\u2026");
    if ("PerformanceObserver" in window) {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const name = Object.keys(DOWNLOADS).find((file) => entry.name.endsWith(file));
          if (name && !seen.has(name)) {
            seen.add(name);
            const all = seen.size === Object.keys(DOWNLOADS).length;
            show(done + DOWNLOADS[name], all ? "Starting Python\u2026" : "");
          }
        }
      }).observe({ type: "resource", buffered: true });
    }
    addEventListener("py:progress", (event) => {
      const step = STEPS[event.detail];
      if (step) show(Math.max(done, step[0]), step[1]);
    });
  }

  // ---- the service worker ------------------------------------------------------------

  const register = () => {
    navigator.serviceWorker.register("./sw.js").then((registration) => {
      // a new version, installed (its files cached) and waiting: let it take over
      const track = (worker) => {
        if (!worker) return;
        const ready = () => worker.state === "installed" && worker.postMessage("activate");
        if (!ready()) worker.addEventListener("statechange", ready);
      };
      track(registration.waiting);
      track(registration.installing);
      registration.addEventListener("updatefound", () => track(registration.installing));
    }).catch((error) => {
      // No offline play (e.g. a private window); the game itself is unaffected.
      console.warn("seasalt: offline play unavailable:", error);
    });
  };

  if ("serviceWorker" in navigator) {
    const body = document.body;
    const ready = () => !["loading", "error"].includes(body.dataset.phase);
    if (ready()) {
      register();
    } else {
      const watch = new MutationObserver(() => {
        if (ready()) {
          watch.disconnect();
          register();
        }
      });
      watch.observe(body, { attributes: true, attributeFilter: ["data-phase"] });
    }
  }
})();
