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
  const reselect = !focus && document.activeElement === tabbedInto && tabbedInto !== typed;
  const before = new Set(errorsIn(app).map((li) => li.textContent));
  const scrollY = window.scrollY;
  document.getElementById("steps").replaceChildren(...nav);
  app.replaceChildren(...children.filter(Boolean));
  window.scrollTo(0, scrollY);
  if (key) document.querySelector(key)?.focus({ preventScroll: true });
  if (reselect && document.activeElement?.matches(TYPING)) {
    document.activeElement.select();
    tabbedInto = document.activeElement;
  }
  if (reveal === "top") {
    window.scrollTo(0, 0);
  } else if (reveal === "errors") {
    const fresh = errorsIn(app).find((li) => !before.has(li.textContent));
    if (fresh && !document.activeElement?.matches(TYPING) && !inView(fresh)) fresh.scrollIntoView({ block: "nearest" });
  } else if (reveal) {
    app.querySelector(reveal)?.scrollIntoView({ block: "start" });
  }
}

// When to draw. Drawn at once, the page would replace what the player is at: the button under a finger that is
// down (its tap would be lost), or the field being typed in (its digits). So a drawing waits while a finger is
// down, until it is lifted, and while the player types in a field, until that field is left. A field only reached
// (by Tab, or a tap) and not typed in holds nothing back: it is drawn again with the focus, and with its digits
// selected again if Tab had selected them, to be typed over.
let pressed = false;
let waiting = [];
let typed = null; // the field typed in since it took the focus
let tabbing = false;
let tabbedInto = null; // the field Tab went to (its digits selected), while it is not typed in

addEventListener("pointerdown", () => { pressed = true; }, true);
addEventListener("pointerup", release, true);
addEventListener("pointercancel", release, true);
addEventListener("input", (e) => { if (e.target.matches?.(TYPING)) typed = e.target; }, true);
addEventListener("keydown", (e) => { tabbing = e.key === "Tab"; }, true);
addEventListener("focusin", (e) => { tabbedInto = tabbing && e.target.matches?.(TYPING) ? e.target : null; tabbing = false; }, true);
addEventListener("focusout", (e) => { if (e.target === typed) typed = null; }, true);

function release() {
  pressed = false;
  const run = waiting;
  waiting = [];
  for (const fn of run) setTimeout(() => settle(fn), 0); // after the click, which follows in the same task
}

function settle(fn) {
  if (pressed) {
    waiting.push(fn);
    return;
  }
  const field = document.activeElement;
  if (field && field === typed) {
    field.addEventListener("focusout", () => setTimeout(() => settle(fn), 0), { once: true });
    return;
  }
  fn();
}

// Runs `fn` once the tap under way has been handled. A field is left (its change checked and drawn) when a button is
// tapped; drawn at once, the page would replace the button under the finger and its tap would be lost.
export function afterTap(fn) {
  if (pressed) waiting.push(fn);
  else setTimeout(() => settle(fn), 0);
}

// Runs `fn` (an answer of the server drawn) now, or once no finger is down and no field of `app` is being typed in.
export function whenTyped(app, fn) {
  if (document.activeElement === typed && !app.contains(typed)) fn();
  else settle(fn);
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
