'use strict';
// A CSP violation-report collector. registerReportRoutes teaches Fastify to parse the Reporting API's
// application/reports+json (next to the built-in application/json), but not application/csp-report, the type the
// older report-uri mechanism posts; Fastify answers those reports 415 before the handler runs.
const fastify = require('fastify')({ logger: false });

const counts = new Map();

function normalise(report) {
  const body = report.body || report;
  return { page: body.documentURL || report.url || body['document-uri'], directive: body.effectiveDirective || body['effective-directive'], blocked: body.blockedURL || body['blocked-uri'] };
}

function registerReportRoutes(app) {
  app.addContentTypeParser('application/reports+json', { parseAs: 'string' }, (request, body, done) => {
    try {
      done(null, JSON.parse(body));
    } catch (err) {
      err.statusCode = 400;
      done(err);
    }
  });

  app.post('/csp-reports', async (request, reply) => {
    const reports = Array.isArray(request.body) ? request.body : [request.body];
    for (const report of reports) {
      const { directive, blocked } = normalise(report);
      const key = `${directive} ${blocked}`;
      counts.set(key, (counts.get(key) || 0) + 1);
    }
    return reply.code(204).send();
  });

  app.get('/csp-reports/summary', async () => ({ kinds: counts.size, top: [...counts].sort((a, b) => b[1] - a[1]).slice(0, 10) }));
}

registerReportRoutes(fastify);

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-csp-report-415-mild listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
