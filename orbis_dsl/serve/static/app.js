// The scoring pad's shell: which game is being scored (kept in local storage), its rules from the server, and the
// game chooser each setup step shows (with "Load a record", which opens any game's record in its form). The
// game's own steps are drawn by orbis.js (a pyramid of tiles) or sheet.js (a score sheet's facts).

import { h } from "./editor.js";
import * as store from "./state.js";
import { startOrbis, gameFromRecord } from "./orbis.js";
import { startSheet, sheetFromRecord } from "./sheet.js";
import * as model from "./sheet_state.js";
import * as history from "./history.js";

const GAME_KEY = "orbis-pad:game";
let games = [];
let current = "orbis";
let problems = []; // what a record that could not be loaded had wrong
let notice = null; // what the pad has to tell about the game it kept (set aside, because it could not be opened)

async function post(path, record) {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
    body: typeof record === "string" ? record : JSON.stringify(record) });
  return { status: response.status, response, body: response.headers.get("content-type")?.includes("json")
    ? await response.clone().json() : null };
}

async function rulesOf(id) {
  return (await fetch(`/api/rules?game=${encodeURIComponent(id)}`)).json();
}

function open(id) {
  localStorage.setItem(GAME_KEY, id);
  // A new page load, each game's steps starting clean. Not `location.hash = ""`: that is a popstate, on which the
  // game on screen saves itself, over a record just loaded for the same game.
  location.replace(location.pathname);
}

async function load(file) {
  // The file's name goes with it, so that its messages name it ("game.tmgame:3:1"), not the request.
  const { status, body } = await post(`/api/import?name=${encodeURIComponent(file.name)}`, await file.text());
  if (status !== 200) {
    problems = (body?.errors || [{ message: `status ${status}` }]).map((e) => e.rendered || e.message);
    document.dispatchEvent(new Event("pad:redraw"));
    return;
  }
  const rules = await rulesOf(body.game);
  store.save(rules, rules.sheet ? sheetFromRecord(rules, body.record) : gameFromRecord(rules, body.record));
  open(body.game);
}

// ---- the history of plays ------------------------------------------------------------------------------------

let plays = null; // the history, once read
let showHistory = false;
let historyNote = null;

async function readHistory() {
  try {
    plays = await history.all();
  } catch (error) {
    plays = [];
    historyNote = `The history of plays cannot be read in this browser (${error.message}).`;
  }
  document.dispatchEvent(new Event("pad:redraw"));
}

const titleOf = (id) => games.find((g) => g.id === id)?.title || id;

// A play of the history opened in its game's form, to look at or correct: finished again, it replaces its play.
async function reopen(play) {
  const rules = await rulesOf(play.game);
  const state = rules.sheet ? sheetFromRecord(rules, play.record) : gameFromRecord(rules, play.record);
  Object.assign(state, { playId: play.id, place: play.place, started: null });
  store.save(rules, state);
  open(play.game);
}

// A new game of the same game with the same players, in the same seats.
async function samePlayers(play) {
  const rules = await rulesOf(play.game);
  const names = play.players.map((p) => p.name);
  let state;
  if (rules.sheet) {
    state = model.newSheet(rules);
    model.setCount(state, rules, names.length);
    state.names = [...names];
  } else {
    state = store.newGame(rules);
    const counts = store.playerCounts(rules);
    store.setPlayerCount(state, rules, counts.includes(names.length) ? names.length : counts[0]);
    state.players.forEach((p, i) => { p.name = names[i] ?? ""; });
  }
  Object.assign(state, { place: play.place || "" });
  store.save(rules, state);
  open(play.game);
}

async function exportHistory() {
  const doc = await history.exported();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2) + "\n"], { type: "application/json" }));
  link.download = `plays-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
}

async function importHistory(file) {
  try {
    const count = await history.imported(JSON.parse(await file.text()));
    historyNote = `${count} play${count === 1 ? "" : "s"} read from ${file.name}.`;
  } catch (error) {
    historyNote = `${file.name} could not be read: ${error.message}`;
  }
  await readHistory();
}

function when(play) {
  const date = new Date(play.date);
  return date.toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" })
    + (play.minutes !== null && play.minutes !== undefined ? `, ${play.minutes} min` : "");
}

function historyCard() {
  if (plays === null) return h("section", { class: "card" }, h("p", { class: "note", text: "Reading the history…" }));
  const stats = history.statistics(plays);
  const button = (text, cls, attrs, fn) => h("button", { type: "button", class: cls, text, ...attrs, onclick: fn });
  return h("section", { class: "card", id: "history", "aria-label": "history of plays" },
    h("h2", { text: `History of plays (${plays.length})` }),
    historyNote ? h("p", { class: "note", role: "status", text: historyNote }) : null,
    plays.length ? null : h("p", { class: "note", text: "Every game finished on this pad is kept here." }),
    h("ul", { class: "plays" }, plays.map((play) => h("li", { class: "play", "data-play": play.id },
      h("p", { class: "play-head" }, h("strong", { text: `${titleOf(play.game)}${play.title ? ` · ${play.title}` : ""}` }),
        h("span", { class: "note", text: ` ${when(play)}${play.place ? ` · ${play.place}` : ""}` })),
      h("p", { class: "play-scores", text: [...play.players].sort((a, b) => a.place - b.place)
        .map((p) => `${p.winner ? "★ " : ""}${p.name} ${p.total}`).join(" · ") }),
      h("div", { class: "actions wrap" },
        button("Open", "secondary", { "data-reopen": play.id }, () => reopen(play)),
        button("Same players again", "secondary", { "data-again": play.id }, () => samePlayers(play)),
        button("Delete", "secondary", { "data-delete": play.id }, async () => {
          if (!confirm(`Delete this play of ${titleOf(play.game)} (${when(play)})?`)) return;
          await history.remove(play.id);
          await readHistory();
        }))))),
    stats.length ? h("div", { class: "scroll" }, h("table", { id: "stats" },
      h("caption", { class: "categories", text: "Per game and player" }),
      h("thead", {}, h("tr", {}, ["game", "player", "plays", "wins", "average", "best"].map((c) =>
        h("th", { scope: "col", text: c })))),
      h("tbody", {}, stats.map((r) => h("tr", { "data-stat": `${r.game}:${r.name}` },
        h("td", { text: titleOf(r.game) }), h("th", { scope: "row", text: r.name }), h("td", { text: String(r.plays) }),
        h("td", { text: String(r.wins) }), h("td", { text: String(r.average) }), h("td", { text: String(r.best) })))))) : null,
    h("div", { class: "actions wrap" },
      button("Export the history", "secondary", { id: "export-history" }, exportHistory),
      h("label", { class: "secondary file" }, "Import a history", h("input", { type: "file", id: "import-history",
        accept: ".json,application/json", onchange: (e) => e.target.files[0] && importHistory(e.target.files[0]) }))));
}

// The card at the top of every setup step: a button per game, and a record to load.
function chooser() {
  return h("section", { class: "card", "aria-label": "game" },
    h("div", { class: "choices", role: "group", "aria-label": "game" }, games.map((g) => h("button", {
      type: "button", class: "choice" + (g.id === current ? " chosen" : ""), "data-game": g.id, text: g.title,
      "aria-pressed": String(g.id === current), onclick: () => { if (g.id !== current) open(g.id); } }))),
    h("label", { class: "inline load" }, "Load a record ", h("input", { type: "file", id: "load-record",
      accept: ".json,.orbisgame,.tmgame,.mondo,.txt,application/json,text/plain",
      onchange: (e) => e.target.files[0] && load(e.target.files[0]) })),
    problems.length ? h("ul", { class: "notes", "data-notes": "load" },
      problems.map((text) => h("li", { class: "error" }, h("pre", { text })))) : null,
    notice ? h("ul", { class: "notes", "data-notes": "kept", role: "alert" }, h("li", { class: "warning", text: notice }))
      : null,
    h("button", { type: "button", class: "secondary", id: "show-history", "aria-expanded": String(showHistory),
      text: showHistory ? "Hide the history of plays" : `History of plays${plays ? ` (${plays.length})` : ""}`,
      onclick: () => { showHistory = !showHistory; if (showHistory) readHistory(); // as it is now (a game since)
        document.dispatchEvent(new Event("pad:redraw")); } }),
    showHistory ? historyCard() : null);
}

function begin(rules, shell) {
  if (rules.sheet) startSheet(rules, shell);
  else startOrbis(rules, shell);
}

// Never "Loading the rules…" for ever: a server that does not answer is said, and a kept game that cannot be drawn
// is set aside for a new one.
function failed(text) {
  document.getElementById("app").replaceChildren(h("section", { class: "card", role: "alert" },
    h("h2", { text: "The pad could not start" }), h("p", { class: "error", text })));
}

async function start() {
  let rules;
  try {
    games = await (await fetch("/api/games")).json();
    const saved = localStorage.getItem(GAME_KEY);
    current = games.some((g) => g.id === saved) ? saved : "orbis";
    rules = await rulesOf(current);
  } catch (error) {
    failed(`The pad's server did not answer (${error.message}). Is \`orbis serve\` still running? Then reload.`);
    return;
  }
  const title = `${games.find((g) => g.id === current)?.title || "Orbis"} scoring pad`;
  document.querySelector(".bar h1").textContent = title;
  document.title = title;
  const shell = { post, chooser, tell: (text) => { notice = text; } };
  readHistory();
  try {
    begin(rules, shell);
  } catch (error) {
    console.error(error);
    if (store.saved(rules) === null) { failed(String(error)); return; } // a new game failed: nothing to set aside
    store.setAside(rules);
    shell.tell(store.SET_ASIDE);
    try { begin(rules, shell); } catch (again) { console.error(again); failed(String(again)); }
  }
}

start();
