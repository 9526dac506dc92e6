// NoorChasib/TechTalk: express 4 in plain-JavaScript ES modules ("type": "module" in api/package.json, no build
// step), raw SQL through the `mysql` 2 driver on a single connection (connect.js: mysql.createConnection), bcryptjs,
// JWT in an httpOnly cookie. The server is the `api/` folder: its own package.json and lock file, started there as
// its `start` script does without nodemon (`node index.js`). Configuration is the user's api/.env (dotenv with the
// path '../api/.env', relative to the folder it starts in), as the left-out .env.example lays it out. It listens on
// 8800, fixed in index.js. It creates no tables: the schema is the repository's own dump (api/db/fullDatabase.sql,
// from MySQL 8) without its rows, with MySQL 8's collation utf8mb4_0900_ai_ci (unknown to MariaDB 10.11) read as
// utf8mb4_general_ci and its MySQL-8-only version comments dropped; nothing else of the DDL changes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mysql from 'mysql2/promise';

export const databases = { mariadb: {} };
export const fixedPort = 8800;
export const installArgs = ['ci', '--prefix', 'api', '--omit=dev', '--no-audit', '--no-fund'];

/**
 * The dump's DDL as MariaDB takes it: no INSERTs, no table locks, no MySQL-8-only clauses, a collation it knows. Its
 * version comments for 4.x/5.x (FOREIGN_KEY_CHECKS=0 while tables refer to tables made later) stay and run.
 */
export function schemaStatements(dump) {
  return dump
    .replace(/\/\*!80016[^*]*\*\//g, '')
    .replaceAll('utf8mb4_0900_ai_ci', 'utf8mb4_general_ci')
    .split('\n')
    .filter((line) => !/^(INSERT INTO|LOCK TABLES|UNLOCK TABLES|--)/.test(line))
    .join('\n')
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export async function prepareDatabases({ mariadb }, dir) {
  const conn = await mysql.createConnection({ host: mariadb.host, port: mariadb.port, user: 'root', multipleStatements: false });
  try {
    for (const statement of schemaStatements(readFileSync(join(dir, 'api/db/fullDatabase.sql'), 'utf8'))) await conn.query(statement);
  } finally {
    await conn.end();
  }
}

export function writeConfig(dir, { mariadb }) {
  writeFileSync(
    join(dir, 'api/.env'),
    ['DB_HOST="127.0.0.1"', `DB_PORT="${mariadb.port}"`, 'DB_USER="root"', 'DB_PASS=""', 'DB_NAME="social"', ''].join('\n'),
  );
}

export const command = () => ({ args: ['index.js'], cwd: 'api' });
export const readyPattern = /Server is running on port 8800/;
