// A password-vault API on Fastify, written as an ES module. Each user's items are stored encrypted (AES-256-GCM) with a
// key derived from the user's master secret and salt. GET /vault/:user/items decrypts the user's items: vaultKey
// derives the key with crypto.scryptSync (N = 16384, r = 8) on every call, on the main thread, tens of milliseconds
// during which no other request is served. The key could be derived once per session (or with the asynchronous
// scrypt, off the loop). GET /vault/:user/profile is cheap. pino at warn.
import crypto from 'node:crypto';
import Fastify from 'fastify';
import pino from 'pino';

const log = pino({ level: process.env.LOG_LEVEL || 'warn' });
const SCRYPT = { N: 16384, r: 8, p: 1 };

const users = new Map();
for (let u = 1; u <= 40; u++) {
  const secret = `master-secret-of-user-${u}`;
  const salt = crypto.createHash('sha256').update(`salt-${u}`).digest().subarray(0, 16);
  users.set(String(u), { secret, salt, name: `User ${u}`, items: [] });
}

function vaultKey(user) {
  return crypto.scryptSync(user.secret, user.salt, 32, SCRYPT);
}

function encrypt(key, text, n) {
  const iv = crypto.createHash('md5').update(`iv-${n}`).digest().subarray(0, 12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return { iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

function decrypt(key, item) {
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(item.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(item.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(item.data, 'base64')), decipher.final()]).toString('utf8');
}

const app = Fastify({ logger: false });
app.get('/vault/:user/items', async (req, reply) => {
  const user = users.get(req.params.user);
  if (!user) return reply.code(404).send({ error: 'no such user' });
  const key = vaultKey(user);
  // The demo data is encrypted on a user's first read (deriving 40 keys at start would take seconds).
  if (user.items.length === 0) {
    for (let i = 0; i < 12; i++) user.items.push(encrypt(key, JSON.stringify({ site: `site-${i}.example`, login: `${user.name.toLowerCase().replace(' ', '.')}`, password: `pw-${i}-${req.params.user}` }), i));
  }
  const items = user.items.map((item) => JSON.parse(decrypt(key, item)));
  return { user: user.name, items };
});
app.get('/vault/:user/profile', async (req, reply) => {
  const user = users.get(req.params.user);
  if (!user) return reply.code(404).send({ error: 'no such user' });
  return { user: user.name, items: user.items.length, plan: 'family' };
});
app.get('/health', async () => ({ ok: true }));
app.setErrorHandler((err, req, reply) => {
  log.error({ err }, 'request failed');
  reply.code(500).send({ error: 'internal error' });
});

await app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' });
console.log(`fastify-esm-vault-scryptsync-key-per-read listening on http://127.0.0.1:${app.server.address().port}`);

function shutdown() {
  app.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
