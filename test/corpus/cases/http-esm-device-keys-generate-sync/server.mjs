// A device-enrolment API for an IoT fleet on plain node:http (an ES module). POST /devices enrols a device:
// issueDeviceKeys makes it a 2048-bit RSA key pair with crypto.generateKeyPairSync, on the event loop, and stores
// the public key and a fingerprint (the private key goes back to the device once). Generating an RSA key means
// searching for two large primes: tens to hundreds of milliseconds of synchronous work, during which every other
// request (the fleet's cheap GET /devices/:id status reads) waits. crypto.generateKeyPair (asynchronous, on the
// threadpool) does the same work off the loop.
import http from 'node:http';
import crypto from 'node:crypto';

const devices = new Map();
for (let i = 1; i <= 500; i++) devices.set(`dev-${i}`, { id: `dev-${i}`, model: `sensor-${i % 7}`, firmware: '4.2.1', lastSeen: '2026-11-29T08:00:00Z', fingerprint: null });

function issueDeviceKeys(deviceId) {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const fingerprint = crypto.createHash('sha256').update(publicKey).digest('hex').slice(0, 32);
  return { deviceId, publicKey, privateKey, fingerprint };
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function handle(req, res) {
  const url = new URL(req.url, 'http://localhost');
  if (req.method === 'POST' && url.pathname === '/devices') {
    let body = '';
    for await (const chunk of req) body += chunk;
    const { id, model } = JSON.parse(body || '{}');
    const keys = issueDeviceKeys(String(id));
    devices.set(String(id), { id: String(id), model: String(model || 'unknown'), firmware: '4.2.1', lastSeen: new Date().toISOString(), fingerprint: keys.fingerprint });
    return send(res, 201, { id, fingerprint: keys.fingerprint, privateKey: keys.privateKey });
  }
  const m = /^\/devices\/([\w-]+)$/.exec(url.pathname);
  if (req.method === 'GET' && m) {
    const device = devices.get(m[1]);
    return device ? send(res, 200, device) : send(res, 404, { error: 'unknown device' });
  }
  send(res, 404, { error: 'not found' });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch(() => send(res, 400, { error: 'bad request' }));
});
server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-esm-device-keys-generate-sync listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
