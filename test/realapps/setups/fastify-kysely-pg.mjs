// lifeiscontent/fastify-realworld: fastify 4 + Kysely + pg, TypeScript compiled to ES modules.
// Run as its own `start` script does in production: `node lib/src/index.js`, after `tsc` (its `prepare` script).
// Configuration comes from the environment, as in production (the .env files are read only through the dev
// scripts' dotenv.js): DATABASE_URL, JWT_SECRET, NODE_ENV=production (which turns its pino request log on). Its own
// migration script (scripts/migrate.ts, compiled to lib/scripts/migrate.js) creates the schema. It listens on port
// 3000, fixed in src/index.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

export const databases = { postgres: {} };
// No lock file for npm (the app uses pnpm); its direct dependencies are pinned exactly in package.json. Scripts are
// skipped: `prepare` (tsc) fails on the generated kysely-codegen types that only exist after running its codegen
// against a live database, but tsc still emits, which afterInstall does on its own.
export const installArgs = ['install', '--no-audit', '--no-fund', '--ignore-scripts'];
export const fixedPort = 3000;

// fastify-list-routes 1.0.0, pinned by the app, has been unpublished from npm (only 2.0.0 exists). The app registers
// it only when NODE_ENV is development; in production it is imported and unused. The working copy's package.json
// (never the vendored one) names 2.0.0 so that the import resolves.
export function beforeInstall(dir) {
  const path = join(dir, 'package.json');
  const pkg = JSON.parse(readFileSync(path, 'utf8'));
  pkg.dependencies['fastify-list-routes'] = '2.0.0';
  writeFileSync(path, JSON.stringify(pkg, null, 2) + '\n');
}

export function afterInstall(dir) {
  try {
    execFileSync(join(dir, 'node_modules/.bin/tsc'), [], { cwd: dir, stdio: 'ignore' });
  } catch {
    if (!existsSync(join(dir, 'lib/src/index.js'))) throw new Error('tsc produced no lib/src/index.js');
  }
}

const databaseUrl = (postgres) => `postgres://postgres@127.0.0.1:${postgres.port}/realworld`;

export async function prepareDatabases({ postgres }, dir) {
  const client = new pg.Client({ host: postgres.host, port: postgres.port, user: 'postgres', database: 'postgres' });
  await client.connect();
  await client.query('CREATE DATABASE realworld');
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await client.end();
  const admin = new pg.Client({ host: postgres.host, port: postgres.port, user: 'postgres', database: 'realworld' });
  await admin.connect();
  await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await admin.end();
  execFileSync(process.execPath, ['lib/scripts/migrate.js'], { cwd: dir, stdio: 'ignore', env: { ...process.env, DATABASE_URL: databaseUrl(postgres) } });
}

export function writeConfig() {}

export const command = (_dir, { postgres }) => ({
  args: ['lib/src/index.js'],
  env: { NODE_ENV: 'production', DATABASE_URL: databaseUrl(postgres), JWT_SECRET: 'corpus-secret-not-for-production' },
});
export const readyPattern = /Server listening at/;
