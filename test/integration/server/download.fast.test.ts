// Browser mode's /download route over real HTTP against a server on port 0: it hands out exported reports and bundles
// from the engine's sessions folder and nothing else. Other names, files outside the folder (by `..`, by encoded
// dots, by a neighbouring folder whose name starts the same, by a symbolic link) and malformed requests are refused,
// and the guard (token, Host, Origin) applies as to every request.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../app/engine/engine.js';
import { checkDownload } from '../../../app/server/download.js';
import { startServer, type CheckupServer } from '../../../app/server/server.js';
import { rawRequest } from '../../helpers/browser.js';

let dir: string;
let sessions: string;
let session: string;
let server: CheckupServer;
const SECRET = 'outside-the-sessions-folder';
const REPORT = '<!doctype html><title>report</title><p>requests/s 123</p>';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'checkup-download-'));
  sessions = join(dir, 'sessions');
  session = join(sessions, '20260101-120000-app-abcd');
  mkdirSync(session, { recursive: true });
  writeFileSync(join(session, 'report.html'), REPORT);
  writeFileSync(join(session, 'compare-20251231-090000-app-ef01.html'), '<!doctype html><p>comparison</p>');
  writeFileSync(join(session, '20260101-120000-app-abcd.checkup'), Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3]));
  for (const name of ['session.json', 'profile.cpuprofile', 'target.log', 'report.html.bak', 'report.htm', 'notes.html']) writeFileSync(join(session, name), SECRET);
  // Allowed names outside the folder: beside it, and in a neighbour whose name starts like it.
  mkdirSync(join(dir, 'elsewhere'));
  writeFileSync(join(dir, 'elsewhere', 'report.html'), SECRET);
  mkdirSync(join(dir, 'sessions-other', 's'), { recursive: true });
  writeFileSync(join(dir, 'sessions-other', 's', 'report.html'), SECRET);
  // Links inside the folder: one leading out, one giving another file an allowed name, one to a folder outside.
  mkdirSync(join(sessions, 'linked'));
  symlinkSync(join(dir, 'elsewhere', 'report.html'), join(sessions, 'linked', 'report.html'));
  symlinkSync(join(session, 'session.json'), join(sessions, 'linked', 'stolen.checkup'));
  symlinkSync(join(dir, 'elsewhere'), join(sessions, 'outdir'));
  server = await startServer({ engine: new Engine({ sessionsDir: sessions }), rendererDir: join(dir, 'no-renderer') });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const auth = () => ({ cookie: `checkup_${server.port}=${server.token}` });
const download = (path: string, headers: Record<string, string> = auth(), method = 'GET') => rawRequest(server.port, `/download?path=${encodeURIComponent(path)}`, headers, method);

describe('GET /download', () => {
  it('serves a report, a comparison report and a bundle from a session folder, as attachments', async () => {
    const report = await download(join(session, 'report.html'));
    expect(report.status).toBe(200);
    expect(report.body).toBe(REPORT);
    expect(report.headers['content-type']).toMatch(/^text\/html/);
    expect(report.headers['content-disposition']).toBe('attachment; filename="report.html"');
    expect(report.headers['content-security-policy']).toBe('sandbox');
    expect(report.headers['x-content-type-options']).toBe('nosniff');

    const comparison = await download(join(session, 'compare-20251231-090000-app-ef01.html'));
    expect(comparison.status).toBe(200);
    expect(comparison.body).toContain('comparison');

    const bundle = await download(join(session, '20260101-120000-app-abcd.checkup'));
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toBe('application/octet-stream');
    expect(bundle.headers['content-length']).toBe('7');

    const head = await download(join(session, 'report.html'), auth(), 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('refuses every other file of a session folder, whatever it is called', async () => {
    for (const name of ['session.json', 'profile.cpuprofile', 'target.log', 'report.html.bak', 'report.htm', 'notes.html']) {
      const res = await download(join(session, name));
      expect(res.status, name).toBe(403);
      expect(res.body).not.toContain(SECRET);
    }
  });

  it('refuses allowed names outside the sessions folder: beside it, by traversal, in a look-alike neighbour', async () => {
    const attempts = [
      join(dir, 'elsewhere', 'report.html'),
      `${session}/../../elsewhere/report.html`,
      `${sessions}/../elsewhere/report.html`,
      join(dir, 'sessions-other', 's', 'report.html'),
      `${sessions}-other/s/report.html`,
    ];
    for (const path of attempts) {
      const res = await download(path);
      expect(res.status, path).toBe(403);
      expect(res.body).not.toContain(SECRET);
    }
    // Encodings a path might be smuggled in: the query is decoded once, so these stay literal (and refused).
    for (const raw of [`${sessions}/%2e%2e/elsewhere/report.html`, `${sessions}/..%2felsewhere/report.html`, `${sessions}/..%252felsewhere%252freport.html`]) {
      const res = await rawRequest(server.port, `/download?path=${raw}`, auth());
      expect([403, 404], raw).toContain(res.status);
      expect(res.body).not.toContain(SECRET);
    }
  });

  it('refuses symbolic links that lead out of the folder or give another file an allowed name', async () => {
    for (const path of [join(sessions, 'linked', 'report.html'), join(sessions, 'linked', 'stolen.checkup'), join(sessions, 'outdir', 'report.html')]) {
      const res = await download(path);
      expect(res.status, path).toBe(403);
      expect(res.body).not.toContain(SECRET);
    }
  });

  it('answers 404 for an allowed file that is not there, 400 for a missing, relative or repeated path', async () => {
    expect((await download(join(sessions, 'gone', 'report.html'))).status).toBe(404);
    expect((await rawRequest(server.port, '/download', auth())).status).toBe(400);
    expect((await rawRequest(server.port, '/download?path=', auth())).status).toBe(400);
    expect((await download('sessions/20260101-120000-app-abcd/report.html')).status).toBe(400);
    const twice = `/download?path=${encodeURIComponent(join(session, 'report.html'))}&path=${encodeURIComponent(join(dir, 'elsewhere', 'report.html'))}`;
    expect((await rawRequest(server.port, twice, auth())).status).toBe(400);
    expect((await rawRequest(server.port, `/download?path=${encodeURIComponent(join(session, 'report.html'))}%00.checkup`, auth())).status).toBe(400);
  });

  it('is guarded like everything else: no token, a wrong token, a foreign Origin or Host get 403 and nothing else', async () => {
    const path = `/download?path=${encodeURIComponent(join(session, 'report.html'))}`;
    const refusals = [
      await rawRequest(server.port, path),
      await rawRequest(server.port, path, { cookie: `checkup_${server.port}=${'0'.repeat(64)}` }),
      await rawRequest(server.port, `${path}&token=${'1'.repeat(64)}`),
      await rawRequest(server.port, path, { ...auth(), origin: 'http://evil.example' }),
      await rawRequest(server.port, path, { ...auth(), host: 'evil.example' }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(res.body).toBe('');
    }
    const withToken = await rawRequest(server.port, `${path}&token=${server.token}`);
    expect(withToken.status).toBe(200);
    expect(withToken.body).toBe(REPORT);
  });

  it('refuses a POST', async () => {
    expect((await download(join(session, 'report.html'), auth(), 'POST')).status).toBe(405);
  });
});

describe('checkDownload', () => {
  it('refuses by name and place before it looks at the disk', async () => {
    // Neither exists: an allowed name inside is a 404 (looked up), a refused one is a 403 (never looked up).
    expect(await checkDownload(sessions, `/download?path=${encodeURIComponent(join(sessions, 'x', 'compare-y.html'))}`)).toEqual({ ok: false, status: 404 });
    expect(await checkDownload(sessions, `/download?path=${encodeURIComponent(join(sessions, 'x', 'y.json'))}`)).toEqual({ ok: false, status: 403 });
    expect(await checkDownload(sessions, `/download?path=${encodeURIComponent(join(sessions, 'x', '.checkup'))}`)).toEqual({ ok: false, status: 403 });
    expect(await checkDownload(sessions, `/download?path=${encodeURIComponent(join(sessions, 'report.html'))}`)).toEqual({ ok: false, status: 404 });
  });

  it("serves a session's profile exports and profiles exported beside an upload, nothing else from the imports folder", async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const root = mkdtempSync(join(tmpdir(), 'checkup-dl-'));
    const sessionsDir = join(root, 'sessions');
    const importsDir = join(root, 'imports');
    mkdirSync(join(sessionsDir, 's1'), { recursive: true });
    mkdirSync(importsDir);
    for (const f of ['profile.pb.gz', 'heap.speedscope.json', 'profile.cpuprofile']) writeFileSync(join(sessionsDir, 's1', f), 'x');
    for (const f of ['wall.pb.gz', 'wall.cpuprofile', 'notes.txt']) writeFileSync(join(importsDir, f), 'x');
    const at = (path: string) => checkDownload(sessionsDir, `/download?path=${encodeURIComponent(path)}`, importsDir);
    expect((await at(join(sessionsDir, 's1', 'profile.pb.gz'))).ok).toBe(true);
    expect((await at(join(sessionsDir, 's1', 'heap.speedscope.json'))).ok).toBe(true);
    // The session's own recording is not an export: it travels in a bundle.
    expect(await at(join(sessionsDir, 's1', 'profile.cpuprofile'))).toEqual({ ok: false, status: 403 });
    expect((await at(join(importsDir, 'wall.pb.gz'))).ok).toBe(true);
    expect((await at(join(importsDir, 'wall.cpuprofile'))).ok).toBe(true);
    expect(await at(join(importsDir, 'notes.txt'))).toEqual({ ok: false, status: 403 });
    // Upload-export names are not downloadable from a session folder, nor outside both folders.
    expect(await at(join(sessionsDir, 's1', 'wall.pb.gz'))).toEqual({ ok: false, status: 403 });
    expect(await at(join(root, 'wall.pb.gz'))).toEqual({ ok: false, status: 403 });
  });
});
