'use strict';
// The lab's database, in memory: a collection of orders as the MongoDB driver would return them (plain objects), so
// the lab needs no database server. find() answers plain documents; countDocuments() counts without building any.
// The data is generated, the same at every start.
const { Types } = require('mongoose');

const STATUSES = ['open', 'paid', 'shipped', 'cancelled'];
const CITIES = ['Lyon', 'Porto', 'Gdansk', 'Leeds', 'Graz', 'Turin', 'Ghent', 'Malmo'];

function makeOrder(n) {
  const items = [];
  for (let k = 0; k < 1 + (n % 4); k++) {
    items.push({ sku: `SKU-${(n * 7 + k) % 500}`, name: `Article ${(n * 7 + k) % 500}`, qty: 1 + ((n + k) % 3), price: 5 + ((n * 13 + k) % 90) });
  }
  const placedAt = new Date(Date.UTC(2024, 0, 1) + n * 600_000);
  return {
    _id: new Types.ObjectId(n.toString(16).padStart(24, '0')),
    customerId: `c-${n % 300}`,
    status: STATUSES[n % STATUSES.length],
    placedAt,
    currency: 'EUR',
    total: items.reduce((sum, item) => sum + item.qty * item.price, 0),
    items,
    shipping: { name: `Customer ${n % 300}`, street: `${1 + (n % 120)} Market Street`, city: CITIES[n % CITIES.length], postcode: String(10000 + ((n * 37) % 89999)), country: 'EU' },
    notes: n % 5 === 0 ? 'leave at the door' : '',
    createdAt: placedAt,
    updatedAt: placedAt,
  };
}

const ORDERS = [];
for (let n = 1; n <= 3000; n++) ORDERS.push(makeOrder(n));

function matches(doc, filter) {
  return Object.keys(filter).every((key) => doc[key] === filter[key]);
}

/** Plain documents matching an equality filter, newest first, at most `limit` of them. */
function find(filter = {}, { limit = Infinity } = {}) {
  const found = [];
  for (let i = ORDERS.length - 1; i >= 0 && found.length < limit; i--) if (matches(ORDERS[i], filter)) found.push(ORDERS[i]);
  return found;
}

/** How many documents match, without handing any out (the database counts them where they are). */
function countDocuments(filter = {}) {
  let count = 0;
  for (const doc of ORDERS) if (matches(doc, filter)) count++;
  return count;
}

module.exports = { find, countDocuments };
