#!/usr/bin/env node
// Compiles the engine, main process and benchmarks (tsc, incremental) into out/, and the renderer (vite) into
// out/renderer when its sources changed since the last build. Exit code is non-zero on type errors, but tsc still
// emits, so a half-finished file elsewhere never blocks running the rest.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyLabModules } from './lab-modules.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const args = new Set(process.argv.slice(2));

function run(label, bin, argv) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [bin, ...argv], { cwd: root, stdio: 'inherit' });
  if (!args.has('--quiet')) console.error(`build: ${label} ${result.status === 0 ? 'ok' : 'FAILED'} in ${Date.now() - started} ms`);
  return result.status === 0;
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

let ok = run('tsc', require.resolve('typescript/bin/tsc'), ['-p', 'tsconfig.build.json']);

try {
  copyLabModules(root);
} catch (err) {
  console.error(`build: lab modules FAILED: ${err.message}`);
  ok = false;
}

if (!args.has('--no-renderer')) {
  const marker = join(root, 'out/renderer/index.html');
  const inputs = ['renderer', 'app/contract', 'app/errors.ts', 'vite.config.ts'].map((p) => newestMtime(join(root, p)));
  const stale = !existsSync(marker) || Math.max(...inputs) > statSync(marker).mtimeMs || args.has('--force');
  if (stale && existsSync(join(root, 'renderer/index.html'))) {
    ok = run('renderer', join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js'), ['build', '--logLevel', 'warn']) && ok;
  }
}
process.exit(ok ? 0 : 1);
