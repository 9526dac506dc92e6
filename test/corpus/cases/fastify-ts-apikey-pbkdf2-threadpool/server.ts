// A metrics ingestion API in TypeScript on Fastify, run by Node's own type stripping. Every request carries an API
// key; checkApiKey looks the key's id up and verifies the secret with the asynchronous crypto.pbkdf2 at 20,000
// iterations of SHA-512, as if it were a user's password. API keys are long random strings: a single SHA-256 (or an
// HMAC) is as safe for them and takes microseconds. Each check takes a threadpool thread for tens of milliseconds,
// so at ten clients the four threads are always busy and every request waits for one.
import crypto from 'node:crypto';
import Fastify from 'fastify';

interface ApiKey {
  id: string;
  tenant: string;
  salt: Buffer;
  hash: Buffer;
}
interface Sample {
  name: string;
  value: number;
  at?: number;
}

const ITERATIONS = 20_000;
// The key store: salt and PBKDF2 hash of each key's secret, as a database row would hold them.
const STORED: Array<[string, string]> = [
  ['c39034d505002f23f8a4c29cbfb9c59a', 'afa852b116618b7a00a562c9996c97a218dcb21708ccf6b129aef54f65c4da3d'],
  ['f907d46ef3358223841ac8e15a590c51', '39042710b9b2d996605dbaa992f007d378262409bbc7d4b0aea071583d98e987'],
  ['1aff7b02914ca47f4ce629bc9795ba15', '950cefca4cb8b6d92af0609a05922d9e63ac6bfd88fc26488b11fd96e6ffb854'],
  ['37bd9f5ea531d557167efe70aa5b0b07', '5f1450d37f883b236b19ee0d76abc719cb6657e2a2cf6022485cc6bb1352e1bf'],
];
const keys = new Map<string, ApiKey>(
  STORED.map(([salt, hash], i): [string, ApiKey] => [`key${i}`, { id: `key${i}`, tenant: `tenant-${i % 5}`, salt: Buffer.from(salt, 'hex'), hash: Buffer.from(hash, 'hex') }]),
);

function checkApiKey(header: string | undefined): Promise<ApiKey | null> {
  const [id = '', secret = ''] = String(header ?? '').split('.');
  const key = keys.get(id);
  if (!key || !secret) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    crypto.pbkdf2(secret, key.salt, ITERATIONS, 32, 'sha512', (err, derived) => (err ? reject(err) : resolve(crypto.timingSafeEqual(derived, key.hash) ? key : null)));
  });
}

const stored: Record<string, number> = {};
const app = Fastify({ logger: false });
app.post<{ Body: { samples: Sample[] } }>('/ingest', async (request, reply) => {
  const key = await checkApiKey(request.headers['x-api-key'] as string | undefined);
  if (!key) return reply.code(401).send({ error: 'bad API key' });
  for (const s of request.body.samples) stored[`${key.tenant}:${s.name}`] = s.value;
  return { accepted: request.body.samples.length };
});

app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  const address = app.server.address() as { port: number };
  console.log(`fastify-ts-apikey-pbkdf2-threadpool listening on http://127.0.0.1:${address.port}`);
});
function shutdown(): void {
  app.close().then(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
