'use strict';
// An account page API. Three layers each need the signed-in user's profile and each asks the profile service for it
// itself: authenticate (to check the session's user is active), loadEntitlements (to read the plan) and
// renderGreeting (for the display name). Each calls fetchProfile, a ~20 ms round trip, one after the other, so every
// request waits for the same answer three times where one call (or a per-request memo) would do; the event loop idles.
const http = require('node:http');
// The profile service runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let profilePort;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function fetchProfile(userId) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: profilePort, path: `/profiles/${userId}`, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => {
        const data = JSON.parse(body);
        resolve({ id: userId, active: true, plan: data.value % 2 ? 'pro' : 'team', name: `User ${userId}` });
      });
    });
    req.on('error', reject);
  });
}

async function authenticate(userId) {
  const profile = await fetchProfile(userId);
  if (!profile.active) throw new Error('inactive user');
  return userId;
}
async function loadEntitlements(userId) {
  const profile = await fetchProfile(userId);
  return profile.plan === 'pro' ? ['reports', 'exports', 'api'] : ['reports'];
}
async function renderGreeting(userId) {
  const profile = await fetchProfile(userId);
  return `Welcome back, ${profile.name}`;
}

async function accountPage(userId) {
  const user = await authenticate(userId);
  const entitlements = await loadEntitlements(user);
  const greeting = await renderGreeting(user);
  return { user, entitlements, greeting };
}

const server = http.createServer((req, res) => {
  const m = /^\/account\/(u\d+)$/.exec(req.url);
  if (!m) {
    res.writeHead(404, { 'content-type': 'application/json' });
    return res.end('{"error":"not found"}');
  }
  accountPage(m[1]).then(
    (page) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(page));
    },
    (err) => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: err.message }));
    },
  );
});

function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  agent.destroy();
  const closed = new Promise((resolve) => {
    server.close(resolve);
    server.closeAllConnections();
  });
  Promise.all([closed, stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(20).then(
  (port) => {
    profilePort = port;
    server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`http-profile-fetched-thrice listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
