import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../../app/paths.js';
import { createAppProtocolHandler } from '../../../main/app-protocol.js';
import { CONTENT_SECURITY_POLICY } from '../../../main/scheme.js';

const speedscopeDir = join(rootDir, 'node_modules', 'speedscope', 'dist', 'release');
let base: string;
let handler: (request: Request) => Promise<Response>;
const flameDocs = new Map<string, Uint8Array>();

beforeAll(() => {
  // A renderer folder with a secret beside it: what a traversal would reach.
  base = mkdtempSync(join(tmpdir(), 'checkup-protocol-'));
  const rendererDir = join(base, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Checkup</title><script type="module" src="./assets/app.js"></script>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log("hi")');
  writeFileSync(join(base, 'secret.txt'), 'TOP SECRET');
  flameDocs.set('0123456789abcdef.cpuprofile', new TextEncoder().encode('{"nodes":[]}'));
  handler = createAppProtocolHandler({
    rendererDir,
    speedscopeDir,
    flameDocument: async (name) => flameDocs.get(name),
  });
});

const get = (url: string, init?: RequestInit) => handler(new Request(url, init));

describe('checkup://app protocol', () => {
  it('serves the renderer, with the strict CSP on every response', async () => {
    for (const url of ['checkup://app/', 'checkup://app/index.html']) {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(await res.text()).toContain('<title>Checkup</title>');
    }
    const js = await get('checkup://app/assets/app.js');
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    const missing = await get('checkup://app/nope.html');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('the CSP is the one the house plan asks for', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'none'",
    );
  });

  it("serves speedscope's release files under speedscope/", async () => {
    const res = await get('checkup://app/speedscope/index.html');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toBe(readFileSync(join(speedscopeDir, 'index.html'), 'utf8'));
    const script = /src="([^"]+\.js)"/.exec(html)![1]!;
    const js = await get(`checkup://app/speedscope/${script}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await js.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });

  it('serves flame documents from the engine by name, 404 once unknown', async () => {
    const res = await get('checkup://app/flame/0123456789abcdef.cpuprofile');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.text()).toBe('{"nodes":[]}');
    expect((await get('checkup://app/flame/ffffffffffffffff.cpuprofile')).status).toBe(404);
    expect((await get('checkup://app/flame/a/b')).status).toBe(404);
  });

  it.each([
    'checkup://app/../secret.txt',
    'checkup://app/../../etc/passwd',
    'checkup://app/%2e%2e/secret.txt',
    'checkup://app/%2E%2E/%2e%2e/etc/passwd',
    'checkup://app/..%2fsecret.txt',
    'checkup://app/..%2F..%2F..%2Fetc%2Fpasswd',
    'checkup://app/assets/..%2f..%2fsecret.txt',
    'checkup://app/..%5csecret.txt',
    'checkup://app/speedscope/..%2f..%2f..%2fpackage.json',
    'checkup://app/speedscope/..%2F..%2F..%2F..%2Fsecret.txt',
    'checkup://app/flame/..%2f..%2fsecret.txt',
    'checkup://app/%252e%252e/secret.txt',
    'checkup://app/secret.txt%00.html',
    'checkup://app/%2fetc%2fpasswd',
    'checkup://app/C:%5cWindows%5cwin.ini',
    'checkup://app/%E0%A4%A',
  ])('refuses traversal: %s', async (url) => {
    const res = await get(url);
    expect(res.status).not.toBe(200);
    expect([400, 403, 404]).toContain(res.status);
    const body = await res.text();
    expect(body).not.toContain('TOP SECRET');
    expect(body).not.toContain('root:');
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('encoded separators are refused outright (403), not looked up', async () => {
    expect((await get('checkup://app/..%2fsecret.txt')).status).toBe(403);
    expect((await get('checkup://app/speedscope/..%2f..%2fpackage.json')).status).toBe(403);
    expect((await get('checkup://app/x%00')).status).toBe(403);
  });

  it('answers only our host and only GET/HEAD', async () => {
    expect((await get('checkup://evil/index.html')).status).toBe(403);
    expect((await get('checkup://app:8080/index.html')).status).toBe(403);
    expect((await get('checkup://app/index.html', { method: 'POST', body: 'x' })).status).toBe(405);
    const head = await get('checkup://app/index.html', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
