'use strict';
// A wholesale order import on Fastify. Partners POST /imports with a batch of 300 order lines; the batch must be
// checked against the partner contract's JSON schema before anything is stored. The schema is compiled once, at start
// (ajv, validateBatch), and each request runs the compiled validator over its body: real, necessary work that grows
// with the body, done the sensible way. Fastify parses the JSON body itself. Nothing to fix.
const fastify = require('fastify')({ logger: false, bodyLimit: 1024 * 1024 });
const Ajv = require('ajv');

const ajv = new Ajv({ allErrors: true });
const validateBatch = ajv.compile({
  type: 'object',
  required: ['partner', 'lines'],
  additionalProperties: false,
  properties: {
    partner: { type: 'string', pattern: '^P[0-9]{5}$' },
    lines: {
      type: 'array',
      minItems: 1,
      maxItems: 1000,
      items: {
        type: 'object',
        required: ['sku', 'quantity', 'unitCents', 'warehouse'],
        additionalProperties: false,
        properties: {
          sku: { type: 'string', pattern: '^[A-Z]{3}-[0-9]{6}$' },
          quantity: { type: 'integer', minimum: 1, maximum: 10000 },
          unitCents: { type: 'integer', minimum: 0 },
          warehouse: { enum: ['LYS', 'GRZ', 'OPO', 'TKU'] },
          note: { type: 'string', maxLength: 200 },
        },
      },
    },
  },
});

let accepted = 0;
fastify.post('/imports', async (request, reply) => {
  if (!validateBatch(request.body)) return reply.code(422).send({ errors: validateBatch.errors.slice(0, 10) });
  accepted += request.body.lines.length;
  return reply.code(202).send({ accepted: request.body.lines.length, total: accepted });
});

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-ajv-compiled-order-import listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  fastify.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
