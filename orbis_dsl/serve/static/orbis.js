// Orbis in the scoring pad: three steps (setup, pyramids, results), each drawn from the game state and the
// server's answers. The server does all the scoring and checking (POST /api/check, /api/score); this file only
// draws. The shell (app.js) chose the game and fetched its rules.

import { h, tileEditor, fillOf, NAME_MAX } from "./editor.js";
import * as store from "./state.js";
import { renderResults } from "./results.js";
import { newId } from "./history.js";
import { draw, afterTap, whenTyped, announce, busy } from "./frame.js";

const app = document.getElementById("app");
let rules = null;
let shell = null; // the shell's game chooser and POST helper
let game = null;
let checked = null; // the last answer of /api/check
let draft = {}; // the tile being typed into the selected place
let reveal = null; // what the next drawing brings into view (frame.js)

const post = (path, record) => shell.post(path, record);

function commit() {
  store.save(rules, game);
  render();
}

function go(step, push = true) {
  game.step = step;
  if (step !== "setup" && game.started === undefined) game.started = new Date().toISOString(); // the play's duration, from here
  reveal = "top";
  // Each step is a history entry: a back-swipe goes back one step inside the pad instead of leaving it.
  if (push) history.pushState({ step }, "", `#${step}`);
  commit();
  if (step !== "setup") recheck();
}

let asked = 0; // answers can arrive out of order: only the latest question's answer is drawn

async function recheck() {
  const question = ++asked;
  busy(app, true);
  const { status, body } = await post("/api/check", store.toRecord(game));
  if (question !== asked) return;
  checked = status === 200 || status === 422 ? body : { errors: [{ where: "server", message: `status ${status}` }] };
  whenTyped(app, () => { render(); busy(app, false); announce(said()); });
}

// ---- setup -------------------------------------------------------------------------------------------------

// A rule option's field, by its declared type (bool, enum or int).
function optionField(o) {
  const value = game.options[o.name] ?? o.default;
  const choose = (v, later) => { game.options[o.name] = v; if (later) afterTap(commit); else commit(); };
  const data = { "data-option": o.name };
  if (o.type === "bool") {
    return h("input", { type: "checkbox", checked: value, ...data, onchange: (e) => choose(e.target.checked) });
  }
  if (o.type === "enum") {
    return h("select", { ...data, id: `option-${o.name}`, onchange: (e) => choose(e.target.value) },
      o.choices.map((c) => h("option", { value: c, selected: value === c, text: c })));
  }
  return h("input", { type: "number", inputmode: "numeric", value: value ?? "", ...data,
    onchange: (e) => choose(Number(e.target.value) || 0, true) }); // drawn after the tap that left it (frame.js)
}

// A player's fields, each with its label (a screen reader reads "Player 2, name"). The god is a row of buttons:
// one tap, where a list is two.
function playerFields(p, i) {
  const wrong = worshippersWrong(p);
  return h("fieldset", { class: "player" },
    h("legend", { text: `Player ${i + 1}` }),
    h("label", { class: "inline" }, "name ", h("input", { type: "text", placeholder: "name", value: p.name,
      "data-name": i, autocomplete: "off", maxlength: String(NAME_MAX),
      oninput: (e) => { p.name = e.target.value; store.save(rules, game); } })),
    h("div", { class: "field", "data-god-field": i }, h("span", { class: "fact-title", text: "god" }),
      h("div", { class: "choices", role: "group", "aria-label": "god" }, // within the fieldset "Player N"
        rules.gods.map((g) => h("button", { type: "button", class: "choice" + (p.god === g.name ? " chosen" : ""),
          "data-god": i, "data-value": g.name, "aria-pressed": String(p.god === g.name), text: g.title,
          onclick: () => { p.god = p.god === g.name ? "" : g.name; commit(); } })))),
    rules.gods.find((g) => g.name === p.god)?.cancellable ? h("label", { class: "check" },
      h("input", { type: "checkbox", checked: p.god_cancelled, "data-god-cancelled": i,
        onchange: (e) => { p.god_cancelled = e.target.checked; commit(); } }),
      " a Cancelation token covers the god") : null,
    h("label", { class: "inline" }, "worshippers left ",
      h("input", { type: "number", inputmode: "numeric", min: "0", step: "1", value: p.worshippers,
        "data-worshippers": i, "aria-invalid": wrong ? "true" : null, "aria-describedby": wrong ? `worshippers-${i}` : null,
        oninput: (e) => { p.worshippers = e.target.value === "" ? 0 : Number(e.target.value); store.save(rules, game); },
        onchange: () => afterTap(commit) })),
    wrong ? h("p", { class: "error", id: `worshippers-${i}`, "data-worshippers-error": i, text: wrong }) : null);
}

// What is wrong with a number of worshippers typed, or null: never silently 0.
function worshippersWrong(p) {
  const n = p.worshippers;
  return Number.isInteger(n) && n >= 0 ? null : `worshippers left: ${n} is not possible; expected 0 or more`;
}

function setupStep() {
  const counts = store.playerCounts(rules);
  const variants = rules.variants.filter((v) => v.players === game.players.length);
  const players = game.players.map(playerFields);
  const options = rules.options.map((o) => o.type === "enum"
    ? h("div", { class: "inline" }, h("label", { for: `option-${o.name}`, text: o.name }), optionField(o))
    : h("label", { class: "inline" }, `${o.name} `, optionField(o)));
  const problem = h("p", { class: "error", role: "alert" });
  return [
    shell.chooser(),
    h("section", { class: "card" },
      h("label", { class: "inline" }, "Game ", h("input", { type: "text", placeholder: "title (optional)",
        "data-title": "", value: game.title, maxlength: "80",
        oninput: (e) => { game.title = e.target.value; store.save(rules, game); } })),
      h("h2", { text: "Players" }),
      h("div", { class: "choices", role: "group", "aria-label": "number of players" }, counts.map((n) => h("button", {
        type: "button", "data-players": n, "aria-pressed": String(n === game.players.length),
        class: "choice" + (n === game.players.length ? " chosen" : ""), text: `${n} players`,
        onclick: () => { store.setPlayerCount(game, rules, n); commit(); } }))),
      keptNote(),
      players,
      h("h2", { text: "Variant and options" }),
      h("div", { class: "inline" }, h("label", { for: "variant", text: "variant" }), h("select", { id: "variant",
        onchange: (e) => { game.variant = e.target.value; commit(); } },
      variants.map((v) => h("option", { value: v.name, selected: v.name === game.variant,
        text: `${v.name}: ${v.tiles} tiles, ${v.gods_revealed} gods revealed` })))),
      options),
    problem,
    h("button", { type: "button", class: "primary", id: "to-pyramids", text: "Enter the pyramids →", onclick: () => {
      const names = game.players.map((p) => p.name.trim());
      if (names.some((n) => !n)) { problem.textContent = "Every player needs a name."; return; }
      if (new Set(names).size !== names.length) { problem.textContent = "Two players have the same name."; return; }
      const wrong = game.players.map(worshippersWrong).find(Boolean);
      if (wrong) { problem.textContent = wrong; return; }
      if (!store.placeOf(game, rules, game.selected)) {
        game.selected = store.nextEmpty(game, rules, { player: 0 }) || { player: 0, row: 0, index: 0 };
      }
      draft = {};
      go("pyramids");
    } }),
  ];
}

// The players left out by a smaller count, kept with their tiles until the count goes up again.
function keptNote() {
  const kept = (game.spare || []).map((p) => [p.name.trim(), p.pyramid.flat().filter(Boolean).length])
    .filter(([name, tiles]) => name || tiles);
  if (!kept.length) return null;
  const words = kept.map(([name, tiles]) => `${name || "a player"} (${tiles} tile${tiles === 1 ? "" : "s"})`);
  return h("p", { class: "note", "data-kept": "", text: `Kept, with their tiles, for more players: ${words.join(", ")}.` });
}

// ---- pyramids ----------------------------------------------------------------------------------------------

function messagesAt(player, row, index) {
  if (!checked) return [];
  const here = (t) => t.player === player && t.row === row && t.index === index;
  const errors = (checked.errors || []).filter((e) => e.tile && here(e.tile)).map((e) => ({ kind: "error", text:
    e.message + (e.hint ? ` (${e.hint})` : "") }));
  const warnings = (checked.report?.warnings || []).filter((w) => w.tiles.some(here))
    .map((w) => ({ kind: "warning", text: w.message }));
  return [...errors, ...warnings];
}

function scoredTile(player, label) {
  return checked?.report?.players[player]?.lines.filter((l) => l.where === label) || [];
}

function slot(p, row, index) {
  const tile = game.players[p].pyramid[row][index];
  const sel = game.selected;
  const selected = sel && sel.player === p && sel.row === row && sel.index === index;
  const label = rules.labels[rules.board.slice(0, row).reduce((a, b) => a + b, 0) + index];
  const notes = messagesAt(p, row, index);
  const lines = scoredTile(p, label);
  const points = lines.reduce((sum, l) => sum + l.cp, 0);
  const kind = tile && !tile.desert ? rules.kinds.find((k) => k.name === tile.kind) : null;
  const color = tile ? (tile.desert ? "desert" : tile.color) : null;
  const name = tile ? (tile.desert ? "desert" : (kind?.title || tile.kind || "?")) : "+";
  const shownPoints = tile && lines.length ? (points > 0 ? `+${points}` : String(points)) : "";
  // What a screen reader says starts with what the place shows ("Forest +3"), then the player, the place, the
  // colour and the messages: "Forest +3: Ana, row 2, tile 1, green, 3 CP; warning: …".
  // What a screen reader says is what the place shows ("Forest +3"), then, unseen, the player, the place, the
  // colour and the messages: "Forest +3 (Ana, row 2, tile 1, green, 3 CP; warning: …)".
  const unseen = `(${game.players[p].name}, ${label}${tile && !tile.desert && tile.color ? `, ${tile.color}` : ""}`
    + `${lines.length ? `, ${points} CP` : ""}${tile?.cancelled ? ", Cancelation token" : ""}`
    + `${notes.map((n) => `; ${n.kind}: ${n.text}`).join("")})`;
  return h("button", {
    type: "button", class: "slot" + (tile ? " filled" : "") + (selected ? " selected" : "")
      + (notes.some((n) => n.kind === "error") ? " has-error" : notes.length ? " has-warning" : ""),
    fill: color ? fillOf(color) : null, "data-slot": `${p}-${row}-${index}`,
    "aria-current": selected ? "true" : null,
    onclick: () => { game.done = null; game.selected = { player: p, row, index }; draft = { ...(tile || {}) }; commit(); },
  },
  h("span", { class: "slot-kind" + (longestWord(name) >= 10 ? " long" : ""), text: tile ? name : "+" }),
  tile ? " " : null,
  tile ? h("span", { class: "slot-points", text: shownPoints }) : null,
  h("span", { class: "visually-hidden", text: (tile ? "" : "empty ") + unseen }),
  tile?.cancelled ? h("span", { class: "token", title: "Cancelation token", text: "×", "aria-hidden": "true" }) : null,
  notes.length ? h("span", { class: "badge", text: "!", "aria-hidden": "true" }) : null);
}

const longestWord = (text) => Math.max(...text.split(/\s+/).map((word) => word.length));

function pyramid(p) {
  return h("div", { class: "pyramid", "data-pyramid": p }, [...rules.board.keys()].reverse().map((row) =>
    h("div", { class: "row" }, [...Array(rules.board[row]).keys()].map((index) => slot(p, row, index)))));
}

function saveTile() {
  const { player, row, index } = game.selected;
  game.players[player].pyramid[row][index] = draft.desert ? { desert: true } : draft;
  // The player's last place: their finished pyramid, its total and breakdown, and "next player" (not the next
  // player's empty pyramid at once).
  const next = store.nextEmpty(game, rules, { player }, true);
  if (next) {
    game.selected = next;
  } else {
    game.done = player;
  }
  draft = next ? { ...(game.players[next.player].pyramid[next.row][next.index] || {}) } : {};
  game.draft = null;
  reveal = next ? ".tabs" : "top"; // the pyramid with the next place, and the editor's header naming it
  commit();
  recheck();
}

// The next player with an empty place (or the next player), from a finished pyramid.
function nextPlayer() {
  const from = game.done ?? game.selected?.player ?? 0;
  game.done = null;
  game.selected = store.nextEmpty(game, rules, { player: (from + 1) % game.players.length })
    || { player: (from + 1) % game.players.length, row: 0, index: 0 };
  draft = { ...(game.players[game.selected.player].pyramid[game.selected.row][game.selected.index] || {}) };
  reveal = "top";
  commit();
}

function clearTile() {
  const { player, row, index } = game.selected;
  game.players[player].pyramid[row][index] = null;
  draft = {};
  game.draft = null;
  commit();
  recheck();
}

function editorCard() {
  const { player, row, index } = game.selected;
  const label = rules.labels[rules.board.slice(0, row).reduce((a, b) => a + b, 0) + index];
  const notes = messagesAt(player, row, index);
  const ready = draft.desert || (draft.color && draft.kind);
  return h("section", { class: "card editor", "aria-label": "tile editor" },
    h("h2", { text: `${game.players[player].name} · ${label}` }),
    notes.length ? h("ul", { class: "notes", "data-notes": "tile" }, notes.map((n) =>
      h("li", { class: n.kind, text: n.text }))) : null,
    tileEditor(rules, draft, (quiet) => { game.draft = { place: game.selected, tile: draft }; store.save(rules, game);
      if (!quiet) render(); }, () => afterTap(saveTile)),
    h("div", { class: "actions" },
      h("button", { type: "button", class: "primary", id: "save-tile", disabled: !ready, text: "Save tile",
        onclick: saveTile }),
      h("button", { type: "button", class: "secondary", id: "clear-tile", text: "Clear", onclick: clearTile })));
}

const hasTile = (p) => game.players[p].pyramid.some((row) => row.some(Boolean));

function totalsCard(p) {
  const report = checked?.report;
  const score = hasTile(p) ? report?.players[p] : null; // no points before a tile (gods score at a 0-0 tie)
  // The game's own messages, and those on this player's tiles (also shown on the tiles themselves).
  const general = (checked?.errors || []).filter((e) => !e.tile || e.tile.player === p);
  const loose = (report?.warnings || []).filter((w) => !w.tiles.length || w.tiles.some((t) => t.player === p));
  return h("section", { class: "card" },
    h("h2", {}, game.done === p ? `${game.players[p].name}: pyramid finished, ` : "Total so far: ",
      h("strong", { id: "live-total", text: score ? String(score.total) : !checked ? "…" : "no tiles yet" })),
    score ? h("p", { class: "categories", text: Object.entries(score).filter(([k, v]) => typeof v === "number"
      && !["total", "place", "worshippers"].includes(k)).map(([k, v]) => `${k} ${v}`).join(" · ") }) : null,
    score ? h("ul", { class: "lines" }, score.lines.map((l) => h("li", {},
      h("span", { class: "cp", text: l.cp > 0 ? `+${l.cp}` : String(l.cp) }),
      h("span", { text: ` ${l.where}, ${l.what}: ${l.why}` })))) : null,
    general.length || loose.length ? h("ul", { class: "notes", "data-notes": "game" },
      general.map((e) => h("li", { class: "error", text: `${e.where}: ${e.message}` })),
      loose.map((w) => h("li", { class: "warning", text: `${w.where}: ${w.message}` }))) : null);
}

function pyramidsStep() {
  const current = game.done ?? game.selected?.player ?? 0;
  const totals = checked?.report?.players || [];
  const finished = checked?.finished;
  const done = game.done !== null && game.done !== undefined;
  const after = (current + 1) % game.players.length;
  return [
    h("div", { class: "tabs", role: "tablist" }, game.players.map((p, i) => h("button", {
      type: "button", role: "tab", class: "tab" + (i === current ? " chosen" : ""), "aria-selected": String(i === current),
      "data-tab": i, onclick: () => { game.done = null; game.selected = store.nextEmpty(game, rules, { player: i }, true)
        || { player: i, row: 0, index: 0 }; draft = { ...(game.players[i].pyramid[game.selected.row][game.selected.index] || {}) };
      commit(); },
    }, h("span", { class: "tab-name", text: p.name }), h("span", { class: "tab-total",
      text: totals[i] && hasTile(i) ? String(totals[i].total) : "" })))),
    pyramid(current),
    done ? totalsCard(current) : editorCard(),
    done && !finished ? h("button", { type: "button", class: "primary", id: "next-player",
      text: `Next player: ${game.players[after].name} →`, onclick: nextPlayer }) : null,
    done ? null : totalsCard(current),
    h("button", { type: "button", class: finished || !done ? "primary" : "secondary", id: "finish", disabled: !finished,
      text: finished ? "Finish: final scores →" : "Finish (every place needs a tile)", onclick: () => go("results") }),
  ];
}

// What the live region says after a check: the player's total, and how many messages the table has.
function said() {
  const p = game.done ?? game.selected?.player ?? 0;
  const score = hasTile(p) ? checked?.report?.players[p] : null;
  const errors = (checked?.errors || []).length;
  const warnings = (checked?.report?.warnings || []).length;
  const counted = (n, word) => (n ? `, ${n} ${word}${n === 1 ? "" : "s"}` : "");
  return `${game.players[p].name}: total ${score ? score.total : "not yet"}` + counted(errors, "error")
    + counted(warnings, "warning");
}

// This game as a play of the history (history.js): its id kept with the game, so that a game reopened and
// finished again replaces its play.
const play = {
  kept: null,
  info: () => {
    if (!game.playId) { game.playId = newId(); store.save(rules, game); }
    return { id: game.playId, game: "orbis", title: game.title, record: store.toRecord(game), started: game.started, place: game.place };
  },
  setPlace: (place) => { game.place = place; store.save(rules, game); },
};

// ---- frame -------------------------------------------------------------------------------------------------

function steps() {
  const names = [["setup", "Players"], ["pyramids", "Pyramids"], ["results", "Results"]];
  return names.map(([step, label]) => h("button", { type: "button", class: "navstep" + (game.step === step ? " chosen" : ""),
    "data-nav": step, "aria-current": game.step === step ? "step" : null, text: label, disabled: step === "results" && !checked?.finished, onclick: () => go(step) }));
}

function render() {
  const page = game.step === "results" ? renderResults({ record: store.toRecord(game), post, h, restart, rerender: render, play })
    : game.step === "pyramids" && game.selected ? pyramidsStep() : setupStep();
  // Each step's first control takes the focus when the step opens (a new step, a finished pyramid).
  const first = reveal === "top" ? (game.step === "setup" ? '[data-game].chosen'
    : game.step === "pyramids" ? (game.done !== null && game.done !== undefined ? "#next-player, #finish" : ".slot.selected")
      : "#winner") : null;
  draw(app, steps(), page, reveal, reveal === ".tabs" ? ".slot.selected" : first);
  reveal = null;
}

function restart() {
  store.forget(rules);
  game = store.newGame(rules);
  checked = null;
  draft = {};
  go("setup");
}

window.addEventListener("popstate", (event) => {
  if (game) go(event.state?.step || "setup", false);
});
document.addEventListener("pad:redraw", () => { if (game) render(); });

// Throws if the game kept cannot be drawn after all (app.js then sets it aside and starts again).
export function startOrbis(orbisRules, theShell) {
  rules = orbisRules;
  shell = theShell;
  const kept = store.load(rules);
  game = kept.game;
  if (kept.problem) shell.tell(kept.problem);
  if (game.selected) {
    const { player, row, index } = game.selected;
    const kept = game.draft; // a tile half entered before a reload
    draft = kept && kept.place && kept.place.player === player && kept.place.row === row && kept.place.index === index
      && kept.tile && typeof kept.tile === "object" ? { ...kept.tile } : { ...(game.players[player]?.pyramid[row]?.[index] || {}) };
  }
  history.replaceState({ step: game.step }, "", `#${game.step}`);
  render();
  if (game.step !== "setup") recheck();
}

// An orbis-game/1 record (from POST /api/import) as the pad's game, ready on the pyramids.
export function gameFromRecord(orbisRules, record) {
  const game = store.newGame(orbisRules);
  game.title = record.title || "";
  game.variant = record.variant || game.variant;
  game.options = record.options || {};
  game.players = record.players.map((p, i) => ({ name: p.name, god: p.god || "", god_cancelled: !!p.god_cancelled,
    worshippers: p.worshippers || 0, pyramid: p.pyramid, seat: i + 1 }));
  game.step = "pyramids";
  game.selected = { player: 0, row: 0, index: 0 };
  game.started = null; // not played on the pad: its duration is unknown
  return game;
}
