// "Export to BG Stats" on the results step (results.js draws its button): the finished game as BG Stats' import
// file (POST /api/bgstats, made by reports/bgstats.py as `orbis export bgstats` makes it), dated now in this
// browser's time, and the link that opens BG Stats' own "save this play" dialog on a phone that has the app.

import { save } from "./results.js";

const BUTTON = "export-bgstats";

function localNow() {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
}

// `post`: the pad's POST (app.js; the offline pad's shim answers it in the browser); `record`: the game scored.
export async function exportPlay(post, record) {
  const query = `date=${encodeURIComponent(localNow())}`;
  const file = await post(`/api/bgstats?${query}`, record);
  if (file.status !== 200) throw new Error(file.body?.errors?.[0]?.message || `status ${file.status}`);
  const name = /filename="([^"]+)"/.exec(file.response.headers.get("content-disposition") || "")?.[1]
    || "bgstats-plays.json";
  save(await file.response.blob(), name);
  const linked = await post(`/api/bgstats?${query}&as=link`, record);
  if (linked.status !== 200) return;
  let open = document.getElementById("bgstats-link");
  if (!open) {
    open = document.createElement("a");
    open.id = "bgstats-link";
    open.className = "bgstats-link";
    open.textContent = "Add this play in the BG Stats app";
    document.getElementById(BUTTON)?.after(open);
  }
  open.href = linked.body.link;
}
