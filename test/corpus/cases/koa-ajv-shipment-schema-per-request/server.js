'use strict';
// A logistics API on Koa. POST /shipments validates the booking against a JSON Schema with ajv before accepting it.
// validateShipment creates a new Ajv instance and compiles the schema on every request (the schema object is built
// from the carrier table, so someone made it "fresh" each time): ajv generates and evals a validator function per
// call, which costs far more than running it. Compiling once at start-up and reusing the function is the fix.
const Koa = require('koa');
const Router = require('@koa/router');
const Ajv = require('ajv');

const CARRIERS = ['dhl', 'ups', 'gls', 'dpd', 'postnl', 'colissimo'];

function shipmentSchema() {
  const address = {
    type: 'object',
    required: ['name', 'street', 'city', 'postcode', 'country'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 80 },
      street: { type: 'string', minLength: 1, maxLength: 120 },
      city: { type: 'string', minLength: 1, maxLength: 60 },
      postcode: { type: 'string', pattern: '^[A-Z0-9 -]{3,10}$' },
      country: { type: 'string', pattern: '^[A-Z]{2}$' },
      phone: { type: 'string', pattern: '^\\+?[0-9 ]{6,20}$' },
    },
  };
  return {
    type: 'object',
    required: ['reference', 'carrier', 'from', 'to', 'parcels'],
    additionalProperties: false,
    properties: {
      reference: { type: 'string', pattern: '^SHP-[0-9]{6,10}$' },
      carrier: { enum: CARRIERS },
      service: { enum: ['standard', 'express', 'economy'] },
      from: address,
      to: address,
      insuredCents: { type: 'integer', minimum: 0, maximum: 10000000 },
      parcels: {
        type: 'array',
        minItems: 1,
        maxItems: 50,
        items: {
          type: 'object',
          required: ['weightGrams', 'lengthCm', 'widthCm', 'heightCm'],
          additionalProperties: false,
          properties: {
            weightGrams: { type: 'integer', minimum: 1, maximum: 70000 },
            lengthCm: { type: 'number', exclusiveMinimum: 0, maximum: 300 },
            widthCm: { type: 'number', exclusiveMinimum: 0, maximum: 300 },
            heightCm: { type: 'number', exclusiveMinimum: 0, maximum: 300 },
            contents: { type: 'string', maxLength: 200 },
            dangerous: { type: 'boolean' },
          },
        },
      },
    },
  };
}

function validateShipment(body) {
  const ajv = new Ajv({ allErrors: true });
  const validate = ajv.compile(shipmentSchema());
  return validate(body) ? null : validate.errors;
}

let nextId = 1;
async function readJson(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return JSON.parse(body);
}

const app = new Koa();
const router = new Router();
router.post('/shipments', async (ctx) => {
  const body = await readJson(ctx.req);
  const errors = validateShipment(body);
  if (errors) {
    ctx.status = 422;
    ctx.body = { errors };
    return;
  }
  ctx.status = 201;
  ctx.body = { id: nextId++, reference: body.reference, parcels: body.parcels.length };
});
app.use(router.routes());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-ajv-shipment-schema-per-request listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
