// The offline pad's scorer: Pyodide (Python compiled to WebAssembly), the project's wheel and the pure-Python
// wheels it depends on, unpacked into Pyodide's site-packages; then each request the page's shim (shim.js) sends
// is answered by orbis_dsl.serve.offline.handle_json, the same api.py `orbis serve` answers with. A module worker:
// Pyodide loads no other way.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const started = performance.now();
const handler = (async () => {
  const root = new URL("../", self.location.href);
  const stages = {};
  const mark = (name) => { stages[name] = Math.round(performance.now() - started); };
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", root).href });
  mark("pyodide");
  const { wheels } = await (await fetch(new URL("wheels/index.json", root))).json();
  for (const name of wheels) {
    const data = new Uint8Array(await (await fetch(new URL(`wheels/${name}`, root))).arrayBuffer());
    pyodide.FS.writeFile(`/tmp/${name}`, data);
  }
  pyodide.globals.set("wheel_names", JSON.stringify(wheels));
  pyodide.runPython(`
import importlib, json, site, zipfile
for name in json.loads(wheel_names):
    with zipfile.ZipFile("/tmp/" + name) as wheel:
        wheel.extractall(site.getsitepackages()[0])
importlib.invalidate_caches()
from orbis_dsl.serve.offline import handle_json
`);
  mark("wheels");
  // The rules of every game loaded before the first request (GET /api/games reads each game's title).
  pyodide.runPython(`handle_json('{"method": "GET", "path": "/api/games"}')`);
  mark("rules");
  postMessage({ loaded: performance.now() - started, stages });
  return pyodide.globals.get("handle_json");
})();

const failed = (error) => postMessage({ failed: `the scorer could not start: ${error?.message || error}` });
handler.catch(failed);
// Pyodide does not reject when its WebAssembly cannot be loaded (a file missing from the host, a policy that forbids
// compiling it): it only warns, and waits for ever. Its warning is taken for the failure it is.
const warn = console.warn.bind(console);
console.warn = (...args) => {
  warn(...args);
  if (args[0] === "wasm instantiation failed!") failed("pyodide/pyodide.asm.wasm could not be loaded");
};
self.addEventListener("unhandledrejection", (event) => failed(event.reason));

onmessage = async ({ data }) => {
  try {
    const handle = await handler;
    postMessage({ id: data.id, answer: JSON.parse(handle(JSON.stringify(data.request))) });
  } catch (error) {
    postMessage({ id: data.id, error: `the scorer could not run: ${error.message || error}` });
  }
};
