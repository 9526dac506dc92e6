'use strict';
// A storefront API. registerContextHooks adds three preHandler hooks, each awaiting its own call to an internal
// service (~30 ms): the account, the feature flags and the geo region. The calls are independent, but Fastify runs
// a route's hooks one after another, so each request waits for three round trips in a row.
const http = require('node:http');
const fastify = require('fastify')({ logger: false });

// The slow services run as one process of their own (test/corpus/shared/backend.js), so this server has one port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let downstreamPort;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function getJson(route) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: downstreamPort, path: route, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve(JSON.parse(body)));
      })
      .on('error', reject);
  });
}

async function loadAccount(request) {
  const account = await getJson(`/accounts/${request.headers['x-customer'] || 'anonymous'}`);
  request.account = { id: request.headers['x-customer'], tier: account.value % 3 === 0 ? 'gold' : 'standard' };
}

async function loadFlags(request) {
  const flags = await getJson('/flags/storefront');
  request.flags = { newCheckout: flags.value % 2 === 0, banner: 'autumn' };
}

async function loadGeoRegion(request) {
  const geo = await getJson(`/geo/${request.headers['x-forwarded-for'] || request.ip}`);
  request.region = geo.value % 2 === 0 ? 'eu-central' : 'eu-west';
}

function registerContextHooks(app) {
  app.decorateRequest('account', null);
  app.decorateRequest('flags', null);
  app.decorateRequest('region', null);
  app.addHook('preHandler', loadAccount);
  app.addHook('preHandler', loadFlags);
  app.addHook('preHandler', loadGeoRegion);
}

registerContextHooks(fastify);

fastify.get('/storefront/:page', async (request) => ({
  page: request.params.page,
  account: request.account,
  region: request.region,
  flags: request.flags,
  tiles: [`${request.params.page}-hero`, `${request.region}-shipping`, request.flags.banner],
}));

function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  Promise.all([fastify.close(), stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(30).then(
  async (port) => {
    downstreamPort = port;
    await fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' });
    console.log(`fastify-prehandler-hooks-serial listening on http://127.0.0.1:${fastify.server.address().port}`);
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
