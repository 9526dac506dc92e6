'use strict';
// An identity service on Fastify. POST /login checks a password against its stored scrypt hash with the asynchronous
// crypto.scrypt (N = 16384, r = 8, the library's recommended cost), so the hashing runs on libuv's threadpool and
// the event loop stays free; GET /me answers from a signed session token.
// Logins are a fraction of the traffic (about 2 a second here), the threadpool has room for them.
const crypto = require('node:crypto');
const fastify = require('fastify')({ logger: false });

const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const SECRET = crypto.createHash('sha256').update('checkup-corpus-session-key').digest();
// The user store: salt and scrypt hash of each password (`correct horse <i>`), as a database row would hold them.
const STORED = [
  ['f1726c91b8c845da8bbf8e22abc7ee89', '77e076a00790414e16cfcffb09e1d410d060ab60f32918b51b930f40fbe81971'],
  ['9677838199f12d36f5ee971d49f68abc', 'd5d71adcde9cb3c71b1de6bf16a08254ee411553c8a01867cb6dee22a29ce268'],
  ['134b792091e5e2cde29804f30ac5a762', '2f306184a6e842d2d0fc12116656bfbebc8d55a9917cec365dd923efb22a3402'],
  ['781530e64d1aa0f2a1be1650ad57aa93', '143c5eedfe851955e86bdd4939070ec9805ff2f9073d1aa009ad7986c05c1463'],
];
const users = new Map(STORED.map(([salt, hash], i) => [`user${i}@example.com`, { id: i, salt: Buffer.from(salt, 'hex'), hash: Buffer.from(hash, 'hex') }]));

function verifyPassword(user, password) {
  return new Promise((resolve, reject) => {
    crypto.scrypt(password, user.salt, 32, SCRYPT, (err, derived) => (err ? reject(err) : resolve(crypto.timingSafeEqual(derived, user.hash))));
  });
}

function sign(payload) {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${crypto.createHmac('sha256', SECRET).update(body).digest('base64url')}`;
}
function verify(token) {
  const [body, mac] = String(token || '').split('.');
  if (!body || !mac) return null;
  const want = crypto.createHmac('sha256', SECRET).update(body).digest('base64url');
  if (want.length !== mac.length || !crypto.timingSafeEqual(Buffer.from(want), Buffer.from(mac))) return null;
  return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
}

fastify.post('/login', async (request, reply) => {
  const { email, password } = request.body || {};
  const user = users.get(email);
  if (!user || !(await verifyPassword(user, String(password)))) return reply.code(401).send({ error: 'wrong e-mail or password' });
  return { token: sign({ sub: user.id, email }) };
});
fastify.get('/me', async (request, reply) => {
  const session = verify((request.headers.authorization || '').replace(/^Bearer /, ''));
  if (!session) return reply.code(401).send({ error: 'not signed in' });
  return { id: session.sub, email: session.email, plan: session.sub % 3 ? 'team' : 'free' };
});

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-login-scrypt-modest-rate listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  fastify.close().then(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
