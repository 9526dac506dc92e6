// bagashiz/openmusic-api: hapi 21, raw SQL through pg against PostgreSQL, node-redis 4 caching album like counts,
// native bcrypt, JWT. Configuration is the user's .env (dotenv, read from the folder the app starts in), as its
// .env.example lays out; pg reads the PG* variables itself (every service does `new Pool()`). Started as its
// `start` script does: `node ./src/server.js` with NODE_ENV=production. Its own node-pg-migrate migrations create the
// schema. RABBITMQ_SERVER is only used by the playlist export route (connects per request), which no scenario calls.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

// CacheService names the Redis host only (`socket: { host: REDIS_SERVER }`), so node-redis uses its default port:
// this app's Redis must listen on 6379 (one such app at a time on a machine).
export const databases = { postgres: {}, redis: { port: 6379 } };
export const nativeDependencies = ['bcrypt'];

const pgEnv = (postgres) => ({ PGUSER: 'postgres', PGHOST: '127.0.0.1', PGPASSWORD: '', PGDATABASE: 'openmusic', PGPORT: String(postgres.port) });

export async function prepareDatabases({ postgres }, dir) {
  const client = new pg.Client({ host: postgres.host, port: postgres.port, user: 'postgres', database: 'postgres' });
  await client.connect();
  await client.query('CREATE DATABASE openmusic');
  // measure.mjs counts statements through pg_stat_statements, read from the postgres database.
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await client.end();
  const admin = new pg.Client({ host: postgres.host, port: postgres.port, user: 'postgres', database: 'openmusic' });
  await admin.connect();
  await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await admin.end();
  execFileSync(process.execPath, ['node_modules/node-pg-migrate/bin/node-pg-migrate', 'up'], {
    cwd: dir,
    stdio: 'ignore',
    env: { ...process.env, ...pgEnv(postgres) },
  });
}

export function writeConfig(dir, { postgres }, { port }) {
  const env = {
    HOST: '127.0.0.1',
    PORT: port,
    ...pgEnv(postgres),
    ACCESS_TOKEN_KEY: 'corpus-access-secret-not-for-production',
    REFRESH_TOKEN_KEY: 'corpus-refresh-secret-not-for-production',
    ACCESS_TOKEN_AGE: 1800,
    RABBITMQ_SERVER: 'amqp://127.0.0.1:1',
    REDIS_SERVER: '127.0.0.1',
  };
  writeFileSync(join(dir, '.env'), Object.entries(env).map(([k, v]) => `${k}=${v}`).join('\n') + '\n');
}

export const command = () => ({ args: ['src/server.js'], env: { NODE_ENV: 'production' } });
export const readyPattern = /Server (?:running|berjalan)/i;
