// The setup form before Python runs: filled in while the engine downloads, taken over
// by Python the moment it is ready (web/page/early.py), which then starts the game
// asked for at once.
//
// A plain deferred script, after boot.js (window.seasaltBoot: the language, the words
// and what the form holds, written by build.py). It does nothing for a link that opens
// a game (?players=...), where the loading screen stays until the table shows, nor in
// an unbuilt page. Otherwise it sets <body data-early="setup"> (the stylesheet then
// shows the setup screen under a slim loading bar) and fills the form's parts that
// Python would (the game chooser, the seat rows, the speeds, the languages) with the
// same elements, names and words. What works before Python: choosing the game, the
// seats (kinds, names, adding and removing rows), the options, the language and the
// theme; Start, Continue (a saved game) and a game file are remembered and done by
// Python as soon as it runs. The form starts as the last game started from it left it
// (localStorage "seasalt.form", written by Python).
//
// window.seasaltEarly.take() (called once by Python) gives the form's state as JSON
// text and puts the form back as the HTML has it; .file is the file chosen, if any.
"use strict";

(() => {
  const boot = window.seasaltBoot;
  const body = document.body;
  if (!boot || !boot.form || !boot.setup() || !body) return;
  const query = new URLSearchParams(window.location.search);
  if (query.has("players") || query.has("calc")) return; // a page that is not the form

  const SAVE_KEY = "seasalt.save";
  const GAME_KEY = "seasalt.game";
  const THEME_KEY = "seasalt.theme";
  const FORM_KEY = "seasalt.form";
  const byid = (id) => document.getElementById(id);
  const form = byid("setup-form");
  const seats = byid("seats");
  const cards = byid("game-cards");
  const speed = byid("speed");
  if (!form || !seats || !cards || !speed) return;

  const storage = {
    get(key) { try { return window.localStorage.getItem(key); } catch (_e) { return null; } },
    set(key, value) { try { window.localStorage.setItem(key, value); } catch (_e) { /* private */ } },
  };
  const make = (tag, attrs = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
    for (const child of children) node.append(child);
    return node;
  };
  const words = () => boot.setup();
  const gameOf = (name) => {
    const data = words();
    const canonical = data.aliases[name] || name;
    return data.games.find((g) => g.name === canonical) || null;
  };

  let game = (gameOf(query.get("game") || "") || gameOf(storage.get(GAME_KEY) || "")
    || words().games[0]).name;
  let rows = 2;
  let action = null;
  const early = { file: null };

  // ---- the parts Python would build (web/page/setup.py, same elements) --------------

  const buildCards = () => cards.replaceChildren(...words().games.map((g) => make(
    "label", { class: "game-card", "data-game": g.name },
    make("input", { type: "radio", name: "game", value: g.name, id: `game-${g.name}`,
      class: "game-radio", "aria-labelledby": `game-${g.name}-title`,
      "aria-describedby": `game-${g.name}-about` }),
    make("span", { class: "game-words" },
      make("span", { id: `game-${g.name}-title`, class: "game-title" }),
      make("span", { id: `game-${g.name}-about`, class: "game-about" })))));

  const buildRows = () => seats.replaceChildren(...boot.form.kinds.map((kind, i) => {
    const select = make("select", { name: `kind-${i}`, "data-row": String(i) },
      ...words().kinds.map(([value]) => make("option", { value })));
    select.value = kind;
    return make("li", { class: "seat-row", "data-row": String(i) },
      make("span", { class: "seat-number" }, String(i + 1)), select,
      make("input", { name: `name-${i}`, maxlength: "24", "data-row": String(i) }),
      make("button", { type: "button", class: "btn quiet small", "data-action": "remove-seat",
        "data-row": String(i) }));
  }));

  const buildMenus = () => {
    speed.replaceChildren(...words().speeds.map(([key]) => make("option", { value: key })));
    speed.value = "normal";
    for (const select of document.querySelectorAll('select[data-pref="lang"]')) {
      select.replaceChildren(...words().languages.map(([code, name]) =>
        make("option", { value: code, lang: code }, name)));
      select.value = boot.language;
    }
    const theme = storage.get(THEME_KEY);
    for (const select of document.querySelectorAll('select[data-pref="theme"]')) {
      select.value = ["light", "dark", "contrast"].includes(theme) ? theme : "auto";
    }
  };

  // the form of the last game started (web/page/prefs.py's stored_form): its seats, the
  // bots' speed, the target and the expansions; a value of another shape is left out
  const restoreForm = () => {
    let saved = null;
    try { saved = JSON.parse(storage.get(FORM_KEY) || "null"); } catch (_e) { return; }
    if (!saved || typeof saved !== "object") return;
    const offered = (select, value) => typeof value === "string"
      && Array.from(select.options).some((option) => option.value === value);
    const seated = Array.isArray(saved.seats) ? saved.seats.filter((seat) => Array.isArray(seat)
      && seat.length === 2 && seat.every((part) => typeof part === "string")) : [];
    if (seated.length) rows = Math.max(2, Math.min(seated.length, boot.form.rows));
    seated.slice(0, rows).forEach(([kind, name], i) => {
      const select = form.querySelector(`[name="kind-${i}"]`);
      if (offered(select, kind)) select.value = kind;
      form.querySelector(`[name="name-${i}"]`).value = name.slice(0, 24);
    });
    if (offered(speed, saved.speed)) speed.value = saved.speed;
    for (const radio of form.querySelectorAll('[name="target"]')) {
      if (radio.value === saved.target) radio.checked = true;
    }
    for (const [id, key] of [["extra-salt", "extra_salt"], ["extra-pepper", "extra_pepper"]]) {
      const box = byid(id);
      if (box && typeof saved[key] === "boolean") box.checked = saved[key];
    }
  };

  const label = (select, labels) => {
    for (const option of select.options) option.textContent = labels[option.value] || option.value;
  };
  const kinds = () => Array.from({ length: rows }, (_v, i) =>
    words().seat_kinds[form.querySelector(`[name="kind-${i}"]`).value] || "human");

  // default_name (seasalt/ssp/present/setup.py): You, Player N, Easy bot, Easy bot 2...
  const defaultName = (kind, seat, all) => {
    const names = words().names;
    const count = (k, upto = all.length) => all.slice(0, upto).filter((x) => x === k).length;
    if (kind === "human") {
      return count("human") === 1 ? names.you : names.player.replace("{number}", seat + 1);
    }
    const bot = names.bots[kind] || kind;
    return count(kind) === 1 ? bot
      : names.numbered.replace("{bot}", bot).replace("{number}", count(kind, seat + 1));
  };

  const fillWords = () => {
    const data = words();
    for (const g of data.games) {
      byid(`game-${g.name}-title`).textContent = g.title;
      byid(`game-${g.name}-about`).textContent = g.description;
    }
    byid("game-legend").textContent = data.legend;
    label(speed, Object.fromEntries(data.speeds));
    const [normal, double] = data.targets;
    byid("target-normal").textContent = `(${normal})`;
    byid("target-double").textContent = `(${double})`;
    const kindLabels = Object.fromEntries(data.kinds);
    boot.form.kinds.forEach((_k, i) => {
      const select = form.querySelector(`[name="kind-${i}"]`);
      label(select, kindLabels);
      select.setAttribute("aria-label", data.who[i]);
      form.querySelector(`[name="name-${i}"]`).setAttribute("aria-label", data.name_field[i]);
      const remove = form.querySelector(`[data-action="remove-seat"][data-row="${i}"]`);
      remove.textContent = data.remove;
      remove.setAttribute("aria-label", data.remove_seat[i]);
    });
    showGame();
  };

  const showGame = () => {
    const chosen = gameOf(game);
    body.setAttribute("data-game", game);
    const radio = byid(`game-${game}`);
    if (radio) radio.checked = true;
    for (const node of document.querySelectorAll("[data-only-game]")) {
      node.hidden = node.getAttribute("data-only-game") !== game;
    }
    const most = Math.min(boot.form.rows, chosen.max_players);
    rows = Math.max(2, Math.min(rows, most));
    byid("players-note").textContent = chosen.players_note;
    byid("level-notes-title").textContent = words().levels_title;
    byid("level-list").replaceChildren(...(words().levels[game] || []).flatMap(
      ([name, description]) => [make("dt", {}, name), make("dd", {}, description)]));
    const all = kinds();
    boot.form.kinds.forEach((_k, i) => {
      form.querySelector(`li.seat-row[data-row="${i}"]`).hidden = i >= rows;
      if (i < rows) form.querySelector(`[name="name-${i}"]`).placeholder = defaultName(all[i], i, all);
    });
    for (const node of form.querySelectorAll('[data-action="remove-seat"]')) node.hidden = rows <= 2;
    byid("add-seat").hidden = rows >= most;
  };

  // ---- what the player does before Python runs --------------------------------------

  // asked before Python is ready: said on the button and in the loading bar's line
  const waiting = () => {
    const words = boot.text("loading-table");
    const status = document.querySelector("#loading .status");
    if (status && words) status.textContent = words;
    const start = byid("start");
    if (start) {
      start.setAttribute("aria-busy", "true");
      if (action === "start" && words) start.textContent = words;
    }
  };

  const onChange = (event) => {
    const target = event.target;
    const pref = target.getAttribute("data-pref");
    if (target.name === "game" && target.checked) {
      game = target.value;
      storage.set(GAME_KEY, game);
      showGame();
    } else if (target.hasAttribute("data-row")) {
      showGame();
    } else if (pref === "lang") {
      boot.apply(target.value);
      boot.prefetch(target.value);
      for (const select of document.querySelectorAll('select[data-pref="lang"]')) {
        select.value = boot.language;
      }
      fillWords();
    } else if (pref === "theme") {
      const theme = target.value;
      if (["light", "dark", "contrast"].includes(theme)) {
        document.documentElement.dataset.theme = theme;
      } else {
        delete document.documentElement.dataset.theme;
      }
      storage.set(THEME_KEY, theme);
    } else if (target.id === "import-file" || target.id === "replay-file") {
      if (target.files && target.files.length) {
        early.file = target.files[0];
        action = target.id === "import-file" ? "import" : "replay";
        waiting();
      }
    }
  };

  const onClick = (event) => {
    const button = event.target.closest("[data-action]");
    if (!button) return;
    const what = button.getAttribute("data-action");
    if (what === "add-seat") {
      rows += 1;
      showGame();
    } else if (what === "remove-seat") {
      const row = Number(button.getAttribute("data-row"));
      const values = Array.from({ length: rows }, (_v, i) => [
        form.querySelector(`[name="kind-${i}"]`).value, form.querySelector(`[name="name-${i}"]`).value]);
      values.splice(row, 1);
      rows -= 1;
      values.forEach(([kind, name], i) => {
        form.querySelector(`[name="kind-${i}"]`).value = kind;
        form.querySelector(`[name="name-${i}"]`).value = name;
      });
      showGame();
    } else if (what === "resume") {
      action = "resume";
      waiting();
    }
  };

  const onSubmit = (event) => {
    event.preventDefault();
    action = "start";
    waiting();
  };

  // ---- Python takes over -------------------------------------------------------------

  const focusState = () => {
    const node = document.activeElement;
    if (!node || (!form.contains(node) && !node.matches("[data-pref]"))) return null;
    const state = { name: node.getAttribute("name"), id: node.id };
    if (typeof node.selectionStart === "number") {
      state.start = node.selectionStart;
      state.end = node.selectionEnd;
    }
    return state;
  };

  early.take = () => {
    const state = {
      game,
      seats: Array.from({ length: rows }, (_v, i) => [
        form.querySelector(`[name="kind-${i}"]`).value,
        form.querySelector(`[name="name-${i}"]`).value]),
      speed: speed.value,
      seed: byid("seed").value,
      target: (form.querySelector('[name="target"]:checked') || { value: "normal" }).value,
      extra_salt: byid("extra-salt").checked,
      extra_pepper: byid("extra-pepper").checked,
      lang: boot.language,
      focus: focusState(),
      action,
    };
    document.removeEventListener("change", onChange);
    document.removeEventListener("click", onClick);
    form.removeEventListener("submit", onSubmit);
    cards.replaceChildren();
    seats.replaceChildren();
    byid("level-list").replaceChildren();
    speed.replaceChildren();
    for (const select of document.querySelectorAll('select[data-pref="lang"]')) {
      select.replaceChildren();
    }
    const resume = byid("resume");
    if (resume) resume.hidden = true;
    const start = byid("start");
    if (start) start.removeAttribute("aria-busy");
    body.removeAttribute("data-early");
    early.take = () => null;
    return JSON.stringify(state);
  };

  buildCards();
  buildRows();
  buildMenus();
  restoreForm();
  fillWords();
  const resume = byid("resume");
  if (resume && storage.get(SAVE_KEY)) resume.hidden = false; // Python says which game
  document.addEventListener("change", onChange);
  document.addEventListener("click", onClick);
  form.addEventListener("submit", onSubmit);
  window.seasaltEarly = early;
  body.setAttribute("data-early", "setup");
  performance.mark("seasalt-setup-form");
})();
