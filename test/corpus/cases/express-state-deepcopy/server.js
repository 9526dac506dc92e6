'use strict';
// A multiplayer lobby service keeps its whole state in memory. Every read goes through readState(), which returns
// a deep copy made with JSON.parse(JSON.stringify(state)) "so nobody can mutate it" - even though each route only
// reads a handful of fields from it.
const express = require('express');

const state = { version: 1, updatedAt: '2026-01-01T00:00:00.000Z', lobbies: [] };
for (let l = 0; l < 120; l++) {
  const players = [];
  for (let p = 0; p < 12; p++) {
    players.push({ id: `p${l}-${p}`, name: `player ${l}-${p}`, rating: 1000 + ((l * 37 + p * 11) % 800), ready: (l + p) % 3 === 0, loadout: { weapon: `w${p % 5}`, skin: `s${l % 7}`, perks: [p % 4, (p + 1) % 4] } });
  }
  state.lobbies.push({ id: `lobby-${l}`, map: ['docks', 'forest', 'tower'][l % 3], mode: l % 2 ? 'duel' : 'team', players, chat: players.map((pl, i) => ({ from: pl.id, text: `gl hf #${i}` })) });
}

function readState() {
  return JSON.parse(JSON.stringify(state));
}

const app = express();
app.get('/lobbies/:id', (req, res) => {
  const snapshot = readState();
  const lobby = snapshot.lobbies.find((l) => l.id === req.params.id);
  if (!lobby) return res.status(404).json({ error: 'no such lobby' });
  res.json({ id: lobby.id, map: lobby.map, mode: lobby.mode, players: lobby.players.length, ready: lobby.players.filter((p) => p.ready).length });
});
app.get('/version', (req, res) => {
  const snapshot = readState();
  res.json({ version: snapshot.version, lobbies: snapshot.lobbies.length });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-state-deepcopy listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
