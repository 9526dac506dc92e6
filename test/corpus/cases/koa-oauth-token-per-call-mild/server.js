'use strict';
// A shipping-rates API that calls a partner's rate service with OAuth client credentials. callPartner asks the
// partner's token endpoint for a fresh access token (a ~10 ms round trip) before every rate call (~20 ms), in
// getAccessToken, although each token is valid for an hour and could be cached until it expires. A third of every
// request's wait is an avoidable round trip; the event loop idles.
const http = require('node:http');
const Koa = require('koa');
const Router = require('@koa/router');
// The partner (token endpoint and rate service) runs as its own process (test/corpus/shared/backend.js).
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let partnerPort;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function get(path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: partnerPort, path, headers, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
  });
}

async function getAccessToken() {
  const answer = await get('/oauth/token?grant_type=client_credentials&delay=10');
  return { token: `tok-${answer.value}`, expiresIn: 3600 };
}

async function callPartner(path) {
  const { token } = await getAccessToken();
  return get(`${path}?delay=20`, { authorization: `Bearer ${token}` });
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/rates/:zone', async (ctx) => {
  const rate = await callPartner(`/rates/${ctx.params.zone}`);
  ctx.body = { zone: ctx.params.zone, price: (rate.value % 40) + 4.9, currency: 'EUR' };
});
app.use(router.routes()).use(router.allowedMethods());

let server;
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  agent.destroy();
  const closed = server
    ? new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      })
    : Promise.resolve();
  Promise.all([closed, stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(20).then(
  (port) => {
    partnerPort = port;
    server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`koa-oauth-token-per-call-mild listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
