// IsMShmily/blogs_service: a koa 2 blog server, Sequelize 6 + mysql2, ioredis, bcryptjs, JWT.
// Configuration is the user's .env (dotenv, read through config/index.js from the folder the app starts in); the
// repository's own .env holds the author's placeholders (MySQL on 3090, a password of x's), so the working copy's
// .env names the test databases instead. Started as its `prd` script does without pm2: `node bin/www`.
// The app creates no tables (each model's `sync` is commented out, "create the table"): the seed creates them with
// the app's own models (`Model.sync()`, as the author's commented line does) before inserting rows.
// Redis holds the e-mail codes of sign-up; nothing else. ioredis connects at start.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mysql from 'mysql2/promise';

export const databases = { mariadb: {}, redis: {} };
// No npm lock file (the app uses pnpm): npm resolves package.json's ranges; the versions installed are listed in
// the working copy's package-lock.json.
export const installArgs = ['install', '--omit=dev', '--no-audit', '--no-fund'];

export async function prepareDatabases({ mariadb }) {
  const conn = await mysql.createConnection({ host: mariadb.host, port: mariadb.port, user: 'root' });
  await conn.query('CREATE DATABASE blogs');
  await conn.end();
}

export function writeConfig(dir, { mariadb, redis }, { port }) {
  writeFileSync(
    join(dir, '.env'),
    [
      `APP_PORT = ${port}`,
      'MYSQL_HOST = 127.0.0.1',
      `MYSQL_PORT = ${mariadb.port}`,
      'MYSQL_USER = root',
      'MYSQL_PWD = ',
      'MYSQL_DB = blogs',
      'REDIS_HOST = 127.0.0.1',
      `REDIS_PORT = ${redis.port}`,
      'JWT_SELECT = corpus-secret-not-for-production',
      '',
    ].join('\n'),
  );
}

export const command = () => ({ args: ['bin/www'] });
export const readyPattern = /server is running on/;
