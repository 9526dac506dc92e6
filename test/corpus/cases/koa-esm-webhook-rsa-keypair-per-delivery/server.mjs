// A webhook relay on Koa (an ES module). POST /deliveries signs an outgoing webhook for a partner: deliveryKeys makes
// a fresh RSA 2048 key pair for every delivery with the asynchronous crypto.generateKeyPair ("so a leaked key exposes
// one delivery only"), then signDelivery signs the payload with it and returns the signature with the public key.
// Key generation runs on libuv's threadpool (four threads), tens to hundreds of milliseconds each, so at four clients
// the pool is always full; GET /deliveries/:id reads the delivery's record file with fs.promises, which needs the
// same threadpool and waits behind the key generations. One service key, rotated daily, would need no generation.
import Koa from 'koa';
import Router from '@koa/router';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const generateKeyPair = promisify(crypto.generateKeyPair);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-relay-'));
for (let i = 1; i <= 50; i++) {
  fs.writeFileSync(path.join(dir, `${i}.json`), JSON.stringify({ id: i, partner: `partner-${i % 7}`, status: i % 5 ? 'delivered' : 'retrying', attempts: 1 + (i % 3) }));
}

async function deliveryKeys() {
  return generateKeyPair('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
}

async function signDelivery(partner, event) {
  const { publicKey, privateKey } = await deliveryKeys();
  const body = JSON.stringify({ partner, event, sentAt: new Date().toISOString() });
  const signature = crypto.sign('sha256', Buffer.from(body), privateKey).toString('base64');
  return { partner, body, signature, publicKey };
}

let nextId = 1;
const app = new Koa();
const router = new Router();
router.post('/deliveries', async (ctx) => {
  let raw = '';
  for await (const chunk of ctx.req) raw += chunk;
  const input = JSON.parse(raw || '{}');
  const signed = await signDelivery(String(input.partner || 'partner-1'), input.event || {});
  ctx.status = 202;
  ctx.body = { id: nextId++, ...signed };
});
router.get('/deliveries/:id', async (ctx) => {
  const id = 1 + ((Number(ctx.params.id) || 1) - 1) % 50;
  ctx.body = JSON.parse(await fs.promises.readFile(path.join(dir, `${id}.json`), 'utf8'));
});
app.use(router.routes());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-esm-webhook-rsa-keypair-per-delivery listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  const done = () => {
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  server.close(done);
  server.closeAllConnections();
  setTimeout(done, 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
