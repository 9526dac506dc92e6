// An OAuth token service in TypeScript on Fastify. POST /oauth/token is the client-credentials grant: issueToken
// checks the client's id and secret (a SHA-256 of the secret compared in constant time), then signs a fresh access
// token with jsonwebtoken, RS256 with the service's 3072-bit RSA key (as a secret store would hold it), with a unique
// jti, the client's scopes and a five-minute expiry. Every token is different, so nothing can be cached: the RSA
// signature, a few milliseconds of CPU, is the service's purpose. GET /.well-known/jwks.json serves the public key,
// computed once at start. At the story's modest rate (60 requests a second) the loop has plenty of room. Nothing to fix.
import Fastify from 'fastify';
import jwt from 'jsonwebtoken';
import crypto from 'node:crypto';

interface Client {
  id: string;
  secretSha256: Buffer;
  scopes: string[];
}

interface TokenRequest {
  grant_type?: string;
  client_id?: string;
  client_secret?: string;
  scope?: string;
}

const SIGNING_KEY_PEM = `-----BEGIN PRIVATE KEY-----
MIIG/AIBADANBgkqhkiG9w0BAQEFAASCBuYwggbiAgEAAoIBgQDJDNUtCT4uCeyv
VV8JpCaSQ54LxEKUFEeQaDLeJOOWWC9OLLIQR7KWyPVAsyhQyqQYZaE8hQX5LI+X
Lae5zhmndceiisNkrKH/fSnxymkBFbiLi8dcxg5SS+cntQuU9V2c7dgCV9lS11et
m0FaqgXSj8iBCZPvtXVYnDvbSAiYKH09KKtTLzp91ChdvGSbXoh6kZQqcq6pE4Ij
8qeZLh1h5Orbcdn/KmHYs/ECpBz/kmkZAOzXTWyg38d7pcfyKBNVMKvfTs81QqSc
+4GrLkkdV4vSPtsJ2r1BLI8TM3OcInBx2ny1oUSvMJs15awVjyvn5Li0J48hI0Co
LChhWdSJExXEcpO5wu63cQnoKeP860+0cwn7NjydcjI8DBK41rGBkwJe/LpHQlu0
Pwd7zboJ2Wv+qz67/z8T0lhd4zdFxFN06BNq6fAS1zAOUDeZcHvcwppVjEQa3eES
oQQEfJB2MjsUwfs3GSPhZJre0qLuvaAgPmLaWo6x8BZ/NBLmU+ECAwEAAQKCAYAS
3IhXTEmwFLBGwVyZe/PpFDzh37dbSw0XssmAO7e6OsBdYNC9Duzl5n5+Y7sW2/FJ
yfxhasgPrgAz76Lk9JKa5PAmA0dSIjv5yxVB9iT5vBREdd2YijV9FQU08sWJDlKK
Tr9Ndk5mI4ZkkW8v1p7rN8quCGb/kxIqOPtd7BkaT+9ylbvU9wD8HbOXxP0vR6Qd
fkYx4UZviEFU/AaAgWoHmBahyxbnhbizlYC5KF+sE7aWaOwkmsKOfnqpfU5lHSCL
KGggLcHck3q73G7uWRZrrDbHV7/JQuHLY//ECR43JPwxm3VW6/e1DSdRhQUIZVNw
51VAFsq+L6TUJ6alWEZX88IbI7fGuzf7ySTLsv0J+JjfokUu2gXfSXnCSz+pQogp
gbkOzV6WYJQnfSIbK3j0lMoZWSyhWhREXaYlaOhNAcdwicC4B1zns3kbQe2bklgv
+DMDnm5ZzH4GlNIYtiiXuCQENmGXd8/NwlHlqGQ89DR1uyjgxRqAwQvB6aN0l/0C
gcEA9SXAZ3n4ycz309k5Wc9xxwa+/f6YK/fTPDmnETjvL7N7Zv0WhB8jRwFKHWzq
5FJ7iQ3zPK72CSDhWqpTWFEDzTT3oLpTkuovhhYQs5D2Ld5AcUg/b+J5brklTvSs
Hn7EFE8RorKy7t0RoVtLydIbt9KChcsSdOusSJXtg+2Ond/0LWZIQlK+d67lbcdI
z5/JkUGOFFpwRhXJlPl0cXa0ajI4n30P1ueL4FqCfsNf/QUNMyDH2HCf0vPVGex3
CzqPAoHBANHzU9CGEm7YiWhViGSUEDIpcqzP+VIqWPisqFtSvHv0rp97m/kTtb76
BP8H9savqAUCSjBWxIzXX8wCUb0653VX/NkLKveoboNuWivgXJfsrBm32iOn1vKD
xEdVP3htxPtEaqCuAuoeihFIEXSZayjp8hz09vlPYWS+Cm5MFQcEH3M0S75e1WB1
94tMZdKMEwh3P/nLv3mPkcpXzBQy7Rv/9xABLwddVFHWocd9EDq/jUCZs3AIBobm
Th/eI9yCjwKBwHuvwnXy+m2G9vtyPBduLO/IHZE1ZT252mAmjn6IBVZB7l82Dqg2
tavboLNcAt+UJjQuT60scYKFjm4aRdbneU2ODeqQWB5l/fhfJaoT18Gow0bktu0S
jUYqMAK4PCdeujus8S7vjowqCf0pfQGk+ssycRxkKznGtrQgwSexMiXBmwdU9dxQ
tzzXh3Zt9/SZoC+jrbXjM4aI854whmnBBKIYGK2PgfBh/xcBU5n1pXaZl+FWBr7T
hDABSmG8BwwpTQKBwEXq07GwxHi3keL2AQsFp/McjHzycaQkSCbgUNzAy9Y34ONp
pcKoBrGHz5wiydLW8oxge9ZnPuNsYhGtgA0VjbktSR36sx9wrwUD/fF4sT1C6vlR
mcqf/Vwb94SN5ioz3BKVcTD7YisXaoFgz7dV1DL23dM43Pqfrd5/zzd2DNaeT97s
voCyUjribkKseYhJb5k1JVAJw0U3Q6Tv4h2j7ASUFHH3AvNf6FGsuYmWo4389oxZ
40De21WXYtMIBkdMDwKBwBg5HFskUOjR5VF1BfIzDlCssL9GZB6I6+hdNLiwvy4g
RSlIi6D74pEOPu6lr5XekAxbnUICSMeVOnVlP88OZY/Na4tdx/Jyionv5OEYvFhn
rV7fWIYf0sqAF31EProqJN5sLFLLyt1FA4Jpgg1hk9NKfA8LqDbd1RMziZlJsLo4
mn8xbinV0PWyVH4dREt2SoAGc71sHe9BdGdabDauEiZGdwM4wAoPLXw5hj1qHrwj
RLaTOB6eAQ24CouDIz9hGw==
-----END PRIVATE KEY-----`;
const signingKey = crypto.createPrivateKey(SIGNING_KEY_PEM);
const publicJwk = { ...crypto.createPublicKey(signingKey).export({ format: 'jwk' }), kid: 'k-2026-11', use: 'sig', alg: 'RS256' };

const sha256 = (s: string): Buffer => crypto.createHash('sha256').update(s).digest();
const clients = new Map<string, Client>();
for (const [id, scopes] of [
  ['billing-worker', ['invoices:read', 'invoices:write']],
  ['search-indexer', ['catalog:read']],
  ['mobile-bff', ['catalog:read', 'orders:read', 'orders:write']],
  ['reporting', ['orders:read', 'invoices:read']],
] as [string, string[]][]) {
  clients.set(id, { id, secretSha256: sha256(`${id}-secret-2026`), scopes });
}

function issueToken(body: TokenRequest): { access_token: string; token_type: string; expires_in: number; scope: string } | null {
  if (body.grant_type !== 'client_credentials') return null;
  const client = clients.get(String(body.client_id));
  if (!client || !crypto.timingSafeEqual(client.secretSha256, sha256(String(body.client_secret)))) return null;
  const wanted = body.scope ? String(body.scope).split(' ') : client.scopes;
  const scopes = wanted.filter((s) => client.scopes.includes(s));
  const token = jwt.sign({ scope: scopes.join(' ') }, signingKey, {
    algorithm: 'RS256',
    keyid: 'k-2026-11',
    issuer: 'https://auth.example.internal',
    audience: 'internal-apis',
    subject: client.id,
    expiresIn: 300,
    jwtid: crypto.randomUUID(),
  });
  return { access_token: token, token_type: 'Bearer', expires_in: 300, scope: scopes.join(' ') };
}

const fastify = Fastify({ logger: false });
fastify.post('/oauth/token', async (request, reply) => {
  const issued = issueToken((request.body ?? {}) as TokenRequest);
  if (!issued) return reply.code(401).send({ error: 'invalid_client' });
  reply.header('cache-control', 'no-store');
  return issued;
});
fastify.get('/.well-known/jwks.json', async () => ({ keys: [publicJwk] }));

await fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' });
const address = fastify.server.address() as { port: number };
console.log(`fastify-ts-jwt-rs256-token-exchange listening on http://127.0.0.1:${address.port}`);

function shutdown(): void {
  fastify.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
