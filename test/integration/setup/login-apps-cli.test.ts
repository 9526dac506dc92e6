// The set-up step end to end, on real apps that keep their users logged in with real npm packages: express with
// express-session's default MemoryStore, fastify with @fastify/session, and express with a JWT (jsonwebtoken) in a
// JSON answer. The real CLI logs in once, then loads a route behind the login: every answer must be 2xx, which it can
// only be when the cookie or the token was carried. A wrong password is reported before any load is sent.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LoadResult } from '../../../app/contract/metrics.js';
import type { SessionFile } from '../../../app/contract/session.js';
import { rootDir } from '../../../app/paths.js';
import { runCli } from '../../helpers/cli.js';

const app = (name: string) => join(rootDir, 'test', 'fixtures', 'targets', 'login-apps', name);
const GOOD = '{"user":"ada","password":"correct horse"}';
const SHORT = ['-d', '2', '--warmup', '1', '--no-profile', '--no-heap', '-c', '4'];

function theSession(out: string): { session: SessionFile; dir: string } {
  const [name] = readdirSync(out);
  const dir = join(out, name!);
  return { session: JSON.parse(readFileSync(join(dir, 'session.json'), 'utf8')) as SessionFile, dir };
}

const cases = [
  { name: 'express + express-session (MemoryStore)', file: 'express-session-app.cjs', flags: ['--setup-cookie', 'connect.sid'], carried: { cookies: ['connect.sid'] } },
  { name: 'fastify + @fastify/session', file: 'fastify-session-app.cjs', flags: ['--setup-cookie', 'sessionId'], carried: { cookies: ['sessionId'] } },
  { name: 'express + jsonwebtoken bearer token', file: 'jwt-app.cjs', flags: ['--setup-token', 'data.accessToken'], carried: { cookies: [] } },
];

describe('checkup run --setup on apps with a login', () => {
  for (const c of cases) {
    it(`${c.name}: the load's answers are 2xx with the set-up's credentials`, async () => {
      const out = mkdtempSync(join(tmpdir(), 'checkup-setup-'));
      const r = await runCli(['run', '--out', out, ...SHORT, '--path', '/me', '--setup', 'POST /login', '--setup-body', GOOD, ...c.flags, '--', 'node', app(c.file)]);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.stderr).toMatch(/set-up step: POST \/login → 200/);
      const { session, dir } = theSession(out);
      expect(session.setup?.answers[0]?.status).toBe(200);
      expect(session.setup?.cookies).toEqual(c.carried.cookies);
      const load = JSON.parse(readFileSync(join(dir, 'load.json'), 'utf8')) as LoadResult;
      expect(load.requestsTotal).toBeGreaterThan(0);
      expect(load.non2xx).toBe(0);
      expect(Object.keys(load.statusCodes)).toEqual(['200']);
      // The app saw the load's requests as a logged-in user's.
      expect(readFileSync(join(dir, 'target.log'), 'utf8')).toMatch(/request GET \/me authenticated/);
      // The token never reaches the session folder: only its length and where it was read.
      if (session.setup?.token) {
        expect(session.setup.token.length).toBeGreaterThan(20);
        expect(readFileSync(join(dir, 'session.json'), 'utf8')).not.toMatch(/eyJ[\w-]{10,}\./);
      }
    });
  }

  it('a recipe file with a login and a weighted mix of journeys: list, then open the listed item by its id', async () => {
    const out = mkdtempSync(join(tmpdir(), 'checkup-setup-'));
    const folder = mkdtempSync(join(tmpdir(), 'checkup-recipe-'));
    writeFileSync(join(folder, 'login.json'), GOOD);
    writeFileSync(join(folder, 'checkup.json'), JSON.stringify({
      version: 1,
      load: {
        setup: { requests: [{ method: 'POST', path: '/login', bodyFile: 'login.json' }], cookies: ['sessionId'] },
        journeys: [
          { name: 'browse', weight: 3, steps: [{ path: '/items', capture: { id: 'items.2.id' } }, { path: '/items/{{id}}' }] },
          { name: 'profile', weight: 1, steps: [{ path: '/me' }] },
        ],
      },
    }));
    const r = await runCli(['run', '--out', out, ...SHORT, '--recipe', join(folder, 'checkup.json'), '--', 'node', app('fastify-session-app.cjs')]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const { dir } = theSession(out);
    const load = JSON.parse(readFileSync(join(dir, 'load.json'), 'utf8')) as LoadResult & { raw: { resets?: number } };
    expect(Object.keys(load.statusCodes)).toEqual(['200']);
    // Every journey went through: no connection had to start over for want of an id.
    expect(load.raw.resets).toBe(0);
    const log = readFileSync(join(dir, 'target.log'), 'utf8');
    expect(log).toMatch(/request GET \/items authenticated/);
    expect(log).toMatch(/request GET \/items\/102 authenticated/);
  });

  it('a wrong password is reported as "the set-up step failed: 401" before any load is sent', async () => {
    const out = mkdtempSync(join(tmpdir(), 'checkup-setup-'));
    const r = await runCli(['run', '--out', out, ...SHORT, '--path', '/me', '--setup', 'POST /login', '--setup-body', '{"user":"ada","password":"wrong"}', '--', 'node', app('express-session-app.cjs')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/the set-up step failed: 401 Unauthorized from POST \/login: "\{"error":"wrong user name or password"\}"/i);
    expect(r.stdout).toContain('CHK_SETUP_FAILED');
    const { session, dir } = theSession(out);
    expect(session).toMatchObject({ status: 'partial', partialReason: 'CHK_SETUP_FAILED' });
    const requests = readFileSync(join(dir, 'target.log'), 'utf8').split('\n').filter((l) => / request /.test(l));
    expect(requests).toEqual([expect.stringContaining('request POST /login anonymous')]);
    expect(readdirSync(dir)).not.toContain('load.json');
  });
});
