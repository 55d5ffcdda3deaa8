// "Export to BG Stats" on the results step: the finished game as BG Stats' import file (POST /api/bgstats, made by
// reports/bgstats.py as `orbis export bgstats` makes it), dated now in this browser's time, and the link that
// opens BG Stats' own "save this play" dialog on a phone that has the app.
// Added beside the results' downloads without changing results.js: the game is the record last sent to be scored.

const BUTTON = "export-bgstats";
let scored = null; // the body of the last POST /api/score: the finished game's record

const passOn = window.fetch.bind(window);
window.fetch = (input, init = {}) => {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, location.href);
  if (url.pathname === "/api/score" && (init.method || "GET").toUpperCase() === "POST") scored = init.body;
  return passOn(input, init);
};

function localNow() {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
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

async function exportPlay(button) {
  const record = scored;
  const query = `date=${encodeURIComponent(localNow())}`;
  const post = (extra) => fetch(`/api/bgstats?${query}${extra}`, { method: "POST",
    headers: { "Content-Type": "application/json" }, body: record });
  const file = await post("");
  if (file.status !== 200) {
    const body = await file.json().catch(() => null);
    throw new Error(body?.errors?.[0]?.message || `status ${file.status}`);
  }
  const name = /filename="([^"]+)"/.exec(file.headers.get("content-disposition") || "")?.[1] || "bgstats-plays.json";
  save(await file.blob(), name);
  const linked = await post("&as=link");
  if (linked.status !== 200) return;
  const { link } = await linked.json();
  let open = document.getElementById("bgstats-link");
  if (!open) {
    open = document.createElement("a");
    open.id = "bgstats-link";
    open.className = "bgstats-link";
    open.textContent = "Add this play in the BG Stats app";
    button.after(open);
  }
  open.href = link;
}

function addButton() {
  const json = document.getElementById("download-json");
  if (!json || document.getElementById(BUTTON) || scored === null) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "secondary";
  button.id = BUTTON;
  button.textContent = "Export to BG Stats";
  button.addEventListener("click", () => exportPlay(button).catch((error) => alert(error.message)));
  json.parentElement.append(button);
}

new MutationObserver(addButton).observe(document.documentElement, { childList: true, subtree: true });
