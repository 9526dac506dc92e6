// Shared by the start-up tests (test/integration/startup) and the bench (bench/startup-overhead.ts).
// Apps for the start-up checkup's tests, generated into a temp folder: a CommonJS server with a big synthetic
// node_modules (packages x files, each doing real work when loaded) that measures its own requires independently of
// Checkup, and a small ES module server.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BigApp {
  dir: string;
  packages: number;
  filesPerPackage: number;
}

/**
 * `packages` packages of `filesPerPackage` files; package k's files each run a loop whose length grows with k, so the
 * heavy packages are known. The entry wraps Module._load itself (outside Checkup's own wrapper, which the preload put
 * in first) and writes, per process, each package's inclusive load time: its first load from outside the package.
 * The first `used` packages have a function called after load.
 */
export function makeBigApp(packages = 40, filesPerPackage = 30, used = 5): BigApp {
  const dir = mkdtempSync(join(tmpdir(), 'checkup-startup-app-'));
  for (let k = 0; k < packages; k++) {
    const name = `pkg-${String(k).padStart(2, '0')}`;
    const pkgDir = join(dir, 'node_modules', name);
    mkdirSync(join(pkgDir, 'lib'), { recursive: true });
    writeFileSync(join(pkgDir, 'package.json'), JSON.stringify({ name, version: '1.0.0', main: 'index.js' }));
    const iterations = 1500 * (k + 1);
    for (let f = 1; f < filesPerPackage; f++) {
      writeFileSync(join(pkgDir, 'lib', `f${f}.js`), `'use strict';\nlet s = 0;\nfor (let i = 0; i < ${iterations}; i++) s += Math.sqrt(i + ${f});\nmodule.exports = { value: s, twice() { return s * 2; } };\n`);
    }
    const requires = Array.from({ length: filesPerPackage - 1 }, (_, i) => `require('./lib/f${i + 1}.js')`).join(',\n  ');
    writeFileSync(join(pkgDir, 'index.js'), `'use strict';\nconst parts = [\n  ${requires},\n];\nexports.total = () => parts.reduce((t, p) => t + p.twice(), 0);\n`);
  }
  const names = Array.from({ length: packages }, (_, k) => `pkg-${String(k).padStart(2, '0')}`);
  writeFileSync(
    join(dir, 'server.js'),
    `'use strict';
const Module = require('module');
const fs = require('fs');
const { performance } = require('perf_hooks');
const load = Module._load;
const packageOf = (f) => { const m = /node_modules[\\\\/]([^\\\\/]+)[\\\\/]/.exec(f || ''); return m ? m[1] : null; };
const totals = {};
Module._load = function (request, parent) {
  const t0 = performance.now();
  try {
    return load.apply(this, arguments);
  } finally {
    const ms = performance.now() - t0;
    let file = null;
    try { file = Module._resolveFilename(request, parent); } catch {}
    const pkg = packageOf(file);
    if (pkg && packageOf(parent && parent.filename) !== pkg && totals[pkg] === undefined) totals[pkg] = ms;
  }
};
const deps = ${JSON.stringify(names)}.map((n) => require(n));
let sum = 0;
for (let i = 0; i < ${used}; i++) sum += deps[i].total();
const server = require('http').createServer((req, res) => res.end(String(sum)));
server.listen(0, '127.0.0.1', () => fs.writeFileSync(require('path').join(__dirname, 'measure-' + process.pid + '.json'), JSON.stringify(totals)));
`,
  );
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'big-app', version: '1.0.0', scripts: { start: 'node server.js' } }));
  return { dir, packages, filesPerPackage };
}

/** An ES module server importing one heavy ES module package and one light one. */
export function makeEsmApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'checkup-startup-esm-'));
  for (const [name, iterations] of [['heavy-esm', 3_000_000], ['light-esm', 10_000]] as const) {
    const pkgDir = join(dir, 'node_modules', name);
    mkdirSync(pkgDir, { recursive: true });
    writeFileSync(join(pkgDir, 'package.json'), JSON.stringify({ name, version: '1.0.0', type: 'module', exports: './index.js' }));
    writeFileSync(join(pkgDir, 'index.js'), `let s = 0;\nfor (let i = 0; i < ${iterations}; i++) s += Math.sqrt(i);\nexport const value = s;\n`);
  }
  writeFileSync(join(dir, 'server.mjs'), `import { value } from 'heavy-esm';\nimport { value as light } from 'light-esm';\nimport http from 'node:http';\nhttp.createServer((q, r) => r.end(String(value + light))).listen(0, '127.0.0.1');\n`);
  return dir;
}

/** A CLI that does its work and exits (ready = exit). */
export function makeCliApp(ending = "console.log('done', s);"): string {
  const dir = mkdtempSync(join(tmpdir(), 'checkup-startup-cli-'));
  writeFileSync(join(dir, 'cli.js'), `let s = 0;\nfor (let i = 0; i < 200000; i++) s += i;\n${ending}\n`);
  return dir;
}
