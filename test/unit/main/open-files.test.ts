import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compiledEntry, rootDir } from '../../../app/paths.js';
import { desktopPaths } from '../../../main/desktop-paths.js';
import { isBundlePath, OPENABLE_EXTENSIONS, profilePathsFromArgv } from '../../../main/open-files.js';
import { isOwnUrl } from '../../../main/scheme.js';
import { safeExternalUrl } from '../../../main/web-guards.js';
import { tmp } from './desktop-harness.js';

describe('files on the command line', () => {
  it('keeps existing regular files, resolved against the working folder; skips flags, folders, our script and the executable', () => {
    const dir = tmp('argv');
    mkdirSync(join(dir, 'sub'));
    for (const f of ['a.cpuprofile', 'b.heapprofile', 'main.js', '-dash.cpuprofile']) writeFileSync(join(dir, f), '{}');
    const argv = [join(dir, 'main.js'), '.', join(dir, 'main.js'), '--inspect=0', 'a.cpuprofile', 'sub', 'gone.cpuprofile', join(dir, 'b.heapprofile'), 'a.cpuprofile', '--', '-dash.cpuprofile'];
    expect(profilePathsFromArgv(argv, dir, [join(dir, 'main.js')])).toEqual([join(dir, 'a.cpuprofile'), join(dir, 'b.heapprofile'), join(dir, '-dash.cpuprofile')]);
  });

  it('passes .checkup session bundles on like profiles, and tells them apart by extension', () => {
    const dir = tmp('bundles');
    for (const f of ['run.checkup', 'RUN2.CHECKUP', 'a.cpuprofile', 'checkup', 'x.checkup.json']) writeFileSync(join(dir, f), 'x');
    const paths = profilePathsFromArgv(['checkup', 'run.checkup', 'RUN2.CHECKUP', 'a.cpuprofile', 'checkup', 'x.checkup.json'], dir);
    expect(paths).toEqual(['run.checkup', 'RUN2.CHECKUP', 'a.cpuprofile', 'checkup', 'x.checkup.json'].map((f) => join(dir, f)));
    expect(paths.map(isBundlePath)).toEqual([true, true, false, false, false]);
    expect(OPENABLE_EXTENSIONS).toContain('checkup');
  });

  it('declares .checkup next to the profile formats in the packaged app\'s file associations', () => {
    const yml = readFileSync(join(rootDir, 'electron-builder.yml'), 'utf8');
    const associated = [...yml.matchAll(/^\s*-\s*ext:\s*(\S+)\s*$/gm)].map((m) => m[1]);
    expect(associated).toEqual(expect.arrayContaining(['cpuprofile', 'heapprofile', 'checkup']));
  });

  it('opens at most eight files from one command line', () => {
    const dir = tmp('many');
    const names = Array.from({ length: 20 }, (_, i) => `p${i}.cpuprofile`);
    for (const n of names) writeFileSync(join(dir, n), '{}');
    expect(profilePathsFromArgv(['checkup', ...names], dir)).toHaveLength(8);
  });
});

describe('origins and links', () => {
  it.each([
    ['checkup://app/index.html', true],
    ['checkup://app/speedscope/index.html#profileURL=flame%2Fx', true],
    ['checkup://app:1/index.html', false],
    ['checkup://user@app/index.html', false],
    ['checkup://other/index.html', false],
    ['https://app/index.html', false],
    ['file:///app/index.html', false],
    ['', false],
    ['not a url', false],
  ])('isOwnUrl(%j) is %s', (url, own) => expect(isOwnUrl(url)).toBe(own));

  it.each([
    ['https://nodejs.org/en/docs', 'https://nodejs.org/en/docs'],
    ['http://example.com', 'http://example.com/'],
    ['https://a:b@example.com/', undefined],
    ['javascript:alert(1)', undefined],
    ['file:///etc/passwd', undefined],
    ['vscode://file/x', undefined],
    [`https://example.com/${'x'.repeat(3000)}`, undefined],
  ])('safeExternalUrl(%j) is %j', (url, expected) => expect(safeExternalUrl(url)).toBe(expected));
});

describe('desktop paths', () => {
  it('in a checkout: every file the desktop app needs is where main.js will look', () => {
    const paths = desktopPaths(pathToFileURL(join(rootDir, 'out', 'main', 'main.js')).href);
    expect(paths.engineHost).toBe(compiledEntry('main/engine-host'));
    for (const path of [paths.preload, paths.engineHost, paths.mainScript, join(paths.speedscopeDir, 'index.html')]) expect(existsSync(path), path).toBe(true);
    expect(paths.rendererDir).toBe(join(rootDir, 'out', 'renderer'));
  });

  it('packaged: everything Electron runs comes from the archive, the engine host (a utility process) included', () => {
    const root = '/opt/Checkup/resources/app.asar';
    const paths = desktopPaths(pathToFileURL(`${root}/out/main/main.js`).href, root);
    expect(paths.preload).toBe(`${root}/out/main/preload.cjs`);
    expect(paths.engineHost).toBe(`${root}/out/main/engine-host.js`);
    expect(paths.rendererDir).toBe(`${root}/out/renderer`);
    expect(paths.speedscopeDir).toBe(`${root}/node_modules/speedscope/dist/release`);
  });
});
