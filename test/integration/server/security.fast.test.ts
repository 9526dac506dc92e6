// Browser mode's guard, over real HTTP and real WebSocket upgrades against a server on port 0: without the token,
// with a wrong one, from a foreign Origin or Host, the answer is 403 and reveals nothing; the right token works and
// sets a cookie that then works alone; nothing outside the served folders can be reached.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../app/engine/engine.js';
import { RENDERER_CSP, startServer, type CheckupServer } from '../../../app/server/server.js';
import { openSocket, rawRequest } from '../../helpers/browser.js';

let dir: string;
let server: CheckupServer;
let port: number;
let token: string;
const SECRET = 'this-file-must-never-be-served';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'checkup-sec-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>renderer</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), SECRET);
  server = await startServer({ engine: new Engine({ sessionsDir: join(dir, 'sessions') }), rendererDir });
  ({ port, token } = server);
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const origin = () => `http://127.0.0.1:${port}`;

describe('HTTP requests', () => {
  it('refuses a request without the token, with a wrong one, or a token of another length', async () => {
    for (const path of ['/', '/index.html', '/assets/app.js', '/speedscope/index.html', '/api', '/flame/0123456789abcdef.cpuprofile']) {
      for (const query of ['', `?token=${'0'.repeat(64)}`, `?token=${token.slice(0, 10)}`, `?token=${token}x`, '?token=']) {
        const res = await rawRequest(port, path + query);
        expect(res.status, `${path}${query}`).toBe(403);
        // The page itself says how to get in (no token in it, no script); everything else is refused empty.
        if (path === '/' || path === '/index.html') {
          expect(res.body).toContain('Checkup needs the address with its token');
          expect(res.body).not.toContain(token);
          expect(res.body).not.toMatch(/<script/i);
          expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
        } else expect(res.body).toBe('');
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    }
  });

  it('refuses a foreign Origin even with the right token', async () => {
    for (const o of ['http://evil.example', `http://127.0.0.1:${port + 1}`, `https://127.0.0.1:${port}`, 'null', `http://127.0.0.1:${port}.evil.example`]) {
      const res = await rawRequest(port, `/?token=${token}`, { origin: o });
      expect(res.status, o).toBe(403);
      expect(res.body).toBe('');
    }
  });

  it('refuses a foreign Host (DNS rebinding) even with the right token', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, `127.0.0.1`, `0.0.0.0:${port}`, `[::1]:${port}`]) {
      const res = await rawRequest(port, `/?token=${token}`, { host });
      expect(res.status, host).toBe(403);
      expect(res.body).toBe('');
    }
  });

  it('serves with the right token, sets a strict HttpOnly cookie, and the cookie alone then works', async () => {
    const first = await rawRequest(port, `/?token=${token}`);
    expect(first.status).toBe(200);
    expect(first.body).toContain('renderer');
    expect(first.headers['content-security-policy']).toBe(RENDERER_CSP);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const pair = cookie.split(';')[0]!;
    expect(pair).toBe(`checkup_${port}=${token}`);

    const again = await rawRequest(port, '/assets/app.js', { cookie: pair, origin: origin() });
    expect(again.status).toBe(200);
    expect(again.headers['content-type']).toMatch(/javascript/);
    const speedscope = await rawRequest(port, '/speedscope/index.html', { cookie: `other=1; ${pair}` });
    expect(speedscope.status).toBe(200);
    expect(speedscope.body).toContain('speedscope');
    expect(speedscope.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
  });

  it('accepts localhost:<port> as the Host, and refuses a wrong cookie or a wrong query next to a good cookie', async () => {
    expect((await rawRequest(port, `/?token=${token}`, { host: `localhost:${port}`, origin: `http://localhost:${port}` })).status).toBe(200);
    expect((await rawRequest(port, '/', { cookie: `checkup_${port}=${'f'.repeat(64)}` })).status).toBe(403);
    expect((await rawRequest(port, '/', { cookie: `checkup_${port + 1}=${token}` })).status).toBe(403);
    expect((await rawRequest(port, `/?token=${'a'.repeat(64)}`, { cookie: `checkup_${port}=${token}` })).status).toBe(403);
  });

  it('never serves a file outside the renderer and speedscope folders', async () => {
    const q = `?token=${token}`;
    const attempts = [
      '/../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%252e%252e%252fsecret.txt',
      '/..%5csecret.txt',
      '/speedscope/..%2f..%2f..%2fpackage.json',
      '/speedscope/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/flame/..%2f..%2fsecret.txt',
      '/%00/etc/passwd',
      '/.%2e/.%2e/.%2e/.%2e/etc/passwd',
      '//etc/passwd',
      `/${encodeURIComponent(join(dir, 'secret.txt'))}`,
    ];
    for (const path of attempts) {
      const res = await rawRequest(port, path + q);
      expect([400, 403, 404], path).toContain(res.status);
      expect(res.body, path).not.toContain(SECRET);
      expect(res.body, path).not.toContain('"dependencies"');
      expect(res.body, path).not.toContain('root:');
    }
  });

  it('refuses methods it does not serve', async () => {
    expect((await rawRequest(port, `/index.html?token=${token}`, {}, 'PUT', 'x')).status).toBe(405);
    expect((await rawRequest(port, `/index.html?token=${token}`, {}, 'DELETE')).status).toBe(405);
  });
});

describe('WebSocket upgrades', () => {
  it('refuses an upgrade without the token, with a wrong token, from a foreign Origin or Host, or without an Origin', async () => {
    const cases: Array<[string, string, Record<string, string>]> = [
      ['no token', '/api', { origin: origin() }],
      ['wrong token', `/api?token=${'0'.repeat(64)}`, { origin: origin() }],
      ['short token', `/api?token=${token.slice(0, 32)}`, { origin: origin() }],
      ['foreign origin', `/api?token=${token}`, { origin: 'http://evil.example' }],
      ['foreign origin, good cookie', '/api', { origin: 'http://evil.example', cookie: `checkup_${port}=${token}` }],
      ['no origin', `/api?token=${token}`, {}],
      ['foreign host', `/api?token=${token}`, { origin: origin(), host: 'evil.example' }],
      ['foreign host with port', `/api?token=${token}`, { origin: `http://evil.example:${port}`, host: `evil.example:${port}` }],
    ];
    for (const [name, path, headers] of cases) {
      const res = await openSocket(port, path, headers);
      expect(res.socket, name).toBeUndefined();
      expect(res.status, name).toBe(403);
      expect(res.body ?? '', name).toBe('');
    }
  });

  it('opens with the token in the query, or with the cookie alone', async () => {
    const byQuery = await openSocket(port, `/api?token=${token}`, { origin: origin() });
    expect(byQuery.socket).toBeDefined();
    byQuery.socket!.close();
    const byCookie = await openSocket(port, '/api', { origin: `http://localhost:${port}`, host: `localhost:${port}`, cookie: `checkup_${port}=${token}` });
    expect(byCookie.socket).toBeDefined();
    byCookie.socket!.close();
  });

  it('upgrades only at /api', async () => {
    const res = await openSocket(port, `/other?token=${token}`, { origin: origin() });
    expect(res.status).toBe(404);
  });
});
