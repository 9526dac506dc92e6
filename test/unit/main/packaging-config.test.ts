// electron-builder.yml as electron-builder reads it, checked against electron-builder's own schema: the installers
// per platform, the file associations the desktop app handles, the icon at every size. What cannot be built on this
// machine (installers need tools and runtimes from the network, macOS and Windows need their own machines) is checked
// here as far as configuration goes.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../../app/paths.js';
import { BUNDLE_EXTENSION } from '../../../main/open-files.js';
import { ICON_SIZES, renderIcon } from '../../../build/make-icon.mjs';
import { loadBuilderConfig, validateBuilderConfig } from '../../helpers/builder-config.js';

interface Config {
  [key: string]: unknown;
  linux: { target: string[]; icon: string };
  mac: { target: string[]; icon: string };
  win: { target: string[]; icon: string };
  fileAssociations: Array<{ ext: string; name: string; role: string }>;
}

const config = (await loadBuilderConfig()) as Config;

/** Width and height from a PNG's IHDR. */
function pngSize(file: string): [number, number] {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('packaging configuration (electron-builder.yml)', () => {
  it("passes electron-builder's own schema, and that schema does refuse a wrong configuration", async () => {
    await expect(validateBuilderConfig(config)).resolves.toBeUndefined();
    await expect(validateBuilderConfig({ ...config, fileAssociation: [] })).rejects.toThrow(/Invalid configuration object/);
  });

  it('builds AppImage and deb on Linux, a dmg on macOS, an NSIS installer on Windows', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
  });

  it('associates .cpuprofile, .heapprofile and .checkup with the app', () => {
    expect(config.fileAssociations.map((a) => a.ext)).toEqual(['cpuprofile', 'heapprofile', BUNDLE_EXTENSION]);
    for (const association of config.fileAssociations) expect(association.name).toBeTruthy();
  });

  it('gives every platform its icon: a Linux set from 16 to 1024 px, a 1024 px PNG for the .icns and .ico', () => {
    const linuxIcons = join(rootDir, config.linux.icon);
    for (const size of ICON_SIZES) expect(pngSize(join(linuxIcons, `${size}x${size}.png`)), `${size}`).toEqual([size, size]);
    for (const icon of [config.mac.icon, config.win.icon]) expect(pngSize(join(rootDir, icon))).toEqual([1024, 1024]);
  });

  it('the committed icons are what build/make-icon.mjs draws (regenerate them with `node build/make-icon.mjs`)', () => {
    for (const size of ICON_SIZES.filter((s) => s <= 256)) {
      expect(readFileSync(join(rootDir, 'build', 'icons', `${size}x${size}.png`)).equals(renderIcon(size)), `${size}`).toBe(true);
    }
    expect(readFileSync(join(rootDir, 'build', 'icon.png')).equals(readFileSync(join(rootDir, 'build', 'icons', '1024x1024.png')))).toBe(true);
  });

  it('npm run dist builds and packages for this platform', () => {
    const pkg = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.dist).toBe('node scripts/build.js && node build/package.mjs');
    expect(existsSync(join(rootDir, 'build', 'package.mjs'))).toBe(true);
  });
});
