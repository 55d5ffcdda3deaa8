// The scoring pad's shell: which game is being scored (kept in local storage), its rules from the server, and the
// game chooser each setup step shows (with "Load a record", which opens any game's record in its form). The
// game's own steps are drawn by orbis.js (a pyramid of tiles) or sheet.js (a score sheet's facts).

import { h } from "./editor.js";
import * as store from "./state.js";
import { startOrbis, gameFromRecord } from "./orbis.js";
import { startSheet, sheetFromRecord } from "./sheet.js";

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
      : null);
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
