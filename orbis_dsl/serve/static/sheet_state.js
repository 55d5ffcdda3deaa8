// A score-sheet game being entered (Terra Mystica's final scoring, Mondo's rounds), as the pad keeps it in local
// storage, and the record it stands for. Every field comes from the rule set's facts (GET /api/rules?game=ID):
// a fact of no level is each player's (per round in a game of rounds), `for round` the round's, `for game` the
// whole record's. Facts the form does not ask (map positions) are kept as a loaded record gave them.

export const MAX_PLAYERS = 5; // the rule sets declare no bound; their own refusals say when a count is wrong

export const playerFacts = (rules) => rules.facts.filter((f) => !f.level);
export const roundFacts = (rules) => rules.facts.filter((f) => f.level === "round");
export const wholeFacts = (rules) => rules.facts.filter((f) => f.level === "game");

// What a required fact starts at: its lowest value, no choice, nothing held. Optional facts start not given.
function initial(fact) {
  if (fact.optional) return undefined;
  const one = fact.form === "int" ? (fact.low ?? 0) : fact.form === "bool" ? false
    : fact.form === "enum" ? fact.choices[0] : (fact.form === "list" || fact.form === "held") ? [] : undefined;
  if (one === undefined || !fact.members.length) return one;
  return Object.fromEntries(fact.members.map((m) => [m, one]));
}

function initialFacts(facts) {
  const out = {};
  for (const fact of facts) {
    const value = initial(fact);
    if (value !== undefined) out[fact.key] = value;
  }
  return out;
}

export function newSheet(rules) {
  const options = Object.fromEntries(rules.options.map((o) => [o.name, o.default]));
  const sheet = { kind: "sheet", step: "setup", title: "", options, count: 0, names: [], pieces: [],
    nrounds: rules.rounds || 1, whole: initialFacts(wholeFacts(rules)), rounds: [], seat: 0, round: 0 };
  for (let r = 0; r < (rules.rounds || 1); r++) sheet.rounds.push({ facts: initialFacts(roundFacts(rules)), players: [] });
  setCount(sheet, rules, 2);
  return sheet;
}

export function setCount(sheet, rules, n) {
  while (sheet.names.length < n) sheet.names.push("");
  while (sheet.pieces.length < n) sheet.pieces.push("");
  for (const round of sheet.rounds) {
    while (round.players.length < n) round.players.push(initialFacts(playerFacts(rules)));
  }
  sheet.count = n;
  sheet.seat = Math.min(sheet.seat, n - 1);
}

const isObject = (x) => !!x && typeof x === "object" && !Array.isArray(x);

// Whether a saved sheet can be drawn: its names are texts, each round lists a player object per seat.
function usable(sheet, rules) {
  const rounds = rules.rounds ? [rules.rounds, rules.rounds_also].filter(Boolean) : [1];
  return isObject(sheet) && sheet.kind === "sheet" && typeof sheet.title === "string" && isObject(sheet.options)
    && isObject(sheet.whole) && Number.isInteger(sheet.count) && sheet.count >= 1 && sheet.count <= MAX_PLAYERS
    && Array.isArray(sheet.names) && sheet.names.length >= sheet.count && sheet.names.every((n) => typeof n === "string")
    && Array.isArray(sheet.pieces) && sheet.pieces.length >= sheet.count && rounds.includes(sheet.nrounds)
    && Array.isArray(sheet.rounds) && sheet.rounds.length >= sheet.nrounds && sheet.rounds.every((round) =>
      isObject(round) && isObject(round.facts) && Array.isArray(round.players)
      && round.players.length >= sheet.count && round.players.every(isObject));
}

// A fact per set given as a list, in the set's order (Terra Mystica's power bowls, `"power": [2, 6, 3]`, the
// documented form) becomes the form's values by member: {"I": 2, "II": 6, "III": 3}.
function byMember(rules, facts) {
  for (const fact of rules.facts) {
    const value = facts[fact.key];
    if (fact.members.length && Array.isArray(value)) {
      facts[fact.key] = Object.fromEntries(fact.members.map((m, i) => [m, value[i] ?? null]));
    }
  }
  return facts;
}

// A saved sheet, checked: the sheet (its tab and round kept on the sheet), or null when it cannot be drawn.
export function checked(saved, rules) {
  if (!usable(saved, rules)) return null;
  if (!["setup", "sheet", "results"].includes(saved.step)) saved.step = "setup";
  saved.seat = Number.isInteger(saved.seat) ? Math.min(Math.max(saved.seat, 0), saved.count - 1) : 0;
  saved.round = Number.isInteger(saved.round) ? Math.min(Math.max(saved.round, 0), saved.nrounds - 1) : 0;
  for (const round of saved.rounds) round.players.forEach((facts) => byMember(rules, facts));
  return saved;
}

// The JSON path of a field, as the server's messages name it.
export function playerPath(rules, round, seat) {
  return rules.rounds ? `$.rounds[${round}].players[${seat}]` : `$.players[${seat}]`;
}

function given(facts) {
  return Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined && v !== null));
}

// The game's JSON record (tm-final/1, mondo-rounds/1 …) of what is typed so far.
export function toRecord(rules, sheet) {
  const record = { format: rules.record_format, game: rules.game };
  if (sheet.title.trim()) record.title = sheet.title.trim();
  if (rules.options.length) record.options = { ...sheet.options };
  Object.assign(record, given(sheet.whole));
  const players = (round) => round.players.slice(0, sheet.count).map((facts, seat) => {
    const player = { name: sheet.names[seat].trim() };
    if (rules.family && sheet.pieces[seat]) player[rules.family.key] = sheet.pieces[seat];
    return Object.assign(player, given(facts));
  });
  if (rules.rounds) {
    record.rounds = sheet.rounds.slice(0, sheet.nrounds).map((round) => ({ ...given(round.facts), players: players(round) }));
  } else {
    record.players = players(sheet.rounds[0]);
  }
  return record;
}

// A record of this game (from POST /api/import, so already read and checked) as the pad's sheet, on its facts.
export function sheetFromRecord(rules, record) {
  const sheet = newSheet(rules);
  const optionNames = new Set(rules.options.map((o) => o.name));
  sheet.title = record.title || "";
  for (const [key, value] of Object.entries(record)) {
    if (optionNames.has(key)) sheet.options[key] = value; // an option given at the top (Mondo's "level")
    else if (!["format", "game", "title", "options", "players", "rounds"].includes(key)) sheet.whole[key] = value;
  }
  Object.assign(sheet.options, record.options || {});
  const rounds = rules.rounds ? record.rounds : [{ players: record.players }];
  const first = rounds[0].players;
  sheet.names = first.map((p) => p.name);
  sheet.pieces = first.map((p) => (rules.family ? p[rules.family.key] || "" : ""));
  sheet.count = first.length;
  sheet.nrounds = rounds.length;
  rounds.forEach((round, r) => {
    const { players, ...facts } = round;
    sheet.rounds[r] = { facts, players: players.map(({ name, ...rest }) => {
      if (rules.family) delete rest[rules.family.key];
      return byMember(rules, rest);
    }) };
  });
  sheet.step = "sheet";
  sheet.started = null; // not played on the pad: its duration is unknown
  return sheet;
}
