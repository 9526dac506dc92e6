import { describe, expect, it } from 'vitest';
import { parseRunArgs } from '../../../app/cli/run-options.js';
import { CheckupError } from '../../../app/errors.js';

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof CheckupError ? err.code : 'not a CheckupError: ' + String(err);
  }
  return undefined;
}

describe('checkup run options', () => {
  it('takes a relative --cwd from the working directory, so the session records an absolute project', () => {
    const { recipe } = parseRunArgs(['--cwd', 'fixtures/offmain', '--', 'node', 'login.cjs'], '/srv/app');
    expect(recipe.target).toMatchObject({ kind: 'script', cwd: '/srv/app/fixtures/offmain', script: '/srv/app/fixtures/offmain/login.cjs' });
  });

  it('maps autocannon-named load options and the node command into a recipe', () => {
    const { recipe, json } = parseRunArgs(
      ['-c', '20', '-d', '5', '-p', '2', '-m', 'post', '-H', 'content-type: application/json', '-b', '{"a":1}', '--path', '/a', '--path', '/b', '--rate', '100', '--warmup', '1', '--json', '--', 'node', '--max-old-space-size=256', 'server.js', '--port', '0'],
      '/srv/app',
    );
    expect(json).toBe(true);
    expect(recipe.target).toEqual({ kind: 'script', script: '/srv/app/server.js', args: ['--port', '0'], nodeArgs: ['--max-old-space-size=256'], cwd: '/srv/app', env: {} });
    expect(recipe.load).toMatchObject({ connections: 20, durationSec: 5, pipelining: 2, rate: 100, warmupSec: 1 });
    expect(recipe.load.requests).toEqual([
      { method: 'POST', path: '/a', headers: { 'content-type': 'application/json' }, body: '{"a":1}' },
      { method: 'POST', path: '/b', headers: { 'content-type': 'application/json' }, body: '{"a":1}' },
    ]);
    expect(recipe.profile).toEqual({ cpu: true, heap: true, samplingIntervalUs: 1000 });
    expect(parseRunArgs(['--no-heap', '--no-profile', '--', 'node', 'a.js']).recipe.profile).toMatchObject({ cpu: false, heap: false });
  });

  it('understands npm scripts with their own arguments', () => {
    const { recipe } = parseRunArgs(['--', 'npm', 'run', 'serve', '--', '--fast'], '/p');
    expect(recipe.target).toEqual({ kind: 'npm', npmScript: 'serve', args: ['--fast'], cwd: '/p', env: {} });
    expect(parseRunArgs(['--', 'npm', 'start'], '/p').recipe.target).toMatchObject({ kind: 'npm', npmScript: 'start' });
  });

  it('the node named after -- is the node that runs: a path or a name, not the node on PATH', () => {
    expect(parseRunArgs(['--', '/opt/node24/bin/node', 'server.js'], '/srv/app').recipe.target).toMatchObject({ kind: 'script', script: '/srv/app/server.js', node: '/opt/node24/bin/node' });
    expect(parseRunArgs(['--', './bin/node', 'server.js'], '/srv/app').recipe.target).toMatchObject({ node: '/srv/app/bin/node' });
    expect(parseRunArgs(['--', 'node22', 'server.js'], '/srv/app').recipe.target).toMatchObject({ node: 'node22' });
    expect(parseRunArgs(['--', 'node', 'server.js'], '/srv/app').recipe.target).not.toHaveProperty('node');
    expect(parseRunArgs(['--node', '/opt/node22/bin/node', '--demo']).recipe.target).toMatchObject({ kind: 'lab', node: '/opt/node22/bin/node' });
    expect(code(() => parseRunArgs(['--node', 'node20', '--', 'node22', 'server.js']))).toBe('CHK_INVALID_OPTIONS');
    // A relative --node is typed in the user's shell: it names a file there, not in the sample's folder.
    expect(parseRunArgs(['--node', 'node_modules/node22/bin/node', '--demo'], '/home/me/work').recipe.target).toMatchObject({ kind: 'lab', node: '/home/me/work/node_modules/node22/bin/node' });
    expect(parseRunArgs(['--node', './n/node', '--', './n/node', 'server.js'], '/srv/app').recipe.target).toMatchObject({ node: '/srv/app/n/node' });
  });

  it('accepts pipelining autocannon accepts (-p 500)', () => {
    expect(parseRunArgs(['-p', '500', '--', 'node', 'a.js']).recipe.load.pipelining).toBe(500);
  });

  it('--demo runs a bundled lab, by default the blocking one', () => {
    expect(parseRunArgs(['--demo']).recipe.target).toEqual({ kind: 'lab', lab: 'blocking', variant: 'slow', env: {} });
    expect(parseRunArgs(['--demo', 'slow-io']).recipe.target).toMatchObject({ lab: 'slow-io' });
  });

  it('refuses bad input with CHK_INVALID_OPTIONS', () => {
    expect(code(() => parseRunArgs(['-c', 'ten', '--', 'node', 'a.js']))).toBe('CHK_INVALID_OPTIONS');
    expect(code(() => parseRunArgs(['-c', '0', '--', 'node', 'a.js']))).toBe('CHK_INVALID_OPTIONS');
    expect(code(() => parseRunArgs(['--bogus', '--', 'node', 'a.js']))).toBe('CHK_INVALID_OPTIONS');
    expect(code(() => parseRunArgs(['--path', 'no-slash', '--', 'node', 'a.js']))).toBe('CHK_INVALID_OPTIONS');
    expect(code(() => parseRunArgs(['-H', 'no-colon', '--', 'node', 'a.js']))).toBe('CHK_INVALID_OPTIONS');
    expect(code(() => parseRunArgs([]))).toBe('CHK_INVALID_OPTIONS');
    expect(code(() => parseRunArgs(['--', 'python', 'app.py']))).toBe('CHK_INVALID_OPTIONS');
    expect(code(() => parseRunArgs(['--', 'node', '-e', 'x']))).toBe('CHK_INVALID_OPTIONS');
    expect(code(() => parseRunArgs(['--demo', '--', 'node', 'a.js']))).toBe('CHK_INVALID_OPTIONS');
  });

  it('names the offending field in the message', () => {
    try {
      parseRunArgs(['--duration=-5', '--', 'node', 'a.js']);
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toMatch(/Duration must be at least 1/);
    }
  });
});
