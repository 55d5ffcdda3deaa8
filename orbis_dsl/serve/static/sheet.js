// A score-sheet game in the scoring pad (Terra Mystica's final scoring, Mondo's rounds): setup (players, the
// family piece each holds, options, rounds, facts of the whole game), the sheet (a tab per player, a round at a
// time, every fact the rules declare), and the results. Nothing here names a game: every field comes from the
// rule set's declarations. After each change the server checks the sheet (POST /api/check, the checks of
// `orbis score`); its messages are put beside the field whose JSON path they name.

import { h, NAME_MAX } from "./editor.js";
import * as store from "./state.js";
import * as model from "./sheet_state.js";
import { factField, asked } from "./sheet_fields.js";
import { renderResults } from "./results.js";
import { newId } from "./history.js";
import { draw, afterTap, whenTyped, announce, busy } from "./frame.js";

export { sheetFromRecord } from "./sheet_state.js";

const app = document.getElementById("app");
let rules = null;
let shell = null;
let sheet = null;
let checked = null; // the last answer of /api/check
let lastReport = null; // the last report the sheet had: totals stay on screen while a field is wrong
let lastShown = null; // the facts the server last said the form asks, and under which options (see inPlay)
let asking = 0; // answers can arrive out of order: only the latest question's answer is drawn
let reveal = "errors"; // what the next drawing brings into view (frame.js): a new step's top, else a new error

const record = () => model.toRecord(rules, sheet);

function commit() {
  store.save(rules, sheet);
  render();
}

async function recheck() {
  const question = ++asking;
  busy(app, true);
  const { status, body } = await shell.post("/api/check", record());
  if (question !== asking) return;
  checked = status === 200 || status === 422 ? body : { errors: [{ where: "server", message: `status ${status}` }] };
  if (checked.report) lastReport = checked.report;
  if (Array.isArray(checked.shown)) lastShown = { options: JSON.stringify(sheet.options), keys: checked.shown };
  whenTyped(app, () => { render(); busy(app, false); announce(said()); });
}

function go(step, push = true) {
  sheet.step = step;
  if (step !== "setup" && sheet.started === undefined) sheet.started = new Date().toISOString(); // the play's duration, from here
  reveal = "top";
  // Each step is a history entry: a back-swipe goes back one step inside the pad instead of leaving it.
  if (push) history.pushState({ step }, "", `#${step}`);
  commit();
  if (step !== "setup") recheck();
}

// A field's setter: store quietly while digits are typed; check (and redraw) on a tap, or when the field is left
// (`check` "later": once the tap that left it, on another button, has been handled; frame.js).
function setter(store_, key) {
  return (value, check) => {
    if (value === null || value === undefined) delete store_[key];
    else store_[key] = value;
    store.save(rules, sheet);
    if (check === "later") afterTap(() => { render(); recheck(); });
    else if (check) { render(); recheck(); }
  };
}

// ---- setup -------------------------------------------------------------------------------------------------

function optionField(o) {
  const value = sheet.options[o.name] ?? o.default;
  const choose = (v, later) => { sheet.options[o.name] = v; if (later) afterTap(commit); else commit(); };
  if (o.type === "bool") {
    return h("input", { type: "checkbox", checked: value, "data-option": o.name, "aria-label": o.name.replaceAll("_", " "),
      onchange: (e) => choose(e.target.checked) });
  }
  if (o.type === "enum") {
    return h("div", { class: "choices", "data-option": o.name, role: "group", "aria-label": o.name.replaceAll("_", " ") },
      o.choices.map((c) => h("button", {
      type: "button", class: "choice" + (c === value ? " chosen" : ""), "data-value": c, text: c.replaceAll("_", " "),
      "aria-pressed": String(c === value), onclick: () => choose(c) })));
  }
  return h("input", { type: "number", inputmode: "numeric", value: value ?? "", "data-option": o.name,
    "aria-label": o.name.replaceAll("_", " "), onchange: (e) => choose(Number(e.target.value) || 0, true) });
}

// An option named after a choice of another option (Mondo's `solo_level`, after `level` "solo") is asked only
// while that choice is made; its value stays in the record as it is.
function optionInPlay(o) {
  return !rules.options.some((other) => other !== o && other.type === "enum" && other.choices.some((c) =>
    o.name.startsWith(`${c}_`)) && !o.name.startsWith(`${sheet.options[other.name] ?? other.default}_`));
}

function setupStep() {
  const counts = [...Array(model.MAX_PLAYERS).keys()].map((i) => i + 1);
  const problem = h("p", { class: "error", role: "alert" });
  const players = sheet.names.slice(0, sheet.count).map((name, i) => h("fieldset", { class: "player" },
    h("legend", { text: `Player ${i + 1}` }),
    h("label", { class: "inline" }, "name ", h("input", { type: "text", placeholder: "name", value: name, "data-name": i,
      autocomplete: "off", maxlength: String(NAME_MAX), oninput: (e) => { sheet.names[i] = e.target.value; store.save(rules, sheet); } })),
    // A select is named by a label of its own (one wrapped round it would read the option chosen, too).
    rules.family ? h("div", { class: "inline" }, h("label", { for: `piece-${i}`, text: rules.family.key }),
      h("select", { id: `piece-${i}`, "data-piece": i, onchange: (e) => { sheet.pieces[i] = e.target.value; commit(); } },
    h("option", { value: "", text: "none yet" }),
    rules.family.pieces.map((p) => h("option", { value: p.name, selected: sheet.pieces[i] === p.name, text: p.title }))))
      : null));
  const rounds = rules.rounds_also ? [rules.rounds, rules.rounds_also] : [];
  const whole = model.wholeFacts(rules).filter(asked);
  return [
    shell.chooser(),
    h("section", { class: "card" },
      h("label", { class: "inline" }, "Game ", h("input", { type: "text", placeholder: "title (optional)",
        "data-title": "", value: sheet.title, maxlength: "80", oninput: (e) => { sheet.title = e.target.value; store.save(rules, sheet); } })),
      h("h2", { text: "Players" }),
      h("div", { class: "choices", role: "group", "aria-label": "number of players" }, counts.map((n) => h("button", {
        type: "button", "data-players": n, "aria-pressed": String(n === sheet.count),
        class: "choice" + (n === sheet.count ? " chosen" : ""), text: String(n),
        onclick: () => { model.setCount(sheet, rules, n); commit(); } }))),
      players,
      rules.options.length ? h("h2", { text: "Options" }) : null,
      rules.options.filter(optionInPlay).map((o) => h("div", { class: "field" }, h("span", { class: "fact-title", text: o.name.replaceAll("_", " ") }),
        optionField(o))),
      rounds.length ? h("div", { class: "field" }, h("span", { class: "fact-title", text: "rounds played" }),
        h("div", { class: "choices", role: "group", "aria-label": "rounds played" }, rounds.map((n) => h("button", {
          type: "button", "data-rounds": n, "aria-pressed": String(n === sheet.nrounds),
          class: "choice" + (n === sheet.nrounds ? " chosen" : ""), text: `${n} round${n === 1 ? "" : "s"}`,
          onclick: () => { sheet.nrounds = n; sheet.round = Math.min(sheet.round, n - 1); commit(); } })))) : null,
      whole.length ? h("h2", { text: "For the whole game" }) : null,
      whole.map((f) => factField(f, sheet.whole[f.key], `$.${f.key}`, setter(sheet.whole, f.key), rules.pieces))),
    problem,
    h("button", { type: "button", class: "primary", id: "to-sheet", text: "Enter the sheet →", onclick: () => {
      const names = sheet.names.slice(0, sheet.count).map((n) => n.trim());
      if (names.some((n) => !n)) { problem.textContent = "Every player needs a name."; return; }
      if (new Set(names).size !== names.length) { problem.textContent = "Two players have the same name."; return; }
      if (rules.family && sheet.pieces.slice(0, sheet.count).some((p) => !p)) {
        problem.textContent = `Choose a ${rules.family.key} for every player.`;
        return;
      }
      go("sheet");
    } }),
  ];
}

// ---- the sheet ---------------------------------------------------------------------------------------------

function notesList(items) {
  return items.length ? h("ul", { class: "notes" }, items.map((n) => h("li", { class: n.kind, text: n.text }))) : null;
}

// The seat a message concerns, from its JSON path or (a warning) the player it names.
function seatOf(note) {
  if (note.player !== undefined && note.player !== null) return note.player;
  const match = /players\[(\d+)\]/.exec(note.path || "");
  return match ? Number(match[1]) : null;
}

// Whether the form asks a fact under this sheet's options and level (the server's `shown`; all until it first
// answers). A sheet refused whole (a round's list half typed) has no `shown`: the last one for the same options
// stays, so that the fields do not all come and go while it is typed.
function inPlay(f) {
  const shown = Array.isArray(checked?.shown) ? checked.shown
    : lastShown?.options === JSON.stringify(sheet.options) ? lastShown.keys : null;
  return asked(f) && (!shown || shown.includes(f.key));
}

// The facts not typed yet that the rules need, as the server lists them (each with its JSON path).
const missing = () => checked?.missing || [];
const missingOf = (seat, round) => missing().filter((m) => m.player === seat && (m.round ?? 0) === round);

// Whether a round has everything it needs and nothing wrong: its scores are final.
function roundDone(r) {
  if (!checked?.report) return false;
  const here = (path) => !rules.rounds || (path || "").startsWith(`$.rounds[${r}]`);
  return !missing().some((m) => (m.round ?? 0) === r) && !(checked.errors || []).some((e) => here(e.path));
}

function playerCard() {
  const seat = sheet.seat;
  const path = model.playerPath(rules, sheet.round, seat);
  const facts = sheet.rounds[sheet.round].players[seat];
  const piece = rules.family?.pieces.find((p) => p.name === sheet.pieces[seat]);
  const notAsked = model.playerFacts(rules).filter((f) => !asked(f) && facts[f.key] === undefined);
  const lacking = missingOf(seat, sheet.round);
  return h("section", { class: "card", "data-path": path, "aria-label": "sheet" },
    h("h2", { text: sheet.names[seat] + (piece ? ` · ${piece.title}` : "") + (rules.rounds ? ` · round ${sheet.round + 1}` : "") }),
    lacking.length ? h("p", { class: "note missing", "data-missing": "", text: `Not yet typed: ${
      lacking.map((m) => m.title).join(", ")}. The total so far counts them as 0.` }) : null,
    model.playerFacts(rules).filter(inPlay).map((f) => factField(f, facts[f.key], `${path}.${f.key}`, setter(facts, f.key), rules.pieces)),
    notAsked.length ? h("p", { class: "note", text: `Not asked here (give them in the JSON record or the notation): ${
      notAsked.map((f) => f.title).join("; ")}.` }) : null);
}

function roundCard() {
  const facts = model.roundFacts(rules).filter(inPlay);
  const notes = roundNotes(sheet.round);
  if (!rules.rounds || (!facts.length && !notes.length)) return null;
  const round = sheet.rounds[sheet.round];
  const path = `$.rounds[${sheet.round}]`;
  return h("section", { class: "card", "data-path": path, "aria-label": "round" },
    h("h2", { text: `Round ${sheet.round + 1}, for everyone` }),
    notes.length ? h("ul", { class: "lines", "data-round-notes": "" }, notes.map((text) => h("li", { text }))) : null,
    facts.map((f) => factField(f, round.facts[f.key], `${path}.${f.key}`, setter(round.facts, f.key), rules.pieces)));
}

// What the rules note of each player for a round (the rule set's `note` lines; Mondo: who holds the volcano chip,
// from the round before's scores, "Ann holds the volcano chip: the most points in the round before").
function roundNotes(r) {
  const report = checked?.report;
  if (!report || !rules.rounds) return [];
  const before = r > 0 && !roundDone(r - 1) ? ` (from round ${r} as typed so far)` : "";
  return report.players.flatMap((p) => p.lines.filter((l) => l.what === "note" && l.where === `round ${r + 1}`)
    .map((l) => `${p.name} ${l.why}${before}`));
}

function totalsCard() {
  const report = checked?.report || lastReport;
  const stale = !checked?.report && lastReport;
  const score = report?.players[sheet.seat];
  const label = `round ${sheet.round + 1}`;
  const lines = (score?.lines || []).filter((l) => (!rules.rounds || l.where === label) && l.what !== "note");
  const parts = score ? (rules.rounds ? score.rounds.map((t, r) => `round ${r + 1}: ${t}${roundDone(r) ? "" : " (so far)"}`)
    : rules.scores.map((s) => `${s.title} ${score[s.name] ?? 0}`)) : [];
  const lacking = missing().filter((m) => m.player === sheet.seat);
  const partial = !!checked?.partial || stale;
  return h("section", { class: "card", "aria-label": "totals" },
    h("h2", {}, "Total so far: ", h("strong", { id: "live-total", text: score ? String(score.total) : "…" }),
      score && partial ? h("span", { class: "partial", "data-partial": "", text: " (partial)" }) : null),
    stale ? h("p", { class: "note", text: "As before the last change: the sheet has an error to correct." }) : null,
    !score ? h("p", { class: "note", text: "The total appears once the sheet can be scored (see the messages)." }) : null,
    lacking.length ? h("p", { class: "note", text: `Partial: ${[...new Set(lacking.map((m) => rules.rounds
      ? `${m.title} (round ${m.round + 1})` : m.title))].join(", ")} not yet typed.` }) : null,
    parts.length ? h("p", { class: "categories", text: parts.join(" · ") }) : null,
    lines.length ? h("ul", { class: "lines" }, lines.map((l) => h("li", {},
      h("span", { class: "cp", text: l.cp > 0 ? `+${l.cp}` : String(l.cp) }),
      h("span", { text: ` ${l.where}, ${l.what}: ${l.why}` })))) : null);
}

// What the live region says after a check: the player's total, and how many messages the sheet has.
function said() {
  const score = checked?.report?.players[sheet.seat];
  const errors = (checked?.errors || []).length;
  const warnings = (checked?.report?.warnings || []).length;
  const counted = (n, word) => (n ? `, ${n} ${word}${n === 1 ? "" : "s"}` : "");
  return `${sheet.names[sheet.seat]}: total ${score ? score.total : "not yet"}${checked?.partial ? " (partial)" : ""}`
    + counted(errors, "error") + counted(warnings, "warning");
}

// What the Finish button says: what the rules still need before the game can be finished.
function finishText() {
  if (checked?.finished) return "Finish: final scores →";
  const lacking = [...new Set(missing().map((m) => m.title))];
  if (lacking.length && !(checked?.errors || []).length) return `Finish (not yet typed: ${lacking.join(", ")})`;
  return "Finish (the sheet has errors)";
}

function sheetStep() {
  const totals = checked?.report?.players || [];
  const notes = [...(checked?.errors || []).map((e) => ({ ...e, kind: "error" })),
    ...(checked?.report?.warnings || []).map((w) => ({ ...w, kind: "warning" }))];
  const flagged = new Set(notes.map(seatOf));
  return [
    h("div", { class: "tabs", role: "tablist" }, sheet.names.slice(0, sheet.count).map((name, i) => h("button", {
      type: "button", role: "tab", class: "tab" + (i === sheet.seat ? " chosen" : "") + (flagged.has(i) ? " flagged" : ""),
      "aria-selected": String(i === sheet.seat), "data-tab": i, onclick: () => { sheet.seat = i; commit(); },
    }, h("span", { class: "tab-name", text: name }), h("span", { class: "tab-total", text: totals[i] ? String(totals[i].total)
      + (missing().some((m) => m.player === i) ? "…" : "") : "" })))),
    rules.rounds && sheet.nrounds > 1 ? h("div", { class: "choices rounds", role: "group", "aria-label": "round" },
      [...Array(sheet.nrounds).keys()].map((r) => h("button", { type: "button", "data-round": r,
        class: "choice" + (r === sheet.round ? " chosen" : ""), "aria-pressed": String(r === sheet.round),
        text: `Round ${r + 1}${roundDone(r) ? " ✓" : ""}`, "aria-label": `Round ${r + 1}${roundDone(r) ? ", scored" : ""}`,
        onclick: () => { sheet.round = r; commit(); } }))) : null,
    h("div", { id: "sheet-notes" }),
    roundCard(),
    playerCard(),
    totalsCard(),
    h("button", { type: "button", class: "primary", id: "finish", disabled: !checked?.finished,
      text: finishText(), onclick: () => go("results") }),
  ];
}

// Each message beside the field whose path is the nearest to the one it names (a refusal names the player's whole
// sheet); a message about a player or round not on screen goes to the list at the top, with its place. A message
// about one player is never put on a card of the round, which every player's screen shows.
function placeNotes(root, notes) {
  const loose = [];
  for (const note of notes) {
    const text = note.message + (note.hint ? ` (${note.hint})` : "");
    const player = /players\[\d+\]/.test(note.path || "");
    let field = null;
    for (let path = note.path || ""; path && !field; path = parent(path)) {
      if (player && !/players\[\d+\]/.test(path)) break;
      field = root.querySelector(`[data-path="${CSS.escape(path)}"]`);
    }
    // A warning names its player and, in a game of rounds, its round ("Bo, round 2").
    const round = /, round (\d+)$/.exec(note.where || "");
    const here = note.player === sheet.seat && (!round || Number(round[1]) === sheet.round + 1);
    if (!field && note.kind === "warning" && here) field = root.querySelector('[aria-label="sheet"]');
    const list = h("ul", { class: "notes", "data-notes": "field" }, h("li", { class: note.kind, text }));
    if (field?.matches("section")) field.querySelector("h2").after(list); // a card's own messages: at its top
    else if (field) field.append(list);
    else loose.push({ kind: note.kind, text: placed(note.path ? placeName(note.path) : note.where, text) });
  }
  root.querySelector("#sheet-notes")?.replaceChildren(...[notesList(loose)].filter(Boolean));
}

// "Ann, round 2, animals" and "animals: 30 is out of range" → "Ann, round 2, animals: 30 is out of range".
function placed(where, text) {
  const last = where.split(", ").pop();
  return text.startsWith(`${last}: `) ? where + text.slice(last.length) : `${where}: ${text}`;
}

// A JSON path in the players' words: "$.rounds[1].players[0].chip" → "Ann, round 2, chip".
function placeName(path) {
  const parts = [];
  const round = /rounds\[(\d+)\]/.exec(path);
  const seat = /players\[(\d+)\]/.exec(path);
  if (seat) parts.push(sheet.names[Number(seat[1])] || `player ${Number(seat[1]) + 1}`);
  else if (/\.players$/.test(path)) parts.push("the players");
  if (round) parts.push(`round ${Number(round[1]) + 1}`);
  const key = /\.([^.[\]]+)$/.exec(path.replace(/\.players$/, ""))?.[1];
  if (key && !/^(players|rounds)$/.test(key)) parts.push(key.replaceAll("_", " "));
  return parts.join(", ") || "the sheet";
}

// "$.players[1].cults.fire" → "$.players[1].cults" → "$.players[1]" → "$.players" → "$" → "".
function parent(path) {
  const shorter = path.replace(/(\.[^.[\]]+|\[\d+\])$/, "");
  return shorter === path ? "" : shorter;
}

// This game as a play of the history (history.js): its id kept with the game, so that a game reopened and
// finished again replaces its play.
const play = {
  kept: null,
  info: () => {
    if (!sheet.playId) { sheet.playId = newId(); store.save(rules, sheet); }
    return { id: sheet.playId, game: rules.game, title: sheet.title, record: record(), started: sheet.started, place: sheet.place };
  },
  setPlace: (place) => { sheet.place = place; store.save(rules, sheet); },
};

// ---- frame -------------------------------------------------------------------------------------------------

function steps() {
  const names = [["setup", "Players"], ["sheet", "Sheet"], ["results", "Results"]];
  return names.map(([step, label]) => h("button", { type: "button", class: "navstep" + (sheet.step === step ? " chosen" : ""),
    "data-nav": step, "aria-current": sheet.step === step ? "step" : null, text: label, disabled: step === "results" && !checked?.finished, onclick: () => go(step) }));
}

function render() {
  let page;
  if (sheet.step === "results") {
    page = renderResults({ record: record(), post: shell.post, h, restart, rerender: render, play });
  } else if (sheet.step === "sheet") {
    page = document.createDocumentFragment(); // the messages are placed by the paths of the fields drawn
    page.append(...sheetStep().filter(Boolean));
    placeNotes(page, [...(checked?.errors || []).map((e) => ({ ...e, kind: "error" })),
      ...(checked?.report?.warnings || []).map((w) => ({ ...w, kind: "warning" }))]);
    for (const m of missing()) {
      page.querySelector(`[data-path="${CSS.escape(m.path)}"]`)?.append(h("ul", { class: "notes", "data-notes": "missing" },
        h("li", { class: "missing", text: `${m.title}: not yet typed` })));
    }
    page = [page];
  } else {
    page = setupStep();
  }
  // Each step's first control takes the focus when the step opens.
  const first = reveal !== "top" ? null : sheet.step === "setup" ? "[data-game].chosen"
    : sheet.step === "sheet" ? '[aria-label="sheet"] :is(button, input)' : "#winner";
  draw(app, steps(), page, reveal, first);
  reveal = "errors";
}

function restart() {
  store.forget(rules);
  sheet = model.newSheet(rules);
  checked = null;
  go("setup");
}

window.addEventListener("popstate", (event) => { if (sheet) go(event.state?.step || "setup", false); });
document.addEventListener("pad:redraw", () => { if (sheet) render(); });

// Throws if the sheet kept cannot be drawn after all (app.js then sets it aside and starts again).
export function startSheet(sheetRules, theShell) {
  rules = sheetRules;
  shell = theShell;
  const saved = store.saved(rules);
  sheet = saved === null ? null : model.checked(saved, rules);
  if (saved !== null && !sheet) {
    store.setAside(rules);
    shell.tell(store.SET_ASIDE);
  }
  sheet = sheet || model.newSheet(rules);
  history.replaceState({ step: sheet.step }, "", `#${sheet.step}`);
  render();
  if (sheet.step !== "setup") recheck();
}
