// A score sheet's fields, one widget per declared fact type (int, bool, enum, a list of a set's members, a list
// of held pieces with their flag), with large touch targets. Each field carries `data-path`, the JSON path the
// server's messages name, so a message is shown beside the field it concerns.

import { h } from "./editor.js";

const FEW = 6; // a range of at most this many values is a row of buttons rather than a stepper

// A row of buttons, one of them chosen; `name` labels the row as a group (what a screen reader says).
function choiceRow(values, chosen, pick, label, name) {
  return h("div", { class: "choices", role: "group", "aria-label": name }, values.map((v) => h("button", {
    type: "button", class: "choice" + (v === chosen ? " chosen" : ""), "data-value": String(v),
    "aria-pressed": String(v === chosen), text: label(v), onclick: () => pick(v) })));
}

// A number: − and + (bounded by the fact), and the value typed in between. Typing changes the value quietly;
// leaving the field (change) checks it, once the tap that left it (on another button) has been handled
// ("later"). `optional`: empty means not given.
function stepper(value, fact, set, label) {
  const clamp = (n) => Math.min(fact.high ?? Infinity, Math.max(fact.low ?? -Infinity, n));
  const input = h("input", { type: "number", inputmode: "numeric", value: value ?? "", placeholder: "—",
    "aria-label": label, min: fact.low ?? undefined, max: fact.high ?? undefined,
    oninput: (e) => set(e.target.value === "" ? null : Number(e.target.value), false),
    onchange: (e) => set(e.target.value === "" ? null : Number(e.target.value), "later") });
  // − and + start from what the field shows: digits typed are not drawn again, so `value` may be older.
  const shown = () => (input.value === "" ? null : Number(input.value));
  const from = () => shown() ?? fact.low ?? 0;
  return h("div", { class: "stepper" },
    h("button", { type: "button", class: "step", "data-step": "-1", "aria-label": `${label} minus one`, text: "−",
      onclick: () => set(clamp(from() - 1), true) }),
    input,
    h("button", { type: "button", class: "step", "data-step": "+1", "aria-label": `${label} plus one`, text: "+",
      onclick: () => set(shown() === null ? from() : clamp(shown() + 1), true) }));
}

function number(value, fact, set, label) {
  const span = (fact.high ?? Infinity) - (fact.low ?? -Infinity) + 1;
  if (span <= FEW) {
    const values = [...Array(span).keys()].map((i) => fact.low + i);
    return choiceRow(fact.optional ? [null, ...values] : values, value ?? null, (v) => set(v, true),
      (v) => (v === null ? "none" : String(v)), label);
  }
  return stepper(value, fact, set, label);
}

// One value of a fact (a member's, for a fact per set), at JSON path `path`.
function single(value, fact, set, label, pieces, path) {
  if (fact.form === "int") return number(value, fact, set, label);
  if (fact.form === "bool") {
    return h("input", { type: "checkbox", checked: !!value, "aria-label": label,
      onchange: (e) => set(e.target.checked, true) });
  }
  if (fact.form === "enum") {
    return choiceRow(fact.optional ? [null, ...fact.choices] : fact.choices, value ?? null, (v) => set(v, true),
      (v) => (v === null ? "none" : v.replaceAll("_", " ")), label);
  }
  if (fact.form === "list") return toggles(value || [], fact.choices.map((c) => [c, c]), set, fact.optional, label);
  if (fact.form === "held") {
    return [heldToggles(value || [], fact, pieces, set, label), printed(value || [], fact, path, set)];
  }
  return null;
}

function toggles(items, choices, set, optional, label) {
  return h("div", { class: "choices", role: "group", "aria-label": label }, choices.map(([name, title]) => {
    const on = items.includes(name);
    return h("button", { type: "button", class: "choice" + (on ? " chosen" : ""), "data-value": name, title,
      "aria-pressed": String(on), text: name, onclick: () => {
        const next = on ? items.filter((x) => x !== name) : [...items, name];
        set(next.length || !optional ? next : null, true);
      } });
  }));
}

// Pieces held (tasks taken): tap once to hold a piece, again to set its flag ("done"), again to let it go. A
// list without a flag is a plain list of ids.
function heldToggles(items, fact, pieces, set, label) {
  const ids = items.map((x) => (typeof x === "string" ? x : x.id));
  return h("div", { class: "choices", role: "group", "aria-label": label }, pieces.map(({ name, title }) => {
    const at = ids.indexOf(name);
    const item = at >= 0 ? items[at] : null;
    const flagged = fact.flag && item && item[fact.flag];
    const next = () => {
      const rest = items.filter((_, i) => i !== at);
      if (!fact.flag) return at >= 0 ? rest : [...items, name];
      if (!item) return [...items, { id: name, [fact.flag]: false }];
      if (!flagged) return items.map((x, i) => (i === at ? { ...x, [fact.flag]: true } : x));
      return rest;
    };
    return h("button", { type: "button", class: "choice" + (item ? " chosen" : ""), "data-value": name, title,
      "aria-pressed": String(!!item), text: name + (flagged ? ` ✓ ${fact.flag}` : item && fact.flag ? ` (not ${fact.flag})` : ""),
      onclick: () => { const list = next(); set(list.length || !fact.optional ? list : null, true); } });
  }));
}

// What each piece held prints (a Mondo task's points), for a card in front of the players that says otherwise than
// the rules: empty is the rules' value, shown greyed.
function printed(items, fact, path, set) {
  let now = items; // each value typed goes into the list as it is now, not as it was drawn
  const rows = items.flatMap((item, i) => {
    const id = typeof item === "string" ? item : item.id;
    return Object.entries(fact.printed?.[id] || {}).map(([key, usual]) => {
      const put = (typed, check) => {
        now = now.map((x, j) => (j === i ? withValue(x, key, typed) : x));
        set(now, check);
      };
      return h("div", { class: "member", "data-path": `${path}[${i}].${key}` },
        h("span", { class: "member-name", text: `${id} ${key}` }),
        h("input", { type: "number", inputmode: "numeric", placeholder: String(usual), value: item[key] ?? "",
          "data-printed": `${id}.${key}`, "aria-label": `${id}: ${key} printed on the card (empty: the rules' ${usual})`,
          oninput: (e) => put(e.target.value, false),
          onchange: (e) => put(e.target.value, "later") }));
    });
  });
  return rows.length ? h("div", { class: "printed" },
    h("span", { class: "fact-title", text: "as printed on the card, if it says otherwise" }), rows) : null;
}

function withValue(item, key, typed) {
  const out = typeof item === "string" ? { id: item } : { ...item };
  if (typed === "") delete out[key];
  else out[key] = Number(typed);
  return out;
}

// A fact's whole field: its title, then one widget (or one per member of its set). `set(value, check)` stores
// the value; `check` says whether to check the sheet now (a tap) or later (a digit typed).
export function factField(fact, value, path, set, pieces) {
  const title = h("span", { class: "fact-title", text: fact.title + (fact.optional ? " (if known)" : "") });
  if (!fact.members.length) {
    return h("div", { class: "field", "data-path": path, "data-fact": fact.key }, title,
      single(value, fact, set, fact.title, pieces, path));
  }
  const values = { ...(value || {}) }; // each member typed goes into the values as they are now, not as drawn
  const setMember = (member) => (v, check) => {
    values[member] = v;
    const any = Object.values(values).some((x) => x !== null && x !== undefined);
    set(any || !fact.optional ? { ...values } : null, check);
  };
  return h("div", { class: "field", "data-path": path, "data-fact": fact.key }, title,
    fact.members.map((m) => h("div", { class: "member", "data-path": `${path}.${m}` },
      h("span", { class: "member-name", text: m }),
      single(values[m] ?? null, fact, setMember(m), `${fact.title}: ${m}`, pieces, `${path}.${m}`))));
}

export function asked(fact) {
  return fact.form !== null;
}
