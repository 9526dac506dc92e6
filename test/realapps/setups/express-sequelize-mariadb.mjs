// chojs23/realword-express-sequelize: express 4 + Sequelize 6 + mysql2.
// The app hard-codes its database (util/database.js: 127.0.0.1, default port 3306, root / "1234", database
// "conduit") and reads PORT, NODE_ENV and JWT_SECRET from ./config.env (dotenv; the file is the user's, not in the
// repository). At every start it runs sequelize.sync({ force: true }), dropping and re-creating its tables and
// inserting two users, after it has started listening: the seed therefore runs after the app is up and its tables
// exist (see seeds/express-sequelize-mariadb.mjs).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mysql from 'mysql2/promise';

export const databases = { mariadb: { port: 3306 } };

export async function prepareDatabases({ mariadb }) {
  const conn = await mysql.createConnection({ host: mariadb.host, port: mariadb.port, user: 'root' });
  await conn.query('CREATE DATABASE conduit');
  const [roots] = await conn.query("SELECT Host FROM mysql.user WHERE User = 'root' AND Host IN ('localhost', '127.0.0.1', '::1')");
  for (const { Host } of roots) await conn.query(`ALTER USER 'root'@'${Host}' IDENTIFIED BY '1234'`);
  await conn.end();
  mariadb.password = '1234';
}

export function writeConfig(workDir, _dbs, { port }) {
  // NODE_ENV=production: the app's morgan request log is on only in development.
  writeFileSync(join(workDir, 'config.env'), `PORT=${port}\nNODE_ENV=production\nJWT_SECRET=corpus-secret-not-for-production\n`);
}

export const command = (_workDir) => ({ args: ['server.js'] });
// Its data is dropped at every start (sync force): a scorer cannot seed it before launching it, only after.
export const resetsAtStart = true;
export const readyPattern = /DB Connected/;
