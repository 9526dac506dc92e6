// lujakob/nestjs-realworld-example-app: NestJS 7 + TypeORM 0.2 + mysql, argon2 passwords.
// The user is told (README) to create ormconfig.json from ormconfig.json.example and src/config.ts from
// src/config.ts.example; both are git-ignored configuration files, written here into the working copy. The app is
// run the way its own start:prod script does: compiled by its own TypeScript (tsc, a dependency of the app), then
// `node dist/main.js`. ormconfig.json therefore names the compiled entities. TypeORM's synchronize (the example's
// setting) creates the tables at start-up; the seed runs once the app listens. The app listens on port 3000, fixed
// in src/main.ts.
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import mysql from 'mysql2/promise';

export const databases = { mariadb: {} };
export const nativeDependencies = ['argon2'];
// The lock file (v1) resolves 194 packages from a registry mirror that no longer exists: keep its versions, fetch
// them from the configured registry. It also predates package.json's own version bump, so `npm ci` refuses it.
export const installArgs = ['install', '--omit=dev', '--no-audit', '--no-fund', '--replace-registry-host=always'];
export const fixedPort = 3000;

export function afterInstall(dir) {
  copyFileSync(join(dir, 'src/config.ts.example'), join(dir, 'src/config.ts'));
  // Without the app's devDependencies (@types/node, @types/jest) tsc reports type errors but still emits
  // JavaScript, as it does for the app's own `prestart:prod`; what matters is that dist/main.js is there.
  try {
    execFileSync(join(dir, 'node_modules/.bin/tsc'), [], { cwd: dir, stdio: 'ignore' });
  } catch {
    if (!existsSync(join(dir, 'dist/main.js'))) throw new Error('tsc produced no dist/main.js');
  }
}

export async function prepareDatabases({ mariadb }) {
  const conn = await mysql.createConnection({ host: mariadb.host, port: mariadb.port, user: 'root' });
  await conn.query('CREATE DATABASE nestjsrealworld');
  await conn.end();
}

export function writeConfig(dir, { mariadb }, { config: variant } = {}) {
  const config = {
    type: 'mysql',
    host: '127.0.0.1',
    port: mariadb.port,
    username: 'root',
    password: '',
    database: 'nestjsrealworld',
    entities: ['dist/**/**.entity.js'],
    synchronize: true,
    // A scenario's configuration variant (e.g. a pool too small) is merged here, as a user would edit the file.
    ...(variant ?? {}),
  };
  writeFileSync(join(dir, 'ormconfig.json'), JSON.stringify(config, null, 2));
}

export const command = () => ({ args: ['dist/main.js'], env: { NODE_ENV: 'production' } });
export const readyPattern = /Nest application successfully started/;
