// Load that cannot go where it was told is refused before the app is launched (a non-loopback --host without
// --allow-remote, a path autocannon cannot send), and a run in which no request succeeded ends partial with a coded
// error instead of `complete` with 0 req/s. Real CLI, real app processes that mark the disk when they start.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'checkup-preflight-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An app that writes `started` beside itself the moment it runs, then serves what `handler` says. */
function app(name: string, handler: string): { script: string; started: string } {
  const folder = join(dir, name);
  const started = join(folder, 'started');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder);
  const script = join(folder, 'server.cjs');
  writeFileSync(
    script,
    `require('node:fs').writeFileSync(${JSON.stringify(started)}, String(process.pid));
     const server = require('node:http').createServer(${handler});
     server.listen(0, '127.0.0.1');
     process.on('SIGTERM', () => process.exit(0));`,
  );
  return { script, started };
}

const quick = (out: string) => ['-d', '1', '--warmup', '0', '--no-heap', '--no-profile', '--out', out];

describe('load that cannot go where it was told', () => {
  it.each([
    ['a non-loopback --host', ['--host', '10.1.2.3'], 'CHK_REMOTE_LOAD_REFUSED'],
    ['a path with a space', ['--path', '/a b'], 'CHK_INVALID_OPTIONS'],
    ['a path with a control character', ['--path', '/a\u001b[2Jb'], 'CHK_INVALID_OPTIONS'],
  ])('is refused before the app is launched: %s', async (_label, extra, code) => {
    const { script, started } = app('refused', '(req, res) => res.end("ok")');
    const out = join(dir, 'refused-sessions');
    const r = await runCli(['run', ...quick(out), ...extra, '--json', '--', 'node', script]);
    expect(r.code).toBe(2);
    expect((JSON.parse(r.stdout) as { error: { code: string } }).error.code).toBe(code);
    expect(existsSync(started)).toBe(false);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });
});

describe('a run in which no request succeeded', () => {
  it.each([
    ['every answer is an error status', '(req, res) => { res.statusCode = 404; res.end("no") }', /error answers \(HTTP 404/],
    ['the app drops every connection', '(req, res) => req.socket.destroy()', /answered no request at all/],
  ])('ends partial with CHK_NO_SUCCESSFUL_REQUESTS: %s', async (_label, handler, detail) => {
    const { script, started } = app('failing', handler);
    const r = await runCli(['run', ...quick(join(dir, 'failing-sessions')), '--json', '--', 'node', script]);
    expect(existsSync(started)).toBe(true);
    const result = JSON.parse(r.stdout) as { status: string; error?: { code: string; message: string } };
    expect(result.status).toBe('partial');
    expect(result.error?.code).toBe('CHK_NO_SUCCESSFUL_REQUESTS');
    expect(result.error?.message).toMatch(detail);
    expect(r.code).toBe(1);
  });

  it('leaves a run with successes complete', async () => {
    const { script } = app('fine', '(req, res) => res.end("ok")');
    const r = await runCli(['run', ...quick(join(dir, 'fine-sessions')), '--json', '--', 'node', script]);
    expect((JSON.parse(r.stdout) as { status: string }).status).toBe('complete');
    expect(r.code).toBe(0);
  });
});
