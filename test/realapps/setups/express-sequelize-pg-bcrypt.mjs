// TonyMckes/conduit-realworld-example-app: express 4 + Sequelize 6 + pg 8, native bcrypt, an npm workspace whose
// backend/ is the server (its root `start` script runs `npm run start -w backend`, i.e. `node index.js` in backend/).
// Configuration is the user's backend/.env (dotenv; .env.example in the repository): PORT, JWT_KEY and the
// database of the chosen NODE_ENV. Its Sequelize configuration (config/config.js) names no port, so PostgreSQL runs
// on its default port 5432 for it. At start it runs sequelize.sync({ alter: true }), which creates the tables
// and keeps their rows: the seed runs once the app says the database is ready.
// The .env file is written as .env.example shows it, for production: the example's logging line is spelt
// PROD_DB_LOGGGIN, which the configuration never reads, so Sequelize logs every statement with console.log (its
// default), as it does for every user who copied the example.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

export const databases = { postgres: { port: 5432 } };
// npm workspaces: install the backend's dependencies from the root lock file (the frontend's are not needed).
// bcrypt 5 has no prebuilt binary it can download here: it is built from source against the local Node headers.
export const installArgs = ['ci', '--omit=dev', '--workspace', 'backend', '--no-audit', '--no-fund'];
export const nativeDependencies = ['bcrypt'];

export async function prepareDatabases({ postgres }) {
  const client = new pg.Client({ host: postgres.host, port: postgres.port, user: 'postgres', database: 'postgres' });
  await client.connect();
  await client.query('CREATE DATABASE conduit_production');
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await client.end();
  const admin = new pg.Client({ host: postgres.host, port: postgres.port, user: 'postgres', database: 'conduit_production' });
  await admin.connect();
  await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await admin.end();
}

export function writeConfig(dir, _dbs, { port }) {
  writeFileSync(
    join(dir, 'backend/.env'),
    [
      `PORT=${port}`,
      'JWT_KEY=corpus-secret-not-for-production',
      'NODE_ENV=production',
      'PROD_DB_USERNAME=postgres',
      'PROD_DB_PASSWORD=null',
      'PROD_DB_NAME=conduit_production',
      'PROD_DB_HOSTNAME=127.0.0.1',
      'PROD_DB_DIALECT=postgres',
      'PROD_DB_LOGGGIN=false',
      '',
    ].join('\n'),
  );
}

export const command = () => ({ args: ['index.js'], cwd: 'backend' });
export const readyPattern = /database has been established/;
