'use strict';
// A front-end host. Its 200 KB JavaScript bundle is gzip-compressed once at start-up, and every request gets the
// stored gzip body with a long cache lifetime and an ETag: each answer costs the server little beyond the write.
const zlib = require('node:zlib');
const crypto = require('node:crypto');
const fastify = require('fastify')({ logger: false });

function buildBundle() {
  const modules = [];
  for (let i = 0; modules.join('\n').length < 200 * 1024; i++) {
    modules.push(`define("module${i}", ["require", "exports"], function (require, exports) {\n  exports.render${i} = function (props) { return '<div class="widget-${i % 40}">' + props.title + ' #${i}</div>'; };\n  exports.size${i} = ${(i * 37) % 1000};\n});`);
  }
  return Buffer.from(modules.join('\n'));
}

const bundle = buildBundle();
const gzipped = zlib.gzipSync(bundle, { level: 9 });
const etag = `"${crypto.createHash('sha1').update(bundle).digest('base64url')}"`;

fastify.get('/assets/app.js', async (request, reply) => {
  reply.header('content-type', 'application/javascript; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag).header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  if (/\bgzip\b/.test(request.headers['accept-encoding'] || '')) return reply.header('content-encoding', 'gzip').send(gzipped);
  return reply.send(bundle);
});

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-precompressed-asset listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
