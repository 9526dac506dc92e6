// The engine API over browser mode's WebSocket, uploads and flame documents, against a real server on port 0 with a
// real engine: coded errors for bad calls without losing the socket, big answers, uploads streamed to disk under a
// size limit, and the flame document of an opened profile served to speedscope.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { ProfileView } from '../../../app/contract/api.js';
import { RecipeSchema } from '../../../app/contract/recipe.js';
import { Engine } from '../../../app/engine/engine.js';
import { startServer, type CheckupServer } from '../../../app/server/server.js';
import { SessionWriter } from '../../../app/store/session-writer.js';
import { callOver, openSocket, rawRequest } from '../../helpers/browser.js';
import { profileFixture } from '../../helpers/fixtures.js';
import { syntheticRun } from '../../helpers/synthetic-run.js';

let dir: string;
let server: CheckupServer;
let small: CheckupServer;
let socket: WebSocket;
const events: Array<{ type: string }> = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'checkup-api-'));
  const engine = new Engine({ sessionsDir: join(dir, 'sessions') });
  server = await startServer({ engine });
  small = await startServer({ engine, importsDir: join(dir, 'small-imports'), uploadLimitBytes: 1024 });
  const opened = await openSocket(server.port, `/api?token=${server.token}`, { origin: `http://127.0.0.1:${server.port}` });
  socket = opened.socket!;
  socket.on('message', (data) => {
    const m = JSON.parse(data.toString()) as { event?: { type: string } };
    if (m.event) events.push(m.event);
  });
});

afterAll(async () => {
  socket?.close();
  await server.close();
  await small.close();
  rmSync(dir, { recursive: true, force: true });
});

const cookie = (s: CheckupServer) => ({ cookie: `checkup_${s.port}=${s.token}`, origin: `http://127.0.0.1:${s.port}` });

function upload(s: CheckupServer, name: string, chunks: Buffer[], headers: Record<string, string> = {}): Promise<{ status: number; body: { path?: string; error?: { code: string; message: string } } }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: s.port, method: 'POST', path: `/upload?name=${encodeURIComponent(name)}`, headers: { ...cookie(s), 'content-type': 'application/octet-stream', ...headers } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') as never }));
      },
    );
    req.on('error', reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

describe('calls over the WebSocket', () => {
  it('answers a call with its result', async () => {
    const answer = await callOver(socket, 1, 'listLabs', {});
    expect(answer.id).toBe(1);
    const labs = answer.value as Array<{ name: string; recipe: unknown }>;
    expect(labs.map((l) => l.name)).toContain('blocking');
  });

  it('gives coded errors for an unknown method, bad params and engine refusals, and the socket stays usable', async () => {
    const unknown = await callOver(socket, 'a', 'formatDisk', {});
    expect(unknown).toMatchObject({ id: 'a', ok: false, error: { code: 'CHK_UNKNOWN_METHOD' } });
    expect(unknown.error?.message).toMatch(/no method "formatDisk"/);

    const proto = await callOver(socket, 'b', 'toString', {});
    expect(proto.error?.code).toBe('CHK_UNKNOWN_METHOD');

    const traversal = await callOver(socket, 'c', 'getSession', { id: '../../etc' });
    expect(traversal.error?.code).toBe('CHK_INVALID_OPTIONS');
    expect(traversal.error?.message).toMatch(/getSession: id: not a session id/);

    const extra = await callOver(socket, 'd', 'listSessions', { evil: true });
    expect(extra.error?.code).toBe('CHK_INVALID_OPTIONS');

    const relative = await callOver(socket, 'e', 'openProfile', { source: { kind: 'file', path: 'relative/x.cpuprofile' } });
    expect(relative.error?.code).toBe('CHK_INVALID_OPTIONS');
    expect(relative.error?.message).toMatch(/source\.path/);

    const refused = await callOver(socket, 'f', 'stopRun', { runId: 'run-nope' });
    expect(refused.error?.code).toBe('CHK_RUN_NOT_FOUND');

    const recipe = await callOver(socket, 'g', 'startRun', { recipe: { target: { kind: 'lab', lab: 'no-such-lab!' } } });
    expect(recipe.error?.code).toBe('CHK_INVALID_RECIPE');

    const picker = await callOver(socket, 'h', 'pickPath', { kind: 'folder' });
    expect(picker.error?.code).toBe('CHK_NOT_SUPPORTED');

    expect(socket.readyState).toBe(socket.OPEN);
    // Nothing above made a session: the refused startRun never reached the store.
    expect(await callOver(socket, 2, 'listSessions', {})).toEqual({ id: 2, ok: true, value: [] });
  });

  it('answers malformed messages with an error of id null and keeps the socket open', async () => {
    const replies: unknown[] = [];
    const onMessage = (d: WebSocket.RawData) => {
      const m = JSON.parse(d.toString()) as { event?: unknown };
      if (!m.event) replies.push(m);
    };
    socket.on('message', onMessage);
    socket.send('{not json');
    socket.send(JSON.stringify([1, 2, 3]));
    socket.send(JSON.stringify({ method: 'listLabs' }));
    socket.send(Buffer.from([1, 2, 3]), { binary: true });
    const deadline = Date.now() + 3000;
    while (replies.length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    socket.off('message', onMessage);
    expect(replies).toHaveLength(4);
    for (const r of replies as Array<{ id: unknown; error?: { code: string } }>) {
      expect(r.id).toBeNull();
      expect(r.error?.code).toBe('CHK_INVALID_OPTIONS');
    }
    expect((await callOver(socket, 3, 'listLabs', {})).value).toBeInstanceOf(Array);
  });

  it('sends a session with thousands of samples in one answer', async () => {
    const input = syntheticRun({ scenario: 'blocked', seconds: 1200, intervalMs: 250, seed: 7 });
    const recipe = RecipeSchema.parse({ target: { kind: 'lab', lab: 'blocking' } });
    const writer = await SessionWriter.create(join(dir, 'sessions'), { name: 'synthetic', project: dir, recipe });
    for (const s of input.samples) writer.appendSample(s);
    await writer.finish('complete');
    const answer = await callOver(socket, 4, 'getSession', { id: writer.id });
    const detail = answer.value as { samples: unknown[]; session: { id: string } };
    expect(detail.session.id).toBe(writer.id);
    expect(detail.samples.length).toBe(input.samples.length);
    expect(detail.samples.length).toBeGreaterThan(4000);
  });
});

describe('uploads and flame documents', () => {
  it('streams an upload to a new file under the sessions folder\'s .uploads/, opens it, and serves its flame document', async () => {
    const fixture = profileFixture('node/20.20/cpu-prof.cpuprofile');
    const bytes = readFileSync(fixture);
    const half = Math.floor(bytes.length / 2);
    const res = await upload(server, '../../../etc/My profile.cpuprofile', [bytes.subarray(0, half), bytes.subarray(half)]);
    expect(res.status).toBe(200);
    const path = res.body.path!;
    // Inside the sessions folder (issue 15 item 7: it used to be a sibling, outside --out).
    expect(dirname(dirname(path))).toBe(join(dir, 'sessions', '.uploads'));
    expect(basename(path)).toBe('My profile.cpuprofile');
    expect(readFileSync(path).equals(bytes)).toBe(true);

    events.length = 0;
    const opened = await callOver(socket, 5, 'openProfile', { source: { kind: 'file', path } });
    const view = opened.value as ProfileView;
    expect(opened.error).toBeUndefined();
    expect(view.title).toBe('My profile.cpuprofile');
    expect(view.flamePath).toMatch(/^flame\/[0-9a-f]{16}\.cpuprofile$/);
    // The engine's events reach every connected page: the import reported its progress.
    expect(events.some((e) => e.type === 'profile-progress')).toBe(true);

    const doc = await rawRequest(server.port, '/' + view.flamePath, cookie(server));
    expect(doc.status).toBe(200);
    expect(doc.headers['content-type']).toMatch(/json/);
    const json = JSON.parse(doc.body) as { nodes: unknown[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };
    expect(json.nodes.length).toBeGreaterThan(1);
    // Every microsecond of the profile belongs to some sample (speedscope gives the last sample no time of its own).
    expect(json.startTime + json.timeDeltas.reduce((a, b) => a + b, 0)).toBe(json.endTime);

    expect((await rawRequest(server.port, '/flame/0000000000000000.cpuprofile', cookie(server))).status).toBe(404);
    expect((await rawRequest(server.port, '/' + view.flamePath)).status).toBe(403);
  });

  it('refuses an upload over the limit with 413 and a coded error, leaving no file behind', async () => {
    const res = await upload(small, 'big.cpuprofile', [Buffer.alloc(800, 97), Buffer.alloc(800, 97), Buffer.alloc(800, 97)]);
    expect(res.status).toBe(413);
    expect(res.body.error?.code).toBe('CHK_PROFILE_TOO_LARGE');
    expect(res.body.error?.message).toMatch(/big\.cpuprofile/);
    const leftovers = existsSync(join(dir, 'small-imports')) ? readdirSync(join(dir, 'small-imports')) : [];
    expect(leftovers).toEqual([]);

    const fits = await upload(small, 'ok.cpuprofile', [Buffer.alloc(1000, 97)]);
    expect(fits.status).toBe(200);
  });

  it('refuses a declared body over 1 GiB before reading it', async () => {
    const started = Date.now();
    const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: server.port, method: 'POST', path: '/upload?name=huge.cpuprofile', headers: { ...cookie(server), 'content-length': String(2 * 1024 ** 3) } },
        (r) => {
          let text = '';
          r.on('data', (d: Buffer) => (text += d.toString()));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(Buffer.alloc(1024));
    });
    expect(res.status).toBe(413);
    expect((JSON.parse(res.text) as { error: { code: string } }).error.code).toBe('CHK_PROFILE_TOO_LARGE');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses an upload from a foreign origin', async () => {
    const res = await rawRequest(server.port, `/upload?name=x.cpuprofile&token=${server.token}`, { origin: 'http://evil.example' }, 'POST', 'x');
    expect(res.status).toBe(403);
  });
});
