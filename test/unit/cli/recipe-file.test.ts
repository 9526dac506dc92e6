import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecipeFile } from '../../../app/cli/recipe-file-reader.js';
import { parseRunArgs } from '../../../app/cli/run-options.js';
import { CheckupError } from '../../../app/errors.js';

function folderWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'checkup-recipe-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

function failure(fn: () => unknown): CheckupError {
  try {
    fn();
  } catch (err) {
    if (err instanceof CheckupError) return err;
    throw err;
  }
  throw new Error('expected a CheckupError');
}

const login = { requests: [{ method: 'POST', path: '/login', bodyFile: 'login.json' }], cookies: ['sid'] };

describe('the recipe file', () => {
  it('reads load, set-up step and journeys, with bodies from files beside it', () => {
    const dir = folderWith({
      'checkup.json': JSON.stringify({ version: 1, load: { connections: 3, setup: login, journeys: [{ weight: 2, steps: [{ path: '/items', capture: { id: 'items.0.id' } }, { path: '/items/{{id}}' }] }] }, repeats: 2 }),
      'login.json': '{"user":"ada","password":"pw"}',
    });
    const read = readRecipeFile('checkup.json', dir);
    expect(read.repeats).toBe(2);
    expect(read.load?.setup?.requests[0]).toEqual({ method: 'POST', path: '/login', headers: {}, body: '{"user":"ada","password":"pw"}' });
    expect(read.load?.journeys?.[0]?.steps[1]?.path).toBe('/items/{{id}}');
  });

  it('names the field that is wrong, a misspelt one included', () => {
    const dir = folderWith({
      'typo.json': JSON.stringify({ version: 1, load: { conections: 3 } }),
      'bad.json': JSON.stringify({ version: 1, load: { setup: { requests: [{ path: 'login' }], token: { from: 'a..b' } } } }),
      'noversion.json': JSON.stringify({ load: {} }),
      'newer.json': JSON.stringify({ version: 9 }),
      'broken.json': '{"version": 1,',
      'both.json': JSON.stringify({ version: 1, load: { requests: [{ path: '/', body: 'x', bodyFile: 'x.json' }] } }),
      'nofile.json': JSON.stringify({ version: 1, load: { setup: { requests: [{ path: '/login', bodyFile: 'missing.json' }] } } }),
    });
    const message = (name: string) => failure(() => readRecipeFile(name, dir));
    expect(message('typo.json').code).toBe('CHK_RECIPE_FILE_INVALID');
    expect(message('typo.json').message).toMatch(/load.*conections/);
    expect(message('bad.json').message).toContain('load.setup.requests.0.path');
    expect(message('bad.json').message).toContain('load.setup.token.from');
    expect(message('noversion.json').message).toMatch(/version is missing/);
    expect(message('newer.json').message).toContain('up to version 1');
    expect(message('broken.json').message).toContain('not valid JSON');
    expect(message('both.json').message).toContain('load.requests.0: give body or bodyFile, not both');
    expect(message('nofile.json').message).toContain('load.setup.requests.0.bodyFile: cannot read');
    expect(failure(() => readRecipeFile('absent.json', dir)).code).toBe('CHK_FILE_NOT_FOUND');
  });

  it('is the base of `checkup run`; flags given on the command line win, and --setup-body gives the password', () => {
    const dir = folderWith({ 'checkup.json': JSON.stringify({ version: 1, load: { connections: 3, durationSec: 5, requests: [{ path: '/me' }], setup: { requests: [{ method: 'POST', path: '/login' }] } } }) });
    const { recipe } = parseRunArgs(['--recipe', 'checkup.json', '-d', '2', '--setup-body', '{"password":"pw"}', '--', 'node', 'app.js'], dir);
    expect(recipe.load).toMatchObject({ connections: 3, durationSec: 2, requests: [{ path: '/me' }] });
    expect(recipe.load.setup?.requests[0]?.body).toBe('{"password":"pw"}');
  });
});

describe('set-up flags', () => {
  it('--setup with its companions makes one set-up request', () => {
    const { recipe } = parseRunArgs(['--setup', 'POST /login', '--setup-body', 'u=a', '--setup-header', 'Content-Type: application/x-www-form-urlencoded', '--setup-cookie', 'sid', '--setup-token', 'data.accessToken', '--setup-token-header', 'X-Token', '--', 'node', 'app.js'], '/tmp');
    expect(recipe.load.setup).toEqual({
      requests: [{ method: 'POST', path: '/login', body: 'u=a', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }],
      cookies: ['sid'],
      token: { from: 'data.accessToken', header: 'X-Token' },
      timeoutSec: 10,
    });
  });

  it('refuses companions without --setup, and a --setup that is not METHOD /path', () => {
    expect(failure(() => parseRunArgs(['--setup-cookie', 'sid', '--', 'node', 'a.js'], '/tmp')).message).toContain('go with --setup');
    expect(failure(() => parseRunArgs(['--setup', 'POST /a /b', '--', 'node', 'a.js'], '/tmp')).message).toContain("must look like 'POST /login'");
    expect(failure(() => parseRunArgs(['--setup', 'POST login', '--', 'node', 'a.js'], '/tmp')).message).toContain('load.setup.requests');
  });
});
