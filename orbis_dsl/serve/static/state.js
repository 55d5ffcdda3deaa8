// The game being entered: kept in this browser's local storage after every change, so a reload, a closed tab or
// a back-swipe loses nothing. It is stored as close to an orbis-game/1 record as possible.

const PREFIX = "orbis-pad:";

export function emptyPyramid(rules) {
  return rules.board.map((width) => Array(width).fill(null));
}

export function newPlayer(rules, seat) {
  return { name: "", god: "", god_cancelled: false, worshippers: 0, pyramid: emptyPyramid(rules), seat };
}

export function newGame(rules) {
  const counts = playerCounts(rules);
  const n = counts.includes(2) ? 2 : counts[0];
  const game = { step: "setup", title: "", variant: "", options: {}, players: [], spare: [], selected: null };
  setPlayerCount(game, rules, n);
  return game;
}

export function playerCounts(rules) {
  return [...new Set(rules.variants.map((v) => v.players))].sort((a, b) => a - b);
}

// Fewer players keeps the players left out, tiles and all (`spare`): more players brings them back first.
export function setPlayerCount(game, rules, n) {
  game.spare = game.spare || [];
  while (game.players.length > n) game.spare.unshift(game.players.pop());
  while (game.players.length < n) game.players.push(game.spare.shift() || newPlayer(rules, game.players.length + 1));
  if (game.selected && !placeOf(game, rules, game.selected)) game.selected = null;
  const fits = rules.variants.filter((v) => v.players === n).map((v) => v.name);
  if (!fits.includes(game.variant)) game.variant = fits.includes(`${n}p`) ? `${n}p` : (fits[0] || "");
}

// Whether a place {player, row, index} is on this game's table.
export function placeOf(game, rules, place) {
  const { player, row, index } = place || {};
  return [player, row, index].every(Number.isInteger) && player >= 0 && player < game.players.length
    && row >= 0 && row < rules.board.length && index >= 0 && index < rules.board[row];
}

// What this browser keeps for a rule set (any game's state), or null.
export function saved(rules) {
  try {
    return JSON.parse(localStorage.getItem(PREFIX + rules.id) || "null");
  } catch (error) {
    return undefined; // damaged: set aside by `load`
  }
}

// A saved game that cannot be drawn is kept apart (under ":set-aside", for rescue by hand) and forgotten.
export function setAside(rules) {
  const raw = localStorage.getItem(PREFIX + rules.id);
  if (raw !== null) localStorage.setItem(`${PREFIX}${rules.id}:set-aside`, raw);
  forget(rules);
}

export const SET_ASIDE = "The game this browser kept could not be opened (it was saved by another version of the "
  + "pad, or damaged). It is set aside, and a new game begins.";

function isPlayer(p, rules) {
  return !!p && typeof p === "object" && typeof p.name === "string" && typeof p.god === "string"
    && Array.isArray(p.pyramid) && p.pyramid.length === rules.board.length
    && p.pyramid.every((row, r) => Array.isArray(row) && row.length === rules.board[r]
      && row.every((tile) => tile === null || (typeof tile === "object" && !Array.isArray(tile))));
}

// Whether a saved Orbis game can be drawn: its texts are texts, its players' pyramids of the board's shape.
function usable(game, rules) {
  return !!game && typeof game === "object" && typeof game.title === "string" && typeof game.variant === "string"
    && !!game.options && typeof game.options === "object" && !Array.isArray(game.options)
    && Array.isArray(game.players) && game.players.length > 0 && game.players.every((p) => isPlayer(p, rules))
    && (game.spare === undefined || (Array.isArray(game.spare) && game.spare.every((p) => isPlayer(p, rules))));
}

// The game kept for these rules, checked: {game, problem}. A saved place that is no longer on the table (a player
// left out since) is dropped; a game that cannot be drawn is set aside, with `problem` saying so.
export function load(rules) {
  const game = saved(rules);
  if (game === null) return { game: newGame(rules), problem: null };
  if (!usable(game, rules)) {
    setAside(rules);
    return { game: newGame(rules), problem: SET_ASIDE };
  }
  if (!["setup", "pyramids", "results"].includes(game.step)) game.step = "setup";
  if (!(Number.isInteger(game.done) && game.done >= 0 && game.done < game.players.length)) game.done = null;
  if (!placeOf(game, rules, game.selected)) {
    game.selected = game.step === "setup" ? null
      : nextEmpty(game, rules, { player: 0 }) || { player: 0, row: 0, index: 0 };
  }
  return { game, problem: null };
}

export function save(rules, game) {
  localStorage.setItem(PREFIX + rules.id, JSON.stringify(game));
}

export function forget(rules) {
  localStorage.removeItem(PREFIX + rules.id);
}

// The orbis-game/1 record of the game so far (empty places stay null until every tile is in).
export function toRecord(game) {
  const record = { format: "orbis-game/1" };
  if (game.title.trim()) record.title = game.title.trim();
  if (game.variant) record.variant = game.variant;
  if (Object.keys(game.options).length) record.options = game.options;
  record.players = game.players.map((p) => {
    const player = { name: p.name.trim() };
    if (p.god) player.god = p.god;
    if (p.god && p.god_cancelled) player.god_cancelled = true;
    player.worshippers = Number(p.worshippers) || 0;
    player.pyramid = p.pyramid;
    return player;
  });
  return record;
}

export function nextEmpty(game, rules, from, onlyThisPlayer = false) {
  // The next empty place, bottom row first and left to right, starting with this player's.
  const order = [];
  for (let p = 0; p < (onlyThisPlayer ? 1 : game.players.length); p++) {
    const player = (from.player + p) % game.players.length;
    rules.board.forEach((width, row) => {
      for (let index = 0; index < width; index++) order.push({ player, row, index });
    });
  }
  return order.find((s) => game.players[s.player].pyramid[s.row][s.index] === null) || null;
}
