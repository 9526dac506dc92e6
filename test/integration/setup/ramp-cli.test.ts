// `checkup run --ramp` on a real app behind a login: the steps are measured one after another in one process, with
// the set-up step's token; a line no step can stay under puts the knee at the first step, a line none can cross
// measures every step.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RampResult } from '../../../app/contract/ramp.js';
import { rootDir } from '../../../app/paths.js';
import { runCli } from '../../helpers/cli.js';

const app = join(rootDir, 'test', 'fixtures', 'targets', 'login-apps', 'jwt-app.cjs');
const login = ['--path', '/me', '--setup', 'POST /login', '--setup-body', '{"user":"ada","password":"correct horse"}', '--setup-token', 'data.accessToken'];

describe('checkup run --ramp', () => {
  it('measures every step under a line none crosses, and stops at the first step over one all cross', async () => {
    const all = await runCli(['run', '--json', '--ramp', '20:40:20', '--ramp-step-sec', '1', '--knee-p99', '600000', '--knee-errors', '0', '--warmup', '1', ...login, '--', 'node', app]);
    expect(all.code, all.stdout + all.stderr).toBe(0);
    const held = (JSON.parse(all.stdout) as { ramp: RampResult }).ramp;
    expect(held.steps.map((s) => s.rate)).toEqual([20, 40]);
    // Every request was answered 2xx: the token was carried.
    expect(held.steps.every((s) => s.failedPercent === 0 && s.achievedRps > 0)).toBe(true);
    expect(held.knee).toBeUndefined();

    const none = await runCli(['run', '--ramp', '20:40:20', '--ramp-step-sec', '1', '--knee-p99', '0.001', '--warmup', '0', ...login, '--', 'node', app]);
    expect(none.code).toBe(0);
    expect(none.stdout).toMatch(/20\s+\d+\s+[\d.]+\s+0\.0 %.*← knee/);
    expect(none.stdout).toContain('The knee is at 20 requests/s');
    expect(none.stdout).not.toMatch(/^\s+40\s/m);
  });
});
