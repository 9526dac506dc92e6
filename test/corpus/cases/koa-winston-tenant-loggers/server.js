'use strict';
// A multi-tenant API that gives every tenant its own winston logger (tenant id in every entry, its own console
// transport). loggerFor caches the loggers in a Map, but it is keyed by the tenant object that authenticate builds
// from the API key on every request, so the cache never hits: every request creates a logger with a new transport
// and the Map keeps them all.
const Koa = require('koa');
const Router = require('@koa/router');
const winston = require('winston');

const API_KEYS = new Map([
  ['key-acme', { id: 'acme', plan: 'pro' }],
  ['key-globex', { id: 'globex', plan: 'team' }],
  ['key-initech', { id: 'initech', plan: 'free' }],
]);

function authenticate(apiKey) {
  const account = API_KEYS.get(apiKey);
  return account ? { id: account.id, plan: account.plan, authenticatedAt: Date.now() } : null;
}

const loggers = new Map();
function loggerFor(tenant) {
  let logger = loggers.get(tenant);
  if (!logger) {
    logger = winston.createLogger({
      level: 'warn',
      defaultMeta: { tenant: tenant.id, plan: tenant.plan },
      format: winston.format.json(),
      transports: [new winston.transports.Console()],
    });
    loggers.set(tenant, logger);
  }
  return logger;
}

const projects = new Map();
for (const t of ['acme', 'globex', 'initech']) {
  for (let i = 1; i <= 20; i++) projects.set(`${t}/${i}`, { id: i, tenant: t, name: `Project ${i}`, open: i % 4 !== 0 });
}

const app = new Koa();
app.silent = true;
app.use(async (ctx, next) => {
  const tenant = authenticate(ctx.get('x-api-key'));
  if (!tenant) ctx.throw(401, 'unknown API key');
  ctx.state.tenant = tenant;
  ctx.state.log = loggerFor(tenant);
  await next();
  ctx.state.log.info('request', { method: ctx.method, path: ctx.path, status: ctx.status });
});
const router = new Router();
router.get('/projects/:id', (ctx) => {
  const project = projects.get(`${ctx.state.tenant.id}/${ctx.params.id}`);
  if (!project) ctx.throw(404, 'no such project');
  ctx.body = project;
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-winston-tenant-loggers listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
