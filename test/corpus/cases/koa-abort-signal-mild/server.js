'use strict';
// A report-job API with graceful shutdown. startJob, for every POST /jobs, adds an 'abort' listener to the one
// process-wide shutdown AbortSignal so the job can be cancelled at shutdown, and never removes it when the job
// finishes. Only one request in three starts a job and the traffic is modest (60 requests/s), so the listeners pile
// up slowly, about twenty a second; Node warns once there are more than ten.
const Koa = require('koa');
const Router = require('@koa/router');

const shutdownController = new AbortController();
const jobs = new Map();
let nextJob = 1;

function startJob(kind) {
  const job = { id: nextJob++, kind, state: 'done', rows: 100 + (nextJob % 50) };
  shutdownController.signal.addEventListener('abort', () => {
    job.state = 'cancelled';
  });
  jobs.set(job.id, job);
  if (jobs.size > 500) jobs.delete(job.id - 500);
  return job;
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.post('/jobs', (ctx) => {
  const job = startJob(ctx.query.kind || 'sales');
  ctx.status = 201;
  ctx.body = { id: job.id, state: job.state };
});
router.get('/jobs/latest', (ctx) => {
  ctx.body = jobs.get(nextJob - 1) || null;
});
router.get('/health', (ctx) => {
  ctx.body = { ok: true, jobs: jobs.size };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-abort-signal-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  shutdownController.abort();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
