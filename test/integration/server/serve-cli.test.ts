// `checkup serve` as a user runs it: the compiled CLI in a child process. It prints exactly one address line with a
// fresh secret, refuses bad options with a coded error, and Ctrl-C stops a run in progress, saves it and exits
// cleanly without leaving the target behind.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../app/contract/api.js';
import type { SessionFile } from '../../../app/contract/session.js';
import { rootDir } from '../../../app/paths.js';
import { pidAlive } from '../../../app/target/process-tree.js';
import { callOver, openSocket, rawRequest, startServe, URL_LINE, type ServeProcess } from '../../helpers/browser.js';

let dir: string;
const started: ServeProcess[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'checkup-serve-'));
});

afterEach(async () => {
  for (const s of started.splice(0)) await s.stop();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function serveSync(args: string[]) {
  return spawnSync(process.execPath, [join(rootDir, 'bin', 'checkup.js'), 'serve', '--no-open', ...args], { encoding: 'utf8', timeout: 20_000, env: { ...process.env, NO_COLOR: '1' } });
}

describe('checkup serve', () => {
  it('prints exactly one address line with a fresh 32-byte secret, serves on it, and exits 0 on Ctrl-C', async () => {
    const a = await startServe(['--out', join(dir, 'a')]);
    const b = await startServe(['--out', join(dir, 'b')]);
    started.push(a, b);
    expect(a.stdout()).toMatch(/^Checkup UI: http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64}\n$/);
    expect(a.stdout().trimEnd()).toMatch(URL_LINE);
    expect(a.token).not.toBe(b.token);
    expect(a.port).not.toBe(b.port);

    const page = await rawRequest(a.port, `/speedscope/index.html?token=${a.token}`);
    expect(page.status).toBe(200);
    expect((await rawRequest(a.port, `/speedscope/index.html?token=${b.token}`)).status).toBe(403);

    const t0 = Date.now();
    expect(await a.stop()).toBe(0);
    expect(Date.now() - t0).toBeLessThan(10_000);
    await expect(rawRequest(a.port, '/')).rejects.toThrow();
  });

  it('refuses bad options with a coded error and exit status 2', () => {
    for (const args of [['--port', 'abc'], ['--port', '70000'], ['--port', '-1'], ['--bogus'], ['extra']]) {
      const res = serveSync(args);
      expect(res.status, args.join(' ')).toBe(2);
      expect(res.stderr, args.join(' ')).toMatch(/CHK_INVALID_OPTIONS/);
      expect(res.stdout).toBe('');
    }
  });

  it('says so when the port is taken', async () => {
    const holder: Server = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    const port = (holder.address() as { port: number }).port;
    try {
      const res = serveSync(['--port', String(port), '--out', join(dir, 'taken')]);
      expect(res.status).toBe(2);
      expect(res.stderr).toMatch(new RegExp(`port ${port} is already in use`));
    } finally {
      holder.close();
    }
  });

  it('stops a run in progress on Ctrl-C, saves it as partial and leaves no target behind', async () => {
    const out = join(dir, 'run');
    const serve = await startServe(['--out', out]);
    started.push(serve);
    const { socket } = await openSocket(serve.port, `/api?token=${serve.token}`, { origin: `http://127.0.0.1:${serve.port}` });
    const measuring = new Promise<void>((resolve) =>
      socket!.on('message', (d) => {
        const m = JSON.parse(d.toString()) as { event?: EngineEvent };
        if (m.event?.type === 'run-phase' && m.event.phase === 'measuring') resolve();
      }),
    );
    const run = await callOver(socket!, 1, 'startRun', { recipe: { target: { kind: 'lab', lab: 'healthy' }, load: { durationSec: 60, warmupSec: 0, connections: 2 } } });
    expect(run.error).toBeUndefined();
    const { sessionId } = run.value as { sessionId: string };
    await measuring;
    const session = (): SessionFile => JSON.parse(readFileSync(join(out, sessionId, 'session.json'), 'utf8')) as SessionFile;
    const pid = session().target.pid!;
    expect(pidAlive(pid)).toBe(true);

    expect(await serve.stop()).toBe(0);
    expect(pidAlive(pid)).toBe(false);
    expect(session().status).toBe('partial');
    expect(session().partialReason).toBe('CHK_INTERRUPTED');
    expect(readdirSync(join(out, sessionId))).toContain('samples.ndjson');
  });
});
