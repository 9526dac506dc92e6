// Browser-mode uploads stay inside the sessions folder (so inside --out or the data folder), are bounded in count
// and bytes with the oldest removed first, and a server's own uploads are removed when it stops. A real server on
// loopback, real uploads over HTTP, real files.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../app/engine/engine.js';
import { startServer, type CheckupServer } from '../../../app/server/server.js';

const dir = mkdtempSync(join(tmpdir(), 'checkup-uploads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function upload(s: CheckupServer, name: string, body: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const headers = { cookie: `checkup_${s.port}=${s.token}`, origin: `http://127.0.0.1:${s.port}`, 'content-type': 'application/octet-stream' };
    const req = request({ host: '127.0.0.1', port: s.port, method: 'POST', path: `/upload?name=${encodeURIComponent(name)}`, headers }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => (res.statusCode === 200 ? resolve((JSON.parse(text) as { path: string }).path) : reject(new Error(text))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const kept = (uploads: string) => (existsSync(uploads) ? readdirSync(uploads).length : 0);

describe('browser-mode uploads', () => {
  it('are kept inside the sessions folder (--out), and a stopped server removes its own', async () => {
    const sessions = join(dir, 'out');
    const server = await startServer({ engine: new Engine({ sessionsDir: sessions }) });
    const path = await upload(server, 'a.cpuprofile', Buffer.alloc(100, 97));
    expect(dirname(dirname(path))).toBe(join(sessions, '.uploads'));
    expect(existsSync(path)).toBe(true);
    // Nothing was written beside the sessions folder.
    expect(readdirSync(dir)).toEqual(['out']);
    await server.close();
    expect(existsSync(path)).toBe(false);
    expect(kept(join(sessions, '.uploads'))).toBe(0);
  });

  it('are bounded by count and by bytes, the oldest removed first, the newest always kept', async () => {
    const sessions = join(dir, 'bounded');
    const uploads = join(sessions, '.uploads');
    // Two uploads left by an earlier server that died without cleaning: pruned at start beyond the bounds.
    for (const [i, name] of ['old-1', 'old-2'].entries()) {
      mkdirSync(join(uploads, name), { recursive: true });
      writeFileSync(join(uploads, name, 'p.cpuprofile'), Buffer.alloc(100, 97));
      const t = Date.now() / 1000 - 3600 * (3 - i);
      utimesSync(join(uploads, name), t, t);
    }
    const server = await startServer({ engine: new Engine({ sessionsDir: sessions }), uploadsKept: { count: 3, bytes: 250 } });
    try {
      expect(readdirSync(uploads).sort()).toEqual(['old-1', 'old-2']);
      const first = await upload(server, 'one.cpuprofile', Buffer.alloc(100, 97));
      // 3 uploads of 100 bytes pass the 250-byte bound: the oldest (old-1) goes.
      expect(readdirSync(uploads)).not.toContain('old-1');
      expect(kept(uploads)).toBe(2);
      const paths = [first];
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setTimeout(r, 20));
        paths.push(await upload(server, `n${i}.cpuprofile`, Buffer.alloc(100, 97)));
      }
      expect(kept(uploads)).toBe(2);
      expect(paths.slice(-2).every((p) => existsSync(p))).toBe(true);
      expect(existsSync(first)).toBe(false);
      // One upload bigger than the whole byte bound is still kept: it is the one being opened.
      const big = await upload(server, 'big.cpuprofile', Buffer.alloc(400, 97));
      expect(existsSync(big)).toBe(true);
      expect(kept(uploads)).toBe(1);
    } finally {
      await server.close();
    }
    expect(kept(uploads)).toBe(0);
  });

  it('are bounded by count', async () => {
    const sessions = join(dir, 'counted');
    const server = await startServer({ engine: new Engine({ sessionsDir: sessions }), uploadsKept: { count: 2, bytes: 1e9 } });
    try {
      const paths: string[] = [];
      for (let i = 0; i < 4; i++) {
        paths.push(await upload(server, `c${i}.cpuprofile`, Buffer.alloc(10, 97)));
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(kept(join(sessions, '.uploads'))).toBe(2);
      expect(paths.map((p) => existsSync(p))).toEqual([false, false, true, true]);
    } finally {
      await server.close();
    }
  });
});
