// The results step of every game: the final table and winner as `orbis score` computes them (POST /api/score),
// the score sheet, and downloads: the game's JSON record, its notation, the sheet as SVG and as PNG (both drawn
// by the server from one scene; the browser draws the PNG itself only where the server has no Pillow).

let shown = { key: null, answer: null }; // the last score, for the record it was computed from

async function download(post, record, to) {
  const { status, response, body } = await post(`/api/export?to=${to}`, record);
  if (status !== 200) throw new Error(body?.errors?.[0]?.message || `status ${status}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") || "")?.[1] || `orbis.${to}`;
  save(await response.blob(), name);
}

function save(blob, name) {
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

// The columns of the final table: each category the report gives a number for, or each round's total.
function columnsOf(report) {
  const first = report.players[0];
  const named = Object.keys(first).filter((k) => typeof first[k] === "number"
    && !["total", "worshippers", "place"].includes(k)).map((k) => [k, (p) => p[k]]);
  const rounds = Array.isArray(first.rounds) ? first.rounds.map((_, r) => [`round ${r + 1}`, (p) => p.rounds[r]]) : [];
  return [...named, ...rounds];
}

export function renderResults({ record, post, h, restart, rerender }) {
  const key = JSON.stringify(record);
  if (shown.key !== key) {
    shown = { key, answer: null };
    post("/api/score", record).then((answer) => {
      if (shown.key === key) { shown.answer = answer; rerender(); }
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
  const categories = columnsOf(report);
  const winners = report.winners.join(" and ");
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
      h("h2", { id: "winner", text: !report.winners.length ? "Nobody wins"
        : report.winners.length === 1 ? `Winner: ${winners}` : `Shared win: ${winners}` }),
      h("div", { class: "scroll" }, h("table", { id: "final-table" },
        h("thead", {}, h("tr", {}, h("th", { text: "player" }), categories.map(([c]) => h("th", { text: c })),
          h("th", { text: "total" }), h("th", { text: "place" }))),
        h("tbody", {}, report.players.map((p) => h("tr", { class: p.winner ? "winner" : "", "data-player": p.name },
          h("td", { text: p.name }), categories.map(([, value]) => h("td", { text: String(value(p)) })),
          h("td", { class: "total", text: String(p.total) }), h("td", { text: String(p.place) })))))),
      report.warnings.length ? h("ul", { class: "notes" }, report.warnings.map((w) =>
        h("li", { class: "warning", text: `${w.where}: ${w.message}` }))) : null),
    h("section", { class: "card" }, h("h2", { text: "Share" }),
      h("div", { class: "actions wrap" },
        action("Record (JSON)", "download-json", () => download(post, record, "json")),
        action("Notation (text)", "download-text", () => download(post, record, "text")),
        action("Sheet (SVG)", "download-svg", () => download(post, record, "svg")),
        action("Sheet (PNG)", "download-png", () => downloadPng(post, record))),
      sheet),
    h("button", { type: "button", class: "secondary", id: "new-game", text: "New game", onclick: () => {
      if (confirm("Start a new game? This one is no longer kept in the browser (download it first).")) restart();
    } }),
  ];
}
