'use strict';
// A sales dashboard on Koa, PostgreSQL (pg, a pool of 10) and Handlebars. GET /reports/regions renders the year's
// sales per region and product line as an HTML table. salesByRegion asks PostgreSQL for the figures on every view:
// a GROUP BY of the raw sales table (200,000 rows, no rollup, no index on sold_at), so the server reads and
// aggregates the whole table for each page; the page is the same for everyone all day. The
// template is compiled once at start; rendering the 240 rows it returns is the app's own, modest, share of the work.
const Koa = require('koa');
const Router = require('@koa/router');
const Handlebars = require('handlebars');
const { Pool } = require('pg');

const pool = new Pool({ max: 10 });

const REGIONS = ['North', 'South', 'East', 'West', 'Central', 'Coast', 'Highlands', 'Islands', 'Lakes', 'Metro', 'Plains', 'Valley'];

async function seed() {
  await pool.query(`
    DROP TABLE IF EXISTS sales;
    CREATE TABLE sales (id bigserial PRIMARY KEY, region text NOT NULL, product_line text NOT NULL, customer_id int NOT NULL,
      amount_cents int NOT NULL, units int NOT NULL, sold_at timestamptz NOT NULL, channel text NOT NULL);
    INSERT INTO sales (region, product_line, customer_id, amount_cents, units, sold_at, channel)
      SELECT (ARRAY[${REGIONS.map((r) => `'${r}'`).join(',')}])[1 + g % 12],
             'Line ' || chr(65 + (g / 12) % 20), 1 + (g * 31) % 40000, 200 + (g::bigint * 7919) % 25000, 1 + g % 5,
             now() - (g % 300) * interval '1 day' - (g % 1440) * interval '1 minute', (ARRAY['web','store','phone'])[1 + g % 3]
        FROM generate_series(1, 200000) g;
    ANALYZE sales;
  `);
}

const page = Handlebars.compile(`<!doctype html><html><head><title>Sales by region</title></head><body>
<h1>Sales by region, last 365 days</h1><table><thead><tr><th>Region</th><th>Line</th><th>Orders</th><th>Web</th>
<th>Units</th><th>Revenue</th><th>Average</th></tr></thead><tbody>
{{#each rows}}<tr class="{{#if top}}top{{/if}}"><td>{{region}}</td><td>{{line}}</td><td>{{orders}}</td><td>{{web}}</td>
<td>{{units}}</td><td>{{revenue}}</td><td>{{average}}</td></tr>
{{/each}}</tbody></table><p>{{rows.length}} rows, generated {{generatedAt}}</p></body></html>`);

const money = (cents) => `€${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

async function salesByRegion() {
  const { rows } = await pool.query(`
    SELECT region, product_line, count(*)::int AS orders, count(*) FILTER (WHERE channel = 'web')::int AS web,
           sum(units)::int AS units, sum(amount_cents)::bigint AS revenue, avg(amount_cents)::float AS average
      FROM sales WHERE sold_at >= now() - interval '365 days'
     GROUP BY region, product_line ORDER BY region, product_line`);
  return rows;
}

function renderReport(rows) {
  const best = Math.max(...rows.map((r) => Number(r.revenue)));
  return page({
    generatedAt: new Date().toISOString(),
    rows: rows.map((r) => ({
      region: r.region,
      line: r.product_line,
      orders: r.orders,
      web: r.web,
      units: r.units,
      revenue: money(Number(r.revenue)),
      average: money(r.average),
      top: Number(r.revenue) === best,
    })),
  });
}

const app = new Koa();
const router = new Router();
router.get('/reports/regions', async (ctx) => {
  ctx.type = 'html';
  ctx.body = renderReport(await salesByRegion());
});
router.get('/health', (ctx) => {
  ctx.body = { ok: true };
});
app.use(router.routes());

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`koa-pg-region-sales-groupby-handlebars listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => pool.end().finally(() => process.exit(0));
  if (!server || !server.listening) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
