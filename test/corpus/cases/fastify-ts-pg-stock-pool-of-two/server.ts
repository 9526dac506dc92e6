// A warehouse stock API in TypeScript on Fastify and PostgreSQL (pg). GET /skus/:sku/stock answers one SKU's stock
// level by primary key, a query well under a millisecond. createPool sets max: 2 (a value from a serverless template
// where each instance served one request at a time), so the twenty clients of the load queue for two connections.
import Fastify from 'fastify';
import pg from 'pg';

interface StockRow { sku: string; on_hand: number; reserved: number }

function createPool(): pg.Pool {
  return new pg.Pool({ max: 2, idleTimeoutMillis: 30000 });
}
const pool: pg.Pool = createPool();

async function seed(): Promise<void> {
  await pool.query(`
    DROP TABLE IF EXISTS stock;
    CREATE TABLE stock (sku text PRIMARY KEY, on_hand int NOT NULL, reserved int NOT NULL);
    INSERT INTO stock SELECT 'SKU-' || lpad(g::text, 6, '0'), (g * 7919) % 500, (g * 31) % 20 FROM generate_series(1, 50000) g;
    ANALYZE stock;
  `);
}

async function stockLevel(sku: string): Promise<StockRow | undefined> {
  const { rows } = await pool.query<StockRow>('SELECT sku, on_hand, reserved FROM stock WHERE sku = $1', [sku]);
  return rows[0];
}

const app = Fastify({ logger: false });
app.get<{ Params: { sku: string } }>('/skus/:sku/stock', async (request, reply) => {
  const row = await stockLevel(request.params.sku);
  if (!row) return reply.code(404).send({ error: 'unknown sku' });
  return { sku: row.sku, available: row.on_hand - row.reserved };
});

seed()
  .then(() => app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }))
  .then(() => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    console.log(`fastify-ts-pg-stock-pool-of-two listening on http://127.0.0.1:${port}`);
  });
function shutdown(): void {
  app.close().then(() => pool.end()).finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
