#!/usr/bin/env node
// Runs electron-builder with electron-builder.yml, adding `-c.electronDist=$ELECTRON_OVERRIDE_DIST_PATH` when that
// variable names an Electron runtime: the YAML cannot read the environment, and without a local runtime
// electron-builder downloads one. Arguments pass through: `node build/package.mjs --linux dir`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);

const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
if (override && !args.some((a) => a.startsWith('-c.electronDist') || a.startsWith('--config.electronDist'))) {
  const dist = resolve(override);
  if (!existsSync(dist)) {
    process.stderr.write(`package: ELECTRON_OVERRIDE_DIST_PATH=${override} does not exist.\n`);
    process.exit(2);
  }
  args.push(`-c.electronDist=${dist}`);
}
if (!existsSync(join(root, 'out', 'main', 'main.js'))) {
  process.stderr.write('package: out/main/main.js is missing: run `node scripts/build.js` first.\n');
  process.exit(2);
}

const cli = join(dirname(require.resolve('electron-builder/package.json')), 'cli.js');
const result = spawnSync(process.execPath, [cli, '--config', join(root, 'electron-builder.yml'), ...args], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
