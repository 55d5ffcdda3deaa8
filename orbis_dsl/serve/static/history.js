// The history of plays, kept in this browser (IndexedDB, which survives a reload and a browser restart): every
// finished game with its date, place, players, duration, scores and record; statistics per game and player;
// the whole history exported and imported as one JSON file, so that nothing is lost with a browser.

const DB = "orbis-pad";
const STORE = "plays";
export const FORMAT = "orbis-pad-history/1";

function opened() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "id" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function inStore(mode, work) {
  const db = await opened();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const result = work(tx.objectStore(STORE));
    tx.oncomplete = () => { db.close(); resolve(result.result ?? result); };
    tx.onerror = () => { db.close(); reject(tx.error); };
  });
}

export const put = (play) => inStore("readwrite", (store) => store.put(play));
export const remove = (id) => inStore("readwrite", (store) => store.delete(id));
export async function all() {
  const plays = await inStore("readonly", (store) => store.getAll());
  return plays.sort((a, b) => (b.date || "").localeCompare(a.date || ""));
}

export function newId() {
  return crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

// A finished game as a play of the history: `report` is the score the pad showed (orbis score --json).
export function playOf({ id, game, title, record, report, started, place }) {
  const now = new Date();
  return {
    id, game, title: title || "", date: now.toISOString(), place: place || "",
    minutes: started ? Math.max(0, Math.round((now - new Date(started)) / 60000)) : null,
    players: report.players.map((p) => ({ name: p.name, total: p.total, place: p.place, winner: !!p.winner })),
    winners: [...report.winners], record,
  };
}

// Per game and player: plays, wins, average and best total.
export function statistics(plays) {
  const table = new Map();
  for (const play of plays) {
    for (const p of play.players) {
      const key = `${play.game}\u0000${p.name}`;
      const row = table.get(key) || { game: play.game, name: p.name, plays: 0, wins: 0, sum: 0, best: -Infinity };
      row.plays += 1;
      row.wins += p.winner ? 1 : 0;
      row.sum += p.total;
      row.best = Math.max(row.best, p.total);
      table.set(key, row);
    }
  }
  return [...table.values()].map((r) => ({ ...r, average: Math.round((r.sum / r.plays) * 10) / 10 }))
    .sort((a, b) => a.game.localeCompare(b.game) || b.wins - a.wins || b.average - a.average);
}

export async function exported() {
  return { format: FORMAT, exported: new Date().toISOString(), plays: await all() };
}

// An exported history read back: each play put by its id (a play already kept is replaced, never doubled).
// Returns how many plays it held, or throws with what is wrong with the file.
export async function imported(doc) {
  if (!doc || doc.format !== FORMAT || !Array.isArray(doc.plays)) {
    throw new Error(`not a history of plays (expected "format": "${FORMAT}" and a list of "plays")`);
  }
  const good = doc.plays.filter((p) => p && typeof p.id === "string" && typeof p.game === "string"
    && Array.isArray(p.players) && p.players.every((x) => x && typeof x.name === "string" && typeof x.total === "number"));
  if (good.length !== doc.plays.length) throw new Error(`${doc.plays.length - good.length} play(s) in the file are damaged`);
  for (const play of good) await put(play);
  return good.length;
}

// What a share or a copy says: the game, the winner, each total. "Orbis, 4 Dec 2026: Ann wins with 87. Ann 87,
// Bo 80, Cy 75." (the place order; a shared win: "Ann and Bo share the win with 157").
export function summary(title, report, when = new Date()) {
  const date = when.toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });
  const top = report.players.filter((p) => p.winner);
  const verdict = !top.length ? "nobody wins" : top.length === 1 ? `${top[0].name} wins with ${top[0].total}`
    : `${top.map((p) => p.name).join(" and ")} share the win with ${top[0].total}`;
  const totals = [...report.players].sort((a, b) => a.place - b.place).map((p) => `${p.name} ${p.total}`).join(", ");
  return `${title}, ${date}: ${verdict}. ${totals}.`;
}
