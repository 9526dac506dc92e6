// The packaged app's archive layout: the engine's code stays inside app.asar (Electron reads it there: the main
// process, the engine's utility process and its worker threads), and only what another program reads is unpacked
// (the user's Node runs the probes, the labs and the tree guard's supervisor; the OS opens the README). app/paths.ts
// decides which files those are; electron-builder.yml's asarUnpack must say the same.
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUTSIDE_ARCHIVE, packagedPath, rootDir } from '../../../app/paths.js';
import { loadBuilderConfig } from '../../helpers/builder-config.js';

const packaged = '/opt/Checkup/resources/app.asar';
const unpacked = '/opt/Checkup/resources/app.asar.unpacked';

describe('packaged paths (app/paths.ts)', () => {
  it.each([
    ['app/probe/probe.cjs', 'the probe, preloaded by the target'],
    ['app/probe/startup.cjs', 'the start-up probe'],
    ['assets/labs', 'the labs folder'],
    ['assets/labs/blocking/slow.js', 'a lab, run by the user\'s Node'],
    ['out/lab-modules/express/package.json', 'a package a lab needs, its NODE_PATH'],
    ['out/app/target/supervisor.js', 'the tree guard, run by the user\'s Node'],
    ['out/app/attach/inspector-guard-process.js', 'the inspector guard, run by the user\'s Node'],
    ['README.md', 'opened by the OS'],
  ])('%s (%s) maps from app.asar to app.asar.unpacked', (relative) => {
    expect(packagedPath(packaged, relative)).toBe(`${unpacked}/${relative}`);
  });

  it.each([
    'out/main/engine-host.js',
    'out/app/engine/engine.js',
    'out/app/load/load-worker.js',
    'out/app/open-profile/worker.js',
    'out/app/target/launch.js',
    'assets/advice',
    'assets/advice/runtime/event-loop-blocked.md',
    'app/probes-elsewhere.cjs',
    'assets/labs-list.json',
  ])('%s stays inside the archive', (relative) => {
    expect(packagedPath(packaged, relative)).toBe(`${packaged}/${relative}`);
  });

  it('in a checkout nothing moves', () => {
    for (const relative of ['app/probe/probe.cjs', 'assets/labs', 'out/app/load/load-worker.js']) expect(packagedPath(rootDir, relative)).toBe(join(rootDir, relative));
  });

  it("electron-builder.yml's asarUnpack lists exactly what app/paths.ts keeps outside the archive", async () => {
    const config = (await loadBuilderConfig()) as { asar: unknown; asarUnpack: string[] };
    expect(config.asar).toBe(true);
    const expected = OUTSIDE_ARCHIVE.map((entry) => (entry.endsWith('/') ? `${entry}**` : entry));
    expect([...config.asarUnpack].sort()).toEqual([...expected].sort());
  });

  it.each(['out/app/target/supervisor.js', 'out/app/attach/inspector-guard-process.js'])("%s's imports are all outside the archive too (the user's Node follows them)", (entry) => {
    const seen = new Set<string>();
    const visit = (relative: string): void => {
      if (seen.has(relative)) return;
      seen.add(relative);
      const source = readFileSync(join(rootDir, relative), 'utf8');
      const specs = [...source.matchAll(/^\s*(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm), ...source.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm), ...source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)];
      for (const [, spec] of specs) {
        if (spec!.startsWith('node:')) continue;
        expect(spec!.startsWith('.'), `${relative} imports the package ${spec}`).toBe(true);
        visit(posix.join(posix.dirname(relative), spec!));
      }
    };
    visit(entry);
    expect(seen.size).toBeGreaterThan(1);
    for (const relative of seen) expect(packagedPath(packaged, relative), relative).toBe(`${unpacked}/${relative}`);
    expect(dirname(packagedPath(packaged, 'package.json'))).toBe(unpacked); // "type": "module" for those .js files
  });
});
