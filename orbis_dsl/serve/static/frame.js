// Drawing a step again. Every change draws the whole step anew, so what the player was at is carried over: the
// scroll stays where it was, and the control that had the focus has it again (found again by its place and its
// data attributes). Then what the change is about is brought into view: a new step from its top, a place asked
// for, or (`"errors"`) an error that was not on screen before, unless the player is typing.

const SCOPES = "[data-path], [data-field], .swatches.big";
const TYPING = "input[type=text], input[type=number], input:not([type]), textarea";

function own(el) {
  if (el.id) return `#${CSS.escape(el.id)}`;
  const data = [...el.attributes].filter((a) => a.name.startsWith("data-"));
  // A control named by no data attribute is named by its label (a sheet's number field, its checkbox).
  const named = data.length ? data : [...el.attributes].filter((a) => a.name === "aria-label");
  return el.tagName.toLowerCase() + named.map((a) => `[${a.name}="${CSS.escape(a.value)}"]`).join("");
}

// A selector that finds `el`'s twin in the page drawn anew, or null.
function focusKey(el) {
  if (!el?.matches?.("button, input, select, textarea")) return null;
  const scope = el.parentElement?.closest(SCOPES);
  if (!scope) return own(el);
  const at = scope.dataset.path !== undefined ? `[data-path="${CSS.escape(scope.dataset.path)}"]`
    : scope.dataset.field !== undefined ? `[data-field="${CSS.escape(scope.dataset.field)}"]` : ".swatches.big";
  return `${at} ${own(el)}`;
}

function inView(el) {
  const box = el.getBoundingClientRect();
  const bar = document.querySelector(".bar")?.getBoundingClientRect().bottom || 0;
  return box.top >= bar && box.bottom <= window.innerHeight;
}

const errorsIn = (app) => [...app.querySelectorAll(".notes .error")];

// The step's buttons (`nav`, into #steps) and its page (`children`, into `app`). `reveal`: "top" (a new step), a
// selector of what to show at the top of the screen, "errors", or null. `focus`: a selector of what takes the focus
// instead of the control that had it (the next place, after a tile is saved).
export function draw(app, nav, children, reveal = null, focus = null) {
  const key = focus || focusKey(document.activeElement);
  const before = new Set(errorsIn(app).map((li) => li.textContent));
  const scrollY = window.scrollY;
  document.getElementById("steps").replaceChildren(...nav);
  app.replaceChildren(...children.filter(Boolean));
  window.scrollTo(0, scrollY);
  if (key) document.querySelector(key)?.focus({ preventScroll: true });
  if (reveal === "top") {
    window.scrollTo(0, 0);
  } else if (reveal === "errors") {
    const fresh = errorsIn(app).find((li) => !before.has(li.textContent));
    if (fresh && !document.activeElement?.matches(TYPING) && !inView(fresh)) fresh.scrollIntoView({ block: "nearest" });
  } else if (reveal) {
    app.querySelector(reveal)?.scrollIntoView({ block: "start" });
  }
}

// Runs `fn` once the tap under way has been handled. A field is left (its change checked and drawn) when a button is
// tapped; drawn at once, the page would replace the button under the finger and its tap would be lost.
let pressed = false;
let waiting = [];

function release() {
  pressed = false;
  const run = waiting;
  waiting = [];
  for (const fn of run) setTimeout(fn, 0); // after the click, which follows in the same task
}

addEventListener("pointerdown", () => { pressed = true; }, true);
addEventListener("pointerup", release, true);
addEventListener("pointercancel", release, true);

export function afterTap(fn) {
  if (pressed) waiting.push(fn);
  else setTimeout(fn, 0);
}

// Runs `fn` now, or, while the player types in a field of `app`, once that field is left: an answer of the server
// drawn in the middle of typing would replace the field under the keys (and its digits, selected to be typed over).
export function whenTyped(app, fn) {
  const field = document.activeElement;
  if (!field?.matches(TYPING) || !app.contains(field)) { fn(); return; }
  field.addEventListener("focusout", () => afterTap(fn), { once: true });
}

// The page's live region: what a screen reader says after a check (the total, the messages), without moving the
// focus. One for the page, outside what each drawing replaces, so that a change of its text is announced.
export function announce(text) {
  let region = document.getElementById("announce");
  if (!region) {
    region = document.createElement("p");
    region.id = "announce";
    region.className = "visually-hidden";
    region.setAttribute("aria-live", "polite");
    region.setAttribute("role", "status");
    document.body.append(region);
  }
  if (region.textContent !== text) region.textContent = text;
}

// While a check is on its way the step says so (aria-busy), and the tests wait for it to end.
export function busy(app, on) {
  if (on) app.setAttribute("aria-busy", "true");
  else app.removeAttribute("aria-busy");
}
