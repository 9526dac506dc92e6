// `npm run dist` without an Electron runtime (build/package.mjs): it fetches one as `npm start` does; when that
// cannot work it says why in one line, at once, before electron-builder starts (which would retry github.com for
// most of a minute and end on a bare "getaddrinfo ENOTFOUND"). A scratch copy of the electron package, never the
// shared one; a mirror on 127.0.0.1 where nothing listens stands for being offline.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../../app/paths.js';
import { freePort } from '../../../scripts/free-port.js';
import { electronVersion, scratchElectronPackage } from '../../helpers/electron-mirror.js';

describe('npm run dist without an Electron runtime', () => {
  it('offline: one line that says why and what to do, exit 3, electron-builder never started, nothing written', async () => {
    const work = mkdtempSync(join(tmpdir(), 'checkup-dist-offline-'));
    const pkg = scratchElectronPackage(work);
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, CHECKUP_ELECTRON_PACKAGE: pkg, ELECTRON_MIRROR: `http://127.0.0.1:${port}/`, electron_config_cache: join(work, 'cache') };
    delete env.ELECTRON_OVERRIDE_DIST_PATH;
    const result = spawnSync(process.execPath, [join(rootDir, 'build', 'package.mjs'), '--linux', 'dir', `-c.directories.output=${join(work, 'dist')}`], { cwd: rootDir, env, encoding: 'utf8', timeout: 60_000 });
    expect(result.status, result.stderr).toBe(3);
    const reason = result.stderr.split('\n').filter((line) => line.startsWith('package: cannot get'));
    expect(reason).toEqual([
      `package: cannot get Electron ${electronVersion}'s runtime to package: no connection to 127.0.0.1:${port} (ECONNREFUSED): offline, or a proxy or firewall in the way?. Run again with a network, or set ELECTRON_OVERRIDE_DIST_PATH to an unpacked Electron ${electronVersion} for ${process.platform}-${process.arch}.`,
    ]);
    expect(result.stdout + result.stderr).not.toMatch(/electron-builder {2}version/);
    expect(existsSync(join(work, 'dist'))).toBe(false);
    expect(existsSync(join(pkg, 'dist'))).toBe(false);
  });

  it('ELECTRON_OVERRIDE_DIST_PATH naming nothing is refused before anything runs', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: join(tmpdir(), 'no-such-electron-dist') };
    const result = spawnSync(process.execPath, [join(rootDir, 'build', 'package.mjs'), '--linux', 'dir'], { cwd: rootDir, env, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^package: ELECTRON_OVERRIDE_DIST_PATH=.*no-such-electron-dist does not exist\.$/m);
  });
});
