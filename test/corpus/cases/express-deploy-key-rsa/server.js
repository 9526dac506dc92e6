'use strict';
// A self-hosted Git service's admin API. "Download a deploy key" hands the user a fresh key pair for a CI runner:
// issueDeployKey generates a 2048-bit RSA pair with crypto.generateKeyPairSync on every /keys/deploy request, on the
// main thread, instead of the asynchronous crypto.generateKeyPair (which runs on the libuv pool); each generation holds
// the event loop for tens of milliseconds or more while the cheap repository reads wait behind it.
const crypto = require('node:crypto');
const express = require('express');

const repos = [];
for (let i = 0; i < 200; i++) {
  repos.push({ id: i, name: `service-${i}`, defaultBranch: i % 5 ? 'main' : 'master', stars: (i * 37) % 400, deployKeys: i % 3 });
}

function issueDeployKey(repo) {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const fingerprint = crypto.createHash('sha256').update(publicKey).digest('base64');
  repo.deployKeys++;
  return { repo: repo.name, fingerprint: `SHA256:${fingerprint}`, publicKey, privateKey };
}

const app = express();
app.disable('x-powered-by');
app.get('/repos/:id', (req, res) => {
  const repo = repos[Number(req.params.id)];
  if (!repo) return res.status(404).json({ error: 'no such repository' });
  res.json(repo);
});
app.post('/repos/:id/keys/deploy', (req, res) => {
  const repo = repos[Number(req.params.id)];
  if (!repo) return res.status(404).json({ error: 'no such repository' });
  const key = issueDeployKey(repo);
  res.set('content-disposition', `attachment; filename="${repo.name}-deploy.pem"`);
  res.json(key);
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-deploy-key-rsa listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
