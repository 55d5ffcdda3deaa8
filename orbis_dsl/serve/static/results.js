// The results step of every game: the final table and winner as `orbis score` computes them (POST /api/score),
// the score sheet, and downloads: the game's JSON record, its notation, the sheet as SVG and as PNG (both drawn
// by the server from one scene; the browser draws the PNG itself only where the server has no Pillow).

import * as history from "./history.js";
import { exportPlay } from "./bgstats.js";

let shown = { key: null, answer: null }; // the last score, for the record it was computed from

async function download(post, record, to) {
  const { status, response, body } = await post(`/api/export?to=${to}`, record);
  if (status !== 200) throw new Error(body?.errors?.[0]?.message || `status ${status}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") || "")?.[1] || `orbis.${to}`;
  save(await response.blob(), name);
}

export function save(blob, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

async function downloadPng(post, record) {
  const made = await post("/api/export?to=png", record);
  if (made.status !== 501) {
    if (made.status !== 200) throw new Error(made.body?.errors?.[0]?.message || `status ${made.status}`);
    const name = /filename="([^"]+)"/.exec(made.response.headers.get("content-disposition") || "")?.[1];
    save(await made.response.blob(), name || "sheet.png");
    return;
  }
  // No Pillow on the server: the SVG drawn onto a canvas at twice its size.
  const { response } = await post("/api/export?to=svg", record);
  const url = URL.createObjectURL(await response.blob());
  const image = new Image();
  await new Promise((resolve, reject) => { image.onload = resolve; image.onerror = reject; image.src = url; });
  const canvas = document.createElement("canvas");
  canvas.width = image.naturalWidth * 2;
  canvas.height = image.naturalHeight * 2;
  const context = canvas.getContext("2d");
  context.scale(2, 2);
  context.drawImage(image, 0, 0);
  URL.revokeObjectURL(url);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") || "")?.[1] || "orbis.svg";
  canvas.toBlob((blob) => save(blob, name.replace(/\.svg$/, ".png")), "image/png");
}

// What a report gives beside the total that breaks a tie on it (orbis-score/1: the most worshippers left), and how
// the winner rule reads it.
const TIEBREAKS = { worshippers: "the most worshippers left" };

// The columns of the final table: each category the report gives a number for, or each round's total.
function columnsOf(report) {
  const first = report.players[0];
  const named = Object.keys(first).filter((k) => typeof first[k] === "number"
    && !["total", "place", ...Object.keys(TIEBREAKS)].includes(k)).map((k) => [k, (p) => p[k]]);
  const rounds = Array.isArray(first.rounds) ? first.rounds.map((_, r) => [`round ${r + 1}`, (p) => p.rounds[r]]) : [];
  return [...named, ...rounds];
}

// The table as the CLI prints it: the player, the categories, the total, the tie-break, the place. On a narrow
// screen the categories scroll under the player's name and the total, tie-break and place, which stay in view.
function finalTable(h, report) {
  const categories = columnsOf(report);
  const ties = tiebreaks(report);
  const cell = (cls, text) => h("td", { class: cls, text: String(text) });
  return h("div", { class: "scroll" }, h("table", { id: "final-table", class: "final" + (ties.length ? " tied" : "") },
    h("thead", {}, h("tr", {}, h("th", { class: "who", scope: "col", text: "player" }),
      categories.map(([c]) => h("th", { scope: "col", text: c })), h("th", { class: "total", scope: "col", text: "total" }),
      ties.map((k) => h("th", { class: "tiebreak", scope: "col", text: k })),
      h("th", { class: "place", scope: "col", text: "place" }))),
    h("tbody", {}, report.players.map((p) => h("tr", { class: p.winner ? "winner" : "", "data-player": p.name },
      h("th", { class: "who", scope: "row", text: p.name }), categories.map(([, value]) => cell("", value(p))),
      cell("total", p.total), ties.map((k) => cell("tiebreak", p[k])), cell("place", p.place))))));
}

const tiebreaks = (report) => Object.keys(TIEBREAKS).filter((k) => typeof report.players[0][k] === "number");

// Said under the table when totals tie: what the winner rule looked at next.
function tieNote(h, report) {
  const totals = report.players.map((p) => p.total);
  const ties = tiebreaks(report);
  if (!ties.length || new Set(totals).size === totals.length) return null;
  return h("p", { class: "note", "data-tie": "", text: `Equal totals: ${ties.map((k) => TIEBREAKS[k]).join(", then ")}`
    + " places first." });
}

// The PNG sheet as a file to share (the server's, or drawn here from the SVG where it has no Pillow).
async function pngFile(post, record) {
  const made = await post("/api/export?to=png", record);
  if (made.status === 200) return new File([await made.response.blob()], "score-sheet.png", { type: "image/png" });
  return null;
}

// Share where the browser can (the Web Share API, with the PNG sheet and the summary); else copy the summary, and
// the downloads above stay.
async function share(post, record, text, said) {
  const file = await pngFile(post, record).catch(() => null);
  const data = { title: "Scores", text, ...(file ? { files: [file] } : {}) };
  if (navigator.share && (!navigator.canShare || navigator.canShare(data))) {
    try {
      await navigator.share(data);
      said("Shared.");
      return;
    } catch (error) {
      if (error.name === "AbortError") return; // the player closed the share sheet
    }
  }
  await copy(text, said);
}

async function copy(text, said) {
  try {
    await navigator.clipboard.writeText(text);
    said("Summary copied.");
  } catch (error) {
    said("Copy the summary below.");
  }
}

// The game into the history of plays, once per scored record (again, with its changes, when it is reopened).
function keep(play, report) {
  if (!play || play.kept === shown.key) return;
  play.kept = shown.key;
  history.put(history.playOf({ ...play.info(), report })).catch((error) => console.error(error));
}

// The step's first thing takes the focus once drawn (the button tapped to come here is gone with "Scoring…"),
// unless the player has moved it already.
function focusWinner() {
  setTimeout(() => {
    if (!document.activeElement || document.activeElement === document.body) {
      document.getElementById("winner")?.focus({ preventScroll: true });
    }
  }, 0);
}

export function renderResults({ record, post, h, restart, rerender, play }) {
  const key = JSON.stringify(record);
  if (shown.key !== key) {
    shown = { key, answer: null };
    post("/api/score", record).then((answer) => {
      if (shown.key !== key) return;
      shown.answer = answer;
      rerender();
      focusWinner();
    });
    return [h("p", { class: "note", text: "Scoring…" })];
  }
  if (!shown.answer) return [h("p", { class: "note", text: "Scoring…" })];
  const { status, body } = shown.answer;
  if (status !== 200) {
    return [h("section", { class: "card" }, h("h2", { text: "This game cannot be scored yet" }),
      h("ul", { class: "notes" }, (body?.errors || []).map((e) => h("li", { class: "error", text: `${e.where}: ${e.message}` }))))];
  }
  const report = body;
  focusWinner(); // also when the answer was already here (the same record scored before): no answer to wait for
  keep(play, report);
  const winners = report.winners.join(" and ");
  const game = document.title.replace(/ scoring pad$/, "");
  const text = history.summary(record.title ? `${game}, ${record.title}` : game, report);
  const shareStatus = h("p", { class: "note", id: "share-status", role: "status" });
  const said = (words) => { shareStatus.textContent = words; };
  const action = (label, id, fn) => h("button", { type: "button", class: "secondary", id, text: label,
    onclick: () => fn().catch((error) => alert(error.message)) });
  const sheet = h("img", { class: "sheet", alt: "score sheet", src: shown.sheet });
  if (!shown.sheet) {
    post("/api/export?to=svg", record).then(async ({ response }) => {
      if (shown.key !== key) return;
      shown.sheet = URL.createObjectURL(await response.blob());
      sheet.src = shown.sheet;
    });
  }
  return [
    h("section", { class: "card" },
      h("h2", { id: "winner", tabindex: "-1", text: !report.winners.length ? "Nobody wins"
        : report.winners.length === 1 ? `Winner: ${winners}` : `Shared win: ${winners}` }),
      finalTable(h, report),
      tieNote(h, report),
      report.warnings.length ? h("ul", { class: "notes" }, report.warnings.map((w) =>
        h("li", { class: "warning", text: `${w.where}: ${w.message}` }))) : null),
    play ? h("section", { class: "card" }, h("label", { class: "inline" }, "Played at ", h("input", { type: "text",
      id: "place", placeholder: "place (optional)", value: play.info().place || "", maxlength: "80", autocomplete: "off",
      onchange: (e) => { play.setPlace(e.target.value.trim()); play.kept = null; keep(play, report); } }))) : null,
    h("section", { class: "card" }, h("h2", { text: "Share" }),
      h("p", { id: "summary", class: "categories", text }),
      h("div", { class: "actions wrap" },
        action(navigator.share ? "Share" : "Copy summary", "share", () => share(post, record, text, said)),
        action("Copy summary", "copy-summary", () => copy(text, said)),
        action("Record (JSON)", "download-json", () => download(post, record, "json")),
        action("Notation (text)", "download-text", () => download(post, record, "text")),
        action("Sheet (SVG)", "download-svg", () => download(post, record, "svg")),
        action("Sheet (PNG)", "download-png", () => downloadPng(post, record)),
        action("Export to BG Stats", "export-bgstats", () => exportPlay(post, record))),
      shareStatus, sheet),
    h("button", { type: "button", class: "secondary", id: "new-game", text: "New game", onclick: () => {
      if (confirm("Start a new game? This one is no longer kept in the browser (download it first).")) restart();
    } }),
  ];
}
