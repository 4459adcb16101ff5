// Start-up helper for the seasalt page, a plain script that runs before Python does.
//
// 1. Language and theme, before the page is painted: the language is `?lang=xx` in the
//    address (then remembered), else the one remembered in localStorage
//    ("seasalt.lang"), else the first of the browser's languages (navigator.languages)
//    that the game speaks, else English. It goes into <html lang> (where Python reads
//    it), picks the manifest of that language and preloads its catalog
//    (./locale/<code>.mo.gz, which the page then fetches). The stored theme
//    ("seasalt.theme": light, dark or contrast) goes into <html data-theme>; none, or
//    "auto", follows the system's prefers-color-scheme.
// 2. The loading screen in that language: build.py writes the words shown before
//    Python runs (the presenter's boot_texts: the loading screen, the manifest, the
//    skip link, the footer) in every language in place of the marker below.
// 3. Progress: the loading screen's bar follows the start-up, from the downloads of
//    Pyodide's files (index.html preloads them) to PyScript's "py:progress" events,
//    until main.py leaves <body data-phase="loading">.
// 4. Pyodide's start-up snapshot, if this browser keeps one (pyodide/start.mjs): its
//    bytes are read from Cache Storage now, while PyScript loads, as
//    window.seasaltSnapshot (a promise of {url, bytes: a promise of an ArrayBuffer}, or
//    of null); start.mjs takes them if the URL is its build's.
// 5. Offline: once the page is playable, register the service worker (sw.js), which
//    caches the whole site for the next visit. A new version of the site, found then
//    (or when the page is shown again), is announced, never forced: #update-notice
//    ("A new version is ready: reload when you like") with a Reload button, which
//    lets the new version take over and reloads. Until then this page keeps its own
//    version's files: it asks for the bots' worker and the archives with the build's
//    version, SITE_VERSION (seasaltBoot.url), which sw.js serves from that version's
//    cache.
//
// Everything here is optional: without it, the page still loads (in English, with a
// sweeping bar). It works deferred or not: what needs the body waits for it.
// window.seasaltBoot tells the page what was chosen and can re-apply a language.
"use strict";

// build.py writes the site's version here (tools/build/site_files.py's stamp)
const SITE_VERSION = "@SEASALT_SITE_VERSION@";

(() => {
  const root = document.documentElement;

  // ---- language and theme ------------------------------------------------------------

  // build.py: {"languages": ["en", "fr", ...], "texts": {"fr": {"loading-status": ...}},
  // "form": {"rows": 5, "kinds": [...]}, "setup": {"fr": {"games": [...], ...}}}
  const BOOT = "@SEASALT_BOOT_TEXTS@";
  const built = typeof BOOT === "object" && BOOT !== null;
  const LANGUAGES = built ? BOOT.languages : ["en"];
  const TEXTS = built ? BOOT.texts : {};
  const SETUP = (built && BOOT.setup) || {};
  const SOURCE = "en";
  const LANG_KEY = "seasalt.lang";
  const THEME_KEY = "seasalt.theme";
  const THEMES = ["light", "dark", "contrast"];

  const storage = {
    get(key) {
      try { return window.localStorage.getItem(key); } catch (_error) { return null; }
    },
    set(key, value) {
      try { window.localStorage.setItem(key, value); } catch (_error) { /* private mode */ }
    },
  };

  // "fr", "fr-BE", "fr_FR" -> "fr" when the game speaks it, else null
  const known = (tag) => {
    const primary = String(tag || "").trim().toLowerCase().split(/[-_]/)[0];
    return LANGUAGES.includes(primary) ? primary : null;
  };

  const choose = () => {
    let asked = null;
    try { asked = known(new URLSearchParams(window.location.search).get("lang")); } catch (_e) { /* no URL */ }
    if (asked) {
      storage.set(LANG_KEY, asked);
      return asked;
    }
    const stored = known(storage.get(LANG_KEY));
    if (stored) return stored;
    const wanted = navigator.languages && navigator.languages.length
      ? navigator.languages : [navigator.language];
    for (const tag of wanted) {
      const code = known(tag);
      if (code) return code;
    }
    return SOURCE;
  };

  const word = (lang, key) => (TEXTS[lang] && TEXTS[lang][key]) || (TEXTS[SOURCE] && TEXTS[SOURCE][key]) || "";

  const controlled = () => {
    try { return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller); } catch (_e) { return false; }
  };

  const theme = storage.get(THEME_KEY);
  if (THEMES.includes(theme)) root.dataset.theme = theme;

  let language = choose();
  const head = document.head || root;

  const preloadCatalog = (code) => {
    if (!built || code === SOURCE) return;
    const href = `./locale/${code}.mo.gz`;
    if (head.querySelector(`link[rel="preload"][href="${href}"]`)) return;
    const link = document.createElement("link");
    link.rel = "preload";
    link.href = href;
    link.as = "fetch";
    link.crossOrigin = "anonymous"; // the page's fetch() of it: same mode, no second request
    head.appendChild(link);
  };

  const linkManifest = (code) => {
    const link = document.querySelector('link[rel="manifest"]');
    if (!link || !built) return;
    link.setAttribute("href", code === SOURCE ? "./manifest.webmanifest"
      : `./manifest-${code}.webmanifest`);
  };

  // the fixed words shown before Python runs (data-text, data-text-aria-label, ...):
  // the loading screen, the skip link, the footer; other keys are not in TEXTS
  const translateLoading = (code) => {
    if (!built) return;
    for (const element of document.querySelectorAll("[data-text]")) {
      const text = word(code, element.dataset.text);
      if (text) element.textContent = text;
    }
    for (const attribute of ["aria-label", "title", "placeholder"]) {
      const data = `data-text-${attribute}`;
      for (const element of document.querySelectorAll(`[${data}]`)) {
        const text = word(code, element.getAttribute(data));
        if (text) element.setAttribute(attribute, text);
      }
    }
    // <noscript> is only shown when this script cannot run: it stays as written.
  };

  const apply = (code, remember) => {
    language = known(code) || SOURCE;
    root.lang = language;
    if (remember) storage.set(LANG_KEY, language);
    linkManifest(language);
    if (document.body) translateLoading(language);
    return language;
  };

  apply(language, false);
  preloadCatalog(language);

  window.seasaltBoot = {
    /** The languages the game speaks, English first. */
    languages: LANGUAGES.slice(),
    /** The language chosen at start-up (or by the last apply()). */
    get language() { return language; },
    /** Set <html lang>, the manifest link and the loading screen's words to `code`;
     * remember it unless `remember` is false. Returns the code in use. */
    apply: (code, remember = true) => apply(code, remember),
    /** A loading-screen, manifest or setup-screen word ("loading-status", ...) in `code`. */
    text: (key, code = language) => word(code, key),
    /** What setup-early.js fills the setup form with in `code` (null when unbuilt). */
    setup: (code = language) => SETUP[code] || SETUP[SOURCE] || null,
    /** The setup form's seat rows as Python builds them: {rows, kinds} (null unbuilt). */
    form: (built && BOOT.form) || null,
    /** The build's version ("38fc052adca7f3a4"), null when unbuilt. */
    version: SITE_VERSION.startsWith("@") ? null : SITE_VERSION,
    /** `name` (one of the site's files, "./seasalt-more.zip.zst") with the build's
     * version ("?v=...") when a service worker serves this page: sw.js then answers
     * it from this version's cache. (Without one, the name as it is: the network has
     * only one version, and the HTTP cache holds the file under its plain name.) */
    url: (name) => (SITE_VERSION.startsWith("@") || !controlled() ? name
      : `${name}${name.includes("?") ? "&" : "?"}v=${encodeURIComponent(SITE_VERSION)}`),
    /** Start fetching `code`'s catalog (the page fetches it once Python runs). */
    prefetch: (code) => preloadCatalog(known(code) || SOURCE),
  };

  // ---- Pyodide's start-up snapshot -----------------------------------------------------

  // start.mjs's SNAPSHOT_CACHE, which holds one snapshot at most
  const SNAPSHOT_CACHE = "seasalt.pyodide-snapshot";
  try {
    if (window.caches) {
      window.seasaltSnapshot = caches.has(SNAPSHOT_CACHE).then(async (kept) => {
        if (!kept) return null;
        const cache = await caches.open(SNAPSHOT_CACHE);
        const [request] = await cache.keys();
        const response = request && (await cache.match(request));
        if (!response) return null;
        const bytes = response.arrayBuffer();
        bytes.catch(() => {}); // start.mjs sees a failure, if it takes them
        return { url: request.url, bytes };
      }).catch(() => null);
    }
  } catch {
    // not a secure context: no Cache Storage
  }

  // ---- what needs the body -------------------------------------------------------------

  const whenBody = (run) => {
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", run, { once: true });
    } else {
      run();
    }
  };

  whenBody(() => {
    translateLoading(language);
    progress();
    offline();
  });

  // ---- progress ------------------------------------------------------------------------

  function progress() {
    const loading = document.getElementById("loading");
    const bar = loading && loading.querySelector(".progress");
    const status = loading && loading.querySelector(".status");
    if (!bar) return;
    const say = (key, english) => word(language, key) || english;

    // Share of the bar at each step: the downloads, by rough size, then Python's start.
    // (about their share of the bytes of a first visit)
    const DOWNLOADS = {
      "pyodide/pyodide.mjs": 0.01,
      "pyodide/pyodide.asm.mjs": 0.05,
      "pyodide/pyodide.asm.wasm": 0.5,
      "pyodide/python_stdlib.zip": 0.12,
      "/seasalt-start.zip.zst": 0.05,
    };
    const STEPS = {
      "Loaded interpreter": [0.88, "loading-unpack", "Unpacking the game\u2026"],
      "Loaded Pyodide": [0.95, "loading-table", "Setting the table\u2026"],
    };
    let done = 0.05;
    const seen = new Set();

    const show = (value, text) => {
      if (value < done) return;
      done = Math.min(value, 1);
      bar.classList.add("determinate");
      bar.style.setProperty("--progress", done.toFixed(3));
      bar.setAttribute("aria-valuenow", String(Math.round(done * 100)));
      if (text && status) status.textContent = text;
    };

    bar.setAttribute("aria-valuemin", "0");
    bar.setAttribute("aria-valuemax", "100");
    show(done, say("loading-download", "Downloading the game engine\u2026"));
    if ("PerformanceObserver" in window) {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const name = Object.keys(DOWNLOADS).find((file) => entry.name.endsWith(file));
          if (name && !seen.has(name)) {
            seen.add(name);
            const all = seen.size === Object.keys(DOWNLOADS).length;
            show(done + DOWNLOADS[name], all ? say("loading-python", "Starting Python\u2026") : "");
          }
        }
      }).observe({ type: "resource", buffered: true });
    }
    addEventListener("py:progress", (event) => {
      const step = STEPS[event.detail];
      if (step) show(Math.max(done, step[0]), say(step[1], step[2]));
    });
  }

  // ---- the service worker --------------------------------------------------------------

  function offline() {
    if (!("serviceWorker" in navigator)) return;
    const register = () => {
      navigator.serviceWorker.register("./sw.js").then((registration) => {
        // a new version, installed (its files cached) and waiting: announce it, if
        // this page runs an older one (none controls a first visit: nothing to say)
        const track = (worker) => {
          if (!worker) return;
          const ready = () => {
            if (worker.state !== "installed") return false;
            if (navigator.serviceWorker.controller) announce(registration);
            return true;
          };
          if (!ready()) worker.addEventListener("statechange", ready);
        };
        track(registration.waiting);
        track(registration.installing);
        registration.addEventListener("updatefound", () => track(registration.installing));
        // a page left open for days: look for a new version when it is shown again
        document.addEventListener("visibilitychange", () => {
          if (document.visibilityState === "visible") registration.update().catch(() => {});
        });
      }).catch((error) => {
        // No offline play (e.g. a private window); the game itself is unaffected.
        console.warn("seasalt: offline play unavailable:", error);
      });
    };

    // #update-notice: shown once a new version waits; its button lets it take over
    // (sw.js's "activate") and reloads once it controls the page. Never automatic.
    let reloading = false;
    const reload = () => {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    };
    function announce(registration) {
      const notice = document.getElementById("update-notice");
      if (!notice || !notice.hidden) return;
      translateLoading(language);
      const button = notice.querySelector("button");
      if (button) {
        button.addEventListener("click", () => {
          button.disabled = true;
          const waiting = registration.waiting;
          if (!waiting) {
            reload(); // it took over already (another tab's Reload)
            return;
          }
          navigator.serviceWorker.addEventListener("controllerchange", reload);
          waiting.postMessage("activate");
        });
      }
      notice.hidden = false;
    }

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
