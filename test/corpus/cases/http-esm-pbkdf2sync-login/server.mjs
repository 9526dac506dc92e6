// An account service, an ES module on plain node:http. POST /login checks the password with verifyPassword, which
// derives the key with crypto.pbkdf2Sync (210,000 iterations of SHA-512, today's recommended count): the synchronous
// variant runs the whole derivation on the main thread, so every login stops the event loop for its full duration and
// the cheap GET /me requests of other users wait behind it. crypto.pbkdf2 (async, on the threadpool) is the fix; the
// iteration count itself is deliberate.
import http from 'node:http';
import crypto from 'node:crypto';

const ITERATIONS = 210000;
const users = new Map();
for (const [name, password] of [['alice', 'correct horse battery staple'], ['bob', 'hunter2hunter2'], ['chen', 'tr0ub4dor&3']]) {
  const salt = crypto.randomBytes(16);
  users.set(name, { name, salt, hash: crypto.pbkdf2Sync(password, salt, ITERATIONS, 64, 'sha512'), plan: 'pro' });
}
const sessions = new Map([['tok-alice', 'alice'], ['tok-bob', 'bob']]);

function verifyPassword(user, password) {
  const derived = crypto.pbkdf2Sync(password, user.salt, ITERATIONS, 64, 'sha512');
  return crypto.timingSafeEqual(derived, user.hash);
}

function send(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const server = http.createServer(async (req, res) => {
  if (req.method === 'POST' && req.url === '/login') {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const { user: name, password } = JSON.parse(raw);
    const user = users.get(name);
    if (!user || !verifyPassword(user, password)) return send(res, 401, { error: 'bad credentials' });
    const token = `tok-${name}-${crypto.randomUUID()}`;
    return send(res, 200, { token });
  }
  if (req.method === 'GET' && req.url === '/me') {
    const name = sessions.get(String(req.headers.authorization || '').replace(/^Bearer /, ''));
    if (!name) return send(res, 401, { error: 'no session' });
    const { plan } = users.get(name);
    return send(res, 200, { name, plan });
  }
  send(res, 404, { error: 'not found' });
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-esm-pbkdf2sync-login listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
