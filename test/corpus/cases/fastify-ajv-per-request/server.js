'use strict';
// An order intake API validates each posted order with Ajv, but validateOrder creates a new Ajv instance and
// compiles the schema on every request (code generation included) instead of compiling once at start-up.
const Ajv = require('ajv');
const fastify = require('fastify')({ logger: false });

const orderSchema = {
  type: 'object',
  required: ['customerId', 'lines', 'shipping'],
  additionalProperties: false,
  properties: {
    customerId: { type: 'string', minLength: 3, maxLength: 40 },
    coupon: { type: 'string', pattern: '^[A-Z0-9]{4,12}$' },
    lines: {
      type: 'array', minItems: 1, maxItems: 50,
      items: {
        type: 'object', required: ['sku', 'qty'], additionalProperties: false,
        properties: { sku: { type: 'string', pattern: '^sku-[0-9]+$' }, qty: { type: 'integer', minimum: 1, maximum: 99 }, note: { type: 'string', maxLength: 200 } },
      },
    },
    shipping: {
      type: 'object', required: ['name', 'street', 'city', 'country'],
      properties: {
        name: { type: 'string' }, street: { type: 'string' }, city: { type: 'string' },
        zip: { type: 'string', pattern: '^[0-9]{4,6}$' }, country: { enum: ['FR', 'DE', 'IT', 'ES', 'NL', 'BE'] },
      },
    },
    gift: { type: 'boolean' },
  },
};

function validateOrder(order) {
  // "Our schemas are trusted": the team turned off meta-schema validation to make this faster, but kept the
  // per-request instance, so the order schema is still compiled to JavaScript again for every order.
  const ajv = new Ajv({ allErrors: true, validateSchema: false });
  const validate = ajv.compile(orderSchema);
  return validate(order) ? null : validate.errors;
}

let accepted = 0;
fastify.post('/orders', async (request, reply) => {
  const errors = validateOrder(request.body);
  if (errors) return reply.code(422).send({ errors });
  accepted++;
  return reply.code(201).send({ accepted: true, number: accepted });
});
fastify.get('/health', async () => ({ ok: true }));

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-ajv-per-request listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
