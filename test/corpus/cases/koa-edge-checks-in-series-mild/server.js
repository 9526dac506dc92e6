'use strict';
// A catalogue API on Koa behind two middlewares that each ask the same edge service something: checkQuota asks for
// the API key's remaining quota (~12 ms) and checkRegion asks for the client's sales region (~12 ms), one after the
// other, because each middleware awaits its own call before calling next(); the two answers are independent and
// could be asked for together (or in one call). The route then reads the catalogue service (~15 ms).
const http = require('node:http');
const Koa = require('koa');
const Router = require('@koa/router');
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let edgePort;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function get(path) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: edgePort, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
  });
}

async function checkQuota(ctx, next) {
  const quota = await get(`/quota/${ctx.get('x-api-key') || 'anonymous'}?delay=12`);
  ctx.state.remaining = 1000 - (quota.value % 1000);
  await next();
}

async function checkRegion(ctx, next) {
  const region = await get(`/region/${ctx.ip}?delay=12`);
  ctx.state.region = ['eu', 'us', 'apac'][region.value % 3];
  await next();
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/catalogue/:category', async (ctx) => {
  const listing = await get(`/catalogue/${ctx.params.category}?delay=15`);
  ctx.set('x-quota-remaining', String(ctx.state.remaining));
  ctx.body = { category: ctx.params.category, region: ctx.state.region, items: listing.value % 50 };
});
app.use(checkQuota).use(checkRegion).use(router.routes()).use(router.allowedMethods());

let server;
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  agent.destroy();
  const closed = server ? new Promise((resolve) => { server.close(resolve); server.closeAllConnections(); }) : Promise.resolve();
  Promise.all([closed, stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(12).then(
  (port) => {
    edgePort = port;
    server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`koa-edge-checks-in-series-mild listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
