'use strict';
// A product search API. queryParam parses the request's whole query string with a new URLSearchParams on every call
// to return one value, and the handler calls it for every filter it knows; marketing links add some forty tracking
// parameters, and the filter predicate reads three filters again for every candidate product, so each request parses
// the same long query string about a hundred times where once would do.
const http = require('node:http');

const products = [];
const BRANDS = ['northpeak', 'trailfox', 'aerostep', 'bergline'];
const COLORS = ['blue', 'black', 'red', 'grey'];
for (let i = 0; i < 400; i++) {
  products.push({ id: i, name: `Runner ${i}`, brand: BRANDS[i % 4], color: COLORS[(i >> 2) % 4], size: String(38 + (i % 10)), price: 35 + (i % 160), rating: 1 + (i % 5), inStock: i % 3 !== 0, category: 'footwear' });
}
const byFacet = new Map();
for (const p of products) {
  const key = `${p.category}|${p.brand}|${p.color}`;
  if (!byFacet.has(key)) byFacet.set(key, []);
  byFacet.get(key).push(p);
}

function queryParam(req, name) {
  const at = req.url.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : req.url.slice(at + 1)).get(name);
}

const OPTIONAL = ['material', 'shipsTo', 'seller', 'lang', 'currency', 'condition', 'warranty', 'ref', 'coupon', 'store', 'zip', 'view'];

function searchProducts(req) {
  const filters = {
    q: queryParam(req, 'q') || '',
    category: queryParam(req, 'category'),
    brand: queryParam(req, 'brand'),
    color: queryParam(req, 'color'),
    size: queryParam(req, 'size'),
    minPrice: Number(queryParam(req, 'minPrice') || 0),
    maxPrice: Number(queryParam(req, 'maxPrice') || Infinity),
    rating: Number(queryParam(req, 'rating') || 0),
    inStock: queryParam(req, 'inStock') === 'true',
    sort: queryParam(req, 'sort') || 'relevance',
    order: queryParam(req, 'order') || 'asc',
    page: Number(queryParam(req, 'page') || 1),
    pageSize: Math.min(48, Number(queryParam(req, 'pageSize') || 24)),
  };
  const context = {};
  for (const name of OPTIONAL) {
    const value = queryParam(req, name);
    if (value !== null) context[name] = value;
  }
  const candidates = byFacet.get(`${filters.category}|${filters.brand}|${filters.color}`) || [];
  // The price and size checks read the filters again, per candidate.
  const hits = candidates.filter((p) => p.price >= Number(queryParam(req, 'minPrice') || 0) && p.price <= Number(queryParam(req, 'maxPrice') || Infinity) && p.size === queryParam(req, 'size') && p.rating >= filters.rating && (!filters.inStock || p.inStock));
  const start = (filters.page - 1) * filters.pageSize;
  return { total: hits.length, page: filters.page, context, items: hits.slice(start, start + filters.pageSize).map((p) => ({ id: p.id, name: p.name, price: p.price })) };
}

const server = http.createServer((req, res) => {
  if (req.method !== 'GET' || !req.url.startsWith('/search')) {
    res.writeHead(404, { 'content-type': 'application/json' });
    return res.end('{"error":"not found"}');
  }
  const body = JSON.stringify(searchProducts(req));
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(body);
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-query-param-reparse-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
