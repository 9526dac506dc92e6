#!/usr/bin/env node
// The `checkup` command. Runs the compiled engine (out/, built by `npm install` through the prepare script).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const entry = join(dirname(fileURLToPath(import.meta.url)), '..', 'out', 'app', 'cli', 'main.js');
if (!existsSync(entry)) {
  process.stderr.write('checkup is not built yet: run `npm install` (or `npm run build`) in the checkout first.\n');
  process.exit(1);
}
const { main } = await import(pathToFileURL(entry).href);
process.exitCode = await main(process.argv.slice(2));
