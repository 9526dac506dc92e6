#!/usr/bin/env node
// `npm run dist`: runs electron-builder with electron-builder.yml for this platform's installers (AppImage and deb on
// Linux, dmg on macOS, NSIS on Windows), or what the arguments ask: `node build/package.mjs --linux dir`.
//
// Electron's runtime comes from, in order: ELECTRON_OVERRIDE_DIST_PATH; node_modules/electron/dist when installed
// (`npm start` fetches it there); else, when building for this machine's platform, the same fetch `npm start` makes
// (Electron's own installer, with progress: scripts/electron-runtime.js). Only a build for another platform is left
// to electron-builder's own download. A runtime that cannot be had is said in one line, at once, rather than after
// electron-builder's retries.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronPackageDir, fetchElectronRuntime, installedElectron } from '../scripts/electron-runtime.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);

function fail(line, status = 2) {
  process.stderr.write(`package: ${line}\n`);
  process.exit(status);
}

const PLATFORM_FLAGS = { '--linux': 'linux', '-l': 'linux', '--mac': 'darwin', '--macos': 'darwin', '-m': 'darwin', '--win': 'win32', '--windows': 'win32', '-w': 'win32' };
const targetPlatforms = new Set(args.filter((a) => a in PLATFORM_FLAGS).map((a) => PLATFORM_FLAGS[a]));
const forThisPlatform = [...targetPlatforms].every((p) => p === process.platform);

if (!existsSync(join(root, 'out', 'main', 'main.js'))) fail('out/main/main.js is missing: run `node scripts/build.js` first.');

const pkgDir = electronPackageDir(root);
const version = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).version;
if (!args.some((a) => a.startsWith('-c.electronDist') || a.startsWith('--config.electronDist'))) {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    if (!existsSync(resolve(override))) fail(`ELECTRON_OVERRIDE_DIST_PATH=${override} does not exist.`);
    args.push(`-c.electronDist=${resolve(override)}`);
  } else if (forThisPlatform) {
    if (!installedElectron(pkgDir)) {
      process.stderr.write(`package: Electron ${version}'s runtime is not installed: fetching it with Electron's installer.\n`);
      const fetched = await fetchElectronRuntime(pkgDir, { say: (line) => process.stderr.write(`package: ${line}\n`) });
      if (!fetched.binary) {
        fail(
          `cannot get Electron ${version}'s runtime to package: ${fetched.reason}. Run again with a network, or set ELECTRON_OVERRIDE_DIST_PATH to an unpacked Electron ${version} for ${process.platform}-${process.arch}.`,
          3,
        );
      }
    }
    args.push(`-c.electronDist=${join(pkgDir, 'dist')}`);
  } else {
    process.stderr.write(`package: building for another platform: electron-builder downloads Electron ${version}'s runtime for it.\n`);
  }
}

const cli = join(dirname(require.resolve('electron-builder/package.json')), 'cli.js');
const result = spawnSync(process.execPath, [cli, '--config', join(root, 'electron-builder.yml'), ...args], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) {
  process.stderr.write(
    `package: electron-builder failed (above). Offline it cannot download its own tools for AppImage and deb, nor Electron ${version}'s runtime for another platform (from github.com); \`--linux dir\` needs neither.\n`,
  );
}
process.exit(result.status ?? 1);
