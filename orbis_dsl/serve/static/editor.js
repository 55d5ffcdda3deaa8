// The tile editor: its form comes from the rule set's declarations (colours, kinds, each kind's parameters and
// their types), never from one game's HTML. Every text is set with textContent: names are never read as HTML.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = value;
    // Through the CSSOM: the page's Content-Security-Policy forbids style attributes.
    else if (key === "fill") {
      el.style.setProperty("--fill", value);
      el.style.setProperty("--on-fill", inkOn(value));
    }
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) {
      el.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
  }
  return el;
}

export const FILLS = {
  red: "#c8372d", yellow: "#e8b420", orange: "#e8862a", blue: "#2f6db5", green: "#2e7d32", white: "#f3efe3",
  black: "#2b2b2b", purple: "#7b4fa0", brown: "#8a5a32", grey: "#8c8c8c", gray: "#8c8c8c", desert: "#cdb98a",
};

// Dark or white text, whichever contrasts more with the tile (WCAG's relative luminance): dark on white, yellow,
// orange and grey, white on the dark colours.
function inkOn(fill) {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(fill);
  if (!hex) return "#fff";
  const channel = (x) => { const c = parseInt(x, 16) / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const [r, g, b] = hex.slice(1).map(channel);
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const dark = 0.0159; // #222
  return (1.05) / (lum + 0.05) >= (lum + 0.05) / (dark + 0.05) ? "#fff" : "#222";
}

export function fillOf(color) {
  if (FILLS[color]) return FILLS[color];
  let hash = 0;
  for (const c of String(color)) hash = (hash * 31 + c.charCodeAt(0)) % 360;
  return `hsl(${hash}, 55%, 45%)`;
}

function swatch(color, chosen, onclick, extra = {}) {
  return h("button", {
    type: "button", class: "swatch" + (chosen ? " chosen" : ""), "data-color": color, "aria-pressed": String(chosen),
    fill: fillOf(color), onclick, ...extra,
  }, h("span", { text: color }));
}

// A row of buttons, one choice of them pressed; `name` labels the row as a group (what a screen reader says).
function choices(items, chosen, onpick, attr, name) {
  return h("div", { class: "choices", role: "group", "aria-label": name }, items.map(([value, label]) => h("button", {
    type: "button", class: "choice" + (value === chosen ? " chosen" : ""), [attr]: String(value),
    "aria-pressed": String(value === chosen), text: label, onclick: () => onpick(value === chosen ? undefined : value),
  })));
}

// `fallback`: what the rules take when the tile prints nothing (shown greyed; − and + start from it); `low` and
// `high`: the values the rules allow (an `int LOW..HIGH` parameter), which − and + keep to.
function stepper(value, name, onchange, fallback = null, low = 0, high = null) {
  const clamp = (n) => Math.max(low, high === null ? n : Math.min(high, n));
  const set = (v, quiet) => onchange(v === "" || v === undefined ? undefined : clamp(Number(v)), quiet);
  // Typing changes the value without drawing the page again, so the button tapped next is still there.
  const input = h("input", {
    type: "number", inputmode: "numeric", min: String(low), ...(high === null ? {} : { max: String(high) }),
    value: value ?? "", "data-param": name, "aria-label": name,
    placeholder: fallback ?? "",
    oninput: (e) => set(e.target.value, true),
  });
  // What the field shows now: typed digits are not drawn again, so `value` may be older than them.
  const current = () => Number(input.value === "" ? (fallback ?? 0) : input.value);
  return h("div", { class: "stepper" },
    h("button", { type: "button", class: "step", "aria-label": `${name} minus one`, text: "−",
      onclick: () => set(current() - 1) }),
    input,
    h("button", { type: "button", class: "step", "aria-label": `${name} plus one`, text: "+",
      "data-plus": name, onclick: () => set(current() + 1) }));
}

// One parameter's widget, by its declared type; `onchange(undefined)` leaves the parameter out of the record.
function paramField(rules, param, value, onchange) {
  const colors = rules.colors;
  switch (param.type) {
    case "int":
      return stepper(value, param.name, onchange, param.default, param.low ?? 0, param.high ?? null);
    case "bool":
      return choices([[true, "yes"], [false, "no"]], value, onchange, "data-bool", param.name);
    case "enum":
      return choices(param.choices.map((c) => [c, c]), value, onchange, "data-enum", param.name);
    case "color":
      return h("div", { class: "swatches", role: "group", "aria-label": param.name },
        colors.map((c) => swatch(c, value === c, () => onchange(value === c ? undefined : c))));
    case "colors": {
      const set = new Set(value || []);
      const limit = param.size || colors.length;
      return h("div", { class: "swatches", role: "group", "aria-label": param.name }, colors.map((c) => swatch(c, set.has(c), () => {
        if (set.has(c)) set.delete(c); else if (set.size < limit) set.add(c);
        onchange(set.size ? colors.filter((x) => set.has(x)) : undefined);
      })));
    }
    case "amount": {
      // Kept here as well as in the tile: typed digits do not draw the form again.
      // (An amount not given yet has no count: "".split(" ") would give the count "", read as 0.)
      let [count, color] = value ? value.split(" ") : [undefined, undefined];
      const build = (n, c, quiet) => {
        count = n === undefined ? undefined : String(n);
        color = c;
        onchange(n === undefined && !c ? undefined : `${n ?? 1} ${c || "any"}`, quiet);
      };
      return h("div", { class: "amount" },
        stepper(count === undefined ? undefined : Number(count), param.name, (n, quiet) => build(n, color, quiet), 1, 1),
        h("div", { class: "swatches", role: "group", "aria-label": `${param.name}: colour` }, [...colors, "any"].map((c) => swatch(c, color === c,
          () => build(count === undefined ? 1 : Number(count), c), { "data-amount": c }))));
    }
    default:
      return h("input", { type: "text", value: value ?? "", "data-param": param.name,
        oninput: (e) => onchange(e.target.value.trim() || undefined, true) });
  }
}

function orderedParams(kind) {
  // The printed data in the order the rules declare it, then what every tile may carry (cp, mystic…).
  const byName = Object.fromEntries(kind.params.map((p) => [p.name, p]));
  const first = kind.declared.map((n) => byName[n]).filter(Boolean);
  return [...first, ...kind.params.filter((p) => !kind.declared.includes(p.name))];
}

// The colour a kind comes in when the rule set's tiles give it in one colour only (Orbis: every Volcano is red):
// choosing the kind chooses that colour too.
function onlyColour(rules, kind) {
  const colours = new Set((rules.tiles || []).filter((t) => t.kind === kind).map((t) => t.color));
  return colours.size === 1 ? [...colours][0] : undefined;
}

// The most characters a player's name takes, typed or loaded (a record's longer name is kept, and shown whole).
export const NAME_MAX = 50;

// The editor for one place. `draft` is the tile being typed (a record tile), changed in place; `update(quiet)`
// draws the page again unless `quiet`.
export function tileEditor(rules, draft, update, saveNow) {
  const set = (changes, quiet) => {
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) delete draft[key]; else draft[key] = value;
    }
    update(quiet);
  };
  const replace = (tile) => {
    for (const key of Object.keys(draft)) delete draft[key];
    set(tile);
  };
  const kinds = rules.kinds.map((k) => [k.name, k.title]);
  // The kind first: a kind that comes in one colour chooses it. A desert has nothing more to say: its tap saves it.
  const parts = [h("h3", { text: "Kind" }), choices(kinds, draft.desert ? undefined : draft.kind, (name) => replace({
    color: onlyColour(rules, name) ?? draft.color, kind: name }), "data-kind", "kind")];
  const face = h("div", { class: "swatches big", role: "group", "aria-label": "colour" },
    rules.colors.map((c) => swatch(c, !draft.desert && draft.color === c,
      () => set({ desert: undefined, color: c }))),
    swatch("desert", !!draft.desert, () => { replace({ desert: true }); if (saveNow) saveNow(); }));
  parts.push(h("h3", { text: "Colour" }), face);
  if (draft.desert) return parts;
  const kind = rules.kinds.find((k) => k.name === draft.kind);
  if (!kind) return parts;
  const main = [];
  const more = [];
  for (const param of orderedParams(kind)) {
    const scored = param.scored || param.required;
    const label = param.name + (param.scored && param.required ? "" : " (optional)");
    (scored ? main : more).push(h("div", { class: "field", "data-field": param.name }, h("h3", { text: label }),
      paramField(rules, param, draft[param.name], (v, quiet) => set({ [param.name]: v }, quiet))));
  }
  // What the tile's back shows: not scored, but a variant that removes a star colour warns about its tiles.
  if (rules.stars.length) {
    more.push(h("div", { class: "field", "data-field": "stars" }, h("h3", { text: "stars (optional)" }),
      choices(rules.stars.map((s) => [s, s]), draft.stars, (v) => set({ stars: v }), "data-stars", "stars")));
  }
  if (rules.levels > 1) {
    const levels = [...Array(rules.levels).keys()].map((n) => [n + 1, String(n + 1)]);
    more.push(h("div", { class: "field", "data-field": "level" }, h("h3", { text: "level (optional)" }),
      choices(levels, draft.level, (v) => set({ level: v }), "data-level", "level")));
  }
  if (kind.token) {
    const words = kind.token === "placed" ? "Cancelation token (as on the table; the rules decide)"
      : "Cancelation token";
    main.push(h("div", { class: "field", "data-field": "cancelled" }, h("h3", { text: words }),
      choices([[true, "token"], [false, "no token"]], draft.cancelled, (v) => set({ cancelled: v }), "data-token",
        "Cancelation token")));
  }
  parts.push(...main);
  if (more.length) {
    // Folded: what scores nothing (mystic value, stars, level); open when the tile gives any of it.
    const given = more.some((el) => draft[el.dataset.field] !== undefined);
    const fold = h("details", { class: "more", open: given || openMore.has(draft) },
      h("summary", { text: `More fields (${more.map((el) => el.dataset.field).join(", ")})` }), more);
    fold.addEventListener("toggle", () => { if (fold.open) openMore.add(draft); else openMore.delete(draft); });
    parts.push(fold);
  }
  return parts;
}

const openMore = new WeakSet(); // the drafts whose folded fields the player opened
