// electron-builder `--linux dir` for real, through build/package.mjs and electron-builder.yml, into a temporary
// folder. Offline it needs an Electron runtime to copy: ELECTRON_OVERRIDE_DIST_PATH when set, else a stand-in folder
// holding a dummy `electron` executable (all electron-builder takes from an unpacked dist on Linux: it copies the
// folder and renames `electron` to our executable). Then the packaged layout is checked: the engine's code inside
// app.asar, only what another program reads in app.asar.unpacked. Without Electron to run it, the packaged engine is
// then started under plain Node in Electron's view of the package (the archive extracted into a folder named
// app.asar, beside the real app.asar.unpacked), so a file the user's Node needs but only the archive holds fails the run.
import { builtinModules } from 'node:module';
import asar from '@electron/asar';
import { fork, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTSIDE_ARCHIVE, rootDir } from '../../../app/paths.js';
import { EngineHostClient } from '../../../main/engine-host-client.js';
import type { HostMessage } from '../../../main/engine-host-protocol.js';
import { profileFixture } from '../../helpers/fixtures.js';

const realDist = process.env.ELECTRON_OVERRIDE_DIST_PATH;
const runtime = realDist ? `Electron runtime from ELECTRON_OVERRIDE_DIST_PATH` : 'a stand-in Electron runtime (dummy executable)';
const work = mkdtempSync(join(tmpdir(), 'checkup-package-'));
const output = join(work, 'dist');
const appDir = join(output, 'linux-unpacked');
const resources = join(appDir, 'resources');
const archive = join(resources, 'app.asar');
const unpacked = join(resources, 'app.asar.unpacked');
let entries: Set<string>;
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
let packaging: { status: number | null; ms: number; log: string };

function standInDist(): string {
  const dist = join(work, 'electron-dist');
  mkdirSync(dist, { recursive: true });
  // Electron's fuse wire as Electron 45 ships it (sentinel, version 1, 8 fuses: RunAsNode on, cookie encryption off,
  // NODE_OPTIONS on, --inspect on, ASAR integrity off, only-from-ASAR off, V8 snapshot off, file:// privileges on),
  // after the script's exit, so electron-builder has fuses to flip as in the real binary.
  writeFileSync(join(dist, 'electron'), `#!/bin/sh\necho "stand-in Electron runtime: $*"\nexit 0\n${FUSE_SENTINEL}\x01\x0810110001\n`, 'latin1');
  chmodSync(join(dist, 'electron'), 0o755);
  writeFileSync(join(dist, 'LICENSE'), 'stand-in');
  return dist;
}

beforeAll(() => {
  for (const needed of ['out/main/main.js', 'out/main/preload.cjs', 'out/main/engine-host.js', 'out/renderer/index.html']) {
    if (!existsSync(join(rootDir, needed))) throw new Error(`${needed} is missing: run \`node scripts/build.js\` before this test`);
  }
  const started = Date.now();
  const result = spawnSync(process.execPath, [join(rootDir, 'build', 'package.mjs'), '--linux', 'dir', `-c.directories.output=${output}`, '--publish', 'never'], {
    cwd: rootDir,
    env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: realDist ?? standInDist() },
    encoding: 'utf8',
    timeout: 110_000,
  });
  packaging = { status: result.status, ms: Date.now() - started, log: `${result.stdout}\n${result.stderr}` };
  if (result.status === 0) entries = new Set(asar.listPackage(archive, { isPack: false }).map((p) => p.replace(/\\/g, '/')));
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe(`packaging: electron-builder --linux dir with ${runtime}`, () => {
  it('builds offline, in well under two minutes', () => {
    expect(packaging.status, packaging.log).toBe(0);
    console.log(`electron-builder --linux dir took ${packaging.ms} ms`);
    expect(existsSync(join(appDir, 'checkup-desktop'))).toBe(true);
    expect(statSync(join(appDir, 'checkup-desktop')).mode & 0o111).not.toBe(0);
    expect(existsSync(archive)).toBe(true);
  });

  it("flips Electron's fuses in the packaged executable: no run-as-Node, NODE_OPTIONS or --inspect; ASAR only, checked; cookies encrypted", async () => {
    const { getCurrentFuseWire, FuseV1Options } = await import('@electron/fuses');
    const wire = (await getCurrentFuseWire(join(appDir, 'checkup-desktop'))) as unknown as Record<number, number>;
    const on = (fuse: number) => String.fromCharCode(wire[fuse]!) === '1';
    expect({
      runAsNode: on(FuseV1Options.RunAsNode),
      nodeOptions: on(FuseV1Options.EnableNodeOptionsEnvironmentVariable),
      inspectArguments: on(FuseV1Options.EnableNodeCliInspectArguments),
      asarIntegrity: on(FuseV1Options.EnableEmbeddedAsarIntegrityValidation),
      onlyFromAsar: on(FuseV1Options.OnlyLoadAppFromAsar),
      cookieEncryption: on(FuseV1Options.EnableCookieEncryption),
      fileProtocolPrivileges: on(FuseV1Options.GrantFileProtocolExtraPrivileges),
    }).toEqual({ runAsNode: false, nodeOptions: false, inspectArguments: false, asarIntegrity: true, onlyFromAsar: true, cookieEncryption: true, fileProtocolPrivileges: false });
  });

  it('app.asar holds the main process, the renderer, speedscope and package.json', () => {
    for (const file of ['/package.json', '/out/main/main.js', '/out/main/preload.cjs', '/out/main/desktop-app.js', '/out/renderer/index.html']) {
      expect(entries.has(file), file).toBe(true);
    }
    const speedscope = readdirSync(join(rootDir, 'node_modules', 'speedscope', 'dist', 'release'));
    for (const file of speedscope) expect(entries.has(`/node_modules/speedscope/dist/release/${file}`), file).toBe(true);
    // speedscope is read by the main process only, so it stays packed.
    expect(existsSync(join(unpacked, 'node_modules', 'speedscope'))).toBe(false);
    const pkg = JSON.parse(asar.extractFile(archive, 'package.json').toString('utf8')) as { name: string; main: string; type: string };
    expect(pkg).toMatchObject({ name: 'checkup', main: 'out/main/main.js', type: 'module' });
  });

  it("app.asar.unpacked holds only what the user's Node or the OS reads: the probes, the labs with their package.json and npm packages, the tree guard", () => {
    expect(existsSync(join(unpacked, 'app', 'probe', 'probe.cjs'))).toBe(true);
    expect(existsSync(join(unpacked, 'app', 'probe', 'startup.cjs'))).toBe(true);
    expect(asar.statFile(archive, 'app/probe/probe.cjs')).toMatchObject({ unpacked: true });
    const labs = readdirSync(join(rootDir, 'assets', 'labs')).filter((d) => statSync(join(rootDir, 'assets', 'labs', d)).isDirectory());
    expect(labs.length).toBeGreaterThanOrEqual(6);
    for (const lab of labs) {
      expect(existsSync(join(unpacked, 'assets', 'labs', lab, 'slow.js')), lab).toBe(true);
      expect(existsSync(join(unpacked, 'assets', 'labs', lab, 'package.json')), lab).toBe(true);
    }
    for (const file of ['package.json', 'README.md', 'out/app/target/supervisor.js']) expect(existsSync(join(unpacked, file)), file).toBe(true);
    // The labs' npm packages, with the packages they depend on (nested ones in place), resolve from the unpacked
    // folder alone, the way a lab is run: the user's Node with NODE_PATH there, in a folder of its own.
    const resolved = spawnSync(process.execPath, ['-e', "for (const p of ['express', 'mongoose']) console.log(require.resolve(p)); require('express'); require('mongoose');"], { cwd: work, env: { ...process.env, NODE_PATH: join(unpacked, 'out', 'lab-modules') }, encoding: 'utf8' });
    expect(resolved.status, resolved.stderr).toBe(0);
    for (const line of resolved.stdout.trim().split('\n')) expect(line.startsWith(join(unpacked, 'out', 'lab-modules'))).toBe(true);
    // Nothing else: every unpacked file is one app/paths.ts names.
    const stray = (readdirSync(unpacked, { recursive: true }) as string[])
      .map((p) => p.replace(/\\/g, '/'))
      .filter((p) => statSync(join(unpacked, p)).isFile())
      .filter((p) => !OUTSIDE_ARCHIVE.some((entry) => (entry.endsWith('/') ? p.startsWith(entry) : p === entry)));
    expect(stray).toEqual([]);
  });

  it("the engine's code is inside app.asar, packed: the engine host, the engine, its workers, the advice and the dependencies", () => {
    for (const file of ['out/main/engine-host.js', 'out/app/engine/engine.js', 'out/app/load/load-worker.js', 'out/app/open-profile/worker.js', 'out/app/target/launch.js', 'node_modules/autocannon/package.json']) {
      expect(entries.has(`/${file}`), file).toBe(true);
      expect(asar.statFile(archive, file), file).not.toMatchObject({ unpacked: true });
      expect(existsSync(join(unpacked, file)), file).toBe(false);
    }
    const advice = [...entries].filter((p) => p.startsWith('/assets/advice/') && p.endsWith('.md'));
    expect(advice.length).toBeGreaterThan(5);
    expect(existsSync(join(unpacked, 'assets', 'advice'))).toBe(false);
    expect(existsSync(join(unpacked, 'node_modules'))).toBe(false);
  });

  it('ships no tests, no sources, no source maps and no dev dependencies', () => {
    const all = [...entries];
    expect(all.filter((p) => p.startsWith('/test/') || p === '/test')).toEqual([]);
    expect(all.filter((p) => p.startsWith('/renderer/') || p.startsWith('/main/') || p.startsWith('/bench/') || p.startsWith('/scripts/') || p.startsWith('/build/'))).toEqual([]);
    expect(all.filter((p) => /^\/app\/.*\.(ts|cts)$/.test(p) || p.startsWith('/out/bench'))).toEqual([]);
    expect(all.filter((p) => !p.startsWith('/node_modules/') && (p.endsWith('.map') || p.endsWith('.tsbuildinfo')))).toEqual([]);
    const modules = new Set(all.filter((p) => p.startsWith('/node_modules/')).map((p) => p.split('/').slice(2, p.split('/')[2]!.startsWith('@') ? 4 : 3).join('/')));
    const pkg = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    for (const dep of Object.keys(pkg.dependencies)) expect(modules.has(dep), dep).toBe(true);
    // The optional Node 22 and 24 are the tests' (targets on other Nodes), not the app's.
    expect(modules.has('node22') || modules.has('node24') || existsSync(join(unpacked, 'node_modules'))).toBe(false);
    for (const dev of [...Object.keys(pkg.devDependencies), 'electron-builder', 'app-builder-lib', '@electron/asar', 'esbuild', 'rollup']) {
      expect(modules.has(dev), dev).toBe(false);
    }
  });

  it("every import of the main process and the engine host resolves inside the package", () => {
    const root = join(work, 'extracted');
    asar.extractAll(archive, root);
    const seen = new Set<string>();
    const missing: string[] = [];
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      const specs = [
        ...source.matchAll(/^\s*(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm),
        ...source.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
        ...source.matchAll(/\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
      ].map((m) => m[1]!);
      for (const spec of specs) {
        if (spec.startsWith('node:') || builtinModules.includes(spec) || spec === 'electron') continue;
        if (spec.startsWith('.')) {
          const target = join(dirname(file), spec);
          if (existsSync(target)) visit(target);
          else missing.push(`${posix.relative(root, file)} -> ${spec}`);
        } else {
          const name = spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');
          if (!existsSync(join(root, 'node_modules', name, 'package.json'))) missing.push(`${posix.relative(root, file)} -> ${name}`);
        }
      }
    };
    for (const entry of ['out/main/main.js', 'out/main/preload.cjs', 'out/main/engine-host.js', 'out/app/load/load-worker.js', 'out/app/open-profile/worker.js']) {
      visit(join(root, entry));
    }
    expect(missing).toEqual([]);
    expect(seen.size).toBeGreaterThan(40);

    // The tree guard's supervisor runs on the user's Node, which sees app.asar.unpacked alone.
    const outside = new Set<string>();
    const visitOutside = (file: string): void => {
      if (outside.has(file)) return;
      outside.add(file);
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm)) {
        if (spec!.startsWith('node:')) continue;
        const target = join(dirname(file), spec!);
        expect(existsSync(target), `${posix.relative(unpacked, file)} -> ${spec}`).toBe(true);
        visitOutside(target);
      }
    };
    visitOutside(join(unpacked, 'out', 'app', 'target', 'supervisor.js'));
    expect(outside.size).toBeGreaterThan(1);
  });

  it("the packaged engine host runs in Electron's view of the package: it lists labs, opens a profile and completes a short run", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'checkup-packaged-data-'));
    // What Electron shows our code: the archive's files at .../app.asar/..., the unpacked ones also at
    // .../app.asar.unpacked/..., where the user's Node (the probe, the labs, the supervisor) reads them.
    const electronView = join(work, 'electron-view', 'resources');
    asar.extractAll(archive, join(electronView, 'app.asar'));
    cpSync(unpacked, join(electronView, 'app.asar.unpacked'), { recursive: true });
    const client = new EngineHostClient(() => {
      const child = fork(join(electronView, 'app.asar', 'out', 'main', 'engine-host.js'), [], {
        serialization: 'advanced',
        env: { ...process.env, CHECKUP_DATA_DIR: dataDir },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      return {
        postMessage: (m) => void child.send(m),
        onMessage: (l) => void child.on('message', (m) => l(m as HostMessage)),
        onExit: (l) => void child.once('exit', (code) => l(code)),
        kill: () => void child.kill('SIGKILL'),
        get pid() {
          return child.pid;
        },
      };
    });
    try {
      expect((await client.call('listLabs', {})).map((l) => l.name)).toContain('healthy');
      const view = await client.call('openProfile', { source: { kind: 'file', path: profileFixture('node/20.20/cpu-prof.cpuprofile') } });
      expect(await client.flameDocument(view.flamePath!.slice('flame/'.length))).toBeInstanceOf(Uint8Array);
      const finished = new Promise<{ status: string; diagnosis?: { verdict: string } }>((resolve) =>
        client.onEvent((e) => {
          if (e.type === 'run-finished') resolve(e);
        }),
      );
      await client.call('startRun', { recipe: { target: { kind: 'lab', lab: 'healthy' }, load: { durationSec: 1, warmupSec: 0, connections: 2 }, profile: { cpu: true, heap: false } } });
      const outcome = await finished;
      expect(outcome.status).toBe('complete');
      expect(outcome.diagnosis?.verdict).toBeTruthy();
    } finally {
      await client.shutdown();
    }
  }, 90_000);
});
