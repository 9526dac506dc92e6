'use strict';
// A recipe API with a small home-made router. The latest mobile build asks for /api/v2/recipies/<id> (a typo in
// the client); routeRequest finds no route for it and answers 404 through notFound. Two requests in three of the
// replayed traffic come from that build.
const http = require('node:http');

const recipes = new Map();
for (let i = 1; i <= 200; i++) recipes.set(i, { id: i, title: `Recipe ${i}`, minutes: 10 + (i % 50), servings: 1 + (i % 6) });

const routes = [
  { pattern: /^\/api\/v2\/recipes\/(\d+)$/, handle: (res, id) => send(res, 200, recipes.get(Number(id)) || { missing: true }) },
  { pattern: /^\/api\/v2\/recipes$/, handle: (res) => send(res, 200, { count: recipes.size }) },
];

function send(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function notFound(res, path) {
  send(res, 404, { error: `no route for ${path}` });
}

function routeRequest(req, res) {
  const path = req.url.split('?')[0];
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (match) return route.handle(res, ...match.slice(1));
  }
  return notFound(res, path);
}

const server = http.createServer(routeRequest);
server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-typo-route-404 listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
