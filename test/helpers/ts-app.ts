// The TypeScript fixture app (test/fixtures/targets/ts-app) made ready the ways real projects are: copied to a fresh
// folder that sees this checkout's node_modules (typescript, tsx, esbuild, @types/node), built by tsc with source
// maps into dist/, and bundled by esbuild with an external map into bundle/.
// The build is made once per suite run (in the run's temporary folder, which the suite removes at its end) and each
// caller gets a fresh copy of it: the two files that use the app (typescript-apps, the TypeScript E2E) read the same
// tsc and esbuild output, and each may change its copy (a broken map, a profile written beside the code).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildSync } from 'esbuild';
import { rootDir } from '../../app/paths.js';

export const TS_APP_FIXTURE = join(rootDir, 'test', 'fixtures', 'targets', 'ts-app');
export const ESM_APP_FIXTURE = join(rootDir, 'test', 'fixtures', 'targets', 'esm-app');

/** A folder of the app that sees this checkout's node_modules. */
function withModules(dir: string): string {
  symlinkSync(join(rootDir, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

function buildTsApp(dir: string): void {
  cpSync(TS_APP_FIXTURE, dir, { recursive: true });
  withModules(dir);
  execFileSync(process.execPath, [join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(dir, 'tsconfig.json')], { stdio: 'pipe' });
  buildSync({ entryPoints: [join(dir, 'src', 'server.ts')], bundle: true, platform: 'node', format: 'cjs', sourcemap: true, outfile: join(dir, 'bundle', 'server.js'), absWorkingDir: dir, logLevel: 'silent' });
}

/** The app, built: a fresh folder of its own (removing it is the caller's). */
export function prepareTsApp(): string {
  const built = join(tmpdir(), 'checkup-ts-app-built');
  if (!existsSync(built)) {
    // Built aside and moved into place whole, so a reader never sees half a build.
    const building = mkdtempSync(join(tmpdir(), 'checkup-ts-app-building-'));
    buildTsApp(building);
    try {
      renameSync(building, built);
    } catch {
      rmSync(building, { recursive: true, force: true }); // another file's build got there first: the same output
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'checkup-ts-app-'));
  cpSync(built, dir, { recursive: true, filter: (from) => from !== join(built, 'node_modules') });
  return withModules(dir);
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
