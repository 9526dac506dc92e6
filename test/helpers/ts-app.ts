// The TypeScript fixture app (test/fixtures/targets/ts-app) made ready the ways real projects are: copied to a fresh
// folder that sees this checkout's node_modules (typescript, tsx, esbuild, @types/node), built by tsc with source
// maps into dist/, and bundled by esbuild with an external map into bundle/.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildSync } from 'esbuild';
import { rootDir } from '../../app/paths.js';

export const TS_APP_FIXTURE = join(rootDir, 'test', 'fixtures', 'targets', 'ts-app');
export const ESM_APP_FIXTURE = join(rootDir, 'test', 'fixtures', 'targets', 'esm-app');

export function prepareTsApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'checkup-ts-app-'));
  cpSync(TS_APP_FIXTURE, dir, { recursive: true });
  symlinkSync(join(rootDir, 'node_modules'), join(dir, 'node_modules'), 'dir');
  execFileSync(process.execPath, [join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(dir, 'tsconfig.json')], { stdio: 'pipe' });
  buildSync({ entryPoints: [join(dir, 'src', 'server.ts')], bundle: true, platform: 'node', format: 'cjs', sourcemap: true, outfile: join(dir, 'bundle', 'server.js'), logLevel: 'silent' });
  return dir;
}

/** The 1-based line of the first line of `file` that contains `text`. */
export function lineOf(file: string, text: string): number {
  const index = readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes(text));
  if (index < 0) throw new Error(`${text} is not in ${file}`);
  return index + 1;
}

/** A `node --cpu-prof` profile of the compiled report module in `dist`, as a user would record one by hand. */
export function profileOf(dist: string): string {
  // Inside the app's folder, so that removing the app removes it too.
  const dir = mkdtempSync(join(dirname(dist), 'profile-'));
  const script = `const r = require(${JSON.stringify(join(dist, 'report.js'))}); const rows = r.makeRows(20000); for (let i = 0; i < 40; i++) r.buildRegionReport(rows, 20);`;
  execFileSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, '-e', script], { stdio: 'pipe' });
  return join(dir, readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!);
}

/** A copy of the app's dist/ whose report.js.map is cut off in the middle. */
export function brokenDist(app: string): string {
  const broken = join(app, 'dist-broken');
  cpSync(join(app, 'dist'), broken, { recursive: true });
  writeFileSync(join(broken, 'report.js.map'), '{"version":3,"sources":["../src/report.ts"],"mappings":');
  return broken;
}
