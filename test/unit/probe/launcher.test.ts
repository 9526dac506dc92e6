// Which node processes the probe stays dormant in: the ones that only start the app (npm and friends, tsx's CLI).
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const { isLauncher } = createRequire(import.meta.url)('../../../app/probe/launcher.cjs') as { isLauncher(script: string | undefined): boolean };

describe('isLauncher', () => {
  it("counts tsx's command line, by its .bin link, a global install or its file, and not tsx's loader inside the app", () => {
    expect(isLauncher('/srv/app/node_modules/.bin/tsx')).toBe(true);
    expect(isLauncher('/usr/local/bin/tsx')).toBe(true);
    expect(isLauncher('/srv/app/node_modules/tsx/dist/cli.mjs')).toBe(true);
    // `node --import tsx src/server.ts`: argv[1] is the app's own script.
    expect(isLauncher('/srv/app/src/server.ts')).toBe(false);
    expect(isLauncher('/srv/app/src/tsx.ts')).toBe(false);
    expect(isLauncher('/srv/app/node_modules/tsx/dist/loader.mjs')).toBe(false);
  });

  it('still counts npm and keeps the app itself', () => {
    expect(isLauncher('/usr/lib/node_modules/npm/bin/npm-cli.js')).toBe(true);
    expect(isLauncher('/srv/app/server.js')).toBe(false);
    expect(isLauncher(undefined)).toBe(false);
  });
});
