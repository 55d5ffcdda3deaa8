// The offline pad's seam: loaded before the pad's own scripts, it answers the requests they make of `orbis serve`
// (fetch("/api/…")) in this browser instead, from a worker running the project's Python scorer in Pyodide
// (worker.js → orbis_dsl/serve/offline.py, the same api.py the server calls). Every other request goes on as before,
// to the service worker (sw.js), which keeps every file of the build for use without a network.
// It also shows how far the scorer is: loading, then the time the first score took.
(() => {
  const base = new URL("./", document.baseURI); // the build's folder, wherever it is hosted
  const worker = new Worker(new URL("offline/worker.js", base), { type: "module" });
  const waiting = new Map();
  let next = 0;
  let firstScore = null;
  const status = { text: "Loading the scorer (Python in this browser)…", state: "loading" };

  function show() {
    let bar = document.getElementById("offline-status");
    if (!bar && document.body) {
      bar = document.createElement("p");
      bar.id = "offline-status";
      bar.setAttribute("role", "status");
      document.body.append(bar);
    }
    if (!bar) return;
    bar.textContent = status.text;
    bar.dataset.state = status.state;
    if (firstScore !== null) bar.dataset.firstScoreMs = String(Math.round(firstScore));
  }
  document.addEventListener("DOMContentLoaded", show);

  // The scorer cannot start (no WebAssembly, a file missing): every request, now and later, says so.
  let failed = null;
  function fail(error) {
    failed = error;
    status.text = error;
    status.state = "failed";
    show();
    for (const [id, pending] of waiting) { waiting.delete(id); pending({ error }); }
  }
  worker.onerror = (event) => fail(`the scorer could not start: ${event.message || "the worker failed"}`);

  worker.onmessage = ({ data }) => {
    if (data.failed) { fail(data.failed); return; }
    if (data.loaded) {
      window.orbisOffline.stages = data.stages; // ms since the worker started: pyodide, wheels, rules
      status.text = `Scorer loaded in ${(data.loaded / 1000).toFixed(1)} s…`;
      show();
      return;
    }
    const pending = waiting.get(data.id);
    if (!pending) return;
    waiting.delete(data.id);
    pending(data);
  };

  function answerOf(data, path) {
    if (data.error) {
      return new Response(JSON.stringify({ errors: [{ where: "offline", message: data.error }] }),
        { status: 503, headers: { "Content-Type": "application/json" } });
    }
    const a = data.answer;
    const headers = { "Content-Type": a.media.startsWith("text/") && !a.media.includes("charset")
      ? `${a.media}; charset=utf-8` : a.media };
    if (a.filename) headers["Content-Disposition"] = `attachment; filename="${a.filename}"`;
    if (firstScore === null && a.status === 200 && (path === "/api/score" || path === "/api/check")) {
      firstScore = performance.now(); // since this page began to load
      status.text = `Scored in this browser: first score after ${(firstScore / 1000).toFixed(1)} s`
        + (offline ? "; works offline" : "");
      status.state = "ready";
      window.orbisOffline.firstScoreMs = firstScore;
      show();
    }
    return new Response(a.bytes ? new Uint8Array(a.bytes) : a.body, { status: a.status, headers });
  }

  const networkFetch = window.fetch.bind(window);
  window.fetch = async (input, init = {}) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith("/api/")) return networkFetch(input, init);
    const request = { method: (init.method || "GET").toUpperCase(), path: url.pathname,
      query: Object.fromEntries(url.searchParams), body: typeof init.body === "string" ? init.body : "" };
    if (failed) return answerOf({ error: failed }, url.pathname);
    const id = ++next;
    const data = await new Promise((resolve) => { waiting.set(id, resolve); worker.postMessage({ id, request }); });
    return answerOf(data, url.pathname);
  };
  window.orbisOffline = { firstScoreMs: null, offline: false };

  // Offline once the service worker has kept every file (its install waits for all of them).
  let offline = false;
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(new URL("sw.js", base), { scope: base.pathname }).catch((error) => {
      console.warn("the pad will not work offline:", error);
    });
    navigator.serviceWorker.ready.then(() => {
      offline = true;
      window.orbisOffline.offline = true;
      if (firstScore !== null) status.text += "; works offline";
      show();
    });
  }
})();
