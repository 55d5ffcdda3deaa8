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
  const game = { step: "setup", title: "", variant: "", options: {}, players: [], selected: null };
  setPlayerCount(game, rules, n);
  return game;
}

export function playerCounts(rules) {
  return [...new Set(rules.variants.map((v) => v.players))].sort((a, b) => a - b);
}

export function setPlayerCount(game, rules, n) {
  while (game.players.length < n) game.players.push(newPlayer(rules, game.players.length + 1));
  game.players.length = n;
  const fits = rules.variants.filter((v) => v.players === n).map((v) => v.name);
  if (!fits.includes(game.variant)) game.variant = fits.includes(`${n}p`) ? `${n}p` : (fits[0] || "");
}

// What this browser keeps for a rule set (any game's state), or null.
export function saved(rules) {
  try {
    return JSON.parse(localStorage.getItem(PREFIX + rules.id) || "null");
  } catch (error) {
    return null; // a damaged entry is replaced by a new game rather than stopping the pad
  }
}

export function load(rules) {
  const game = saved(rules);
  return game && Array.isArray(game.players) ? game : newGame(rules);
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
