// What a launch is made of, checked before anything starts: the command line, the environment, the quoting of the
// probe path for NODE_OPTIONS, and the coded errors for a missing script, npm script or node.
import { delimiter, join, resolve } from 'node:path';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CheckupError } from '../../../app/errors.js';
import { buildLaunchCommand } from '../../../app/target/launch-command.js';
import { resolveNodeBinary } from '../../../app/node-binary.js';
import { buildTargetEnv, probeRequireFragment, quoteNodeOption } from '../../../app/target/target-env.js';

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '../../fixtures/targets');

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(CheckupError);
    return (err as CheckupError).code;
  }
  return undefined;
}

/** Node's own NODE_OPTIONS splitting (src/node_options.cc ParseNodeOptionsEnvVar), to check our quoting. */
function nodeSplit(value: string): string[] {
  const out: string[] = [];
  let inString = false;
  let current: string | undefined;
  for (let i = 0; i < value.length; i++) {
    let c = value[i]!;
    if (c === '\\' && inString) c = value[++i]!;
    else if (c === ' ' && !inString) {
      if (current !== undefined) out.push(current);
      current = undefined;
      continue;
    } else if (c === '"') {
      inString = !inString;
      current ??= '';
      continue;
    }
    current = (current ?? '') + c;
  }
  if (current !== undefined) out.push(current);
  return out;
}

describe('NODE_OPTIONS quoting', () => {
  it('survives spaces, quotes and backslashes (Windows paths)', () => {
    for (const path of ['/tmp/a b/probe.cjs', 'C:\\Program Files\\Checkup\\probe.cjs', '/x/"quoted" dir/p.cjs', '/plain/p.cjs']) {
      expect(nodeSplit(`--max-old-space-size=64 ${probeRequireFragment(path)}`)).toEqual(['--max-old-space-size=64', '--require', path]);
      expect(nodeSplit(quoteNodeOption(path))).toEqual([path]);
    }
  });
});

describe('buildTargetEnv', () => {
  const probe = { channelPath: '/tmp/c/probe.sock', token: 'tok', intervalMs: 100, probeFile: '/p/probe.cjs' };

  it('appends the probe to existing NODE_OPTIONS, passes the spec env, drops inherited probe settings', () => {
    const env = buildTargetEnv({ PATH: '/bin', NODE_OPTIONS: '--trace-warnings', CHECKUP_PROBE_TOKEN: 'stale', KEEP: '1' }, { EXTRA: 'x' }, probe);
    expect(env.NODE_OPTIONS).toBe(`--trace-warnings ${probeRequireFragment('/p/probe.cjs')}`);
    expect(env.CHECKUP_PROBE_REQUIRE).toBe(probeRequireFragment('/p/probe.cjs'));
    expect(env.CHECKUP_PROBE_TOKEN).toBe('tok');
    expect(env.CHECKUP_PROBE_CHANNEL).toBe('/tmp/c/probe.sock');
    expect(env.CHECKUP_PROBE_INTERVAL_MS).toBe('100');
    expect(env).toMatchObject({ KEEP: '1', EXTRA: 'x', PATH: '/bin' });
  });

  it('lets the spec override NODE_OPTIONS and, for npm, puts the chosen node first on PATH', () => {
    const env = buildTargetEnv({ PATH: '/bin', NODE_OPTIONS: '--inherited' }, { NODE_OPTIONS: '--from-spec' }, { ...probe, npm: true, nodeBinary: '/opt/node22/bin/node' });
    expect(env.NODE_OPTIONS).toBe(`--from-spec ${probeRequireFragment('/p/probe.cjs')}`);
    expect(env.PATH).toBe(['/opt/node22/bin', '/bin'].join(delimiter));
    expect(env.npm_config_update_notifier).toBe('false');
  });
});

describe('buildLaunchCommand', () => {
  it('builds node [nodeArgs] script [args] for a script, resolved against cwd', () => {
    const cmd = buildLaunchCommand({ kind: 'script', script: 'hello-server.cjs', args: ['a b'], nodeArgs: ['--max-old-space-size=64'], cwd: fixtures });
    expect(cmd.file).toBe(resolveNodeBinary());
    expect(cmd.args).toEqual(['--max-old-space-size=64', join(fixtures, 'hello-server.cjs'), 'a b']);
    expect(cmd.cwd).toBe(fixtures);
    expect(cmd.display).toBe(`node --max-old-space-size=64 ${join(fixtures, 'hello-server.cjs')} 'a b'`);
  });

  it('runs npm through its own npm-cli.js with args after --', () => {
    const cmd = buildLaunchCommand({ kind: 'npm', npmScript: 'start', args: ['--port', '1'], cwd: join(fixtures, 'npm-app') });
    expect(cmd.args.slice(-5)).toEqual(['run', 'start', '--', '--port', '1']);
    expect(cmd.display).toBe('npm run start -- --port 1');
  });

  it('refuses what cannot start, with the right code', () => {
    expect(codeOf(() => buildLaunchCommand({ kind: 'script', script: 'missing.js', cwd: fixtures }))).toBe('CHK_SCRIPT_NOT_FOUND');
    expect(codeOf(() => buildLaunchCommand({ kind: 'script', script: 'npm-app', cwd: fixtures }))).toBe('CHK_SCRIPT_NOT_FOUND');
    expect(codeOf(() => buildLaunchCommand({ kind: 'npm', npmScript: 'start', cwd: fixtures }))).toBe('CHK_NPM_SCRIPT_NOT_FOUND');
    expect(codeOf(() => buildLaunchCommand({ kind: 'npm', npmScript: 'nope', cwd: join(fixtures, 'npm-app') }))).toBe('CHK_NPM_SCRIPT_NOT_FOUND');
    expect(codeOf(() => buildLaunchCommand({ kind: 'script', script: 'hello-server.cjs', cwd: fixtures }, join(fixtures, 'hello-server.cjs')))).toBe('CHK_NODE_NOT_FOUND');
    expect(codeOf(() => buildLaunchCommand({ kind: 'lab', lab: 'x' } as never))).toBe('CHK_INVALID_RECIPE');
  });

  it('lists the available npm scripts in the error', () => {
    try {
      buildLaunchCommand({ kind: 'npm', npmScript: 'nope', cwd: join(fixtures, 'npm-app') });
    } catch (err) {
      expect((err as CheckupError).hint).toContain('withpre');
    }
  });
});
