'use strict';
// A feature-flag API. loadSettings reads and parses flags.yaml with js-yaml on every request ("so edits show up
// at once") instead of parsing it once and reloading it when the file changes.
const fs = require('node:fs');
const path = require('node:path');
const restify = require('restify');
const yaml = require('js-yaml');

const FLAGS_FILE = path.join(__dirname, 'flags.yaml');

function loadSettings() {
  return yaml.load(fs.readFileSync(FLAGS_FILE, 'utf8'));
}

const server = restify.createServer({ name: 'restify-yaml-flags' });
server.get('/flags/:name', (req, res, next) => {
  const settings = loadSettings();
  const flag = settings.flags[req.params.name];
  if (!flag) {
    res.send(404, { error: 'unknown flag' });
    return next();
  }
  res.send({ name: req.params.name, enabled: flag.enabled, rollout: flag.rollout });
  next();
});
server.get('/flags', (req, res, next) => {
  const settings = loadSettings();
  res.send({ version: settings.version, count: Object.keys(settings.flags).length });
  next();
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`restify-yaml-flags listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
